/// The shape of a document's first two levels, found by one pass of ``JSONScanner``.
///
/// The tree document keeps its large lists one level below the top object, so the loader can
/// parse each list element on its own instead of building one huge json-c tree.
public struct JSONOutline: Sendable {
    /// One member of the top-level object.
    public struct Member: Sendable {
        /// The byte range of the key's string token, quotes included.
        public var keyRange: Range<Int>
        /// The byte range of the member's value.
        public var valueRange: Range<Int>
        /// The byte ranges of the elements when the value is an array, otherwise nil.
        public var elements: [Range<Int>]?
    }

    /// Whether the top-level value is an object.
    public var isObject: Bool
    /// The byte range of the top-level value.
    public var valueRange: Range<Int>
    /// The members of the top-level object, in order; empty for other kinds.
    public var members: [Member]
}

/// A strict, single-pass JSON lexer and structure checker.
///
/// json-c 0.16 in strict mode still accepts raw control characters in strings, `NaN`,
/// `Infinity`, `1.` and integers that overflow 64 bits (it saturates them).
/// The scanner rejects all of these before json-c sees the bytes, and bounds the nesting depth
/// so json-c's recursive free and serialize never run deep.
/// UTF-8 is checked by json-c (`JSON_TOKENER_VALIDATE_UTF8`) on every range it parses.
struct JSONScanner {
    private let bytes: UnsafeRawBufferPointer
    private let maxDepth: Int
    private var index = 0
    /// True when a number that may overflow a double was seen (an exponent, or over 308 digits).
    private(set) var sawExponent = false

    init(bytes: UnsafeRawBufferPointer, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// Checks the whole input and returns the outline of its first two levels.
    mutating func scan(recordOutline: Bool) throws(JSONParseError) -> JSONOutline {
        // Frames of open containers: true for an object, false for an array.
        var frames: [Bool] = []
        frames.reserveCapacity(16)
        var outline = JSONOutline(isObject: false, valueRange: 0..<0, members: [])
        var memberKey = 0..<0
        var memberStart = 0
        var elementStart = 0
        // The element ranges of the top-level member being read, when it is an array.
        var memberElements: [Range<Int>]? = nil

        skipWhitespace()
        if index == bytes.count { throw error("empty input: expected a JSON value") }
        let topStart = index
        var topEnd = index
        outline.isObject = bytes[index] == UInt8(ascii: "{")

        // Each iteration reads one value, then the punctuation that follows it.
        valueLoop: while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input: expected a value") }
            if recordOutline {
                if isTopLevelMember(frames) { memberStart = index }
                if isTopLevelArrayElement(frames) { elementStart = index }
            }

            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if frames.count >= maxDepth {
                    throw error("nesting deeper than \(maxDepth) levels")
                }
                let isObject = byte == UInt8(ascii: "{")
                if recordOutline && !isObject && isTopLevelMember(frames) { memberElements = [] }
                frames.append(isObject)
                index += 1
                skipWhitespace()
                let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if index < bytes.count, bytes[index] == closer {
                    // An empty container is a complete value: go on to the punctuation after it.
                    index += 1
                    frames.removeLast()
                } else {
                    if isObject {
                        let key = try scanKey()
                        if recordOutline && frames.count == 1 { memberKey = key }
                    }
                    continue valueLoop
                }
            case UInt8(ascii: "\""):
                try skipString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try scanNumber()
            case UInt8(ascii: "t"): try expectLiteral("true")
            case UInt8(ascii: "f"): try expectLiteral("false")
            case UInt8(ascii: "n"): try expectLiteral("null")
            case UInt8(ascii: "N"), UInt8(ascii: "I"):
                throw error("NaN and Infinity are not JSON numbers")
            default:
                throw error("unexpected character \(describe(byte)): expected a value")
            }

            // A value just ended: record it, then read ',' or a closing bracket, as often as they come.
            while true {
                if frames.isEmpty { topEnd = index }
                if recordOutline {
                    if isTopLevelArrayElement(frames) {
                        memberElements?.append(elementStart..<index)
                    } else if isTopLevelMember(frames) {
                        outline.members.append(
                            .init(keyRange: memberKey, valueRange: memberStart..<index, elements: memberElements))
                        memberElements = nil
                    }
                }
                skipWhitespace()
                guard let isObject = frames.last else { break valueLoop }
                guard index < bytes.count else {
                    throw error("unexpected end of input: expected ',' or '\(isObject ? "}" : "]")'")
                }
                let next = bytes[index]
                if next == UInt8(ascii: ",") {
                    index += 1
                    if isObject {
                        let key = try scanKey()
                        if recordOutline && frames.count == 1 { memberKey = key }
                    }
                    continue valueLoop
                }
                if next == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                    frames.removeLast()
                    continue
                }
                throw error("unexpected character \(describe(next)): expected ',' or '\(isObject ? "}" : "]")'")
            }
        }

        outline.valueRange = topStart..<topEnd
        skipWhitespace()
        if index != bytes.count {
            throw error("unexpected \(describe(bytes[index])) after the end of the JSON value")
        }
        return outline
    }

    /// True when a value read now is a member of the top-level object.
    @inline(__always) private func isTopLevelMember(_ frames: [Bool]) -> Bool {
        frames.count == 1 && frames[0]
    }

    /// True when a value read now is an element of an array that is a top-level member.
    @inline(__always) private func isTopLevelArrayElement(_ frames: [Bool]) -> Bool {
        frames.count == 2 && frames[0] && !frames[1]
    }

    // MARK: - Tokens

    /// Reads `"key"` then `:` inside an object, returning the key token's range.
    private mutating func scanKey() throws(JSONParseError) -> Range<Int> {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of input: expected a member name") }
        guard bytes[index] == UInt8(ascii: "\"") else {
            throw error("unexpected character \(describe(bytes[index])): expected a member name in double quotes")
        }
        let start = index
        try skipString()
        let key = start..<index
        if containsEscapedNUL(key) {
            index = start
            throw error("member names may not contain U+0000")
        }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error("expected ':' after a member name")
        }
        index += 1
        return key
    }

    private mutating func skipString() throws(JSONParseError) {
        let start = index
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                index += 1
                guard index < bytes.count else { break }
                switch bytes[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                case UInt8(ascii: "u"):
                    index += 1
                    for _ in 0..<4 {
                        guard index < bytes.count, isHexDigit(bytes[index]) else {
                            throw error("\\u must be followed by four hexadecimal digits")
                        }
                        index += 1
                    }
                default:
                    throw error("invalid escape \\\(describe(bytes[index])) in a string")
                }
                continue
            }
            if byte < 0x20 {
                throw error("raw control character \(describe(byte)) inside a string (write it escaped)")
            }
            if byte >= 0x80 {
                try skipUTF8Sequence()
                continue
            }
            index += 1
        }
        index = start
        throw error("unterminated string")
    }

    /// Checks one multi-byte UTF-8 sequence (RFC 3629): no overlong forms, no surrogates,
    /// nothing above U+10FFFF. json-c 0.16's own check lets those through.
    private mutating func skipUTF8Sequence() throws(JSONParseError) {
        let lead = bytes[index]
        let (count, secondRange): (Int, ClosedRange<UInt8>)
        switch lead {
        case 0xC2...0xDF: (count, secondRange) = (1, 0x80...0xBF)
        case 0xE0: (count, secondRange) = (2, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (count, secondRange) = (2, 0x80...0xBF)
        case 0xED: (count, secondRange) = (2, 0x80...0x9F)
        case 0xF0: (count, secondRange) = (3, 0x90...0xBF)
        case 0xF1...0xF3: (count, secondRange) = (3, 0x80...0xBF)
        case 0xF4: (count, secondRange) = (3, 0x80...0x8F)
        default: throw error("invalid UTF-8 (\(describe(lead))) in a string")
        }
        guard index + count < bytes.count, secondRange.contains(bytes[index + 1]) else {
            throw error("invalid UTF-8 sequence in a string")
        }
        for offset in stride(from: 2, through: count, by: 1) where !(0x80...0xBF).contains(bytes[index + offset]) {
            throw error("invalid UTF-8 sequence in a string")
        }
        index += count + 1
    }

    /// Checks `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` and that integers fit 64 bits.
    private mutating func scanNumber() throws(JSONParseError) {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let integerStart = index
        guard index < bytes.count, isDigit(bytes[index]) else {
            if index < bytes.count, bytes[index] == UInt8(ascii: "I") {
                throw error("NaN and Infinity are not JSON numbers")
            }
            throw error("a number needs digits after '-'")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                index = start
                throw error("numbers may not have leading zeros")
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let integerDigits = integerStart..<index
        // More than 308 digits before the point overflow a double even without an exponent.
        if integerDigits.count > 308 { sawExponent = true }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number needs digits after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            sawExponent = true
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number needs digits in its exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if isInteger && !fits64Bits(integerDigits, negative: negative) {
            let end = index
            index = start
            throw error("integer \(text(start..<end)) does not fit in 64 bits")
        }
    }

    /// json-c saturates integers outside [Int64.min, UInt64.max]; those are refused here.
    private func fits64Bits(_ digits: Range<Int>, negative: Bool) -> Bool {
        let limit = negative ? "9223372036854775808" : "18446744073709551615"
        if digits.count != limit.utf8.count { return digits.count < limit.utf8.count }
        for (offset, limitDigit) in limit.utf8.enumerated() {
            let digit = bytes[digits.lowerBound + offset]
            if digit != limitDigit { return digit < limitDigit }
        }
        return true
    }

    private mutating func expectLiteral(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        let matches =
            index + count <= bytes.count
            && (0..<count).allSatisfy { bytes[index + $0] == word.utf8Start[$0] }
        guard matches else {
            throw error("unexpected character \(describe(bytes[index])): expected a value")
        }
        index += count
    }

    @inline(__always) private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    // MARK: - Helpers

    /// True when a string token contains the escape `\u0000` (json-c keeps member names as C strings).
    private func containsEscapedNUL(_ token: Range<Int>) -> Bool {
        var index = token.lowerBound
        while index + 6 <= token.upperBound {
            if bytes[index] == UInt8(ascii: "\\") {
                if bytes[index + 1] == UInt8(ascii: "u"), (2..<6).allSatisfy({ bytes[index + $0] == UInt8(ascii: "0") }) {
                    return true
                }
                index += 2
            } else {
                index += 1
            }
        }
        return false
    }

    @inline(__always) private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    private func text(_ range: Range<Int>) -> String {
        let clipped = range.lowerBound..<min(range.upperBound, range.lowerBound + 40)
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[clipped]), as: UTF8.self)
    }

    private func describe(_ byte: UInt8) -> String {
        if byte < 0x20 || byte == 0x7F {
            let hex = String(byte, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        if byte >= 0x80 { return "byte 0x" + String(byte, radix: 16, uppercase: true) }
        return "'\(Character(Unicode.Scalar(byte)))'"
    }

    private func error(_ reason: String) -> JSONParseError {
        JSONParseError(reason: reason, offset: index, in: bytes)
    }
}
