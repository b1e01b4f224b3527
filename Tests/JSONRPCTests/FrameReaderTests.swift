import JSONRPC
import Testing

/// What a frame reader should report: a body, or an error whose reason contains some words.
enum ExpectedEvent: Sendable, CustomStringConvertible {
    case message(String)
    case error(containing: String)

    var description: String {
        switch self {
        case .message(let body): "message \(body.debugDescription)"
        case .error(let words): "error containing \(words.debugDescription)"
        }
    }

    func matches(_ event: FrameReader.Event) -> Bool {
        switch (self, event) {
        case (.message(let expected), .message(let body)): Array(expected.utf8) == body
        case (.error(let words), .error(let reason)): reason.contains(words)
        default: false
        }
    }
}

/// How the bytes of a stream reach the reader.
enum Delivery: Sendable, CaseIterable, CustomTestStringConvertible {
    case allAtOnce
    case byteByByte
    case chunksOfSeven

    var chunkSize: Int? {
        switch self {
        case .allAtOnce: nil
        case .byteByByte: 1
        case .chunksOfSeven: 7
        }
    }

    var testDescription: String { "\(self)" }
}

/// Feeds `bytes` to `reader` as `delivery` says, draining events after every append.
func events(of bytes: [UInt8], delivery: Delivery, reader: inout FrameReader) -> [FrameReader.Event] {
    var events: [FrameReader.Event] = []
    let size = delivery.chunkSize ?? max(1, bytes.count)
    var offset = 0
    while offset < bytes.count {
        reader.append(bytes[offset..<min(offset + size, bytes.count)])
        offset += size
        while let event = reader.next() { events.append(event) }
    }
    return events
}

/// Expects `events` to match `expected` one for one.
func expectEvents(
    _ events: [FrameReader.Event], _ expected: [ExpectedEvent], sourceLocation: SourceLocation = #_sourceLocation
) {
    let shown = events.map { event -> String in
        switch event {
        case .message(let body): "message \(String(decoding: body, as: UTF8.self).debugDescription)"
        case .error(let reason): "error \(reason.debugDescription)"
        }
    }
    #expect(events.count == expected.count, "got \(shown), expected \(expected)", sourceLocation: sourceLocation)
    for (event, expectation) in zip(events, expected) where !expectation.matches(event) {
        Issue.record("got \(shown), expected \(expected)", sourceLocation: sourceLocation)
        return
    }
}

/// A byte stream and the events it must produce, however it is delivered.
struct StreamCase: Sendable, CustomTestStringConvertible {
    let name: String
    let stream: String
    let expected: [ExpectedEvent]
    var maxBodyBytes = 64 << 20
    var maxHeaderBytes = 8192

    var testDescription: String { name }
}

/// A correct frame whose body is `body`.
func good(_ body: String) -> String { "Content-Length: \(body.utf8.count)\r\n\r\n\(body)" }

@Suite("Frame reader")
struct FrameReaderTests {
    static let cases: [StreamCase] = [
        StreamCase(name: "one frame", stream: good(#"{"a":[1,2,3]}"#), expected: [.message(#"{"a":[1,2,3]}"#)]),
        StreamCase(
            name: "many frames, one of them empty and one with non-ASCII",
            stream: good("{}") + good("") + good(#"{"é":"😀"}"#) + good("[1]"),
            expected: [.message("{}"), .message(""), .message(#"{"é":"😀"}"#), .message("[1]")]),
        StreamCase(
            name: "headers in another order, with extra headers",
            stream:
                "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nX-Trace: abc\r\nContent-Length: 2\r\nX-Other:\r\n\r\n{}"
                + good("[]"),
            expected: [.message("{}"), .message("[]")]),
        StreamCase(
            name: "header names in any case, values with spaces and tabs around",
            stream: "content-LENGTH: \t 2 \t\r\n\r\n{}", expected: [.message("{}")]),
        StreamCase(
            name: "charset=utf8 and quoted UTF-8 accepted",
            stream: "Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf8\r\n\r\n{}"
                + "Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=\"UTF-8\"\r\n\r\n[]",
            expected: [.message("{}"), .message("[]")]),
        StreamCase(
            name: "charset=latin1 refused, the next frame still read",
            stream: "Content-Length: 7\r\nContent-Type: application/vscode-jsonrpc; charset=latin1\r\n\r\n{\"a\":1}" + good("{}"),
            expected: [.error(containing: "unsupported charset 'latin1'"), .message("{}")]),
        StreamCase(
            name: "bare LF line endings",
            stream: "Content-Length: 2\nContent-Type: application/vscode-jsonrpc; charset=utf-8\n\n{}Content-Length: 2\n\n[]",
            expected: [.message("{}"), .message("[]")]),
        StreamCase(
            name: "blank lines between frames",
            stream: good("{}") + "\r\n\n\r\n" + good("[]") + "\n",
            expected: [.message("{}"), .message("[]")]),
        StreamCase(
            name: "missing Content-Length, then a good frame",
            stream: "Content-Type: application/vscode-jsonrpc\r\n\r\n{\"lost\":true}" + good("{}"),
            expected: [.error(containing: "missing Content-Length"), .message("{}")]),
        StreamCase(
            name: "non-numeric Content-Length, then a good frame",
            stream: "Content-Length: twelve\r\n\r\n{\"lost\":true}" + good("{}"),
            expected: [.error(containing: "Content-Length 'twelve' is not a non-negative integer"), .message("{}")]),
        StreamCase(
            name: "negative Content-Length, then a good frame",
            stream: "Content-Length: -2\r\n\r\n{}" + good("[]"),
            expected: [.error(containing: "is not a non-negative integer"), .message("[]")]),
        StreamCase(
            name: "empty Content-Length, then a good frame",
            stream: "Content-Length:\r\n\r\n{}" + good("[]"),
            expected: [.error(containing: "is not a non-negative integer"), .message("[]")]),
        StreamCase(
            name: "Content-Length 9999999999999999, then a good frame",
            stream: "Content-Length: 9999999999999999\r\n\r\n" + String(repeating: "x", count: 300) + good("{}"),
            expected: [.error(containing: "exceeds the maximum of \(64 << 20) bytes"), .message("{}")]),
        StreamCase(
            name: "Content-Length of 25 digits, then a good frame",
            stream: "Content-Length: 1234567890123456789012345\r\n\r\n" + good("{}"),
            expected: [.error(containing: "exceeds the maximum"), .message("{}")]),
        StreamCase(
            name: "declared length above a small maximum, then a good frame",
            stream: good("123456789") + good("12345678"),
            expected: [.error(containing: "Content-Length 9 exceeds the maximum of 8 bytes"), .message("12345678")],
            maxBodyBytes: 8),
        StreamCase(
            name: "declared length shorter than the body: the frame is cut, the rest reported",
            stream: "Content-Length: 5\r\n\r\n{\"a\":1}" + good("{}"),
            expected: [.message(#"{"a":"#), .error(containing: "malformed header"), .message("{}")]),
        StreamCase(
            name: "a line without a colon in the headers, then a good frame",
            stream: "garbage line\r\n\r\n" + good("{}"),
            expected: [.error(containing: "malformed header line 'garbage line'"), .message("{}")]),
        StreamCase(
            name: "a header line longer than the maximum, then a good frame",
            stream: String(repeating: "x", count: 100) + "\r\n" + good("{}"),
            expected: [.error(containing: "header block longer than 64 bytes"), .message("{}")],
            maxHeaderBytes: 64),
        StreamCase(
            name: "headers that never end, longer than the maximum, then a good frame",
            stream: String(repeating: "X-Filler: 0123456789\r\n", count: 10) + "\r\n{}" + good("[]"),
            expected: [.error(containing: "header block longer than 64 bytes"), .message("[]")],
            maxHeaderBytes: 64),
        // The junk has no line break, so the next frame's header ends its first line.
        StreamCase(
            name: "junk without a line break longer than the maximum, directly followed by a good frame",
            stream: String(repeating: "x", count: 100) + good("{}"),
            expected: [.error(containing: "header block longer than 64 bytes"), .message("{}")],
            maxHeaderBytes: 64),
        StreamCase(name: "EOF inside the headers", stream: "Content-Len", expected: []),
        StreamCase(name: "EOF after the headers", stream: "Content-Length: 10\r\n\r\n", expected: []),
        StreamCase(
            name: "EOF inside the body", stream: good("{}") + "Content-Length: 10\r\n\r\n{\"a\"", expected: [.message("{}")]),
        StreamCase(
            name: "EOF inside a resynchronisation", stream: "Content-Length: x\r\n\r\nContent-Le",
            expected: [.error(containing: "'x'")]),
    ]

    @Test("reads frames and errors the same however the bytes arrive", arguments: cases, Delivery.allCases)
    func stream(_ example: StreamCase, _ delivery: Delivery) {
        var reader = FrameReader(maxBodyBytes: example.maxBodyBytes, maxHeaderBytes: example.maxHeaderBytes)
        expectEvents(events(of: Array(example.stream.utf8), delivery: delivery, reader: &reader), example.expected)
    }

    @Test("a body of exactly the maximum is accepted")
    func bodyAtMaximum() {
        var reader = FrameReader(maxBodyBytes: 8)
        expectEvents(events(of: Array(good("12345678").utf8), delivery: .allAtOnce, reader: &reader), [.message("12345678")])
    }

    @Test("a huge declared length allocates nothing for the body and the stream recovers")
    func hugeLengthHoldsNothing() {
        var reader = FrameReader()
        reader.append(Array("Content-Length: 9999999999999999\r\n\r\n".utf8))
        expectEvents([reader.next()].compactMap { $0 }, [.error(containing: "exceeds the maximum")])
        // The client goes on sending the body it announced; none of it is kept.
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 << 10)
        for _ in 0..<32 {
            reader.append(chunk)
            #expect(reader.next() == nil)
            #expect(reader.bufferedByteCount < 64)
        }
        reader.append(Array(good("{}").utf8))
        expectEvents([reader.next(), reader.next()].compactMap { $0 }, [.message("{}")])
        #expect(reader.bufferedByteCount == 0)
    }

    @Test("header junk without a line break is not kept beyond the maximum")
    func headerJunkHoldsLittle() {
        var reader = FrameReader(maxHeaderBytes: 256)
        var sawError = false
        for _ in 0..<1000 {
            reader.append(Array("junk-without-newline ".utf8))
            while let event = reader.next() {
                if case .error(let reason) = event, reason.contains("header block longer than 256 bytes") { sawError = true }
            }
            #expect(reader.bufferedByteCount <= 256 + 21)
        }
        #expect(sawError)
        reader.append(Array(("\r\n" + good("{}")).utf8))
        expectEvents([reader.next(), reader.next()].compactMap { $0 }, [.message("{}")])
    }

    /// The junk and the start of the next header arrive in one read, the header's end in the next.
    @Test("a header that starts in the same read as overlong junk is still found")
    func headerAfterJunkInOneRead() {
        var reader = FrameReader(maxHeaderBytes: 64)
        var received: [FrameReader.Event] = []
        reader.append(Array((String(repeating: "x", count: 100) + "Content-Length: 2").utf8))
        while let event = reader.next() { received.append(event) }
        reader.append(Array("\r\n\r\n{}".utf8))
        while let event = reader.next() { received.append(event) }
        expectEvents(received, [.error(containing: "header block longer than 64 bytes"), .message("{}")])
    }

    @Test("frames are read one at a time, and a delivered frame leaves nothing buffered")
    func bufferedCount() {
        var reader = FrameReader()
        reader.append(Array((good("{}") + good("[1]") + "Content-Length: 3\r\n").utf8))
        #expect(reader.next() == .message(Array("{}".utf8)))
        #expect(reader.next() == .message(Array("[1]".utf8)))
        #expect(reader.next() == nil)
        #expect(reader.bufferedByteCount == "Content-Length: 3\r\n".utf8.count)
        reader.append(Array("\r\n[2]".utf8))
        #expect(reader.next() == .message(Array("[2]".utf8)))
        #expect(reader.bufferedByteCount == 0)
    }

    @Test("many frames through the reader's compaction keep every byte")
    func longStream() {
        var reader = FrameReader()
        var received: [String] = []
        for index in 0..<3000 {
            let body = "{\"n\":\(index),\"pad\":\"\(String(repeating: "p", count: index % 97))\"}"
            // Split each frame in two appends so bodies straddle the buffer's compaction.
            let bytes = Array(good(body).utf8)
            reader.append(bytes[..<(bytes.count / 2)])
            while case .message(let body)? = reader.next() { received.append(String(decoding: body, as: UTF8.self)) }
            reader.append(bytes[(bytes.count / 2)...])
            while case .message(let body)? = reader.next() { received.append(String(decoding: body, as: UTF8.self)) }
        }
        #expect(received.count == 3000)
        #expect(received.enumerated().allSatisfy { $1.hasPrefix("{\"n\":\($0),") })
    }
}

@Suite("Framing for the wire")
struct FrameWriterTests {
    @Test(
        "frame(_:) writes the exact header, counting bytes",
        arguments: [
            ("{}", "Content-Length: 2\r\n\r\n{}"),
            ("", "Content-Length: 0\r\n\r\n"),
            (#""é😀""#, "Content-Length: 8\r\n\r\n\"é😀\""),
        ])
    func exactHeader(_ body: String, _ framed: String) {
        #expect(frame(Array(body.utf8)) == Array(framed.utf8))
    }

    @Test("what frame(_:) writes, the reader reads back")
    func roundTrip() {
        let bodies = ["{}", "", #"{"jsonrpc":"2.0","id":1,"result":"é"}"#, String(repeating: "a", count: 100_000)]
        var reader = FrameReader()
        for body in bodies { reader.append(frame(Array(body.utf8))) }
        var received: [String] = []
        while case .message(let body)? = reader.next() { received.append(String(decoding: body, as: UTF8.self)) }
        #expect(received == bodies)
    }
}
