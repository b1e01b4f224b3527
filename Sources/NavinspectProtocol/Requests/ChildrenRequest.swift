import CoordinatorModel
import JSON
import JSONRPC

/// `navinspect/children`: a coordinator's children in `childCoordinators` order.
public enum ChildrenRequest: TreeQuery {
    public static let method = "navinspect/children"
    public static let paramNames: Set<String> = ["id"]

    public static func decode(_ params: JSONValue?) throws(ResponseError) -> String {
        try reader(params).string("id")
    }

    public static func answer(_ id: String, tree: CoordinatorTree) throws(ResponseError) -> JSONValue {
        let node = try tree.resolve(id, param: "id")
        let children: [JSONValue] = tree.children(of: node).map { child in
            var object = tree.identity(child)
            object["childCount"] = .int(tree.childCount(of: child))
            return .object(object)
        }
        return ["id": .string(id), "children": .array(children)]
    }
}
