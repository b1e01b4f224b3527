import Dispatch
import JSONRPC
import Locking

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Accepts live apps over TCP, each connection an ``AppSession`` feeding the ``LiveHub``.
///
/// It listens on loopback unless told otherwise, and closes at once a connection whose peer is
/// not a loopback address unless `allowRemote` is set. Each connection runs the same framing and
/// JSON-RPC rules as stdio on a thread of its own, so a broken or hostile peer ends only itself.
public final class LiveListener: Sendable {
    /// Where to listen.
    public struct Address: Sendable, Equatable, CustomStringConvertible {
        public var host: String
        public var port: UInt16

        /// Reads `PORT`, `HOST:PORT` or `[IPV6]:PORT`; the host defaults to `127.0.0.1`.
        public init(parsing text: String) throws(ListenError) {
            var host = "127.0.0.1"
            var portText = Substring(text)
            if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
                host = String(text[text.index(after: text.startIndex)..<close])
                portText = text[text.index(after: close)...].drop { $0 == ":" }
            } else if let colon = text.lastIndex(of: ":") {
                host = String(text[..<colon])
                portText = text[text.index(after: colon)...]
            }
            guard !host.isEmpty, let port = UInt16(portText) else {
                throw .invalidAddress("'\(text)' is not PORT, HOST:PORT or [IPV6]:PORT with a port from 0 to 65535")
            }
            self.host = host
            self.port = port
        }

        public init(host: String = "127.0.0.1", port: UInt16) {
            self.host = host
            self.port = port
        }

        public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
    }

    /// Why the listener could not start.
    public enum ListenError: Error, Sendable, CustomStringConvertible {
        case invalidAddress(String)
        case cannotListen(String)

        public var description: String {
            switch self {
            case .invalidAddress(let reason), .cannotListen(let reason): reason
            }
        }
    }

    /// The most app connections served at once; more are closed on arrival.
    public static let maxConnections = 16

    /// The address actually bound (its port is the one chosen when 0 was asked for).
    public let address: Address
    private let listener: Int32
    private let hub: LiveHub
    private let allowRemote: Bool
    private let maxMessageBytes: Int
    private let connections = Locked<[Int32: AppSession]>([:])
    private let stopped = Locked(false)
    private let threads = DispatchGroup()

    public init(
        address: Address, hub: LiveHub, allowRemote: Bool = false, maxMessageBytes: Int = 64 << 20
    ) throws(ListenError) {
        // A peer that goes away must not kill the daemon: writes to its socket then fail with EPIPE.
        signal(SIGPIPE, SIG_IGN)
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
            hints.ai_socktype = SOCK_STREAM
        #else
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>? = nil
        let status = getaddrinfo(address.host, String(address.port), &hints, &list)
        guard status == 0, let info = list else {
            throw .invalidAddress("cannot resolve '\(address.host)': \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard descriptor >= 0 else { throw .cannotListen("socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, listen(descriptor, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .cannotListen("cannot listen on \(address): \(reason)")
        }
        var bound = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(descriptor, $0, &length) }
        }
        self.address = Address(host: address.host, port: Self.endpoint(bound).port)
        self.listener = descriptor
        self.hub = hub
        self.allowRemote = allowRemote
        self.maxMessageBytes = maxMessageBytes
    }

    /// Starts accepting on a thread of its own.
    public func start() {
        threads.enter()
        DetachedThread.start { [self] in
            acceptLoop()
            threads.leave()
        }
    }

    /// Stops accepting, ends every app connection, and waits for their threads.
    public func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        for descriptor in connections.withLock({ Array($0.keys) }) { shutdown(descriptor, Int32(SHUT_RDWR)) }
        threads.wait()
        close(listener)
    }

    // MARK: - Accepting

    private func acceptLoop() {
        while !stopped.withLock({ $0 }) {
            var peer = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let descriptor = withUnsafeMutablePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener, $0, &length) }
            }
            if descriptor < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if stopped.withLock({ $0 }) { return }
                // Out of descriptors, most likely: wait a little rather than spin.
                usleep(50_000)
                continue
            }
            let endpoint = Self.endpoint(peer)
            guard allowRemote || endpoint.isLoopback else {
                log(
                    "refused a connection from \(endpoint.host), which is not on loopback (start with --allow-remote to accept it)"
                )
                close(descriptor)
                continue
            }
            guard connections.withLock({ $0.count }) < Self.maxConnections else {
                log("refused a connection from \(endpoint): \(Self.maxConnections) apps are connected already")
                close(descriptor)
                continue
            }
            serve(descriptor, peer: "\(endpoint)")
        }
    }

    private func serve(_ descriptor: Int32, peer: String) {
        let session = AppSession(hub: hub, peer: peer)
        connections.withLock { $0[descriptor] = session }
        // Checked after registering, so that stop() either sees this connection or was seen here.
        if stopped.withLock({ $0 }) { shutdown(descriptor, Int32(SHUT_RDWR)) }
        threads.enter()
        DetachedThread.start { [self] in
            let connection = Connection(input: descriptor, output: descriptor, maxMessageBytes: maxMessageBytes)
            connection.run(handler: session)
            if let number = session.number { hub.disconnected(number) }
            connections.withLock { $0[descriptor] = nil }
            close(descriptor)
            threads.leave()
        }
    }

    private struct Endpoint: CustomStringConvertible {
        var host: String
        var port: UInt16
        var isLoopback: Bool
        var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
    }

    /// The text of a C buffer that `inet_ntop` filled, up to its terminating NUL.
    private static func text(upToNul buffer: [CChar]) -> String {
        buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    private static func endpoint(_ storage: sockaddr_storage) -> Endpoint {
        var storage = storage
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var raw = address.pointee.sin_addr
                    inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                    let host = UInt32(bigEndian: raw.s_addr)
                    return Endpoint(
                        host: Self.text(upToNul: text), port: UInt16(bigEndian: address.pointee.sin_port),
                        isLoopback: host >> 24 == 127)
                }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var raw = address.pointee.sin6_addr
                    inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
                    let bytes = withUnsafeBytes(of: raw) { Array($0) }
                    let isLoopback = bytes == Array(repeating: 0, count: 15) + [1]
                    // An IPv4 loopback address mapped into IPv6 (::ffff:127.x.y.z).
                    let isMappedLoopback =
                        bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xff && bytes[11] == 0xff && bytes[12] == 127
                    return Endpoint(
                        host: Self.text(upToNul: text), port: UInt16(bigEndian: address.pointee.sin6_port),
                        isLoopback: isLoopback || isMappedLoopback)
                }
            }
        default:
            return Endpoint(host: "unknown", port: 0, isLoopback: false)
        }
    }

    private func log(_ message: String) {
        var line = Array("navinspect: \(message)\n".utf8)
        _ = line.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}
