import Locking

/// What a command keeps until the process ends instead of freeing it.
///
/// An index is tens of thousands of small objects (summaries, their arrays and strings, the
/// analysis); freeing them one by one when a command's `run()` returns took 30 ms of a 360 ms
/// `navinspect index` of a 2,000-file app, and the process ends right after, which gives the
/// memory back at once. The values stay reachable from here, so leak checkers do not report them.
enum KeptUntilExit {
    private static let values = Locked<[Any]>([])

    static func keep(_ value: Any) {
        values.withLock { $0.append(value) }
    }

    /// What is kept, oldest first (for tests).
    static var kept: [Any] { values.withLock { $0 } }
}
