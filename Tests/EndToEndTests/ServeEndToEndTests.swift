import Foundation
import JSON
import JSONRPC
import TestSupport
import Testing
import TreeDocument

@Suite("navinspect serve, the built binary over pipes")
struct ServeEndToEndTests {
    @Test("a whole session: initialize, load, every query, shutdown, exit 0")
    func session() throws {
        let served = try NavinspectBinary.Served()
        let client = served.client
        #expect(client.request("navinspect/tree")?.errorCode == -32002)
        let initialized = try #require(client.initialize())
        #expect(initialized["capabilities"]?["experimental"]?["navinspect"]?["methods"]?.arrayValue?.count == 8)

        let path = temporaryFile(BuiltInExample.document)
        #expect(client.request("navinspect/load", ["path": .string(path)])?["result"]?["coordinators"] == 10)
        #expect(client.notification("navinspect/treeDidChange") != nil)
        #expect(client.request("navinspect/tree", ["depth": 1])?["result"]?["children"]?.arrayValue?.first?["hasMore"] == true)
        #expect(client.request("navinspect/children", ["id": "tabs"])?["result"]?["children"]?.arrayValue?.count == 5)
        #expect(client.request("navinspect/describe", ["id": "record"])?["result"]?["trigger"]?["onLaunch"] == false)
        #expect(client.request("navinspect/findCoordinator", ["type": "trailDetail"])?["result"]?["id"] == "trips.trailDetail")
        #expect(client.request("navinspect/currentStack")?["result"]?["coordinators"] == ["app", "tabs", "record"])
        #expect(client.request("navinspect/describe", ["id": "ghost"])?.errorCode == -32011)
        #expect(client.request("navinspect/load", ["path": "/nonexistent.json"])?.errorCode == -32013)
        #expect(client.request("navinspect/load", ["document": ["navinspect": 1]])?.errorCode == -32012)
        #expect(client.request("navinspect/children", ["id": "tabs"])?["result"] != nil)
        #expect(client.request("shutdown")?["result"] == .null)
        #expect(client.request("navinspect/tree")?.errorCode == -32600)
        client.notify("exit")
        let end = try #require(served.waitForExit())
        #expect(end.status == 0 && !end.signaled, "stderr: \(served.standardError())")
    }

    @Test("exit without shutdown ends with 1; end of input ends cleanly with 1 after answering")
    func exitCodes() throws {
        let exiting = try NavinspectBinary.Served()
        exiting.client.initialize()
        exiting.client.notify("exit")
        #expect(exiting.waitForExit()?.status == 1)

        let closing = try NavinspectBinary.Served()
        closing.client.initialize()
        let id = closing.client.sendRequest("navinspect/load", ["document": try JSONParser.parseValue(BuiltInExample.document)])
        closing.client.closeInput()
        #expect(closing.waitForExit()?.status == 1)
        #expect(closing.client.response(to: id)?["result"]?["root"] == "app")
    }

    @Test(
        "a whole session written at once, as a script pipes it: every request is answered, with exit last or without it",
        arguments: [true, false])
    func sessionWrittenAtOnce(endsWithExit: Bool) throws {
        let path = temporaryFile(BuiltInExample.document)
        let requests: [(method: String, params: JSONValue?)] = [
            ("initialize", ["capabilities": [:]]),
            ("navinspect/load", ["path": .string(path)]),
            ("navinspect/findCoordinator", ["type": "trailDetail"]),
            ("navinspect/tree", ["depth": 1]),
            ("navinspect/describe", ["id": "record"]),
            ("navinspect/currentStack", nil),
            ("shutdown", nil),
        ]
        var session: [UInt8] = []
        for (number, request) in requests.enumerated() {
            var message: JSONObject = ["jsonrpc": "2.0", "id": .int(number + 1), "method": .string(request.method)]
            if let params = request.params { message["params"] = params }
            session += frame(JSONValue.object(message).serialized())
        }
        let exit: JSONValue = ["jsonrpc": "2.0", "method": "exit"]
        if endsWithExit { session += frame(exit.serialized()) }
        // The answers were lost when the process ended before writing them, a race: several
        // trials make it show.
        for trial in 1...10 {
            let outcome = try NavinspectBinary.run(["serve"], stdin: String(decoding: session, as: UTF8.self))
            var reader = FrameReader()
            reader.append(Array(outcome.stdout.utf8))
            var answers: [Int: JSONValue] = [:]
            while let event = reader.next() {
                guard case .message(let body) = event,
                    let message = try? body.withUnsafeBytes({ try JSONParser.parseValue($0) }),
                    let id = message["id"]?.numberValue?.int64
                else { continue }
                answers[Int(id)] = message
            }
            let missing = (1...requests.count).filter { answers[$0]?["result"] == nil }
            #expect(missing.isEmpty, "trial \(trial): no answer to \(missing.map { requests[$0 - 1].method })")
            #expect(answers[3]?["result"]?["id"] == "trips.trailDetail", "trial \(trial)")
            #expect(answers[7]?["result"] == .null, "trial \(trial)")
            #expect(outcome.status == 0 && !outcome.signaled, "trial \(trial)")
            if !missing.isEmpty { break }
        }
    }

    @Test("logs go to stderr and stdout carries only frames")
    func stdoutCarriesOnlyFrames() throws {
        let served = try NavinspectBinary.Served(["--tree", "/nonexistent/tree.json"])
        served.client.initialize()
        #expect(served.client.request("navinspect/tree")?.errorCode == -32010)
        served.client.closeInput()
        _ = served.waitForExit()
        let log = served.standardError()
        #expect(log.contains("could not load --tree: Cannot read /nonexistent/tree.json"))
        // The client parsed every byte of stdout as frames: nothing unparsable arrived.
        #expect(!served.client.pending.contains(.string("<unparsable>")))
    }

    @Test("a client that stops reading does not deadlock the server")
    func clientStopsReading() throws {
        let served = try NavinspectBinary.Served()
        served.client.initialize()
        _ = served.client.request("navinspect/load", ["document": try JSONParser.parseValue(BuiltInExample.document)])
        // Far more answers than a pipe holds, written while nothing reads them.
        var batch: [UInt8] = []
        let count = 5000
        for id in 0..<count {
            let message: JSONValue = [
                "jsonrpc": "2.0", "id": .string("r\(id)"), "method": "navinspect/describe", "params": ["id": "trips"],
            ]
            batch += frame(message.serialized())
        }
        served.client.sendRaw(batch)
        for id in 0..<count {
            guard served.client.response(to: .string("r\(id)")) != nil else {
                Issue.record("no answer to r\(id)")
                break
            }
        }
        served.client.notify("exit")
        #expect(served.waitForExit()?.status == 1)
    }

    @Test("a client that closes the pipe mid-reply does not kill the server with SIGPIPE")
    func closedPipe() throws {
        let served = try NavinspectBinary.Served()
        served.client.initialize()
        served.closeOutputReader()
        for _ in 0..<200 { served.client.sendRequest("navinspect/tree") }
        served.client.sendRequest("shutdown")
        served.client.notify("exit")
        let end = try #require(served.waitForExit())
        #expect(!end.signaled, "stderr: \(served.standardError())")
        #expect(end.status == 0, "stderr: \(served.standardError())")
    }
}
