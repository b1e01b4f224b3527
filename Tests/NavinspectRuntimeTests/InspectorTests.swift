import Foundation
import JSON
import NavinspectRuntime
import Testing

#if canImport(Glibc)
    import Glibc
#endif

final class Flow {
    var childCoordinators: [Flow] = []
}

private func snapshots(_ messages: [JSONValue]) -> [JSONValue] {
    messages.filter { $0["method"]?.stringValue == "navinspect/snapshot" }
}

@Suite("The inspector streams snapshots to the daemon")
struct InspectorTests {
    @Test("hello first, then a snapshot, and nothing more while the tree does not change")
    func helloThenSnapshots() throws {
        let collector = try FrameCollector()
        let queue = DispatchQueue(label: "test.main")
        let root = Flow()
        let inspector = Inspector(
            root: root, screens: nil,
            configuration: .init(port: collector.port, appName: "Test", pollInterval: nil, queue: queue))
        defer {
            inspector.stop()
            collector.stop()
        }
        _ = collector.wait { snapshots($0).count == 1 }
        queue.sync { #expect(!inspector.snapshotNow()) }
        queue.sync {
            root.childCoordinators.append(Flow())
            #expect(inspector.snapshotNow())
        }
        let messages = collector.wait { snapshots($0).count == 2 }
        #expect(messages.first?["method"]?.stringValue == "navinspect/hello")
        #expect(messages.first?["params"]?["name"]?.stringValue == "Test")
        let sent = snapshots(messages)
        #expect(sent.count == 2)
        #expect(sent.map { $0["params"]?["sequence"]?.numberValue?.int64 } == [1, 2])
        #expect(sent.last?["params"]?["tree"]?["coordinators"]?.arrayValue?.count == 2)
    }

    @Test("a thousand changes in a burst make one snapshot")
    func coalesced() throws {
        let collector = try FrameCollector()
        let queue = DispatchQueue(label: "test.main")
        let root = Flow()
        let inspector = Inspector(
            root: root, screens: nil,
            configuration: .init(port: collector.port, appName: "Test", pollInterval: nil, queue: queue))
        defer {
            inspector.stop()
            collector.stop()
        }
        _ = collector.wait { snapshots($0).count == 1 }
        // The "main" queue is busy while the app changes its tree a thousand times.
        queue.sync {
            for _ in 0..<1000 {
                root.childCoordinators.append(Flow())
                inspector.changed()
            }
        }
        queue.sync {}
        #expect(inspector.flush(timeout: 5))
        let sent = snapshots(collector.wait { snapshots($0).count >= 2 })
        // The sequence counts the snapshots sent: the second one holds all thousand children.
        #expect(sent.map { $0["params"]?["sequence"]?.numberValue?.int64 } == [1, 2])
        #expect(sent.last?["params"]?["tree"]?["coordinators"]?.arrayValue?.count == 1001)
    }

    @Test("with no daemon the app goes on, and the queue keeps only the newest snapshots")
    func noDaemon() throws {
        let queue = DispatchQueue(label: "test.main")
        let root = Flow()
        // Port 1 on loopback: nobody listens there.
        let silent = Inspector(
            root: root, screens: nil,
            configuration: .init(port: 1, appName: "Test", pollInterval: nil, queue: queue, queueLimit: 3))
        defer { silent.stop() }
        queue.sync {
            for _ in 0..<200 {
                root.childCoordinators.append(Flow())
                silent.snapshotNow()
            }
        }
        #expect(!silent.flush(timeout: 0.2))
        #expect(silent.counts.dropped >= 197)
        #expect(silent.counts.sent == 0)
    }

    @Test("after the daemon restarts, the app says hello again and sends where it is")
    func reconnects() throws {
        let queue = DispatchQueue(label: "test.main")
        let root = Flow()
        let first = try FrameCollector()
        let port = first.port
        let inspector = Inspector(
            root: root, screens: nil, configuration: .init(port: port, appName: "Test", pollInterval: nil, queue: queue))
        defer { inspector.stop() }
        _ = first.wait { snapshots($0).count == 1 }
        first.stop()
        // The next send fails on the closed connection; the sender reconnects to the new listener.
        let second = try FrameCollector(port: port)
        queue.sync {
            root.childCoordinators.append(Flow())
            inspector.snapshotNow()
        }
        defer { second.stop() }
        let messages = second.wait { snapshots($0).contains { $0["params"]?["sequence"]?.numberValue?.int64 == 2 } }
        #expect(messages.first?["method"]?.stringValue == "navinspect/hello")
        #expect(snapshots(messages).last?["params"]?["tree"]?["coordinators"]?.arrayValue?.count == 2)
    }
}
