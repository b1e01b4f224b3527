import ArgumentParser
import NavinspectProtocol

/// `navinspect`: see and query an iOS app's coordinator tree.
public struct NavinspectCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "navinspect",
        abstract: "See and query the coordinator tree of an iOS app.",
        discussion: """
            navinspect reads an app's coordinator tree, from its Swift sources or from a tree document \
            (JSON describing the coordinators and what is on screen), and answers questions about it: the \
            tree, a coordinator's children, what findCoordinator(type:) really returns, and the current \
            navigation stack. Its lint rules find coordinator bugs: children that leak, that nothing \
            keeps, or that are removed by mistake.

            Editors start `navinspect serve` as a language server; people use `navinspect query`.
            Without --tree or --source, queries answer about a built-in example app (`navinspect example` prints it).

            Examples:
              navinspect query tree
              navinspect query findCoordinator --type trailDetail --all
              navinspect index MyApp -o MyApp.navinspect.json
              navinspect query currentStack --source MyApp
              navinspect lint MyApp
              navinspect graph --source MyApp --format svg -o tree.svg
              navinspect report MyApp -o report.html
            """,
        version: NavinspectVersion.full,
        subcommands: [
            QueryCommand.self, ServeCommand.self, ValidateCommand.self, IndexCommand.self, LintCommand.self, GraphCommand.self,
            ReportCommand.self, ExampleCommand.self, WatchCommand.self,
        ]
    )

    public init() {}
}
