import JSON
import Testing

/// Parses `bytes` with the strict parser and hands back the value or the error.
func parseResult(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) -> Result<JSONValue, JSONParseError> {
    bytes.withUnsafeBytes { buffer in
        Result { () throws(JSONParseError) in try JSONParser.parseValue(buffer, maxDepth: maxDepth) }
    }
}

/// Expects `bytes` to be refused with a reason containing `reason` (in any case), and returns the error.
@discardableResult
func expectRejected(
    _ bytes: [UInt8], reason: String, maxDepth: Int = JSONParser.defaultMaxDepth,
    sourceLocation: SourceLocation = #_sourceLocation
) -> JSONParseError? {
    switch parseResult(bytes, maxDepth: maxDepth) {
    case .success(let value):
        Issue.record("accepted \(printable(bytes)) as \(value)", sourceLocation: sourceLocation)
        return nil
    case .failure(let error):
        // Case is ignored: json-c says "utf-8" where the scanner says "UTF-8".
        #expect(
            error.reason.lowercased().contains(reason.lowercased()), "reason of \(printable(bytes)): \(error.reason)",
            sourceLocation: sourceLocation)
        return error
    }
}

/// Shows bytes in a failure message, control and non-UTF-8 bytes escaped.
func printable(_ bytes: [UInt8]) -> String {
    let shown = bytes.prefix(80).map { byte -> String in
        (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
    }
    return "'" + shown.joined() + (bytes.count > 80 ? "…" : "") + "'"
}

/// An input the parser must accept, and the value it must give.
struct Accepted: Sendable, CustomTestStringConvertible {
    let input: [UInt8]
    let expected: JSONValue

    init(_ text: String, _ expected: JSONValue) {
        self.input = Array(text.utf8)
        self.expected = expected
    }

    var testDescription: String { printable(input) }
}

/// An input the parser must refuse, and words its reason must contain.
struct Rejected: Sendable, CustomTestStringConvertible {
    let input: [UInt8]
    let reason: String

    init(_ text: String, _ reason: String) {
        self.input = Array(text.utf8)
        self.reason = reason
    }

    init(bytes: [UInt8], _ reason: String) {
        self.input = bytes
        self.reason = reason
    }

    var testDescription: String { printable(input) }
}

@Suite("Strict JSON parsing")
struct StrictParsingTests {
    static let accepted: [Accepted] = [
        Accepted(" \t\r\n{ \"a\" : [ 1 , 2 ] }\r\n\t ", ["a": [1, 2]]),
        Accepted("[]", []),
        Accepted("{}", [:]),
        Accepted("[ ]", []),
        Accepted("{\n}", [:]),
        Accepted("[[],{},[[]],{\"a\":{}}]", [[], [:], [[]], ["a": [:]]]),
        Accepted(#"{"a":{"b":[{"c":[true,false,null]}]}}"#, ["a": ["b": [["c": [true, false, nil]]]]]),
        Accepted("true", true),
        Accepted("false", false),
        Accepted("null", nil),
        Accepted(#""""#, ""),
        // Every escape JSON has, including NUL and a surrogate pair.
        Accepted(#""\"\\\/\b\f\n\r\t\u0000\u00e9\u4E2D\ud83d\ude00""#, "\"\\/\u{8}\u{C}\n\r\t\u{0}é中😀"),
        // Raw UTF-8 of two, three and four bytes, and DEL, which JSON allows unescaped.
        Accepted("\"é中😀\u{7F}\"", "é中😀\u{7F}"),
        Accepted("18446744073709551615", .number(JSONNumber(UInt64.max))),
        Accepted("-9223372036854775808", .number(JSONNumber(Int64.min))),
        Accepted("9223372036854775807", .number(JSONNumber(Int64.max))),
        Accepted("[0,-1,42]", [0, -1, 42]),
        // Member order is the document's, and a key may be empty.
        Accepted(#"{"z":1,"a":2,"":3}"#, .object(JSONObject([("z", 1), ("a", 2), ("", 3)]))),
    ]

    @Test("accepts valid JSON and gives its value", arguments: accepted)
    func accepts(_ example: Accepted) throws {
        let value = try parseResult(example.input).get()
        #expect(value == example.expected)
    }

    /// Numbers whose literal is not an integer cannot be built with public API, so they are
    /// checked by value and by the text they keep.
    @Test(
        "accepts exponents, fractions and negative zero",
        arguments: [
            ("1e3", 1000.0), ("1E+3", 1000.0), ("-1.5e-3", -0.0015), ("2.5E2", 250.0), ("0.5", 0.5),
            ("-0.0", -0.0), ("123456789012345678901234567890.5", 123456789012345678901234567890.5), ("1e308", 1e308),
        ])
    func acceptsNonIntegers(_ text: String, _ expected: Double) throws {
        let number = try #require(try parseResult(Array(text.utf8)).get().numberValue)
        #expect(number.double == expected)
        #expect(number.literal == text)
        #expect(number.int64 == nil)
    }

    @Test("accepts -0 as the number zero")
    func acceptsNegativeZero() throws {
        let number = try #require(try parseResult(Array("-0".utf8)).get().numberValue)
        #expect(number.double == 0)
        #expect(number.int64 == 0)
    }

    static let rejected: [Rejected] = [
        Rejected("\"a\tb\"", "raw control character U+0009 inside a string"),
        Rejected("\"a\nb\"", "raw control character U+000A inside a string"),
        Rejected("\"a\u{1}b\"", "raw control character U+0001 inside a string"),
        Rejected("{\"a\u{1F}\":1}", "raw control character U+001F"),
        Rejected("NaN", "NaN and Infinity are not JSON numbers"),
        Rejected("[Infinity]", "NaN and Infinity are not JSON numbers"),
        Rejected("-Infinity", "NaN and Infinity are not JSON numbers"),
        Rejected("1.", "a number needs digits after '.'"),
        Rejected("1.e5", "a number needs digits after '.'"),
        Rejected(".5", "unexpected character '.'"),
        Rejected("01", "leading zeros"),
        Rejected("-01", "leading zeros"),
        Rejected("1e", "a number needs digits in its exponent"),
        Rejected("1e+", "a number needs digits in its exponent"),
        Rejected("+1", "unexpected character '+'"),
        Rejected("-", "a number needs digits after '-'"),
        Rejected("[1,]", "unexpected character ']': expected a value"),
        Rejected("{\"a\":1,}", "unexpected character '}': expected a member name"),
        Rejected("[,1]", "unexpected character ','"),
        Rejected("// comment\n1", "unexpected character '/'"),
        Rejected("/* comment */ 1", "unexpected character '/'"),
        Rejected("[1 /* comment */]", "unexpected character '/'"),
        Rejected("{\"a\":1 // comment\n}", "unexpected character '/'"),
        Rejected("'a'", "unexpected character '''"),
        Rejected("{'a':1}", "expected a member name in double quotes"),
        Rejected("{} x", "unexpected 'x' after the end of the JSON value"),
        Rejected("{}{}", "unexpected '{' after the end of the JSON value"),
        Rejected("1 2", "unexpected '2' after the end of the JSON value"),
        Rejected("[1] ]", "after the end of the JSON value"),
        Rejected("", "empty input"),
        Rejected(" \t\r\n ", "empty input"),
        Rejected(bytes: [0x22, 0xFF, 0x22], "utf-8"),
        Rejected(bytes: [0x22, 0x80, 0x22], "utf-8"),
        Rejected(bytes: [0x22, 0xE4, 0xB8, 0x22], "utf-8"),
        Rejected(bytes: Array(#"{"a":"ok","b":""#.utf8) + [0xFE] + Array(#""}"#.utf8), "utf-8"),
        Rejected("18446744073709551616", "does not fit in 64 bits"),
        Rejected("-9223372036854775809", "does not fit in 64 bits"),
        Rejected("123456789012345678901234567890", "does not fit in 64 bits"),
        Rejected("[99999999999999999999]", "does not fit in 64 bits"),
        Rejected("1e999", "too large"),
        Rejected("[1, {\"a\": -1e400}]", "too large"),
        Rejected("\"abc", "unterminated string"),
        Rejected("[\"abc\\\"]", "unterminated string"),
        Rejected("\"\\x41\"", "invalid escape \\'x'"),
        Rejected("\"\\U0041\"", "invalid escape"),
        Rejected("\"\\u12\"", "\\u must be followed by four hexadecimal digits"),
        Rejected("\"\\u12G4\"", "\\u must be followed by four hexadecimal digits"),
        Rejected("{1:2}", "expected a member name in double quotes"),
        Rejected("{null:2}", "expected a member name in double quotes"),
        Rejected("{\"a\" 1}", "expected ':' after a member name"),
        Rejected("{\"a\"}", "expected ':' after a member name"),
        Rejected("tru", "expected a value"),
        Rejected("True", "expected a value"),
        Rejected("nul", "expected a value"),
        Rejected("[true false]", "expected ',' or ']'"),
        Rejected("{\"a\":1 \"b\":2}", "expected ',' or '}'"),
        Rejected("[1}", "expected ',' or ']'"),
        Rejected("\u{FEFF}{}", "unexpected character"),
    ]

    @Test("rejects what strict JSON forbids, saying why", arguments: rejected)
    func rejects(_ example: Rejected) {
        expectRejected(example.input, reason: example.reason)
    }

    /// json-c 0.16's UTF-8 check only counts continuation bytes, so these pass it; the parser
    /// promises UTF-8 validation, and Swift would otherwise turn them into U+FFFD silently.
    @Test(
        "rejects overlong encodings, encoded surrogates and code points above U+10FFFF",
        arguments: [
            [0x22, 0xC0, 0xAF, 0x22],  // '/' in two bytes
            [0x22, 0xE0, 0x80, 0xAF, 0x22],  // '/' in three bytes
            [0x22, 0xC1, 0xBF, 0x22],  // DEL in two bytes
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // U+D800, a surrogate
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // U+110000
        ] as [[UInt8]])
    func rejectsInvalidUTF8Sequences(_ bytes: [UInt8]) {
        if case .success(let value) = parseResult(bytes) {
            Issue.record(
                "accepted \(printable(bytes)) and read it as \(value.stringValue.map { Array($0.unicodeScalars) } ?? [])")
        }
    }

    /// A number that overflows a double is refused whether or not it is written with an exponent.
    @Test("rejects a decimal too large for a double, written without an exponent")
    func rejectsHugeDecimalWithoutExponent() {
        let huge = "1" + String(repeating: "0", count: 400) + ".5"
        expectRejected(Array(huge.utf8), reason: "too large")
    }

    static let validDocument = Array(
        #"{"name":"Trailhead é😀","list":[1,-2.5e3,true,false,null,"x\u00e9\n",[],{}],"nested":{"k":{"deep":[0]}},"n":-0}"#
            .utf8)

    @Test("every proper prefix of a valid document is rejected")
    func truncatedInput() throws {
        _ = try parseResult(Self.validDocument).get()
        for cut in 0..<Self.validDocument.count {
            let prefix = Array(Self.validDocument[..<cut])
            if case .success = parseResult(prefix) {
                Issue.record("accepted the first \(cut) bytes: \(printable(prefix))")
            }
        }
    }

    @Test("a truncated multi-line document reports where the input ended")
    func truncatedLocation() throws {
        let error = try #require(expectRejected(Array("{\n  \"a\": [1,\n".utf8), reason: "unexpected end of input"))
        #expect(error.offset == 13)
        #expect((error.line, error.column) == (3, 1))
    }

    /// Lines are counted from 1 at each `\n`; columns are 1-based bytes within the line.
    @Test(
        "reports the line and column of the problem",
        arguments: [
            ("{\n  \"a\": [1, 2],\n  \"b\": \"x\ty\"\n}", "U+0009", 3, 10),
            ("[\n  1,\n  01\n]", "leading zeros", 3, 3),
            ("{\n  \"a\": 1,\n}", "expected a member name", 3, 1),
            ("[\n  true,\n  NaN\n]", "NaN", 3, 3),
            ("{\n  \"a\": 1\n}\n// done", "after the end", 4, 1),
            ("{\r\n  \"é\": tru\r\n}", "expected a value", 2, 9),
        ])
    func reportsLocation(_ text: String, _ reason: String, _ line: Int, _ column: Int) throws {
        let error = try #require(expectRejected(Array(text.utf8), reason: reason))
        #expect((error.line, error.column) == (line, column), "\(error)")
        #expect(error.description.hasPrefix("line \(line), column \(column): "))
    }

    @Test("an invalid UTF-8 byte is located on its line")
    func invalidUTF8Location() throws {
        let bytes = Array("[\n  \"ok\",\n  \"".utf8) + [0xFF] + Array("\"\n]".utf8)
        let error = try #require(expectRejected(bytes, reason: "utf-8"))
        #expect(error.line == 3)
    }
}

@Suite("Nesting depth")
struct NestingDepthTests {
    static func nestedArrays(_ depth: Int, innermost: String = "") -> [UInt8] {
        Array((String(repeating: "[", count: depth) + innermost + String(repeating: "]", count: depth)).utf8)
    }

    static func nestedObjects(_ depth: Int) -> [UInt8] {
        Array((String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)).utf8)
    }

    @Test("nesting exactly at the limit parses")
    func atLimit() throws {
        let limit = JSONParser.defaultMaxDepth
        var value = try parseResult(Self.nestedArrays(limit, innermost: "\"leaf\"")).get()
        for _ in 0..<limit { value = try #require(value.arrayValue?.first) }
        #expect(value == "leaf")
        _ = try parseResult(Self.nestedArrays(limit)).get()
        _ = try parseResult(Self.nestedObjects(limit)).get()
    }

    @Test("one level deeper than the limit is refused, naming the limit")
    func beyondLimit() throws {
        let limit = JSONParser.defaultMaxDepth
        expectRejected(Self.nestedArrays(limit + 1), reason: "nesting deeper than \(limit) levels")
        expectRejected(Self.nestedObjects(limit + 1), reason: "nesting deeper than \(limit) levels")
    }

    @Test("a custom limit applies")
    func customLimit() throws {
        _ = try parseResult(Array("[[1]]".utf8), maxDepth: 2).get()
        expectRejected(Array("[[1]]".utf8), reason: "nesting deeper than 1 levels", maxDepth: 1)
    }

    @Test("a million opening brackets fail cleanly")
    func millionBrackets() throws {
        let error = try #require(
            expectRejected([UInt8](repeating: UInt8(ascii: "["), count: 1_000_000), reason: "nesting deeper"))
        // The scanner stops at the first bracket beyond the limit.
        #expect(error.offset == JSONParser.defaultMaxDepth)
    }
}
