import CoordinatorModel
import JSON
import JSONRPC

/// `navinspect/load`: replaces the loaded tree with a document from a file or from the request.
public enum LoadRequest {
    public static let method = NavinspectMethods.load

    public enum Params: Sendable {
        case path(String)
        case document(JSONValue)
    }

    public static func decode(_ params: JSONValue?) throws(ResponseError) -> Params {
        let reader = try ParamsReader(params, method: method, allowed: ["path", "document"])
        switch (reader.has("path"), reader.has("document")) {
        case (true, false):
            return .path(try reader.string("path"))
        case (false, true):
            return .document(reader.value("document")!)
        case (true, true):
            throw .invalidParams("\(method) takes either 'path' or 'document', not both")
        case (false, false):
            throw .invalidParams("\(method) needs 'path' (a file) or 'document' (a tree document object)")
        }
    }

    /// The summary answered by a load, and sent with `navinspect/treeDidChange`.
    public static func summary(of tree: CoordinatorTree, generation: Int) -> JSONValue {
        [
            "root": .string(tree[tree.root].id), "coordinators": .int(tree.count), "containers": .int(tree.containers.count),
            "generation": .int(generation),
        ]
    }
}
