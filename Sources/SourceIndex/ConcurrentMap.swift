import Locking

/// The threads the work is spread over, the caller and ``WorkerPool/shared``'s (one per core):
/// ``concurrentMap`` has a worker on each, and the parse deals a large file's pieces and parts out to them.
let processorCount = WorkerPool.shared.helperCount + 1

/// `transform` applied to every element on every core, results in the elements' order.
///
/// The caller and the threads of ``WorkerPool/shared`` take the next element in turn
/// (``WorkerPool/perform(count:_:)``), and each writes its result straight into its own slot of the
/// output: slots are disjoint, so no lock is needed for them.
/// - Parameter costs: an estimate of each element's work, in the elements' order, when they differ
///   much (files to parse): the costliest are taken first, so that no core is left alone with a long
///   one at the end.
func concurrentMap<Element, Result>(
    _ elements: some RandomAccessCollection<Element>, costs: [Int]? = nil, _ transform: @Sendable (Element) -> Result
) -> [Result] where Element: Sendable, Result: Sendable {
    let items = Array(elements)
    guard !items.isEmpty else { return [] }
    precondition(costs.map { $0.count == items.count } ?? true, "one cost per element")
    let order = costs.map(costliestFirst)
    return [Result](unsafeUninitializedCapacity: items.count) { buffer, initialized in
        let slots = SendableSlots(buffer.baseAddress!)
        WorkerPool.shared.perform(count: items.count) { taken in
            let index = order?[taken] ?? taken
            (slots.base + index).initialize(to: transform(items[index]))
        }
        initialized = items.count
    }
}

/// The output buffer of ``concurrentMap``, handed to its workers, which write disjoint slots.
private struct SendableSlots<Result>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Result>

    init(_ base: UnsafeMutablePointer<Result>) { self.base = base }
}

/// The positions of `costs`, the highest cost first; equal costs keep their order.
func costliestFirst(_ costs: [Int]) -> [Int] {
    costs.indices.sorted { (costs[$0], $1) > (costs[$1], $0) }
}

/// The elements of `elements` that `isIncluded` keeps, in their order, tested on every core in
/// runs of consecutive elements: for a cheap test over thousands of files, where one task per
/// element would cost more than the test.
func concurrentFilter<Element: Sendable>(
    _ elements: some RandomAccessCollection<Element>, _ isIncluded: @Sendable (Element) -> Bool
) -> [Element] {
    let items = Array(elements)
    let runLength = 256
    let starts = Array(stride(from: 0, to: items.count, by: runLength))
    guard starts.count > 1 else { return items.filter(isIncluded) }
    return concurrentMap(starts) { start in
        items[start..<min(start + runLength, items.count)].filter(isIncluded)
    }.flatMap { $0 }
}
