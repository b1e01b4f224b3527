import SwiftParser
import SwiftSyntax
import Testing

@testable import SourceIndex

/// Lines and columns from a file's bytes are SwiftSyntax's own, whatever ends the lines: a file
/// of `\n` alone takes the C library's search for them, any other the byte by byte reading.
@Suite("Lines and columns from a file's bytes")
struct LineStartsTests {
    @Test(
        "every offset's line and column are the converter's",
        arguments: [
            "", "let a = 1", "let a = 1\n", "\n\n\nlet a = 1\n\n", "class A {\n    var b = 1\n}\n// end",
            "let a = 1\r\nlet b = 2\r\n", "let a = 1\rlet b = 2\r", "a\r\n\rb\n\r\nc\r", "\r", "\n", "\r\n",
            "let é = \"ü\"\nlet ß = 1\r\n",
        ])
    func sameAsConverter(text: String) {
        let bytes = Array(text.utf8)
        let lines = LineStarts(bytes)
        let converter = SourceLocationConverter(fileName: "f.swift", tree: Parser.parse(source: text))
        for offset in 0...bytes.count {
            let expected = converter.location(for: AbsolutePosition(utf8Offset: offset))
            let found = lines.location(of: offset)
            #expect(
                found.line == expected.line && found.column == expected.column,
                "offset \(offset) of \(text.debugDescription)")
        }
    }
}
