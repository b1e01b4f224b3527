import ArgumentParser
import JSON
import SourceIndex
import TreeDocument

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `navinspect index`: the tree document of an app, read from its Swift sources.
struct IndexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Read an app's Swift sources and write its coordinator tree document.",
        discussion: """
            Finds the coordinator protocol or base class (the type that declares an array of its own \
            kind, such as childCoordinators), every class that conforms to it, and where each one \
            creates the others. The tree starts at the coordinator nothing else creates; children \
            created while start() runs have trigger.onLaunch true, flows started later false. \
            Problems (files that do not parse, classes that cannot be placed) go to stderr.
            """
    )

    @Argument(help: ArgumentHelp("The app's folder.", valueName: "dir"))
    var directory: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the document here instead of stdout.", valueName: "file"))
    var output: String?

    /// For the benchmarks: parse every file instead of only those that can matter.
    @Flag(help: .hidden)
    var parseEverything = false

    func run() throws {
        let bar = ProgressBar()
        var progress: (@Sendable (IndexProgress) -> Void)? = nil
        if let bar { progress = { bar.update($0.phase.rawValue, $0.done, of: $0.total) } }
        let workspace = SourceWorkspace(directory: directory)
        let index = workspace.index(parseEverything: parseEverything, progress: progress)
        KeptUntilExit.keep(workspace, index)
        bar?.finish()
        for problem in index.problems { printError("navinspect: \(problem)") }
        // Without a root there is no tree, and a document without one would not load.
        guard index.draft.root != nil else { throw ExitCode.failure }
        let text = TreeDocumentEncoder.encode(index.draft).serializedString(pretty: true) + "\n"
        if let output {
            guard let file = fopen(output, "w") else {
                printError("error: cannot write \(output): \(String(cString: strerror(errno)))")
                throw ExitCode.failure
            }
            fputs(text, file)
            fclose(file)
        } else {
            print(text, terminator: "")
        }
        let objectiveC =
            index.objectiveCFileCount == 0
            ? "" : "\(index.objectiveCFileCount) Objective-C files (\(index.objectiveCReadCount) read), "
        printError(
            "navinspect: \(index.fileCount) Swift files (\(index.parsedFileCount) parsed), \(objectiveC)"
                + "\(index.coordinatorClasses.count) coordinator classes, "
                + "\(index.draft.coordinators.count) coordinators in the tree, \(index.problems.count) problems")
    }
}
