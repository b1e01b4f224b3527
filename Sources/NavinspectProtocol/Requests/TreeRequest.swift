import CoordinatorModel
import JSON
import JSONRPC

/// `navinspect/tree`: the subtree below a coordinator, cut at a depth so editors expand lazily.
public enum TreeRequest: TreeQuery {
    public static let method = "navinspect/tree"
    public static let paramNames: Set<String> = ["from", "depth"]

    public struct Params {
        public var from: String?
        public var depth: Int?
    }

    public static func decode(_ params: JSONValue?) throws(ResponseError) -> Params {
        let reader = try reader(params)
        return Params(from: try reader.optionalString("from"), depth: try reader.optionalInt("depth", minimum: 0))
    }

    public static func answer(_ params: Params, tree: CoordinatorTree) throws(ResponseError) -> JSONValue {
        let origin = try params.from.map { id throws(ResponseError) in try tree.resolve(id, param: "from") }
        let subtree = tree.subtree(from: origin, depth: params.depth ?? CoordinatorTree.maxSubtreeDepth)
        return encode(subtree, tree: tree)
    }

    private static func encode(_ subtree: SubtreeNode, tree: CoordinatorTree) -> JSONValue {
        var object = tree.identity(subtree.node)
        object["childCount"] = .int(subtree.childCount)
        object["children"] = .array(subtree.children.map { encode($0, tree: tree) })
        object["hasMore"] = .bool(subtree.hasMore)
        return .object(object)
    }
}
