import CoordinatorModel
import Locking

/// The loaded tree, swapped whole when a new one loads.
///
/// **Invariant:** a query takes ``current`` once and answers from that tree only, so it never
/// mixes an old tree with a new one; a failed load never touches what is stored.
public final class TreeStore: Sendable {
    public struct Snapshot: Sendable {
        public let tree: CoordinatorTree
        /// Counts successful loads, from 1.
        public let generation: Int
    }

    private let state = Locked<Snapshot?>(nil)

    public init() {}

    /// The tree loaded last, if any.
    public var current: Snapshot? { state.withLock { $0 } }

    /// Stores `tree` and returns its snapshot.
    @discardableResult
    public func replace(with tree: CoordinatorTree) -> Snapshot {
        state.withLock { snapshot in
            let next = Snapshot(tree: tree, generation: (snapshot?.generation ?? 0) + 1)
            snapshot = next
            return next
        }
    }
}
