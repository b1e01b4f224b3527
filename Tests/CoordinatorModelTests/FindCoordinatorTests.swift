import CoordinatorModel
import TestSupport
import Testing

/// The seed's `findCoordinator(type:)`, written out directly: an explicit stack, pop the last,
/// return on a type match, otherwise push the children in order.
private func seedFindCoordinator(_ tree: CoordinatorTree, type: String, from origin: NodeIndex) -> NodeIndex? {
    var stack = [origin]
    while !stack.isEmpty {
        let current = stack.removeLast()
        if tree[current].type == type { return current }
        stack.append(contentsOf: tree.children(of: current))
    }
    return nil
}

/// Every coordinator the seed's loop would visit if it never stopped, filtered by type.
private func seedVisitOrderMatches(_ tree: CoordinatorTree, type: String, from origin: NodeIndex) -> [NodeIndex] {
    var stack = [origin]
    var matches: [NodeIndex] = []
    while let current = stack.popLast() {
        if tree[current].type == type { matches.append(current) }
        stack.append(contentsOf: tree.children(of: current))
    }
    return matches
}

/// Every coordinator the seed's loop would visit if it never stopped.
private func seedVisitOrder(_ tree: CoordinatorTree, from origin: NodeIndex) -> [NodeIndex] {
    var stack = [origin]
    var visited: [NodeIndex] = []
    while let current = stack.popLast() {
        visited.append(current)
        stack.append(contentsOf: tree.children(of: current))
    }
    return visited
}

/// A random tree of `count` coordinators whose types repeat, some nil.
private func randomTree(count: Int, typeCount: Int, using generator: inout SeededGenerator) throws -> CoordinatorTree {
    var children = [[String]](repeating: [], count: count)
    for node in 1..<max(count, 1) {
        // Mostly recent parents (deep trees), sometimes any parent (wide trees).
        let parent =
            Bool.random(using: &generator)
            ? Int.random(in: max(0, node - 3)..<node, using: &generator) : Int.random(in: 0..<node, using: &generator)
        children[parent].append("n\(node)")
    }
    let nodes = (0..<count).map { node -> (id: String, type: String?, children: [String]) in
        let type: String? =
            Int.random(in: 0..<10, using: &generator) == 0 ? nil : "t\(Int.random(in: 0..<typeCount, using: &generator))"
        return (id: "n\(node)", type: type, children: children[node].shuffled(using: &generator))
    }
    return try Fixtures.tree(nodes)
}

@Suite("findCoordinator follows the app's own algorithm")
struct FindCoordinatorTests {
    @Test("matches a direct implementation of the seed's algorithm on random trees", arguments: 0..<300)
    func agreesWithSeedAlgorithm(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed))
        let count = Int.random(in: 1...60, using: &generator)
        let tree = try randomTree(count: count, typeCount: Int.random(in: 1...6, using: &generator), using: &generator)
        for _ in 0..<10 {
            let origin = Int.random(in: 0..<count, using: &generator)
            let type = "t\(Int.random(in: 0..<7, using: &generator))"
            #expect(tree.findCoordinator(type: type, from: origin) == seedFindCoordinator(tree, type: type, from: origin))
            #expect(tree.findAllCoordinators(type: type, from: origin) == seedVisitOrderMatches(tree, type: type, from: origin))
            #expect(tree.searchOrder(from: origin) == seedVisitOrder(tree, from: origin))
        }
    }

    @Test("searches the last child first")
    func lastChildFirst() throws {
        let tree = try Fixtures.tree([
            (id: "root", type: nil, children: ["first", "second"]),
            (id: "first", type: "shared", children: []),
            (id: "second", type: nil, children: ["deep"]),
            (id: "deep", type: "shared", children: []),
        ])
        // A breadth-first search would return "first"; the app's stack returns the deep one.
        #expect(tree.findCoordinator(type: "shared").map { tree[$0].id } == "deep")
        #expect(tree.findAllCoordinators(type: "shared").map { tree[$0].id } == ["deep", "first"])
    }

    @Test("returns the origin itself when it has the type, and nil when nothing below matches")
    func originAndMisses() throws {
        let tree = Fixtures.example()
        let profile = try #require(tree.node(id: "profile"))
        #expect(tree.findCoordinator(type: "profile", from: profile) == profile)
        let journal = try #require(tree.node(id: "journal"))
        #expect(tree.findCoordinator(type: "trailDetail", from: journal) == nil)
        #expect(tree.findCoordinator(type: "noSuchType") == nil)
        #expect(tree.findAllCoordinators(type: "noSuchType").isEmpty)
    }

    @Test("in the example, the trail detail under Trips wins over the one under Explore")
    func exampleSharedType() {
        let tree = Fixtures.example()
        #expect(
            tree.findAllCoordinators(type: "trailDetail").map { tree[$0].id } == ["trips.trailDetail", "explore.trailDetail"])
        #expect(
            tree.path(to: tree.findCoordinator(type: "trailDetail")!).map { tree[$0].id } == [
                "app", "tabs", "trips", "trips.trailDetail",
            ])
    }
}
