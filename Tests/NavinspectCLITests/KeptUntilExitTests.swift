import Foundation
import SourceIndex
import Testing

@testable import NavinspectCLI

/// Commands that index sources and then end the process leave the index to the process's end.
@Suite("Kept until exit")
struct KeptUntilExitTests {
    /// A fixture app per test: the kept values are the process's, shared by tests running at once.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../SourceIndexTests/Fixtures/\(name)").standardized.path
    }

    final class Marker {}

    @Test("a kept value outlives every other reference to it")
    func keepsValues() {
        weak var weakMarker: Marker?
        do {
            let marker = Marker()
            weakMarker = marker
            KeptUntilExit.keep(marker)
        }
        #expect(weakMarker != nil)
    }

    @Test("index keeps its workspace and index instead of freeing them")
    func indexKeepsItsWorkspace() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let fixture = Self.fixture("RouterStyle")
        var command = try IndexCommand.parse([fixture, "-o", output])
        try command.run()
        let workspaces = KeptUntilExit.kept.compactMap { ($0 as? (SourceWorkspace, SourceIndex))?.0 }
        #expect(workspaces.contains { $0.directory == fixture })
        #expect(FileManager.default.fileExists(atPath: output))
    }

    @Test("query --source keeps the index it answers from")
    func queryKeepsItsWorkspace() throws {
        let fixture = Self.fixture("ProtocolStyle")
        let options = try TreeOptions.parse(["--source", fixture])
        let tree = try options.loadTree()
        let root = try #require(tree[tree.root].id as String?)
        let kept = KeptUntilExit.kept.compactMap { $0 as? (SourceWorkspace, SourceIndex) }
        #expect(kept.contains { $0.0.directory == fixture && $0.1.draft.root == root })
    }
}
