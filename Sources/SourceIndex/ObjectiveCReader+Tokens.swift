/// The words, directives and symbols of an Objective-C file, with spaces, comments, string and
/// character literals and preprocessor lines skipped, and line numbers kept.
extension ObjectiveCReader {
    enum Token: Equatable {
        /// Where a word's bytes lie: its text is made only where the reader keeps it (``text(_:)``),
        /// for most words of a body are passed over.
        case word(Range<Int>)
        /// `@interface`, `@end`: the word after `@`.
        case directive(String)
        case symbol(UInt8)
    }

    /// The text of the word at `range`.
    func text(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// Whether the word at `range` is `literal`, told from its bytes.
    func isWord(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        bytes.withUnsafeBufferPointer { WordScan.isWord($0[range], literal) }
    }

    mutating func peekToken() -> Token? {
        let saved = (position, line, lineStart)
        defer { (position, line, lineStart) = saved }
        return nextToken()
    }

    /// The next word, directive or symbol, skipping spaces, comments, literals and preprocessor lines.
    mutating func nextToken() -> Token? {
        while true {
            let byte = bytes[position]
            // Blanks are the commonest bytes between tokens: passed by one test each.
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                position += 1
                continue
            }
            switch byte {
            case 0:
                return nil
            case UInt8(ascii: "\n"):
                position += 1
                line += 1
                lineStart = position
            case UInt8(ascii: "#") where isLineStart():
                skipLine()
            case UInt8(ascii: "/") where bytes[position + 1] == UInt8(ascii: "/"):
                skipLine()
            case UInt8(ascii: "/") where bytes[position + 1] == UInt8(ascii: "*"):
                position += 2
                while bytes[position] != 0, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) {
                    advance()
                }
                if bytes[position] != 0 { position += 2 }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                skipLiteral(closing: byte)
            case UInt8(ascii: "@"):
                position += 1
                if bytes[position] == UInt8(ascii: "\"") {
                    skipLiteral(closing: UInt8(ascii: "\""))
                    continue
                }
                let start = position
                while WordScan.isWordByte(bytes[position]) { position += 1 }
                if start == position { return .symbol(UInt8(ascii: "@")) }
                return .directive(String(decoding: bytes[start..<position], as: UTF8.self))
            default:
                if WordScan.isWordStart(byte) {
                    let start = position
                    while WordScan.isWordByte(bytes[position]) { position += 1 }
                    return .word(start..<position)
                }
                position += 1
                if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    while WordScan.isWordByte(bytes[position]) || bytes[position] == UInt8(ascii: ".") { position += 1 }
                    return .symbol(UInt8(ascii: "0"))
                }
                return .symbol(byte)
            }
        }
    }

    private mutating func advance() {
        if bytes[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        position += 1
    }

    private func isLineStart() -> Bool {
        var index = position - 1
        while index >= 0, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index -= 1 }
        return index < 0 || bytes[index] == UInt8(ascii: "\n")
    }

    /// A preprocessor line or a `//` comment, up to its end (a `\` at the end goes on).
    private mutating func skipLine() {
        while bytes[position] != 0, bytes[position] != UInt8(ascii: "\n") {
            if bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "\n") { advance() }
            advance()
        }
    }

    private mutating func skipLiteral(closing: UInt8) {
        position += 1
        while bytes[position] != 0, bytes[position] != closing, bytes[position] != UInt8(ascii: "\n") {
            if bytes[position] == UInt8(ascii: "\\") { position += 1 }
            if bytes[position] != 0 { position += 1 }
        }
        if bytes[position] == closing { position += 1 }
    }

}
