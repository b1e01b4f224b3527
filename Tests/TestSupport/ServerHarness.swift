import Dispatch
import Foundation
import JSONRPC
import Locking
import NavinspectServer

/// A server running in this process on two pipes, with a test client on the other ends.
public final class ServerHarness: @unchecked Sendable {
    public let client: LSPTestClient
    public let server: Server
    private let exitCode = Locked<Int32?>(nil)
    private let ended = DispatchSemaphore(value: 0)

    /// - Parameter drainSeconds: how long the server waits at its end for the requests in flight.
    public init(configuration: Server.Configuration = .init(), drainSeconds: Double = Connection.defaultDrainSeconds) {
        var toServer: [Int32] = [0, 0]
        var toClient: [Int32] = [0, 0]
        precondition(pipe(&toServer) == 0 && pipe(&toClient) == 0)
        let connection = Connection(
            input: toServer[0], output: toClient[1], maxMessageBytes: configuration.maxMessageBytes, drainSeconds: drainSeconds)
        server = Server(connection: connection, configuration: configuration)
        client = LSPTestClient(writingTo: toServer[1], readingFrom: toClient[0])
        let server = self.server
        let serverOutput = toClient[1]
        let serverInput = toServer[0]
        // The server reads on a thread of its own, as it does on the main thread of the real binary.
        Thread { [self] in
            let code = server.run()
            exitCode.withLock { $0 = code }
            close(serverOutput)
            close(serverInput)
            ended.signal()
        }.start()
    }

    /// Ends the session cleanly (shutdown, exit) and waits for the server to stop, so that
    /// nothing it holds outlives the test.
    public func finish() {
        _ = client.request("shutdown")
        client.notify("exit")
        _ = waitForExit()
        server.waitUntilIdle()
    }

    /// Waits for the server to stop and returns its exit code.
    public func waitForExit(timeout: Double = 20) -> Int32? {
        guard ended.wait(timeout: .now() + timeout) == .success else { return nil }
        return exitCode.withLock { $0 }
    }
}

/// Writes `text` to a new temporary file and returns its path.
public func temporaryFile(_ text: String, name: String = "tree.json") -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-tests-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try! text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}
