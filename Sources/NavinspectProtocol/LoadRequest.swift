import CoordinatorModel
import JSON
import JSONRPC

/// `navinspect/load`: replaces the loaded tree with a document from a file or from the request,
/// or with the tree read from an app's Swift sources.
public enum LoadRequest {
    public static let method = NavinspectMethods.load

    public enum Params: Sendable {
        case path(String)
        case document(JSONValue)
        /// An app's folder, read with `navinspect index`'s extractor.
        case source(String)
    }

    public static func decode(_ params: JSONValue?) throws(ResponseError) -> Params {
        let reader = try ParamsReader(params, method: method, allowed: ["path", "document", "source"])
        let given = ["path", "document", "source"].filter(reader.has)
        guard given.count == 1 else {
            if given.isEmpty {
                throw .invalidParams(
                    "\(method) needs 'path' (a file), 'document' (a tree document object) or 'source' (an app's folder)")
            }
            throw .invalidParams(
                "\(method) takes one of 'path', 'document' and 'source', not both \(given.joined(separator: " and "))")
        }
        switch given[0] {
        case "path": return .path(try reader.string("path"))
        case "source": return .source(try reader.string("source"))
        default: return .document(reader.value("document")!)
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
