import CoordinatorModel
import JSON
import JSONRPC
import Locking
import NavinspectProtocol
import TreeDocument

/// The live apps connected to the daemon, which one the queries follow, and the history of their trees.
///
/// The *selected* app is the earliest connected app still connected: its snapshots replace the
/// tree the queries answer from, and each one is announced with `navinspect/treeDidChange`. The
/// other apps' snapshots are kept in the history under their own generations, so a client reads
/// them by passing `generation`.
///
/// - Important: snapshots of one app arrive in order, from its connection's reading thread;
///   everything else may be called from any thread.
public final class LiveHub: Sendable {
    /// What observers (`navinspect watch`) are told after every generation.
    public struct Update: Sendable {
        public let generation: Int
        public let app: Int
        public let appName: String
        public let time: Int
        public let tree: CoordinatorTree
        public let events: [TreeChange]
        /// True when the queries now answer from this tree.
        public let isCurrent: Bool
    }

    private struct App {
        let number: Int
        let name: String
        var connected = true
        var latest: (generation: Int, tree: CoordinatorTree)?
        var instances: [String: Int] = [:]
        /// How many coordinators of each class the latest tree holds.
        var alive: [String: Int] = [:]
    }

    private struct State {
        var apps: [App] = []
        var history: LiveHistory
        var observers: [@Sendable (Update) -> Void] = []
        var aliveObservers: [@Sendable () -> Void] = []
        /// The selected app's counts as last reported to `aliveObservers`.
        var reportedAlive: [String: Int]?
        /// Trees of old generations built again for queries, the most recent last.
        var built: [(generation: Int, tree: CoordinatorTree)] = []

        var selected: Int? { apps.first { $0.connected }?.number }

        /// The selected app's coordinators by class, nil when no app is connected or it sent no tree yet.
        var selectedAlive: [String: Int]? {
            guard let app = apps.first(where: { $0.connected }), app.latest != nil else { return nil }
            return app.alive
        }

        /// The alive observers to call when the selected app's counts differ from those last reported.
        mutating func aliveChange() -> [@Sendable () -> Void] {
            let now = selectedAlive
            guard now != reportedAlive else { return [] }
            reportedAlive = now
            return aliveObservers
        }
    }

    private let store: TreeStore
    private let state: Locked<State>
    private let announce: @Sendable (JSONValue) -> Void

    /// Where each coordinator class is declared, from the editor's index of the app's sources.
    private let sources = Locked<[String: JSONValue]>([:])

    /// The default number of generations kept.
    public static let defaultHistoryLimit = 1000

    /// `announce` sends `navinspect/treeDidChange`'s params to the editor.
    public init(
        store: TreeStore, historyLimit: Int = LiveHub.defaultHistoryLimit, announce: @escaping @Sendable (JSONValue) -> Void
    ) {
        self.store = store
        self.state = Locked(State(history: LiveHistory(limit: historyLimit)))
        self.announce = announce
    }

    /// Calls `observer` after every generation, on the thread that received the snapshot.
    public func observe(_ observer: @escaping @Sendable (Update) -> Void) {
        state.withLock { $0.observers.append(observer) }
    }

    /// Calls `observer` when the count of live coordinators of some class changes in the tree the
    /// queries follow (a snapshot, another app selected, the last app gone), on the thread that
    /// saw the change; it reads ``aliveByClass()`` for the counts.
    public func observeAlive(_ observer: @escaping @Sendable () -> Void) {
        state.withLock { $0.aliveObservers.append(observer) }
    }

    /// How many coordinators of each class are alive in the selected app's latest tree, by class
    /// name (generic arguments left out, as in sources); nil when no app is connected or the
    /// connected one has sent no snapshot yet.
    public func aliveByClass() -> [String: Int]? {
        state.withLock { $0.selectedAlive }
    }

    /// The name the sources declare a live class under: `Flow<Signup>` is the class `Flow`.
    static func sourceClassName(_ liveName: String) -> String {
        liveName.split(separator: "<", maxSplits: 1).first.map(String.init) ?? liveName
    }

    static func countByClass(_ tree: CoordinatorTree) -> [String: Int] {
        var counts: [String: Int] = [:]
        for node in tree.nodes {
            counts[sourceClassName(node.className), default: 0] += 1
        }
        return counts
    }

    /// Registers an app that said hello and returns its number.
    public func hello(_ hello: AppMessages.Hello) -> Int {
        state.withLock { state in
            let number = (state.apps.last?.number ?? 0) + 1
            state.apps.append(App(number: number, name: hello.name))
            return number
        }
    }

    /// The app the queries follow, if one is connected.
    public var selectedApp: Int? { state.withLock { $0.selected } }

    /// Makes a validated snapshot of `app` a generation, with the events since the app's last one.
    public func receive(_ snapshot: AppMessages.Snapshot, tree: CoordinatorTree, from app: Int) {
        let (previous, instances) = state.withLock { state in
            state.apps.first { $0.number == app }.map { ($0.latest?.tree, $0.instances) } ?? (nil, [:])
        }
        let replaced = Set(snapshot.instances.compactMap { id, number in instances[id].flatMap { $0 != number ? id : nil } })
        let events = tree.changes(from: previous, replaced: replaced)
        let alive = Self.countByClass(tree)
        let (update, observers, aliveObservers) = state.withLock {
            state -> (Update?, [@Sendable (Update) -> Void], [@Sendable () -> Void]) in
            guard let slot = state.apps.firstIndex(where: { $0.number == app }) else { return (nil, [], []) }
            let isCurrent = state.selected == app
            let generation = isCurrent ? store.replace(with: tree).generation : store.reserveGeneration()
            state.apps[slot].latest = (generation, tree)
            state.apps[slot].instances = snapshot.instances
            state.apps[slot].alive = alive
            state.history.append(
                LiveHistory.Entry(
                    generation: generation, app: app, time: snapshot.time, coordinatorCount: tree.count,
                    document: state.history.intern(snapshot.tree), events: events))
            let update = Update(
                generation: generation, app: app, appName: state.apps[slot].name, time: snapshot.time, tree: tree,
                events: events, isCurrent: isCurrent)
            return (update, state.observers, state.aliveChange())
        }
        guard let update else { return }
        if update.isCurrent { announce(Self.summary(tree, generation: update.generation, app: app)) }
        for observer in observers { observer(update) }
        for observer in aliveObservers { observer() }
    }

    /// Marks an app gone; when it was selected, the next one's latest tree becomes current.
    public func disconnected(_ app: Int) {
        let (restored, aliveObservers) = state.withLock { state -> ((Int, Int, CoordinatorTree)?, [@Sendable () -> Void]) in
            guard let slot = state.apps.firstIndex(where: { $0.number == app }) else { return (nil, []) }
            let wasSelected = state.selected == app
            state.apps[slot].connected = false
            state.apps[slot].instances = [:]
            let aliveObservers = state.aliveChange()
            guard wasSelected, let next = state.selected, let latest = state.apps.first(where: { $0.number == next })?.latest
            else { return (nil, aliveObservers) }
            _ = store.restore(latest.tree, generation: latest.generation)
            return ((next, latest.generation, latest.tree), aliveObservers)
        }
        if let (next, generation, tree) = restored { announce(Self.summary(tree, generation: generation, app: next)) }
        for observer in aliveObservers { observer() }
    }

    /// Makes `tree` (the editor's index of the app's sources) the one queries answer from, unless
    /// they follow a live app that has sent a tree: the running app is the truth, and an edit in
    /// the editor must not hide it. Returns the stored snapshot, or nil when the live tree stays.
    public func replaceUnlessLive(with tree: CoordinatorTree) -> TreeStore.Snapshot? {
        state.withLock { state in
            guard state.selectedAlive == nil else { return nil }
            return store.replace(with: tree)
        }
    }

    /// How many trees of old generations are kept built for queries.
    static let builtTreesKept = 8

    /// The tree of `generation`: the current one, an app's latest, or one the history keeps
    /// (built again from its document, and kept for the next queries).
    public func tree(at generation: Int) throws(ResponseError) -> CoordinatorTree {
        if let current = store.current, current.generation == generation { return current.tree }
        let (known, entry, oldest, newest) = state.withLock { state in
            let known =
                state.apps.lazy.compactMap { $0.latest }.first { $0.generation == generation }?.tree
                ?? state.built.last { $0.generation == generation }?.tree
            return (known, state.history.entry(generation), state.history.oldest, state.history.newest)
        }
        if let known { return known }
        guard let entry else { throw .unknownGeneration(generation, oldest: oldest, newest: newest) }
        do throws(TreeLoadError) {
            let tree = try TreeDocumentLoader.load(value: addingSources(to: entry.document.value))
            state.withLock { state in
                state.built.append((generation, tree))
                if state.built.count > Self.builtTreesKept { state.built.removeFirst() }
            }
            return tree
        } catch {
            // The document was valid when it arrived, and documents never change.
            throw .internalError("generation \(generation) could not be built again: \(error)")
        }
    }

    /// `navinspect/history`'s result.
    public func history(_ params: HistoryRequest.Params) -> JSONValue {
        let current = store.current?.generation
        return state.withLock { state in
            let selected = state.selected
            let apps: [JSONValue] = state.apps.map { app in
                [
                    "app": .int(app.number), "name": .string(app.name), "connected": .bool(app.connected),
                    "selected": .bool(app.number == selected), "latest": app.latest.map { .int($0.generation) } ?? .null,
                ]
            }
            let generations: [JSONValue] = state.history.kept.compactMap { entry in
                if let app = params.app, entry.app != app { return nil }
                if let since = params.since, entry.generation <= since { return nil }
                return [
                    "generation": .int(entry.generation), "app": .int(entry.app), "time": .int(entry.time),
                    "coordinators": .int(entry.coordinatorCount), "events": .array(entry.events.map(\.json)),
                ]
            }
            return [
                "current": current.map(JSONValue.int) ?? .null, "limit": .int(state.history.limit),
                "dropped": .int(state.history.dropped), "apps": .array(apps), "generations": .array(generations),
            ]
        }
    }

    /// `navinspect/diff`'s result: the events from one generation's tree to another's, by id.
    public func diff(_ params: DiffRequest.Params) throws(ResponseError) -> JSONValue {
        guard let to = params.to ?? store.current?.generation else { throw .noTreeLoaded }
        let old = try tree(at: params.from)
        let new = try tree(at: to)
        return ["from": .int(params.from), "to": .int(to), "events": .array(new.changes(from: old).map(\.json))]
    }

    /// Takes the declarations of the classes in `tree` (the editor's index of the app's sources),
    /// so that live coordinators of those classes carry their `source` and an editor jumps from a
    /// live node to its class.
    ///
    /// The apps' latest trees are built again with the new sources (under the same generations),
    /// so a snapshot that came before the index, or before an edit moved a class, jumps right too.
    public func useSources(from tree: CoordinatorTree) {
        var found: [String: JSONValue] = [:]
        for node in tree.nodes {
            guard let source = node.source, found[node.className] == nil else { continue }
            found[node.className] = ["file": .string(source.file), "line": .int(source.line)]
        }
        let changed = sources.withLock { known in
            defer { known = found }
            return known != found
        }
        guard changed else { return }
        let latest = state.withLock { state in
            state.built = []
            return state.apps.compactMap { app in
                app.latest.flatMap { latest in state.history.entry(latest.generation).map { (latest.generation, $0.document) } }
            }
        }
        for (generation, document) in latest {
            // Valid when it arrived; adding sources keeps it valid.
            guard let rebuilt = try? TreeDocumentLoader.load(value: addingSources(to: document.value)) else { continue }
            state.withLock { state in
                guard let slot = state.apps.firstIndex(where: { $0.latest?.generation == generation }) else { return }
                state.apps[slot].latest = (generation, rebuilt)
                if store.current?.generation == generation { _ = store.restore(rebuilt, generation: generation) }
            }
        }
    }

    /// `document` (as an app sent it) with a `source` on each coordinator that has none and whose
    /// class the editor's index knows.
    public func addingSources(to document: JSONValue) -> JSONValue {
        let known = sources.withLock { $0 }
        guard !known.isEmpty, case .object(var object) = document, let list = object["coordinators"]?.arrayValue else {
            return document
        }
        object["coordinators"] = .array(
            list.map { record in
                guard case .object(var coordinator) = record, coordinator["source"]?.isNull ?? true,
                    let className = coordinator["class"]?.stringValue, let source = known[Self.sourceClassName(className)]
                else { return record }
                coordinator["source"] = source
                return .object(coordinator)
            })
        return .object(object)
    }

    /// How many generations the history holds now.
    public var historyCount: Int { state.withLock { $0.history.count } }

    static func summary(_ tree: CoordinatorTree, generation: Int, app: Int) -> JSONValue {
        guard case .object(var summary) = LoadRequest.summary(of: tree, generation: generation) else { return .null }
        summary["app"] = .int(app)
        return .object(summary)
    }
}
