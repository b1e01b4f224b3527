import Foundation
import Testing

@testable import SourceIndex

@Suite("Reading a source file")
struct SourceReadTests {
    private func written(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-read-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(
        "a file's text is its bytes as UTF-8, whatever its length, invalid sequences repaired",
        arguments: [0, 1, 4_095, 65_535, 65_536, 65_537, 300_001])
    func text(length: Int) throws {
        // ASCII, two- and four-byte characters, and a byte that is not UTF-8 every so often.
        let pattern: [UInt8] = Array("let é = \"👍\"\n".utf8) + [0xFF]
        let bytes = (0..<length).map { pattern[$0 % pattern.count] }
        let path = try written(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try SwiftFiles.read(path).get() == String(decoding: bytes, as: UTF8.self))
    }

    @Test(
        "a file's UTF-8 bytes are its bytes when valid, and a String's repaired bytes when not",
        arguments: [false, true])
    func utf8(invalid: Bool) throws {
        let valid = Array("let é = \"👍\" // 漢字\n".utf8)
        let bytes: [UInt8] = Array(repeating: valid, count: 500).flatMap { $0 } + (invalid ? [0xC0, 0x80] : [])
        let path = try written(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let read = try SwiftFiles.readUTF8(path).get()
        #expect(read == Array(String(decoding: bytes, as: UTF8.self).utf8))
        #expect((read == bytes) == !invalid)
    }

    @Test("the UTF-8 check agrees with Swift's own on well-formed, ill-formed and random bytes")
    func utf8Check() {
        let cases: [[UInt8]] = [
            [], Array("plain ASCII, longer than eight bytes".utf8), Array("é 👍 漢字 \u{10FFFF}".utf8),
            [0x80], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82], Array("abcdefg".utf8) + [0xE2, 0x82],
            [0xFF], Array("12345678".utf8) + [0xC3],
        ]
        for bytes in cases {
            #expect(UTF8Check.isValid(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            // Mostly ASCII with high bytes here and there, as source files are.
            let bytes = (0..<Int.random(in: 0..<40, using: &generator)).map { _ -> UInt8 in
                let high = Bool.random(using: &generator)
                return high ? UInt8.random(in: 0x80...0xFF, using: &generator) : UInt8.random(in: 0x20..<0x7F, using: &generator)
            }
            #expect(UTF8Check.isValid(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }

    @Test("a file longer than its length said is read to its end (a pipe says none)")
    func pipe() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-pipe-\(UUID().uuidString)").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = String(repeating: "final class A {}\n", count: 10_000)
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: path) {
                handle.write(Data(text.utf8))
                handle.closeFile()
            }
        }
        writer.start()
        #expect(try SwiftFiles.read(path).get() == text)
    }

    @Test(
        "with the length its listing stamped, a file is read without a stat, to its end whether it grew or shrank since",
        arguments: [0, 1, 4_096, 100_000])
    func listedSize(length: Int) throws {
        let bytes = (0..<length + 10).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        let path = try written(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try SwiftFiles.readUTF8(path, size: bytes.count).get() == bytes)
        #expect(try SwiftFiles.readUTF8(path, size: length).get() == bytes, "it grew by 10 bytes")
        #expect(try SwiftFiles.readUTF8(path, size: length + 1_000).get() == bytes, "it shrank")
        #expect(try SwiftFiles.readUTF8(path).get() == bytes)
    }

    @Test("a file that cannot be read gives the system's reason")
    func missing() {
        guard case .failure(let error) = SwiftFiles.read("/nonexistent/navinspect/A.swift") else {
            Issue.record("a missing file was read")
            return
        }
        #expect(error.reason.contains("No such file"))
    }
}
