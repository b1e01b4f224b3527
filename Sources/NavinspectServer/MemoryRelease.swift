internal import CSystem
import Dispatch
import Locking

/// Hands memory malloc holds freed back to the system, which takes pages away from the process
/// and makes the next allocations fault them in again.
///
/// A tree document's load leaves hundreds of megabytes of freed memory behind (the 1M-coordinator
/// document): it is handed back at once. Source loads come in bursts as a file is edited, and
/// each needs about what the one before it freed: handing it back after each cost a re-index of
/// Element X a tenth of its time, half in the release and half in faults at the next load. It is
/// handed back once the loads pause.
public final class MemoryRelease: Sendable {
    private let release: @Sendable () -> Void
    private let pause: Double
    private let queue = DispatchQueue(label: "navinspect.memory-release")
    /// Counts the releases asked for after a pause: only the last one asked for runs.
    private let asked = Locked(0)

    /// - Parameters:
    ///   - pause: seconds without a load after which memory is handed back.
    ///   - release: what hands it back; nil for the C library's `malloc_trim`.
    public init(pause: Double = 1, release: (@Sendable () -> Void)? = nil) {
        self.pause = pause
        self.release = release ?? { _ = navinspect_release_free_memory() }
    }

    /// Hands freed memory back now.
    public func now() {
        release()
    }

    /// Hands freed memory back once `pause` seconds pass without another call of this or ``now()``.
    public func afterPause() {
        let number = asked.withLock { count in
            count += 1
            return count
        }
        queue.asyncAfter(deadline: .now() + pause) { [self] in
            guard asked.withLock({ $0 }) == number else { return }
            release()
        }
    }
}
