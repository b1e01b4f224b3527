import Foundation
import Testing

@Suite("Every source builds on macOS too: Glibc has its Darwin branch, Linux-only calls their #if")
struct PortabilityTests {
    /// The package's root, from this file's place in Tests/PortabilityTests.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("no file under Sources/ imports Glibc without Darwin or calls Linux-only API unguarded")
    func sourcesArePortable() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        var problems: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            problems += PortabilityScan.findings(in: text).map { "Sources/\(file):\($0)" }
        }
        #expect(problems == [])
    }

    @Test("a Glibc import with no Darwin branch is found")
    func glibcWithoutDarwin() {
        let text = """
            #if canImport(Glibc)
                import Glibc
            #endif
            func pid() -> Int32 { getpid() }
            """
        #expect(PortabilityScan.findings(in: text).map(\.line) == [2])
        #expect(PortabilityScan.findings(in: "import Glibc\nimport Darwin\n").map(\.line) == [1])
    }

    @Test("with its Darwin branch, the same import passes")
    func glibcWithDarwin() {
        let text = """
            #if canImport(Glibc)
                import Glibc
            #elseif canImport(Darwin)
                import Darwin
            #endif
            """
        #expect(PortabilityScan.findings(in: text) == [])
    }

    @Test("Linux-only calls outside #if os(Linux) are found, inside are not, and #else is not Linux")
    func linuxOnlyCalls() {
        let text = """
            let fd = inotify_init1(0)
            #if os(Linux)
                let ok = inotify_add_watch(fd, "/", 0)
            #else
                let seconds = status.st_mtim.tv_sec
            #endif
            #if canImport(Glibc)
                let n = Glibc.read(fd, nil, 0)
            #endif
            _ = malloc_trim(0)
            """
        #expect(PortabilityScan.findings(in: text).map(\.line) == [1, 5, 10])
    }

    @Test("comments and strings that name Linux-only calls are not calls")
    func commentsAndStrings() {
        let text = """
            // inotify_init1 is Linux's; see FolderWatch.
            /* malloc_trim(0)
               st_mtim.tv_sec */
            let message = "no inotify_init1 here"
            """
        #expect(PortabilityScan.findings(in: text) == [])
    }

    @Test("a condition that also holds elsewhere does not guard Linux-only calls")
    func widerConditions() {
        let text = """
            #if os(Linux) || os(macOS)
                _ = inotify_init1(0)
            #endif
            #if !os(Linux)
                _ = malloc_trim(0)
            #endif
            """
        #expect(PortabilityScan.findings(in: text).map(\.line) == [2, 5])
    }

    @Test("a file for Linux alone, inside #if os(Linux), imports Glibc without a Darwin branch")
    func linuxOnlyFile() {
        let text = """
            #if os(Linux)
                import Glibc
                let fd = inotify_init1(0)
            #endif
            """
        #expect(PortabilityScan.findings(in: text) == [])
    }
}
