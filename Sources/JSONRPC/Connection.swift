import Dispatch
import JSON
import Locking
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Receives what a ``Connection`` reads.
public protocol MessageHandler: Sendable {
    /// Called on the reading thread, in arrival order. The handler answers through
    /// ``Request/reply(_:)`` exactly once, at once or later from any thread.
    func handle(_ request: Request)

    /// Called on the reading thread, in arrival order.
    func handle(notification method: String, params: JSONValue?)
}

/// A JSON-RPC 2.0 connection over two file descriptors with LSP framing.
///
/// It knows nothing of what the methods mean: it frames, parses, answers malformed messages,
/// tracks requests in flight for `$/cancelRequest`, gathers batch answers, and hands every
/// well-formed request and notification to its ``MessageHandler``.
public final class Connection: Sendable {
    private let input: Int32
    public let output: OutputChannel
    private let maxMessageBytes: Int
    private let inFlight = Locked<[RequestID: Request]>([:])
    private let stopped = Atomic<Bool>(false)
    /// Entered for each request received, left when it is answered.
    let unanswered = DispatchGroup()
    /// Requests this side sent, by id, with what to do with the answer.
    private let awaiting = Locked<[RequestID: @Sendable (Result<JSONValue, ResponseError>) -> Void]>([:])
    private let nextOutgoingID = Atomic<Int>(1)
    /// How long ``run(handler:)`` waits, once reading ended, for the requests still in flight.
    private let drainSeconds: Double

    /// How long a connection waits at its end for the answers of the requests it received: 30
    /// seconds, enough for the largest document the benchmarks load (a million coordinators).
    public static let defaultDrainSeconds: Double = 30

    public init(input: Int32, output: Int32, maxMessageBytes: Int = 64 << 20, drainSeconds: Double = defaultDrainSeconds) {
        self.input = input
        self.output = OutputChannel(descriptor: output)
        self.maxMessageBytes = maxMessageBytes
        self.drainSeconds = drainSeconds
    }

    /// Reads and dispatches messages until end of input or ``stop()``.
    ///
    /// Either way, before it returns it waits for the requests received so far, up to
    /// `drainSeconds`, and writes their answers (up to 2 more seconds for a client that does not
    /// read); the output is then closed, so an answer that comes later is dropped, never written.
    public func run(handler: some MessageHandler) {
        var reader = FrameReader(maxBodyBytes: maxMessageBytes)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        reading: while !stopped.load(ordering: .relaxed) {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            reader.append(chunk[0..<count])
            while let event = reader.next() {
                receive(event, handler: handler)
                if stopped.load(ordering: .relaxed) { break reading }
            }
        }
        // A client may send `exit` (or close stdin) without waiting for the answers it asked for,
        // as a script piping a whole session does: each answer is sent before its request leaves
        // the group, so once the group is empty every answer is queued.
        _ = unanswered.wait(timeout: .now() + drainSeconds)
        output.flush(timeout: 2)
        output.stopWriting()
    }

    /// Ends ``run(handler:)`` after the message being handled: nothing after it is read.
    public func stop() { stopped.store(true, ordering: .relaxed) }

    /// Sends a notification to the client.
    public func notify(_ method: String, params: JSONValue?) {
        output.send(OutgoingMessage.notification(method: method, params: params))
    }

    /// Sends a request to the client; `reply` runs on the reading thread with its answer. Ids
    /// are strings (`navinspect-1`), so they never look like the client's own.
    public func request(
        _ method: String, params: JSONValue?, reply: @escaping @Sendable (Result<JSONValue, ResponseError>) -> Void
    ) {
        let number = nextOutgoingID.wrappingAdd(1, ordering: .relaxed).oldValue
        let id = RequestID(.string("navinspect-\(number)"))!
        awaiting.withLock { $0[id] = reply }
        var message: JSONObject = ["jsonrpc": "2.0", "id": id.value, "method": .string(method)]
        if let params { message["params"] = params }
        output.send(.object(message))
    }

    // MARK: - Receiving

    private func receive(_ event: FrameReader.Event, handler: some MessageHandler) {
        switch event {
        case .error(let reason):
            output.send(OutgoingMessage.response(id: .null, result: .failure(.parseError(reason))))
        case .message(let body):
            let value: JSONValue
            do {
                value = try body.withUnsafeBytes { bytes throws(JSONParseError) in try JSONParser.parseValue(bytes) }
            } catch {
                output.send(OutgoingMessage.response(id: .null, result: .failure(.parseError("\(error)"))))
                return
            }
            if case .array(let elements) = value {
                receiveBatch(elements, handler: handler)
            } else {
                dispatch(IncomingMessage(value), batch: nil, handler: handler)
            }
        }
    }

    /// Answers a batch with one array holding the answers of its requests, in the batch's order.
    private func receiveBatch(_ elements: [JSONValue], handler: some MessageHandler) {
        guard !elements.isEmpty else {
            output.send(OutgoingMessage.response(id: .null, result: .failure(.invalidRequest("an empty batch"))))
            return
        }
        let messages = elements.map(IncomingMessage.init)
        let answered = messages.filter {
            switch $0 {
            case .request, .invalid: true
            case .notification, .response: false
            }
        }.count
        let batch = answered > 0 ? BatchCollector(expected: answered, output: output) : nil
        var slot = 0
        for message in messages {
            dispatch(message, batch: batch.map { ($0, slot) }, handler: handler)
            if case .request = message { slot += 1 } else if case .invalid = message { slot += 1 }
        }
    }

    private func dispatch(_ message: IncomingMessage, batch: (BatchCollector, Int)?, handler: some MessageHandler) {
        switch message {
        case .invalid(let id, let error):
            if let (collector, slot) = batch {
                collector.add(OutgoingMessage.response(id: id, result: .failure(error)), at: slot)
            } else {
                output.send(OutgoingMessage.response(id: id, result: .failure(error)))
            }
        case .request(let id, let method, let params):
            let request = Request(id: id, method: method, params: params, connection: self, batch: batch)
            unanswered.enter()
            inFlight.withLock { $0[id] = request }
            handler.handle(request)
        case .notification(let method, let params):
            if method == "$/cancelRequest" {
                cancel(params)
            } else {
                handler.handle(notification: method, params: params)
            }
        case .response(let id, let result):
            // An answer to a request this side sent; one nobody awaits is dropped.
            awaiting.withLock { $0.removeValue(forKey: id) }?(result)
        }
    }

    /// Marks a request in flight as cancelled; one already answered is ignored.
    private func cancel(_ params: JSONValue?) {
        guard let rawID = params?["id"], let id = RequestID(rawID) else { return }
        inFlight.withLock { $0[id] }?.markCancelled()
    }

    /// Called once per request, from ``Request/reply(_:)``.
    func finish(_ request: Request, result: Result<JSONValue, ResponseError>) {
        let response = OutgoingMessage.response(id: request.id, result: result)
        inFlight.withLock { table in
            if table[request.id] === request { table[request.id] = nil }
        }
        if let (collector, slot) = request.batch {
            collector.add(response, at: slot)
        } else {
            output.send(response)
        }
        unanswered.leave()
    }
}

/// A request received from the client, answered exactly once.
public final class Request: Sendable {
    public let id: RequestID
    public let method: String
    public let params: JSONValue?
    let batch: (BatchCollector, Int)?
    private let connection: Connection
    private let cancelled = Atomic<Bool>(false)
    private let answered = Atomic<Bool>(false)

    init(id: RequestID, method: String, params: JSONValue?, connection: Connection, batch: (BatchCollector, Int)?) {
        self.id = id
        self.method = method
        self.params = params
        self.connection = connection
        self.batch = batch
    }

    /// True once the client cancelled this request; long handlers check it and stop early.
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    func markCancelled() { cancelled.store(true, ordering: .relaxed) }

    /// Sends the answer. A cancelled request is answered with -32800 instead; later calls are ignored.
    public func reply(_ result: Result<JSONValue, ResponseError>) {
        guard answered.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            return
        }
        connection.finish(self, result: isCancelled ? .failure(.cancelled) : result)
    }
}

/// Gathers the answers of one batch and sends them as one array.
final class BatchCollector: Sendable {
    private let expected: Int
    private let output: OutputChannel
    private let answers: Locked<[Int: JSONValue]>

    init(expected: Int, output: OutputChannel) {
        self.expected = expected
        self.output = output
        self.answers = Locked([:])
    }

    func add(_ answer: JSONValue, at slot: Int) {
        let complete: [JSONValue]? = answers.withLock { answers in
            answers[slot] = answer
            guard answers.count == expected else { return nil }
            return answers.keys.sorted().map { answers[$0]! }
        }
        if let complete { output.send(.array(complete)) }
    }
}
