import CoordinatorModel
import Foundation
import Testing

@testable import SourceIndex

/// A large file is cut between its top-level declarations, and only the pieces that mention a
/// name the index asks for are parsed: the tree, the lines and the problems stay those of the
/// whole file.
@Suite("Large files read in pieces")
struct FilePiecesTests {
    /// The ranges `text` is cut into when every cut is allowed, as the texts of the pieces.
    private func pieces(of text: String) -> [String] {
        let bytes = Array(text.utf8)
        let ends = WordScan(bytes).topLevelEnds
        return FilePieces.ranges(of: bytes, ends: ends, threshold: 0, smallest: 1).map {
            String(decoding: bytes[$0], as: UTF8.self)
        }
    }

    @Test("a file is cut after each top-level declaration, at the start of the next line")
    func cutBetweenDeclarations() {
        let text = """
            import UIKit

            final class GardenMock {
                func water() { log("}") }
            }
            // A brace in a comment: }
            @MainActor
            struct Seed {
                let name = "{ not a brace }"
            }

            """
        #expect(
            pieces(of: text) == [
                "import UIKit\n\nfinal class GardenMock {\n    func water() { log(\"}\") }\n}\n",
                "// A brace in a comment: }\n@MainActor\nstruct Seed {\n    let name = \"{ not a brace }\"\n}\n",
            ])
    }

    @Test("never inside an `#if`, nor before what continues the expression or statement")
    func noCutInsideAConditionOrAnExpression() {
        let text = """
            #if DEBUG
            extension Seed {
                func dump() {}
            }
            #endif
            let view = Stack {
            }
            .padding()
            if ready {
            }
            else {
            }
            do {
            }
            catch {
            }
            let label = "\\(items.map { $0 })"
            struct Tail {}

            """
        let cut = pieces(of: text)
        #expect(cut.joined() == text, "the pieces cover the file")
        // No cut inside the `#if` block, nor before a member chain, `else` or `catch`: the `do`
        // statement and what follows its `catch` start pieces.
        #expect(cut.count == 3)
        #expect(cut.dropFirst().first == "do {\n}\ncatch {\n}\n")
        #expect(cut.last == "let label = \"\\(items.map { $0 })\"\nstruct Tail {}\n")
    }

    @Test("a file under the threshold is one piece")
    func smallFileWhole() {
        let bytes = Array("struct A {}\nstruct B {}\n".utf8)
        #expect(FilePieces.ranges(of: bytes, ends: WordScan(bytes).topLevelEnds, threshold: 1024) == [0..<bytes.count])
    }

    /// A summary's types as lines: name, kind, line, offset, and each member's line, offset and calls.
    private func summaryLines(_ types: [TypeFacts]) -> [String] {
        types.map { type in
            let functions = type.functions.map { function in
                "\(function.name)@\(function.line):\(function.nameOffset) "
                    + function.calls.map { "\($0.name)@\($0.line):\($0.column):\($0.offset)" }.joined(separator: ",")
            }
            let properties = type.properties.map { "\($0.name)@\($0.line):\($0.nameOffset)" }
            return "\(type.name) \(type.kind) \(type.file):\(type.line):\(type.nameOffset) \(functions) \(properties)"
        }
    }

    @Test("the pieces' summaries together are the whole file's, with the file's lines and offsets")
    func piecesSummarizeAsTheWhole() {
        let bytes = Array(Self.mocks(count: 40).utf8)
        let ranges = FilePieces.ranges(of: bytes, ends: WordScan(bytes).topLevelEnds, threshold: 0, smallest: 512)
        #expect(ranges.count > 5)
        let whole = SourceWorkspace.summarize(bytes, path: "Mocks.swift")
        let lines = LineStarts(bytes)
        let pieces = ranges.flatMap {
            SourceWorkspace.summarize(bytes, path: "Mocks.swift", range: $0, lines: lines).types
        }
        #expect(summaryLines(pieces) == summaryLines(whole.types))
        #expect(summaryLines(whole.types).count == 82)
    }

    /// A generated file of `count` mocks, with braces in strings and comments and an `#if`
    /// block, then a coordinator the app starts from an extension, all in the one file.
    static func mocks(count: Int, broken: Bool = false, harvestBroken: Bool = false) -> String {
        var text = "// Generated: do not edit.\nimport UIKit\n\n"
        for number in 0..<count {
            text += """
                /// A mock of service \(number). }
                final class Service\(number)Mock: Service\(number) {
                    var calls = 0
                    func run(_ input: String) -> String {
                        calls += 1
                        return "{\\(input)} \(number)"
                    }
                }

                #if DEBUG
                extension Service\(number)Mock {
                    func reset() { calls = 0 }
                }
                #endif

                """
            if number == count / 3, broken {
                text += "struct BrokenMock {\n    let = 5\n}\n\n"
            }
            if number == count / 2 {
                text += """
                    final class HarvestCoordinator: Coordinator {
                        let navigationController: UINavigationController
                        var childCoordinators: [Coordinator] = []
                        init(_ navigationController: UINavigationController) { self.navigationController = navigationController }

                        func start() {
                            navigationController.pushViewController(HarvestViewController(), animated: \(harvestBroken ? "(" : "false"))
                        }
                    }

                    extension GardenCoordinator {
                        func harvestWasSelected() {
                            let harvest = HarvestCoordinator(navigationController)
                            childCoordinators.append(harvest)
                            harvest.start()
                        }
                    }

                    """
            }
        }
        return text
    }

    /// The ProtocolStyle app with a large generated file of mocks.
    private func appWithMocks(broken: Bool = false, harvestBroken: Bool = false) throws -> URL {
        let folder = try copy(of: "ProtocolStyle")
        try write(Self.mocks(count: 300, broken: broken, harvestBroken: harvestBroken), in: folder)
        return folder
    }

    private func write(_ mocks: String, in folder: URL) throws {
        let generated = folder.appendingPathComponent("Greenhouse/Generated")
        try FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true)
        try mocks.write(to: generated.appendingPathComponent("Mocks.swift"), atomically: true, encoding: .utf8)
    }

    /// Counts what an index parses, as its progress tells: a file, or a piece of one.
    private final class ParseCount: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    private func indexed(_ workspace: SourceWorkspace, parseEverything: Bool = false) -> (SourceIndex, parsed: Int) {
        let parsed = ParseCount()
        let index = workspace.index(parseEverything: parseEverything) { progress in
            if progress.phase == .parsing { parsed.add() }
        }
        return (index, parsed.value)
    }

    /// The tree, then every class with where it is declared and created.
    private func described(_ index: SourceIndex) -> [String] {
        rendered(index)
            + index.classes.map { "\($0.name) \($0.declaration) \($0.creations) \($0.childClasses)" }
    }

    @Test("only the pieces that mention the family are parsed, and the tree is the whole file's")
    func onlyNeededPiecesParsed() throws {
        let folder = try appWithMocks()
        let (pieces, piecesParsed) = indexed(SourceWorkspace(directory: folder.path, pieceThreshold: 1024))
        let (whole, wholeParsed) = indexed(SourceWorkspace(directory: folder.path, pieceThreshold: .max, partThreshold: .max))
        let (everything, everythingParsed) = indexed(
            SourceWorkspace(directory: folder.path, pieceThreshold: 1024), parseEverything: true)
        #expect(described(pieces) == described(whole))
        #expect(described(pieces) == described(everything))
        #expect(pieces.classes.contains { $0.name == "HarvestCoordinator" && $0.nodeIDs.count == 1 })
        #expect(pieces.problems == whole.problems)
        #expect(pieces.fileCount == 7 && whole.fileCount == 7 && everything.fileCount == 7)
        #expect(pieces.parsedFileCount == whole.parsedFileCount)
        #expect(everything.parsedFileCount == 7)
        // Parsing everything parses every piece: the file is cut into dozens.
        #expect(everythingParsed > 6 + 10)
        // The mocks file is one parse read whole; read in pieces, the one piece that holds the
        // coordinator and its extension, and the two beside it, which extend a mock it declares
        // or declare one it extends (a type's members are read together).
        #expect(piecesParsed == wholeParsed + 2)
    }

    @Test("a declaration that does not parse is reported, at its line, only when its piece is read")
    func problemsOfReadPiecesOnly() throws {
        let unneeded = try appWithMocks(broken: true)
        let pieces = SourceWorkspace(directory: unneeded.path, pieceThreshold: 1024).index()
        let whole = SourceWorkspace(directory: unneeded.path, pieceThreshold: .max, partThreshold: .max).index()
        let brokenLine =
            Self.mocks(count: 300, broken: true).split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.hasPrefix("struct BrokenMock") }! + 1
        let mocks = "Greenhouse/Generated/Mocks.swift"
        #expect(!pieces.problems.contains { $0.file == mocks })
        #expect(whole.problems.filter { $0.file == mocks }.map(\.line) == [brokenLine + 1])
        #expect(described(pieces) == described(whole))

        let needed = try appWithMocks(harvestBroken: true)
        let neededPieces = SourceWorkspace(directory: needed.path, pieceThreshold: 1024).index()
        let neededWhole = SourceWorkspace(directory: needed.path, pieceThreshold: .max, partThreshold: .max).index()
        #expect(neededPieces.problems.filter { $0.file == mocks }.count == 1)
        #expect(neededPieces.problems == neededWhole.problems)
    }

    @Test("an edit of the large file is read again, as a fresh index reads it")
    func reindexAfterEdit() throws {
        let folder = try appWithMocks()
        let workspace = SourceWorkspace(directory: folder.path, pieceThreshold: 1024)
        let before = workspace.index()
        #expect(before.classes.first { $0.name == "GardenCoordinator" }?.childClasses.contains("HarvestCoordinator") == true)
        // The extension now starts the harvest from the journal instead, and more mocks come.
        let edited = Self.mocks(count: 320).replacingOccurrences(
            of: "extension GardenCoordinator", with: "extension JournalCoordinator")
        try write(edited, in: folder)
        let after = workspace.index()
        let fresh = SourceWorkspace(directory: folder.path, pieceThreshold: 1024).index()
        #expect(described(after) == described(fresh))
        #expect(after.classes.first { $0.name == "JournalCoordinator" }?.childClasses.contains("HarvestCoordinator") == true)
        #expect(after.classes.first { $0.name == "GardenCoordinator" }?.childClasses.contains("HarvestCoordinator") == false)
        #expect(
            described(after)
                == described(SourceWorkspace(directory: folder.path, pieceThreshold: .max, partThreshold: .max).index()))
    }
}

@Suite("The pieces of a large file that share a type are read together")
struct SharedTypePiecesTests {
    /// An app whose root is a class named as a coordinator that conforms to no coordinator protocol (an `NSObject`), made by the scene delegate;
    /// what it shows first is made in an extension of it, cut from the class into a piece of its
    /// own that names no coordinator.
    private func appWithCoordinatorAndController() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-shared-\(UUID().uuidString)")
        let sources = folder.appendingPathComponent("Library")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let notes = (1...90).map { "    /// Note \($0): the shelves are dusted on Mondays and the ledgers closed on Fridays." }
        let files = [
            "SceneDelegate.swift": HelperFileTests.sceneDelegate(
                "LibraryCoordinator", made: "LibraryCoordinator(window: window)"),
            "LibraryCoordinator.swift": """
            import UIKit

            final class LibraryCoordinator: NSObject {
                let window: UIWindow
            \(notes.joined(separator: "\n"))
                init(window: UIWindow) {
                    self.window = window
                }
            }

            extension LibraryCoordinator {
                func start() {
                    let shelves = ShelvesViewController()
                    window.rootViewController = shelves
                    window.makeKeyAndVisible()
                }
            }
            """,
            "ShelvesViewController.swift": """
            import UIKit

            final class ShelvesViewController: UISplitViewController {
                var coordinators: [Coordinator] = []

                override func viewDidLoad() {
                    super.viewDidLoad()
                    let catalog = CatalogCoordinator(navigationController: UINavigationController())
                    coordinators.append(catalog)
                    catalog.start()
                }
            }
            """,
            "Coordinators.swift": """
            import UIKit

            \(HelperFileTests.coordinatorProtocol)

            final class CatalogCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                let navigationController: UINavigationController

                init(navigationController: UINavigationController) {
                    self.navigationController = navigationController
                }

                func start() {
                    navigationController.setViewControllers([CatalogViewController()], animated: false)
                    let loans = LoansCoordinator(navigationController: navigationController)
                    childCoordinators.append(loans)
                    loans.start()
                }
            }

            final class LoansCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                let navigationController: UINavigationController

                init(navigationController: UINavigationController) {
                    self.navigationController = navigationController
                }

                func start() {}
            }
            """,
        ]
        for (name, text) in files {
            try Data(text.utf8).write(to: sources.appendingPathComponent(name))
        }
        return folder
    }

    @Test("the pieces asked for of one file are dealt out to a unit per core, the file counted once")
    func piecesOnEveryCore() {
        typealias CachedFile = SourceWorkspace.CachedFile
        func entry(_ path: String, _ text: String) -> [CachedFile] {
            let bytes = Array(text.utf8)
            return CachedFile.scanned(path: path, version: .overlay(text), bytes: bytes, threshold: 1024).readEntries
        }
        let mocks = FilePiecesTests.mocks(count: 100)
        let entries = entry("A.swift", "struct A {}\n") + entry("Mocks.swift", mocks) + entry("Z.swift", "struct Z {}\n")
        let pieces = entries.indices.filter { entries[$0].range != nil }
        #expect(pieces.count > 4)
        let asked = [0, entries.count - 1] + pieces
        let units = SourceWorkspace.units(of: asked, in: entries, cores: 2)
        // A unit per whole file, in order, then two for the pieces, which share their bytes evenly.
        #expect(units.count == 4)
        #expect(units.prefix(2).map(\.places) == [[0], [1]])
        #expect(Set(units.suffix(2).flatMap(\.places)) == Set(2..<asked.count))
        let shares = units.suffix(2).map { $0.places.reduce(0) { $0 + entries[asked[$1]].size } }
        #expect(abs(shares[0] - shares[1]) <= pieces.map { entries[$0].size }.max()!)
        #expect(units.filter(\.counted).count == 3)
        // One core: the file's pieces are one unit, read once.
        #expect(SourceWorkspace.units(of: pieces, in: entries, cores: 1).map(\.places) == [Array(pieces.indices)])
    }

    @Test("a class and its extension in two pieces: the extension is read with the class, and the tree is the whole file's")
    func extensionReadWithItsClass() throws {
        let folder = try appWithCoordinatorAndController()
        defer { try? FileManager.default.removeItem(at: folder) }
        let controller = try Data(contentsOf: folder.appendingPathComponent("Library/LibraryCoordinator.swift"))
        let scan = WordScan(Array(controller))
        #expect(FilePieces.ranges(of: Array(controller), ends: scan.topLevelEnds, threshold: 1024).count == 2)
        let pieces = SourceWorkspace(directory: folder.path, pieceThreshold: 1024).index()
        let whole = SourceWorkspace(directory: folder.path, pieceThreshold: .max, partThreshold: .max).index()
        #expect(whole.draft.root == "LibraryCoordinator")
        #expect(rendered(pieces) == rendered(whole))
        #expect(pieces.problems == whole.problems)
    }
}
