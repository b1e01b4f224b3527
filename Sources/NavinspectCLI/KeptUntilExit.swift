import Locking
import SourceIndex

/// The indexes a command keeps until the process ends instead of freeing them.
///
/// An index is tens of thousands of small objects (summaries, their arrays and strings, the
/// analysis); freeing them one by one when a command's `run()` returns took 30 ms of a 360 ms
/// `navinspect index` of a 2,000-file app, and the process ends right after, which gives the
/// memory back at once. They stay reachable from here, so leak checkers do not report them.
enum KeptUntilExit {
    typealias Kept = (workspace: SourceWorkspace, index: SourceIndex)

    private static let indexes = Locked<[Kept]>([])

    static func keep(_ workspace: SourceWorkspace, _ index: SourceIndex) {
        indexes.withLock { $0.append((workspace, index)) }
    }

    /// What is kept, oldest first (for tests).
    static var kept: [Kept] { indexes.withLock { $0 } }
}
