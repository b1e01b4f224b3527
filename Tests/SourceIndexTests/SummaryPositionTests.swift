import SwiftParser
import SwiftSyntax
import Testing

@testable import SourceIndex

/// The summarizer reads lines and closure texts from the file's bytes rather than from the
/// syntax tree: they must be what the tree would give.
@Suite("Positions and closure texts read from a file's bytes")
struct SummaryPositionTests {
    private func calls(in text: String) -> [CallFacts] {
        SourceWorkspace.summarize(text, path: "A.swift").types.flatMap { $0.functions.flatMap(\.calls) }
    }

    @Test("lines end at \\n, \\r\\n and a lone \\r; columns count UTF-8 bytes from 1")
    func linesAndColumns() {
        let text = "class A {\r\n  func f() {\r    g()\n    é(); h()\r\n  }\r\n}\n"
        let found = calls(in: text).map { "\($0.name) \($0.line):\($0.column)" }
        // `h` follows four spaces, `é` (two bytes), `()`, `;` and a space: ten bytes.
        #expect(found == ["g 3:5", "é 4:5", "h 4:11"])
    }

    @Test(
        "a closure's text is its first 400 characters, whatever their size in bytes",
        arguments: [10, 398, 399, 400, 401, 2_000])
    func closureText(characters: Int) {
        // Characters of one to many bytes, a letter with a combining accent among them.
        let pieces = ["a", "é", "👍🏽", "e\u{301}", "日", " "]
        let body = String((0..<characters).map { Character(pieces[$0 % pieces.count]) })
        let closure = "{ _ in let s = \"\(body)\" }"
        let text = "final class A {\n    func f() {\n        run(1) \(closure)\n    }\n}\n"
        let call = calls(in: text).first { $0.name == "run" }
        #expect(call?.closureText == String(closure.prefix(400)))
    }

    @Test(
        "a property's type text is the type's trimmed description without whitespace",
        arguments: [
            "[Coordinator]", "[UUID : Coordinator]", "  ( String ,\n Int )?", "Dictionary<String, [Café]>",
            "Set<\u{00E9}tape>  /* kept */ ", "any\tCoordinator & Sendable", "[String:\r\n[Int]]!",
        ])
    func typeText(type: String) throws {
        let text = "final class A {\n    var value: \(type) = make()\n}\n"
        let property = try #require(SourceWorkspace.summarize(text, path: "A.swift").types.first?.properties.first)
        let annotation = try #require(
            Parser.parse(source: text).statements.first?.item.as(ClassDeclSyntax.self)?.memberBlock.members.first?
                .decl.as(VariableDeclSyntax.self)?.bindings.first?.typeAnnotation)
        #expect(property.typeText == annotation.type.trimmedDescription.filter { !$0.isWhitespace })
    }
}
