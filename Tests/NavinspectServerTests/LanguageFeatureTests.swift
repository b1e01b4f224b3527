import Foundation
import JSON
import TestSupport
import Testing

/// A small app written to a fresh folder: the files the editor tests open and change.
struct EditorApp {
    static let files: [String: String] = [
        "Coordinator.swift": """
        protocol Coordinator: AnyObject {
            var childCoordinators: [Coordinator] { get set }
            var type: CoordinatorType { get }
            func start()
        }

        enum CoordinatorType { case app, home, settings }

        extension Coordinator {
            func findCoordinator(type: CoordinatorType) -> Coordinator? {
                nil
            }
        }
        """,
        "AppCoordinator.swift": """
        final class AppCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            var type: CoordinatorType { .app }

            func start() {
                let home = HomeCoordinator()
                childCoordinators.append(home)
                home.start()
            }

            func openSettings() {
                let settings = SettingsCoordinator()
                childCoordinators.append(settings)
                settings.start()
            }

            func showHome() {
                findCoordinator(type: .home)?.start()
            }
        }

        final class SceneDelegate {
            let app = AppCoordinator()
        }
        """,
        "Screens/HomeCoordinator.swift": """
        final class HomeCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            var type: CoordinatorType { .home }
            func start() {}
        }
        """,
        "Screens/SettingsCoordinator.swift": """
        final class SettingsCoordinator: Coordinator {
            var parent: AppCoordinator?
            var childCoordinators: [Coordinator] = []
            var type: CoordinatorType { .settings }
            func start() {}
        }
        """,
    ]

    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-editor-\(UUID().uuidString)")
        for (name, text) in Self.files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    func uri(_ file: String) -> String { fileURI(folder.appendingPathComponent(file).path) }

    /// The LSP position of the `occurrence`-th `needle` in `file`, `offset` characters into it.
    static func position(of needle: String, in file: String, occurrence: Int = 1, offset: Int = 1) -> JSONValue {
        let lines = files[file]!.split(separator: "\n", omittingEmptySubsequences: false)
        var seen = 0
        for (number, line) in lines.enumerated() {
            guard let range = line.range(of: needle) else { continue }
            seen += 1
            if seen == occurrence {
                let character = line.utf16.distance(from: line.startIndex, to: range.lowerBound) + offset
                return ["line": .int(number), "character": .int(character)]
            }
        }
        fatalError("\(needle) not in \(file)")
    }

    func at(_ file: String, _ needle: String, occurrence: Int = 1) -> JSONValue {
        ["textDocument": ["uri": .string(uri(file))], "position": Self.position(of: needle, in: file, occurrence: occurrence)]
    }
}

@Suite("The language server in an editor's workspace")
struct LanguageFeatureTests {
    /// A server initialized on a fresh copy of the app, its first index done.
    private func served(progress: Bool = false) throws -> (ServerHarness, EditorApp) {
        let app = try EditorApp()
        let harness = ServerHarness()
        harness.client.initialize(
            folder: app.folder.path, capabilities: progress ? ["window": ["workDoneProgress": true]] : [:])
        return (harness, app)
    }

    @Test("initialize claims the features it serves, and no documentSymbol")
    func capabilities() throws {
        let app = try EditorApp()
        let harness = ServerHarness()
        defer { harness.finish() }
        let result = try #require(harness.client.initialize(folder: app.folder.path))
        let capabilities = try #require(result["capabilities"])
        #expect(capabilities["hoverProvider"] == true)
        #expect(capabilities["definitionProvider"] == true)
        #expect(capabilities["referencesProvider"] == true)
        #expect(capabilities["workspaceSymbolProvider"] == true)
        #expect(capabilities["codeLensProvider"]?["resolveProvider"] == false)
        #expect(capabilities["textDocumentSync"]?["change"] == 2, "incremental")
        #expect(capabilities["documentSymbolProvider"] == nil)
        #expect(harness.client.notification("navinspect/treeDidChange")?["params"]?["root"] == "AppCoordinator")
    }

    @Test("the workspace is indexed with work-done progress once the client creates the token")
    func progress() throws {
        let (harness, _) = try served(progress: true)
        defer { harness.finish() }
        let client = harness.client
        let create = try #require(client.waitFor { $0["method"] == "window/workDoneProgress/create" })
        let token = try #require(create["params"]?["token"])
        #expect(client.notification("navinspect/treeDidChange", timeout: 1) == nil, "no index before the token exists")
        client.reply(to: create)
        #expect(client.notification("navinspect/treeDidChange")?["params"]?["coordinators"] == 3)
        let progress = client.arrivals.filter { $0["method"] == "$/progress" && $0["params"]?["token"] == token }
        let kinds = progress.compactMap { $0["params"]?["value"]?["kind"]?.stringValue }
        #expect(kinds.first == "begin")
        _ = client.waitFor { $0["method"] == "$/progress" && $0["params"]?["value"]?["kind"] == "end" }
        let all = client.arrivals.filter { $0["method"] == "$/progress" }.compactMap { $0["params"]?["value"] }
        #expect(all.last?["kind"] == "end")
        #expect(all.last?["message"]?.stringValue?.contains("4 Swift files") == true)
        let percentages = all.compactMap { $0["percentage"]?.intValue }
        #expect(percentages == percentages.sorted(), "progress only rises")
    }

    @Test("without work-done progress support, no token is asked for")
    func noProgress() throws {
        let (harness, _) = try served()
        defer { harness.finish() }
        #expect(harness.client.notification("navinspect/treeDidChange") != nil)
        #expect(!harness.client.arrivals.contains { $0["method"] == "window/workDoneProgress/create" })
        #expect(!harness.client.arrivals.contains { $0["method"] == "$/progress" })
    }

    @Test("hover on a coordinator class: its path from the root, its type, its children, who creates it")
    func hoverClass() throws {
        let (harness, app) = try served()
        defer { harness.finish() }
        let hover = harness.client.request("textDocument/hover", app.at("AppCoordinator.swift", "HomeCoordinator()"))
        let text = try #require(hover?["result"]?["contents"]?["value"]?.stringValue)
        #expect(text.contains("**HomeCoordinator** · type `.home`"))
        #expect(text.contains("Path: AppCoordinator → HomeCoordinator"))
        #expect(text.contains("Created by: AppCoordinator.start() on launch"))
        let range = hover?["result"]?["range"]
        #expect(range?["start"] == EditorApp.position(of: "HomeCoordinator()", in: "AppCoordinator.swift", offset: 0))
    }

    @Test("hover on findCoordinator(type:): what the app's own search returns from the calling class")
    func hoverFindCoordinator() throws {
        let (harness, app) = try served()
        defer { harness.finish() }
        let hover = harness.client.request("textDocument/hover", app.at("AppCoordinator.swift", "home)?"))
        let text = try #require(hover?["result"]?["contents"]?["value"]?.stringValue)
        #expect(text.contains("`findCoordinator(type: .home)` from **AppCoordinator**"))
        #expect(text.contains("returns **HomeCoordinator** (`AppCoordinator/HomeCoordinator`)"))
        #expect(text.contains("Only **HomeCoordinator** has type `.home`."))
        let nothing = harness.client.request("textDocument/hover", app.at("AppCoordinator.swift", "childCoordinators.append"))
        #expect(nothing?["result"] == .null)
    }

    @Test("definition: from a type case to the classes declaring it, from a class name to its declaration")
    func definition() throws {
        let (harness, app) = try served()
        defer { harness.finish() }
        let fromCase = harness.client.request("textDocument/definition", app.at("AppCoordinator.swift", "home)?"))
        let home = try #require(fromCase?["result"]?.arrayValue?.first)
        #expect(home["uri"] == .string(app.uri("Screens/HomeCoordinator.swift")))
        #expect(home["range"]?["start"] == ["line": 0, "character": 12])
        let fromName = harness.client.request("textDocument/definition", app.at("AppCoordinator.swift", "SettingsCoordinator()"))
        #expect(fromName?["result"]?.arrayValue?.first?["uri"] == .string(app.uri("Screens/SettingsCoordinator.swift")))
    }

    @Test("references: every place that creates the class, and its declaration when asked")
    func references() throws {
        let (harness, app) = try served()
        defer { harness.finish() }
        var params = app.at("Screens/HomeCoordinator.swift", "HomeCoordinator").objectValue!
        params["context"] = ["includeDeclaration": true]
        let found = try #require(harness.client.request("textDocument/references", .object(params))?["result"]?.arrayValue)
        #expect(found.count == 2)
        #expect(
            found.map { $0["uri"] } == [
                .string(app.uri("Screens/HomeCoordinator.swift")), .string(app.uri("AppCoordinator.swift")),
            ])
        #expect(
            found.last?["range"]?["start"] == EditorApp.position(of: "HomeCoordinator()", in: "AppCoordinator.swift", offset: 0))
    }

    @Test("code lenses on each coordinator declaration, and the command reveals the coordinator")
    func codeLenses() throws {
        let (harness, app) = try served()
        defer { harness.finish() }
        let lenses = harness.client.request(
            "textDocument/codeLens", ["textDocument": ["uri": .string(app.uri("AppCoordinator.swift"))]])
        let lens = try #require(lenses?["result"]?.arrayValue?.first)
        #expect(lens["command"]?["title"] == "root · 2 children · type .app · started on launch")
        #expect(lens["command"]?["command"] == "navinspect.revealCoordinator")
        #expect(lens["range"]?["start"] == ["line": 0, "character": 12])

        let settings = harness.client.request(
            "textDocument/codeLens", ["textDocument": ["uri": .string(app.uri("Screens/SettingsCoordinator.swift"))]])
        let title = settings?["result"]?.arrayValue?.first?["command"]?["title"]
        #expect(title == "parent: AppCoordinator · 0 children · type .settings · on demand: openSettings")
        let arguments = try #require(settings?["result"]?.arrayValue?.first?["command"]?["arguments"])

        let revealed = harness.client.request(
            "workspace/executeCommand", ["command": "navinspect.revealCoordinator", "arguments": arguments])
        #expect(revealed?["result"]?["path"] == ["AppCoordinator", "AppCoordinator/SettingsCoordinator"])
    }

    @Test("workspace/symbol finds coordinators by the letters of their name, in order")
    func symbols() throws {
        let (harness, _) = try served()
        defer { harness.finish() }
        let found = harness.client.request("workspace/symbol", ["query": "hc"])?["result"]?.arrayValue
        #expect(found?.map { $0["name"] } == ["HomeCoordinator"])
        #expect(found?.first?["kind"] == 5)
        let all = harness.client.request("workspace/symbol", ["query": "coord"])?["result"]?.arrayValue
        #expect(all?.count == 3)
        #expect(harness.client.request("workspace/symbol", ["query": "zzz"])?["result"] == [])
    }

    @Test("diagnostics are published for the files whose findings changed, and follow unsaved edits")
    func diagnosticsFollowEdits() throws {
        let (harness, app) = try served()
        defer { harness.finish() }
        let client = harness.client
        let settings = app.uri("Screens/SettingsCoordinator.swift")
        let first = try #require(
            client.waitFor { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(settings) })
        #expect(first["params"]?["diagnostics"]?.arrayValue?.count == 1)
        #expect(first["params"]?["diagnostics"]?.arrayValue?.first?["code"] == "weak-parent-reference")
        #expect(first["params"]?["diagnostics"]?.arrayValue?.first?["severity"] == 2)
        #expect(first["params"]?["diagnostics"]?.arrayValue?.first?["range"]?["start"] == ["line": 1, "character": 8])

        let text = EditorApp.files["Screens/SettingsCoordinator.swift"]!
        client.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": .string(settings), "languageId": "swift", "version": 1, "text": .string(text)]])
        // Type "weak " in front of the property, without saving.
        client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(settings), "version": 2],
                "contentChanges": [
                    ["range": ["start": ["line": 1, "character": 4], "end": ["line": 1, "character": 4]], "text": "weak "]
                ],
            ])
        let cleared = try #require(
            client.waitFor { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(settings) })
        #expect(cleared["params"]?["diagnostics"] == [])
        #expect(cleared["params"]?["version"] == 2)
        // The app's other file was not republished: its findings did not change.
        let other = JSONValue.string(app.uri("AppCoordinator.swift"))
        let published = client.arrivals.filter {
            $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == other
        }
        #expect(published.count == 1)
    }

    @Test("the tree follows the unsaved buffer: a flow typed in is in the tree and in the hover")
    func treeFollowsBuffer() throws {
        let (harness, app) = try served()
        defer { harness.finish() }
        let client = harness.client
        _ = client.notification("navinspect/treeDidChange")
        let file = "Screens/HomeCoordinator.swift"
        let uri = app.uri(file)
        client.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": .string(uri), "languageId": "swift", "version": 1, "text": .string(EditorApp.files[file]!)]])
        client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(uri), "version": 2],
                "contentChanges": [
                    [
                        "range": ["start": ["line": 3, "character": 20], "end": ["line": 3, "character": 20]],
                        "text": "\n    func editTapped() { childCoordinators.append(SettingsCoordinator()) }",
                    ]
                ],
            ])
        let changed = client.waitFor { $0["method"] == "navinspect/treeDidChange" && $0["params"]?["coordinators"] == 4 }
        #expect(changed != nil)
        let hover = client.request("textDocument/hover", app.at("AppCoordinator.swift", "SettingsCoordinator()"))
        let text = try #require(hover?["result"]?["contents"]?["value"]?.stringValue)
        #expect(text.contains("HomeCoordinator.editTapped() on demand"))

        // Closing without saving goes back to the disk's text.
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        #expect(client.waitFor { $0["method"] == "navinspect/treeDidChange" && $0["params"]?["coordinators"] == 3 } != nil)
    }

    @Test("a file changed on disk is read again on didChangeWatchedFiles")
    func watchedFiles() throws {
        let (harness, app) = try served()
        defer { harness.finish() }
        let client = harness.client
        #expect(client.notification("navinspect/treeDidChange")?["params"]?["coordinators"] == 3)
        let home = app.folder.appendingPathComponent("Screens/HomeCoordinator.swift")
        try EditorApp.files["Screens/HomeCoordinator.swift"]!.replacingOccurrences(
            of: "func start() {}", with: "func start() { childCoordinators.append(SettingsCoordinator()) }"
        ).write(to: home, atomically: true, encoding: .utf8)
        client.notify(
            "workspace/didChangeWatchedFiles",
            ["changes": [["uri": .string(app.uri("Screens/HomeCoordinator.swift")), "type": 2]]])
        #expect(client.notification("navinspect/treeDidChange")?["params"]?["coordinators"] == 4)
    }

    @Test("without a workspace folder the features answer empty, and bad params get -32602")
    func noWorkspace() throws {
        let harness = ServerHarness()
        defer { harness.finish() }
        harness.client.initialize()
        let position: JSONValue = ["textDocument": ["uri": "file:///nowhere/A.swift"], "position": ["line": 0, "character": 0]]
        #expect(harness.client.request("textDocument/hover", position)?["result"] == .null)
        #expect(harness.client.request("workspace/symbol", ["query": "a"])?["result"] == [])

        let (served, app) = try served()

        defer { served.finish() }
        let missing = served.client.request(
            "textDocument/hover", ["textDocument": ["uri": .string(app.uri("AppCoordinator.swift"))]])
        #expect(missing?.errorCode == -32602)
    }
}
