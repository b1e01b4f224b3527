import Foundation
import JSON
import NavinspectProtocol
import TestSupport
import Testing
import TreeDocument

/// The protocol folder, found from this file's place in the repository.
private let protocolFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("protocol")

private func read(_ relativePath: String) throws -> String {
    try String(contentsOf: protocolFolder.appendingPathComponent(relativePath), encoding: .utf8)
}

private func readJSON(_ relativePath: String) throws -> JSONValue {
    try JSONParser.parseValue(read(relativePath))
}

/// The spec, the schemas and the examples must follow the code: a method the server registers
/// without them, or an example the server would not answer, fails here.
@Suite("The protocol documents match the server")
struct ProtocolDocumentTests {
    static let requests = NavinspectMethods.requests
    static let notifications = NavinspectMethods.notifications

    @Test("every registered request has a spec section and params and result schemas", arguments: requests)
    func requestDocumented(method: String) throws {
        let spec = try read("README.md")
        #expect(spec.contains("\n## `\(method)`\n"), "protocol/README.md has no section for \(method)")
        let stem = method.replacing("/", with: ".")
        for part in ["params", "result"] {
            let schema = try readJSON("schemas/\(stem).\(part).json")
            #expect(schema["$schema"] != nil, "\(stem).\(part).json")
        }
    }

    @Test("every notification the server sends has a spec section and a params schema", arguments: notifications)
    func notificationDocumented(method: String) throws {
        #expect(try read("README.md").contains("\n## `\(method)`\n"))
        #expect(try readJSON("schemas/\(method.replacing("/", with: ".")).params.json")["$schema"] != nil)
    }

    @Test("every documented method is registered")
    func noStaleSections() throws {
        let spec = try read("README.md")
        let documented = spec.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("## `navinspect/") else { return nil }
            return String(line.dropFirst(4).dropLast(1))
        }
        #expect(Set(documented) == Set(Self.requests + Self.notifications + NavinspectMethods.appMessages))
    }

    @Test("every message a live app sends has a spec section and schemas", arguments: NavinspectMethods.appMessages)
    func appMessageDocumented(method: String) throws {
        #expect(try read("README.md").contains("\n## `\(method)`\n"))
        #expect(try readJSON("schemas/\(method.replacing("/", with: ".")).params.json")["$schema"] != nil)
    }

    @Test(
        "each query's example result is what the server answers on the example tree",
        arguments: NavinspectMethods.queries.map { $0.method })
    func examplesMatchAnswers(method: String) throws {
        let stem = method.replacing("/", with: ".")
        let tree = try TreeDocumentLoader.load(value: readJSON("examples/small-tree.json"))
        let query = try #require(NavinspectMethods.query(named: method))
        let answer = try query.respond(to: readJSON("examples/\(stem).params.json"), tree: tree)
        #expect(answer == (try readJSON("examples/\(stem).result.json")))
    }

    @Test("the initialize example is what the server answers, but for the version")
    func initializeExample() throws {
        let harness = ServerHarness()
        var answered = try #require(harness.client.initialize()).objectValue!
        var documented = try readJSON("examples/initialize.result.json").objectValue!
        answered["serverInfo"] = nil
        documented["serverInfo"] = nil
        #expect(JSONValue.object(answered) == .object(documented))
    }
}

/// Every method the server registers, and every error code the spec lists for it, has a
/// conformance case that covers it.
@Suite("The conformance suite covers the protocol")
struct ConformanceCoverageTests {
    /// Everything the cases in protocol/conformance/cases say they cover.
    static func covered() throws -> Set<String> {
        let folder = protocolFolder.appendingPathComponent("conformance/cases")
        var covered: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".json") {
            let cases = try JSONParser.parseValue(String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
            for item in cases.arrayValue ?? [] {
                covered.formUnion(item["covers"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            }
        }
        return covered
    }

    /// The codes in the Errors table of a method's section of the spec.
    static func documentedErrors(of method: String) throws -> [String] {
        let spec = try read("README.md")
        guard let start = spec.range(of: "\n## `\(method)`\n") else { return [] }
        let section = spec[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        let errors = section[..<end].components(separatedBy: "### Errors").dropFirst().first ?? ""
        return errors.split(separator: "\n").compactMap { line in
            line.hasPrefix("| -320") || line.hasPrefix("| -326") ? String(line.dropFirst(2).prefix(6)) : nil
        }
    }

    @Test(
        "each registered method has a case",
        arguments: NavinspectMethods.requests + NavinspectMethods.notifications + NavinspectMethods.appMessages)
    func methodCovered(method: String) throws {
        #expect(try Self.covered().contains(method), "no conformance case covers \(method)")
    }

    @Test(
        "each error code the spec lists for a method has a case",
        arguments: NavinspectMethods.requests + [AppMessages.hello])
    func errorsCovered(method: String) throws {
        let codes = try Self.documentedErrors(of: method)
        #expect(!codes.isEmpty, "the spec lists no errors for \(method)")
        let covered = try Self.covered()
        for code in codes {
            #expect(covered.contains("\(method):\(code)"), "no conformance case covers \(method):\(code)")
        }
    }

    @Test("the lifecycle and JSON-RPC 2.0's error codes have cases")
    func protocolRulesCovered() throws {
        let covered = try Self.covered()
        for rule in [
            "initialize", "shutdown", "exit", "exit:answers-first", "$/cancelRequest", "lifecycle:-32002", "lifecycle:-32600",
            "lifecycle:-32800",
            "jsonrpc:-32700", "jsonrpc:-32600", "jsonrpc:-32601", "jsonrpc:-32602", "jsonrpc:-32603", "jsonrpc:batch",
            "jsonrpc:ids", "jsonrpc:notifications", "framing:-32700", "framing:too-large", "framing:charset",
        ] {
            #expect(covered.contains(rule), "no conformance case covers \(rule)")
        }
    }
}
