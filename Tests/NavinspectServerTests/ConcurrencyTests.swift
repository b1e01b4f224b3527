import JSON
import JSONRPC
import NavinspectProtocol
import TestSupport
import Testing

@Suite("Concurrency, cancellation and batches")
struct ConcurrencyTests {
    static let slowDocument = temporaryFile(Fixtures.largeDocument(count: 60_000), name: "large.json")
    /// How long an answer that waits behind the slow load may take: a bound on waiting, not a
    /// timing. Under ThreadSanitizer, with the other suites running beside this one, the load has
    /// taken more than the client's default 20 s.
    static let behindLoad: Double = 180

    @Test("a cheap query is answered while a slow load runs, from the tree loaded before")
    func queryDuringLoad() throws {
        let harness = ServerHarness()
        harness.client.initialize()
        _ = harness.client.request("navinspect/load", ["document": Fixtures.exampleValue()])
        let load = harness.client.sendRequest("navinspect/load", ["path": .string(Self.slowDocument)])
        let query = harness.client.sendRequest("navinspect/children", ["id": "tabs"])

        let first = try #require(harness.client.waitFor(timeout: Self.behindLoad) { $0["id"] == load || $0["id"] == query })
        #expect(first["id"] == query, "the query waited for the load")
        #expect(first["result"]?["children"]?.arrayValue?.count == 5, "answered from the example, the tree loaded before")
        #expect(harness.client.response(to: load, timeout: Self.behindLoad)?["result"]?["coordinators"] == 60_000)
        // After the load, queries see the new tree.
        #expect(harness.client.request("navinspect/children", ["id": "c0"])?["result"]?["children"]?.arrayValue?.count == 4)
    }

    @Test("a query sent while the first load runs waits for it instead of failing")
    func firstQueryWaitsForFirstLoad() {
        let harness = ServerHarness()
        harness.client.initialize()
        harness.client.sendRequest("navinspect/load", ["path": .string(Self.slowDocument)])
        let answer = harness.client.request("navinspect/findCoordinator", ["type": "t7"], timeout: Self.behindLoad)
        #expect(answer?["result"]?["type"] == "t7")
    }

    @Test("cancelling a request still in flight answers -32800; cancelling an answered one does nothing")
    func cancel() throws {
        let harness = ServerHarness()
        harness.client.initialize()
        // Loads run one at a time: the second waits behind the slow first, so it is still in flight.
        let slow = harness.client.sendRequest("navinspect/load", ["path": .string(Self.slowDocument)])
        let queued = harness.client.sendRequest("navinspect/load", ["document": Fixtures.exampleValue()])
        harness.client.notify("$/cancelRequest", ["id": queued])
        #expect(harness.client.response(to: queued, timeout: Self.behindLoad)?.errorCode == -32800)
        #expect(harness.client.response(to: slow, timeout: Self.behindLoad)?["result"] != nil)

        let done = try #require(harness.client.request("navinspect/tree", ["depth": 0]))
        harness.client.notify("$/cancelRequest", ["id": done["id"]!])
        // The cancelled load never replaced the tree, and the stale cancel changed nothing.
        #expect(harness.client.request("navinspect/tree", ["depth": 0])?["result"]?["id"] == "c0")
    }

    @Test("a batch is answered with one array in the batch's order; notifications inside get nothing")
    func batch() throws {
        let harness = ServerHarness()
        harness.client.initialize()
        _ = harness.client.request("navinspect/load", ["document": Fixtures.exampleValue()])
        harness.client.send([
            ["jsonrpc": "2.0", "id": "a", "method": "navinspect/children", "params": ["id": "app"]],
            ["jsonrpc": "2.0", "method": "$/setTrace", "params": ["value": "off"]],
            ["jsonrpc": "2.0", "id": "b", "method": "navinspect/nope"],
            ["jsonrpc": "1.0", "id": "c", "method": "navinspect/tree"],
            42,
        ])
        let answer = try #require(harness.client.waitFor { $0.arrayValue != nil })
        let items = try #require(answer.arrayValue)
        #expect(items.map { $0["id"] } == ["a", "b", "c", .null])
        #expect(items[0]["result"]?["children"]?.arrayValue?.count == 1)
        #expect(items.dropFirst().map(\.errorCode) == [-32601, -32600, -32600])
    }

    @Test("an empty batch gets one error; a batch of notifications gets no answer")
    func emptyAndNotificationBatches() throws {
        let harness = ServerHarness()
        harness.client.initialize()
        harness.client.send([])
        let empty = try #require(harness.client.waitFor { $0["id"] == .null })
        #expect(empty.errorCode == -32600)
        harness.client.send([
            ["jsonrpc": "2.0", "method": "$/setTrace", "params": ["value": "off"]], ["jsonrpc": "2.0", "method": "initialized"],
        ])
        #expect(harness.client.request("shutdown")?["result"] == .null)
        #expect(harness.client.pending.isEmpty)
    }
}
