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

    /// The index of `folder`, and a full parse's (`parseEverything`), after checking that they
    /// agree on the convention and the tree: reading fewer files must change neither.
    private func indexes(of folder: URL, sourceLocation: SourceLocation = #_sourceLocation) -> (
        index: SourceIndex, everything: SourceIndex
    ) {
        let index = SourceWorkspace(directory: folder.path).index()
        let everything = SourceWorkspace(directory: folder.path).index(parseEverything: true)
        #expect(index.convention == everything.convention, sourceLocation: sourceLocation)
        #expect(rendered(index) == rendered(everything), sourceLocation: sourceLocation)
        return (index, everything)
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
        let (index, everything) = indexes(of: folder)
        #expect(index.fileCount == 8)
        #expect(index.parsedFileCount == 6)
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
        let index = indexes(of: folder).index
        #expect(index.convention?.root == "Coordinating")
        #expect(index.parsedFileCount == 4)
    }

    @Test(
        "a tree of the app's model (a group keeping groups) is not read while classes named as coordinators give a root so named"
    )
    func modelTreesWaitForTheCoordinators() throws {
        let model = [
            "Vault/Group.swift": "class Group {\n    var groups: [Group] = []\n    var entries: [Entry] = []\n}\n",
            "Vault/Entry.swift": "class Entry {\n    var title = \"\"\n}\n",
            "Vault/Folder.swift": "final class Folder: Group {}\n",
        ]
        let coordinators = [
            "Vault/Coordinator.swift":
                "protocol Coordinator: AnyObject {\n    var childCoordinators: [Coordinator] { get set }\n    func start()\n}\n",
            "Vault/VaultCoordinator.swift": """
            final class VaultCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                func start() {
                    let unlock = UnlockCoordinator()
                    childCoordinators.append(unlock)
                    unlock.start()
                }
            }
            """,
            "Vault/UnlockCoordinator.swift": """
            final class UnlockCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                func start() {}
            }
            """,
        ]
        let folder = try folder(with: model.merging(coordinators) { first, _ in first })
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = indexes(of: folder).index
        #expect(index.convention?.root == "Coordinator")
        // The protocol and the two coordinators; not the group, its subclass nor the entry.
        #expect(index.parsedFileCount == 3)

        // With no coordinator keeping coordinators, the classes named as coordinators are read
        // first, and give the convention: the model's tree is not read.
        let alone = try self.folder(
            with: model.merging([
                "Vault/VaultCoordinator.swift":
                    "final class VaultCoordinator {\n    func start() { UnlockCoordinator().start() }\n}\n",
                "Vault/UnlockCoordinator.swift": "final class UnlockCoordinator {\n    func start() {}\n}\n",
            ]) { first, _ in first })
        defer { try? FileManager.default.removeItem(at: alone) }
        let second = indexes(of: alone).index
        #expect(second.convention?.root.contains("Coordinat") == true)
        // The two classes named as coordinators; not the group (the only candidate).
        #expect(second.parsedFileCount == 2)

        // A class named as a coordinator that gives no convention: the candidates are read after
        // it; the model's tree starts nothing, so it is no convention either, as a full parse finds.
        let unnamed = try self.folder(
            with: model.merging(["Vault/ExportCoordinator.swift": "final class ExportCoordinator {}\n"]) { first, _ in first })
        defer { try? FileManager.default.removeItem(at: unnamed) }
        let third = indexes(of: unnamed).index
        #expect(third.convention == nil)
        // The class named as a coordinator, then the group, the only candidate.
        #expect(third.parsedFileCount == 2)
    }

    @Test(
        "when the candidates named as coordinators give no root so named, the others are read too, and the convention is a full parse's"
    )
    func laterCandidatesWhenTheNamedGiveNoNamedRoot() throws {
        let folder = try folder(with: [
            // Named as a coordinator, but its root is `Node` (a class keeping its base), which
            // has no start method: a weaker candidate than the protocol below.
            "App/LegacyCoordinator.swift": "class LegacyCoordinator {}\n",
            "App/Node.swift": "final class Node: LegacyCoordinator {\n    var nodes: [LegacyCoordinator] = []\n}\n",
            "App/Presentable.swift": """
            protocol Presentable: AnyObject {
                var children: [Presentable] { get set }
                func start()
            }
            """,
            "App/Root.swift": """
            final class Root: Presentable {
                var children: [Presentable] = []
                func start() {
                    let home = Home()
                    children.append(home)
                    home.start()
                }
            }
            """,
            "App/Home.swift": "final class Home: Presentable {\n    var children: [Presentable] = []\n    func start() {}\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let everything = indexes(of: folder).everything
        #expect(everything.convention?.root == "Presentable")
    }
}
