import CoordinatorModel
import JSON
import JSONRPC

/// `navinspect/describe`: everything known about one coordinator.
public enum DescribeRequest: TreeQuery {
    public static let method = "navinspect/describe"
    public static let paramNames: Set<String> = ["id"]

    public static func decode(_ params: JSONValue?) throws(ResponseError) -> String {
        try reader(params).string("id")
    }

    public static func answer(_ id: String, tree: CoordinatorTree) throws(ResponseError) -> JSONValue {
        let node = try tree.resolve(id, param: "id")
        let coordinator = tree[node]
        var object = tree.identity(node)
        object["parent"] = .optional(coordinator.parent.map { tree[$0].id })
        object["path"] = tree.ids(tree.path(to: node))
        object["children"] = tree.ids(tree.children(of: node))
        object["source"] = coordinator.source.map { ["file": .string($0.file), "line": .int($0.line)] } ?? .null
        object["trigger"] = coordinator.trigger.map { ["method": .string($0.method), "onLaunch": .bool($0.onLaunch)] } ?? .null
        object["navigation"] = .optional(coordinator.navigation.map { tree.containers[$0].id })
        object["viewControllers"] = .array(
            tree.viewControllers(ownedBy: node).map {
                [
                    "class": .string($0.className), "container": .string(tree.containers[$0.container].id),
                    "position": .string($0.position.rawValue), "index": .int($0.index),
                ]
            })
        return .object(object)
    }
}
