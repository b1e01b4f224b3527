import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Threads kept for the life of the process, one per core but the caller's, that join a caller
/// in running a body of work (``perform(_:)``).
///
/// Used instead of `DispatchQueue.concurrentPerform`, whose shared pool on Linux at times left a
/// process's first maps to their caller alone (in one process of four that posted two 2 ms halves
/// thirty times, the first nine posts), and an index's listing and word scan on one core for up to
/// 30 ms in one run of six. These threads are made once, at the process's start (`main.swift`), and
/// wait on a condition variable, which ThreadSanitizer sees, as it sees the mutex guarding the
/// posted work. A thread asleep on another core still takes time to wake: on the virtual machines
/// measured, 0.5 to 4 ms after a pause (benchmarks/thread_start.sh).
public final class WorkerPool: @unchecked Sendable {
    /// The pool for the whole process: a helper on each core but one.
    public static let shared = WorkerPool(helpers: max(0, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) - 1))

    /// A body posted by ``perform(_:)``, and the helpers running it.
    private final class Job {
        // Both guarded by the pool's mutex. `body` is taken away before `perform` returns.
        var body: (() -> Void)?
        var helpers = 0

        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// How many threads the pool keeps beside its callers (fewer than asked when the system would
    /// not make them). Set once, before the pool is shared.
    public private(set) var helperCount = 0
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Signalled when a job is posted.
    private let posted: UnsafeMutablePointer<pthread_cond_t>
    /// Signalled when the last helper of a job leaves it.
    private let left: UnsafeMutablePointer<pthread_cond_t>
    // Guarded by `mutex`: the jobs a helper may still join, oldest first.
    private var open: [Job] = []

    /// A pool of `helpers` threads, started now. The pool lives as long as the process: its
    /// threads are never stopped, and hold it.
    public init(helpers: Int) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        posted = .allocate(capacity: 1)
        posted.initialize(to: pthread_cond_t())
        left = .allocate(capacity: 1)
        left.initialize(to: pthread_cond_t())
        precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
        precondition(pthread_cond_init(posted, nil) == 0, "pthread_cond_init failed")
        precondition(pthread_cond_init(left, nil) == 0, "pthread_cond_init failed")
        // The stack a process's main thread has (8 MB): the parser's recursion runs on these threads.
        for _ in 0..<helpers where DetachedThread.make(stackSize: 8 << 20, { self.serve() }) { helperCount += 1 }
    }

    /// Runs `body` on the calling thread and, at the same time, on every helper that is free, then
    /// waits until every helper that joined has returned from it. `body` is a loop taking items of
    /// work from a shared counter until none is left: once it returns on any thread, no helper
    /// joins any more. With no helper free (every one busy with another caller's work, or this is
    /// one of them calling from inside such work) the caller runs the whole of it alone.
    public func perform(_ body: () -> Void) {
        guard helperCount > 0 else { return body() }
        withoutActuallyEscaping(body) { body in
            let job = Job(body)
            pthread_mutex_lock(mutex)
            open.append(job)
            pthread_cond_broadcast(posted)
            pthread_mutex_unlock(mutex)
            body()
            pthread_mutex_lock(mutex)
            close(job)
            while job.helpers > 0 { pthread_cond_wait(left, mutex) }
            // No thread holds the closure past this point: `withoutActuallyEscaping` checks it.
            job.body = nil
            pthread_mutex_unlock(mutex)
        }
    }

    /// Runs `body` once for each of `0..<count`, on the calling thread and the helpers that are
    /// free, each taking the next number from a shared counter (the maps over every core).
    public func perform(count: Int, _ body: (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        let next = Atomic<Int>(0)
        func work() {
            while true {
                let taken = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard taken < count else { return }
                body(taken)
            }
        }
        perform(work)
    }

    /// A helper's life: wait for a job, run its body, leave it, again.
    private func serve() {
        pthread_mutex_lock(mutex)
        while true {
            guard let job = open.first else {
                pthread_cond_wait(posted, mutex)
                continue
            }
            job.helpers += 1
            pthread_mutex_unlock(mutex)
            run(job)
            pthread_mutex_lock(mutex)
            job.helpers -= 1
            // The body returned: all its work is taken, so no other helper needs to join.
            close(job)
            if job.helpers == 0 { pthread_cond_broadcast(left) }
        }
    }

    /// Runs the job's body, holding the closure only for that call. Called with the mutex unlocked;
    /// the body is read under it.
    private func run(_ job: Job) {
        pthread_mutex_lock(mutex)
        let body = job.body
        pthread_mutex_unlock(mutex)
        body?()
    }

    /// Takes `job` off the list of jobs helpers may join (if it is still there). Called holding the mutex.
    private func close(_ job: Job) {
        if let place = open.firstIndex(where: { $0 === job }) { open.remove(at: place) }
    }
}
