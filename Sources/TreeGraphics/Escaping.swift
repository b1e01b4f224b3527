/// Escapes text for each of the formats the pictures and the report are written in.
///
/// Class names come from sources and tree documents, which anyone may write, so nothing is
/// written into an output without going through one of these.
enum Escaping {
    /// Text in HTML or XML, in an element or an attribute in double quotes.
    static func markup(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            // XML 1.0 allows no control characters but tab, newline and carriage return.
            case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// Text inside a DOT double-quoted string.
    static func dot(_ text: String) -> String {
        var escaped = ""
        for character in text.unicodeScalars {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n", "\r": escaped += " "
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// Text inside a Mermaid label in double quotes, where `#name;` is Mermaid's entity syntax
    /// (and `|` would end an edge's label).
    static func mermaid(_ text: String) -> String {
        var escaped = ""
        for character in text.unicodeScalars {
            switch character {
            case "\"": escaped += "#quot;"
            case "#": escaped += "#35;"
            case "<": escaped += "#lt;"
            case ">": escaped += "#gt;"
            case "&": escaped += "#amp;"
            case "|": escaped += "#124;"
            case "\n", "\r": escaped += " "
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
