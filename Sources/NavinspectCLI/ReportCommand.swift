import ArgumentParser
import CoordinatorModel
import SourceIndex
import TreeDocument
import TreeGraphics

/// `navinspect report`: one self-contained HTML page about an app's coordinators.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one HTML page about the coordinators: tree, current stack, findCoordinator, lint.",
        discussion: """
            The page needs no network (style, script and picture are inline), so it can be attached \
            to a pull request or published from CI. It shows the tree (collapsible, searchable), each \
            coordinator's class, type, source and children, the current stack as the containers show \
            it, a findCoordinator(type:) explorer and, from sources, the lint findings.

            The fragment #q=TEXT&select=ID&find=TYPE&from=ID opens the page in that state.
            """)

    @Argument(help: ArgumentHelp("The app's folder (the same as --source).", valueName: "dir"))
    var directory: String?

    @OptionGroup var input: TreeOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of stdout.", valueName: "file"))
    var output: String?

    func validate() throws {
        if directory != nil && (input.tree != nil || input.source != nil) {
            throw ValidationError("give a folder, --source or --tree, not two")
        }
    }

    func run() throws {
        let report: HTMLReport
        if let folder = directory ?? input.source {
            let workspace = SourceWorkspace(directory: folder)
            let index = workspace.index()
            KeptUntilExit.keep(workspace, index)
            let tree = try TreeOptions.check(index.tree().mapError(TreeLoadError.invalid), name: folder)
            let diagnostics = Linter.lint(index, disabled: Convention.disabledRules(in: folder)) { workspace.diskText(of: $0) }
            let findings = diagnostics.map {
                ReportFinding(
                    rule: $0.rule, severity: $0.severity.rawValue, message: $0.message, file: $0.span.file, line: $0.line,
                    column: $0.column)
            }
            report = HTMLReport(
                tree: tree, title: Self.name(of: folder), findings: findings, problems: index.problems.map(\.description))
        } else {
            let tree = try input.loadTree()
            report = HTMLReport(tree: tree, title: input.tree.map(Self.name(of:)) ?? "the built-in example", findings: nil)
        }
        try write(report.render(), to: output)
        if let output { printError("navinspect: wrote \(output)") }
    }

    /// The last component of a path, which names the app.
    static func name(of path: String) -> String {
        let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    }
}
