/// Why some bytes are not acceptable JSON, and where.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The byte offset of the problem, from the start of the input.
    public let offset: Int
    /// 1-based line of the problem.
    public let line: Int
    /// 1-based column (in bytes) of the problem.
    public let column: Int
    /// What is wrong, in words, for example "raw control character U+0009 inside a string".
    public let reason: String

    public init(offset: Int, line: Int, column: Int, reason: String) {
        self.offset = offset
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// Locates `offset` in `bytes` to report a line and column.
    init(reason: String, offset: Int, in bytes: UnsafeRawBufferPointer) {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        var index = 0
        while index < end {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        self.init(offset: offset, line: line, column: offset - lineStart + 1, reason: reason)
    }

    public var description: String { "line \(line), column \(column): \(reason)" }
}
