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

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also accept live apps (NavinspectRuntime) over TCP on this port; the host is 127.0.0.1 unless given.",
            valueName: "[host:]port"))
    var listen: String?

    @Flag(name: .long, help: "Accept live apps from other machines too (refused by default).")
    var allowRemote = false

    @Option(name: .long, help: ArgumentHelp("How many generations of live trees to keep.", valueName: "count"))
    var history: Int = LiveHub.defaultHistoryLimit

    func validate() throws {
        guard maxMessageBytes > 0 else { throw ValidationError("--max-message-bytes must be positive") }
        guard history > 0 else { throw ValidationError("--history must be positive") }
        if let listen {
            do throws(LiveListener.ListenError) {
                _ = try LiveListener.Address(parsing: listen)
            } catch {
                throw ValidationError("--listen: \(error)")
            }
        }
    }

    func run() throws {
        // A client that closes the pipe must not kill the server: writes then fail with EPIPE.
        signal(SIGPIPE, SIG_IGN)
        // Frames own the real stdout; anything printed by accident goes to stderr instead.
        let frames = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)

        let connection = Connection(input: STDIN_FILENO, output: frames, maxMessageBytes: maxMessageBytes)
        var configuration = Server.Configuration(
            treePath: tree, sourcePath: source, maxMessageBytes: maxMessageBytes, testHooks: testHooks)
        configuration.historyLimit = history
        let server = Server(connection: connection, configuration: configuration)
        let listener = try listen.map { text in
            let listener = try LiveListener(
                address: LiveListener.Address(parsing: text), hub: server.live, allowRemote: allowRemote,
                maxMessageBytes: maxMessageBytes)
            listener.start()
            printError("navinspect: listening for live apps on \(listener.address)")
            return listener
        }
        let code = server.run()
        listener?.stop()
        throw ExitCode(code)
    }
}
