import Foundation
import JSON
import JSONRPC
import TestSupport
import Testing
import TreeDocument

/// A served binary with the example loaded, and a check that it still answers from that tree.
private final class LoadedServer {
    let served: NavinspectBinary.Served

    init() throws {
        served = try NavinspectBinary.Served()
        served.client.initialize()
        let loaded = served.client.request("navinspect/load", ["document": try JSONParser.parseValue(BuiltInExample.document)])
        #expect(loaded?["result"]?["root"] == "app")
    }

    var client: LSPTestClient { served.client }

    /// The promise every robustness case ends with: the daemon still answers, from the tree it had.
    func expectStillServing(sourceLocation: SourceLocation = #_sourceLocation) {
        let answer = client.request("navinspect/findCoordinator", ["type": "trailDetail"])
        #expect(answer?["result"]?["id"] == "trips.trailDetail", sourceLocation: sourceLocation)
    }

    deinit {
        client.notify("exit")
        _ = served.waitForExit()
    }
}

@Suite("Robustness: hostile input never crashes, hangs or loses the tree")
struct RobustnessTests {
    @Test("nesting a million levels deep is refused quickly and cleanly")
    func millionLevels() throws {
        let server = try LoadedServer()
        server.client.sendRaw(frame(Array(repeating: UInt8(ascii: "["), count: 1_000_000)))
        let refused = try #require(server.client.waitFor { $0["id"] == .null })
        #expect(refused.errorCode == -32700)
        #expect(refused["error"]?["message"]?.stringValue?.contains("deeper than") == true)
        server.expectStillServing()
    }

    @Test("a 50 MB valid message is read and answered")
    func fiftyMegabytes() throws {
        let server = try LoadedServer()
        let type = String(repeating: "x", count: 50 << 20)
        let answer = server.client.request("navinspect/findCoordinator", ["type": .string(type)], timeout: 120)
        #expect(answer?["result"] == .null && answer?["error"] == nil)
        server.expectStillServing()
    }

    @Test("a result of 100,000 items is answered whole")
    func hundredThousandItems() throws {
        var coordinators: [JSONValue] = [
            ["id": "root", "class": "AppCoordinator", "children": .array((0..<100_000).map { .string("c\($0)") })]
        ]
        for index in 0..<100_000 {
            coordinators.append(["id": .string("c\(index)"), "class": "ItemCoordinator", "type": "item"])
        }
        let path = temporaryFile(
            JSONValue.object(["navinspect": 1, "root": "root", "coordinators": .array(coordinators)]).serializedString())
        let served = try NavinspectBinary.Served(["--tree", path])
        served.client.initialize()
        #expect(served.client.notification("navinspect/treeDidChange", timeout: 120) != nil)
        let all = served.client.request("navinspect/findCoordinator", ["type": "item", "all": true], timeout: 120)
        let matches = try #require(all?["result"]?.arrayValue)
        #expect(matches.count == 100_000)
        // The app's stack visits the last child first.
        #expect(matches.first?["id"] == "c99999" && matches.last?["id"] == "c0")
        served.client.notify("exit")
        _ = served.waitForExit()
    }

    @Test("tree documents that cannot be read get -32013 and change nothing")
    func unreadableDocuments() throws {
        let server = try LoadedServer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-robustness-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let empty = folder.appendingPathComponent("empty.json").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        // A sparse file: huge on paper, no disk used, refused before any byte is read.
        let huge = folder.appendingPathComponent("huge.json").path
        #expect(FileManager.default.createFile(atPath: huge, contents: Data()))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
        try handle.truncate(atOffset: 5 << 30)
        try handle.close()

        for (path, reason) in [
            ("/no/such/tree.json", "No such file"), (folder.path, "directory"), (empty, "empty"), (huge, "limit"),
        ] {
            let answer = server.client.request("navinspect/load", ["path": .string(path)])
            #expect(answer?.errorCode == -32013, "\(path)")
            #expect(answer?["error"]?["data"]?["reason"]?.stringValue?.contains(reason) == true, "\(String(describing: answer))")
        }
        let invalid = server.client.request("navinspect/load", ["path": .string(temporaryFile("{\"navinspect\": 1,"))])
        #expect(invalid?.errorCode == -32012)
        server.expectStillServing()
    }

    @Test("broken framing and broken JSON get errors, and the tree keeps answering")
    func brokenInput() throws {
        let server = try LoadedServer()
        let inputs: [[UInt8]] = [
            Array("Content-Length: 9999999999999999\r\n\r\n{}".utf8),
            Array("Content-Length: abc\r\n\r\n{}".utf8),
            frame(Array("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"navinspect/tree\",}".utf8)),
            frame(Array("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"navinspect/tree\"} /* comment */".utf8)),
            frame([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]),
            frame(Array("{\"jsonrpc\":\"2.0\",\"id\":1e999,\"method\":\"x\"}".utf8)),
            frame(Array("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"navinspect/tree\",\"params\":{\"from\":\"".utf8)),
        ]
        for input in inputs {
            server.client.sendRaw(input)
            let refused = try #require(server.client.waitFor { $0["id"] == .null && $0["error"] != nil })
            #expect(refused.errorCode == -32700, "\(String(decoding: input.prefix(60), as: UTF8.self))")
        }
        server.expectStillServing()
    }

    @Test("loading new trees while queries are in flight: each answer comes from one tree, old or new")
    func loadsDuringQueries() throws {
        /// Two trees with the same ids and different classes and shapes.
        func document(_ flavor: String, children: [String]) -> JSONValue {
            let coordinators: [JSONValue] =
                [["id": "root", "class": .string("\(flavor)Root"), "children": .array(children.map(JSONValue.string))]]
                + children.map { ["id": .string($0), "class": .string("\(flavor)Child"), "type": .string(flavor)] }
            return ["navinspect": 1, "root": "root", "coordinators": .array(coordinators)]
        }
        let documentA = document("A", children: ["x", "y"])
        let documentB = document("B", children: ["y", "x", "z"])
        let served = try NavinspectBinary.Served()
        served.client.initialize()
        _ = served.client.request("navinspect/load", ["document": documentA])

        var queries: [JSONValue] = []
        for round in 0..<40 {
            served.client.sendRequest("navinspect/load", ["document": round % 2 == 0 ? documentB : documentA])
            for _ in 0..<5 { queries.append(served.client.sendRequest("navinspect/describe", ["id": "x"])) }
        }
        for id in queries {
            let result = try #require(served.client.response(to: id)?["result"])
            let consistent =
                (result["class"] == "AChild" && result["type"] == "A" && result["parent"] == "root")
                || (result["class"] == "BChild" && result["type"] == "B" && result["parent"] == "root")
            #expect(consistent, "\(result)")
        }
        served.client.notify("exit")
        _ = served.waitForExit()
    }
}

@Suite("Documents that cannot be read, as the operating system refuses them")
struct UnreadableDocumentTests {
    @Test("a pipe is refused at once instead of waiting for a writer")
    func fifo() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-fifo-\(UUID().uuidString)").path
        #expect(mkfifo(path, 0o600) == 0)
        let outcome = try NavinspectBinary.run(["validate", path])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("not a regular file"))
    }

    @Test(
        "a file without read permission is refused with the system's reason",
        .enabled(
            if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            "root reads anything, so the check runs as nobody through setpriv"))
    func noPermission() throws {
        let path = temporaryFile(BuiltInExample.document)
        #expect(chmod(path, 0) == 0)
        var arguments = ["validate", path]
        var command = NavinspectBinary.path
        if getuid() == 0 {
            #expect(chmod(URL(fileURLWithPath: path).deletingLastPathComponent().path, 0o755) == 0)
            arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", command] + arguments
            command = "/usr/bin/setpriv"
        }
        let outcome = try NavinspectBinary.runProgram(command, arguments)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("cannot read: Permission denied"), "\(outcome.stderr)")
    }
}
