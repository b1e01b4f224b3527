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

    @Test("a file that cannot be read gives the system's reason")
    func missing() {
        guard case .failure(let error) = SwiftFiles.read("/nonexistent/navinspect/A.swift") else {
            Issue.record("a missing file was read")
            return
        }
        #expect(error.reason.contains("No such file"))
    }
}
