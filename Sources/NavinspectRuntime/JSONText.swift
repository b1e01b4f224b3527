/// Writes JSON text by hand: the runtime depends on Foundation only and needs no parser.
struct JSONText {
    private(set) var text = ""

    init(capacity: Int = 4096) {
        text.reserveCapacity(capacity)
    }

    mutating func raw(_ fragment: String) {
        text += fragment
    }

    mutating func string(_ value: String) {
        text += "\""
        // Ids and class names need no escape: append them whole.
        var plain = value
        let needsEscape = plain.withUTF8 { bytes in bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C } }
        if !needsEscape {
            text += value
            text += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { text += "null" }
    }

    mutating func int(_ value: Int) {
        text += String(value)
    }

    mutating func optionalInt(_ value: Int?) {
        if let value { int(value) } else { text += "null" }
    }

    /// `"key":` with the comma that separates it from the member before, unless it is the first.
    mutating func key(_ name: String, first: Bool = false) {
        if !first { text += "," }
        string(name)
        text += ":"
    }
}
