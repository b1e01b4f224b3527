import Foundation
import JSON
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A port nobody listens on now.
func freePort() -> UInt16 {
    let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(probe) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            _ = bind(probe, $0, length)
            _ = getsockname(probe, $0, &length)
        }
    }
    return UInt16(bigEndian: address.sin_port)
}

@Suite("navinspect watch and the demo app, the built binaries over loopback")
struct WatchEndToEndTests {
    @Test("watch --json prints the demo session's events as JSON lines, one generation per step")
    func json() throws {
        let port = freePort()
        let watch = Process()
        watch.executableURL = URL(fileURLWithPath: NavinspectBinary.path)
        watch.arguments = ["watch", "--listen", "127.0.0.1:\(port)", "--json", "--count", "9"]
        let output = Pipe()
        watch.standardOutput = output
        watch.standardError = FileHandle.nullDevice
        try watch.run()
        defer { if watch.isRunning { watch.terminate() } }
        // Wait until it listens, so the demo's first snapshots are not the ones its queue drops.
        #expect(waitForListener(port))

        let demo = URL(fileURLWithPath: NavinspectBinary.path).deletingLastPathComponent().appendingPathComponent(
            "trailhead-demo")
        let played = try NavinspectBinary.runProgram(demo.path, ["--port", "\(port)", "--delay", "40"])
        #expect(played.status == 0)
        let text = String(decoding: readToEnd(output.fileHandleForReading), as: UTF8.self)
        watch.waitUntilExit()
        #expect(watch.terminationStatus == 0)

        let events = try text.split(separator: "\n").map { try JSONParser.parseValue(String($0)) }
        #expect(events.allSatisfy { $0["appName"] == "Trailhead" && $0["app"] == 1 })
        let byGeneration = Dictionary(grouping: events) { $0["generation"]?.intValue ?? 0 }
        #expect(byGeneration[3]?.map { $0["kind"] } == ["tabSelected"])
        #expect(byGeneration[3]?.first?["title"] == "Map")
        #expect(byGeneration[7]?.filter { $0["kind"] == "coordinatorFinished" }.count == 2)
        #expect(byGeneration.keys.max() == 9)
    }
}

/// Polls until something accepts connections on `port`, for up to ten seconds.
func waitForListener(_ port: UInt16) -> Bool {
    let deadline = Date(timeIntervalSinceNow: 10)
    while Date() < deadline {
        if let probe = FakeLiveApp(port: port) {
            probe.disconnect()
            return true
        }
        usleep(20_000)
    }
    return false
}
