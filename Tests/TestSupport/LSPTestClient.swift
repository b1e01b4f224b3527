import Dispatch
import Foundation
import JSON
import JSONRPC
import Locking
import NavinspectLanguage

/// A minimal LSP client for tests: writes framed messages to one descriptor and collects the
/// frames read from another on a background thread.
public final class LSPTestClient: @unchecked Sendable {
    private let input: Int32
    private let output: Int32
    private let received = Locked<[JSONValue]>([])
    private let log = Locked<[JSONValue]>([])
    private let arrived = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let nextID = Locked(1)

    /// - Parameters:
    ///   - writingTo: the server's stdin.
    ///   - readingFrom: the server's stdout.
    public init(writingTo output: Int32, readingFrom input: Int32) {
        self.output = output
        self.input = input
        // A thread of its own: a blocking read must not hold one of the few Dispatch workers.
        Thread { self.readLoop() }.start()
    }

    private func readLoop() {
        var reader = FrameReader(maxBodyBytes: 1 << 30)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            reader.append(chunk[0..<count])
            while let event = reader.next() {
                guard case .message(let body) = event else { continue }
                let value = (try? body.withUnsafeBytes { try JSONParser.parseValue($0) }) ?? .string("<unparsable>")
                received.withLock { $0.append(value) }
                log.withLock { $0.append(value) }
                arrived.signal()
            }
        }
        finished.signal()
    }

    /// Writes raw bytes to the server.
    public func sendRaw(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(output, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    public func sendRaw(_ text: String) { sendRaw(Array(text.utf8)) }

    /// Frames and writes one message.
    public func send(_ message: JSONValue) { sendRaw(frame(message.serialized())) }

    /// Sends a request with a fresh integer id and returns that id.
    @discardableResult
    public func sendRequest(_ method: String, _ params: JSONValue? = nil) -> JSONValue {
        let id = nextID.withLock { value in
            defer { value += 1 }
            return value
        }
        var message: JSONObject = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method)]
        if let params { message["params"] = params }
        send(.object(message))
        return .int(id)
    }

    public func notify(_ method: String, _ params: JSONValue? = nil) {
        var message: JSONObject = ["jsonrpc": "2.0", "method": .string(method)]
        if let params { message["params"] = params }
        send(.object(message))
    }

    /// Sends a request and waits for the response with its id.
    public func request(_ method: String, _ params: JSONValue? = nil, timeout: Double = 20) -> JSONValue? {
        let id = sendRequest(method, params)
        return response(to: id, timeout: timeout)
    }

    /// Waits for the first message that `matches`, removes it and returns it.
    public func waitFor(timeout: Double = 20, _ matches: (JSONValue) -> Bool) -> JSONValue? {
        let deadline = DispatchTime.now() + timeout
        while true {
            let found: JSONValue? = received.withLock { messages in
                guard let index = messages.firstIndex(where: matches) else { return nil }
                return messages.remove(at: index)
            }
            if let found { return found }
            if arrived.wait(timeout: deadline) == .timedOut { return nil }
        }
    }

    public func response(to id: JSONValue, timeout: Double = 20) -> JSONValue? {
        waitFor(timeout: timeout) { $0["id"] == id && $0["method"] == nil }
    }

    public func notification(_ method: String, timeout: Double = 20) -> JSONValue? {
        waitFor(timeout: timeout) { $0["method"] == .string(method) && $0["id"] == nil }
    }

    /// Everything received so far, in arrival order, taken or not.
    public var arrivals: [JSONValue] { log.withLock { $0 } }

    /// Everything received and not yet taken.
    public var pending: [JSONValue] { received.withLock { $0 } }

    /// Closes the server's stdin.
    public func closeInput() { close(output) }

    /// Waits until the server closes its stdout.
    public func waitForEnd(timeout: Double = 20) -> Bool { finished.wait(timeout: .now() + timeout) == .success }

    /// The initialize handshake with a workspace folder; returns the initialize result.
    @discardableResult
    public func initialize(folder: String, capabilities: JSONValue = [:]) -> JSONValue? {
        let uri = JSONValue.string(fileURI(folder))
        let params: JSONValue = [
            "processId": .null, "rootUri": uri, "capabilities": capabilities,
            "workspaceFolders": [["uri": uri, "name": "app"]],
        ]
        let response = request("initialize", params)
        notify("initialized", [:])
        return response?["result"]
    }

    /// Answers a request the server sent.
    public func reply(to request: JSONValue, result: JSONValue = .null) {
        send(["jsonrpc": "2.0", "id": request["id"] ?? .null, "result": result])
    }

    /// The standard initialize handshake; returns the initialize result.
    @discardableResult
    public func initialize(options: JSONValue? = nil) -> JSONValue? {
        var params: JSONObject = ["processId": .null, "rootUri": .null, "capabilities": [:]]
        if let options { params["initializationOptions"] = options }
        let response = request("initialize", .object(params))
        notify("initialized", [:])
        return response?["result"]
    }
}

/// The `file://` URI of a path, as an LSP client writes it.
public func fileURI(_ path: String) -> String { FileURI.uri(forPath: path) }

extension JSONValue {
    /// The error code of a response, if it is an error.
    public var errorCode: Int? { self["error"]?["code"]?.numberValue?.int64.map(Int.init) }
}
