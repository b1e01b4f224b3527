import CoordinatorModel
import SourceIndex

/// One state of an editor's workspace: the index of its sources (open buffers included), the
/// tree, and the lint diagnostics of every file. Immutable: a change makes a new snapshot.
public struct WorkspaceSnapshot: Sendable {
    /// The app's folder, absolute.
    public let folder: String
    public let index: SourceIndex
    public let tree: CoordinatorTree?
    /// Lint diagnostics by file, relative to the folder.
    public let diagnostics: [String: [LintDiagnostic]]
    /// Open buffers by file, relative to the folder.
    private let buffers: [String: String]
    private let workspace: SourceWorkspace

    public init(workspace: SourceWorkspace, index: SourceIndex, buffers: [String: String], disabledRules: Set<String>) {
        self.folder = workspace.directory
        self.workspace = workspace
        self.index = index
        self.buffers = buffers
        self.tree = try? index.tree().get()
        let lint = Linter.lint(index, disabled: disabledRules) { buffers[$0] ?? workspace.diskText(of: $0) }
        self.diagnostics = Dictionary(grouping: lint, by: \.span.file)
    }

    /// A file's text: its open buffer, else what is on disk.
    public func text(of file: String) -> String? {
        buffers[file] ?? workspace.diskText(of: file)
    }

    /// The path of `file` relative to the folder, nil when it is outside.
    public func relativePath(_ absolute: String) -> String? {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : nil
    }

    public func absolutePath(_ relative: String) -> String {
        (folder.hasSuffix("/") ? folder : folder + "/") + relative
    }
}
