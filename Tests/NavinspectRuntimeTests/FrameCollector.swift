import Foundation
import JSON
import JSONRPC
import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback TCP listener that stands in for the daemon: it keeps every message an app sends.
final class FrameCollector: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let messages = Locked<[JSONValue]>([])
    private let done = DispatchSemaphore(value: 0)

    private let connection = Locked<Int32>(-1)

    /// Listens on `port`, or on a free port when it is 0.
    init(port requested: UInt16 = 0) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = requested.bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        guard bound == 0, listen(listener, 4) == 0 else { throw POSIXError(.EADDRINUSE) }
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(listener, $0, &length) }
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
        Thread { [self] in accept() }.start()
    }

    /// Accepts one connection and reads it to its end.
    private func accept() {
        let connection = Glibc.accept(listener, nil, nil)
        guard connection >= 0 else {
            done.signal()
            return
        }
        self.connection.withLock { $0 = connection }
        var reader = FrameReader()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            reader.append(chunk[0..<count])
            while case .message(let body)? = reader.next() {
                if let value = try? body.withUnsafeBytes({ try JSONParser.parseValue($0) }) {
                    messages.withLock { $0.append(value) }
                }
            }
        }
        done.signal()
    }

    /// The messages received so far.
    var received: [JSONValue] { messages.withLock { $0 } }

    /// Waits until `predicate` holds for the messages received, or 10 seconds pass.
    func wait(until predicate: ([JSONValue]) -> Bool) -> [JSONValue] {
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline {
            let now = received
            if predicate(now) { return now }
            usleep(2000)
        }
        return received
    }

    /// Closes the listener and the connection, as a daemon that quits does.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        let connection = self.connection.withLock { $0 }
        if connection >= 0 { shutdown(connection, Int32(SHUT_RDWR)) }
        done.wait()
        if connection >= 0 { close(connection) }
    }
}
