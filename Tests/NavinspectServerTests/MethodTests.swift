import JSON
import JSONRPC
import NavinspectProtocol
import TestSupport
import Testing
import TreeDocument

/// A running server with the example loaded.
private func loadedHarness() throws -> ServerHarness {
    let harness = ServerHarness()
    harness.client.initialize()
    let response = try #require(harness.client.request("navinspect/load", ["document": Fixtures.exampleValue()]))
    #expect(response["result"]?["root"] == "app")
    return harness
}

@Suite("navinspect/* methods through the server")
struct MethodTests {
    @Test("load answers a summary and announces the new tree")
    func load() throws {
        let harness = ServerHarness()
        harness.client.initialize()
        let path = temporaryFile(BuiltInExample.document)
        let response = try #require(harness.client.request("navinspect/load", ["path": .string(path)]))
        #expect(response["result"] == ["root": "app", "coordinators": 10, "containers": 7, "generation": 1])
        let note = try #require(harness.client.notification("navinspect/treeDidChange"))
        #expect(note["params"] == response["result"])

        let second = harness.client.request("navinspect/load", ["document": Fixtures.exampleValue()])
        #expect(second?["result"]?["generation"] == 2)
    }

    @Test("a failed load keeps the previous tree answering")
    func failedLoadKeepsTree() throws {
        let harness = try loadedHarness()
        var broken = Fixtures.exampleValue().objectValue!
        broken["root"] = "nobody"
        let invalid = try #require(harness.client.request("navinspect/load", ["document": .object(broken)]))
        #expect(invalid.errorCode == NavinspectErrorCode.invalidDocument)
        #expect(invalid["error"]?["data"]?["pointer"] == "/root")
        #expect(invalid["error"]?["data"]?["reason"]?.stringValue?.contains("nobody") == true)
        #expect(invalid["error"]?["data"]?["errors"]?.arrayValue?.count == 1)

        let unreadable = try #require(harness.client.request("navinspect/load", ["path": "/no/such/tree.json"]))
        #expect(unreadable.errorCode == NavinspectErrorCode.documentUnreadable)
        #expect(unreadable["error"]?["data"]?["path"] == "/no/such/tree.json")

        let children = harness.client.request("navinspect/children", ["id": "tabs"])
        #expect(children?["result"]?["children"]?.arrayValue?.count == 5)
    }

    @Test("tree nests nodes and flags what the depth cut")
    func tree() throws {
        let harness = try loadedHarness()
        let full = try #require(harness.client.request("navinspect/tree")?["result"])
        #expect(full["id"] == "app" && full["childCount"] == 1 && full["hasMore"] == false)
        let cut = try #require(harness.client.request("navinspect/tree", ["from": "tabs", "depth": 0])?["result"])
        #expect(
            cut == ["id": "tabs", "class": "MainTabCoordinator", "type": "tab", "childCount": 5, "children": [], "hasMore": true])
        let one = try #require(harness.client.request("navinspect/tree", ["from": "profile", "depth": 1])?["result"])
        #expect(one["children"]?.arrayValue?.first?["id"] == "profile.edit")
    }

    @Test("children, describe, findCoordinator and currentStack answer from the loaded tree")
    func queries() throws {
        let harness = try loadedHarness()
        let children = try #require(harness.client.request("navinspect/children", ["id": "trips"])?["result"])
        #expect(
            children == [
                "id": "trips",
                "children": [
                    ["id": "trips.trailDetail", "class": "TrailDetailCoordinator", "type": "trailDetail", "childCount": 0]
                ],
            ])

        let describe = try #require(harness.client.request("navinspect/describe", ["id": "profile.edit"])?["result"])
        #expect(describe["parent"] == "profile")
        #expect(describe["path"] == ["app", "tabs", "profile", "profile.edit"])
        #expect(describe["trigger"] == ["method": "showEditProfile", "onLaunch": false])
        #expect(describe["source"]?["line"] == 8)
        #expect(describe["navigation"] == "profileNav")
        #expect(
            describe["viewControllers"] == [
                ["class": "EditProfileViewController", "container": "profileNav", "position": "stack", "index": 1]
            ])

        let found = try #require(harness.client.request("navinspect/findCoordinator", ["type": "profile"])?["result"])
        #expect(
            found == ["id": "profile", "class": "ProfileCoordinator", "type": "profile", "path": ["app", "tabs", "profile"]])
        let all = try #require(harness.client.request("navinspect/findCoordinator", ["type": "profile", "all": true])?["result"])
        #expect(all.arrayValue?.compactMap { $0["id"]?.stringValue } == ["profile", "profile.edit"])
        let fromEdit = harness.client.request("navinspect/findCoordinator", ["type": "profile", "from": "profile.edit"])
        #expect(fromEdit?["result"]?["id"] == "profile.edit")
        let none = try #require(harness.client.request("navinspect/findCoordinator", ["type": "settings"]))
        #expect(none["result"] == .null && none["error"] == nil)

        let stack = try #require(harness.client.request("navinspect/currentStack")?["result"])
        #expect(stack["coordinators"] == ["app", "tabs", "record"])
        #expect(
            stack["viewControllers"]?.arrayValue?.last == [
                "class": "RecordHikeViewController", "owner": "record", "container": "recordNav",
            ])
    }

    /// A request that must fail, its error code, and a word the message must contain.
    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var method: String
        var params: JSONValue
        var code: Int
        var mentions: String
        init(_ method: String, _ params: JSONValue, _ code: Int, _ mentions: String) {
            (self.method, self.params, self.code, self.mentions) = (method, params, code, mentions)
        }
        var testDescription: String { "\(method) \(params.serializedString())" }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase("navinspect/children", ["id": "ghost"], NavinspectErrorCode.unknownCoordinator, "ghost"),
        ErrorCase("navinspect/describe", [:], -32602, "'id'"),
        ErrorCase("navinspect/describe", ["id": 7], -32602, "string"),
        ErrorCase("navinspect/tree", ["from": "ghost"], NavinspectErrorCode.unknownCoordinator, "ghost"),
        ErrorCase("navinspect/tree", ["depth": -1], -32602, "depth"),
        ErrorCase("navinspect/tree", ["form": "app"], -32602, "unknown param 'form'"),
        ErrorCase("navinspect/findCoordinator", ["from": "app"], -32602, "'type'"),
        ErrorCase("navinspect/findCoordinator", ["type": "x", "all": "yes"], -32602, "true or false"),
        ErrorCase("navinspect/findCoordinator", ["type": "x", "from": "ghost"], NavinspectErrorCode.unknownCoordinator, "ghost"),
        ErrorCase("navinspect/currentStack", ["extra": 1], -32602, "extra"),
        ErrorCase("navinspect/load", [:], -32602, "path"),
        ErrorCase("navinspect/load", ["path": "a", "document": [:]], -32602, "not both"),
        ErrorCase("navinspect/children", ["not", "an", "object"], -32602, "object"),
    ]

    @Test("errors name what is wrong", arguments: errorCases)
    func errors(_ errorCase: ErrorCase) throws {
        let harness = try loadedHarness()
        let response = try #require(harness.client.request(errorCase.method, errorCase.params))
        #expect(response.errorCode == errorCase.code)
        #expect(response["error"]?["message"]?.stringValue?.contains(errorCase.mentions) == true, "\(response)")
    }

    @Test("queries before any load get -32010")
    func noTree() {
        let harness = ServerHarness()
        harness.client.initialize()
        for method in NavinspectMethods.queries.map({ $0.method }) {
            let params: JSONValue =
                method.hasSuffix("findCoordinator")
                ? ["type": "x"] : (method.hasSuffix("tree") || method.hasSuffix("Stack") ? [:] : ["id": "app"])
            #expect(harness.client.request(method, params)?.errorCode == NavinspectErrorCode.noTreeLoaded, "\(method)")
        }
    }

    @Test("--tree and initializationOptions.tree load at start")
    func startupTree() throws {
        let path = temporaryFile(BuiltInExample.document)
        let fromConfiguration = ServerHarness(configuration: .init(treePath: path))
        fromConfiguration.client.initialize()
        #expect(fromConfiguration.client.notification("navinspect/treeDidChange")?["params"]?["root"] == "app")
        // LSP allows nothing before the initialize answer, so the load is announced after it.
        #expect(fromConfiguration.client.arrivals.first?["id"] == 1)

        let fromOptions = ServerHarness()
        fromOptions.client.initialize(options: ["tree": .string(path)])
        #expect(fromOptions.client.notification("navinspect/treeDidChange")?["params"]?["coordinators"] == 10)
        #expect(fromOptions.client.request("navinspect/children", ["id": "app"])?["result"]?["children"]?.arrayValue?.count == 1)
    }
}
