import JSON
import Testing

/// Parses `text` into a json-c document, read in place through ``JSONNode``.
func jsonDocument(_ text: String) throws -> JSONDocument {
    var text = text
    return try text.withUTF8 { try JSONParser.parse(UnsafeRawBufferPointer($0)) }
}

/// Everything ``JSONReadable`` answers about `node` and all below it, as one line per value.
///
/// Every accessor is asked of every value, so "0 for other kinds" and "nil for other kinds" are
/// compared too, and members are read both by iteration and by name.
func readings<Node: JSONReadable>(_ node: Node, at path: String = "") -> [String] {
    var lines = [
        "\(path) kind=\(node.kind) null=\(node.isNull) string=\(node.stringValue.map { String(reflecting: $0) } ?? "-")"
            + " bool=\(node.boolValue.map(String.init) ?? "-") int64=\(node.int64Value.map(String.init) ?? "-")"
            + " count=\(node.count) members=\(node.memberCount) missing=\(node["no such member"] == nil)"
    ]
    for index in 0..<node.count {
        lines += readings(node[index], at: "\(path)/\(index)")
    }
    node.forEachMember { key, value in
        let byName = node[key].map { readings($0, at: "") } ?? ["not found by name"]
        let byIteration = readings(value, at: "")
        lines.append("\(path)/\(key) same by name: \(byName == byIteration)")
        lines += readings(value, at: "\(path)/\(key)")
    }
    return lines
}

/// A document, and the same data built in Swift when public API can build it.
struct ReadableExample: Sendable, CustomTestStringConvertible {
    let text: String
    let built: JSONValue?
    var testDescription: String { text }
}

@Suite("JSONNode and JSONValue read the same")
struct ReadableAgreementTests {
    static let examples: [ReadableExample] = [
        ReadableExample(
            text:
                #"{"navinspect":1,"root":"app","coordinators":[{"id":"app","class":"App","children":["a"],"trigger":{"method":"start","onLaunch":true}},{"id":"a","class":"A","children":[],"trigger":null}]}"#,
            built: [
                "navinspect": 1, "root": "app",
                "coordinators": [
                    ["id": "app", "class": "App", "children": ["a"], "trigger": ["method": "start", "onLaunch": true]],
                    ["id": "a", "class": "A", "children": [], "trigger": nil],
                ],
            ]),
        ReadableExample(
            text: #"{"s":"a\u0000b","empty":"","nested":{"deep":[{"x":-9223372036854775808}]},"t":false}"#,
            built: ["s": "a\u{0}b", "empty": "", "nested": ["deep": [["x": .number(JSONNumber(Int64.min))]]], "t": false]),
        ReadableExample(
            text: "[1,-1,1.0,1e2,18446744073709551615,9223372036854775807,\"7\",true,false,null,[],{}]", built: nil),
        ReadableExample(text: #""text""#, built: "text"),
        ReadableExample(text: "42", built: 42),
        ReadableExample(text: "null", built: JSONValue.null),
        ReadableExample(text: "true", built: true),
    ]

    @Test("reading in place and reading the Swift value give the same answers", arguments: examples)
    func agree(_ example: ReadableExample) throws {
        let document = try jsonDocument(example.text)
        let inPlace = readings(document.rootNode)
        #expect(inPlace == readings(document.value()))
        if let built = example.built {
            #expect(inPlace == readings(built))
            #expect(document.value() == built)
        }
    }

    @Test("the answers are the expected ones")
    func spotChecks() throws {
        let document = try jsonDocument(
            #"{"id":"app","n":7,"big":18446744073709551615,"f":1.5,"on":true,"list":[1,"x"],"nul":null}"#)
        let node = document.rootNode
        let value = document.value()
        #expect(node.memberCount == 7 && value.memberCount == 7)
        #expect(node["id"]?.stringValue == "app" && value["id"]?.stringValue == "app")
        #expect(node["n"]?.int64Value == 7 && value["n"]?.int64Value == 7)
        // Above Int64.max there is no Int64 answer, through either.
        #expect(node["big"]?.int64Value == nil && value["big"]?.int64Value == nil)
        #expect(node["f"]?.int64Value == nil && value["f"]?.int64Value == nil)
        #expect(node["on"]?.boolValue == true && value["on"]?.boolValue == true)
        #expect(node["list"]?.count == 2 && value["list"]?.count == 2)
        #expect(node["list"]?[1].stringValue == "x" && value["list"]?[1].stringValue == "x")
        #expect(node["nul"]?.isNull == true && value["nul"]?.isNull == true)
        #expect(node["absent"] == nil && value["absent"] == nil)
        #expect(node["id"]?["id"] == nil && value["id"]?["id"] == nil)
        #expect(node["big"]?.numberValue?.literal == "18446744073709551615")
        #expect(node["f"]?.numberValue?.literal == "1.5")
        var keys: [String] = []
        node.forEachMember { key, _ in keys.append(key) }
        #expect(keys == ["id", "n", "big", "f", "on", "list", "nul"])
    }
}

/// A top-level member as the outline should see it, as the text of its ranges.
struct OutlineMember: Sendable {
    let key: String
    let value: String
    let elements: [String]?
}

@Suite("Outline")
struct OutlineTests {
    /// The text of `range` in `bytes`.
    static func slice(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// Outlines `text` and compares every member range with the expected text.
    static func expectOutline(
        _ text: String, isObject: Bool, members expected: [OutlineMember], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let bytes = Array(text.utf8)
        let input = try bytes.withUnsafeBytes { try JSONParser.outline($0) }
        let outline = input.outline
        #expect(outline.isObject == isObject, sourceLocation: sourceLocation)
        #expect(outline.members.count == expected.count, sourceLocation: sourceLocation)
        for (member, expected) in zip(outline.members, expected) {
            #expect(slice(bytes, member.keyRange) == expected.key, sourceLocation: sourceLocation)
            #expect(slice(bytes, member.valueRange) == expected.value, sourceLocation: sourceLocation)
            #expect(
                member.elements?.map { slice(bytes, $0) } == expected.elements, "member \(expected.key)",
                sourceLocation: sourceLocation)
        }
    }

    static let document =
        " \n"
        + #"{ "name" : "x", "list": [1, [2, 3], {"k": [4]}, "s,]" , [], {}], "obj": {"list": [5]}, "empty": [], "k\u00e9y":null,"#
        + "\n  \"last\"\t:\t[ true ]\n}\n "

    @Test("members, their values and the elements of array members are located exactly")
    func members() throws {
        try Self.expectOutline(
            Self.document, isObject: true,
            members: [
                OutlineMember(key: #""name""#, value: #""x""#, elements: nil),
                OutlineMember(
                    key: #""list""#, value: #"[1, [2, 3], {"k": [4]}, "s,]" , [], {}]"#,
                    elements: ["1", "[2, 3]", #"{"k": [4]}"#, #""s,]""#, "[]", "{}"]),
                OutlineMember(key: #""obj""#, value: #"{"list": [5]}"#, elements: nil),
                OutlineMember(key: #""empty""#, value: "[]", elements: []),
                OutlineMember(key: #""k\u00e9y""#, value: "null", elements: nil),
                OutlineMember(key: #""last""#, value: "[ true ]", elements: ["true"]),
            ])
    }

    @Test("keys decode and ranges parse on their own")
    func keysAndRanges() throws {
        let bytes = Array(Self.document.utf8)
        try bytes.withUnsafeBytes { buffer in
            let input = try JSONParser.outline(buffer)
            let keys = try input.outline.members.map { try input.key(of: $0, in: buffer) }
            #expect(keys == ["name", "list", "obj", "empty", "kéy", "last"])

            let list = try #require(input.outline.members[1].elements)
            let parser = input.makeRangeParser()
            let parsed = try list.map { try parser.parse(buffer, range: $0).value() }
            #expect(parsed == [1, [2, 3], ["k": [4]], "s,]", [], [:]])
            #expect(try input.parse(buffer, range: input.outline.members[2].valueRange).value() == ["list": [5]])
        }
    }

    @Test("other top-level kinds have no members")
    func otherKinds() throws {
        try Self.expectOutline(#"[{"a":[1]}, 2]"#, isObject: false, members: [])
        try Self.expectOutline(" 5 ", isObject: false, members: [])
        try Self.expectOutline(#""s""#, isObject: false, members: [])
        try Self.expectOutline("{}", isObject: true, members: [])
    }

    /// `JSONOutline.valueRange` is documented as "the byte range of the top-level value".
    @Test(
        "the top-level value range covers the value and no whitespace around it",
        arguments: [
            (Self.document, Self.document.trimmingWhitespace), (" 5 ", "5"), ("\n[1, 2]\r\n", "[1, 2]"), (#""s"  "#, #""s""#),
            ("{}", "{}"), ("\t{ }\t", "{ }"),
        ])
    func topLevelRange(_ text: String, _ value: String) throws {
        let bytes = Array(text.utf8)
        let outline = try bytes.withUnsafeBytes { try JSONParser.outline($0) }.outline
        #expect(Self.slice(bytes, outline.valueRange) == value)
    }

    @Test(
        "outlining checks the whole input like parsing does",
        arguments: [#"{"a":[1,]}"#, #"{"a":1} x"#, #"{"a":[01]}"#, #"{"a":"#])
    func outlineRejects(_ text: String) {
        let bytes = Array(text.utf8)
        let outlined = bytes.withUnsafeBytes { buffer in Result { () throws(JSONParseError) in try JSONParser.outline(buffer) } }
        guard case .failure(let outlineError) = outlined else {
            Issue.record("outline accepted \(text)")
            return
        }
        guard case .failure(let parseError) = parseResult(bytes) else {
            Issue.record("parse accepted \(text)")
            return
        }
        #expect(outlineError == parseError)
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
