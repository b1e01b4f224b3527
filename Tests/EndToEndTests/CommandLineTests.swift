import Foundation
import JSON
import TestSupport
import Testing
import TreeDocument

@Suite("navinspect query, validate and example, the built binary")
struct CommandLineTests {
    @Test("without --tree, query uses the built-in example and says so on stderr")
    func builtInExample() throws {
        let outcome = try NavinspectBinary.run(["query", "tree"])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("built-in example"))
        #expect(
            outcome.stdout.hasPrefix(
                "AppCoordinator .app\n└─ MainTabCoordinator .tab\n   ├─ ExploreCoordinator .explore\n   │  └─ TrailDetailCoordinator [explore.trailDetail] .trailDetail\n"
            ))
    }

    @Test("--json prints exactly what the server answers")
    func jsonMatchesServer() throws {
        let path = temporaryFile(BuiltInExample.document)
        let outcome = try NavinspectBinary.run([
            "query", "findCoordinator", "--tree", path, "--type", "profile", "--all", "--json",
        ])
        #expect(outcome.status == 0)
        let printed = try JSONParser.parseValue(outcome.stdout)

        let served = try NavinspectBinary.Served(["--tree", path])
        served.client.initialize()
        _ = served.client.notification("navinspect/treeDidChange")
        let answered = served.client.request("navinspect/findCoordinator", ["type": "profile", "all": true])?["result"]
        #expect(printed == answered)
        served.client.notify("exit")
        _ = served.waitForExit()
    }

    @Test("human answers for findCoordinator, currentStack, children and describe")
    func humanAnswers() throws {
        let find = try NavinspectBinary.run(["query", "findCoordinator", "--type", "trailDetail", "--from", "tabs", "--all"])
        #expect(
            find.stdout.contains(
                "findCoordinator(type: .trailDetail) called on MainTabCoordinator returns TrailDetailCoordinator [trips.trailDetail]"
            ))
        #expect(find.stdout.contains("2 coordinators have type .trailDetail"))
        let stack = try NavinspectBinary.run(["query", "currentStack"])
        #expect(stack.stdout.contains("6. RecordHikeViewController"))
        #expect(stack.stdout.contains("Coordinators to the top: AppCoordinator → MainTabCoordinator → RecordHikeCoordinator"))
        // A window whose container shows nothing is said to be there.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-empty-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty =
            #"{"navinspect": 1, "root": "app", "window": "nav", "coordinators": [{"id": "app", "class": "AppCoordinator", "children": []}], "containers": [{"id": "nav", "kind": "navigation", "stack": []}]}"#
        try Data(empty.utf8).write(to: folder)
        let emptyStack = try NavinspectBinary.run(["query", "currentStack", "--tree", folder.path])
        #expect(emptyStack.stdout.contains("Nothing is on screen: the window holds nav, which shows no view controller"))
        let children = try NavinspectBinary.run(["query", "children", "--id", "tabs"])
        #expect(children.stdout.split(separator: "\n").count == 5)
        let describe = try NavinspectBinary.run(["query", "describe", "--id", "record"])
        #expect(describe.stdout.contains("showRecordHikeFlow() on demand"))
        let missing = try NavinspectBinary.run(["query", "describe", "--id", "ghost"])
        #expect(missing.status == 1 && missing.stderr.contains("Unknown coordinator id 'ghost'"))
    }

    @Test("validate prints every problem with its pointer, one per line, and exits 1")
    func validate() throws {
        let broken = """
            {"navinspect": 1, "root": "app", "coordinators": [
              {"id": "app", "class": "AppCoordinator", "children": ["ghost", "tabs"]},
              {"id": "tabs", "class": "TabCoordinator", "chidren": []},
              {"id": "tabs", "class": "Duplicate"}
            ]}
            """
        let path = temporaryFile(broken)
        let outcome = try NavinspectBinary.run(["validate", path])
        #expect(outcome.status == 1)
        let lines = outcome.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(path):/coordinators/0/children/0: unknown coordinator id 'ghost'"))
        #expect(lines.contains { $0.hasPrefix("\(path):/coordinators/1/chidren: unknown member 'chidren'") })
        #expect(lines.contains { $0.hasPrefix("\(path):/coordinators/2/id: duplicate coordinator id 'tabs'") })

        let valid = try NavinspectBinary.run(["validate", temporaryFile(BuiltInExample.document)])
        #expect(valid.status == 0 && valid.stdout.contains("valid (10 coordinators, 7 containers)"))
    }

    @Test("example prints a document that validates")
    func example() throws {
        let printed = try NavinspectBinary.run(["example"])
        #expect(try JSONParser.parseValue(printed.stdout) == JSONParser.parseValue(BuiltInExample.document))
    }
}

@Suite("navinspect index, the built binary")
struct IndexCommandTests {
    @Test("index writes a document that validates and answers queries, and reports problems on stderr")
    func indexFixture() throws {
        let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SourceIndexTests/Fixtures/ProtocolStyle").path
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-index-\(UUID().uuidString).json")
            .path
        let indexed = try NavinspectBinary.run(["index", app, "-o", output])
        #expect(indexed.status == 0)
        #expect(indexed.stderr.contains("Flows.swift:29: OnboardingCoordinator is never created"))
        #expect(
            indexed.stderr.contains("6 Swift files (6 parsed), 8 coordinator classes, 8 coordinators in the tree, 1 problems"))
        // A mixed app's summary line says how many Objective-C files there are and how many were read.
        let mixed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SourceIndexTests/Fixtures/MixedLegacy").path
        let mixedIndexed = try NavinspectBinary.run(["index", mixed, "-o", "/dev/null"])
        #expect(mixedIndexed.stderr.contains("1 Swift files (1 parsed), 3 Objective-C files (3 read), 4 coordinator classes"))
        #expect(try NavinspectBinary.run(["validate", output]).status == 0)
        let found = try NavinspectBinary.run(["query", "findCoordinator", "--tree", output, "--type", "plantDetail", "--all"])
        #expect(found.stdout.contains("2 coordinators have type .plantDetail"))
    }

    @Test("a folder with no coordinators fails with a clear message")
    func noCoordinators() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try "struct Plain {}".write(to: empty.appendingPathComponent("Plain.swift"), atomically: true, encoding: .utf8)
        let outcome = try NavinspectBinary.run(["index", empty.path])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("no coordinator protocol or base class found"))
    }

    @Test(
        "a flow shown as the same as another: the tree and describe name it, findCoordinator goes on below it and says through which"
    )
    func sameAsAnswers() throws {
        let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SourceIndexTests/Fixtures/SharedFlows").path
        let tree = try NavinspectBinary.run(["query", "tree", "--source", app])
        #expect(tree.status == 0)
        #expect(
            tree.stdout.contains(
                "├─ BasketCoordinator [ShopCoordinator/LibraryCoordinator/BasketCoordinator] .basket  = same as [ShelfCoordinator/BasketCoordinator]"
            ))
        let node = try JSONParser.parseValue(
            try NavinspectBinary.run(["query", "tree", "--source", app, "--from", "ShopCoordinator/LibraryCoordinator", "--json"])
                .stdout)
        let basket = try #require(node["children"]?.arrayValue?.first)
        #expect(basket["sameAs"]?.stringValue == "ShopCoordinator/ShelfCoordinator/BasketCoordinator")
        #expect(basket["childCount"]?.numberValue?.int64 == 0)
        #expect(node["sameAs"] == nil, "only a coordinator shown as the same carries it")

        let arguments = [
            "query", "findCoordinator", "--source", app, "--type", "address", "--from", "ShopCoordinator/LibraryCoordinator",
        ]
        let found = try JSONParser.parseValue(try NavinspectBinary.run(arguments + ["--json"]).stdout)
        #expect(
            found["id"]?.stringValue
                == "ShopCoordinator/ShelfCoordinator/BasketCoordinator/CheckoutCoordinator/AddressCoordinator")
        #expect(found["via"]?.arrayValue?.compactMap(\.stringValue) == ["ShopCoordinator/LibraryCoordinator/BasketCoordinator"])
        let human = try NavinspectBinary.run(arguments).stdout
        #expect(human.contains("via:  BasketCoordinator [ShopCoordinator/LibraryCoordinator/BasketCoordinator]"))
        let described = try NavinspectBinary.run(
            ["query", "describe", "--source", app, "--id", "ShopCoordinator/LibraryCoordinator/BasketCoordinator"]).stdout
        #expect(
            described.contains("same as     BasketCoordinator [ShelfCoordinator/BasketCoordinator]: its children are this one's"))
    }

    @Test("query --source and serve --source read the same tree from the sources")
    func sourceOption() throws {
        let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SourceIndexTests/Fixtures/BaseClass").path
        let queried = try NavinspectBinary.run(["query", "children", "--source", app, "--id", "LaunchCoordinator", "--json"])
        #expect(queried.status == 0)
        let children = try JSONParser.parseValue(queried.stdout)["children"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
        #expect(children == ["LaunchCoordinator/HomeFeedCoordinator", "LaunchCoordinator/SignInCoordinator"])

        let served = try NavinspectBinary.Served(["--source", app])
        served.client.initialize()
        #expect(served.client.notification("navinspect/treeDidChange")?["params"]?["root"] == "LaunchCoordinator")
        let answer = served.client.request("navinspect/children", ["id": "LaunchCoordinator"])
        #expect(answer?["result"]?["children"]?.arrayValue?.count == 2)
        served.client.notify("exit")
        _ = served.waitForExit()

        let both = try NavinspectBinary.run(["query", "tree", "--source", app, "--tree", "x.json"])
        #expect(both.status != 0 && both.stderr.contains("not both"))
    }

    @Test(
        "index draws a progress bar on a terminal, and none into a pipe",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "script(1) gives the command a terminal"))
    func progressBar() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-many-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for number in 0..<249 {
            try "struct Model\(number) {}".write(
                to: folder.appendingPathComponent("Model\(number).swift"), atomically: true, encoding: .utf8)
        }
        try
            "protocol Coordinator: AnyObject { var children: [Coordinator] { get }; func start() }\nfinal class AppCoordinator: Coordinator { var children: [Coordinator] = []; func start() {} }"
            .write(to: folder.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
        // script(1) gives the command a terminal, as a person running it has.
        let onTerminal = try NavinspectBinary.runProgram(
            "/usr/bin/script", ["-qec", "\(NavinspectBinary.path) index \(folder.path) -o /dev/null", "/dev/null"])
        #expect(onTerminal.stdout.contains("scanning [") && onTerminal.stdout.contains("] 250/250 files"))
        let piped = try NavinspectBinary.run(["index", folder.path, "-o", "/dev/null"])
        #expect(!piped.stderr.contains("scanning [") && piped.stderr.contains("250 Swift files (1 parsed)"))
    }
}
