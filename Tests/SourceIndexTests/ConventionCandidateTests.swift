import Foundation
import SourceIndex
import Testing

@Suite("The first round reads only the arrays that can keep children of their own kind")
struct ConventionCandidateTests {
    /// A fresh folder holding `files`, by relative path.
    private func folder(with files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-candidates-\(UUID().uuidString)")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test("an array of a model class is not read to find the convention, and the tree is the same")
    func modelArraysAreSkipped() throws {
        let folder = try copy(of: "ProtocolStyle")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in [
            "Plant.swift": "final class Plant { var name = \"\" }",
            "PlantList.swift": "final class PlantList { var plants: [Plant] = [] }",
        ] {
            try text.write(to: folder.appendingPathComponent("Greenhouse/\(name)"), atomically: true, encoding: .utf8)
        }
        let index = SourceWorkspace(directory: folder.path).index()
        let everything = SourceWorkspace(directory: folder.path).index(parseEverything: true)
        #expect(index.fileCount == 8)
        #expect(index.parsedFileCount == 6)
        #expect(index.convention == everything.convention)
        #expect(rendered(index) == rendered(everything))
        #expect(index.problems == everything.problems)
    }

    @Test("children kept as an array of a protocol reached through a base class in another file give the convention")
    func childrenOfAnAncestor() throws {
        let folder = try folder(with: [
            "App/Coordinating.swift": "protocol Coordinating: AnyObject {\n    func start()\n}\n",
            "App/BaseFlow.swift": "class BaseFlow<Route>: Coordinating {\n    func start() {}\n}\n",
            "App/AppCoordinator.swift": """
            final class AppCoordinator: BaseFlow<Void> {
                var children: [Coordinating] = []
                override func start() {
                    let home = HomeCoordinator()
                    children.append(home)
                    home.start()
                }
            }
            """,
            "App/HomeCoordinator.swift": "final class HomeCoordinator: BaseFlow<Int> {}\n",
            "App/Note.swift": "final class Note {}\n",
            "App/NoteStore.swift": "final class NoteStore {\n    var notes: [Note] = []\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = SourceWorkspace(directory: folder.path).index()
        let everything = SourceWorkspace(directory: folder.path).index(parseEverything: true)
        #expect(index.convention?.root == "Coordinating")
        #expect(index.convention == everything.convention)
        #expect(rendered(index) == rendered(everything))
        #expect(index.parsedFileCount == 4)
    }
}
