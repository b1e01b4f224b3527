/// Splits a byte stream into LSP base-protocol frames (`Content-Length` headers, then a body).
///
/// The reader is pure: bytes go in with ``append(_:)``, frames and framing errors come out of
/// ``next()``. After an error it resynchronises at the next `Content-Length:` header, so one
/// broken frame never ends the session.
public struct FrameReader: Sendable {
    /// What ``next()`` found.
    public enum Event: Sendable, Equatable {
        /// A complete message body.
        case message([UInt8])
        /// A frame that cannot be read; the reason names the problem.
        case error(String)
    }

    /// The largest body accepted; a larger declared length is refused without reading it.
    public let maxBodyBytes: Int
    /// The longest header block accepted, so garbage without line breaks cannot grow the buffer.
    public let maxHeaderBytes: Int

    private var buffer: [UInt8] = []
    /// Bytes of `buffer` already consumed; dropped lazily to keep appends cheap.
    private var start = 0
    /// The body length of the frame whose headers were read, while its body is still arriving.
    private var pendingBodyLength: Int? = nil
    /// True while the body being awaited should be dropped (an unsupported charset).
    private var pendingBodyRefusal: String? = nil
    /// True after an error until the next `Content-Length:` is found.
    private var resynchronizing = false

    public init(maxBodyBytes: Int = 64 << 20, maxHeaderBytes: Int = 8192) {
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderBytes = maxHeaderBytes
    }

    /// The number of bytes held but not yet returned.
    public var bufferedByteCount: Int { buffer.count - start }

    public mutating func append(_ bytes: some Collection<UInt8>) {
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 65536 && start * 2 > buffer.count {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next frame or error, or nil when more bytes are needed.
    public mutating func next() -> Event? {
        while true {
            if resynchronizing {
                guard resynchronize() else { return nil }
            }
            if let length = pendingBodyLength {
                guard buffer.count - start >= length else { return nil }
                let body = Array(buffer[start..<start + length])
                start += length
                pendingBodyLength = nil
                if let refusal = pendingBodyRefusal {
                    pendingBodyRefusal = nil
                    return .error(refusal)
                }
                return .message(body)
            }
            switch readHeaders() {
            case .needMoreBytes:
                return nil
            case .failed(let reason):
                resynchronizing = true
                return .error(reason)
            case .headers(let length, let refusal):
                pendingBodyLength = length
                pendingBodyRefusal = refusal
            }
        }
    }

    private enum HeaderResult {
        case needMoreBytes
        case failed(String)
        case headers(length: Int, refusal: String?)
    }

    /// Reads one header block, ending at an empty line (`\r\n` or a bare `\n`).
    private mutating func readHeaders() -> HeaderResult {
        var contentLength: Int? = nil
        var refusal: String? = nil
        var index = start
        // Skip blank lines between frames: some clients end a body with a newline.
        while index < buffer.count, buffer[index] == UInt8(ascii: "\r") || buffer[index] == UInt8(ascii: "\n") {
            index += 1
        }
        var lineStart = index
        while true {
            guard let newline = buffer[index...].firstIndex(of: UInt8(ascii: "\n")) else {
                if buffer.count - start > maxHeaderBytes {
                    // Resynchronise from the next byte: a good header may follow the junk on this line.
                    start += 1
                    return .failed("header block longer than \(maxHeaderBytes) bytes without an end")
                }
                return .needMoreBytes
            }
            var lineEnd = newline
            if lineEnd > lineStart, buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            let line = buffer[lineStart..<lineEnd]
            index = newline + 1
            if newline + 1 - start > maxHeaderBytes {
                start += 1
                return .failed("header block longer than \(maxHeaderBytes) bytes")
            }
            if line.isEmpty {
                start = index
                guard let length = contentLength else { return .failed("missing Content-Length header") }
                if length > maxBodyBytes {
                    // The body is never read into memory: skip to the next frame instead.
                    return .failed("Content-Length \(length) exceeds the maximum of \(maxBodyBytes) bytes")
                }
                return .headers(length: length, refusal: refusal)
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                start = lineStart + 1
                return .failed("malformed header line '\(text(line))' (expected 'Name: value')")
            }
            let name = line[line.startIndex..<colon]
            guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
                start = lineStart + 1
                return .failed("malformed header name '\(text(name))'")
            }
            let value = trimmed(line[(colon + 1)...])
            switch String(decoding: name, as: UTF8.self).lowercased() {
            case "content-length":
                guard !value.isEmpty, value.count <= 18, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                    let length = Int(String(decoding: value, as: UTF8.self))
                else {
                    if !value.isEmpty, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                        start = index
                        return .failed("Content-Length \(text(value)) exceeds the maximum of \(maxBodyBytes) bytes")
                    }
                    start = index
                    return .failed("Content-Length '\(text(value))' is not a non-negative integer")
                }
                contentLength = length
            case "content-type":
                if let charset = charset(in: value), charset != "utf-8", charset != "utf8" {
                    refusal = "unsupported charset '\(charset)' (only utf-8 is accepted)"
                }
            default:
                break
            }
            lineStart = index
        }
    }

    /// Drops bytes up to the next `Content-Length:` header; false when it has not arrived yet.
    private mutating func resynchronize() -> Bool {
        let marker = Array("content-length:".utf8)
        var index = start
        while index + marker.count <= buffer.count {
            if matches(marker, at: index) {
                start = index
                resynchronizing = false
                return true
            }
            index += 1
        }
        // Keep a tail that may be the start of the marker.
        start = max(start, buffer.count - (marker.count - 1))
        return false
    }

    private func matches(_ marker: [UInt8], at index: Int) -> Bool {
        for offset in 0..<marker.count where buffer[index + offset] | 0x20 != marker[offset] | 0x20 {
            // ':' and '-' are unchanged by the case fold, letters compare case-insensitively.
            return false
        }
        return true
    }

    private func charset(in contentType: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: contentType, as: UTF8.self).lowercased()
        for parameter in text.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingSpaces == "charset" {
                return String(parts[1].trimmingSpaces.filter { $0 != "\"" })
            }
        }
        return nil
    }

    private func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    private func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice.removeFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice.removeLast() }
        return slice
    }

    private func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.prefix(60), as: UTF8.self)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var slice = self
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        return slice
    }
}

/// Frames a message body for the wire.
public func frame(_ body: [UInt8]) -> [UInt8] {
    var framed = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
    framed.reserveCapacity(framed.count + body.count)
    framed.append(contentsOf: body)
    return framed
}
