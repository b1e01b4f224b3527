import Foundation
import JSON
import NavinspectRuntime
import NavinspectServer
import TestSupport
import Testing
import TrailheadDemo

/// The Trailhead demo's session, streamed by the runtime over a real loopback socket to a daemon
/// in this process, and read back through the editor's connection.
@Suite("The demo's session, end to end over a socket")
struct DemoSessionTests {
    @Test("each step is a generation with the events a user would expect; time travel tells the steps apart")
    func session() throws {
        let harness = ServerHarness()
        harness.client.initialize()
        let listener = try LiveListener(address: .init(port: 0), hub: harness.server.live)
        listener.start()
        defer {
            listener.stop()
            harness.finish()
        }
        let editor = harness.client
        let app = TrailheadApp()
        let main = DispatchQueue(label: "trailhead.main")
        let inspector = Inspector(
            root: app.appCoordinator, screens: app.screens,
            configuration: .init(port: listener.address.port, appName: "Trailhead", pollInterval: nil, queue: main))
        defer { inspector.stop() }
        // The snapshot taken at connection: the root before launch.
        #expect(editor.notification("navinspect/treeDidChange")?["params"]?["generation"] == 1)

        for (number, step) in TrailheadApp.session.enumerated() {
            main.sync {
                step.run(app)
                #expect(inspector.snapshotNow(), "step '\(step.name)' changed nothing")
            }
            let changed = editor.notification("navinspect/treeDidChange")
            #expect(changed?["params"]?["generation"]?.intValue == number + 2, "step '\(step.name)'")
        }

        let history = try #require(editor.request("navinspect/history")?["result"])
        let generations = try #require(history["generations"]?.arrayValue)
        #expect(generations.count == TrailheadApp.session.count + 1)
        let events = generations.map { generation in
            (generation["events"]?.arrayValue ?? []).map { event in
                [
                    event["kind"]?.stringValue,
                    event["id"]?.stringValue ?? event["class"]?.stringValue ?? event["title"]?.stringValue,
                ]
                .compactMap { $0 }.joined(separator: " ")
            }
        }
        let tabs = "AppCoordinator/MainTabCoordinator"
        let trails = tabs + "/TrailsCoordinator"
        let detail = trails + "/TrailDetailCoordinator"
        // launch
        #expect(
            events[1].filter { $0.hasPrefix("coordinatorStarted") } == [
                "coordinatorStarted \(tabs)", "coordinatorStarted \(trails)", "coordinatorStarted \(tabs)/MapCoordinator",
                "coordinatorStarted \(tabs)/ProfileCoordinator",
            ])
        #expect(events[1].contains("screenPushed TrailListViewController"))
        // switch tabs
        #expect(events[2] == ["tabSelected Map"])
        #expect(events[3] == ["tabSelected Trails"])
        // open the detail flow, then a similar trail: siblings of one type
        #expect(events[4] == ["coordinatorStarted \(detail)", "screenPushed TrailViewController"])
        #expect(events[5] == ["coordinatorStarted \(detail)#2", "screenPushed TrailViewController"])
        // go back: one screen popped, but the removal by type takes both flows in one step
        #expect(
            events[6] == ["coordinatorFinished \(detail)", "coordinatorFinished \(detail)#2", "screenPopped TrailViewController"])
        // log out, log back in
        #expect(
            events[7].contains("coordinatorFinished \(tabs)")
                && events[7].contains("coordinatorStarted AppCoordinator/LoginCoordinator"))
        #expect(
            events[8].contains("coordinatorFinished AppCoordinator/LoginCoordinator")
                && events[8].contains("coordinatorStarted \(tabs)"))

        // findCoordinator answers differently at two generations: the last child is searched first.
        let find: (Int) -> JSONValue? = { generation in
            editor.request("navinspect/findCoordinator", ["type": "trailDetail", "generation": .int(generation)])?["result"]
        }
        #expect(find(6)?["id"] == .string(detail + "#2"))
        #expect(find(5)?["id"] == .string(detail))
        #expect(find(7) == .null)
        // The finished child is gone, and the screen it pushed stays, now shown under its parent.
        #expect(editor.request("navinspect/describe", ["id": .string(detail), "generation": 7])?.errorCode == -32011)
        let stack = try #require(editor.request("navinspect/currentStack", ["generation": 7])?["result"])
        #expect(stack["viewControllers"]?.arrayValue?.last?["class"] == "TrailViewController")
        #expect(stack["coordinators"]?.arrayValue?.last == .string(trails))
        // After logging back in, the tab bar is back with new objects under the same ids.
        let current = try #require(editor.request("navinspect/currentStack")?["result"])
        #expect(
            current["viewControllers"]?.arrayValue?.compactMap { $0["class"]?.stringValue } == [
                "TabBarController", "TrailListViewController",
            ])
    }
}
