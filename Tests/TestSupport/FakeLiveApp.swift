import Foundation
import JSON
import JSONRPC

#if canImport(Glibc)
    import Glibc
#endif

/// A live app as the daemon sees it: a TCP connection that sends `navinspect/hello` and
/// `navinspect/snapshot` messages written by the test.
public final class FakeLiveApp: @unchecked Sendable {
    public let client: LSPTestClient
    public let descriptor: Int32
    private var sequence = 0

    /// Connects to `host:port`; nil when the connection is refused.
    public init?(port: UInt16, host: String = "127.0.0.1") {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>? = nil
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let info = list else { return nil }
        defer { freeaddrinfo(list) }
        let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard descriptor >= 0, connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            if descriptor >= 0 { close(descriptor) }
            return nil
        }
        self.descriptor = descriptor
        client = LSPTestClient(writingTo: descriptor, readingFrom: descriptor)
    }

    /// Says hello and returns the app's number, or the error response.
    @discardableResult
    public func hello(_ name: String = "TestApp") -> JSONValue? {
        client.request("navinspect/hello", ["name": .string(name), "version": 1, "processId": 42])
    }

    /// Sends a snapshot of `tree` (a tree document) with the next sequence number.
    public func snapshot(_ tree: JSONValue, instances: [String: Int] = [:], time: Int = 1_763_892_000_000) {
        sequence += 1
        var params: JSONObject = ["sequence": .int(sequence), "time": .int(time), "tree": tree]
        if !instances.isEmpty {
            params["instances"] = .object(JSONObject(instances.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) }))
        }
        client.notify("navinspect/snapshot", .object(params))
    }

    /// Closes the connection, as an app that quits does.
    public func disconnect() {
        shutdown(descriptor, Int32(SHUT_RDWR))
        _ = client.waitForEnd(timeout: 5)
        close(descriptor)
    }
}

/// A tree document of coordinators only, written `id: [children]`, each coordinator's class the
/// last part of its id and its type given in `types`; ids are class paths, as the runtime writes them.
public func liveTree(
    root: String, children: [String: [String]], types: [String: String] = [:], containers: JSONValue = [], window: String? = nil,
    navigation: [String: String] = [:]
) -> JSONValue {
    var coordinators: [JSONValue] = []
    var pending = [root]
    while let id = pending.first {
        pending.removeFirst()
        let kids = children[id] ?? []
        pending += kids
        coordinators.append([
            "id": .string(id), "class": .string(String(id.split(separator: "/").last!.split(separator: "#").first!)),
            "type": .optional(types[id]), "children": .array(kids.map(JSONValue.string)), "navigation": .optional(navigation[id]),
        ])
    }
    return [
        "navinspect": 1, "root": .string(root), "window": .optional(window), "coordinators": .array(coordinators),
        "containers": containers,
    ]
}
