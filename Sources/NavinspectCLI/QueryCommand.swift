import ArgumentParser
import CoordinatorModel
import JSON
import JSONRPC
import NavinspectProtocol
import SourceIndex
import TreeDocument
import TreeGraphics

/// `navinspect query`: the server's queries, answered once from the command line.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Ask one question about a coordinator tree.",
        discussion: """
            Each subcommand is a navinspect/... method of the server, with the method's params as \
            options; --json prints exactly what the server would answer. Without --tree, the \
            built-in example app is used.
            """,
        subcommands: [
            TreeQueryCommand.self, ChildrenQueryCommand.self, DescribeQueryCommand.self,
            FindCoordinatorQueryCommand.self, CurrentStackQueryCommand.self,
        ]
    )
}

/// The options every query shares: where the tree comes from, and `--json`.
struct QueryOptions: ParsableArguments {
    @OptionGroup var input: TreeOptions

    @Flag(name: .long, help: "Print the raw JSON result, as the server answers it.")
    var json = false

    /// Loads the tree, or the built-in example with a note on stderr.
    func loadTree() throws -> CoordinatorTree { try input.loadTree() }

    /// Answers `query` and prints the result, as JSON or for people.
    /// Ids in `id` and `from` may be given as people see them (``CoordinatorNames/resolve(_:)``).
    func run<Query: TreeQuery>(_ query: Query.Type, params: JSONObject, render: (JSONValue, CoordinatorNames) -> String) throws {
        let tree = try loadTree()
        let names = CoordinatorNames(tree)
        var params = params
        for name in ["id", "from"] {
            if let given = params[name]?.stringValue, let id = names.resolve(given) { params[name] = .string(id) }
        }
        do throws(ResponseError) {
            let result = try query.respond(to: .object(params), tree: tree)
            print(json ? result.serializedString(pretty: true) : render(result, names))
        } catch {
            printError("error: \(error.message)")
            throw ExitCode.failure
        }
    }
}

struct TreeQueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tree", abstract: "Draw the coordinator tree (navinspect/tree).")

    @OptionGroup var options: QueryOptions

    @Option(help: ArgumentHelp("Start at this coordinator id instead of the root.", valueName: "id"))
    var from: String?

    @Option(help: ArgumentHelp("Show this many levels of children (default: all, up to 100).", valueName: "levels"))
    var depth: Int?

    func run() throws {
        var params = JSONObject()
        if let from { params["from"] = .string(from) }
        if let depth { params["depth"] = .int(depth) }
        try options.run(TreeRequest.self, params: params) { result, names in HumanRenderer.tree(result, names) }
    }
}

struct ChildrenQueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "children", abstract: "List a coordinator's children in childCoordinators order (navinspect/children).")

    @OptionGroup var options: QueryOptions

    @Option(help: ArgumentHelp("The coordinator id.", valueName: "id"))
    var id: String

    func run() throws {
        try options.run(ChildrenRequest.self, params: ["id": .string(id)]) { result, names in
            HumanRenderer.children(result, names)
        }
    }
}

struct DescribeQueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "describe", abstract: "Everything known about one coordinator (navinspect/describe).")

    @OptionGroup var options: QueryOptions

    @Option(help: ArgumentHelp("The coordinator id.", valueName: "id"))
    var id: String

    func run() throws {
        try options.run(DescribeRequest.self, params: ["id": .string(id)]) { result, names in
            HumanRenderer.describe(result, names)
        }
    }
}

struct FindCoordinatorQueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "findCoordinator",
        abstract: "What the app's findCoordinator(type:) returns (navinspect/findCoordinator).",
        discussion: """
            Reproduces the app's own search: a stack that starts with the origin, pops its last \
            element and pushes children in order, so the last child is searched first. \
            --all lists every match in that order; the first is the one the app gets.
            """)

    @OptionGroup var options: QueryOptions

    @Option(help: ArgumentHelp("The CoordinatorType case to find, without the dot (e.g. home).", valueName: "case"))
    var type: String

    @Option(help: ArgumentHelp("Call findCoordinator on this coordinator id (default: the root).", valueName: "id"))
    var from: String?

    @Flag(help: "List every coordinator of that type, in the order the app's search visits them.")
    var all = false

    func run() throws {
        var params: JSONObject = ["type": .string(type)]
        if let from { params["from"] = .string(from) }
        if all { params["all"] = true }
        try options.run(FindCoordinatorRequest.self, params: params) { result, names in
            let origin = from.flatMap(names.resolve) ?? names.tree[names.tree.root].id
            return HumanRenderer.findCoordinator(result, type: type, from: origin, all: all, names)
        }
    }
}

struct CurrentStackQueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "currentStack", abstract: "What is on screen, bottom to top, and whose it is (navinspect/currentStack).")

    @OptionGroup var options: QueryOptions

    func run() throws {
        try options.run(CurrentStackRequest.self, params: [:]) { result, names in HumanRenderer.currentStack(result, names) }
    }
}
