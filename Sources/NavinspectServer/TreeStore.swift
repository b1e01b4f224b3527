import CoordinatorModel
import Locking

/// The loaded tree, swapped whole when a new one loads.
///
/// **Invariant:** a query takes ``current`` once and answers from that tree only, so it never
/// mixes an old tree with a new one; a failed load never touches what is stored.
public final class TreeStore: Sendable {
    public struct Snapshot: Sendable {
        public let tree: CoordinatorTree
        /// Counts successful loads and live snapshots, from 1.
        public let generation: Int
    }

    private struct State {
        var current: Snapshot?
        /// The last generation handed out, current or not.
        var last = 0
    }

    private let state = Locked(State())

    public init() {}

    /// The tree loaded last, if any.
    public var current: Snapshot? { state.withLock { $0.current } }

    /// Stores `tree` under the next generation and returns its snapshot.
    @discardableResult
    public func replace(with tree: CoordinatorTree) -> Snapshot {
        state.withLock { state in
            state.last += 1
            let next = Snapshot(tree: tree, generation: state.last)
            state.current = next
            return next
        }
    }

    /// Stores `tree` under a generation handed out before (a live app selected again shows its latest tree).
    public func restore(_ tree: CoordinatorTree, generation: Int) -> Snapshot {
        state.withLock { state in
            let snapshot = Snapshot(tree: tree, generation: generation)
            state.current = snapshot
            return snapshot
        }
    }

    /// Hands out the next generation without changing the current tree, for a tree kept elsewhere
    /// (the snapshot of a live app the queries do not follow).
    public func reserveGeneration() -> Int {
        state.withLock { state in
            state.last += 1
            return state.last
        }
    }
}
