internal import CSystem
import CoordinatorModel
import Dispatch
import JSON
import JSONRPC
import Locking
import NavinspectProtocol
import SourceIndex
import TreeDocument

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The navinspect language server: the LSP lifecycle, `navinspect/load`, and the tree queries.
///
/// Lifecycle messages are handled on the connection's reading thread, in order. Queries run on a
/// concurrent queue, loads on a serial one, so a slow load never delays a cheap query.
public final class Server: MessageHandler {
    /// The server's name and version, as `initialize` reports them.
    public static let name = "navinspect"
    public static let version = NavinspectVersion.full

    public struct Configuration: Sendable {
        /// A tree document to load at start.
        public var treePath: String?
        /// An app's folder whose sources are read at start.
        public var sourcePath: String?
        /// The largest message accepted, in bytes.
        public var maxMessageBytes: Int
        /// Serve the `$/navinspect/test/...` requests that conformance cases use to provoke what
        /// a healthy server never does on its own (a slow request, an internal error).
        public var testHooks: Bool
        /// How many generations of live apps' trees the history keeps.
        public var historyLimit = LiveHub.defaultHistoryLimit
        /// When freed memory is handed back to the system after loads.
        public var memoryRelease = MemoryRelease()

        public init(treePath: String? = nil, sourcePath: String? = nil, maxMessageBytes: Int = 64 << 20, testHooks: Bool = false)
        {
            self.treePath = treePath
            self.sourcePath = sourcePath
            self.maxMessageBytes = maxMessageBytes
            self.testHooks = testHooks
        }
    }

    enum Phase: Sendable {
        case waitingForInitialize
        case running
        case shutDown
    }

    public let store: TreeStore
    /// The live apps (`navinspect serve --listen`) and the history of their trees.
    public let live: LiveHub
    /// The `--tree` document, loaded once `initialize` is answered: LSP allows no message before that answer.
    private let startupTreePath: String?
    private let startupSourcePath: String?
    private let testHooks: Bool
    private let memoryRelease: MemoryRelease
    private let connection: Connection
    private let phase = Locked(Phase.waitingForInitialize)
    private let exitCode = Locked<Int32?>(nil)
    private let queries = DispatchQueue(label: "navinspect.queries", attributes: .concurrent)
    private let loads = DispatchQueue(label: "navinspect.loads")
    /// The app folder last loaded from sources, with what each file gave, so loading it again
    /// reads only what changed.
    private let sourceWorkspace = Locked<SourceWorkspace?>(nil)
    /// The editor's workspace, when `initialize` named a folder.
    private let editor = Locked<EditorSession?>(nil)
    /// Queries and loads not yet answered; `shutdown` answers after them.
    private let work = DispatchGroup()
    /// Loads not yet finished. A query that finds no tree waits for them instead of failing.
    private let pendingLoads = DispatchGroup()
    /// Whether the client takes `workspace/codeLens/refresh`, and the refresh requests in flight.
    private let lensRefresh = Locked(LensRefresh())

    private struct LensRefresh {
        var supported = false
        var inFlight = false
        /// A change came while a refresh was in flight: one more is sent when it is answered.
        var pending = false
    }

    public init(connection: Connection, configuration: Configuration = Configuration(), store: TreeStore = TreeStore()) {
        self.connection = connection
        self.store = store
        self.startupTreePath = configuration.treePath
        self.startupSourcePath = configuration.sourcePath
        self.testHooks = configuration.testHooks
        self.memoryRelease = configuration.memoryRelease
        self.live = LiveHub(store: store, historyLimit: configuration.historyLimit) { [connection] summary in
            connection.notify(NavinspectMethods.treeDidChange, params: summary)
        }
        // Code lenses say how many instances of each class are alive: they change with the live tree.
        live.observeAlive { [weak self] in self?.refreshCodeLenses() }
    }

    /// Serves until `exit` or end of input, and returns the process exit code:
    /// 0 after `shutdown`, 1 otherwise. Every request received is answered before it returns,
    /// unless its answer takes longer than the connection's `drainSeconds`.
    public func run() -> Int32 {
        connection.run(handler: self)
        return exitCode.withLock { $0 } ?? (phase.withLock { $0 } == .shutDown ? 0 : 1)
    }

    /// Waits until the loads, indexes and requests received so far have finished. `exit` waits
    /// only for the requests; a test or an embedder that wants nothing left running waits here.
    public func waitUntilIdle() {
        loads.sync {}
        work.wait()
    }

    // MARK: - MessageHandler

    public func handle(_ request: Request) {
        let current = phase.withLock { $0 }
        switch (current, request.method) {
        case (.waitingForInitialize, "initialize"):
            initialize(request)
        case (.waitingForInitialize, _):
            request.reply(
                .failure(
                    ResponseError(
                        code: ResponseError.serverNotInitializedCode, message: "Server not initialized: send initialize first")))
        case (.shutDown, _):
            request.reply(.failure(.invalidRequest("the server is shut down; only 'exit' is accepted")))
        case (.running, "initialize"):
            request.reply(.failure(.invalidRequest("initialize was already received")))
        case (.running, "shutdown"):
            phase.withLock { $0 = .shutDown }
            // Every earlier request is answered before the shutdown is.
            work.notify(queue: queries) { request.reply(.success(.null)) }
        case (.running, NavinspectMethods.load):
            scheduleLoad(request)
        case (.running, let method) where LanguageRequests.methods.contains(method):
            // On the loads queue, after the indexes asked for before it (the first index included:
            // it is queued with `initialize`'s answer), so the answer matches the buffers the client sees.
            loads.async(group: work) { [self] in
                guard !request.isCancelled else { return request.reply(.failure(.cancelled)) }
                let session = editor.withLock { $0 }
                let alive = live.aliveByClass()
                request.reply(
                    Result { () throws(ResponseError) in
                        try LanguageRequests.answer(method, params: request.params, session: session, alive: alive)
                    })
            }
        case (.running, NavinspectMethods.history), (.running, NavinspectMethods.diff):
            answerLive(request)
        case (.running, let method) where testHooks && method.hasPrefix(TestHooks.prefix):
            let work = self.work
            work.enter()
            queries.async {
                TestHooks.answer(request)
                work.leave()
            }
        case (.running, let method):
            guard let query = NavinspectMethods.query(named: method) else {
                request.reply(.failure(.methodNotFound(method)))
                return
            }
            let store = self.store
            let live = self.live
            let answer: @Sendable () -> Void = {
                guard !request.isCancelled else { return request.reply(.failure(.cancelled)) }
                request.reply(
                    Result { () throws(ResponseError) in
                        // Any query may ask for an older generation of a live app's tree.
                        let (params, generation) = try GenerationParam.split(request.params)
                        if let generation { return try query.respond(to: params, tree: live.tree(at: generation)) }
                        guard let snapshot = store.current else { throw .noTreeLoaded }
                        return try query.respond(to: params, tree: snapshot.tree)
                    })
            }
            // The blocks hold what they use, not the server: one still queued when the process ends
            // (its answer sent, `exit` read) would otherwise keep the server alive past its end.
            let work = self.work
            work.enter()
            if store.current == nil {
                // Nothing to answer from yet: wait for loads already received (none: answer at once).
                pendingLoads.notify(queue: queries) {
                    answer()
                    work.leave()
                }
            } else {
                // A tree is loaded: answer from it now, even while a newer one loads.
                queries.async {
                    answer()
                    work.leave()
                }
            }
        }
    }

    public func handle(notification method: String, params: JSONValue?) {
        switch method {
        case "exit":
            let code: Int32 = phase.withLock { $0 } == .shutDown ? 0 : 1
            exitCode.withLock { $0 = code }
            connection.stop()
        case _ where LanguageRequests.textSynchronization.contains(method):
            guard let session = editor.withLock({ $0 }) else { return }
            do throws(ResponseError) {
                guard try LanguageRequests.synchronize(method, params: params, session: session) else { return }
                // A buffer edit changes nothing on disk; saves and watched files may.
                let request = session.requestIndex(diskChanged: method == "workspace/didChangeWatchedFiles")
                pendingLoads.enter()
                loads.async { [self] in
                    defer { pendingLoads.leave() }
                    indexEditorWorkspace(session, request: request, progressToken: nil)
                }
            } catch {
                // A notification has no answer: say what was wrong on stderr.
                log("\(method): \(error.message)")
            }
        default:
            // `initialized`, `$/` notifications and unknown notifications need no answer.
            break
        }
    }

    // MARK: - Methods

    private func initialize(_ request: Request) {
        phase.withLock { $0 = .running }
        let capabilities: JSONValue = [
            "experimental": [
                "navinspect": [
                    "version": .int(NavinspectMethods.protocolVersion),
                    "methods": .array(NavinspectMethods.requests.map(JSONValue.string)),
                    "notifications": .array(NavinspectMethods.notifications.map(JSONValue.string)),
                    // Every query takes an optional `generation` (a live app's history).
                    "generation": true,
                ]
            ]
        ]
        request.reply(
            .success([
                "capabilities": LanguageRequests.addingCapabilities(to: capabilities),
                "serverInfo": ["name": .string(Self.name), "version": .string(Self.version)],
            ]))

        if let folder = LanguageRequests.workspaceFolder(request.params) {
            let session = EditorSession(folder: folder)
            editor.withLock { $0 = session }
            let refreshes = request.params?["capabilities"]?["workspace"]?["codeLens"]?["refreshSupport"]?.boolValue == true
            lensRefresh.withLock { $0.supported = refreshes }
            let wantsProgress = request.params?["capabilities"]?["window"]?["workDoneProgress"]?.boolValue == true
            startWorkspaceIndex(session, withProgress: wantsProgress)
        }

        let optionsPath = request.params?["initializationOptions"]?["tree"]?.stringValue
        let startupLoads: [(LoadRequest.Params?, String)] = [
            (startupTreePath.map(LoadRequest.Params.path), "--tree"),
            (startupSourcePath.map(LoadRequest.Params.source), "--source"),
            (optionsPath.map(LoadRequest.Params.path), "initializationOptions.tree"),
        ]
        for case (let params?, let origin) in startupLoads {
            pendingLoads.enter()
            loads.async { [self] in
                defer { pendingLoads.leave() }
                do throws(ResponseError) {
                    try load(params)
                } catch {
                    log("could not load \(origin): \(error.message)")
                }
            }
        }
    }

    /// Indexes the workspace once `initialize` is answered; with work-done progress when the
    /// client supports it, which first needs the client to create the token.
    private func startWorkspaceIndex(_ session: EditorSession, withProgress: Bool) {
        let request = session.requestIndex()
        // The index is queued now, so every later request waits for it; it starts once the
        // client has created the progress token, or has had 5 seconds to.
        let decided = DispatchSemaphore(value: 0)
        let token = Locked<String?>(nil)
        if withProgress {
            let name = "navinspect-indexing"
            connection.request(LanguageRequests.createProgress, params: ["token": .string(name)]) { result in
                if (try? result.get()) != nil { token.withLock { $0 = name } }
                decided.signal()
            }
        } else {
            decided.signal()
        }
        pendingLoads.enter()
        loads.async { [self] in
            defer { pendingLoads.leave() }
            _ = decided.wait(timeout: .now() + 5)
            indexEditorWorkspace(session, request: request, progressToken: token.withLock { $0 })
        }
    }

    /// Indexes the editor's workspace with its open buffers, publishes the diagnostics that
    /// changed, and makes the tree the one queries answer from.
    private func indexEditorWorkspace(_ session: EditorSession, request: Int, progressToken: String?) {
        let progress = progressToken.map { token in LanguageRequests.ProgressReporter(token: token, connection: connection) }
        progress?.begin("Indexing Swift sources")
        guard let (snapshot, diagnostics) = session.index(request: request, progress: progress?.report) else {
            progress?.end("superseded")
            return
        }
        for (_, params) in diagnostics {
            connection.notify(LanguageRequests.publishDiagnostics, params: params)
        }
        let summary: String
        if let tree = snapshot.tree {
            // Live apps' coordinators of these classes now carry where they are declared.
            live.useSources(from: tree)
            // While a live app is followed, queries keep answering about the running app.
            if let stored = live.replaceUnlessLive(with: tree) {
                connection.notify(
                    NavinspectMethods.treeDidChange, params: LoadRequest.summary(of: tree, generation: stored.generation))
            }
            summary = "\(tree.count) coordinators"
        } else {
            summary = "no coordinator tree"
            log("the workspace gives no coordinator tree: \(snapshot.index.problems.prefix(3).map(\.description))")
        }
        progress?.end("\(snapshot.index.fileCount) Swift files, \(summary)")
    }

    /// Asks the client to request its code lenses again (`workspace/codeLens/refresh`), when it
    /// said it can and an editor's workspace gives lenses; one request at a time, and a change
    /// that comes meanwhile makes one more, so a burst of snapshots costs two requests at most.
    private func refreshCodeLenses() {
        guard phase.withLock({ $0 }) == .running, editor.withLock({ $0 }) != nil else { return }
        let send = lensRefresh.withLock { state -> Bool in
            guard state.supported else { return false }
            guard !state.inFlight else {
                state.pending = true
                return false
            }
            state.inFlight = true
            return true
        }
        guard send else { return }
        connection.request(LanguageRequests.refreshCodeLenses, params: nil) { [weak self] _ in
            // Answered, or refused: either way the client may take the next one.
            guard let self else { return }
            let again = self.lensRefresh.withLock { state -> Bool in
                state.inFlight = false
                defer { state.pending = false }
                return state.pending
            }
            if again { self.refreshCodeLenses() }
        }
    }

    /// `navinspect/history` and `navinspect/diff`, answered from the live hub on the queries queue.
    private func answerLive(_ request: Request) {
        let live = self.live
        queries.async(group: work) {
            guard !request.isCancelled else { return request.reply(.failure(.cancelled)) }
            request.reply(
                Result { () throws(ResponseError) in
                    if request.method == NavinspectMethods.history {
                        return live.history(try HistoryRequest.decode(request.params))
                    }
                    return try live.diff(try DiffRequest.decode(request.params))
                })
        }
    }

    private func scheduleLoad(_ request: Request) {
        let params: LoadRequest.Params
        do throws(ResponseError) {
            params = try LoadRequest.decode(request.params)
        } catch {
            return request.reply(.failure(error))
        }
        pendingLoads.enter()
        loads.async(group: work) { [self] in
            defer { pendingLoads.leave() }
            guard !request.isCancelled else { return request.reply(.failure(.cancelled)) }
            request.reply(Result { () throws(ResponseError) in try load(params) })
        }
    }

    /// Loads a document, or an app's sources; on success stores the tree, announces it, and
    /// returns the summary. On failure the stored tree is untouched.
    @discardableResult
    func load(_ params: LoadRequest.Params) throws(ResponseError) -> JSONValue {
        let tree: CoordinatorTree
        var problems: [SourceProblem]? = nil
        do throws(TreeLoadError) {
            switch params {
            case .path(let path): tree = try TreeDocumentLoader.load(contentsOf: path)
            case .document(let document): tree = try TreeDocumentLoader.load(value: document)
            case .source(let directory): (tree, problems) = try loadSources(directory)
            }
        } catch {
            switch error {
            case .unreadable(let path, let reason): throw .documentUnreadable(path: path, reason: reason)
            case .invalid(let document): throw .invalidDocument(document)
            }
        }
        let snapshot = store.replace(with: tree)
        // A load leaves freed memory in malloc's arenas: a document's is handed back at once; the
        // next of a burst of source loads needs what the last one freed (``MemoryRelease``).
        if case .source = params {
            memoryRelease.afterPause()
        } else {
            memoryRelease.now()
        }
        let summary = LoadRequest.summary(of: tree, generation: snapshot.generation)
        connection.notify(NavinspectMethods.treeDidChange, params: summary)
        guard let problems, case .object(var result) = summary else { return summary }
        result["problems"] = .array(
            problems.map { ["file": .string($0.file), "line": .int($0.line), "reason": .string($0.reason)] })
        return .object(result)
    }

    /// The tree an app's sources describe, and what the extractor could not place.
    private func loadSources(_ directory: String) throws(TreeLoadError) -> (CoordinatorTree, [SourceProblem]) {
        var status = stat()
        guard stat(directory, &status) == 0 else {
            throw .unreadable(path: directory, reason: String(cString: strerror(errno)))
        }
        guard (status.st_mode & S_IFMT) == S_IFDIR else { throw .unreadable(path: directory, reason: "it is not a directory") }
        // The same folder again reuses what did not change since the last load.
        let workspace = sourceWorkspace.withLock { current in
            if current?.directory != directory { current = SourceWorkspace(directory: directory) }
            return current!
        }
        let index = workspace.index()
        switch index.tree() {
        case .success(let tree): return (tree, index.problems)
        case .failure(let invalid): throw .invalid(invalid)
        }
    }

    private func log(_ message: String) {
        var line = Array("navinspect: \(message)\n".utf8)
        _ = line.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}
