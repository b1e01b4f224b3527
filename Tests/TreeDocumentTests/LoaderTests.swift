import CoordinatorModel
import Foundation
import JSON
import Testing
import TreeDocument

@Suite("The built-in example")
struct BuiltInExampleTests {
    @Test("loads from bytes and from a value with the same result")
    func bytesAndValue() throws {
        let fromBytes = try loadBytes(BuiltInExample.document).get()
        let fromValue = try loadValue(try JSONParser.parseValue(BuiltInExample.document)).get()
        #expect(fromBytes.count == 10)
        #expect(fromBytes.containers.count == 7)
        #expect(summary(fromValue) == summary(fromBytes))
        #expect(summary(try BuiltInExample.load().get()) == summary(fromBytes))
    }

    @Test("reads every part of the document")
    func contents() throws {
        let tree = try loadBytes(BuiltInExample.document).get()
        #expect(tree[tree.root].id == "app")
        #expect(tree.window.map { tree.containers[$0].id } == "rootNav")
        let tabs = try #require(tree.node(id: "tabs"))
        #expect(Array(tree.children(of: tabs)).map { tree[$0].id } == ["explore", "trips", "journal", "profile", "record"])
        #expect(tree[tabs].trigger == Trigger(method: "start", onLaunch: true))
        #expect(
            tree[tabs].source
                == CoordinatorModel.SourceLocation(file: "Trailhead/Coordinators/MainTabCoordinator.swift", line: 12))
        #expect(tree[tree.root].trigger == nil)
        let mainTabs = try #require(tree.container(id: "mainTabs"))
        #expect(tree.containers[mainTabs].kind == .tabBar)
        #expect(tree.containers[mainTabs].selectedIndex == 1)
        #expect(tree.containers[mainTabs].tabs.map(\.title) == ["Explore", "Trips", "Journal", "Profile"])
        #expect(tree.containers[mainTabs].presented.map { tree.containers[$0].id } == "recordNav")
        let rootNav = try #require(tree.container(id: "rootNav"))
        #expect(tree.containers[rootNav].stack.last?.embeds == mainTabs)
        #expect(tree.containers[rootNav].className == "UINavigationController")
    }

    @Test("survives serialize, pretty-print and load again")
    func reserialized() throws {
        let value = try JSONParser.parseValue(BuiltInExample.document)
        let original = summary(try loadBytes(BuiltInExample.document).get())
        #expect(summary(try loadBytes(value.serializedString()).get()) == original)
        #expect(summary(try loadBytes(value.serializedString(pretty: true)).get()) == original)
    }
}

@Suite("Loading from bytes")
struct BytesLoadingTests {
    @Test(
        "text that is not valid JSON is refused with the place of the problem",
        arguments: [
            ("{\n  \"navinspect\": 1,\n  \"root\": 'app'\n}", "line 3, column 11"),
            ("{\"navinspect\": 1,}", "line 1, column 18"),
            ("", "empty input"),
            ("{\"navinspect\": 1, \"coordinators\": [{\"id\": \"a\tb\"}]}", "raw control character"),
        ])
    func invalidJSON(_ text: String, _ words: String) {
        guard let issues = invalidIssues(loadBytes(text), path: "bytes:", sourceLocation: #_sourceLocation) else { return }
        #expect(issues.count == 1)
        #expect(issues.first?.pointer == "")
        #expect(issues.first?.reason.hasPrefix("not valid JSON: ") == true)
        #expect(issues.first?.reason.contains(words) == true, "\(issues)")
    }

    @Test("invalid UTF-8 inside a coordinator is refused, with its line")
    func invalidUTF8() {
        let bytes =
            Array(#"{"navinspect": 1, "root": "app","#.utf8) + Array("\n".utf8)
            + Array(#""coordinators": [{"id": "app", "class": "A"#.utf8) + [0xFF] + Array(#""}]}"#.utf8)
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(TreeLoadError) in try TreeDocumentLoader.load(bytes: buffer) }
        }
        guard let issues = invalidIssues(result, path: "bytes:", sourceLocation: #_sourceLocation) else { return }
        #expect(issues.map(\.pointer) == [""])
        #expect(issues.first?.reason.contains("line 2") == true, "\(issues)")
    }

    @Test("escaped member names are read like plain ones")
    func escapedNames() throws {
        let tree = try loadBytes(#"{"navinspec\u0074": 1, "root": "app", "co\u006Frdinators": [{"id": "app", "class": "A"}]}"#)
            .get()
        #expect(tree.count == 1)
    }

    @Test("null optional members are the same as absent ones")
    func nullMembers() throws {
        let document = treeDocument(
            window: "null",
            coordinators: [#"{"id": "app", "class": "App", "type": null, "source": null, "trigger": null, "navigation": null}"#],
            containers: [
                #"{"id": "tabs", "kind": "tabBar", "class": null, "presented": null, "selectedIndex": null, "tabs": [{"title": null, "icon": null, "tag": null, "container": null, "viewController": {"class": "VC", "owner": null}}]}"#
            ])
        let fromBytes = try loadBytes(document).get()
        #expect(summary(try loadValue(try JSONParser.parseValue(document)).get()) == summary(fromBytes))
        #expect(fromBytes.window == nil)
        #expect(fromBytes.containers[0].className == "UITabBarController")
        #expect(fromBytes.containers[0].selectedIndex == 0)
    }
}

@Suite("Loading files")
struct FileLoadingTests {
    /// A fresh directory for one test's files, removed at the end.
    final class TemporaryDirectory {
        let path: String

        init() throws {
            path = NSTemporaryDirectory() + "navinspect-tests-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        func file(_ name: String, _ contents: String) throws -> String {
            let file = path + "/" + name
            try Data(contents.utf8).write(to: URL(fileURLWithPath: file))
            return file
        }
    }

    /// Expects loading `path` to fail as unreadable with a reason containing `words`.
    func expectUnreadable(_ path: String, _ words: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        do {
            let tree = try TreeDocumentLoader.load(contentsOf: path)
            Issue.record("loaded \(tree.count) coordinators from \(path)", sourceLocation: sourceLocation)
        } catch {
            guard case .unreadable(let reportedPath, let reason) = error else {
                Issue.record("expected unreadable, got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(reportedPath == path, sourceLocation: sourceLocation)
            #expect(reason.contains(words), "\(reason)", sourceLocation: sourceLocation)
            #expect(error.description == "cannot read \(path): \(reason)", sourceLocation: sourceLocation)
        }
    }

    @Test("a valid file loads")
    func validFile() throws {
        let directory = try TemporaryDirectory()
        let tree = try TreeDocumentLoader.load(contentsOf: try directory.file("tree.json", BuiltInExample.document))
        #expect(summary(tree) == summary(try loadBytes(BuiltInExample.document).get()))
    }

    @Test("a missing file")
    func missing() throws {
        let directory = try TemporaryDirectory()
        expectUnreadable(directory.path + "/absent.json", "No such file or directory")
    }

    @Test("a directory")
    func directory() throws {
        let directory = try TemporaryDirectory()
        expectUnreadable(directory.path, "it is a directory, not a file")
    }

    @Test("an empty file")
    func empty() throws {
        let directory = try TemporaryDirectory()
        expectUnreadable(try directory.file("empty.json", ""), "the file is empty")
    }

    @Test("a file without read permission", .enabled(if: getuid() != 0, "root may read any file"))
    func noPermission() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.file("secret.json", BuiltInExample.document)
        try FileManager.default.setAttributes([.posixPermissions: 0o200], ofItemAtPath: file)
        expectUnreadable(file, "Permission denied")
    }

    @Test("a file that is not valid JSON")
    func invalidJSON() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.file(
            "broken.json", "{\n  \"navinspect\": 1,\n  \"root\": \"app\",\n  \"coordinators\": [,]\n}\n")
        do {
            _ = try TreeDocumentLoader.load(contentsOf: file)
            Issue.record("loaded a broken file")
        } catch {
            guard case .invalid(let document) = error else {
                Issue.record("expected invalid, got \(error)")
                return
            }
            #expect(document.issues.map(\.pointer) == [""])
            #expect(document.issues.first?.reason.contains("line 4, column 20") == true, "\(document)")
        }
    }

    @Test("a file with an invalid tree lists its issues")
    func invalidTree() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.file("tree.json", treeDocument(root: #""nobody""#))
        do {
            _ = try TreeDocumentLoader.load(contentsOf: file)
            Issue.record("loaded an invalid tree")
        } catch {
            guard case .invalid(let document) = error else {
                Issue.record("expected invalid, got \(error)")
                return
            }
            #expect(document.issues == [DocumentIssue(pointer: "/root", reason: "unknown coordinator id 'nobody'")])
        }
    }
}
