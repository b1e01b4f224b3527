internal import CJSONC

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A parsed JSON value owned by json-c.
///
/// - Important: json-c objects are not thread-safe (Debian's build counts references without
///   atomics), so a document is deliberately not `Sendable`: it is created, read and released on
///   one thread. Convert it to a ``JSONValue`` to hand the data to another thread.
public final class JSONDocument {
    /// The root json-c object; nil stands for JSON `null`, as in json-c.
    let root: OpaquePointer?

    init(taking root: OpaquePointer?) {
        self.root = root
    }

    deinit {
        // The single reference this document holds; json-c frees the whole tree with it.
        json_object_put(root)
    }

    /// The root value, readable in place without copying it into Swift values.
    public var rootNode: JSONNode { JSONNode(owner: self, raw: root) }

    /// The whole document as a Swift value.
    public func value() -> JSONValue { rootNode.value() }
}

/// The kinds of JSON value.
public enum JSONKind: Sendable {
    case null, bool, number, string, array, object
}

/// A value inside a ``JSONDocument``, read in place.
///
/// A node keeps its document alive; like the document it belongs to one thread.
public struct JSONNode {
    let owner: JSONDocument
    let raw: OpaquePointer?

    public var kind: JSONKind {
        switch json_object_get_type(raw) {
        case json_type_boolean: .bool
        case json_type_int, json_type_double: .number
        case json_type_string: .string
        case json_type_array: .array
        case json_type_object: .object
        default: .null
        }
    }

    /// Converts the node and everything below it into a ``JSONValue``.
    public func value() -> JSONValue {
        switch json_object_get_type(raw) {
        case json_type_boolean:
            return .bool(json_object_get_boolean(raw) != 0)
        case json_type_int, json_type_double:
            return .number(numberValue!)
        case json_type_string:
            return .string(stringValue!)
        case json_type_array:
            let count = json_object_array_length(raw)
            var elements: [JSONValue] = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                elements.append(JSONNode(owner: owner, raw: json_object_array_get_idx(raw, index)).value())
            }
            return .array(elements)
        case json_type_object:
            var object = JSONObject()
            forEachMember { key, node in object[key] = node.value() }
            return .object(object)
        default:
            return .null
        }
    }

    /// The number's literal text, or nil for other kinds.
    public var numberValue: JSONNumber? {
        switch json_object_get_type(raw) {
        case json_type_int:
            if let value = int64Value { return JSONNumber(value) }
            return JSONNumber(json_object_get_uint64(raw))
        case json_type_double:
            // Parsed doubles keep their source text (json_object_new_double_s), so this is the literal.
            let text = String(cString: json_object_to_json_string_ext(raw, JSON_C_TO_STRING_PLAIN))
            return JSONNumber(validatedLiteral: text)
        default:
            return nil
        }
    }

    /// The string, or nil for other kinds. Embedded NUL characters are kept.
    public var stringValue: String? {
        guard json_object_get_type(raw) == json_type_string, let start = json_object_get_string(raw) else { return nil }
        let length = Int(json_object_get_string_len(raw))
        return start.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// The integer, or nil when the node is not an integer that fits in `Int64`.
    public var int64Value: Int64? {
        guard json_object_get_type(raw) == json_type_int else { return nil }
        let value = json_object_get_int64(raw)
        // json-c answers Int64.max for unsigned values above it.
        if value == Int64.max, json_object_get_uint64(raw) != UInt64(Int64.max) { return nil }
        return value
    }

    public var boolValue: Bool? {
        json_object_get_type(raw) == json_type_boolean ? json_object_get_boolean(raw) != 0 : nil
    }

    public var isNull: Bool { raw == nil }

    /// The element count of an array; 0 for other kinds.
    public var count: Int {
        json_object_get_type(raw) == json_type_array ? json_object_array_length(raw) : 0
    }

    /// The member count of an object; 0 for other kinds.
    public var memberCount: Int {
        json_object_get_type(raw) == json_type_object ? Int(json_object_object_length(raw)) : 0
    }

    /// The element at `index` of an array.
    ///
    /// - Precondition: the node is an array and `index < count`.
    public subscript(index: Int) -> JSONNode {
        JSONNode(owner: owner, raw: json_object_array_get_idx(raw, index))
    }

    /// The member named `key` of an object; nil when the node is not an object or has no such member.
    public subscript(key: String) -> JSONNode? {
        guard json_object_get_type(raw) == json_type_object else { return nil }
        var member: OpaquePointer? = nil
        guard json_object_object_get_ex(raw, key, &member) != 0 else { return nil }
        return JSONNode(owner: owner, raw: member)
    }

    /// Calls `body` for each member of an object, in document order.
    public func forEachMember(_ body: (String, JSONNode) throws -> Void) rethrows {
        guard json_object_get_type(raw) == json_type_object else { return }
        var iterator = json_object_iter_begin(raw)
        var end = json_object_iter_end(raw)
        while json_object_iter_equal(&iterator, &end) == 0 {
            let key = String(cString: json_object_iter_peek_name(&iterator))
            try body(key, JSONNode(owner: owner, raw: json_object_iter_peek_value(&iterator)))
            json_object_iter_next(&iterator)
        }
    }

    /// The members of an object in one pass over json-c's table, matching names byte by byte, so
    /// no Swift string is made for an expected name and no lookup is hashed.
    public func members(_ names: MemberNames) -> Members<JSONNode> {
        var members = Members<JSONNode>(names: names, values: Array(repeating: nil, count: names.names.count), unexpected: [])
        guard json_object_get_type(raw) == json_type_object else { return members }
        var iterator = json_object_iter_begin(raw)
        var end = json_object_iter_end(raw)
        while json_object_iter_equal(&iterator, &end) == 0 {
            let key = json_object_iter_peek_name(&iterator)!
            let length = strlen(key)
            let match = names.utf8.firstIndex { name in
                name.count == length && name.withUnsafeBytes { memcmp($0.baseAddress!, key, length) == 0 }
            }
            if let match {
                members.values[match] = JSONNode(owner: owner, raw: json_object_iter_peek_value(&iterator))
            } else {
                members.unexpected.append(String(cString: key))
            }
            json_object_iter_next(&iterator)
        }
        return members
    }

    /// True when no number below this node is infinite (json-c reads `1e999` as infinity).
    func allNumbersFinite() -> Bool {
        switch json_object_get_type(raw) {
        case json_type_double:
            return json_object_get_double(raw).isFinite
        case json_type_array:
            return (0..<count).allSatisfy { self[$0].allNumbersFinite() }
        case json_type_object:
            var finite = true
            forEachMember { _, node in finite = finite && node.allNumbersFinite() }
            return finite
        default:
            return true
        }
    }
}
