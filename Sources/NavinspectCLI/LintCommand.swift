import ArgumentParser
import JSON
import NavinspectProtocol
import SourceIndex

/// `navinspect lint`: the coordinator bugs the lint rules find, in Xcode's format or for CI.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Find coordinator bugs: leaks, children never kept or removed, ambiguous findCoordinator calls.",
        discussion: """
            Prints one line per finding, FILE:LINE:COLUMN: warning: MESSAGE [RULE], the format Xcode \
            shows from a Run Script build phase; --format json or sarif for CI. Exits with 1 when a \
            rule of severity error fires, 2 when the sources give no tree.

            Rules are turned off in .navinspect.json ("disabledRules": ["too-many-tabs"]); the comment \
            `// navinspect:disable:next RULE` silences one line. --rules lists them.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case xcode, json, sarif
    }

    @Argument(help: ArgumentHelp("The app's folder.", valueName: "dir"))
    var directory: String?

    @Option(help: ArgumentHelp("xcode (the default), json or sarif.", valueName: "format"))
    var format: Format = .xcode

    @Flag(help: "List the rules and exit.")
    var rules = false

    func validate() throws {
        if !rules && directory == nil { throw ValidationError("Missing expected argument '<dir>'") }
    }

    func run() throws {
        if rules {
            for info in Linter.ruleInfos { print("\(info.id) (\(info.severity.rawValue)): \(info.summary)") }
            return
        }
        let directory = self.directory!
        let workspace = SourceWorkspace(directory: directory)
        let index = workspace.index()
        KeptUntilExit.keep(workspace, index)
        guard index.convention != nil else {
            for problem in index.problems { printError("navinspect: \(problem)") }
            throw ExitCode(2)
        }
        let diagnostics = Linter.lint(index, disabled: Convention.disabledRules(in: directory)) {
            workspace.diskText(of: $0)
        }
        switch format {
        case .xcode:
            for diagnostic in diagnostics {
                print(
                    "\(directory)/\(diagnostic.span.file):\(diagnostic.line):\(diagnostic.column): "
                        + "\(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule)]")
            }
            let errors = diagnostics.filter { $0.severity == .error }.count
            printError(
                "navinspect: \(diagnostics.count) findings (\(errors) errors) in \(index.coordinatorClasses.count) "
                    + "coordinator classes, \(index.fileCount) Swift files")
        case .json:
            print(Self.json(diagnostics).serializedString(pretty: true))
        case .sarif:
            print(Self.sarif(diagnostics).serializedString(pretty: true))
        }
        if diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode.failure }
    }

    static func json(_ diagnostics: [LintDiagnostic]) -> JSONValue {
        [
            "diagnostics": .array(
                diagnostics.map { diagnostic in
                    [
                        "rule": .string(diagnostic.rule), "severity": .string(diagnostic.severity.rawValue),
                        "message": .string(diagnostic.message), "file": .string(diagnostic.span.file),
                        "line": .int(diagnostic.line), "column": .int(diagnostic.column),
                    ]
                })
        ]
    }

    /// SARIF 2.1.0, with paths relative to the folder linted (`%SRCROOT%`).
    static func sarif(_ diagnostics: [LintDiagnostic]) -> JSONValue {
        let rules: [JSONValue] = Linter.ruleInfos.map { info in
            [
                "id": .string(info.id), "shortDescription": ["text": .string(info.summary)],
                "defaultConfiguration": ["level": .string(info.severity.rawValue)],
            ]
        }
        let results: [JSONValue] = diagnostics.map { diagnostic in
            [
                "ruleId": .string(diagnostic.rule), "level": .string(diagnostic.severity.rawValue),
                "message": ["text": .string(diagnostic.message)],
                "locations": [
                    [
                        "physicalLocation": [
                            "artifactLocation": ["uri": .string(diagnostic.span.file), "uriBaseId": "%SRCROOT%"],
                            "region": ["startLine": .int(diagnostic.line), "startColumn": .int(diagnostic.column)],
                        ]
                    ]
                ],
            ]
        }
        return [
            "version": "2.1.0", "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "runs": [
                [
                    "tool": [
                        "driver": ["name": "navinspect", "version": .string(NavinspectVersion.number), "rules": .array(rules)]
                    ],
                    "results": .array(results),
                ]
            ],
        ]
    }
}
