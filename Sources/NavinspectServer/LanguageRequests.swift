import JSON
import JSONRPC
import Locking
import NavinspectLanguage
import SourceIndex

/// The standard LSP requests and notifications navinspect serves for an editor's workspace.
///
/// It claims only what it answers: no `documentSymbol`, which sourcekit-lsp, running beside it,
/// serves.
enum LanguageRequests {
    static let methods: Set<String> = [
        "textDocument/hover", "textDocument/definition", "textDocument/references", "textDocument/codeLens",
        "workspace/symbol", "workspace/executeCommand",
    ]
    static let textSynchronization: Set<String> = [
        "textDocument/didOpen", "textDocument/didChange", "textDocument/didClose", "textDocument/didSave",
        "workspace/didChangeWatchedFiles",
    ]
    static let publishDiagnostics = "textDocument/publishDiagnostics"
    static let createProgress = "window/workDoneProgress/create"
    static let refreshCodeLenses = "workspace/codeLens/refresh"

    static func addingCapabilities(to capabilities: JSONValue) -> JSONValue {
        guard case .object(var object) = capabilities else { return capabilities }
        object["textDocumentSync"] = ["openClose": true, "change": 2, "save": ["includeText": false]]
        object["hoverProvider"] = true
        object["definitionProvider"] = true
        object["referencesProvider"] = true
        object["codeLensProvider"] = ["resolveProvider": false]
        object["workspaceSymbolProvider"] = true
        object["executeCommandProvider"] = ["commands": [.string(LanguageFeatures.revealCommand)]]
        return .object(object)
    }

    /// The folder `initialize` names: the first workspace folder, else `rootUri`, else `rootPath`.
    static func workspaceFolder(_ params: JSONValue?) -> String? {
        if let uri = params?["workspaceFolders"]?.arrayValue?.first?["uri"]?.stringValue, let path = FileURI.path(forURI: uri) {
            return path
        }
        if let uri = params?["rootUri"]?.stringValue, let path = FileURI.path(forURI: uri) { return path }
        return params?["rootPath"]?.stringValue
    }

    /// Applies a text synchronization notification; true when the workspace must be indexed again.
    static func synchronize(_ method: String, params: JSONValue?, session: EditorSession) throws(ResponseError) -> Bool {
        if method == "workspace/didChangeWatchedFiles" { return true }
        guard let uri = params?["textDocument"]?["uri"]?.stringValue else {
            throw .invalidParams("'textDocument.uri' is required")
        }
        // Files outside the workspace folder are not the app's.
        guard let path = session.relativePath(ofURI: uri) else { return false }
        switch method {
        case "textDocument/didOpen":
            guard let text = params?["textDocument"]?["text"]?.stringValue else {
                throw .invalidParams("'textDocument.text' is required")
            }
            session.open(path, version: params?["textDocument"]?["version"]?.intValue ?? 0, text: text)
        case "textDocument/didChange":
            guard let changes = params?["contentChanges"]?.arrayValue else {
                throw .invalidParams("'contentChanges' must be an array")
            }
            try session.change(path, version: params?["textDocument"]?["version"]?.intValue ?? 0, changes: changes)
        case "textDocument/didClose":
            session.close(path)
        default:
            // didSave: the buffer already holds what was saved.
            return false
        }
        return path.hasSuffix(".swift")
    }

    /// Answers a feature request from the session's latest snapshot; `alive` counts the live
    /// app's coordinators by class, for the code lenses, when an app is connected.
    static func answer(
        _ method: String, params: JSONValue?, session: EditorSession?, alive: [String: Int]? = nil
    ) throws(ResponseError) -> JSONValue {
        guard let session, let snapshot = session.snapshot else {
            // No workspace folder, or nothing indexed: nothing to say.
            return method == "textDocument/hover" || method == "textDocument/definition" ? .null : []
        }
        switch method {
        case "workspace/symbol":
            return LanguageFeatures.symbols(snapshot, query: params?["query"]?.stringValue ?? "")
        case "workspace/executeCommand":
            guard params?["command"]?.stringValue == LanguageFeatures.revealCommand,
                let id = params?["arguments"]?.arrayValue?.first?.stringValue
            else {
                throw .invalidParams("the only command is \(LanguageFeatures.revealCommand), with a coordinator id")
            }
            return LanguageFeatures.reveal(snapshot, id: id)
        default:
            break
        }
        guard let uri = params?["textDocument"]?["uri"]?.stringValue else {
            throw .invalidParams("'textDocument.uri' is required")
        }
        guard let file = session.relativePath(ofURI: uri) else {
            return method == "textDocument/codeLens" || method == "textDocument/references" ? [] : .null
        }
        if method == "textDocument/codeLens" { return LanguageFeatures.codeLenses(snapshot, file: file, alive: alive) }
        guard let line = params?["position"]?["line"]?.intValue, let character = params?["position"]?["character"]?.intValue
        else { throw .invalidParams("'position' needs 'line' and 'character'") }
        switch method {
        case "textDocument/hover":
            return LanguageFeatures.hover(snapshot, file: file, line: line, character: character)
        case "textDocument/definition":
            return LanguageFeatures.definition(snapshot, file: file, line: line, character: character)
        default:
            let includeDeclaration = params?["context"]?["includeDeclaration"]?.boolValue ?? false
            return LanguageFeatures.references(
                snapshot, file: file, line: line, character: character, includeDeclaration: includeDeclaration)
        }
    }

    /// `$/progress` for one work-done token: begin, reports as the percentage grows, end.
    struct ProgressReporter: Sendable {
        let token: String
        let connection: Connection
        private let last = Locked(-1)

        init(token: String, connection: Connection) {
            self.token = token
            self.connection = connection
        }

        func begin(_ title: String) {
            send(["kind": "begin", "title": .string(title), "percentage": 0, "cancellable": false])
        }

        /// Sends a report each time the percentage grows by 5 or more: scanning takes the first
        /// half, parsing the second, so it only rises.
        var report: @Sendable (IndexProgress) -> Void {
            { progress in
                let share = progress.total == 0 ? 50 : progress.done * 50 / progress.total
                let percentage = progress.phase == .scanning ? share : 50 + share
                let step = percentage / 5
                // Sent while holding the lock, so reports from several threads go out in order.
                last.withLock { value in
                    guard step > value else { return }
                    value = step
                    self.send([
                        "kind": "report", "percentage": .int(percentage),
                        "message": .string("\(progress.phase.rawValue) \(progress.done)/\(progress.total) files"),
                    ])
                }
            }
        }

        func end(_ message: String) {
            send(["kind": "end", "message": .string(message)])
        }

        private func send(_ value: JSONValue) {
            connection.notify("$/progress", params: ["token": .string(token), "value": value])
        }
    }
}
