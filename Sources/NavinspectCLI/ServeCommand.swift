import ArgumentParser
import JSONRPC
import NavinspectServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `navinspect serve`: the language server over stdio.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the navinspect language server over stdin and stdout.",
        discussion: """
            Speaks JSON-RPC 2.0 with the Language Server Protocol's framing (Content-Length headers). \
            Editors start it and talk to it; logs go to stderr. See protocol/README.md for the methods.
            """
    )

    @Option(name: .long, help: ArgumentHelp("A tree document to load at start.", valueName: "file"))
    var tree: String?

    @Option(name: .long, help: ArgumentHelp("An app's folder whose Swift sources are read at start.", valueName: "dir"))
    var source: String?

    @Option(name: .long, help: ArgumentHelp("Refuse messages larger than this many bytes.", valueName: "bytes"))
    var maxMessageBytes: Int = 64 << 20

    @Flag(name: .long, help: .hidden)
    var testHooks = false

    func validate() throws {
        guard maxMessageBytes > 0 else { throw ValidationError("--max-message-bytes must be positive") }
    }

    func run() throws {
        // A client that closes the pipe must not kill the server: writes then fail with EPIPE.
        signal(SIGPIPE, SIG_IGN)
        // Frames own the real stdout; anything printed by accident goes to stderr instead.
        let frames = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)

        let connection = Connection(input: STDIN_FILENO, output: frames, maxMessageBytes: maxMessageBytes)
        let server = Server(
            connection: connection,
            configuration: .init(treePath: tree, sourcePath: source, maxMessageBytes: maxMessageBytes, testHooks: testHooks))
        let code = server.run()
        throw ExitCode(code)
    }
}
