import ArgumentParser

/// `navinspect`: see and query an iOS app's coordinator tree.
public struct NavinspectCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "navinspect",
        abstract: "See and query the coordinator tree of an iOS app.",
        discussion: """
            navinspect reads a tree document (JSON describing an app's coordinators and what is on \
            screen) and answers questions about it: the tree, a coordinator's children, what \
            findCoordinator(type:) really returns, and the current navigation stack.

            Editors start `navinspect serve` as a language server; people use `navinspect query`.
            Without --tree, queries answer about a built-in example app (`navinspect example` prints it).

            Examples:
              navinspect query tree
              navinspect query findCoordinator --type trailDetail --all
              navinspect query currentStack --tree MyApp.navinspect.json
              navinspect validate MyApp.navinspect.json
            """,
        version: "0.1.0",
        subcommands: [QueryCommand.self, ServeCommand.self, ValidateCommand.self, IndexCommand.self, ExampleCommand.self]
    )

    public init() {}
}
