import Foundation
import SourceIndex
import Testing

@Suite("Files that name coordinators only as types are not parsed")
struct TypeOnlyMentionTests {
    /// ProtocolStyle with `files` added under `Greenhouse/Screens`.
    private func app(with files: [String: String]) throws -> URL {
        let folder = try copy(of: "ProtocolStyle")
        let screens = folder.appendingPathComponent("Greenhouse/Screens")
        try FileManager.default.createDirectory(at: screens, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: screens.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// A screen that holds its coordinator, is given it, casts to it and calls it: nothing it
    /// does declares, makes or hands out a coordinator.
    private let screen = """
        import UIKit

        final class GardenScreen: UIViewController {
            weak var coordinator: GardenCoordinator?
            private var flow: any Coordinator
            init(coordinator: GardenCoordinator, flow: Coordinator) {
                self.coordinator = coordinator
                self.flow = flow
                super.init(nibName: nil, bundle: nil)
            }
            func tapped(_ sender: AnyObject) {
                if let garden = sender as? GardenCoordinator { garden.start() }
                coordinator?.start()
            }
        }
        """

    @Test("a screen that holds, is given and casts to a coordinator is not parsed, and the tree is the same")
    func typeOnlyFileIsSkipped() throws {
        let folder = try app(with: ["GardenScreen.swift": screen])
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = SourceWorkspace(directory: folder.path).index()
        let everything = SourceWorkspace(directory: folder.path).index(parseEverything: true)
        // The six files of ProtocolStyle, not the screen.
        #expect(index.fileCount == 7)
        #expect(index.parsedFileCount == 6)
        #expect(rendered(index) == rendered(everything))
        #expect(index.problems == everything.problems)
    }

    @Test(
        "a file that also makes, declares or hands out a coordinator through a type's name is parsed",
        arguments: [
            // Made from the declared type: `let detail: PlantDetailCoordinator = .init(…)`.
            "let made: PlantDetailCoordinator = .init(UINavigationController())",
            // A factory: the type after `->`.
            "func makeDetail() -> PlantDetailCoordinator { fatalError() }",
            // A computed property whose getter may make one.
            "var detail: PlantDetailCoordinator { fatalError() }",
            // An optional stored property with a value.
            "var detail: PlantDetailCoordinator? = nil",
            // A type given as a value.
            "let kind = PlantDetailCoordinator.self",
        ])
    func makingFileIsParsed(member: String) throws {
        let text = screen.replacingOccurrences(of: "    func tapped", with: "    \(member)\n    func tapped")
        let folder = try app(with: ["GardenScreen.swift": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = SourceWorkspace(directory: folder.path).index()
        #expect(index.parsedFileCount == 7)
    }

    @Test("a file naming coordinators only as types is parsed when it declares a protocol or an enum")
    func declaringFileIsParsed() throws {
        let delegate = """
            protocol GardenScreenDelegate: AnyObject {
                func screenDidClose(_ coordinator: GardenCoordinator)
            }
            """
        let route = """
            enum GardenRoute {
                case open(coordinator: GardenCoordinator)
            }
            """
        let folder = try app(with: [
            "GardenScreen.swift": screen, "GardenScreenDelegate.swift": delegate, "GardenRoute.swift": route,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(SourceWorkspace(directory: folder.path).index().parsedFileCount == 8)
    }

    @Test("a base class a coordinator inherits from is parsed though it names coordinators only as types")
    func inheritedBaseIsParsed() throws {
        let folder = try app(with: [
            "FlowBase.swift": """
            class FlowBase {
                weak var parent: AppCoordinator?
            }
            """,
            "ReaderCoordinator.swift": """
            final class ReaderCoordinator: FlowBase, Coordinator {
                var childCoordinators: [Coordinator] = []
                func start() {}
            }
            """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = SourceWorkspace(directory: folder.path).index()
        let everything = SourceWorkspace(directory: folder.path).index(parseEverything: true)
        #expect(index.parsedFileCount == 8)
        #expect(rendered(index) == rendered(everything))
        #expect(index.problems == everything.problems)
    }

    @Test("indexed again, a screen that starts making a coordinator is parsed, as in a fresh index")
    func reindexFollowsTheChange() throws {
        let folder = try app(with: ["GardenScreen.swift": screen])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Greenhouse/Screens/GardenScreen.swift")
        let workspace = SourceWorkspace(directory: folder.path)
        #expect(workspace.index().parsedFileCount == 6)
        let making = screen.replacingOccurrences(
            of: "coordinator?.start()", with: "PlantDetailCoordinator(UINavigationController()).start()")
        try making.write(to: file, atomically: true, encoding: .utf8)
        let again = workspace.index()
        let fresh = SourceWorkspace(directory: folder.path).index()
        #expect(again.parsedFileCount == 7)
        #expect(fresh.parsedFileCount == 7)
        #expect(rendered(again) == rendered(fresh))
        #expect(again.problems == fresh.problems)
    }
}
