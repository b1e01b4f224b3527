import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Sends framed messages to the daemon over TCP from a thread of its own.
///
/// It never blocks its callers: ``send(_:)`` queues the message and returns. The queue holds at
/// most `limit` snapshots and drops the oldest when full. When no daemon listens it tries again
/// with a backoff (0.1 s doubling to 2 s) and says nothing; after every connection it sends the
/// hello, then the latest snapshot, so a daemon that restarted sees the app as it is.
final class SnapshotSender: @unchecked Sendable {
    private let host: String
    private let port: UInt16
    private let hello: Outgoing
    private let limit: Int
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var queue: [Outgoing] = []
    private var latest: Outgoing?
    private var stopped = false
    private var writing = false
    private var connected = false
    private var dropped = 0
    private var sent = 0
    private var thread: Thread?

    init(host: String, port: UInt16, hello: String, limit: Int) {
        self.host = host
        self.port = port
        self.hello = Outgoing(parts: [hello], isHello: true)
        self.limit = max(1, limit)
    }

    deinit { stop() }

    /// Starts the sending thread.
    func start() {
        let thread = Thread { [weak self] in self?.run() }
        thread.name = "navinspect.runtime.sender"
        thread.qualityOfService = .utility
        self.thread = thread
        thread.start()
    }

    /// Queues one message, its body the concatenation of `parts`; the oldest queued one is
    /// dropped when the queue is full. The parts are joined and framed on the sending thread, so
    /// the caller copies nothing.
    func send(_ parts: [String]) {
        let frame = Outgoing(parts: parts, isHello: false)
        condition.lock()
        if queue.count >= limit {
            queue.removeFirst()
            dropped += 1
        }
        queue.append(frame)
        latest = frame
        condition.signal()
        condition.unlock()
    }

    /// Waits until every queued message is written or `timeout` seconds pass; false on timeout.
    @discardableResult
    func flush(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !queue.isEmpty || writing {
            guard condition.wait(until: deadline) else { return false }
        }
        return connected
    }

    /// How many snapshots the queue dropped, and how many were written.
    var counts: (dropped: Int, sent: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (dropped, sent)
    }

    /// Ends the thread after the write in progress; queued messages are dropped.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    // MARK: - The sending thread

    private func run() {
        var backoff = 0.1
        var socket: Int32 = -1
        while true {
            condition.lock()
            while !stopped && socket >= 0 && queue.isEmpty {
                condition.wait()
            }
            if stopped {
                condition.unlock()
                break
            }
            guard socket >= 0 else {
                condition.unlock()
                socket = Self.connect(host: host, port: port)
                if socket < 0 {
                    // Nobody listens: wait, waking early only to stop.
                    condition.lock()
                    if !stopped { _ = condition.wait(until: Date(timeIntervalSinceNow: backoff)) }
                    condition.unlock()
                    backoff = min(backoff * 2, 2)
                    continue
                }
                backoff = 0.1
                condition.lock()
                var first = [hello]
                if queue.isEmpty, let latest { first.append(latest) }
                queue.insert(contentsOf: first, at: 0)
                connected = true
                condition.unlock()
                continue
            }
            let message = queue.removeFirst()
            writing = true
            condition.unlock()

            let ok = Self.write(Self.frame(message.parts.joined()), to: socket) && Self.drain(socket)

            condition.lock()
            writing = false
            if ok {
                if !message.isHello { sent += 1 }
            } else {
                connected = false
            }
            condition.broadcast()
            condition.unlock()
            if !ok {
                close(socket)
                socket = -1
            }
        }
        if socket >= 0 { close(socket) }
        condition.lock()
        connected = false
        queue.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// A message waiting for the socket.
    private struct Outgoing {
        let parts: [String]
        let isHello: Bool
    }

    static func frame(_ body: String) -> [UInt8] {
        let bytes = Array(body.utf8)
        return Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
    }

    /// A connected TCP socket, or -1.
    private static func connect(host: String, port: UInt16) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
            hints.ai_socktype = SOCK_STREAM
        #else
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>? = nil
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return -1 }
        defer { freeaddrinfo(list) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            if descriptor >= 0 {
                #if canImport(Darwin)
                    // A daemon that goes away must not kill the app with SIGPIPE.
                    var one: Int32 = 1
                    setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
                #endif
                // A daemon that stops reading blocks this thread at most a second per write.
                var timeout = timeval(tv_sec: 1, tv_usec: 0)
                setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                if Glue.connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return descriptor }
                close(descriptor)
            }
            entry = address.pointee.ai_next
        }
        return -1
    }

    private static func write(_ frame: [UInt8], to socket: Int32) -> Bool {
        frame.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Darwin)
                    let written = Glue.send(socket, buffer.baseAddress! + offset, buffer.count - offset, 0)
                #else
                    let written = Glue.send(socket, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Reads and discards what the daemon sent (the hello's answer); false when it closed the connection.
    private static func drain(_ socket: Int32) -> Bool {
        var scratch = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = scratch.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 { continue }
            if count == 0 { return false }
            return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR
        }
    }
}

/// The C library's socket calls, under names the sender's own methods do not shadow.
private enum Glue {
    #if canImport(Darwin)
        static let connect = Darwin.connect
        static let send = Darwin.send
    #elseif os(Linux)
        static let connect = Glibc.connect
        static let send = Glibc.send
    #endif
}
