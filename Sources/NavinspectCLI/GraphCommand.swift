import ArgumentParser
import CoordinatorModel
import TreeGraphics

/// `navinspect graph`: the tree as a picture, in Mermaid, DOT or SVG.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw the coordinator tree as Mermaid, DOT (Graphviz) or SVG.",
        discussion: """
            Nodes show the class and the .type case; edges go from parent to child in \
            childCoordinators order, dashed and labelled with the method for children started on \
            demand. A red border marks a type several classes declare; green, the owners of what is \
            on screen. --find highlights the path the app's findCoordinator(type:) takes and \
            numbers its matches in visiting order.

            Mermaid renders in GitHub and GitLab Markdown; DOT needs Graphviz (dot -Tpng); SVG is \
            laid out by navinspect itself. A large tree is cut at --max-nodes coordinators, breadth \
            first, and at --max-children under one parent (the search's path is always kept): the \
            rest are folded into one "more" node per parent, and the output says so.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case mermaid, dot, svg
    }

    @OptionGroup var input: TreeOptions

    @Option(help: ArgumentHelp("mermaid (the default), dot or svg.", valueName: "format"))
    var format: Format = .mermaid

    @Option(help: ArgumentHelp("Start at this coordinator (id or class name) instead of the root.", valueName: "id"))
    var from: String?

    @Option(help: ArgumentHelp("Draw this many levels of children (default: all).", valueName: "levels"))
    var depth: Int?

    @Option(help: ArgumentHelp("Highlight findCoordinator(type:) for this case, without the dot.", valueName: "case"))
    var find: String?

    @Option(
        help: ArgumentHelp(
            "Draw at most this many coordinators; 0 for no limit (default: \(TreeGraph.defaultMaxNodes)).", valueName: "count"))
    var maxNodes: Int = TreeGraph.defaultMaxNodes

    @Option(
        help: ArgumentHelp(
            "Draw at most this many children of one coordinator; 0 for no limit (default: \(TreeGraph.defaultMaxChildren)).",
            valueName: "count"))
    var maxChildren: Int = TreeGraph.defaultMaxChildren

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of stdout.", valueName: "file"))
    var output: String?

    func validate() throws {
        if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more, not \(depth)") }
        if maxNodes < 0 { throw ValidationError("--max-nodes must be 0 or more, not \(maxNodes)") }
        if maxChildren < 0 { throw ValidationError("--max-children must be 0 or more, not \(maxChildren)") }
    }

    func run() throws {
        let tree = try input.loadTree()
        var origin: NodeIndex?
        if let from {
            guard let id = CoordinatorNames(tree).resolve(from), let node = tree.node(id: id) else {
                printError("error: no coordinator has the id or the unique class name '\(from)'")
                throw ExitCode.failure
            }
            origin = node
        }
        let graph = TreeGraph(
            tree: tree,
            options: TreeGraph.Options(
                from: origin, depth: depth, find: find, maxNodes: maxNodes == 0 ? nil : maxNodes,
                maxChildren: maxChildren == 0 ? nil : maxChildren))
        if let note = graph.note { printError("navinspect: \(note)") }
        if let find, graph.found == nil { printError("navinspect: findCoordinator(type: .\(find)) returns nil from there") }
        let text =
            switch format {
            case .mermaid: MermaidRenderer.render(graph)
            case .dot: DOTRenderer.render(graph)
            case .svg: SVGRenderer.render(graph)
            }
        try write(text, to: output)
    }
}
