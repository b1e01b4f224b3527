/// The names of a dotted path (`self.router.root`), one at a time and empty ones left out, as
/// `split(separator: ".")` gives them; `.home` gives `home`.
///
/// The launch evaluation resolves paths by the hundred thousand at each index: reading them
/// here, on the path's bytes, makes no array and breaks no graphemes.
struct DottedNames: IteratorProtocol {
    private let path: String
    private var position: String.Index

    init(_ path: String) {
        self.path = path
        position = path.startIndex
    }

    /// The next name, nil after the last.
    mutating func next() -> String? {
        let bytes = path.utf8
        while position < bytes.endIndex, bytes[position] == UInt8(ascii: ".") { position = bytes.index(after: position) }
        guard position < bytes.endIndex else { return nil }
        let end = bytes[position...].firstIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
        defer { position = end }
        // A path of one name, as most are, is its own name: not copied.
        if position == bytes.startIndex, end == bytes.endIndex { return path }
        return String(path[position..<end])
    }

    /// The next name, left to be read again.
    func peek() -> String? {
        var copy = self
        return copy.next()
    }
}
