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

    @Test("index keeps its workspace and index instead of freeing them")
    func indexKeepsItsWorkspace() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let fixture = Self.fixture("RouterStyle")
        let command = try IndexCommand.parse([fixture, "-o", output])
        try command.run()
        #expect(KeptUntilExit.kept.contains { $0.workspace.directory == fixture })
        #expect(FileManager.default.fileExists(atPath: output))
    }

    @Test("query --source keeps the index it answers from")
    func queryKeepsItsWorkspace() throws {
        let fixture = Self.fixture("ProtocolStyle")
        let options = try TreeOptions.parse(["--source", fixture])
        let tree = try options.loadTree()
        let root = try #require(tree[tree.root].id as String?)
        #expect(KeptUntilExit.kept.contains { $0.workspace.directory == fixture && $0.index.draft.root == root })
    }
}
