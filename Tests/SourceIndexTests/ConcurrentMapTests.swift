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
