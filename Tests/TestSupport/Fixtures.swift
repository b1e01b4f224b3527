import CoordinatorModel
import JSON
import TreeDocument

/// Builds trees for tests from a compact description.
public enum Fixtures {
    /// The built-in example, loaded.
    public static func example() -> CoordinatorTree {
        try! BuiltInExample.load().get()
    }

    /// The built-in example as a JSON value.
    public static func exampleValue() -> JSONValue {
        try! JSONParser.parseValue(BuiltInExample.document)
    }

    /// A tree from `(id, type, children)` triples; the first is the root.
    public static func tree(_ nodes: [(id: String, type: String?, children: [String])]) throws -> CoordinatorTree {
        let draft = TreeDraft(
            root: nodes.first?.id,
            coordinators: nodes.map {
                CoordinatorDraft(id: $0.id, className: "\($0.id.capitalized)Coordinator", type: $0.type, children: $0.children)
            })
        return try CoordinatorTree(validating: draft)
    }
}

/// A small, seedable random generator (SplitMix64) so property tests replay exactly.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Fixtures {
    /// A valid document of `count` coordinators in a wide, shallow tree, as JSON text; slow
    /// enough to load that tests can act while it loads.
    public static func largeDocument(count: Int, typeCount: Int = 50) -> String {
        var text = #"{"navinspect": 1, "root": "c0", "coordinators": ["#
        text.reserveCapacity(count * 120)
        for index in 0..<count {
            let children = [index * 4 + 1, index * 4 + 2, index * 4 + 3, index * 4 + 4].filter { $0 < count }
            let list = children.map { "\"c\($0)\"" }.joined(separator: ",")
            if index > 0 { text += "," }
            text +=
                #"{"id":"c\#(index)","class":"FeatureCoordinator\#(index % 97)","type":"t\#(index % typeCount)","children":[\#(list)],"source":{"file":"Features/F\#(index % 97).swift","line":\#(index % 300 + 1)}}"#
        }
        text += "]}"
        return text
    }
}
