import Dispatch
import JSON
import JSONRPC
import Locking
import NavinspectLanguage
import SourceIndex

/// The editor's side of the server: the workspace folder, its open buffers, and the snapshot the
/// language features answer from.
///
/// Buffers change on the reading thread; indexing runs on the server's serial loads queue.
/// Changes that arrive while an index runs are taken by the next one: each change asks for an
/// index, and an index that finds a newer request pending leaves the work to it.
final class EditorSession: Sendable {
    struct Buffer: Sendable {
        var version: Int
        var text: String
    }

    private struct State {
        var buffers: [String: Buffer] = [:]
        var snapshot: WorkspaceSnapshot?
        /// What was last published per file, so only changed diagnostics are sent again.
        var published: [String: JSONValue] = [:]
        var requested = 0
        /// Whether files may have changed on disk since the last index (not only buffers).
        var diskChanged = true
    }

    let workspace: SourceWorkspace
    private let state = Locked(State())
    private let disabledRules: Set<String>

    init(folder: String) {
        self.workspace = SourceWorkspace(directory: folder)
        self.disabledRules = Convention.disabledRules(in: folder)
    }

    var snapshot: WorkspaceSnapshot? { state.withLock { $0.snapshot } }

    /// The path of a `file://` URI relative to the workspace folder, nil when it is outside it.
    func relativePath(ofURI uri: String) -> String? {
        guard let path = FileURI.path(forURI: uri) else { return nil }
        let prefix = workspace.directory.hasSuffix("/") ? workspace.directory : workspace.directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    // MARK: Buffers

    func open(_ path: String, version: Int, text: String) {
        state.withLock { $0.buffers[path] = Buffer(version: version, text: text) }
    }

    func close(_ path: String) {
        state.withLock { _ = $0.buffers.removeValue(forKey: path) }
    }

    /// Applies `didChange`'s content changes in order; throws with what is wrong.
    func change(_ path: String, version: Int, changes: [JSONValue]) throws(ResponseError) {
        let outcome = state.withLock { state in
            Result { () throws(ResponseError) in try Self.apply(changes, to: path, version: version, in: &state) }
        }
        try outcome.get()
    }

    private static func apply(_ changes: [JSONValue], to path: String, version: Int, in state: inout State) throws(ResponseError)
    {
        guard var buffer = state.buffers[path] else {
            throw .invalidParams("'\(path)' is not open: didChange needs a didOpen first")
        }
        for change in changes {
            guard let text = change["text"]?.stringValue else {
                throw .invalidParams("a content change needs 'text'")
            }
            guard let range = change["range"], range != .null else {
                buffer.text = text
                continue
            }
            guard let startLine = range["start"]?["line"]?.intValue,
                let startCharacter = range["start"]?["character"]?.intValue,
                let endLine = range["end"]?["line"]?.intValue, let endCharacter = range["end"]?["character"]?.intValue
            else { throw .invalidParams("a content change's 'range' needs start and end positions") }
            let positions = TextPositions(buffer.text)
            let start = positions.offset(line: startLine, character: startCharacter)
            let end = positions.offset(line: endLine, character: endCharacter)
            guard start <= end else {
                throw .invalidParams("a content change's range ends (\(endLine):\(endCharacter)) before it starts")
            }
            var bytes = Array(buffer.text.utf8)
            bytes.replaceSubrange(start..<end, with: Array(text.utf8))
            buffer.text = String(decoding: bytes, as: UTF8.self)
        }
        buffer.version = version
        state.buffers[path] = buffer
    }

    // MARK: Indexing

    /// Asks for an index; returns the number the index to run must carry. `diskChanged` says
    /// files may have changed on disk, not only in buffers.
    func requestIndex(diskChanged: Bool = true) -> Int {
        state.withLock { state in
            state.requested += 1
            state.diskChanged = state.diskChanged || diskChanged
            return state.requested
        }
    }

    /// Indexes with the open buffers, unless a newer request is pending, and returns the new
    /// snapshot with the diagnostics to publish (those that changed), or nil when skipped.
    func index(request: Int, progress: (@Sendable (IndexProgress) -> Void)? = nil) -> (
        WorkspaceSnapshot, [(uri: String, params: JSONValue)]
    )? {
        let taken: (buffers: [String: Buffer], diskChanged: Bool)? = state.withLock { state in
            guard state.requested == request else { return nil }
            defer { state.diskChanged = false }
            return (state.buffers, state.diskChanged)
        }
        guard let (buffers, diskChanged) = taken else { return nil }
        let index = workspace.index(overlays: buffers.mapValues(\.text), diskChanged: diskChanged, progress: progress)
        let snapshot = WorkspaceSnapshot(
            workspace: workspace, index: index, buffers: buffers.mapValues(\.text), disabledRules: disabledRules)
        return state.withLock { state in
            state.snapshot = snapshot
            var notifications: [(uri: String, params: JSONValue)] = []
            let files = Set(state.published.keys).union(snapshot.diagnostics.keys).sorted()
            for file in files {
                let diagnostics = LanguageFeatures.diagnostics(snapshot, file: file)
                guard state.published[file] != diagnostics else { continue }
                state.published[file] = diagnostics
                let uri = FileURI.uri(forPath: snapshot.absolutePath(file))
                var params: JSONObject = ["uri": .string(uri), "diagnostics": diagnostics]
                if let version = buffers[file]?.version { params["version"] = .int(version) }
                notifications.append((uri, .object(params)))
            }
            return (snapshot, notifications)
        }
    }
}
