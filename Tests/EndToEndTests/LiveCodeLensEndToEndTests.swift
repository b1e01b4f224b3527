import Foundation
import JSON
import TestSupport
import Testing

/// A small app written to a temporary folder: a root that starts a home, which opens details on demand.
private struct LensApp {
    static let files: [String: String] = [
        "Coordinator.swift": """
        protocol Coordinator: AnyObject {
            var childCoordinators: [Coordinator] { get set }
            func start()
        }
        """,
        "AppCoordinator.swift": """
        final class AppCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            func start() {
                let home = HomeCoordinator()
                childCoordinators.append(home)
                home.start()
            }
        }

        final class SceneDelegate {
            let app = AppCoordinator()
        }
        """,
        "HomeCoordinator.swift": """
        final class HomeCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            func start() {}
            func openDetail() {
                let detail = DetailCoordinator()
                childCoordinators.append(detail)
                detail.start()
            }
        }
        """,
        "DetailCoordinator.swift": """
        final class DetailCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            func start() {}
        }
        """,
    ]

    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-lens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in Self.files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
    }

    func uri(_ file: String) -> String { fileURI(folder.appendingPathComponent(file).path) }
}

/// The live tree the runtime would send: the app, its home with `details` detail flows, and `screens` on home's stack.
private func liveApp(details: Int, screens: [String] = []) -> JSONValue {
    let home = "AppCoordinator/HomeCoordinator"
    let flows = (0..<details).map { $0 == 0 ? "\(home)/DetailCoordinator" : "\(home)/DetailCoordinator#\($0 + 1)" }
    let stack = JSONValue.array(screens.map { ["class": .string($0), "owner": .string(home)] })
    return liveTree(
        root: "AppCoordinator", children: ["AppCoordinator": [home], home: flows],
        containers: [["id": "UINavigationController", "kind": "navigation", "stack": stack]], window: "UINavigationController")
}

/// `navinspect serve --listen`, started as an editor starts it, on the app's folder.
private final class Daemon {
    let served: NavinspectBinary.Served
    let port: UInt16

    init(folder: URL, refreshSupport: Bool) throws {
        port = freePort()
        served = try NavinspectBinary.Served(["--listen", "127.0.0.1:\(port)"])
        let capabilities: JSONValue = refreshSupport ? ["workspace": ["codeLens": ["refreshSupport": true]]] : [:]
        served.client.initialize(folder: folder.path, capabilities: capabilities)
    }

    var client: LSPTestClient { served.client }

    /// The title of the first code lens in `file`.
    func lensTitle(_ app: LensApp, _ file: String) -> String? {
        client.request("textDocument/codeLens", ["textDocument": ["uri": .string(app.uri(file))]])?["result"]?.arrayValue?
            .first?["command"]?["title"]?.stringValue
    }

    @discardableResult
    func changed(to generation: Int) -> JSONValue? {
        client.waitFor { $0["method"] == "navinspect/treeDidChange" && $0["params"]?["generation"]?.intValue == generation }
    }

    func refreshRequest() -> JSONValue? {
        client.waitFor { $0["method"] == "workspace/codeLens/refresh" && $0["id"] != nil }
    }

    /// What the server sent after the `treeDidChange` of `generation`, up to the next `treeDidChange`.
    func sentAfter(generation: Int) -> [JSONValue] {
        let all = client.arrivals
        guard
            let start = all.firstIndex(where: {
                $0["method"] == "navinspect/treeDidChange" && $0["params"]?["generation"]?.intValue == generation
            })
        else { return [] }
        return Array(all[(start + 1)...].prefix { $0["method"] != "navinspect/treeDidChange" })
    }

    func finish() {
        _ = client.request("shutdown")
        client.notify("exit")
        #expect(served.waitForExit()?.status == 0)
    }
}

@Suite("Code lenses count the live app's coordinators: the built server, an editor on stdio, an app over TCP", .serialized)
struct LiveCodeLensEndToEndTests {
    @Test("the count follows the snapshots, a refresh is asked after each change, and without an app no count shows")
    func countsAndRefresh() throws {
        let app = try LensApp()
        let daemon = try Daemon(folder: app.folder, refreshSupport: true)
        defer { daemon.finish() }
        #expect(daemon.changed(to: 1)?["params"]?["root"] == "AppCoordinator", "the workspace's own tree")
        let detailLens = "parent: HomeCoordinator · 0 children · on demand: openDetail"
        #expect(daemon.lensTitle(app, "DetailCoordinator.swift") == detailLens)

        #expect(waitForListener(daemon.port))
        let live = try #require(FakeLiveApp(port: daemon.port))
        live.hello("Lenses")
        live.snapshot(liveApp(details: 1))
        #expect(daemon.changed(to: 2)?["params"]?["app"] == 1)
        daemon.client.reply(to: try #require(daemon.refreshRequest()))
        #expect(daemon.lensTitle(app, "DetailCoordinator.swift") == detailLens + " · 1 alive")
        #expect(daemon.lensTitle(app, "HomeCoordinator.swift")?.hasSuffix(" · 1 alive") == true)

        live.snapshot(liveApp(details: 3))
        daemon.changed(to: 3)
        daemon.client.reply(to: try #require(daemon.refreshRequest()))
        #expect(daemon.lensTitle(app, "DetailCoordinator.swift") == detailLens + " · 3 alive")
        #expect(daemon.lensTitle(app, "HomeCoordinator.swift")?.hasSuffix(" · 1 alive") == true)

        // The same classes in the same numbers, with a screen more: nothing for the lenses to redraw.
        live.snapshot(liveApp(details: 3, screens: ["FeedViewController"]))
        live.snapshot(liveApp(details: 0))
        daemon.changed(to: 5)
        daemon.client.reply(to: try #require(daemon.refreshRequest()))
        #expect(!daemon.sentAfter(generation: 4).contains { $0["method"] == "workspace/codeLens/refresh" })
        #expect(daemon.lensTitle(app, "DetailCoordinator.swift") == detailLens + " · 0 alive")

        // The app quits: the counts go, and the client is asked to request the lenses again.
        live.disconnect()
        daemon.client.reply(to: try #require(daemon.refreshRequest()))
        #expect(daemon.lensTitle(app, "DetailCoordinator.swift") == detailLens)
        #expect(daemon.client.arrivals.filter { $0["method"] == "workspace/codeLens/refresh" }.count == 4)
    }

    @Test("a client that does not say it takes workspace/codeLens/refresh is never sent one, and still reads the count")
    func noRefreshSupport() throws {
        let app = try LensApp()
        let daemon = try Daemon(folder: app.folder, refreshSupport: false)
        defer { daemon.finish() }
        daemon.changed(to: 1)
        #expect(waitForListener(daemon.port))
        let live = try #require(FakeLiveApp(port: daemon.port))
        defer { live.disconnect() }
        live.hello()
        live.snapshot(liveApp(details: 2))
        live.snapshot(liveApp(details: 1))
        // The same counts again: a refresh for either snapshot before would have come before this treeDidChange.
        live.snapshot(liveApp(details: 1, screens: ["FeedViewController"]))
        #expect(daemon.changed(to: 4) != nil)
        #expect(daemon.lensTitle(app, "DetailCoordinator.swift")?.hasSuffix(" · 1 alive") == true)
        #expect(!daemon.client.arrivals.contains { $0["method"] == "workspace/codeLens/refresh" })
    }
}
