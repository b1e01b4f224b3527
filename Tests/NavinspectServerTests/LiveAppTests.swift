import Foundation
import JSON
import NavinspectProtocol
import NavinspectServer
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A daemon in this process: the server on pipes (the editor's side) and a listener for live apps.
final class LiveDaemon {
    let harness: ServerHarness
    let listener: LiveListener

    init(historyLimit: Int = LiveHub.defaultHistoryLimit, host: String = "127.0.0.1", allowRemote: Bool = false) throws {
        var configuration = Server.Configuration()
        configuration.historyLimit = historyLimit
        harness = ServerHarness(configuration: configuration)
        harness.client.initialize()
        listener = try LiveListener(address: .init(host: host, port: 0), hub: harness.server.live, allowRemote: allowRemote)
        listener.start()
    }

    var editor: LSPTestClient { harness.client }

    func app(host: String = "127.0.0.1") throws -> FakeLiveApp {
        try #require(FakeLiveApp(port: listener.address.port, host: host))
    }

    /// Waits for the `treeDidChange` of `generation`.
    @discardableResult
    func changed(to generation: Int) -> JSONValue? {
        editor.waitFor { $0["method"] == "navinspect/treeDidChange" && $0["params"]?["generation"]?.intValue == generation }
    }

    func finish() {
        listener.stop()
        harness.finish()
    }
}

private let home = "App/Tabs/Home"
private let detail = "App/Tabs/Home/Detail"
private let otherDetail = "App/Tabs/Home/Detail#2"

/// A seed-style tree: an app coordinator, a tab bar coordinator, a home tab, and the given children of home.
private func seedTree(homeChildren: [String]) -> JSONValue {
    liveTree(
        root: "App", children: ["App": ["App/Tabs"], "App/Tabs": [home], home: homeChildren],
        types: ["App": "app", "App/Tabs": "tabBar", home: "home", detail: "trailDetail", otherDetail: "trailDetail"])
}

private func kinds(_ events: JSONValue?) -> [String] {
    events?.arrayValue?.compactMap { $0["kind"]?.stringValue } ?? []
}

@Suite("Live apps stream their trees to the daemon", .serialized)
struct LiveAppTests {
    @Test("hello gives the app a number; a second hello, another method or bad params are refused")
    func hello() throws {
        let daemon = try LiveDaemon()
        defer { daemon.finish() }
        let app = try daemon.app()
        defer { app.disconnect() }
        #expect(app.hello()?["result"] == ["app": 1, "version": 1])
        #expect(app.hello()?.errorCode == -32600)
        #expect(app.client.request("navinspect/tree")?.errorCode == -32601)
        let other = try daemon.app()
        defer { other.disconnect() }
        #expect(other.client.request("navinspect/hello", ["name": "X", "version": 2])?.errorCode == -32602)
        #expect(other.client.request("navinspect/hello", ["version": 1])?.errorCode == -32602)
    }

    @Test("each snapshot is a generation: treeDidChange, queries, history with events, time travel and diff")
    func generations() throws {
        let daemon = try LiveDaemon()
        defer { daemon.finish() }
        let app = try daemon.app()
        defer { app.disconnect() }
        app.hello("Trailhead")
        app.snapshot(seedTree(homeChildren: []))
        let first = try #require(daemon.changed(to: 1))
        #expect(first["params"]?["app"] == 1)
        #expect(first["params"]?["coordinators"] == 3)

        app.snapshot(seedTree(homeChildren: [detail, otherDetail]))
        daemon.changed(to: 2)
        app.snapshot(seedTree(homeChildren: []))
        daemon.changed(to: 3)

        // findCoordinator answers differently at two generations: the last child is searched first.
        let find: (Int?) -> JSONValue? = { generation in
            var params: JSONObject = ["type": "trailDetail"]
            if let generation { params["generation"] = .int(generation) }
            return daemon.editor.request("navinspect/findCoordinator", .object(params))?["result"]
        }
        #expect(find(2)?["id"] == .string(otherDetail))
        #expect(find(nil) == .null)
        #expect(find(1) == .null)
        // A finished child is gone from the current tree, and still there at its generation.
        #expect(daemon.editor.request("navinspect/describe", ["id": .string(detail)])?.errorCode == -32011)
        #expect(
            daemon.editor.request("navinspect/describe", ["id": .string(detail), "generation": 2])?["result"]?["parent"]
                == .string(home))

        let history = try #require(daemon.editor.request("navinspect/history")?["result"])
        #expect(history["current"] == 3)
        #expect(history["apps"] == [["app": 1, "name": "Trailhead", "connected": true, "selected": true, "latest": 3]])
        let generations = try #require(history["generations"]?.arrayValue)
        #expect(generations.map { $0["generation"] } == [1, 2, 3])
        #expect(kinds(generations[0]["events"]) == Array(repeating: "coordinatorStarted", count: 3))
        #expect(generations[1]["events"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == [detail, otherDetail])
        // The removal by type took the sibling with it: two removals in one step.
        #expect(kinds(generations[2]["events"]) == ["coordinatorFinished", "coordinatorFinished"])
        #expect(generations[2]["events"]?.arrayValue?.compactMap { $0["id"]?.stringValue }.sorted() == [detail, otherDetail])
        #expect(daemon.editor.request("navinspect/history", ["since": 2])?["result"]?["generations"]?.arrayValue?.count == 1)

        let diff = try #require(daemon.editor.request("navinspect/diff", ["from": 1, "to": 2])?["result"])
        #expect(kinds(diff["events"]) == ["coordinatorStarted", "coordinatorStarted"])
        #expect(daemon.editor.request("navinspect/diff", ["from": 1])?["result"]?["events"] == [])
        let unknown = try #require(daemon.editor.request("navinspect/diff", ["from": 99]))
        #expect(unknown.errorCode == -32014)
        #expect(unknown["error"]?["data"] == ["generation": 99, "oldest": 1, "newest": 3])
        #expect(daemon.editor.request("navinspect/tree", ["generation": 99])?.errorCode == -32014)
        #expect(daemon.editor.request("navinspect/tree", ["generation": 0])?.errorCode == -32602)
        #expect(daemon.editor.request("navinspect/diff", [:])?.errorCode == -32602)
        #expect(daemon.editor.request("navinspect/history", ["app": "one"])?.errorCode == -32602)
    }

    @Test("a new object under an old id is a finish and a start; screens pushed, popped, presented, tabs selected")
    func screenEvents() throws {
        let daemon = try LiveDaemon()
        defer { daemon.finish() }
        let app = try daemon.app()
        defer { app.disconnect() }
        app.hello()
        let containers: (Int, [String], String?) -> JSONValue = { selected, homeStack, presented in
            [
                [
                    "id": "UITabBarController", "kind": "tabBar", "selectedIndex": .int(selected),
                    "presented": .optional(presented),
                    "tabs": [
                        ["title": "Home", "container": "UINavigationController"],
                        ["title": "Map", "container": "UINavigationController#2"],
                    ],
                ],
                [
                    "id": "UINavigationController", "kind": "navigation",
                    "stack": .array(homeStack.map { ["class": .string($0), "owner": .string(home)] }),
                ],
                ["id": "UINavigationController#2", "kind": "navigation", "stack": []],
                ["id": "Sheet", "kind": "navigation", "stack": [["class": "Sheet", "owner": "App"]]],
            ]
        }
        let tree: (Int, [String], String?) -> JSONValue = { selected, stack, presented in
            liveTree(
                root: "App", children: ["App": ["App/Tabs"], "App/Tabs": [home]],
                containers: containers(selected, stack, presented),
                window: "UITabBarController")
        }
        app.snapshot(tree(0, ["Feed"], nil), instances: ["App": 1, "App/Tabs": 2, home: 3])
        daemon.changed(to: 1)
        app.snapshot(tree(1, ["Feed", "Trail", "Photo"], "Sheet"), instances: ["App": 1, "App/Tabs": 2, home: 3])
        daemon.changed(to: 2)
        app.snapshot(tree(1, ["Feed"], nil), instances: ["App": 1, "App/Tabs": 2, home: 4])
        daemon.changed(to: 3)
        let generations = try #require(
            daemon.editor.request("navinspect/history", ["since": 1])?["result"]?["generations"]?.arrayValue)
        // Screens come in container order: the tab bar (listed first) presents and selects, then the home stack grows.
        #expect(kinds(generations[0]["events"]) == ["presented", "tabSelected", "screenPushed", "screenPushed"])
        #expect(
            generations[0]["events"]?.arrayValue?[1] == [
                "kind": "tabSelected", "container": "UITabBarController", "index": 1, "title": "Map",
            ])
        #expect(generations[0]["events"]?.arrayValue?.last?["class"] == "Photo")
        // Home is a new object under the same id (instance 3, then 4); the stack is popped top first.
        #expect(
            kinds(generations[1]["events"]) == [
                "coordinatorFinished", "coordinatorStarted", "dismissed", "screenPopped", "screenPopped",
            ])
        #expect(generations[1]["events"]?.arrayValue?[3]["class"] == "Photo")
        let stack = daemon.editor.request("navinspect/currentStack", ["generation": 2])?["result"]?["viewControllers"]?.arrayValue
        #expect(stack?.compactMap { $0["class"]?.stringValue } == ["Sheet"])
    }

    @Test("two apps: the first connected is followed, the other is read by generation, and takes over when the first quits")
    func twoApps() throws {
        let daemon = try LiveDaemon()
        defer { daemon.finish() }
        let first = try daemon.app()
        let second = try daemon.app()
        defer { second.disconnect() }
        first.hello("First")
        second.hello("Second")
        first.snapshot(liveTree(root: "One", children: [:]))
        daemon.changed(to: 1)
        second.snapshot(liveTree(root: "Two", children: [:]))
        // Not current: no treeDidChange, but a generation in the history.
        #expect(
            waitUntil {
                daemon.editor.request("navinspect/history", ["app": 2])?["result"]?["generations"]?.arrayValue?.count == 1
            })
        #expect(daemon.editor.request("navinspect/tree")?["result"]?["id"] == "One")
        #expect(daemon.editor.request("navinspect/tree", ["generation": 2])?["result"]?["id"] == "Two")
        let apps = daemon.editor.request("navinspect/history")?["result"]?["apps"]?.arrayValue
        #expect(apps?.map { $0["selected"] } == [true, false])

        first.disconnect()
        let takeover = try #require(daemon.changed(to: 2))
        #expect(takeover["params"]?["app"] == 2)
        #expect(daemon.editor.request("navinspect/tree")?["result"]?["id"] == "Two")
    }

    @Test("an app that disconnects mid-frame, and garbage on the port, end only their own connection")
    func faults() throws {
        let daemon = try LiveDaemon()
        defer { daemon.finish() }
        let app = try daemon.app()
        app.hello()
        app.snapshot(liveTree(root: "App", children: [:]))
        daemon.changed(to: 1)
        // Half a frame, then the app goes.
        app.client.sendRaw("Content-Length: 500\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"navinspect/snap")
        app.disconnect()

        let scanner = try daemon.app()
        var noise = [UInt8](repeating: 0, count: 4096)
        for index in noise.indices { noise[index] = UInt8(truncatingIfNeeded: index &* 7919 &+ 13) }
        scanner.client.sendRaw(noise)
        scanner.client.sendRaw("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        // After the noise, a well-formed hello is still read and answered.
        #expect(scanner.hello()?["result"]?["app"] == 2)
        scanner.snapshot(["navinspect": 1, "root": "nobody", "coordinators": []])
        scanner.disconnect()

        // The editor's session goes on, from the last valid tree.
        #expect(daemon.editor.request("navinspect/tree")?["result"]?["id"] == "App")
        #expect(
            waitUntil {
                daemon.editor.request("navinspect/history")?["result"]?["apps"]?.arrayValue?.allSatisfy {
                    $0["connected"] == false
                } == true
            })
        #expect(daemon.editor.request("navinspect/history")?["result"]?["generations"]?.arrayValue?.count == 1)
    }

    @Test("a 10,000-coordinator snapshot is taken whole")
    func large() throws {
        let daemon = try LiveDaemon()
        defer { daemon.finish() }
        let app = try daemon.app()
        defer { app.disconnect() }
        app.hello()
        let children = (0..<10_000).map { "App/Flow#\($0)" }
        app.snapshot(liveTree(root: "App", children: ["App": children]))
        let changed = try #require(daemon.changed(to: 1))
        #expect(changed["params"]?["coordinators"] == 10_001)
        #expect(daemon.editor.request("navinspect/children", ["id": "App"])?["result"]?["children"]?.arrayValue?.count == 10_000)
    }

    @Test("a thousand snapshots in a burst: all taken in order, the history stays within its limit and says what it dropped")
    func burst() throws {
        let daemon = try LiveDaemon(historyLimit: 50)
        defer { daemon.finish() }
        let app = try daemon.app()
        defer { app.disconnect() }
        app.hello()
        for index in 0..<1000 {
            app.snapshot(liveTree(root: "App", children: ["App": (0...index % 5).map { "App/Flow#\($0)" }]))
        }
        daemon.changed(to: 1000)
        let history = try #require(daemon.editor.request("navinspect/history")?["result"])
        #expect(history["limit"] == 50)
        #expect(history["dropped"] == 950)
        #expect(history["generations"]?.arrayValue?.first?["generation"] == 951)
        #expect(daemon.editor.request("navinspect/tree", ["generation": 900])?.errorCode == -32014)
        #expect(daemon.editor.request("navinspect/tree", ["generation": 951])?["result"]?["childCount"] != nil)
    }

    @Test(
        "a connection from an address that is not loopback is refused unless allowed", .enabled(if: nonLoopbackAddress() != nil))
    func remote() throws {
        let address = try #require(nonLoopbackAddress())
        let refusing = try LiveDaemon(host: "0.0.0.0")
        defer { refusing.finish() }
        let outsider = try refusing.app(host: address)
        #expect(outsider.client.waitForEnd(timeout: 5))
        close(outsider.descriptor)
        #expect(refusing.editor.request("navinspect/history")?["result"]?["apps"] == [])
        // Loopback is still welcome.
        let local = try refusing.app()
        #expect(local.hello()?["result"]?["app"] == 1)
        local.disconnect()

        let allowing = try LiveDaemon(host: "0.0.0.0", allowRemote: true)
        defer { allowing.finish() }
        let remote = try allowing.app(host: address)
        #expect(remote.hello()?["result"]?["app"] == 1)
        remote.disconnect()
    }

    @Test("past the most apps served at once, a new connection is closed, and the earlier ones go on")
    func tooManyApps() throws {
        let daemon = try LiveDaemon()
        defer { daemon.finish() }
        let apps = try (0..<LiveListener.maxConnections).map { _ in try daemon.app() }
        defer { for app in apps { app.disconnect() } }
        for (index, app) in apps.enumerated() { #expect(app.hello()?["result"]?["app"]?.intValue == index + 1) }
        let extra = try daemon.app()
        #expect(extra.client.waitForEnd(timeout: 5))
        close(extra.descriptor)
        #expect(apps[0].hello()?.errorCode == -32600)
    }

    @Test("in an editor's workspace, live coordinators carry the source of their class, so an editor jumps to it")
    func sources() throws {
        let folder = try EditorApp()
        let harness = ServerHarness()
        harness.client.initialize(folder: folder.folder.path)
        #expect(harness.client.notification("navinspect/treeDidChange")?["params"]?["generation"] == 1)
        let listener = try LiveListener(address: .init(port: 0), hub: harness.server.live)
        listener.start()
        defer {
            listener.stop()
            harness.finish()
        }
        let app = try #require(FakeLiveApp(port: listener.address.port))
        defer { app.disconnect() }
        app.hello()
        app.snapshot(
            liveTree(
                root: "AppCoordinator",
                children: [
                    "AppCoordinator": [
                        "AppCoordinator/HomeCoordinator", "AppCoordinator/Unknown", "AppCoordinator/SettingsCoordinator<Int>",
                    ]
                ]))
        #expect(harness.client.notification("navinspect/treeDidChange")?["params"]?["generation"] == 2)
        let describe: (String) -> JSONValue? = { id in
            harness.client.request("navinspect/describe", ["id": .string(id)])?["result"]
        }
        #expect(describe("AppCoordinator/HomeCoordinator")?["source"] == ["file": "Screens/HomeCoordinator.swift", "line": 1])
        #expect(describe("AppCoordinator")?["source"]?["file"] == "AppCoordinator.swift")
        #expect(describe("AppCoordinator/Unknown")?["source"] == .null)
        // A generic class's live name carries its arguments; the sources declare it without.
        #expect(describe("AppCoordinator/SettingsCoordinator<Int>")?["source"]?["file"] == "Screens/SettingsCoordinator.swift")
    }

    @Test("an edit indexed while an app is followed keeps the live tree current, and moves its sources without a new snapshot")
    func editWhileLive() throws {
        let folder = try EditorApp()
        let harness = ServerHarness()
        harness.client.initialize(folder: folder.folder.path)
        #expect(harness.client.notification("navinspect/treeDidChange")?["params"]?["generation"] == 1)
        let listener = try LiveListener(address: .init(port: 0), hub: harness.server.live)
        listener.start()
        defer {
            listener.stop()
            harness.finish()
        }
        let app = try #require(FakeLiveApp(port: listener.address.port))
        defer { app.disconnect() }
        app.hello()
        app.snapshot(
            liveTree(
                root: "AppCoordinator",
                children: ["AppCoordinator": ["AppCoordinator/HomeCoordinator", "AppCoordinator/HomeCoordinator#2"]]))
        #expect(harness.client.notification("navinspect/treeDidChange")?["params"]?["generation"] == 2)

        // Two lines above the class: the index that follows must not replace the running app's tree.
        let file = "Screens/HomeCoordinator.swift"
        harness.client.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(folder.uri(file)), "languageId": "swift", "version": 1,
                    "text": .string("\n\n" + EditorApp.files[file]!),
                ]
            ])
        let lenses = harness.client.request("textDocument/codeLens", ["textDocument": ["uri": .string(folder.uri(file))]])
        #expect(lenses?["result"]?.arrayValue?.first?["range"]?["start"]?["line"] == 2, "the lens answers from the edited buffer")
        #expect(lenses?["result"]?.arrayValue?.first?["command"]?["title"]?.stringValue?.hasSuffix(" · 2 alive") == true)
        #expect(harness.client.request("navinspect/history")?["result"]?["current"] == 2)
        let second = harness.client.request("navinspect/describe", ["id": "AppCoordinator/HomeCoordinator#2"])?["result"]
        #expect(second?["source"] == ["file": .string(file), "line": 3])
        #expect(!harness.client.arrivals.contains { $0["params"]?["generation"]?.intValue == 3 }, "no generation from the index")
    }

    @Test("refreshes of the code lenses: one in flight at a time, and one more for whatever changed meanwhile")
    func lensRefreshes() throws {
        let folder = try EditorApp()
        let harness = ServerHarness()
        harness.client.initialize(folder: folder.folder.path, capabilities: ["workspace": ["codeLens": ["refreshSupport": true]]])
        #expect(harness.client.notification("navinspect/treeDidChange") != nil)
        let listener = try LiveListener(address: .init(port: 0), hub: harness.server.live)
        listener.start()
        defer {
            listener.stop()
            harness.finish()
        }
        let app = try #require(FakeLiveApp(port: listener.address.port))
        defer { app.disconnect() }
        app.hello()
        for index in 0..<200 {
            app.snapshot(
                liveTree(
                    root: "AppCoordinator", children: ["AppCoordinator": (0...index % 3).map { "AppCoordinator/Flow#\($0)" }]))
        }
        #expect(harness.client.waitFor { $0["params"]?["generation"]?.intValue == 201 } != nil)
        let refresh: () -> JSONValue? = { harness.client.waitFor(timeout: 5) { $0["method"] == "workspace/codeLens/refresh" } }
        let first = try #require(refresh())
        #expect(
            harness.client.arrivals.filter { $0["method"] == "workspace/codeLens/refresh" }.count == 1,
            "none while one is unanswered")
        harness.client.reply(to: first)
        let second = try #require(refresh(), "the changes that came meanwhile")
        harness.client.reply(to: second)
        #expect(refresh() == nil)
        #expect(harness.client.arrivals.filter { $0["method"] == "workspace/codeLens/refresh" }.count == 2)
    }

    @Test("listen addresses: a port, host and port, IPv6 in brackets; anything else is refused with the reason")
    func addresses() throws {
        #expect(try LiveListener.Address(parsing: "7341") == .init(host: "127.0.0.1", port: 7341))
        #expect(try LiveListener.Address(parsing: "0.0.0.0:9") == .init(host: "0.0.0.0", port: 9))
        #expect(try LiveListener.Address(parsing: "[::1]:7341") == .init(host: "::1", port: 7341))
        #expect(throws: LiveListener.ListenError.self) { try LiveListener.Address(parsing: "localhost:http") }
        #expect(throws: LiveListener.ListenError.self) { try LiveListener.Address(parsing: "70000") }
    }
}

/// An IPv4 address of this machine that is not loopback, if it has one.
func nonLoopbackAddress() -> String? {
    var list: UnsafeMutablePointer<ifaddrs>? = nil
    guard getifaddrs(&list) == 0 else { return nil }
    defer { freeifaddrs(list) }
    var entry = list
    while let current = entry {
        defer { entry = current.pointee.ifa_next }
        guard let address = current.pointee.ifa_addr, Int32(address.pointee.sa_family) == AF_INET else { continue }
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        let ip = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
        var raw = ip
        inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
        if UInt32(bigEndian: ip.s_addr) >> 24 != 127 {
            return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
    return nil
}

/// Polls `condition` for up to ten seconds.
func waitUntil(_ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: 10)
    while Date() < deadline {
        if condition() { return true }
        usleep(5000)
    }
    return false
}
