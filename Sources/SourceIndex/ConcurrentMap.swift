import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `transform` applied to every element on every core, results in the elements' order.
///
/// Workers take the next element from a shared counter, and each writes its result straight into
/// its own slot of the output: slots are disjoint, so no lock is needed for them.
func concurrentMap<Element, Result>(
    _ elements: some RandomAccessCollection<Element>, _ transform: @Sendable (Element) -> Result
) -> [Result] where Element: Sendable, Result: Sendable {
    let items = Array(elements)
    guard !items.isEmpty else { return [] }
    let next = Atomic<Int>(0)
    let workers = max(1, min(items.count, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
    return [Result](unsafeUninitializedCapacity: items.count) { buffer, initialized in
        let slots = SendableSlots(buffer.baseAddress!)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < items.count else { return }
                (slots.base + index).initialize(to: transform(items[index]))
            }
        }
        initialized = items.count
    }
}

/// The output buffer of ``concurrentMap``, handed to its workers, which write disjoint slots.
private struct SendableSlots<Result>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Result>

    init(_ base: UnsafeMutablePointer<Result>) { self.base = base }
}
