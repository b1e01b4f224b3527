import CoordinatorModel
import JSON
import JSONRPC

/// What a live app sends on its own connection: `navinspect/hello`, then `navinspect/snapshot`s.
public enum AppMessages {
    public static let hello = "navinspect/hello"
    public static let snapshot = "navinspect/snapshot"

    /// `navinspect/hello`'s params.
    public struct Hello: Sendable, Equatable {
        public var name: String
        public var processId: Int?
        public var bundleIdentifier: String?
    }

    /// `navinspect/snapshot`'s params, the tree still a JSON value (the loader validates it).
    public struct Snapshot: Sendable {
        public var sequence: Int
        public var time: Int
        public var tree: JSONValue
        public var instances: [String: Int]
    }

    public static func decodeHello(_ params: JSONValue?) throws(ResponseError) -> Hello {
        let reader = try ParamsReader(params, method: hello, allowed: ["name", "version", "processId", "bundleIdentifier"])
        let name = try reader.string("name")
        guard try reader.optionalInt("version", minimum: 0) == NavinspectMethods.protocolVersion else {
            throw .invalidParams("\(hello) needs 'version': \(NavinspectMethods.protocolVersion), the protocol version")
        }
        return Hello(
            name: name, processId: try reader.optionalInt("processId", minimum: 0),
            bundleIdentifier: try reader.optionalString("bundleIdentifier"))
    }

    public static func decodeSnapshot(_ params: JSONValue?) throws(ResponseError) -> Snapshot {
        let reader = try ParamsReader(params, method: snapshot, allowed: ["sequence", "time", "tree", "instances"])
        guard let sequence = try reader.optionalInt("sequence", minimum: 1) else {
            throw .invalidParams("\(snapshot) needs 'sequence' (an integer ≥ 1)")
        }
        guard let time = try reader.optionalInt("time", minimum: 0) else {
            throw .invalidParams("\(snapshot) needs 'time' (milliseconds since 1970)")
        }
        guard let tree = reader.value("tree"), case .object = tree else {
            throw .invalidParams("\(snapshot) needs 'tree' (a tree document object)")
        }
        var instances: [String: Int] = [:]
        if let value = reader.value("instances"), !value.isNull {
            guard case .object(let object) = value else {
                throw .invalidParams("param 'instances' must be an object, not \(value.kindName)")
            }
            for key in object.keys {
                guard let number = object[key]?.intValue else {
                    throw .invalidParams("param 'instances' must map ids to integers; '\(key)' does not")
                }
                instances[key] = number
            }
        }
        return Snapshot(sequence: sequence, time: time, tree: tree, instances: instances)
    }
}

extension TreeChange {
    /// The event as `navinspect/history` and `navinspect/diff` send it.
    public var json: JSONValue {
        switch self {
        case .coordinatorStarted(let coordinator): return Self.json("coordinatorStarted", coordinator)
        case .coordinatorFinished(let coordinator): return Self.json("coordinatorFinished", coordinator)
        case .screenPushed(let screen): return Self.json("screenPushed", screen)
        case .screenPopped(let screen): return Self.json("screenPopped", screen)
        case .presented(let container, let presented):
            return ["kind": "presented", "container": .string(container), "presented": .string(presented)]
        case .dismissed(let container, let presented):
            return ["kind": "dismissed", "container": .string(container), "presented": .string(presented)]
        case .tabSelected(let container, let index, let title):
            return [
                "kind": "tabSelected", "container": .string(container), "index": index.map(JSONValue.int) ?? .null,
                "title": .optional(title),
            ]
        }
    }

    private static func json(_ kind: String, _ coordinator: Coordinator) -> JSONValue {
        [
            "kind": .string(kind), "id": .string(coordinator.id), "class": .string(coordinator.className),
            "type": .optional(coordinator.type), "parent": .optional(coordinator.parent),
        ]
    }

    private static func json(_ kind: String, _ screen: Screen) -> JSONValue {
        [
            "kind": .string(kind), "container": .string(screen.container), "class": .string(screen.className),
            "owner": .optional(screen.owner),
        ]
    }
}
