import CSystem
import Foundation
import TestSupport
import Testing

/// `main.swift` asks for the heap in large pages (`navinspect_advise_large_pages`). Seen from
/// outside, in the running server's memory map: Linux marks an advised mapping `hg` in `VmFlags`.
@Suite("The heap is advised to use large pages")
struct LargePagesTests {
    /// Whether this system can give large pages on advice: Linux with transparent large pages
    /// not turned off, and glibc's malloc (a sanitized build's allocator is the sanitizer's).
    static var systemAdvises: Bool {
        guard navinspect_heap_takes_advice() == 1,
            let mode = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)
        else { return false }
        return !mode.contains("[never]")
    }

    /// The sizes in KB of the mappings of process `pid` that carry the flag `hg`.
    static func advisedMappings(of pid: Int32) throws -> [Int] {
        // Read to its end: a file of /proc has no size to read up to.
        guard let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/smaps") else { return [] }
        defer { try? handle.close() }
        let map = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        var sizes: [Int] = []
        var size = 0
        for line in map.split(separator: "\n") {
            if line.hasPrefix("Size:") {
                size = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
            } else if line.hasPrefix("VmFlags:"), line.split(separator: " ").contains("hg") {
                sizes.append(size)
            }
        }
        return sizes
    }

    // Reported as skipped, not passed, where there is nothing to advise.
    @Test("the server's heap has a mapping of many megabytes advised", .enabled(if: systemAdvises))
    func serverHeapAdvised() throws {
        let served = try NavinspectBinary.Served([])
        defer {
            served.client.notify("exit")
            _ = served.waitForExit()
        }
        // Answered once main.swift has run past the advice.
        #expect(served.client.initialize() != nil)
        let advised = try Self.advisedMappings(of: served.process.processIdentifier)
        // The heap grows 64 MB at a time after the advice: what was advised is most of that.
        #expect(advised.contains { $0 >= 32 << 10 }, "advised mappings (KB): \(advised)")
    }
}
