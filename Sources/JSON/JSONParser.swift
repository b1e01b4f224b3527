internal import CJSONC

/// Strict JSON parsing through json-c.
///
/// Every input is first checked by ``JSONScanner`` (grammar, control characters, NaN, number
/// range, depth), then parsed by json-c with `JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8`.
public enum JSONParser {
    /// The deepest nesting accepted. json-c frees and serializes recursively, so this stays far
    /// below what would exhaust a thread's stack; protocol messages and tree documents need
    /// fewer than ten levels.
    public static let defaultMaxDepth = 128

    /// The largest input json-c can take in one call (its length parameter is a C `int`).
    public static let maxInputBytes = Int(Int32.max)

    /// Parses `bytes` into a json-c document.
    public static func parse(_ bytes: UnsafeRawBufferPointer, maxDepth: Int = defaultMaxDepth) throws(JSONParseError)
        -> JSONDocument
    {
        var scanner = JSONScanner(bytes: bytes, maxDepth: maxDepth)
        _ = try scanner.scan(recordOutline: false)
        return try parseChecked(bytes, range: 0..<bytes.count, maxDepth: maxDepth, checkFinite: scanner.sawExponent)
    }

    /// Parses `bytes` into a Swift value.
    public static func parseValue(_ bytes: UnsafeRawBufferPointer, maxDepth: Int = defaultMaxDepth)
        throws(JSONParseError) -> JSONValue
    {
        try parse(bytes, maxDepth: maxDepth).value()
    }

    /// Parses the UTF-8 bytes of `text` into a Swift value.
    public static func parseValue(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        var text = text
        do {
            return try text.withUTF8 { try parseValue(UnsafeRawBufferPointer($0), maxDepth: maxDepth) }
        } catch let error as JSONParseError {
            throw error
        } catch {
            fatalError("unreachable: parseValue throws only JSONParseError")
        }
    }

    /// Checks all of `bytes` and returns the outline of its first two levels, so that large
    /// top-level arrays can be parsed element by element with ``parseOutlined(_:range:maxDepth:)``.
    public static func outline(_ bytes: UnsafeRawBufferPointer, maxDepth: Int = defaultMaxDepth) throws(JSONParseError)
        -> OutlinedInput
    {
        var scanner = JSONScanner(bytes: bytes, maxDepth: maxDepth)
        let outline = try scanner.scan(recordOutline: true)
        return OutlinedInput(outline: outline, maxDepth: maxDepth, checkFinite: scanner.sawExponent)
    }

    /// An input that ``outline(_:maxDepth:)`` accepted, with what its ranges need to be parsed.
    public struct OutlinedInput: Sendable {
        public let outline: JSONOutline
        let maxDepth: Int
        let checkFinite: Bool

        /// Parses one range of the outlined input (a member value or an array element).
        ///
        /// The scanner already checked these bytes; json-c builds the value and checks UTF-8.
        public func parse(_ bytes: UnsafeRawBufferPointer, range: Range<Int>) throws(JSONParseError) -> JSONDocument {
            try JSONParser.parseChecked(bytes, range: range, maxDepth: maxDepth, checkFinite: checkFinite)
        }

        /// A parser for many ranges in a row, which reuses one json-c tokener.
        ///
        /// - Important: use it on one thread only.
        public func makeRangeParser() -> RangeParser { RangeParser(input: self) }

        /// Decodes the key of a top-level member.
        public func key(of member: JSONOutline.Member, in bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> String {
            try parse(bytes, range: member.keyRange).rootNode.stringValue ?? ""
        }
    }

    /// Parses ranges of an outlined input with one json-c tokener, reset between ranges.
    public final class RangeParser {
        private let input: OutlinedInput
        private let tokener: UnsafeMutablePointer<json_tokener>

        init(input: OutlinedInput) {
            self.input = input
            self.tokener = JSONParser.makeTokener(maxDepth: input.maxDepth)
        }

        deinit { json_tokener_free(tokener) }

        public func parse(_ bytes: UnsafeRawBufferPointer, range: Range<Int>) throws(JSONParseError) -> JSONDocument {
            json_tokener_reset(tokener)
            return try JSONParser.parseChecked(
                bytes, range: range, maxDepth: input.maxDepth, checkFinite: input.checkFinite, tokener: tokener)
        }
    }

    static func makeTokener(maxDepth: Int) -> UnsafeMutablePointer<json_tokener> {
        // json-c counts depth from 1 for the outermost container; depth 0 would crash 0.16.
        guard let tokener = json_tokener_new_ex(Int32(max(1, maxDepth + 1))) else {
            fatalError("json_tokener_new_ex failed: out of memory")
        }
        json_tokener_set_flags(tokener, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8)
        return tokener
    }

    static func parseChecked(
        _ bytes: UnsafeRawBufferPointer, range: Range<Int>, maxDepth: Int, checkFinite: Bool,
        tokener reused: UnsafeMutablePointer<json_tokener>? = nil
    ) throws(JSONParseError) -> JSONDocument {
        guard range.count <= maxInputBytes else {
            throw JSONParseError(
                reason: "input of \(range.count) bytes is larger than json-c accepts", offset: range.lowerBound, in: bytes)
        }
        let tokener = reused ?? makeTokener(maxDepth: maxDepth)
        defer { if reused == nil { json_tokener_free(tokener) } }
        let start = bytes.baseAddress!.advanced(by: range.lowerBound).assumingMemoryBound(to: CChar.self)
        var object = json_tokener_parse_ex(tokener, start, Int32(range.count))
        var status = json_tokener_get_error(tokener)
        if status == json_tokener_continue && object == nil {
            // A number at the very end could still grow; a space after it ends it.
            object = json_tokener_parse_ex(tokener, " ", 1)
            status = json_tokener_get_error(tokener)
        }
        guard status == json_tokener_success else {
            json_object_put(object)
            let offset = range.lowerBound + json_tokener_get_parse_end(tokener)
            let reason = String(cString: json_tokener_error_desc(status))
            throw JSONParseError(reason: reason, offset: offset, in: bytes)
        }
        let document = JSONDocument(taking: object)
        if checkFinite && !document.rootNode.allNumbersFinite() {
            throw JSONParseError(
                reason: "a number is too large to represent (it would be infinite)", offset: range.lowerBound, in: bytes)
        }
        return document
    }
}
