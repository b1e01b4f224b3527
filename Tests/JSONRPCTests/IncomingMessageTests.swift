import JSON
import JSONRPC
import Testing

/// How a message must be read; ids, params and results are given as the JSON text they echo as.
enum ExpectedMessage: Sendable, CustomStringConvertible {
    case request(id: String, method: String, params: String?)
    case notification(method: String, params: String?)
    case response(id: String, result: String)
    case errorResponse(id: String, code: Int, message: String)
    case invalid(id: String, reason: String)

    var description: String {
        switch self {
        case .request(let id, let method, let params): "request id=\(id) \(method) \(params ?? "-")"
        case .notification(let method, let params): "notification \(method) \(params ?? "-")"
        case .response(let id, let result): "response id=\(id) result=\(result)"
        case .errorResponse(let id, let code, let message): "error response id=\(id) \(code) \(message)"
        case .invalid(let id, let reason): "invalid id=\(id) reason~\(reason)"
        }
    }
}

/// Describes a decoded message in the same words as ``ExpectedMessage``, for comparison.
func describe(_ message: IncomingMessage) -> String {
    switch message {
    case .request(let id, let method, let params):
        "request id=\(id.value.serializedString()) \(method) \(params?.serializedString() ?? "-")"
    case .notification(let method, let params):
        "notification \(method) \(params?.serializedString() ?? "-")"
    case .response(let id, .success(let result)):
        "response id=\(id.value.serializedString()) result=\(result.serializedString())"
    case .response(let id, .failure(let error)):
        "error response id=\(id.value.serializedString()) \(error.code) \(error.message)"
    case .invalid(let id, let error):
        "invalid id=\(id.value.serializedString()) code=\(error.code) \(error.message)"
    }
}

/// Parses `text`, decodes it as one message and compares with `expected`.
func expectMessage(_ text: String, _ expected: ExpectedMessage, sourceLocation: SourceLocation = #_sourceLocation) {
    let value: JSONValue
    do {
        value = try JSONParser.parseValue(text)
    } catch {
        Issue.record("\(text) does not parse: \(error)", sourceLocation: sourceLocation)
        return
    }
    let message = IncomingMessage(value)
    switch (expected, message) {
    case (.invalid(let id, let reason), .invalid(let actualID, let error)):
        #expect(actualID.value.serializedString() == id, sourceLocation: sourceLocation)
        #expect(error.code == ResponseError.invalidRequestCode, sourceLocation: sourceLocation)
        #expect(error.message.contains(reason), "\(error.message)", sourceLocation: sourceLocation)
    default:
        #expect(describe(message) == expected.description, sourceLocation: sourceLocation)
    }
}

/// A message text and how it must be read.
struct MessageCase: Sendable, CustomTestStringConvertible {
    let text: String
    let expected: ExpectedMessage

    init(_ text: String, _ expected: ExpectedMessage) {
        self.text = text
        self.expected = expected
    }

    var testDescription: String { text }
}

@Suite("Incoming messages")
struct IncomingMessageTests {
    /// The single-message examples of https://www.jsonrpc.org/specification#examples.
    static let specificationExamples: [MessageCase] = [
        MessageCase(
            #"{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}"#,
            .request(id: "1", method: "subtract", params: "[42,23]")),
        MessageCase(
            #"{"jsonrpc": "2.0", "method": "subtract", "params": [23, 42], "id": 2}"#,
            .request(id: "2", method: "subtract", params: "[23,42]")),
        MessageCase(
            #"{"jsonrpc": "2.0", "method": "subtract", "params": {"subtrahend": 23, "minuend": 42}, "id": 3}"#,
            .request(id: "3", method: "subtract", params: #"{"subtrahend":23,"minuend":42}"#)),
        MessageCase(
            #"{"jsonrpc": "2.0", "method": "subtract", "params": {"minuend": 42, "subtrahend": 23}, "id": 4}"#,
            .request(id: "4", method: "subtract", params: #"{"minuend":42,"subtrahend":23}"#)),
        MessageCase(
            #"{"jsonrpc": "2.0", "method": "update", "params": [1,2,3,4,5]}"#,
            .notification(method: "update", params: "[1,2,3,4,5]")),
        MessageCase(#"{"jsonrpc": "2.0", "method": "foobar"}"#, .notification(method: "foobar", params: nil)),
        MessageCase(#"{"jsonrpc": "2.0", "method": "foobar", "id": "1"}"#, .request(id: #""1""#, method: "foobar", params: nil)),
        MessageCase(
            #"{"jsonrpc": "2.0", "method": 1, "params": "bar"}"#, .invalid(id: "null", reason: "'method' must be a string")),
        // An element of the batch [1]: not an object, answered with id null.
        MessageCase("1", .invalid(id: "null", reason: "a message is a JSON object")),
        MessageCase("[]", .invalid(id: "null", reason: "a message is a JSON object")),
        MessageCase(#"{"jsonrpc": "2.0", "result": 19, "id": 1}"#, .response(id: "1", result: "19")),
        MessageCase(#"{"jsonrpc": "2.0", "result": -19, "id": 2}"#, .response(id: "2", result: "-19")),
        MessageCase(
            #"{"jsonrpc": "2.0", "error": {"code": -32601, "message": "Method not found"}, "id": "1"}"#,
            .errorResponse(id: #""1""#, code: -32601, message: "Method not found")),
        MessageCase(
            #"{"jsonrpc": "2.0", "error": {"code": -32700, "message": "Parse error"}, "id": null}"#,
            .errorResponse(id: "null", code: -32700, message: "Parse error")),
        MessageCase(
            #"{"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}"#,
            .errorResponse(id: "null", code: -32600, message: "Invalid Request")),
    ]

    @Test("the specification's examples are read as it says", arguments: specificationExamples)
    func specificationExample(_ example: MessageCase) {
        expectMessage(example.text, example.expected)
    }

    @Test("the specification's invalid JSON is refused before it becomes a message")
    func invalidJSON() {
        #expect(throws: JSONParseError.self) {
            try JSONParser.parseValue(#"{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]"#)
        }
        #expect(throws: JSONParseError.self) {
            try JSONParser.parseValue(
                #"[{"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},{"jsonrpc": "2.0", "method""#)
        }
    }

    @Test(
        "ids of every allowed kind are kept exactly as written",
        arguments: [
            #""abc""#, #""""#, #""\u00e9 \"q\"""#, "0", "7", "-7", "1.5", "1.50", "1e3", "-2.5E-3", "-0.0", "null",
            "18446744073709551615", "-9223372036854775808", "9223372036854775807",
        ])
    func idKinds(_ id: String) throws {
        let text = #"{"jsonrpc":"2.0","id":\#(id),"method":"m"}"#
        guard case .request(let requestID, _, _) = IncomingMessage(try JSONParser.parseValue(text)) else {
            Issue.record("\(text) is not read as a request")
            return
        }
        #expect(requestID.value == (try JSONParser.parseValue(id)))
        #expect(requestID.description == (try JSONParser.parseValue(id)).serializedString())
        // The id goes back to the client as it came.
        let answer = OutgoingMessage.response(id: requestID, result: .success(nil)).serializedString()
        let expectedID = id == #""\u00e9 \"q\"""# ? #""é \"q\"""# : id
        #expect(answer == #"{"jsonrpc":"2.0","id":\#(expectedID),"result":null}"#)
    }

    @Test("a response keeps its id exactly too", arguments: ["1.50", #""x""#, "18446744073709551615"])
    func responseIDs(_ id: String) {
        expectMessage(#"{"jsonrpc":"2.0","id":\#(id),"result":{"ok":true}}"#, .response(id: id, result: #"{"ok":true}"#))
    }

    @Test(
        "ids that are objects, arrays or booleans make the message invalid, answered with id null",
        arguments: ["{}", #"{"a":1}"#, "[]", "[1]", "true", "false"])
    func invalidIDKinds(_ id: String) {
        expectMessage(
            #"{"jsonrpc":"2.0","id":\#(id),"method":"m"}"#,
            .invalid(id: "null", reason: "'id' must be a string, a number or null"))
        expectMessage(
            #"{"jsonrpc":"2.0","id":\#(id),"result":1}"#, .invalid(id: "null", reason: "'id' must be a string, a number or null"))
    }

    @Test(
        "a wrong or missing version makes the message invalid, keeping the id",
        arguments: [#""jsonrpc":"1.0","#, #""jsonrpc":2.0,"#, #""jsonrpc":"2","#, #""jsonrpc":null,"#, ""])
    func wrongVersion(_ member: String) {
        expectMessage(#"{\#(member)"id":7,"method":"m"}"#, .invalid(id: "7", reason: #"'jsonrpc' must be "2.0""#))
        expectMessage(#"{\#(member)"method":"m"}"#, .invalid(id: "null", reason: #"'jsonrpc' must be "2.0""#))
    }

    @Test("params that are not structured make the message invalid, keeping the id", arguments: [#""bar""#, "1", "true"])
    func unstructuredParams(_ params: String) {
        expectMessage(
            #"{"jsonrpc":"2.0","id":"r1","method":"m","params":\#(params)}"#,
            .invalid(id: #""r1""#, reason: "'params' must be an object or an array"))
        expectMessage(
            #"{"jsonrpc":"2.0","method":"m","params":\#(params)}"#,
            .invalid(id: "null", reason: "'params' must be an object or an array"))
    }

    @Test("null params are no params, as LSP clients send them for shutdown")
    func nullParams() {
        expectMessage(
            #"{"jsonrpc":"2.0","id":1,"method":"shutdown","params":null}"#, .request(id: "1", method: "shutdown", params: nil))
        expectMessage(#"{"jsonrpc":"2.0","method":"exit","params":null}"#, .notification(method: "exit", params: nil))
    }

    @Test("empty structured params are kept")
    func emptyParams() {
        expectMessage(#"{"jsonrpc":"2.0","id":1,"method":"m","params":[]}"#, .request(id: "1", method: "m", params: "[]"))
        expectMessage(#"{"jsonrpc":"2.0","method":"m","params":{}}"#, .notification(method: "m", params: "{}"))
    }

    @Test("responses: results of any kind, errors with data, and what is not a response")
    func responses() throws {
        expectMessage(#"{"jsonrpc":"2.0","id":1,"result":null}"#, .response(id: "1", result: "null"))
        expectMessage(#"{"jsonrpc":"2.0","id":1,"result":[1,"a"]}"#, .response(id: "1", result: #"[1,"a"]"#))
        expectMessage(#"{"jsonrpc":"2.0","id":1}"#, .invalid(id: "1", reason: "missing 'method'"))
        expectMessage(#"{"jsonrpc":"2.0","result":1}"#, .invalid(id: "null", reason: "missing 'method'"))

        let value = try JSONParser.parseValue(
            #"{"jsonrpc":"2.0","id":"x","error":{"code":-32002,"message":"not yet","data":{"why":[1]}}}"#)
        guard case .response(let id, .failure(let error)) = IncomingMessage(value) else {
            Issue.record("not read as an error response")
            return
        }
        #expect(id.value == "x")
        #expect(error == ResponseError(code: -32002, message: "not yet", data: ["why": [1]]))
    }
}
