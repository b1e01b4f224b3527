import Testing

@testable import NavinspectCLI

/// The help a newcomer reads first is pinned, so a change to it is a deliberate one.
@Suite("Help texts")
struct HelpTests {
    @Test("the root help explains what navinspect is and shows examples")
    func rootHelp() {
        let help = NavinspectCommand.helpMessage(columns: 100)
        #expect(
            help == """
                OVERVIEW: See and query the coordinator tree of an iOS app.

                navinspect reads an app's coordinator tree, from its Swift sources or from a tree document (JSON
                describing the coordinators and what is on screen), and answers questions about it: the tree, a
                coordinator's children, what findCoordinator(type:) really returns, and the current navigation
                stack. Its lint rules find coordinator bugs: children that leak, that nothing keeps, or that are
                removed by mistake.

                Editors start `navinspect serve` as a language server; people use `navinspect query`.
                Without --tree or --source, queries answer about a built-in example app (`navinspect example`
                prints it).

                Examples:
                  navinspect query tree
                  navinspect query findCoordinator --type trailDetail --all
                  navinspect index MyApp -o MyApp.navinspect.json
                  navinspect query currentStack --source MyApp
                  navinspect lint MyApp
                  navinspect graph --source MyApp --format svg -o tree.svg
                  navinspect report MyApp -o report.html

                USAGE: navinspect <subcommand>

                OPTIONS:
                  --version               Show the version.
                  -h, --help              Show help information.

                SUBCOMMANDS:
                  query                   Ask one question about a coordinator tree.
                  serve                   Run the navinspect language server over stdin and stdout.
                  validate                Check tree documents and report every problem, one per line.
                  index                   Read an app's Swift sources and write its coordinator tree document.
                  lint                    Find coordinator bugs: leaks, children never kept or removed, ambiguous
                                          findCoordinator calls.
                  graph                   Draw the coordinator tree as Mermaid, DOT (Graphviz) or SVG.
                  report                  Write one HTML page about the coordinators: tree, current stack,
                                          findCoordinator, lint.
                  example                 Print the built-in example tree document (Trailhead, a hiking app).
                  watch                   Show a live app's coordinator tree and current stack as it navigates.

                  See 'navinspect help <subcommand>' for detailed help.
                """)
    }

    @Test("every query subcommand names the server method it runs")
    func queryHelp() {
        let help = NavinspectCommand.helpMessage(for: QueryCommand.self, columns: 200)
        for method in [
            "navinspect/tree", "navinspect/children", "navinspect/describe", "navinspect/findCoordinator",
            "navinspect/currentStack",
        ] {
            #expect(help.contains("(\(method))"), "\(method)")
        }
    }

    @Test("findCoordinator's help explains the last-child-first search and its options")
    func findCoordinatorHelp() {
        let help = NavinspectCommand.helpMessage(for: FindCoordinatorQueryCommand.self, columns: 200)
        let usage =
            "USAGE: navinspect query findCoordinator [--tree <file>] [--source <dir>] [--json] --type <case> [--from <id>] [--all]"
        #expect(help.contains(usage))
        #expect(help.contains("so the last child is searched first"))
    }

    @Test("graph's and report's help name their formats, the cap on large trees and the report's fragment")
    func graphAndReportHelp() {
        let graph = NavinspectCommand.helpMessage(for: GraphCommand.self, columns: 200)
        #expect(
            graph.contains(
                "USAGE: navinspect graph [--tree <file>] [--source <dir>] [--format <format>] [--from <id>] [--depth <levels>] "
                    + "[--find <case>] [--max-nodes <count>] [--max-children <count>] [--output <file>]"))
        #expect(graph.contains("mermaid (the default), dot or svg") && graph.contains("(default: 200)"))
        let report = NavinspectCommand.helpMessage(for: ReportCommand.self, columns: 200)
        #expect(report.contains("USAGE: navinspect report [<dir>] [--tree <file>] [--source <dir>] [--output <file>]"))
        #expect(report.contains("#q=TEXT&select=ID&find=TYPE&from=ID"))
    }

    @Test("serve's help names the framing and its options")
    func serveHelp() {
        let help = NavinspectCommand.helpMessage(for: ServeCommand.self, columns: 200)
        #expect(help.contains("--tree <file>") && help.contains("--max-message-bytes <bytes>") && help.contains("Content-Length"))
    }

    @Test("bad arguments are refused with a message")
    func badArguments() {
        #expect(throws: (any Error).self) { try ServeCommand.parse(["--max-message-bytes", "0"]) }
        #expect(throws: (any Error).self) { try FindCoordinatorQueryCommand.parse([]) }
        #expect(throws: (any Error).self) { try ServeCommand.parse(["--listen", "host:port"]) }
        #expect(throws: (any Error).self) { try WatchCommand.parse(["--count", "0"]) }
    }
}
