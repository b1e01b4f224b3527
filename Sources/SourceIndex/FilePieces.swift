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

    /// Files this long or longer that are read whole are parsed in parts, one per core, so that
    /// a re-index after an edit of a long coordinator does not wait for one core to parse it.
    static let partThreshold = 32 * 1024

    /// Up to `count` parts of `bytes`, in order and covering it, as near one length as the places
    /// a part may start allow, none shorter than `smallest`; one part when the file is shorter
    /// than `threshold` or cannot be cut. A part starts after a top-level declaration
    /// (``cut(after:in:)``), or after a member of one (most long files are one class), and then
    /// is parsed after that declaration's header, the part before it closed with a brace.
    /// - Parameter members: ``WordScan/memberEnds``.
    static func parts(
        of bytes: [UInt8], ends: [Int], members: [(end: Int, header: Range<Int>)] = [], count: Int,
        threshold: Int = partThreshold, smallest: Int = smallestPiece
    ) -> [FilePart] {
        let whole = [FilePart(range: 0..<bytes.count)]
        guard count > 1, bytes.count >= threshold else { return whole }
        // Where a part may start, and the header it is read after (nil at the top level).
        var cuts = ends.compactMap { end in cut(after: end, in: bytes).map { ($0, nil as Range<Int>?) } }
        cuts += members.compactMap { member in cut(after: member.end, in: bytes).map { ($0, member.header) } }
        cuts = cuts.filter { $0.0 < bytes.count }
        var starts: [(Int, Range<Int>?)] = [(0, nil)]
        for number in 1..<count {
            let target = bytes.count * number / count
            let last = starts.last!.0
            // The cut nearest the target that leaves both sides long enough.
            let best = cuts.filter { $0.0 - last >= smallest && bytes.count - $0.0 >= smallest }.min {
                abs($0.0 - target) < abs($1.0 - target)
            }
            if let best, best.0 > last { starts.append(best) }
        }
        return starts.indices.map { number in
            let end = number + 1 < starts.count ? starts[number + 1].0 : bytes.count
            let closes = number + 1 < starts.count && starts[number + 1].1 != nil
            return FilePart(range: starts[number].0..<end, header: starts[number].1, closes: closes)
        }
    }

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

/// A part of a long file read whole, parsed beside its other parts (``FilePieces/parts(of:ends:members:count:threshold:smallest:)``).
struct FilePart: Sendable, Equatable {
    /// Its bytes in the file.
    var range: Range<Int>
    /// When it starts inside a top-level declaration: that declaration's header, parsed first.
    var header: Range<Int>? = nil
    /// Whether it ends inside a top-level declaration, which a brace then closes.
    var closes = false

    /// The text to parse: the header, the part, and the closing brace.
    func text(of bytes: [UInt8]) -> [UInt8] {
        guard header != nil || closes else { return Array(bytes[range]) }
        var text = header.map { Array(bytes[$0]) } ?? []
        text += bytes[range]
        if closes { text += Array("\n}\n".utf8) }
        return text
    }

    /// The summary of a file from its parts' summaries, in order: their types as one parse gives
    /// them. A declaration a part leaves open is the one the next part starts inside: the types
    /// declared in the next part's members come before it, as the whole file's parse lists a
    /// type after those nested in it, and its members join it. The functions declared outside any
    /// type come last, under one type without a name. Nil when a part does not start inside the
    /// declaration the one before left open.
    static func joined(_ parts: [(FilePart, FileSummary)], path: String) -> FileSummary? {
        var types: [TypeFacts] = []
        var fileScope: TypeFacts?
        var open: TypeFacts?
        for (part, summary) in parts {
            var partTypes = summary.types
            if let index = partTypes.firstIndex(where: FileSummarizer.isFileScope) {
                let scope = partTypes.remove(at: index)
                if fileScope == nil { fileScope = scope } else { fileScope!.functions += scope.functions }
            }
            if let continued = open {
                // The declaration again, from the header the part was parsed after.
                guard
                    let index = partTypes.firstIndex(where: {
                        !$0.isNested && $0.name == continued.name && $0.nameOffset == continued.nameOffset
                    })
                else { return nil }
                var merged = continued
                merged.properties += partTypes[index].properties
                merged.functions += partTypes[index].functions
                merged.cases += partTypes[index].cases
                partTypes[index] = merged
                open = nil
            }
            if part.closes {
                // Left open: the last type the part lists, closed by the brace added after it.
                guard let last = partTypes.popLast(), !last.isNested else { return nil }
                open = last
            }
            types += partTypes
        }
        guard open == nil else { return nil }
        for index in types.indices { FileSummarizer.typeStoredInits(of: &types[index]) }
        return SourceWorkspace.withNames(FileSummary(path: path, types: types + (fileScope.map { [$0] } ?? [])))
    }
}

extension WordScan {
    /// Where each brace that closes a member of a type declared or extended at the top level ends,
    /// outside any `#if`, with that declaration's header (its keyword to its opening brace): the
    /// places a long file of one declaration may be parsed in parts (``FilePieces/parts(of:ends:members:count:threshold:smallest:)``).
    var memberEnds: [(end: Int, header: Range<Int>)] {
        // Worked out from two plain lists the scan keeps: few files are long enough to need it.
        var next = 0
        return memberBraces.compactMap { end in
            while next + 1 < topLevelOpens.count, topLevelOpens[next + 1].end < end { next += 1 }
            guard next < topLevelOpens.count, topLevelOpens[next].end < end, topLevelOpens[next].start >= 0 else {
                return nil
            }
            return (end, topLevelOpens[next].start..<topLevelOpens[next].end)
        }
    }
}
