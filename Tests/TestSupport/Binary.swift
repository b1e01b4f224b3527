import Foundation
import Locking

/// Runs the built `navinspect` binary.
public enum NavinspectBinary {
    /// The binary beside the test bundle, in the build's products folder.
    public static var path: String {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [products, products.deletingLastPathComponent()].map { $0.appendingPathComponent("navinspect").path }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }

    /// What a finished command printed and how it ended.
    public struct Outcome: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// True when a signal ended the process.
        public var signaled: Bool
    }

    /// Runs `navinspect` with `arguments` to completion.
    public static func run(_ arguments: [String], stdin: String? = nil) throws -> Outcome {
        try runProgram(path, arguments, stdin: stdin)
    }

    /// Runs any program to completion, collecting what it prints.
    public static func runProgram(_ program: String, _ arguments: [String], stdin: String? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes while the process runs so a full pipe never blocks it.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        DispatchQueue.global().async(group: group) { outData = readToEnd(out.fileHandleForReading) }
        DispatchQueue.global().async(group: group) { errData = readToEnd(err.fileHandleForReading) }
        group.wait()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), signaled: process.terminationReason == .uncaughtSignal)
    }

    /// A running `navinspect serve` with a test client on its pipes.
    public final class Served: @unchecked Sendable {
        public let process = Process()
        public let client: LSPTestClient
        private let stderrPipe = Pipe()
        private let stdoutPipe = Pipe()
        private let stdinPipe = Pipe()
        /// What the server wrote to stderr, read as it comes (a server blocked on a full stderr
        /// pipe would hang its test), whole once the server has ended.
        private let logged = LoggedText()

        public init(_ arguments: [String] = []) throws {
            process.executableURL = URL(fileURLWithPath: NavinspectBinary.path)
            process.arguments = ["serve"] + arguments
            process.standardInput = stdinPipe
            process.standardOutput = stdoutPipe
            process.standardError = stderrPipe
            try process.run()
            client = LSPTestClient(
                writingTo: stdinPipe.fileHandleForWriting.fileDescriptor,
                readingFrom: stdoutPipe.fileHandleForReading.fileDescriptor)
            let reading = stderrPipe.fileHandleForReading
            let logged = logged
            DispatchQueue.global().async { logged.finish(readToEnd(reading)) }
        }

        /// What the server wrote to stderr: call it once the server has ended (it waits for the
        /// end of the pipe, at most `timeout` seconds). A failed expectation on how the server
        /// ended shows it, so a sanitizer's report is not lost.
        public func standardError(timeout: Double = 5) -> String { logged.text(timeout: timeout) }

        /// Closes the test's end of the server's stdout, as a client that goes away does.
        public func closeOutputReader() { try? stdoutPipe.fileHandleForReading.close() }

        /// Waits for the process to end and returns its status, or nil on timeout (then kills it).
        public func waitForExit(timeout: Double = 20) -> (status: Int32, signaled: Bool)? {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            if process.isRunning {
                process.terminate()
                return nil
            }
            return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
        }
    }
}

/// Text a background reader collects until the end of a pipe.
final class LoggedText: Sendable {
    private let data = Locked(Data())
    private let done = DispatchSemaphore(value: 0)

    func finish(_ read: Data) {
        data.withLock { $0 = read }
        done.signal()
    }

    func text(timeout: Double) -> String {
        if done.wait(timeout: .now() + timeout) == .success { done.signal() }
        return data.withLock { String(decoding: $0, as: UTF8.self) }
    }
}

/// Everything a pipe's reader gets until its writers close it. `FileHandle.readDataToEndOfFile()`
/// traps on a read a signal interrupts (`EINTR`, seen once in a full run); this reads again instead.
public func readToEnd(_ handle: FileHandle) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            data.append(contentsOf: buffer[0..<count])
        } else if count == 0 || errno != EINTR {
            return data
        }
    }
}
