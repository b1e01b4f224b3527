import JSON
import JSONRPC

/// `navinspect/history`: the generations kept, with their events, and the apps seen.
public enum HistoryRequest {
    public static let method = "navinspect/history"

    public struct Params: Sendable, Equatable {
        /// Only this app's generations.
        public var app: Int?
        /// Only the generations after this one.
        public var since: Int?
    }

    public static func decode(_ params: JSONValue?) throws(ResponseError) -> Params {
        let reader = try ParamsReader(params, method: method, allowed: ["app", "since"])
        return Params(app: try reader.optionalInt("app", minimum: 1), since: try reader.optionalInt("since", minimum: 1))
    }
}

/// `navinspect/diff`: the events between two generations.
public enum DiffRequest {
    public static let method = "navinspect/diff"

    public struct Params: Sendable, Equatable {
        public var from: Int
        /// Nil means the current generation.
        public var to: Int?
    }

    public static func decode(_ params: JSONValue?) throws(ResponseError) -> Params {
        let reader = try ParamsReader(params, method: method, allowed: ["from", "to"])
        guard let from = try reader.optionalInt("from", minimum: 1) else {
            throw .invalidParams("\(method) needs the param 'from' (a generation, an integer ≥ 1)")
        }
        return Params(from: from, to: try reader.optionalInt("to", minimum: 1))
    }
}

/// The optional `generation` param every query takes.
public enum GenerationParam {
    public static let name = "generation"

    /// The params without `generation`, and the generation asked for, if any.
    public static func split(_ params: JSONValue?) throws(ResponseError) -> (params: JSONValue?, generation: Int?) {
        guard case .object(var object)? = params, let value = object[name] else { return (params, nil) }
        object[name] = nil
        guard !value.isNull else { return (.object(object), nil) }
        guard let generation = value.intValue, generation >= 1 else {
            throw .invalidParams("param 'generation' must be an integer ≥ 1, not \(value.serializedString())")
        }
        return (.object(object), generation)
    }
}
