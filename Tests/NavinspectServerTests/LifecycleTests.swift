import JSON
import JSONRPC
import NavinspectProtocol
import TestSupport
import Testing

@Suite("LSP lifecycle")
struct LifecycleTests {
    @Test("a request before initialize gets -32002, and initialize advertises every method")
    func initializeFirst() throws {
        let harness = ServerHarness()
        let early = harness.client.request("navinspect/tree")
        #expect(early?.errorCode == -32002)

        let result = try #require(harness.client.initialize())
        let advertised = result["capabilities"]?["experimental"]?["navinspect"]
        #expect(advertised?["version"] == 1)
        #expect(advertised?["methods"] == .array(NavinspectMethods.requests.map(JSONValue.string)))
        #expect(advertised?["notifications"] == ["navinspect/treeDidChange"])
        #expect(result["serverInfo"]?["name"] == "navinspect")
        // navinspect runs beside sourcekit-lsp, so it claims nothing it does not serve.
        #expect(
            result["capabilities"]?.objectValue?.keys == [
                "experimental", "textDocumentSync", "hoverProvider", "definitionProvider", "referencesProvider",
                "codeLensProvider", "workspaceSymbolProvider", "executeCommandProvider",
            ])

        #expect(harness.client.request("initialize", ["capabilities": [:]])?.errorCode == -32600)
    }

    @Test("shutdown then exit ends with 0; requests after shutdown get -32600")
    func shutdownThenExit() {
        let harness = ServerHarness()
        harness.client.initialize()
        #expect(harness.client.request("shutdown")?["result"] == .null)
        #expect(harness.client.request("navinspect/tree")?.errorCode == -32600)
        harness.client.notify("exit")
        #expect(harness.waitForExit() == 0)
    }

    @Test("exit without shutdown ends with 1")
    func exitWithoutShutdown() {
        let harness = ServerHarness()
        harness.client.initialize()
        harness.client.notify("exit")
        #expect(harness.waitForExit() == 1)
    }

    @Test("end of input answers what is in flight, then ends with 1 (no shutdown)")
    func endOfInput() {
        let harness = ServerHarness(configuration: .init(treePath: nil))
        harness.client.initialize()
        let id = harness.client.sendRequest("navinspect/load", ["document": Fixtures.exampleValue()])
        harness.client.closeInput()
        #expect(harness.waitForExit() == 1)
        #expect(harness.client.response(to: id)?["result"]?["coordinators"] == 10)
    }

    @Test("a session written at once, exit last: every request received before exit is answered before the server ends")
    func exitWithoutWaiting() {
        let requests: [(method: String, params: JSONValue?)] = [
            ("initialize", ["capabilities": [:]]),
            ("navinspect/load", ["document": Fixtures.exampleValue()]),
            ("navinspect/findCoordinator", ["type": "trailDetail"]),
            ("navinspect/describe", ["id": "record"]),
            ("shutdown", nil),
        ]
        var session: [UInt8] = []
        for (number, request) in requests.enumerated() {
            var message: JSONObject = ["jsonrpc": "2.0", "id": .int(number + 1), "method": .string(request.method)]
            if let params = request.params { message["params"] = params }
            session += frame(JSONValue.object(message).serialized())
        }
        let exit: JSONValue = ["jsonrpc": "2.0", "method": "exit"]
        session += frame(exit.serialized())
        // Whether the answers beat the end of the process was a race: several trials make it show.
        for trial in 1...10 {
            let harness = ServerHarness()
            harness.client.sendRaw(session)
            #expect(harness.waitForExit() == 0, "trial \(trial)")
            #expect(harness.client.waitForEnd(), "trial \(trial)")
            let answered = Set(harness.client.arrivals.compactMap { $0["method"] == nil ? $0["id"] : nil })
            let missing = (1...requests.count).filter { !answered.contains(.int($0)) }
            #expect(missing.isEmpty, "trial \(trial): no answer to \(missing.map { requests[$0 - 1].method })")
            harness.server.waitUntilIdle()
            if !missing.isEmpty { break }
        }
    }

    @Test("exit waits for the requests in flight only up to its bound; an answer later than that is never written")
    func exitWaitIsBounded() {
        let harness = ServerHarness(configuration: .init(testHooks: true), drainSeconds: 0.05)
        harness.client.initialize()
        let slow = harness.client.sendRequest("$/navinspect/test/sleep", ["milliseconds": 20_000])
        harness.client.notify("exit")
        #expect(harness.waitForExit() == 1)
        #expect(harness.client.waitForEnd())
        #expect(!harness.client.arrivals.contains { $0["id"] == slow })
    }

    @Test("unknown methods get -32601; unknown notifications and $/ notifications are ignored")
    func unknownMethods() {
        let harness = ServerHarness()
        harness.client.initialize()
        harness.client.notify("$/setTrace", ["value": "off"])
        harness.client.notify("workspace/didChangeConfiguration", ["settings": [:]])
        #expect(harness.client.request("navinspect/nope")?.errorCode == -32601)
        #expect(harness.client.request("$/unknownRequest")?.errorCode == -32601)
        // Still serving, and the ignored notifications produced no message.
        #expect(harness.client.request("shutdown")?["result"] == .null)
        #expect(harness.client.pending.isEmpty)
    }
}
