import CoordinatorModel
import JSON
import JSONRPC

/// navinspect's own error codes, in the range JSON-RPC reserves for servers (-32000...-32099).
///
/// -32001 and -32002 are the Language Server Protocol's own and are not reused.
public enum NavinspectErrorCode {
    public static let noTreeLoaded = -32010
    public static let unknownCoordinator = -32011
    public static let invalidDocument = -32012
    public static let documentUnreadable = -32013
    public static let unknownGeneration = -32014
}

extension ResponseError {
    public static let noTreeLoaded = ResponseError(
        code: NavinspectErrorCode.noTreeLoaded,
        message: "No tree loaded: send navinspect/load first, or start the server with --tree")

    public static func unknownCoordinator(_ id: String, param: String = "id") -> ResponseError {
        ResponseError(
            code: NavinspectErrorCode.unknownCoordinator,
            message: "Unknown coordinator id '\(id)' (from '\(param)')",
            data: ["id": .string(id)])
    }

    public static func invalidDocument(_ document: InvalidDocument) -> ResponseError {
        let first = document.issues[0]
        let count = document.issues.count
        let more = count > 1 ? " (and \(count - 1) more)" : ""
        return ResponseError(
            code: NavinspectErrorCode.invalidDocument,
            message: "Invalid document: \(first.pointer.isEmpty ? "/" : first.pointer): \(first.reason)\(more)",
            data: [
                "pointer": .string(first.pointer),
                "reason": .string(first.reason),
                "errors": .array(document.issues.map { ["pointer": .string($0.pointer), "reason": .string($0.reason)] }),
            ])
    }

    public static func documentUnreadable(path: String, reason: String) -> ResponseError {
        ResponseError(
            code: NavinspectErrorCode.documentUnreadable,
            message: "Cannot read \(path): \(reason)",
            data: ["path": .string(path), "reason": .string(reason)])
    }
}

extension ResponseError {
    /// -32014: a generation that is neither current nor kept in the history.
    public static func unknownGeneration(_ generation: Int, oldest: Int?, newest: Int?) -> ResponseError {
        let kept = oldest.map { "the history holds \($0) to \(newest ?? $0)" } ?? "nothing is kept"
        return ResponseError(
            code: NavinspectErrorCode.unknownGeneration,
            message: "Generation \(generation) is not kept (\(kept))",
            data: [
                "generation": .int(generation), "oldest": oldest.map(JSONValue.int) ?? .null,
                "newest": newest.map(JSONValue.int) ?? .null,
            ])
    }
}
