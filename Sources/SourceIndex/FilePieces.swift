/// A large file cut into pieces of whole top-level declarations, each scanned and parsed alone.
///
/// Generated files (mocks of every protocol, an app's strings) run to a megabyte and mention a
/// coordinator in one declaration of thousands: parsing the whole file for it cost more than
/// parsing the rest of the app. Cut between top-level declarations, the file's pieces are
/// treated as files by the rounds, and only the pieces that mention a name asked for are
/// parsed. A piece's summary is the part of the whole file's summary its declarations give:
/// the summarizer reads a piece's offsets and lines as the file's (``FileSummarizer/base``).
enum FilePieces {
    /// Files this long or longer are cut; shorter ones are read whole.
    static let threshold = 128 * 1024
    /// Pieces are made at least this long, so a file of small declarations is not cut into
    /// thousands of pieces that each cost a parse's setup.
    static let smallestPiece = 4 * 1024

    /// The ranges of `bytes`'s pieces, in order and covering it; one range when it is not cut.
    /// - Parameter ends: where each brace closing a top-level declaration outside any `#if`
    ///   ends (``WordScan/topLevelEnds``).
    static func ranges(
        of bytes: [UInt8], ends: [Int], threshold: Int = threshold, smallest: Int = smallestPiece
    ) -> [Range<Int>] {
        guard bytes.count >= threshold else { return [0..<bytes.count] }
        var ranges: [Range<Int>] = []
        var start = 0
        for end in ends {
            guard let cut = cut(after: end, in: bytes), cut - start >= smallest, cut < bytes.count else { continue }
            ranges.append(start..<cut)
            start = cut
        }
        ranges.append(start..<bytes.count)
        return ranges
    }

    /// Where a piece may start after the brace that ends at `end`: the next line's start, when
    /// nothing but blanks or a `//` comment follows the brace on its line and what comes next
    /// does not continue the expression (`.padding()`, `else`, `catch`); nil otherwise.
    static func cut(after end: Int, in bytes: [UInt8]) -> Int? {
        var index = end
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        }
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\r") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\n") else { return nil }
        let lineStart = index + 1
        // What the next piece starts with, past blank lines.
        var next = lineStart
        while next < bytes.count, isBlank(bytes[next]) { next += 1 }
        guard next < bytes.count else { return lineStart }
        // A name, an attribute, a directive or a comment starts a declaration; `else` and `catch`
        // go on with the statement before.
        let byte = bytes[next]
        if WordScan.isWordStart(byte) {
            var end = next
            while end < bytes.count, WordScan.isWordByte(bytes[end]) { end += 1 }
            let continues = bytes.withUnsafeBufferPointer { buffer in
                WordScan.isWord(buffer[next..<end], "else") || WordScan.isWord(buffer[next..<end], "catch")
            }
            return continues ? nil : lineStart
        }
        return byte == UInt8(ascii: "@") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "/") ? lineStart : nil
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }
}

/// The pieces of each large file, by entry: a piece asked for brings the pieces of its file that
/// declare or extend the same types, so a type's members are read together as when the whole
/// file is parsed (a root class in one piece whose extension in the next makes the first screen).
struct PiecesOfFiles {
    private let entries: [SourceWorkspace.CachedFile]
    /// The entries of each file read in pieces, in order.
    private let piecesOfFile: [String: [Int]]

    init(_ entries: [SourceWorkspace.CachedFile]) {
        self.entries = entries
        var pieces: [String: [Int]] = [:]
        for (index, entry) in entries.enumerated() where entry.range != nil {
            pieces[entry.file, default: []].append(index)
        }
        piecesOfFile = pieces
    }

    /// `indices`, and after them the pieces not in `indices` nor in `parsed` that declare or
    /// extend a type a piece in `indices` declares or extends. One step only: a type that straddles
    /// the next cut would otherwise pull in the piece after, and so on through a file of mocks.
    func withTheirTypes(_ indices: [Int], except parsed: Set<Int>) -> [Int] {
        guard !piecesOfFile.isEmpty else { return indices }
        var result = indices
        var taken = Set(indices).union(parsed)
        for index in indices {
            let entry = entries[index]
            guard entry.range != nil, let siblings = piecesOfFile[entry.file] else { continue }
            let types = entry.scan.outerTypes
            for sibling in siblings where !taken.contains(sibling) {
                if entries[sibling].scan.outerTypes.contains(where: types.contains) {
                    taken.insert(sibling)
                    result.append(sibling)
                }
            }
        }
        return result
    }
}
