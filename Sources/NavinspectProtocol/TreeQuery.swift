import CoordinatorModel
import JSON
import JSONRPC

/// A `navinspect/...` request answered from one loaded tree.
///
/// The server and `navinspect query` both answer through ``answer(_:tree:)``, so the command line
/// prints exactly what an editor receives.
public protocol TreeQuery: SendableMetatype {
    /// The JSON-RPC method name.
    static var method: String { get }
    /// The params the method accepts.
    static var paramNames: Set<String> { get }
    associatedtype Params

    static func decode(_ params: JSONValue?) throws(ResponseError) -> Params
    static func answer(_ params: Params, tree: CoordinatorTree) throws(ResponseError) -> JSONValue
}

extension TreeQuery {
    /// Decodes `params` and answers from `tree`.
    public static func respond(to params: JSONValue?, tree: CoordinatorTree) throws(ResponseError) -> JSONValue {
        try answer(decode(params), tree: tree)
    }

    static func reader(_ params: JSONValue?) throws(ResponseError) -> ParamsReader {
        try ParamsReader(params, method: method, allowed: paramNames)
    }
}

/// Every method and notification of the protocol, in one place.
public enum NavinspectMethods {
    /// The version of the protocol advertised in `initialize`.
    public static let protocolVersion = 1

    public static let load = "navinspect/load"
    public static let treeDidChange = "navinspect/treeDidChange"

    /// The queries answered from a loaded tree.
    public static var queries: [any TreeQuery.Type] {
        [
            TreeRequest.self, ChildrenRequest.self, DescribeRequest.self, FindCoordinatorRequest.self, CurrentStackRequest.self,
        ]
    }

    /// The live apps' history, and the difference between two generations.
    public static let history = HistoryRequest.method
    public static let diff = DiffRequest.method

    /// Every custom request method, as advertised in `initialize`.
    public static var requests: [String] { [load] + queries.map { $0.method } + [history, diff] }

    /// What a live app sends on its own connection: not advertised to editors.
    public static let appMessages = [AppMessages.hello, AppMessages.snapshot]

    /// Every custom notification the server sends.
    public static let notifications = [treeDidChange]

    public static func query(named method: String) -> (any TreeQuery.Type)? {
        queries.first { $0.method == method }
    }
}

extension CoordinatorTree {
    /// Resolves an id param, or answers -32011 naming it.
    func resolve(_ id: String, param: String) throws(ResponseError) -> NodeIndex {
        guard let node = node(id: id) else { throw .unknownCoordinator(id, param: param) }
        return node
    }

    /// `{"id", "class", "type"}` of a node, the members every result shares.
    func identity(_ node: NodeIndex) -> JSONObject {
        let coordinator = self[node]
        var identity: JSONObject = [
            "id": .string(coordinator.id), "class": .string(coordinator.className), "type": .optional(coordinator.type),
        ]
        if let same = coordinator.sameAs { identity["sameAs"] = .string(self[same].id) }
        return identity
    }

    func ids(_ nodes: some Sequence<NodeIndex>) -> JSONValue {
        .array(nodes.map { .string(self[$0].id) })
    }
}
