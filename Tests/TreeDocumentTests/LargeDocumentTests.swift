import CoordinatorModel
import JSON
import Testing
import TreeDocument

/// SplitMix64: a small seeded generator, so the synthetic tree is the same on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A generated tree document, with the parent and children the generator chose for each id.
struct SyntheticTree {
    var value: JSONValue
    let parent: [String: String]
    let children: [String: [String]]

    /// `count` coordinators "c0"… (root "c0"), each new one under the previous (deep runs) or
    /// under any earlier one (wide fans); listed in shuffled order, with shuffled child lists.
    /// Every fourth coordinator drives a navigation container that it owns the bottom of.
    init(count: Int, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var parent: [String: String] = [:]
        var children = [[String]](repeating: [], count: count)
        for index in 1..<count {
            let parentIndex = random.next() % 10 < 6 ? index - 1 : Int.random(in: 0..<index, using: &random)
            children[parentIndex].append("c\(index)")
            parent["c\(index)"] = "c\(parentIndex)"
        }
        for index in children.indices { children[index].shuffle(using: &random) }

        var coordinators: [JSONValue] = []
        var containers: [JSONValue] = []
        for index in (0..<count).shuffled(using: &random) {
            var coordinator: JSONObject = [
                "id": .string("c\(index)"), "class": .string("Coordinator\(index % 13)"),
                "children": .array(children[index].map(JSONValue.string)),
            ]
            if index % 3 != 0 { coordinator["type"] = .string("type\(index % 7)") }
            if index % 5 == 0 {
                coordinator["source"] = ["file": .string("Sources/File\(index % 11).swift"), "line": .int(index + 1)]
            }
            if index % 2 == 0 {
                coordinator["trigger"] = ["method": .string("show\(index % 9)"), "onLaunch": .bool(index % 4 == 0)]
            }
            if index % 4 == 0 {
                coordinator["navigation"] = .string("nav\(index)")
                containers.append([
                    "id": .string("nav\(index)"), "kind": "navigation",
                    "stack": [["class": .string("Screen\(index % 17)"), "owner": .string("c\(index)")]],
                ])
            }
            coordinators.append(.object(coordinator))
        }
        value = [
            "navinspect": 1, "root": "c0", "window": "nav0", "coordinators": .array(coordinators),
            "containers": .array(containers),
        ]
        self.parent = parent
        self.children = Dictionary(uniqueKeysWithValues: children.enumerated().map { ("c\($0)", $1) })
    }

    /// Replaces member `key` of element `index` of the top-level list `list`.
    mutating func set(_ list: String, _ index: Int, _ key: String, to newValue: JSONValue) {
        guard case .object(var top) = value, case .array(var elements)? = top[list], case .object(var element) = elements[index]
        else {
            preconditionFailure("no \(list)[\(index)]")
        }
        element[key] = newValue
        elements[index] = .object(element)
        top[list] = .array(elements)
        value = .object(top)
    }
}

@Suite("Large documents")
struct LargeDocumentTests {
    static let coordinatorCount = 20_000

    @Test("20,000 coordinators load through the parallel path as through load(value:)")
    func parallelMatchesValue() throws {
        let synthetic = SyntheticTree(count: Self.coordinatorCount, seed: 0x5EED)
        let fromBytes = try loadBytes(synthetic.value.serializedString()).get()
        let fromValue = try loadValue(synthetic.value).get()

        #expect(fromBytes.count == Self.coordinatorCount)
        #expect(fromBytes.containers.count == Self.coordinatorCount / 4)
        #expect(summary(fromBytes) == summary(fromValue))

        // Both match what was generated: the same parents and the same children in the same order.
        #expect(fromBytes[fromBytes.root].id == "c0")
        var mismatches: [String] = []
        for index in fromBytes.nodes.indices {
            let id = fromBytes[index].id
            let parent = fromBytes[index].parent.map { fromBytes[$0].id }
            let children = Array(fromBytes.children(of: index)).map { fromBytes[$0].id }
            if parent != synthetic.parent[id] || children != synthetic.children[id] {
                mismatches.append("\(id): parent \(parent ?? "-") children \(children)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        // Coordinators keep document order, so index i is the i-th listed coordinator.
        let listed = synthetic.value["coordinators"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
        #expect(fromBytes.nodes.map(\.id) == listed)
    }

    @Test("issues deep in a large document point at the right elements through both paths")
    func issuesInLargeDocument() {
        var synthetic = SyntheticTree(count: Self.coordinatorCount, seed: 42)
        synthetic.set("coordinators", 19_999, "class", to: 5)
        synthetic.set("coordinators", 12_345, "chidren", to: [])
        synthetic.set("coordinators", 4_096, "source", to: ["file": "F.swift", "line": 0])
        synthetic.set("containers", 4_999, "kind", to: "pages")
        synthetic.set("containers", 2_500, "stack", to: [["class": "Screen", "owner": "nobody"]])
        assertIssues(
            synthetic.value.serializedString(),
            contain: [
                ("/coordinators/19999/class", "must be a string, not a number"),
                ("/coordinators/12345/chidren", "unknown member 'chidren'"),
                ("/coordinators/4096/source/line", "must be an integer ≥ 1"),
                ("/containers/4999/kind", "unknown container kind 'pages'"),
                ("/containers/2500/stack/0/owner", "unknown coordinator id 'nobody' as owner"),
            ])
    }
}
