import Locking
import Synchronization
import Testing

@testable import SourceIndex

@Suite("The map over every core")
struct ConcurrentMapTests {
    @Test("results come in the elements' order, with or without costs", arguments: [0, 1, 2, 7, 500])
    func order(count: Int) {
        let elements = Array(0..<count)
        let costs = elements.map { ($0 * 7_919) % 97 }
        #expect(concurrentMap(elements) { $0 * 2 } == elements.map { $0 * 2 })
        #expect(concurrentMap(elements, costs: costs) { $0 * 2 } == elements.map { $0 * 2 })
    }

    @Test("the costliest elements are taken first; equal costs in the elements' order")
    func costliestFirstOrder() {
        #expect(costliestFirst([3, 9, 1, 9, 4]) == [1, 3, 4, 0, 2])
        #expect(costliestFirst([]) == [])
        #expect(costliestFirst([5, 5, 5]) == [0, 1, 2])
    }

    @Test("each element is transformed once")
    func once() {
        let calls = Atomic<Int>(0)
        let results = concurrentMap(Array(0..<300), costs: (0..<300).map { $0 % 13 }) { element -> Int in
            calls.wrappingAdd(1, ordering: .relaxed)
            return element + 1
        }
        #expect(calls.load(ordering: .relaxed) == 300)
        #expect(results == Array(1...300))
    }

    @Test(
        "the filter keeps what a filter on one core keeps, in order, each element tested once",
        arguments: [0, 1, 255, 256, 257, 2_000])
    func filter(count: Int) {
        let tests = Atomic<Int>(0)
        let kept = concurrentFilter(0..<count) { element in
            tests.wrappingAdd(1, ordering: .relaxed)
            return element % 3 == 0 || element % 7 == 1
        }
        #expect(kept == (0..<count).filter { $0 % 3 == 0 || $0 % 7 == 1 })
        #expect(tests.load(ordering: .relaxed) == count)
    }
}

@Suite("The pool of threads the maps run on")
struct WorkerPoolTests {
    /// Every participant waits until `count` have arrived: true when all met before `deadline`.
    private static func meet(_ arrived: borrowing Atomic<Int>, count: Int, deadline: ContinuousClock.Instant) -> Bool {
        arrived.wrappingAdd(1, ordering: .relaxed)
        while arrived.load(ordering: .relaxed) < count {
            if ContinuousClock.now > deadline { return false }
        }
        return true
    }

    @Test("a helper runs the body beside the caller, every time it is asked")
    func helperJoins() {
        let pool = WorkerPool(helpers: 1)
        #expect(pool.helperCount == 1)
        // The caller and the helper each wait in the body until the other is in it too: the body
        // returns on both only if they ran it at the same time.
        for _ in 0..<50 {
            let arrived = Atomic<Int>(0)
            let met = Atomic<Int>(0)
            let deadline = ContinuousClock.now + .seconds(5)
            pool.perform {
                if Self.meet(arrived, count: 2, deadline: deadline) { met.wrappingAdd(1, ordering: .relaxed) }
            }
            #expect(met.load(ordering: .relaxed) == 2)
            if met.load(ordering: .relaxed) != 2 { break }
        }
    }

    @Test("each number of a count is given to the body once", arguments: [0, 1, 2, 1_000])
    func eachNumberOnce(count: Int) {
        let pool = WorkerPool(helpers: 2)
        let seen = Locked([Int](repeating: 0, count: count))
        pool.perform(count: count) { number in seen.withLock { $0[number] += 1 } }
        #expect(seen.withLock { $0 } == [Int](repeating: 1, count: count))
    }

    @Test("work posted from inside the pool's work is done, by whoever is free")
    func nested() {
        let pool = WorkerPool(helpers: 2)
        let inner = Atomic<Int>(0)
        let outerTaken = Atomic<Int>(0)
        pool.perform {
            while outerTaken.wrappingAdd(1, ordering: .relaxed).oldValue < 8 {
                let innerTaken = Atomic<Int>(0)
                pool.perform {
                    while innerTaken.wrappingAdd(1, ordering: .relaxed).oldValue < 100 {
                        inner.wrappingAdd(1, ordering: .relaxed)
                    }
                }
            }
        }
        #expect(inner.load(ordering: .relaxed) == 800)
    }

    @Test("maps asked from several threads at once each get their own results")
    func severalCallers() {
        let results = concurrentMap(Array(0..<6)) { caller in
            concurrentMap(Array(0..<400)) { $0 * caller }.reduce(0, +)
        }
        #expect(results == (0..<6).map { caller in (0..<400).reduce(0) { $0 + $1 * caller } })
    }
}
