import Foundation
import Testing

@testable import SourceIndex

@Suite("Long files read whole are parsed in parts, one per core")
struct FilePartsTests {
    /// The ProtocolStyle app with a long generated file of mocks that holds a coordinator.
    private func appWithMocks(broken: Bool = false) throws -> URL {
        let folder = try copy(of: "ProtocolStyle")
        let generated = folder.appendingPathComponent("Greenhouse/Generated")
        try FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true)
        try FilePiecesTests.mocks(count: 300, broken: broken).write(
            to: generated.appendingPathComponent("Mocks.swift"), atomically: true, encoding: .utf8)
        return folder
    }

    /// Read whole in any case; `parts` says whether a long file is parsed in two parts, however
    /// many files are parsed with it and however many cores there are.
    private func workspace(_ folder: URL, parts: Bool) -> SourceWorkspace {
        SourceWorkspace(
            directory: folder.path, pieceThreshold: .max, partThreshold: parts ? 1024 : .max, partCount: 2,
            partsBelow: .max)
    }

    /// The tree, then every class with where it is declared and created.
    private func described(_ index: SourceIndex) -> [String] {
        rendered(index) + index.classes.map { "\($0.name) \($0.declaration) \($0.creations) \($0.childClasses)" }
    }

    @Test("parts are cut between top-level declarations, near equal, none shorter than a piece")
    func cutNearEqual() {
        let bytes = Array(FilePiecesTests.mocks(count: 100).utf8)
        let scan = WordScan(bytes)
        for count in [2, 3] {
            let parts = FilePieces.parts(of: bytes, ends: scan.topLevelEnds, count: count, threshold: 1024)
            let ranges = parts.map(\.range)
            #expect(parts.count == count)
            #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == bytes.count)
            #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            #expect(ranges.allSatisfy { $0.count >= FilePieces.smallestPiece })
            // Each within a mock's length or two of an equal share.
            #expect(ranges.allSatisfy { abs($0.count - bytes.count / count) < 1024 })
            // Each part starts where a piece may, at the top level.
            #expect(parts.allSatisfy { $0.header == nil && !$0.closes })
            #expect(
                ranges.dropFirst().allSatisfy { range in
                    scan.topLevelEnds.contains { FilePieces.cut(after: $0, in: bytes) == range.lowerBound }
                })
        }
        #expect(FilePieces.parts(of: bytes, ends: scan.topLevelEnds, count: 1, threshold: 1024).count == 1)
        #expect(FilePieces.parts(of: bytes, ends: scan.topLevelEnds, count: 2).count == 1, "shorter than the threshold")
    }

    /// A long coordinator of one class: members of every kind, a nested enum, an `#if` block, a
    /// stored property given `.init(…)` far from where it is declared, free functions around it.
    static func ledger(methods: Int) -> String {
        var text = """
            import UIKit

            func makeLedger() -> LedgerCoordinator { LedgerCoordinator(UINavigationController()) }

            @MainActor
            final class LedgerCoordinator: Coordinator, LedgerDelegate {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                let navigationController: UINavigationController
                private let audit: AuditCoordinator

                enum Column: String, CaseIterable {
                    case debit, credit
                }

                init(_ navigationController: UINavigationController) {
                    self.navigationController = navigationController
                    self.audit = .init(navigationController)
                }

                func start() {
                    navigationController.setViewControllers([LedgerViewController()], animated: false)
                }

            """
        for number in 0..<methods {
            text += """
                    /// Opens entry \(number) { of the ledger }.
                    func openEntry\(number)(_ id: String) {
                        let entry = EntryCoordinator(navigationController, id: "\\(id) {\(number)}")
                        entry.finishDelegate = self
                        childCoordinators.append(entry)
                        entry.start()
                    }

                    var total\(number): Int {
                        Column.allCases.count + \(number)
                    }

                """
            if number == methods / 2 {
                text += """
                        #if DEBUG
                        func dump() {
                            print(childCoordinators)
                        }
                        #endif

                    """
            }
        }
        text += """
                func startAudit() {
                    self.audit = .init(navigationController)
                    audit.start()
                }
            }

            extension LedgerCoordinator: CoordinatorFinishDelegate {
                func coordinatorDidFinish(childCoordinator: Coordinator) {
                    childCoordinators.removeAll { $0 === childCoordinator }
                }
            }

            func ledgerTitle() -> String { "Ledger" }

            """
        return text
    }

    /// All a summary says of each type, offsets and lines included.
    static func described(_ summary: FileSummary) -> [String] {
        summary.types.map { type in
            let functions = type.functions.map { function in
                "\(function.name)@\(function.line):\(function.nameOffset) \(function.parameters.map(\.name)) "
                    + function.calls.map { "\($0.base ?? "-").\($0.name)@\($0.line):\($0.column):\($0.offset)" }
                    .joined(separator: ",") + " \(function.assignments.map { "\($0.target)@\($0.offset)" })"
                    + " \(function.bindings.map { "\($0.name)@\($0.offset)" }) \(function.returns.count)"
            }
            let properties = type.properties.map { "\($0.name): \($0.typeText)@\($0.line):\($0.nameOffset)" }
            return "\(type.name) \(type.kind) \(type.isNested) \(type.file):\(type.line):\(type.nameOffset) \(type.inherited) "
                + "\(functions) \(properties) \(type.cases.map(\.name)) \(type.calledNames.sorted()) "
                + "\(type.referencedNames.sorted()) \(type.assignedThroughOthers.sorted())"
        } + ["digest \(summary.callGraphDigest)"]
    }

    @Test("a file of one long class is cut between its members, and its parts together summarize as the whole")
    func oneClassInParts() throws {
        let bytes = Array(Self.ledger(methods: 120).utf8)
        let scan = WordScan(bytes)
        let lines = LineStarts(bytes)
        let whole = SourceWorkspace.summarize(bytes, path: "Ledger.swift")
        for count in [2, 3, 4] {
            let parts = FilePieces.parts(
                of: bytes, ends: scan.topLevelEnds, members: scan.memberEnds, count: count, threshold: 1024)
            #expect(parts.count == count)
            // Every part after the first starts inside the class, after its header.
            let headers = parts.dropFirst().map { $0.header.map { String(decoding: bytes[$0], as: UTF8.self) } }
            #expect(headers == Array(repeating: "class LedgerCoordinator: Coordinator, LedgerDelegate {", count: count - 1))
            #expect(parts.dropLast().allSatisfy(\.closes) && !parts.last!.closes)
            // No cut inside the `#if` block.
            let (opened, closed) = bytes.withUnsafeBufferPointer { text in
                (
                    ByteSearch.firstIndex(of: "#if DEBUG", in: text, from: 0)!,
                    ByteSearch.firstIndex(of: "#endif", in: text, from: 0)!
                )
            }
            #expect(!parts.contains { (opened...closed).contains($0.range.lowerBound) })
            let summaries = parts.map { part in
                (part, SourceWorkspace.summarize(part, of: bytes, path: "Ledger.swift", lines: lines, conditions: .unknown))
            }
            #expect(summaries.allSatisfy { $0.1.problems.isEmpty })
            let joined = try #require(FilePart.joined(summaries, path: "Ledger.swift"))
            #expect(Self.described(joined) == Self.described(whole))
        }
        // `.init(…)` given to the stored property in the last part still makes an `AuditCoordinator`.
        let startAudit = whole.types.first { $0.name == "LedgerCoordinator" }?.functions.first { $0.name == "startAudit" }
        #expect(startAudit?.calls.contains { $0.base == "AuditCoordinator" && $0.name == "init" } == true)
    }

    @Test("a file parsed in parts gives what one parse of it gives, and is counted once")
    func partsAsOneParse() throws {
        let folder = try appWithMocks()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inParts = workspace(folder, parts: true)
        let parts = inParts.index()
        let whole = workspace(folder, parts: false).index()
        #expect(described(parts) == described(whole))
        #expect(parts.problems == whole.problems)
        #expect(parts.parsedFileCount == whole.parsedFileCount)
        #expect(parts.work.filesParsed == whole.work.filesParsed)
        #expect(parts.work.filesParsedInParts == 1 && whole.work.filesParsedInParts == 0)
        // Each part of the long file is a unit of its own.
        let entries = inParts.lastEntries
        let mocks = try #require(entries.firstIndex { $0.path.hasSuffix("Mocks.swift") })
        #expect(entries[mocks].parts?.count == 2)
        let units = SourceWorkspace.units(of: [mocks], in: entries, cores: 2, inParts: [0])
        #expect(units.count == entries[mocks].parts?.count ?? 1)
    }

    @Test("parts only when fewer files than cores are parsed: not at a first index, after an edit of the long file")
    func partsAfterAnEdit() throws {
        let folder = try appWithMocks()
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = SourceWorkspace(
            directory: folder.path, pieceThreshold: .max, partThreshold: 1024, partCount: 2, partsBelow: 2)
        let first = workspace.index()
        #expect(first.work.filesParsed > 2 && first.work.filesParsedInParts == 0)
        try (FilePiecesTests.mocks(count: 300) + "\nstruct Added {}\n").write(
            to: folder.appendingPathComponent("Greenhouse/Generated/Mocks.swift"), atomically: true, encoding: .utf8)
        let again = workspace.index()
        #expect(again.work.filesParsed == 1 && again.work.filesParsedInParts == 1)
        #expect(described(again) == described(self.workspace(folder, parts: false).index()))
    }

    @Test("a part that does not parse: the file is parsed in one go, and the problem is at its line")
    func brokenPartParsedWhole() throws {
        let folder = try appWithMocks(broken: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let parts = workspace(folder, parts: true).index()
        let whole = workspace(folder, parts: false).index()
        // Parsed in parts, then again in one go: counted once, and not as parsed in parts.
        #expect(parts.work.filesParsed == whole.work.filesParsed && parts.work.filesParsedInParts == 0)
        #expect(parts.problems.contains { $0.file == "Greenhouse/Generated/Mocks.swift" })
        #expect(parts.problems == whole.problems)
        #expect(described(parts) == described(whole))
    }

    @Test("an edit of the long file is parsed again in parts, as a fresh index in one go reads it")
    func reindexAfterEdit() throws {
        let folder = try appWithMocks()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inParts = workspace(folder, parts: true)
        _ = inParts.index()
        let edited = FilePiecesTests.mocks(count: 320).replacingOccurrences(
            of: "extension GardenCoordinator", with: "extension JournalCoordinator")
        try edited.write(
            to: folder.appendingPathComponent("Greenhouse/Generated/Mocks.swift"), atomically: true, encoding: .utf8)
        let after = inParts.index()
        #expect(after.work.filesParsed == 1 && after.work.filesParsedInParts == 1)
        #expect(after.classes.first { $0.name == "JournalCoordinator" }?.childClasses.contains("HarvestCoordinator") == true)
        #expect(described(after) == described(workspace(folder, parts: false).index()))
    }
}
