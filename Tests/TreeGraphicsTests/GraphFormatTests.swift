import CoordinatorModel
import Foundation
import SourceIndex
import TestSupport
import Testing
import TreeGraphics

/// The trees every format is checked on: the fixture apps, indexed from their sources, and the
/// built-in example, which has containers, shared types and flows started on demand.
enum GraphFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SourceIndexTests/Fixtures")

    static let apps: [String] = (try? FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()) ?? []

    static func tree(_ name: String) throws -> CoordinatorTree {
        if name == "example" { return Fixtures.example() }
        return try SourceIndexer.index(directory: folder.appendingPathComponent(name).path).tree().get()
    }

    /// Every parent → child pair of the tree, by key.
    static func pairs(_ tree: CoordinatorTree) -> [(parent: String, child: String)] {
        tree.nodes.indices.flatMap { parent in
            tree.children(of: parent).map { (TreeGraph.key(of: parent), TreeGraph.key(of: $0)) }
        }
    }

    static func installed(_ program: String) -> Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/\(program)") }
}

@Suite("navinspect graph: every format on the fixture apps")
struct GraphFormatTests {
    @Test("the fixture apps are there", arguments: [()])
    func fixturesFound(_: Void) {
        #expect(GraphFixtures.apps.count >= 5, "\(GraphFixtures.apps)")
    }

    @Test(
        "Mermaid: a node per coordinator with its class, an edge per parent → child pair",
        arguments: GraphFixtures.apps + ["example"])
    func mermaid(app: String) throws {
        let tree = try GraphFixtures.tree(app)
        let text = MermaidRenderer.render(TreeGraph(tree: tree))
        let lines = Set(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(text.hasPrefix("flowchart TD\n"))
        for (parent, child) in GraphFixtures.pairs(tree) {
            let drawn = lines.contains { line in
                line.hasPrefix("\(parent) ") && line.hasSuffix(" \(child)")
                    && (line.contains(" --> ") || line.contains(" ==> ") || line.contains(" -.->|"))
            }
            #expect(drawn, "\(app): \(parent) → \(child)")
        }
        for node in tree.nodes.indices {
            #expect(lines.contains { $0.hasPrefix("\(TreeGraph.key(of: node))[\"\(tree[node].className)") }, "\(app): \(node)")
        }
    }

    @Test(
        "DOT renders with Graphviz, with an edge per pair and every class",
        .enabled(if: GraphFixtures.installed("dot"), "scripts/setup installs graphviz"),
        arguments: GraphFixtures.apps + ["example"])
    func dot(app: String) throws {
        let tree = try GraphFixtures.tree(app)
        let rendered = try NavinspectBinary.runProgram(
            "/usr/bin/dot", ["-Tsvg"], stdin: DOTRenderer.render(TreeGraph(tree: tree)))
        #expect(rendered.status == 0, "\(rendered.stderr)")
        for (parent, child) in GraphFixtures.pairs(tree) {
            // Graphviz titles each edge with its two node names.
            #expect(rendered.stdout.contains("<title>\(parent)&#45;&gt;\(child)</title>"), "\(app): \(parent) → \(child)")
        }
        for node in tree.nodes { #expect(rendered.stdout.contains(">\(node.className)"), "\(app): \(node.className)") }
    }

    @Test(
        "SVG is well-formed, names every class and draws every pair",
        .enabled(if: GraphFixtures.installed("xmllint"), "scripts/setup installs libxml2-utils"),
        arguments: GraphFixtures.apps + ["example"])
    func svg(app: String) throws {
        let tree = try GraphFixtures.tree(app)
        let svg = SVGRenderer.render(TreeGraph(tree: tree))
        let checked = try NavinspectBinary.runProgram("/usr/bin/xmllint", ["--noout", "-"], stdin: svg)
        #expect(checked.status == 0, "\(checked.stderr)")
        for (parent, child) in GraphFixtures.pairs(tree) {
            #expect(svg.contains("data-from=\"\(parent)\" data-to=\"\(child)\""), "\(app): \(parent) → \(child)")
        }
        for node in tree.nodes { #expect(svg.contains("text-anchor=\"middle\">\(node.className)"), "\(app): \(node.className)") }
    }

    @Test(
        "the SVG layout puts children a row below their parent and no two boxes overlap",
        arguments: GraphFixtures.apps + ["example"])
    func layout(app: String) throws {
        let graph = TreeGraph(tree: try GraphFixtures.tree(app))
        let layout = TreeLayout(graph)
        let position = Dictionary(uniqueKeysWithValues: graph.nodes.enumerated().map { ($1.key, $0) })
        for edge in graph.edges {
            #expect(layout.boxes[position[edge.to]!].y > layout.boxes[position[edge.from]!].y)
        }
        for first in layout.boxes.indices {
            for second in layout.boxes.indices where second > first {
                let a = layout.boxes[first]
                let b = layout.boxes[second]
                let apart = a.y != b.y || a.x + a.width <= b.x || b.x + b.width <= a.x
                #expect(apart, "\(app): \(graph.nodes[first].title) and \(graph.nodes[second].title) overlap")
            }
        }
    }
}

@Suite("navinspect graph: what the pictures mark")
struct GraphMarkTests {
    let tree = Fixtures.example()

    func node(_ id: String) -> NodeIndex { tree.node(id: id)! }

    @Test("children started on demand are dashed and labelled with the method that starts them")
    func onDemand() {
        let graph = TreeGraph(tree: tree)
        let record = graph.edges.first { $0.to == TreeGraph.key(of: node("record")) }
        #expect(record?.onDemand == true && record?.method == "showRecordHikeFlow")
        #expect(graph.edges.first { $0.to == TreeGraph.key(of: node("tabs")) }?.onDemand == false)
        let dot = DOTRenderer.render(graph)
        #expect(dot.contains("-> \(TreeGraph.key(of: node("record"))) [style=dashed, label=\"showRecordHikeFlow()\"]"))
        #expect(MermaidRenderer.render(graph).contains("-.->|\"showRecordHikeFlow()\"| \(TreeGraph.key(of: node("record")))"))
        #expect(
            SVGRenderer.render(graph).contains("class=\"edge on-demand\" data-from=\"\(record!.from)\" data-to=\"\(record!.to)\"")
        )
    }

    @Test("a type declared by two classes is marked on both; one class created twice is not")
    func sharedType() {
        let graph = TreeGraph(tree: tree)
        let shared = Set(graph.nodes.filter(\.sharedType).compactMap(\.coordinator))
        #expect(shared == [node("profile"), node("profile.edit")])
        let mermaid = MermaidRenderer.render(graph)
        #expect(mermaid.contains("class \(TreeGraph.key(of: node("profile"))),\(TreeGraph.key(of: node("profile.edit"))) shared"))
    }

    @Test("the owners of what is on screen are marked")
    func onScreen() {
        let graph = TreeGraph(tree: tree)
        let expected = Set(tree.currentStack().viewControllers.compactMap(\.owner))
        #expect(!expected.isEmpty)
        #expect(Set(graph.nodes.filter(\.onScreen).compactMap(\.coordinator)) == expected)
    }

    @Test("ids appear only where two coordinators share a class")
    func distinguishingIDs() {
        let graph = TreeGraph(tree: tree)
        let withIDs = graph.nodes.filter { $0.distinguishingID != nil }.map(\.title).sorted()
        #expect(withIDs == ["TrailDetailCoordinator [explore.trailDetail]", "TrailDetailCoordinator [trips.trailDetail]"])
    }

    @Test("--find numbers the matches in visiting order and highlights the search up to what it returns")
    func find() throws {
        for (type, origin) in [("trailDetail", nil), ("trailDetail", node("tabs")), ("profile", nil), ("explore", node("tabs"))] {
            let graph = TreeGraph(tree: tree, options: TreeGraph.Options(from: origin, find: type))
            let matches = tree.findAllCoordinators(type: type, from: origin)
            for (number, match) in matches.enumerated() {
                #expect(graph.nodes.first { $0.coordinator == match }?.matchNumber == number + 1)
            }
            let winner = try #require(tree.findCoordinator(type: type, from: origin))
            #expect(graph.found == winner)
            // Visited: exactly what the app's loop pops before it returns.
            let order = tree.searchOrder(from: origin)
            let visited = Set(order[...order.firstIndex(of: winner)!])
            #expect(Set(graph.nodes.filter(\.visited).compactMap(\.coordinator)) == visited)
            let path = Array(tree.path(to: winner).drop { $0 != (origin ?? tree.root) })
            let highlighted = graph.edges.filter(\.onSearchPath).map { [$0.from, $0.to] }
            #expect(highlighted == zip(path, path.dropFirst()).map { [TreeGraph.key(of: $0), TreeGraph.key(of: $1)] })
            #expect(graph.nodes.first { $0.coordinator == winner }?.subtitle.contains("match 1, returned") == true)
        }
        let dot = DOTRenderer.render(TreeGraph(tree: tree, options: TreeGraph.Options(find: "trailDetail")))
        #expect(dot.contains("match 2\""))
    }

    @Test("--from and --depth cut the picture; cut children are folded into a more node")
    func fromAndDepth() {
        let graph = TreeGraph(tree: tree, options: TreeGraph.Options(from: node("tabs"), depth: 1))
        let drawn = graph.nodes.compactMap(\.coordinator)
        #expect(drawn == [node("tabs")] + Array(tree.children(of: node("tabs"))))
        #expect(graph.note == nil)
        let zero = TreeGraph(tree: tree, options: TreeGraph.Options(depth: 0))
        #expect(zero.nodes.count == 1 && zero.edges.isEmpty)
    }
}

@Suite("navinspect graph: large trees and hostile names")
struct GraphLimitTests {
    /// A tree of `count` coordinators, each with up to `fanOut` children.
    static func bigTree(count: Int, fanOut: Int) throws -> CoordinatorTree {
        let nodes = (0..<count).map { node -> (id: String, type: String?, children: [String]) in
            let first = node * fanOut + 1
            return (
                id: "n\(node)", type: "t\(node % 7)", children: (min(first, count)..<min(first + fanOut, count)).map { "n\($0)" }
            )
        }
        return try Fixtures.tree(nodes)
    }

    @Test("a 10,000-node tree is cut to the cap, keeps the top, says so, and the rest is counted in more nodes")
    func cap() throws {
        let tree = try Self.bigTree(count: 10_000, fanOut: 4)
        let graph = TreeGraph(tree: tree)
        #expect(graph.drawnCoordinators == TreeGraph.defaultMaxNodes)
        #expect(graph.totalCoordinators == 10_000)
        #expect(graph.note?.contains("showing 200 of 10000 coordinators") == true)
        #expect(graph.nodes.filter { $0.coordinator == nil }.reduce(0) { $0 + $1.hiddenCoordinators } == 10_000 - 200)
        // Breadth first: every coordinator drawn is no deeper than any left out.
        let depth = { (node: NodeIndex) in tree.path(to: node).count }
        let deepestDrawn = graph.nodes.compactMap(\.coordinator).map(depth).max()!
        let drawn = Set(graph.nodes.compactMap(\.coordinator))
        #expect(tree.nodes.indices.filter { !drawn.contains($0) }.allSatisfy { depth($0) >= deepestDrawn })
        #expect(MermaidRenderer.render(graph).contains("%% navinspect: showing 200 of 10000"))
        #expect(SVGRenderer.render(graph).contains("navinspect: showing 200 of 10000"))
        let all = TreeGraph(tree: tree, options: TreeGraph.Options(maxNodes: nil))
        #expect(all.drawnCoordinators == 10_000 && all.note == nil)
    }

    @Test("a parent with many children shows the first ones and folds the rest into one more node")
    func wideParent() throws {
        let tree = try Self.bigTree(count: 101, fanOut: 100)
        let graph = TreeGraph(tree: tree)
        #expect(graph.drawnCoordinators == 1 + TreeGraph.defaultMaxChildren)
        #expect(graph.nodes.compactMap(\.coordinator) == Array(0...TreeGraph.defaultMaxChildren))
        let more = try #require(graph.nodes.last)
        #expect(
            more.coordinator == nil && more.hiddenChildren == 100 - TreeGraph.defaultMaxChildren
                && more.title == "… 88 more children")
        #expect(graph.note?.contains("showing 13 of 101 coordinators") == true)
        let found = TreeGraph(tree: tree, options: TreeGraph.Options(find: "t6"))
        // The search returns the last child of that type, which the cap alone would leave out.
        #expect(found.found.map { found.nodes.compactMap(\.coordinator).contains($0) } == true)
        #expect(TreeGraph(tree: tree, options: TreeGraph.Options(maxChildren: nil)).drawnCoordinators == 101)
    }

    @Test("a chain of 50,000 coordinators is drawn whole and reported without running out of stack")
    func deepChain() throws {
        let count = 50_000
        let tree = try Fixtures.tree(
            (0..<count).map {
                (id: "n\($0)", type: $0 == count - 1 ? "last" : nil, children: $0 + 1 < count ? ["n\($0 + 1)"] : [])
            })
        let graph = TreeGraph(tree: tree, options: TreeGraph.Options(find: "last", maxNodes: nil))
        #expect(graph.drawnCoordinators == count && graph.edges.count == count - 1 && graph.found == count - 1)
        #expect(TreeLayout(graph).boxes.last!.y > TreeLayout(graph).boxes.first!.y)
        let capped = TreeGraph(tree: tree)
        #expect(capped.nodes.last?.hiddenCoordinators == count - TreeGraph.defaultMaxNodes)
        let page = HTMLReport(tree: tree, title: "Chain", findings: nil).render()
        #expect(page.components(separatedBy: "<li data-node=").count - 1 == count)
    }

    @Test("the search's path is drawn even past the cap")
    func findPastCap() throws {
        let tree = try Self.bigTree(count: 10_000, fanOut: 4)
        let graph = TreeGraph(tree: tree, options: TreeGraph.Options(find: "t3", maxNodes: 10))
        let winner = try #require(tree.findCoordinator(type: "t3"))
        let drawn = Set(graph.nodes.compactMap(\.coordinator))
        #expect(tree.path(to: winner).allSatisfy(drawn.contains))
    }

    @Test(
        "names with markup and quotes stay inside their labels in every format",
        .enabled(if: GraphFixtures.installed("dot") && GraphFixtures.installed("xmllint")))
    func hostileNames() throws {
        let draft = TreeDraft(
            root: "a",
            coordinators: [
                CoordinatorDraft(id: "a", className: "</text><script>alert(1)</script>", type: "x\"y", children: ["b"]),
                CoordinatorDraft(
                    id: "b", className: "B\\\"];\n#quot;&amp;", type: "x\"y",
                    trigger: Trigger(method: "show\"<b>|x", onLaunch: false)),
            ])
        let tree = try CoordinatorTree(validating: draft)
        let graph = TreeGraph(tree: tree)
        let svg = SVGRenderer.render(graph)
        #expect(!svg.contains("<script>"))
        #expect(try NavinspectBinary.runProgram("/usr/bin/xmllint", ["--noout", "-"], stdin: svg).status == 0)
        let dot = try NavinspectBinary.runProgram("/usr/bin/dot", ["-Tsvg"], stdin: DOTRenderer.render(graph))
        #expect(dot.status == 0 && dot.stdout.contains("<title>n0&#45;&gt;n1</title>"))
        let mermaid = MermaidRenderer.render(graph)
        let lines = mermaid.split(separator: "\n")
        #expect(!mermaid.contains("<script>") && lines.dropFirst().allSatisfy { $0.hasPrefix("    ") })
        #expect(lines.filter { $0.hasPrefix("    n0[") || $0.hasPrefix("    n1[") }.count == 2)
        #expect(lines.contains("    n0 -.->|\"show#quot;#lt;b#gt;#124;x()\"| n1"))
    }
}

@Suite("Pictures of a tree with a flow shown as the same as another")
struct SameAsGraphTests {
    @Test("the repeated flow says which node has its children, and the search's path runs through it to what it finds there")
    func sameAsMarked() throws {
        let tree = try GraphFixtures.tree("SharedFlows")
        let library = try #require(tree.node(id: "ShopCoordinator/LibraryCoordinator"))
        let basket = try #require(tree.node(id: "ShopCoordinator/LibraryCoordinator/BasketCoordinator"))
        let graph = TreeGraph(tree: tree, options: TreeGraph.Options(from: library, find: "address"))
        let drawn = try #require(graph.nodes.first { $0.coordinator == basket })
        #expect(drawn.subtitle == ".basket · same as [ShelfCoordinator/BasketCoordinator]")
        #expect(
            graph.found
                == tree.node(id: "ShopCoordinator/ShelfCoordinator/BasketCoordinator/CheckoutCoordinator/AddressCoordinator"))
        #expect(graph.edges.contains { $0.to == TreeGraph.key(of: basket) && $0.onSearchPath })
        #expect(drawn.visited)
        #expect(DOTRenderer.render(graph).contains("same as [ShelfCoordinator/BasketCoordinator]"))
    }
}
