/// The names of a dotted path (`self.router.root`), one at a time and empty ones left out, as
/// `split(separator: ".")` gives them; `.home` gives `home`.
///
/// The launch evaluation resolves paths by the hundred thousand at each index: reading them
/// here, on the path's bytes, makes no array and breaks no graphemes.
struct DottedNames: IteratorProtocol {
    private var path: String
    /// The UTF-8 offset the next name is looked for from.
    private var position = 0

    init(_ path: String) {
        self.path = path
    }

    /// The next name, nil after the last.
    mutating func next() -> String? {
        // Read through the path's contiguous UTF-8 storage: the `UTF8View`'s generic search spent
        // about 500 instructions on a path's few dozen bytes.
        let from = position
        let (start, end) = path.withUTF8 { bytes -> (Int, Int) in
            var start = from
            while start < bytes.count, bytes[start] == UInt8(ascii: ".") { start += 1 }
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: ".") { end += 1 }
            return (start, end)
        }
        position = end
        guard start < end else { return nil }
        // A path of one name, as most are, is its own name: not copied.
        if start == 0, end == path.utf8.count { return path }
        return path.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
    }

    /// The next name, left to be read again.
    func peek() -> String? {
        var copy = self
        return copy.next()
    }
}
