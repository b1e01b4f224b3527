import Locking
import SourceIndex

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The indexes a command keeps until the process ends instead of freeing them.
///
/// An index is tens of thousands of small objects (summaries, their arrays and strings, the
/// analysis); freeing them one by one when a command's `run()` returns took 30 ms of a 360 ms
/// `navinspect index` of a 2,000-file app, and the process ends right after, which gives the
/// memory back at once.
///
/// Under LeakSanitizer (`scripts/sanitize`) they are freed at exit all the same, before its check
/// (``LeakSanitizer``): values still held at exit would be reported as leaks.
enum KeptUntilExit {
    typealias Kept = (workspace: SourceWorkspace, index: SourceIndex)

    private static let indexes = Locked<[Kept]>([])

    static func keep(_ workspace: SourceWorkspace, _ index: SourceIndex) {
        indexes.withLock { kept in
            // Handlers run in the reverse order of their registration: this one before the
            // sanitizer's, which registered when the process started.
            if kept.isEmpty, LeakSanitizer.checksAtExit { atexit { KeptUntilExit.release() } }
            kept.append((workspace, index))
        }
    }

    /// What is kept, oldest first (for tests).
    static var kept: [Kept] { indexes.withLock { $0 } }

    private static func release() {
        indexes.withLock { $0 = [] }
    }
}
