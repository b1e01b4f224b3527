import TestSupport
import Testing

@testable import SourceIndex

/// The small maps the launch evaluation keeps in each frame answer as dictionaries do, before
/// and after they grow past the names they look through in a list.
@Suite("The evaluation's small maps")
struct EvaluatorMapsTests {
    @Test("a map of names answers as a dictionary through random sets, removals and growth", arguments: [0, 4, 40])
    func nameMapAsDictionary(reserved: Int) {
        var generator = SeededGenerator(seed: UInt64(17 + reserved))
        let names = (0..<40).map { "name\($0)" } + ["a", "ab", "ba", "$0", "self", "navigationController"]
        var map = SmallMap<String, Int>(capacity: reserved)
        var expected: [String: Int] = [:]
        for step in 0..<2_000 {
            let name = names.randomElement(using: &generator)!
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                #expect(map.removeValue(forKey: name) == expected.removeValue(forKey: name))
            case 1:
                map[name] = nil
                expected[name] = nil
            default:
                map[name] = step
                expected[name] = step
            }
            #expect(map.isEmpty == expected.isEmpty)
            for probe in names.prefix(8) + [name] { #expect(map[probe] == expected[probe], "\(probe) at \(step)") }
        }
    }

    @Test("the results of a frame's calls are kept by offset and name, past the listed ones too", arguments: [0, 10, 100])
    func callResultsByOffsetAndName(capacity: Int) {
        var results = SmallMap<ContainerEvaluator.CallKey, ContainerEvaluator.Value>(capacity: capacity)
        // The calls of a chain share their offset: `make().start()`.
        for offset in 0..<60 {
            results[ContainerEvaluator.CallKey(offset: offset, name: "make")] = .integer(offset)
            results[ContainerEvaluator.CallKey(offset: offset, name: "start")] = .unknown
        }
        for offset in 0..<60 {
            guard case .integer(let value)? = results[ContainerEvaluator.CallKey(offset: offset, name: "make")] else {
                Issue.record("no result for make at \(offset)")
                continue
            }
            #expect(value == offset)
            #expect(results[ContainerEvaluator.CallKey(offset: offset, name: "start")] != nil)
            #expect(results[ContainerEvaluator.CallKey(offset: offset, name: "other")] == nil)
        }
        #expect(results[ContainerEvaluator.CallKey(offset: 60, name: "make")] == nil)
        results[ContainerEvaluator.CallKey(offset: 3, name: "make")] = .integer(-3)
        if case .integer(let value)? = results[ContainerEvaluator.CallKey(offset: 3, name: "make")] {
            #expect(value == -3)
        } else {
            Issue.record("the value set again is not kept")
        }
    }
}
