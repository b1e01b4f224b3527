/// `file://` URIs as LSP clients send them, and the paths they name (RFC 8089, RFC 3986).
public enum FileURI {
    /// Bytes left as they are: RFC 3986's unreserved characters, and `/`.
    private static func isPlain(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || "-._~/".utf8.contains(byte)
    }

    /// `file:///a%20b/c.swift` for `/a b/c.swift`.
    public static func uri(forPath path: String) -> String {
        var encoded = "file://"
        for byte in path.utf8 {
            if isPlain(byte) {
                encoded.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }

    /// The absolute path a `file://` URI names (`file:///p` or `file://localhost/p`), or nil for
    /// another scheme or a malformed escape.
    public static func path(forURI uri: String) -> String? {
        var rest: Substring
        if uri.hasPrefix("file:///") {
            rest = uri.dropFirst("file://".count)
        } else if uri.hasPrefix("file://localhost/") {
            rest = uri.dropFirst("file://localhost".count)
        } else {
            return nil
        }
        if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
        var bytes: [UInt8] = []
        var iterator = Array(rest.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
