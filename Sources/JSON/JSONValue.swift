/// A JSON value held entirely in Swift memory, safe to pass between threads.
///
/// Objects keep their members in order, so what the server writes is stable from run to run.
/// Numbers keep the text they were written with, so an id such as `1.50` is echoed as it came.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

/// A JSON number, kept as its literal text.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number as it is written in JSON, for example `42`, `-3` or `1.5e3`.
    public let literal: String

    /// Wraps a literal that the lexer has already checked against the JSON number grammar.
    init(validatedLiteral: String) {
        self.literal = validatedLiteral
    }

    public init(_ value: Int) {
        self.literal = String(value)
    }

    public init(_ value: Int64) {
        self.literal = String(value)
    }

    public init(_ value: UInt64) {
        self.literal = String(value)
    }

    /// A number from a finite double.
    ///
    /// - Precondition: `value.isFinite`; JSON has no NaN or infinity.
    public init(_ value: Double) {
        precondition(value.isFinite, "JSON numbers are finite")
        if value == value.rounded(), abs(value) < 9.0e15 {
            self.literal = String(Int64(value))
        } else {
            self.literal = "\(value)"
        }
    }

    /// The value as a 64-bit integer, when the literal is an integer in range.
    public var int64: Int64? { Int64(literal) }

    /// The value as an unsigned 64-bit integer, when the literal is a non-negative integer in range.
    public var uint64: UInt64? { UInt64(literal) }

    /// The value as a double (integers beyond 2^53 lose precision).
    public var double: Double { Double(literal) ?? .nan }

    public var description: String { literal }
}

/// The members of a JSON object, in the order they were written or added.
///
/// Lookup is a linear scan: objects in this protocol have a handful of members.
public struct JSONObject: Sendable, Hashable, ExpressibleByDictionaryLiteral, Sequence {
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONValue
    }

    public private(set) var members: [Member]

    public init() { members = [] }

    public init(_ pairs: [(String, JSONValue)]) {
        members = pairs.map { Member(key: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }

    public var count: Int { members.count }
    public var keys: [String] { members.map(\.key) }

    /// The value of the first member named `key`; setting replaces it or appends a member.
    /// Setting `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        get { members.first { $0.key == key }?.value }
        set {
            let index = members.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): members[index].value = value
            case (let index?, nil): members.remove(at: index)
            case (nil, let value?): members.append(Member(key: key, value: value))
            case (nil, nil): break
            }
        }
    }

    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }
}

extension JSONValue {
    public static func int(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

    /// A string, or `null` when `value` is nil.
    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    public var isNull: Bool { if case .null = self { true } else { false } }

    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }

    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }

    public var numberValue: JSONNumber? { if case .number(let n) = self { n } else { nil } }

    /// An integer that fits `Int`; nil for other kinds, fractions and exponents.
    public var intValue: Int? { numberValue?.int64.flatMap { Int(exactly: $0) } }

    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }

    public var objectValue: JSONObject? { if case .object(let o) = self { o } else { nil } }

    /// The member `key` of an object; nil for other kinds or a missing member.
    public subscript(key: String) -> JSONValue? { objectValue?[key] }

    /// The JSON kind, as a word for error messages ("string", "object", ...).
    public var kindName: String { kind.name }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
    public init(nilLiteral: ()) { self = .null }
}
