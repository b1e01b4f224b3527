#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where two versions of a text differ, in whole lines: the stretches of the old text and what
/// replaces each in the new one, found with Myers' O(ND) difference algorithm on the lines between
/// the texts' common first and last lines. An incremental parse re-parses only what these touch.
enum LineDiff {
    /// A stretch of the old text's bytes and the bytes of the new text that replace it.
    struct Hunk: Equatable {
        var old: Range<Int>
        var new: Range<Int>
    }

    /// The hunks that turn `old` into `new`, in order, none touching the next; one hunk spanning
    /// all the lines between the common first and last ones when more than `limit` lines differ.
    static func hunks(from old: UnsafeBufferPointer<UInt8>, to new: UnsafeBufferPointer<UInt8>, limit: Int = 200)
        -> [Hunk]
    {
        let a = Lines(old)
        let b = Lines(new)
        var start = 0
        while start < a.count, start < b.count, a.same(start, as: b, start) { start += 1 }
        var end = 0
        while end < a.count - start, end < b.count - start, a.same(a.count - 1 - end, as: b, b.count - 1 - end) {
            end += 1
        }
        let oldLines = start..<(a.count - end)
        let newLines = start..<(b.count - end)
        if oldLines.isEmpty && newLines.isEmpty { return [] }
        let matches = matchedLines(a, oldLines, b, newLines, limit: limit) ?? []
        // Between two matched lines (or the ends of the middle), what the old text has there is replaced.
        var hunks: [Hunk] = []
        var previous = (old: oldLines.lowerBound, new: newLines.lowerBound)
        for match in matches + [(oldLines.upperBound, newLines.upperBound)] {
            if match.0 > previous.old || match.1 > previous.new {
                let hunk = Hunk(
                    old: a.start(of: previous.old)..<a.start(of: match.0), new: b.start(of: previous.new)..<b.start(of: match.1))
                if let last = hunks.last, last.old.upperBound == hunk.old.lowerBound {
                    hunks[hunks.count - 1] = Hunk(
                        old: last.old.lowerBound..<hunk.old.upperBound, new: last.new.lowerBound..<hunk.new.upperBound)
                } else {
                    hunks.append(hunk)
                }
            }
            previous = (match.0 + 1, match.1 + 1)
        }
        return hunks
    }

    /// Whether `hunks` applied to `old` give `new`, and are in order, none touching the next.
    static func replays(_ hunks: [Hunk], from old: [UInt8], to new: UnsafeBufferPointer<UInt8>) -> Bool {
        old.withUnsafeBufferPointer { old in
            var oldAt = 0
            var newAt = 0
            for hunk in hunks {
                guard hunk.old.lowerBound > oldAt || (oldAt == 0 && hunk.old.lowerBound == 0),
                    hunk.old.upperBound <= old.count, hunk.new.lowerBound - newAt == hunk.old.lowerBound - oldAt,
                    hunk.new.upperBound <= new.count,
                    same(old, oldAt, new, newAt, count: hunk.old.lowerBound - oldAt)
                else { return false }
                oldAt = hunk.old.upperBound
                newAt = hunk.new.upperBound
            }
            return old.count - oldAt == new.count - newAt && same(old, oldAt, new, newAt, count: old.count - oldAt)
        }
    }

    /// Whether `count` bytes of `one` from `oneAt` are those of `other` from `otherAt` (the C library's `memcmp`).
    fileprivate static func same(
        _ one: UnsafeBufferPointer<UInt8>, _ oneAt: Int, _ other: UnsafeBufferPointer<UInt8>, _ otherAt: Int, count: Int
    ) -> Bool {
        count == 0 || memcmp(one.baseAddress! + oneAt, other.baseAddress! + otherAt, count) == 0
    }

    /// The pairs of equal lines of a shortest edit script between the two ranges of lines, in
    /// order (Myers 1986, forward pass kept per step, then walked back); nil past `limit` steps.
    private static func matchedLines(_ a: Lines, _ oldLines: Range<Int>, _ b: Lines, _ newLines: Range<Int>, limit: Int)
        -> [(Int, Int)]?
    {
        let n = oldLines.count
        let m = newLines.count
        let most = min(n + m, limit)
        // v[k + shift]: the furthest old line reached on diagonal k (old minus new).
        let shift = most + 1
        var v = [Int](repeating: 0, count: 2 * most + 3)
        var trace: [[Int]] = []
        func equal(_ x: Int, _ y: Int) -> Bool { a.same(oldLines.lowerBound + x, as: b, newLines.lowerBound + y) }
        var steps: Int?
        search: for d in 0...most {
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && v[k - 1 + shift] < v[k + 1 + shift]) ? v[k + 1 + shift] : v[k - 1 + shift] + 1
                var y = x - k
                while x < n, y < m, equal(x, y) {
                    x += 1
                    y += 1
                }
                v[k + shift] = x
                if x >= n, y >= m {
                    trace.append(v)
                    steps = d
                    break search
                }
            }
            trace.append(v)
        }
        guard let steps else { return nil }
        var matches: [(Int, Int)] = []
        var x = n
        var y = m
        for d in stride(from: steps, to: 0, by: -1) {
            let before = trace[d - 1]
            let k = x - y
            let previous = k == -d || (k != d && before[k - 1 + shift] < before[k + 1 + shift]) ? k + 1 : k - 1
            let previousX = before[previous + shift]
            let previousY = previousX - previous
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                matches.append((oldLines.lowerBound + x, newLines.lowerBound + y))
            }
            x = previousX
            y = previousY
        }
        while x > 0, y > 0 {
            x -= 1
            y -= 1
            matches.append((oldLines.lowerBound + x, newLines.lowerBound + y))
        }
        return matches.reversed()
    }

    /// A text's lines (each with its line feed), with a hash of each to compare them fast (the
    /// word scan's, which reads eight bytes at a time).
    private struct Lines {
        let text: UnsafeBufferPointer<UInt8>
        var starts: [Int] = []
        var hashes: [UInt64] = []

        init(_ text: UnsafeBufferPointer<UInt8>) {
            self.text = text
            var start = 0
            while start < text.count {
                let end = ByteSearch.firstIndex(of: UInt8(ascii: "\n"), in: text, from: start).map { $0 + 1 } ?? text.count
                starts.append(start)
                hashes.append(WordScan.hash(text[start..<end], in: text))
                start = end
            }
        }

        var count: Int { hashes.count }

        /// Where line `line` starts; the text's end for the line after the last.
        func start(of line: Int) -> Int { line < starts.count ? starts[line] : text.count }

        func same(_ line: Int, as other: Lines, _ otherLine: Int) -> Bool {
            guard hashes[line] == other.hashes[otherLine] else { return false }
            let mine = start(of: line)..<start(of: line + 1)
            let theirs = other.start(of: otherLine)..<other.start(of: otherLine + 1)
            return mine.count == theirs.count
                && LineDiff.same(text, mine.lowerBound, other.text, theirs.lowerBound, count: mine.count)
        }
    }
}
