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
    /// The members of an object in one pass: the ones named in `names`, and the names of the rest.
    func members(_ names: MemberNames) -> Members<Self>
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

/// The member names a decoder expects in one kind of object, prepared for fast matching.
public struct MemberNames: Sendable {
    public let names: [String]
    let utf8: [[UInt8]]

    public init(_ names: [String]) {
        self.names = names
        self.utf8 = names.map { Array($0.utf8) }
    }

    /// The position of `name`, which must be one of the names.
    @inline(__always) func index(of name: String) -> Int {
        guard let index = names.firstIndex(of: name) else { preconditionFailure("'\(name)' is not among \(names)") }
        return index
    }
}

/// An object's members read in one pass: the expected ones by name, and the names of the others.
public struct Members<Node> {
    public let names: MemberNames
    /// The value of each expected member, in the order of `names`; nil where absent.
    public var values: [Node?]
    /// Members that are not expected, in document order.
    public var unexpected: [String]

    public init(names: MemberNames, values: [Node?], unexpected: [String]) {
        self.names = names
        self.values = values
        self.unexpected = unexpected
    }

    /// The value of the expected member `name`, or nil when the object does not have it.
    public subscript(name: String) -> Node? { values[names.index(of: name)] }
}

extension JSONValue {
    /// The members of an object, sorted into expected and unexpected ones.
    public func members(_ names: MemberNames) -> Members<JSONValue> {
        var members = Members<JSONValue>(names: names, values: Array(repeating: nil, count: names.names.count), unexpected: [])
        forEachMember { key, value in
            if let index = names.names.firstIndex(of: key) {
                members.values[index] = value
            } else {
                members.unexpected.append(key)
            }
        }
        return members
    }
}
