/// LSP positions (a line and a UTF-16 character offset in it) for one text, and back.
public struct TextPositions: Sendable {
    private let bytes: [UInt8]
    /// UTF-8 offsets where each line starts; `\n`, `\r\n` and `\r` end lines, as LSP says.
    private let starts: [Int]

    public init(_ text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                starts.append(index + 1)
            case UInt8(ascii: "\r"):
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                starts.append(index + 1)
            default:
                break
            }
            index += 1
        }
        self.starts = starts
    }

    /// The 0-based line and UTF-16 character of a UTF-8 offset.
    public func position(of offset: Int) -> (line: Int, character: Int) {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low, utf16Count(from: starts[low], to: offset))
    }

    /// The UTF-8 offset of an LSP position; a character past the line's end is the line's end,
    /// a line past the last is the end of the text.
    public func offset(line: Int, character: Int) -> Int {
        guard line >= 0 else { return 0 }
        guard line < starts.count else { return bytes.count }
        let end = lineEnd(line)
        var offset = starts[line]
        var units = 0
        while offset < end, units < character {
            let (length, width) = Self.scalar(at: offset, in: bytes)
            if units + width > character { break }
            units += width
            offset += length
        }
        return offset
    }

    /// The offset where `line`'s text ends, before its line break.
    private func lineEnd(_ line: Int) -> Int {
        var end = line + 1 < starts.count ? starts[line + 1] : bytes.count
        if end > starts[line], line + 1 < starts.count {
            end -= 1
            if end > starts[line], bytes[end] == UInt8(ascii: "\n"), bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        }
        return end
    }

    private func utf16Count(from start: Int, to end: Int) -> Int {
        var offset = start
        var units = 0
        while offset < end {
            let (length, width) = Self.scalar(at: offset, in: bytes)
            units += width
            offset += length
        }
        return units
    }

    /// The UTF-8 length of the scalar starting at `offset`, and its width in UTF-16 units.
    private static func scalar(at offset: Int, in bytes: [UInt8]) -> (length: Int, width: Int) {
        let lead = bytes[offset]
        switch lead {
        case 0..<0x80: return (1, 1)
        case 0xC0..<0xE0: return (2, 1)
        case 0xE0..<0xF0: return (3, 1)
        case 0xF0...: return (4, 2)
        default: return (1, 1)
        }
    }
}
