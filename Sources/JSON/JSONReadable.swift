/// Read access shared by ``JSONNode`` (json-c, in place) and ``JSONValue`` (Swift memory).
///
/// Decoders written against this protocol read a large file straight from json-c without
/// copying it, and read a value that arrived inside a message the same way.
public protocol JSONReadable {
    var kind: JSONKind { get }
    var isNull: Bool { get }
    var stringValue: String? { get }
    var boolValue: Bool? { get }
    /// The value when it is an integer that fits in `Int64`.
    var int64Value: Int64? { get }
    /// The element count of an array; 0 for other kinds.
    var count: Int { get }
    /// The member count of an object; 0 for other kinds.
    var memberCount: Int { get }
    /// The element at `index` of an array.
    subscript(index: Int) -> Self { get }
    /// The member named `key` of an object; nil when there is none.
    subscript(key: String) -> Self? { get }
    /// Calls `body` for each member of an object, in order.
    func forEachMember(_ body: (String, Self) throws -> Void) rethrows
}

extension JSONNode: JSONReadable {}

extension JSONValue: JSONReadable {
    public var kind: JSONKind {
        switch self {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    public var int64Value: Int64? { numberValue?.int64 }

    public var count: Int { arrayValue?.count ?? 0 }

    public var memberCount: Int { objectValue?.count ?? 0 }

    public subscript(index: Int) -> JSONValue { arrayValue![index] }

    public func forEachMember(_ body: (String, JSONValue) throws -> Void) rethrows {
        guard case .object(let object) = self else { return }
        for member in object { try body(member.key, member.value) }
    }
}

extension JSONKind {
    /// The kind as a word for error messages.
    public var name: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
