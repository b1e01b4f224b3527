import CoordinatorModel
import JSON
import JSONRPC

/// `navinspect/findCoordinator`: what the app's own `findCoordinator(type:)` returns.
public enum FindCoordinatorRequest: TreeQuery {
    public static let method = "navinspect/findCoordinator"
    public static let paramNames: Set<String> = ["type", "from", "all"]

    public struct Params {
        public var type: String
        public var from: String?
        public var all: Bool
    }

    public static func decode(_ params: JSONValue?) throws(ResponseError) -> Params {
        let reader = try reader(params)
        return Params(
            type: try reader.string("type"), from: try reader.optionalString("from"), all: try reader.optionalBool("all") ?? false
        )
    }

    /// A match, or null; with `all`, every match in visiting order.
    public static func answer(_ params: Params, tree: CoordinatorTree) throws(ResponseError) -> JSONValue {
        let origin = try params.from.map { id throws(ResponseError) in try tree.resolve(id, param: "from") }
        let matches = tree.findMatches(type: params.type, from: origin, all: params.all).map { match($0, tree: tree) }
        return params.all ? .array(matches) : matches.first ?? .null
    }

    private static func match(_ visit: SearchVisit, tree: CoordinatorTree) -> JSONValue {
        var object = tree.identity(visit.node)
        object["path"] = tree.ids(tree.path(to: visit.node))
        if !visit.via.isEmpty { object["via"] = tree.ids(visit.via) }
        return .object(object)
    }
}
