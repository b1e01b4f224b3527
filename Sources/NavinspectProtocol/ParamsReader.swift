import JSON
import JSONRPC

/// Reads a request's params object, answering -32602 with the param's name and what is wrong.
public struct ParamsReader {
    private let object: JSONObject
    private let method: String

    /// Accepts an object, or no params at all; an array or an unexpected member is an error.
    public init(_ params: JSONValue?, method: String, allowed: Set<String>) throws(ResponseError) {
        self.method = method
        switch params {
        case nil, .null?:
            object = JSONObject()
        case .object(let object)?:
            self.object = object
        case let other?:
            throw .invalidParams("\(method) takes its params as an object, not \(other.kindName)")
        }
        for key in object.keys where !allowed.contains(key) {
            let known = allowed.isEmpty ? "it takes none" : "known: \(allowed.sorted().joined(separator: ", "))"
            throw .invalidParams("unknown param '\(key)' for \(method) (\(known))")
        }
    }

    public func has(_ key: String) -> Bool { object[key] != nil }

    public func string(_ key: String) throws(ResponseError) -> String {
        guard let value = object[key] else { throw .invalidParams("\(method) needs the param '\(key)' (a string)") }
        guard case .string(let string) = value else {
            throw .invalidParams("param '\(key)' must be a string, not \(value.kindName)")
        }
        return string
    }

    public func optionalString(_ key: String) throws(ResponseError) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        return try string(key)
    }

    public func optionalBool(_ key: String) throws(ResponseError) -> Bool? {
        guard let value = object[key], !value.isNull else { return nil }
        guard case .bool(let flag) = value else {
            throw .invalidParams("param '\(key)' must be true or false, not \(value.kindName)")
        }
        return flag
    }

    public func optionalInt(_ key: String, minimum: Int) throws(ResponseError) -> Int? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let integer = value.numberValue?.int64, integer >= minimum, let fitting = Int(exactly: integer) else {
            throw .invalidParams("param '\(key)' must be an integer ≥ \(minimum), not \(value.serializedString())")
        }
        return fitting
    }

    public func value(_ key: String) -> JSONValue? { object[key] }
}
