import JSON
import Testing

/// Serializes `value`, parses the text back strictly and expects the same value.
func expectRoundTrip(_ value: JSONValue, pretty: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) {
    let text = value.serialized(pretty: pretty)
    switch parseResult(text) {
    case .success(let parsed):
        #expect(parsed == value, "serialized as \(printable(text))", sourceLocation: sourceLocation)
    case .failure(let error):
        Issue.record("the serializer wrote \(printable(text)), which does not parse: \(error)", sourceLocation: sourceLocation)
    }
}

@Suite("Numbers keep their literal")
struct NumberLiteralTests {
    @Test(
        "parse then serialize gives back the number exactly as written",
        arguments: [
            "1.50", "1e3", "1E+3", "-1.5e-3", "-0.0", "0.10", "12345678901234567890", "18446744073709551615",
            "-9223372036854775808", "9223372036854775807", "42", "-7", "0",
        ])
    func literalSurvives(_ literal: String) throws {
        let value = try parseResult(Array(literal.utf8)).get()
        #expect(value.numberValue?.literal == literal)
        #expect(value.serializedString() == literal)
        // Inside containers too, where the server echoes ids and values.
        let nested = try parseResult(Array("{\"id\":[\(literal)]}".utf8)).get()
        #expect(nested.serializedString() == "{\"id\":[\(literal)]}")
    }

    @Test("integer accessors answer only for integers that fit")
    func integerAccessors() throws {
        let values = try parseResult(Array("[18446744073709551615,-1,1.0,1e2,9223372036854775808]".utf8)).get()
        let elements = try #require(values.arrayValue)
        let numbers = elements.compactMap(\.numberValue)
        #expect(numbers.map(\.int64) == [nil, -1, nil, nil, nil])
        #expect(numbers.map(\.uint64) == [UInt64.max, nil, nil, nil, 9_223_372_036_854_775_808])
        #expect(numbers.map(\.double) == [18446744073709551615.0, -1, 1, 100, 9223372036854775808.0])
    }

    @Test(
        "JSONNumber(Double) writes the shortest text that reads back as the same double",
        arguments: [
            (0.1, "0.1"), (2.5, "2.5"), (-2.5, "-2.5"), (3.0, "3"), (-1.0, "-1"), (1.0 / 3.0, "0.3333333333333333"),
            (123456.789, "123456.789"), (1e15, "1000000000000000"), (0.0, "0"),
        ])
    func doubleText(_ value: Double, _ text: String) throws {
        let number = JSONNumber(value)
        #expect(number.literal == text)
        let parsed = try parseResult(JSONValue.number(number).serialized()).get()
        #expect(parsed.numberValue?.double == value)
    }

    @Test(
        "JSONNumber(Double) of very large and very small doubles is valid JSON that reads back exactly",
        arguments: [1e16, 1.5e300, -1.7976931348623157e308, Double.leastNonzeroMagnitude, 1e-7, 0.000123, 9007199254740993.0])
    func extremeDoubles(_ value: Double) throws {
        let number = JSONNumber(value)
        let parsed = try parseResult(Array(number.literal.utf8)).get()
        #expect(parsed.numberValue?.double == value, "literal \(number.literal)")
        #expect(Double(number.literal) == value)
    }

    @Test("integer initializers write plain integers")
    func integerInitializers() {
        #expect(JSONNumber(Int.min).literal == "-9223372036854775808")
        #expect(JSONNumber(Int64.max).literal == "9223372036854775807")
        #expect(JSONNumber(UInt64.max).literal == "18446744073709551615")
        #expect(JSONValue.number(JSONNumber(UInt64.max)).serializedString() == "18446744073709551615")
        #expect(JSONValue.int(-3).serializedString() == "-3")
    }
}

@Suite("Serialization")
struct SerializationTests {
    static let strings: [String] = [
        "",
        "plain",
        "quote \" and backslash \\ and slash /",
        "\u{0}",
        "before\u{0}after",
        "controls \u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1B}\u{1F}",
        "DEL \u{7F}",
        "é 中文 😀 \u{10FFFF}",
        "line\u{2028}separators\u{2029}",
        "\\u0041 is not an escape here",
    ]

    @Test("strings survive serialize then parse", arguments: strings)
    func stringRoundTrip(_ string: String) {
        expectRoundTrip(.string(string))
        expectRoundTrip(["key": .string(string), "list": [.string(string)]])
        expectRoundTrip(["key": .string(string)], pretty: true)
    }

    @Test("the compact output has no raw control characters")
    func noRawControlCharacters() {
        let text = JSONValue.string("\u{0}\u{1}\t\n\r\u{1F}").serialized()
        #expect(!text.contains { $0 < 0x20 }, "\(printable(text))")
    }

    @Test("member names with quotes, escapes and non-ASCII survive serialize then parse")
    func memberNames() {
        expectRoundTrip(.object(JSONObject([("\"quoted\"", 1), ("back\\slash", 2), ("tab\tnew\nline", 3), ("é😀", 4), ("", 5)])))
    }

    /// json-c keeps member names as C strings, so a name with U+0000 cannot pass through it whole:
    /// input with one is refused, and a name built in code is written with U+FFFD, losing no member.
    @Test("member names with an embedded NUL are refused on input and never lose a member on output")
    func memberNameWithNUL() throws {
        let refused = parseResult(Array(#"{"a\u0000b":1}"#.utf8))
        #expect(throws: JSONParseError.self) { try refused.get() }
        if case .failure(let error) = refused { #expect(error.reason.contains("U+0000")) }
        let written = try parseResult(JSONValue.object(JSONObject([("a\u{0}b", 1), ("a\u{0}c", 2)])).serialized()).get()
        #expect(written.objectValue?.keys == ["a\u{FFFD}b", "a\u{FFFD}c"])
    }

    @Test("object members keep their order")
    func memberOrder() throws {
        let value: JSONValue = ["zeta": 1, "alpha": 2, "mid": ["z": true, "a": false], "beta": nil]
        #expect(value.serializedString() == #"{"zeta":1,"alpha":2,"mid":{"z":true,"a":false},"beta":null}"#)
        let parsed = try parseResult(value.serialized()).get()
        #expect(parsed.objectValue?.keys == ["zeta", "alpha", "mid", "beta"])
        #expect(parsed.serializedString(pretty: true) == value.serializedString(pretty: true))
    }

    @Test("pretty output is indented and parses back to the same value")
    func prettyOutput() throws {
        let value: JSONValue = [
            "name": "Trailhead", "count": 3, "empty": [], "none": [:], "flags": [true, false, nil],
            "nested": ["list": [1, ["deep": "é"]]],
        ]
        let pretty = value.serializedString(pretty: true)
        #expect(pretty.contains("\n  \"name\""))
        expectRoundTrip(value, pretty: true)
    }

    @Test("a slash is written as it is")
    func slashNotEscaped() {
        #expect(JSONValue.string("a/b</script>").serializedString() == #""a/b</script>""#)
        let object: JSONValue = ["path/to": "x/y"]
        #expect(object.serializedString() == #"{"path/to":"x/y"}"#)
    }

    @Test("scalars and empty containers are written as JSON spells them")
    func scalars() {
        #expect(JSONValue.null.serializedString() == "null")
        #expect(JSONValue.bool(true).serializedString() == "true")
        #expect(JSONValue.bool(false).serializedString() == "false")
        #expect(JSONValue.string("").serializedString() == #""""#)
        #expect(JSONValue.array([]).serializedString() == "[]")
        #expect(JSONValue.object([:]).serializedString() == "{}")
        #expect(JSONValue.array([nil, 1, "x"]).serializedString() == #"[null,1,"x"]"#)
    }

    @Test("a parsed document serializes back to the same value")
    func documentRoundTrip() throws {
        let text = #"{"a":[1,2.50,"x\u0000y",{"b":null}],"c":true,"d":"\/"}"#
        let value = try parseResult(Array(text.utf8)).get()
        expectRoundTrip(value)
        expectRoundTrip(value, pretty: true)
        #expect(value.serializedString() == #"{"a":[1,2.50,"x\u0000y",{"b":null}],"c":true,"d":"/"}"#)
    }
}
