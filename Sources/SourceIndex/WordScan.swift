/// A quick look at a file's bytes, without parsing it: which words it contains, and the hints a
/// coordinator protocol or base class leaves. It decides which files are worth parsing.
///
/// Comments are skipped (a doc comment naming `HomeCoordinator` says nothing of the code); the
/// words of string literals are kept, so it may see a word that is not code, which only makes a
/// file parsed that could have been skipped, never the reverse. Strings are followed just enough
/// that a `//` inside one (a URL) does not hide the rest of its line.
struct WordScan: Sendable {
    /// Hashes of every identifier-like word.
    var words = WordHashes()
    /// Names written after `class` or `protocol`.
    var declared: [String] = []
    /// Names written after `enum`.
    var enums: [String] = []
    /// Names written alone in brackets, `[Name]` or `[any Name]`: possible children arrays.
    var bracketed: [String] = []
    /// Each class, protocol, struct, enum or actor declared with an inheritance clause and each
    /// type extended, with the names written in the clause (or a typealias with those it is made
    /// of), as words: more than the parser would keep (`Foo.Bar` gives both), never fewer.
    var headers: [(name: String, inherited: [String])] = []
    /// Whether a word ends in `Controller` or `Router` (`SplashViewController`, `AppRouter`): code
    /// that makes, holds or drives screens.
    var namesControllerOrRouter = false

    init(_ bytes: some Collection<UInt8>) {
        // A file's text is read where it lies (a String's UTF-8 storage), not copied.
        if let scan = bytes.withContiguousStorageIfAvailable({ WordScan(buffer: $0) }) {
            self = scan
        } else {
            self = Array(bytes).withUnsafeBufferPointer { WordScan(buffer: $0) }
        }
    }

    private init(buffer bytes: UnsafeBufferPointer<UInt8>) {
        var previousWord: Slice<UnsafeBufferPointer<UInt8>> = bytes[0..<0]
        // The byte before the current word and before it, skipping spaces: `[` then maybe `any`.
        var openedBracket = false
        var pendingBracketed: String?
        var inString = false
        var index = 0
        let end = bytes.count
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), !inString, index + 1 < end,
                bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")
            {
                index = Self.end(ofCommentAt: index, in: bytes)
                continue
            }
            if Self.isWordStart(byte) {
                let start = index
                while index < end, Self.isWordByte(bytes[index]) { index += 1 }
                let word = bytes[start..<index]
                words.insert(Self.hash(word))
                if !namesControllerOrRouter, word.count >= 6, word.last == UInt8(ascii: "r"),
                    Self.ends(word, with: "Controller") || Self.ends(word, with: "Router")
                {
                    namesControllerOrRouter = true
                }
                // Most words follow no declaration keyword: one look at the word before tells.
                if let introducer = Self.typeIntroducer(previousWord) {
                    let isKeyword = Self.isKeyword(word)
                    if !isKeyword {
                        let inherited = Self.inherited(bytes, after: index)
                        // A class or protocol without a clause is in `declared`; an extension may add
                        // a computed array of its own kind.
                        if !inherited.isEmpty || introducer == .extension {
                            headers.append((String(decoding: word, as: UTF8.self), inherited))
                        }
                    }
                    if introducer == .class || introducer == .protocol, !isKeyword {
                        declared.append(String(decoding: word, as: UTF8.self))
                    } else if introducer == .enum {
                        enums.append(String(decoding: word, as: UTF8.self))
                    }
                }
                if openedBracket {
                    if word.elementsEqual("any".utf8) {
                        // `[any Name]`: the bracket stays open for the name.
                    } else {
                        pendingBracketed = String(decoding: word, as: UTF8.self)
                        openedBracket = false
                    }
                } else {
                    pendingBracketed = nil
                }
                previousWord = word
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                break
            case UInt8(ascii: "\""):
                // A `"""` toggles three times: in a multi-line string, out at its end.
                inString.toggle()
                openedBracket = false
                pendingBracketed = nil
                previousWord = bytes[0..<0]
            case UInt8(ascii: "\\") where inString:
                // An escaped quote does not end the string.
                index += 1
            case UInt8(ascii: "["):
                openedBracket = true
                pendingBracketed = nil
            case UInt8(ascii: "]"):
                if let name = pendingBracketed { bracketed.append(name) }
                openedBracket = false
                pendingBracketed = nil
            default:
                openedBracket = false
                pendingBracketed = nil
                previousWord = bytes[0..<0]
            }
            index += 1
        }
    }

    /// Where the comment starting at `start` (`//` to the line's end, or `/* … */`, nested as Swift
    /// nests them) ends.
    private static func end(ofCommentAt start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = start + 2
        let end = bytes.count
        if bytes[start + 1] == UInt8(ascii: "/") {
            while index < end, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            return index
        }
        var depth = 1
        while index < end {
            if bytes[index] == UInt8(ascii: "*"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else if bytes[index] == UInt8(ascii: "/"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else {
                index += 1
            }
        }
        return end
    }

    private static func ends(_ word: Slice<UnsafeBufferPointer<UInt8>>, with suffix: StaticString) -> Bool {
        word.count >= suffix.utf8CodeUnitCount
            && suffix.withUTF8Buffer { $0.elementsEqual(word.suffix(suffix.utf8CodeUnitCount)) }
    }

    /// The keywords a declared type's name follows.
    enum Introducer {
        case `class`, `protocol`, `struct`, `enum`, `extension`, actor, `typealias`
    }

    private static func typeIntroducer(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Introducer? {
        // Called after every word: most are told apart by their length and first letter alone.
        guard word.count >= 4, word.count <= 9, let first = word.first else { return nil }
        func isWord(_ keyword: StaticString) -> Bool {
            keyword.utf8CodeUnitCount == word.count
                && keyword.withUTF8Buffer { $0.elementsEqual(UnsafeBufferPointer(rebasing: word)) }
        }
        switch first {
        case UInt8(ascii: "c"): return isWord("class") ? .class : nil
        case UInt8(ascii: "p"): return isWord("protocol") ? .protocol : nil
        case UInt8(ascii: "s"): return isWord("struct") ? .struct : nil
        case UInt8(ascii: "e"): return isWord("enum") ? .enum : isWord("extension") ? .extension : nil
        case UInt8(ascii: "a"): return isWord("actor") ? .actor : nil
        case UInt8(ascii: "t"): return isWord("typealias") ? .typealias : nil
        default: return nil
        }
    }

    /// The words of the inheritance clause after a declared name ending at `start`, generic
    /// parameters skipped (`: Base, Coordinator` up to `{` or `where`), or of a typealias's
    /// value (`= Coordinator & Presenting` up to the line's end).
    private static func inherited(_ bytes: UnsafeBufferPointer<UInt8>, after start: Int) -> [String] {
        var index = start
        let end = Swift.min(bytes.count, start + 400)
        var depth = 0
        // Up to the clause: generic parameters are skipped, and anything else ends the header.
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                depth += 1
            } else if byte == UInt8(ascii: ">") {
                depth -= 1
            } else if depth == 0, byte == UInt8(ascii: ":") || byte == UInt8(ascii: "=") {
                break
            } else if depth == 0, byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t"), byte != UInt8(ascii: "\n"),
                byte != UInt8(ascii: "\r")
            {
                return []
            }
            index += 1
        }
        guard index < end else { return [] }
        let isAlias = bytes[index] == UInt8(ascii: "=")
        index += 1
        var names: [String] = []
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{") || (isAlias && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: ";"))) { break }
            if isWordStart(byte) {
                let wordStart = index
                while index < end, isWordByte(bytes[index]) { index += 1 }
                let word = bytes[wordStart..<index]
                if word.elementsEqual("where".utf8) { break }
                names.append(String(decoding: word, as: UTF8.self))
                continue
            }
            index += 1
        }
        return names
    }

    /// FNV-1a, 64 bits: fast, and stable for the life of the process.
    static func hash(_ word: some Collection<UInt8>) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in word {
            value ^= UInt64(byte)
            value &*= 0x100_0000_01b3
        }
        return value
    }

    static func hash(_ word: String) -> UInt64 { hash(word.utf8) }

    /// Whether the file may make, hold or change what is on screen: it names a view controller or a
    /// router, or uses a word UIKit's containers and the routers that wrap them are driven with.
    var mayTouchScreens: Bool { namesControllerOrRouter || contains(any: Self.screenWords) }

    static let screenWords: Set<UInt64> = Set(
        [
            "UIWindow", "viewControllers", "setViewControllers", "present", "push", "toPresent", "toPresentable",
            "Presentable", "setRootModule", "selectedIndex", "makeKeyAndVisible", "addChild",
        ].map(hash))

    func contains(any hashes: Set<UInt64>) -> Bool {
        words.contains(any: hashes)
    }

    private static func isWordStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        isWordStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// `class func`, `class var` and the like declare members, not classes.
    private static func isKeyword(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        ["func", "var", "let", "subscript", "override", "final", "private", "fileprivate", "public", "open", "static"]
            .contains { word.elementsEqual($0.utf8) }
    }
}
