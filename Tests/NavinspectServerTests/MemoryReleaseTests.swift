import Dispatch
import Foundation
import JSON
import Locking
import NavinspectServer
import TestSupport
import Testing

@Suite("Freed memory is handed back at once after a document, after a pause after sources")
struct MemoryReleaseTests {
    /// Counts the releases a `MemoryRelease` makes.
    private final class Releases: Sendable {
        private let count = Locked(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }

        /// Waits until `expected` releases were made, up to `timeout` seconds: a bound on
        /// waiting (a sanitizer slows everything), not a timing.
        func wait(for expected: Int, timeout: Double = 20) -> Int {
            let deadline = Date().addingTimeInterval(timeout)
            while value < expected, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
            return value
        }
    }

    @Test("a release after a pause runs once, after the last of a burst, and not before the pause")
    func afterPauseRunsOnce() {
        let releases = Releases()
        let release = MemoryRelease(pause: 1) { releases.add() }
        for _ in 0..<5 { release.afterPause() }
        #expect(releases.value == 0)
        #expect(releases.wait(for: 1) == 1)
        // No other is left to run.
        Thread.sleep(forTimeInterval: 1.5)
        #expect(releases.value == 1)
        release.now()
        #expect(releases.value == 2)
    }

    /// A fixture app of the source index's tests, loaded as it is.
    private static let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../SourceIndexTests/Fixtures/ProtocolStyle").standardized.path

    @Test("the server hands memory back before it answers a document's load, and after source loads pause")
    func serverReleases() throws {
        let releases = Releases()
        var configuration = Server.Configuration()
        configuration.memoryRelease = MemoryRelease(pause: 3) { releases.add() }
        let harness = ServerHarness(configuration: configuration)
        defer { harness.finish() }
        harness.client.initialize()
        _ = harness.client.request("navinspect/load", ["document": Fixtures.exampleValue()])
        #expect(releases.value == 1)
        var coordinators: [JSONValue?] = []
        for _ in 0..<3 {
            let answer = harness.client.request("navinspect/load", ["source": .string(Self.app)])
            coordinators.append(answer?["result"]?["coordinators"])
        }
        #expect(coordinators.allSatisfy { $0 != nil && $0 == coordinators[0] })
        #expect(releases.value == 1)
        #expect(releases.wait(for: 2) == 2)
    }
}
