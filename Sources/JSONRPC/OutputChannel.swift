import Dispatch
import JSON
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// write(2), named apart from `OutputChannel.write`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
    #else
        Darwin.write(descriptor, buffer, count)
    #endif
}

/// Writes framed messages to a file descriptor, one at a time, in the order they are sent.
///
/// Messages are serialized on the sending thread (json-c objects never cross threads) and
/// written by one serial queue, so a client that stops reading blocks only that queue, never the
/// reader or the handlers. When the client closes the pipe, writes fail with EPIPE (SIGPIPE is
/// ignored by the server) and later messages are dropped.
public final class OutputChannel: Sendable {
    private let descriptor: Int32
    private let queue = DispatchQueue(label: "navinspect.output")
    private let closed = Atomic<Bool>(false)

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// True once a write failed because the other end went away, or ``stopWriting()`` was called.
    public var isClosed: Bool { closed.load(ordering: .relaxed) }

    /// Frames and queues one message.
    public func send(_ message: JSONValue) {
        let bytes = frame(message.serialized())
        queue.async { self.write(bytes) }
    }

    /// Waits until everything queued so far is written, or `timeout` seconds pass.
    @discardableResult
    public func flush(timeout: Double = 5) -> Bool {
        let done = DispatchSemaphore(value: 0)
        queue.async { done.signal() }
        return done.wait(timeout: .now() + timeout) == .success
    }

    /// Drops every message not yet written and every later one; the descriptor is left open.
    /// A connection that ended closes its channel, so an answer that comes too late is never
    /// written to a descriptor that may by then stand for something else.
    public func stopWriting() { closed.store(true, ordering: .relaxed) }

    private func write(_ bytes: [UInt8]) {
        guard !isClosed else { return }
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    closed.store(true, ordering: .relaxed)
                    return
                }
                offset += written
            }
        }
    }
}
