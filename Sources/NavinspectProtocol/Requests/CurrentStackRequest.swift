import CoordinatorModel
import JSON
import JSONRPC

/// `navinspect/currentStack`: the view controllers on screen and the coordinators behind the top one.
public enum CurrentStackRequest: TreeQuery {
    public static let method = "navinspect/currentStack"
    public static let paramNames: Set<String> = []

    public static func decode(_ params: JSONValue?) throws(ResponseError) {
        _ = try reader(params)
    }

    public static func answer(_ params: Void, tree: CoordinatorTree) throws(ResponseError) -> JSONValue {
        let stack = tree.currentStack()
        let viewControllers: [JSONValue] = stack.viewControllers.map {
            [
                "class": .string($0.className), "owner": .optional($0.owner.map { tree[$0].id }),
                "container": .string(tree.containers[$0.container].id),
            ]
        }
        return [
            "viewControllers": .array(viewControllers), "coordinators": tree.ids(stack.coordinators),
            "window": .optional(tree.window.map { tree.containers[$0].id }),
        ]
    }
}
