import ArgumentParser
import CoordinatorModel
import SourceIndex
import TreeDocument

/// Where a command's tree comes from: `--tree FILE`, `--source DIR`, or the built-in example.
///
/// `query`, `graph` and `report` share it.
struct TreeOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The tree document to query (default: the built-in example).", valueName: "file"))
    var tree: String?

    @Option(name: .long, help: ArgumentHelp("Read the tree from an app's Swift sources instead.", valueName: "dir"))
    var source: String?

    func validate() throws {
        if tree != nil && source != nil { throw ValidationError("give --tree or --source, not both") }
    }

    /// Loads the tree, or the built-in example with a note on stderr.
    func loadTree() throws -> CoordinatorTree {
        if let source {
            let workspace = SourceWorkspace(directory: source)
            let index = workspace.index()
            KeptUntilExit.keep(workspace, index)
            for problem in index.problems where index.draft.root != nil { printError("navinspect: \(problem)") }
            return try Self.check(index.tree().mapError(TreeLoadError.invalid), name: source)
        } else if let tree {
            return try Self.check(
                Result { () throws(TreeLoadError) in try TreeDocumentLoader.load(contentsOf: tree) }, name: tree)
        } else {
            printError("navinspect: no --tree given; answering about the built-in example app '\(BuiltInExample.name)'")
            return try Self.check(BuiltInExample.load(), name: "example")
        }
    }

    /// The tree, or every problem on stderr and a failure.
    static func check(_ result: Result<CoordinatorTree, TreeLoadError>, name: String) throws -> CoordinatorTree {
        switch result {
        case .success(let tree):
            return tree
        case .failure(.unreadable(let path, let reason)):
            printError("error: cannot read \(path): \(reason)")
            throw ExitCode.failure
        case .failure(.invalid(let document)):
            for issue in document.issues {
                printError("error: \(name):\(issue.pointer.isEmpty ? "/" : issue.pointer): \(issue.reason)")
            }
            throw ExitCode.failure
        }
    }
}
