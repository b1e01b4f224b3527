/// A quick look at a file's bytes, without parsing it: which words it contains, and the hints a
/// coordinator protocol or base class leaves. It decides which files are worth parsing.
///
/// The scan does not know comments or strings, so it may see a word that is not code; that only
/// makes a file parsed that could have been skipped, never the reverse.
struct WordScan: Sendable {
    /// Hashes of every identifier-like word.
    var words: Set<UInt64> = []
    /// Names written after `class` or `protocol`.
    var declared: [String] = []
    /// Names written after `enum`.
    var enums: [String] = []
    /// Names written alone in brackets, `[Name]` or `[any Name]`: possible children arrays.
    var bracketed: [String] = []
    /// Hashes of the capitalized words written only where a type is named and nothing is made or
    /// declared: `weak var coordinator: HomeCoordinator?`, a parameter's type, `as? HomeCoordinator`.
    /// Empty for a file that declares a protocol or an enum, whose requirements and cases the
    /// analysis reads by name wherever they are written.
    var typeOnly: Set<UInt64> = []
    /// Each class, protocol, struct, enum or actor declared and each type extended, with the
    /// names written in its inheritance clause (or a typealias with those it is made of), as
    /// words: more than the parser would keep (`Foo.Bar` gives both), never fewer.
    var headers: [(name: String, inherited: [String])] = []

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
        var index = 0
        let end = bytes.count
        // Capitalized words seen in a type-only place, and elsewhere.
        var typed: Set<UInt64> = []
        var untyped: Set<UInt64> = []
        var declaresProtocolOrEnum = false
        while index < end {
            let byte = bytes[index]
            if Self.isWordStart(byte) {
                let start = index
                while index < end, Self.isWordByte(bytes[index]) { index += 1 }
                let word = bytes[start..<index]
                let hash = Self.hash(word)
                words.insert(hash)
                if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") {
                    if Self.isTypeOnly(bytes, start: start, end: index) {
                        typed.insert(hash)
                    } else {
                        untyped.insert(hash)
                    }
                }
                if Self.isTypeIntroducer(previousWord), !Self.isKeyword(word) {
                    headers.append((String(decoding: word, as: UTF8.self), Self.inherited(bytes, after: index)))
                }
                if previousWord.elementsEqual("class".utf8) || previousWord.elementsEqual("protocol".utf8),
                    !Self.isKeyword(word)
                {
                    declared.append(String(decoding: word, as: UTF8.self))
                    if previousWord.elementsEqual("protocol".utf8) { declaresProtocolOrEnum = true }
                } else if previousWord.elementsEqual("enum".utf8) {
                    declaresProtocolOrEnum = true
                    enums.append(String(decoding: word, as: UTF8.self))
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
        if !declaresProtocolOrEnum, !typed.isEmpty { typeOnly = typed.subtracting(untyped) }
    }

    /// Whether the word at `start..<end` names a type and nothing else: after `name:` (a
    /// property's or a parameter's type) and followed by the end of the declaration, without a
    /// value or a getter, or after `as?`, `as!`, `as` or `is` and not called or followed by a member.
    /// Anything else (`class Home: Coordinator`, `-> Coordinator`, `[Coordinator]`,
    /// `let home: HomeCoordinator = .init(…)`) is not.
    private static func isTypeOnly(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Bool {
        var before = skippingSpaces(bytes, backFrom: start)
        // `any Coordinator`, `some Coordinator`.
        if let word = wordBefore(bytes, at: before), wordEquals(bytes, word, "any") || wordEquals(bytes, word, "some") {
            before = skippingSpaces(bytes, backFrom: word.lowerBound)
        }
        guard before > 0 else { return false }
        var after = end
        while after < bytes.count, bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t") { after += 1 }
        let next: UInt8? = after < bytes.count ? bytes[after] : nil
        let previous = bytes[before - 1]
        if previous == UInt8(ascii: ":") {
            // The name before the colon: a property, a parameter or a label, never a type being declared.
            let nameEnd = skippingSpaces(bytes, backFrom: before - 1)
            guard let name = wordBefore(bytes, at: nameEnd),
                bytes[name.lowerBound] >= UInt8(ascii: "a") && bytes[name.lowerBound] <= UInt8(ascii: "z")
                    || bytes[name.lowerBound] == UInt8(ascii: "_")
            else { return false }
            if let keyword = wordBefore(bytes, at: skippingSpaces(bytes, backFrom: name.lowerBound)),
                Self.declarationKeywords.contains(where: { wordEquals(bytes, keyword, $0) })
            {
                return false
            }
            var end = next
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
                after += 1
                while after < bytes.count, bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t") {
                    after += 1
                }
                end = after < bytes.count ? bytes[after] : nil
            }
            guard let end else { return true }
            switch end {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: ";"),
                UInt8(ascii: "}"), UInt8(ascii: "/"):
                return true
            default:
                return false
            }
        }
        var castEnd = before
        if previous == UInt8(ascii: "?") || previous == UInt8(ascii: "!") {
            castEnd = skippingSpaces(bytes, backFrom: before - 1)
        }
        guard let cast = wordBefore(bytes, at: castEnd),
            wordEquals(bytes, cast, "as") || (castEnd == before && wordEquals(bytes, cast, "is"))
        else { return false }
        return next != UInt8(ascii: "(") && next != UInt8(ascii: ".") && next != UInt8(ascii: "<")
    }

    private static func isTypeIntroducer(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        ["class", "protocol", "struct", "enum", "actor", "extension", "typealias"].contains { word.elementsEqual($0.utf8) }
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

    /// Words before a name that make it a type being declared or a case, not a property.
    private static let declarationKeywords = ["class", "struct", "enum", "protocol", "extension", "actor", "case"]

    /// The position after the last byte before `position` that is not a space, tab or line break.
    private static func skippingSpaces(_ bytes: UnsafeBufferPointer<UInt8>, backFrom position: Int) -> Int {
        var position = position
        while position > 0 {
            switch bytes[position - 1] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): position -= 1
            default: return position
            }
        }
        return position
    }

    /// The word ending right before `position`, if one does.
    private static func wordBefore(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Range<Int>? {
        var start = position
        while start > 0, isWordByte(bytes[start - 1]) { start -= 1 }
        return start < position ? start..<position : nil
    }

    private static func wordEquals(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: String) -> Bool {
        bytes[range].elementsEqual(word.utf8)
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

    func contains(any hashes: Set<UInt64>) -> Bool {
        hashes.count < words.count ? !hashes.isDisjoint(with: words) : !words.isDisjoint(with: hashes)
    }

    /// Whether the file mentions one of `hashes` other than as a type only (``typeOnly``): such a
    /// file may declare, make or hand out a coordinator.
    func uses(any hashes: Set<UInt64>) -> Bool {
        if typeOnly.isEmpty { return contains(any: hashes) }
        return hashes.contains { words.contains($0) && !typeOnly.contains($0) }
    }

    /// Whether the file mentions one of `hashes` only as a type.
    func mentionsOnlyAsType(any hashes: Set<UInt64>) -> Bool {
        !typeOnly.isEmpty && contains(any: hashes) && !uses(any: hashes)
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
