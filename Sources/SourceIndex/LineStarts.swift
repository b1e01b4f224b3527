/// Where each line of a file starts, from its bytes: the lines and columns SwiftSyntax's
/// `SourceLocationConverter` gives, without walking the syntax tree for them.
///
/// A line ends after `\n`, after `\r\n`, or after a `\r` that no `\n` follows, as for the
/// converter; columns count UTF-8 bytes from 1.
struct LineStarts {
    /// The UTF-8 offset of each line's first byte, in order; the first is 0.
    private var starts: [Int] = [0]

    init(_ bytes: [UInt8]) {
        starts = bytes.withUnsafeBufferPointer { text in
            var starts = [0]
            starts.reserveCapacity(text.count / 32)
            // Nearly every file ends its lines with `\n` alone: found many bytes at a time, where a
            // byte by byte loop took seven instructions a byte.
            if ByteSearch.firstIndex(of: UInt8(ascii: "\r"), in: text, from: 0) == nil {
                var from = 0
                while let found = ByteSearch.firstIndex(of: UInt8(ascii: "\n"), in: text, from: from) {
                    from = found + 1
                    starts.append(from)
                }
                return starts
            }
            var index = 0
            while index < text.count {
                let byte = text[index]
                index += 1
                if byte == UInt8(ascii: "\n") {
                    starts.append(index)
                } else if byte == UInt8(ascii: "\r") {
                    if index < text.count, text[index] == UInt8(ascii: "\n") { index += 1 }
                    starts.append(index)
                }
            }
            return starts
        }
    }

    /// The 1-based line and column of the byte at `offset`.
    func location(of offset: Int) -> (line: Int, column: Int) {
        // The last line start at or before `offset`.
        var low = 0
        var high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle } else { high = middle }
        }
        return (low + 1, offset - starts[low] + 1)
    }
}
