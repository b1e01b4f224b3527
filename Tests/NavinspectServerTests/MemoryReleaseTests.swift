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

    /// An app of two coordinator files.
    private func app() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-release-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        import UIKit

        protocol Coordinator: AnyObject {
            var childCoordinators: [Coordinator] { get set }
            func start()
        }

        final class AppCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            func start() {
                let home = HomeCoordinator()
                childCoordinators.append(home)
                home.start()
            }
        }
        """.write(to: folder.appendingPathComponent("AppCoordinator.swift"), atomically: true, encoding: .utf8)
        try """
        final class HomeCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            func start() {}
        }
        """.write(to: folder.appendingPathComponent("HomeCoordinator.swift"), atomically: true, encoding: .utf8)
        return folder
    }

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
        let folder = try app()
        defer { try? FileManager.default.removeItem(at: folder) }
        for _ in 0..<3 {
            let answer = harness.client.request("navinspect/load", ["source": .string(folder.path)])
            #expect(answer?["result"]?["coordinators"] == 2)
        }
        #expect(releases.value == 1)
        #expect(releases.wait(for: 2) == 2)
    }
}
