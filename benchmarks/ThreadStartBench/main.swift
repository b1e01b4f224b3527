// When does a second thread join the first body of work a process posts? Run once per process
// (the first post is the one that pays for bringing a thread up), with the side named on the
// command line: `dispatch` (DispatchQueue.concurrentPerform) or `pool` (Locking's WorkerPool),
// cold (posted at once) or `-warm` (the threads asked for first, as at a process's start, then
// 3 ms of other work on the main thread before the post). Each side's body waits, spinning, up
// to 5 ms for a second participant, then gives up; the process prints the milliseconds from the
// post to the second participant's arrival, or `never`.
import Dispatch
import Synchronization

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func spin(milliseconds: UInt64) {
    let start = now()
    while now() - start < milliseconds * 1_000_000 {}
}

let side = CommandLine.arguments.dropFirst().first ?? "pool"
if side == "dispatch-warm" {
    DispatchQueue.concurrentPerform(iterations: 2) { _ in }
    spin(milliseconds: 3)
} else if side == "pool-warm" {
    _ = WorkerPool.shared
    spin(milliseconds: 3)
}
let posted = now()
let arrivals = Atomic<Int>(0)
let second = Atomic<UInt64>(0)

func body() {
    if arrivals.wrappingAdd(1, ordering: .relaxed).oldValue == 1 {
        second.store(now(), ordering: .relaxed)
        return
    }
    // The first to arrive waits for a companion; the work is then done by two.
    while arrivals.load(ordering: .relaxed) < 2, now() - posted < 5_000_000 {}
}

if side.hasPrefix("dispatch") {
    DispatchQueue.concurrentPerform(iterations: 2) { _ in body() }
} else {
    WorkerPool.shared.perform(body)
}
let arrived = second.load(ordering: .relaxed)
print(arrived == 0 ? "never" : String(Double(arrived - posted) / 1e6))
