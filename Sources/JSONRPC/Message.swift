import JSON

/// A request id: a string, a number or null, echoed exactly as it came.
public struct RequestID: Hashable, Sendable, CustomStringConvertible {
    public let value: JSONValue

    /// Accepts the kinds JSON-RPC 2.0 allows for an id.
    public init?(_ value: JSONValue) {
        switch value {
        case .string, .number, .null: self.value = value
        default: return nil
        }
    }

    public static let null = RequestID(.null)!

    public var description: String { value.serializedString() }
}

/// A JSON-RPC error object.
public struct ResponseError: Error, Sendable, Hashable {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public var json: JSONValue {
        var object: JSONObject = ["code": .int(code), "message": .string(message)]
        if let data { object["data"] = data }
        return .object(object)
    }
}

/// The error codes of JSON-RPC 2.0 and of the Language Server Protocol.
extension ResponseError {
    public static let parseErrorCode = -32700
    public static let invalidRequestCode = -32600
    public static let methodNotFoundCode = -32601
    public static let invalidParamsCode = -32602
    public static let internalErrorCode = -32603
    /// LSP: a request arrived before `initialize`.
    public static let serverNotInitializedCode = -32002
    /// LSP: the client cancelled the request.
    public static let requestCancelledCode = -32800

    public static func parseError(_ reason: String) -> ResponseError {
        ResponseError(code: parseErrorCode, message: "Parse error: \(reason)", data: ["reason": .string(reason)])
    }

    public static func invalidRequest(_ reason: String) -> ResponseError {
        ResponseError(code: invalidRequestCode, message: "Invalid request: \(reason)")
    }

    public static func methodNotFound(_ method: String) -> ResponseError {
        ResponseError(code: methodNotFoundCode, message: "Method not found: \(method)")
    }

    public static func invalidParams(_ reason: String) -> ResponseError {
        ResponseError(code: invalidParamsCode, message: "Invalid params: \(reason)")
    }

    public static func internalError(_ reason: String) -> ResponseError {
        ResponseError(code: internalErrorCode, message: "Internal error: \(reason)")
    }

    public static let cancelled = ResponseError(code: requestCancelledCode, message: "Request cancelled")
}

/// One message from the client, as JSON-RPC 2.0 defines it.
public enum IncomingMessage: Sendable {
    case request(id: RequestID, method: String, params: JSONValue?)
    case notification(method: String, params: JSONValue?)
    /// An answer to a request the server sent.
    case response(id: RequestID, result: Result<JSONValue, ResponseError>)
    /// Not a valid message; answered with this error and this id (null when unknown).
    case invalid(id: RequestID, error: ResponseError)

    /// Reads one message object (not a batch).
    public init(_ value: JSONValue) {
        guard case .object(let object) = value else {
            self = .invalid(id: .null, error: .invalidRequest("a message is a JSON object, not \(value.kindName)"))
            return
        }
        let id: RequestID?
        if let rawID = object["id"] {
            guard let valid = RequestID(rawID) else {
                self = .invalid(
                    id: .null, error: .invalidRequest("'id' must be a string, a number or null, not \(rawID.kindName)"))
                return
            }
            id = valid
        } else {
            id = nil
        }
        guard object["jsonrpc"] == .string("2.0") else {
            let found = object["jsonrpc"].map { $0.serializedString() } ?? "nothing"
            self = .invalid(id: id ?? .null, error: .invalidRequest("'jsonrpc' must be \"2.0\", found \(found)"))
            return
        }
        guard let rawMethod = object["method"] else {
            if let id, object["result"] != nil || object["error"] != nil {
                self = .response(id: id, result: Self.responseResult(object))
            } else {
                self = .invalid(id: id ?? .null, error: .invalidRequest("missing 'method'"))
            }
            return
        }
        guard case .string(let method) = rawMethod else {
            self = .invalid(id: id ?? .null, error: .invalidRequest("'method' must be a string, not \(rawMethod.kindName)"))
            return
        }
        // `"params": null` is read as no params: JSON-RPC 2.0 forbids it, but LSP clients send it
        // for methods without params (eglot's `shutdown`), and refusing it helps nobody.
        var params = object["params"]
        if case .null? = params { params = nil }
        if let params {
            switch params {
            case .object, .array: break
            default:
                self = .invalid(
                    id: id ?? .null, error: .invalidRequest("'params' must be an object or an array, not \(params.kindName)"))
                return
            }
        }
        if let id {
            self = .request(id: id, method: method, params: params)
        } else {
            self = .notification(method: method, params: params)
        }
    }

    private static func responseResult(_ object: JSONObject) -> Result<JSONValue, ResponseError> {
        if let error = object["error"]?.objectValue {
            let code = error["code"]?.numberValue?.int64.map(Int.init) ?? internalErrorCodeFallback
            return .failure(ResponseError(code: code, message: error["message"]?.stringValue ?? "", data: error["data"]))
        }
        return .success(object["result"] ?? .null)
    }

    private static let internalErrorCodeFallback = ResponseError.internalErrorCode
}

/// Builds the JSON of outgoing messages.
public enum OutgoingMessage {
    public static func response(id: RequestID, result: Result<JSONValue, ResponseError>) -> JSONValue {
        var object: JSONObject = ["jsonrpc": "2.0", "id": id.value]
        switch result {
        case .success(let value): object["result"] = value
        case .failure(let error): object["error"] = error.json
        }
        return .object(object)
    }

    public static func notification(method: String, params: JSONValue?) -> JSONValue {
        var object: JSONObject = ["jsonrpc": "2.0", "method": .string(method)]
        if let params { object["params"] = params }
        return .object(object)
    }
}
