import CoordinatorModel
import Foundation
import SourceIndex
import Testing

/// A copy of a fixture app in a fresh temporary folder, which a test may change.
func copy(of name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-workspace-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: fixture(name)), to: folder)
    return folder
}

/// The draft as lines that show every node's id, class, type, trigger, children and container,
/// then the window and every container.
func rendered(_ index: SourceIndex) -> [String] {
    index.draft.coordinators.map { node in
        let trigger = node.trigger.map { "\($0.method)/\($0.onLaunch)" } ?? "-"
        return "\(node.id) \(node.className) \(node.type ?? "-") \(trigger) \(node.children) \(node.navigation ?? "-")"
    } + ["window \(index.draft.window ?? "-")"] + index.draft.containers.map { "\($0)" }
}

@Suite("Indexing again: skipped files, the cache, changed and unsaved files")
struct WorkspaceTests {
    @Test(
        "skipping the files that cannot matter gives the same result as parsing every file",
        arguments: [
            "ProtocolStyle", "RouterStyle", "VariadicFlows", "BaseClass", "Renamed", "Assembled", "Relaunched", "RxStore",
            "PackagedBase", "RoutedLibrary", "NamedOnly", "Built", "Navigators", "WithExtension", "ModuleRouter",
            "Factories", "SplitLaunch", "MixedLegacy", "Delegated", "Bridged", "Injected", "SteppedTabs",
            "BuildFlags", "Behaviors", "NamedMain", "KitExtensions",
        ])
    func skippingChangesNothing(fixture name: String) {
        let skipping = SourceWorkspace(directory: fixture(name)).index()
        let everything = SourceWorkspace(directory: fixture(name)).index(parseEverything: true)
        #expect(rendered(skipping) == rendered(everything))
        #expect(skipping.draft.root == everything.draft.root)
        #expect(skipping.convention == everything.convention)
        #expect(skipping.problems == everything.problems)
        #expect(everything.parsedFileCount == everything.fileCount)
    }

    @Test("files that mention no coordinator are scanned but not parsed")
    func unrelatedFilesAreSkipped() throws {
        let folder = try copy(of: "ProtocolStyle")
        for number in 0..<20 {
            try "struct Plant\(number) { var name: String; var waterings: [Date] }".write(
                to: folder.appendingPathComponent("Plant\(number).swift"), atomically: true, encoding: .utf8)
        }
        let index = SourceWorkspace(directory: folder.path).index()
        #expect(index.fileCount == 26)
        #expect(index.parsedFileCount == 6)
        #expect(index.draft.coordinators.count == 8)
    }

    @Test("a view whose previews alone make coordinators is not parsed, and the tree is a full parse's")
    func previewsAreNoReasonToParse() throws {
        let folder = try copy(of: "ProtocolStyle")
        try """
        import SwiftUI

        struct PlantCard: View {
            var body: some View { Text("Plant") }
        }

        struct PlantCard_Previews: PreviewProvider {
            static var previews: some View {
                PlantCard().onAppear { PlantDetailCoordinator(UINavigationController()).start() }
            }
        }

        #Preview {
            PlantCard().onAppear { GardenCoordinator(UINavigationController()).start() }
        }
        """.write(to: folder.appendingPathComponent("PlantCard.swift"), atomically: true, encoding: .utf8)
        let index = SourceWorkspace(directory: folder.path).index()
        let everything = SourceWorkspace(directory: folder.path).index(parseEverything: true)
        #expect(index.fileCount == 7)
        #expect(index.parsedFileCount == 6)
        #expect(rendered(index) == rendered(everything))
        #expect(index.problems == everything.problems)
    }

    @Test("dependencies, tests, build products, hidden folders and Xcode templates are not the app's code")
    func skippedFolders() throws {
        let folder = try copy(of: "ProtocolStyle")
        for path in [
            "Pods/Lib/Lib.swift", "AppTests/AppTests.swift", ".build/Gen.swift", "Templates/Screen.xctemplate/Screen.swift",
            "Carthage/Checkouts/Kit.swift",
        ] {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "final class Stray\(abs(path.hashValue)): Coordinator {}".write(to: url, atomically: true, encoding: .utf8)
        }
        let index = SourceWorkspace(directory: folder.path).index()
        #expect(index.fileCount == 6)
        #expect(!index.coordinatorClasses.contains { $0.hasPrefix("Stray") })
    }

    @Test("a library kept inside the app has an example app that is not the app's code; indexed alone, its example is")
    func librarysExample() throws {
        let folder = try copy(of: "ProtocolStyle")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = folder.appendingPathComponent("Kit")
        for path in ["Kit.podspec", "Sources/Kit.swift", "Example/DemoCoordinator.swift"] {
            let url = library.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "final class \(url.deletingPathExtension().lastPathComponent): Coordinator {}".write(
                to: url, atomically: true, encoding: .utf8)
        }
        let app = SourceWorkspace(directory: folder.path).index()
        #expect(app.fileCount == 7)
        #expect(!app.coordinatorClasses.contains("DemoCoordinator"))
        let alone = SourceWorkspace(directory: library.path).index()
        #expect(alone.fileCount == 2)
    }

    @Test("an index with nothing changed reads and parses nothing, and gives the same tree")
    func unchangedReindex() throws {
        let workspace = SourceWorkspace(directory: fixture("ProtocolStyle"))
        let first = workspace.index()
        #expect(first.work == IndexWork(filesStatted: 6, filesRead: 6, filesParsed: 6))
        // The second index lists the folder again, under a watch; the third asks the watch.
        let second = workspace.index()
        #expect(second.work == IndexWork(filesStatted: 6, filesRead: 0, filesParsed: 0))
        let third = workspace.index()
        #expect(third.work == IndexWork(filesStatted: 0, filesRead: 0, filesParsed: 0))
        #expect(rendered(second) == rendered(first))
        #expect(rendered(third) == rendered(first))
    }

    @Test("after one file changes, only it is read and parsed again, and the tree follows it")
    func changedFile() throws {
        let folder = try copy(of: "ProtocolStyle")
        let workspace = SourceWorkspace(directory: folder.path)
        let before = workspace.index()
        #expect(!before.draft.coordinators.contains { $0.id.hasSuffix("SettingsCoordinator/AddPlantCoordinator") })

        let tabs = folder.appendingPathComponent("Greenhouse/Coordinators/Tabs.swift")
        let text = try String(contentsOf: tabs, encoding: .utf8)
        try text.replacingOccurrences(
            of: "    func start() {}\n}",
            with: """
                    func start() {}

                    func addTapped() {
                        childCoordinators.append(AddPlantCoordinator(navigationController))
                    }
                }
                """
        ).write(to: tabs, atomically: true, encoding: .utf8)

        let after = workspace.index()
        #expect(after.work.filesRead == 1)
        #expect(after.work.filesParsed == 1)
        let added = after.draft.coordinators.first { $0.id.hasSuffix("SettingsCoordinator/AddPlantCoordinator") }
        #expect(added?.trigger == Trigger(method: "addTapped", onLaunch: false))
        #expect(rendered(after) == rendered(SourceWorkspace(directory: folder.path).index()), "the same as a fresh index")
    }

    @Test("after edits that change which classes are coordinators, an index again equals a fresh one")
    func incrementalEqualsFresh() throws {
        let folder = try copy(of: "ProtocolStyle")
        let workspace = SourceWorkspace(directory: folder.path)
        _ = workspace.index()
        let tabs = folder.appendingPathComponent("Greenhouse/Coordinators/Tabs.swift")
        let original = try String(contentsOf: tabs, encoding: .utf8)
        let model = folder.appendingPathComponent("Greenhouse/Seedling.swift")
        let edits: [(URL, String)] = [
            // A class stops being a coordinator: the family loses a name.
            (
                tabs,
                original.replacingOccurrences(
                    of: "final class SettingsCoordinator: Coordinator", with: "final class SettingsCoordinator")
            ),
            // A file that named no coordinator starts to declare and create one.
            (model, "final class SeedlingCoordinator: Coordinator {\n    func start() {}\n}\n"),
            (
                tabs,
                original.replacingOccurrences(
                    of: "func plantWasSelected() {",
                    with: "func plantWasSelected() {\n        childCoordinators.append(SeedlingCoordinator())")
            ),
            (tabs, original),
        ]
        for (url, text) in edits {
            try text.write(to: url, atomically: true, encoding: .utf8)
            let again = workspace.index()
            let fresh = SourceWorkspace(directory: folder.path).index()
            #expect(rendered(again) == rendered(fresh))
            #expect(again.problems == fresh.problems)
            #expect(again.coordinatorClasses == fresh.coordinatorClasses)
        }
    }

    @Test("when the file declaring the convention's root goes and comes back, the convention is decided again")
    func conventionsFileGoneAndBack() throws {
        let folder = try copy(of: "ProtocolStyle")
        let workspace = SourceWorkspace(directory: folder.path)
        let first = workspace.index()
        #expect(first.convention?.root == "Coordinator")
        let declaring = folder.appendingPathComponent("Greenhouse/Coordinators/Coordinator.swift")
        let text = try String(contentsOf: declaring, encoding: .utf8)
        try FileManager.default.removeItem(at: declaring)
        // No file that changed declares the root, but one that declared it is gone.
        let gone = workspace.index()
        let freshGone = SourceWorkspace(directory: folder.path).index()
        #expect(gone.convention == freshGone.convention)
        #expect(gone.convention != first.convention)
        #expect(rendered(gone) == rendered(freshGone))
        #expect(gone.problems == freshGone.problems)
        try text.write(to: declaring, atomically: true, encoding: .utf8)
        let back = workspace.index()
        #expect(back.convention == first.convention)
        #expect(rendered(back) == rendered(first))
    }

    @Test("from the second index on, only the files the folder's watch names are stat'ed")
    func watchedFolder() throws {
        let folder = try copy(of: "ProtocolStyle")
        let workspace = SourceWorkspace(directory: folder.path)
        _ = workspace.index()
        _ = workspace.index()

        // Written in place, and saved as editors do: a new file renamed over the old one.
        let flows = folder.appendingPathComponent("Greenhouse/Coordinators/Flows.swift")
        let text = try String(contentsOf: flows, encoding: .utf8)
        let handle = try FileHandle(forWritingTo: flows)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\n// a note\n".utf8))
        try handle.close()
        let inPlace = workspace.index()
        #expect(inPlace.work == IndexWork(filesStatted: 1, filesRead: 1, filesParsed: 1))

        let tabs = folder.appendingPathComponent("Greenhouse/Coordinators/Tabs.swift")
        let edited = try String(contentsOf: tabs, encoding: .utf8).replacingOccurrences(
            of: "var type: CoordinatorType = .garden", with: "var type: CoordinatorType = .lawn")
        try edited.write(to: tabs, atomically: true, encoding: .utf8)
        let renamed = workspace.index()
        #expect(renamed.work == IndexWork(filesStatted: 1, filesRead: 1, filesParsed: 1))
        #expect(renamed.draft.coordinators.first { $0.className == "GardenCoordinator" }?.type == "lawn")
        #expect(rendered(renamed) == rendered(SourceWorkspace(directory: folder.path).index()))

        // A deleted file is stat'ed once more, and leaves.
        try FileManager.default.removeItem(at: flows)
        let deleted = workspace.index()
        #expect(deleted.work.filesStatted == 1)
        #expect(deleted.fileCount == 5)
        #expect(!deleted.draft.coordinators.contains { $0.className == "PlantDetailCoordinator" })

        // A new folder is not watched yet: the folder is listed again, and its file found.
        let detail = folder.appendingPathComponent("Greenhouse/Detail")
        try FileManager.default.createDirectory(at: detail, withIntermediateDirectories: true)
        try text.write(to: detail.appendingPathComponent("Flows.swift"), atomically: true, encoding: .utf8)
        let listedAgain = workspace.index()
        #expect(listedAgain.work.filesStatted == 6)
        #expect(listedAgain.fileCount == 6)
        #expect(rendered(listedAgain) == rendered(SourceWorkspace(directory: folder.path).index()))
        // Once listed under a watch that covers the new folder, edits there are seen one by one.
        _ = workspace.index()
        try (text + "\n// again\n").write(to: detail.appendingPathComponent("Flows.swift"), atomically: true, encoding: .utf8)
        let inNewFolder = workspace.index()
        #expect(inNewFolder.work == IndexWork(filesStatted: 1, filesRead: 1, filesParsed: 1))
    }

    @Test("a folder gone before the watch is made leaves no watch: the folder is listed until one can be made")
    func watchOverAGoneFolder() throws {
        let folder = try copy(of: "ProtocolStyle")
        let extra = folder.appendingPathComponent("Greenhouse/Extra")
        try FileManager.default.createDirectory(at: extra, withIntermediateDirectories: true)
        try "struct Note {}\n".write(to: extra.appendingPathComponent("Note.swift"), atomically: true, encoding: .utf8)
        let workspace = SourceWorkspace(directory: folder.path)
        #expect(workspace.index().fileCount == 7)
        try FileManager.default.removeItem(at: extra)
        // The watch would cover the folders of the last listing, one of which is gone.
        let second = workspace.index()
        #expect(second.work.filesStatted == 6)
        #expect(second.fileCount == 6)
        #expect(workspace.index().work.filesStatted == 6)
        #expect(workspace.index().work.filesStatted == 0)
        #expect(rendered(workspace.index()) == rendered(SourceWorkspace(directory: folder.path).index()))
    }

    @Test("a factory that changes what it makes changes the classes that call it, though their files did not change")
    func factoryChangeReachesCallers() throws {
        let folder = try copy(of: "Assembled")
        let workspace = SourceWorkspace(directory: folder.path)
        let before = workspace.index()
        #expect(before.draft.coordinators.contains { $0.id.hasSuffix("HarborCoordinator/LedgerCoordinator@start") })
        let assembly = folder.appendingPathComponent("FlowAssembly.swift")
        let original = try String(contentsOf: assembly, encoding: .utf8)
        try original.replacingOccurrences(of: "LedgerCoordinator(pageSize: 40)", with: "TransferCoordinator()")
            .write(to: assembly, atomically: true, encoding: .utf8)
        let after = workspace.index()
        #expect(after.work.filesParsed == 1)
        // The ledger made in `start()` is now a transfer; HarborCoordinator's file did not change.
        #expect(after.draft.coordinators.contains { $0.id.hasSuffix("HarborCoordinator/TransferCoordinator@start") })
        #expect(!after.draft.coordinators.contains { $0.id.hasSuffix("HarborCoordinator/LedgerCoordinator@start") })
        #expect(rendered(after) == rendered(SourceWorkspace(directory: folder.path).index()))
        #expect(after.classes.map(\.childClasses) == SourceWorkspace(directory: folder.path).index().classes.map(\.childClasses))

        try original.write(to: assembly, atomically: true, encoding: .utf8)
        let back = workspace.index()
        #expect(rendered(back) == rendered(before))
    }

    @Test("a factory's name makes a file read where the file calls it, not where it names a property or a case")
    func factoryNamesAreLookedForAsCalls() throws {
        let folder = try copy(of: "Assembled")
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = SourceWorkspace(directory: folder.path).index()
        // `destination(for:)` returns what carries a coordinator: a factory, and a common word.
        try """
        struct Signpost {
            var destination: String
            func label() -> String { destination.uppercased() }
        }

        enum Trip {
            case destination, origin
        }
        """.write(to: folder.appendingPathComponent("Signpost.swift"), atomically: true, encoding: .utf8)
        try """
        extension FlowAssembly {
            func firstPlace() -> Destination {
                destination(for: .anchorage)
            }
        }
        """.write(to: folder.appendingPathComponent("Shortcuts.swift"), atomically: true, encoding: .utf8)
        let index = SourceWorkspace(directory: folder.path).index()
        #expect(index.fileCount == before.fileCount + 2)
        // The file that calls the factory is read; the one with a property and a case of its name is not.
        #expect(index.parsedFileCount == before.parsedFileCount + 1)
        let everything = SourceWorkspace(directory: folder.path).index(parseEverything: true)
        #expect(rendered(index) == rendered(everything))
        #expect(index.problems == everything.problems)
    }

    @Test("a factory choosing among several coordinators: a change to what it may make reaches the class that calls it")
    func choosingFactoryChange() throws {
        let folder = try copy(of: "Assembled")
        let workspace = SourceWorkspace(directory: folder.path)
        let before = workspace.index()
        let harbor = "AppDelegate/HarborCoordinator/"
        #expect(before.draft.coordinators.contains { $0.id == harbor + "PierCoordinator" && $0.trigger?.onLaunch == false })
        let assembly = folder.appendingPathComponent("FlowAssembly.swift")
        let original = try String(contentsOf: assembly, encoding: .utf8)
        try original.replacingOccurrences(of: "PierCoordinator(berths: 12)", with: "ReceiptCoordinator(number: 12)")
            .write(to: assembly, atomically: true, encoding: .utf8)
        let after = workspace.index()
        // The receipt is now made in two places by HarborCoordinator, and nothing makes the pier.
        #expect(after.draft.coordinators.contains { $0.id == harbor + "ReceiptCoordinator@open" })
        #expect(after.draft.coordinators.contains { $0.id == harbor + "ReceiptCoordinator@receiptTapped" })
        #expect(!after.draft.coordinators.contains { $0.className == "PierCoordinator" })
        #expect(after.problems.contains { $0.reason.hasPrefix("PierCoordinator is never created") })
        #expect(rendered(after) == rendered(SourceWorkspace(directory: folder.path).index()))
    }

    @Test("a deleted file leaves the tree, and a new one joins it")
    func deletedAndAddedFiles() throws {
        let folder = try copy(of: "ProtocolStyle")
        let workspace = SourceWorkspace(directory: folder.path)
        _ = workspace.index()
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Greenhouse/Coordinators/Flows.swift"))
        let without = workspace.index()
        #expect(without.fileCount == 5)
        #expect(!without.draft.coordinators.contains { $0.className == "PlantDetailCoordinator" })

        try """
        final class PlantDetailCoordinator: Coordinator {
            weak var finishDelegate: CoordinatorFinishDelegate?
            var childCoordinators: [Coordinator] = []
            var type: CoordinatorType = .plantDetail
            init(_ navigationController: UINavigationController) {}
            func start() {}
        }
        """.write(to: folder.appendingPathComponent("Detail.swift"), atomically: true, encoding: .utf8)
        let with = workspace.index()
        #expect(with.work.filesRead == 1)
        #expect(with.draft.coordinators.filter { $0.className == "PlantDetailCoordinator" }.count == 2)
    }

    @Test("an unsaved buffer replaces the file's text, and an index without it goes back to the disk")
    func overlays() throws {
        let workspace = SourceWorkspace(directory: fixture("ProtocolStyle"))
        let onDisk = workspace.index()
        let path = "Greenhouse/Coordinators/Tabs.swift"
        let text = try String(contentsOfFile: fixture("ProtocolStyle") + "/" + path, encoding: .utf8)
        let edited = text.replacingOccurrences(
            of: "var type: CoordinatorType = .garden", with: "var type: CoordinatorType = .lawn")
        let unsaved = workspace.index(overlays: [path: edited])
        #expect(unsaved.work.filesRead == 1)
        #expect(unsaved.work.filesParsed == 1)
        #expect(unsaved.draft.coordinators.first { $0.className == "GardenCoordinator" }?.type == "lawn")
        let back = workspace.index()
        #expect(back.draft.coordinators.first { $0.className == "GardenCoordinator" }?.type == "garden")
        #expect(rendered(back) == rendered(onDisk))
    }
}
