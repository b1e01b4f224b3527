import ArgumentParser
import TreeDocument

/// `navinspect validate`: every problem of a tree document, one per line.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check tree documents and report every problem, one per line.",
        discussion: """
            Each problem is printed as FILE:POINTER: REASON, where POINTER is a JSON pointer into the \
            document (such as /coordinators/12/children/3). Exits with 1 if any document is invalid.
            """
    )

    @Argument(help: ArgumentHelp("The tree documents to check.", valueName: "file"))
    var files: [String]

    func run() throws {
        var failed = false
        for file in files {
            do throws(TreeLoadError) {
                let tree = try TreeDocumentLoader.load(contentsOf: file)
                print("\(file): valid (\(tree.count) coordinators, \(tree.containers.count) containers)")
            } catch {
                failed = true
                switch error {
                case .unreadable(_, let reason):
                    printError("\(file): cannot read: \(reason)")
                case .invalid(let document):
                    for issue in document.issues {
                        printError("\(file):\(issue.pointer.isEmpty ? "/" : issue.pointer): \(issue.reason)")
                    }
                }
            }
        }
        if failed { throw ExitCode.failure }
    }
}
