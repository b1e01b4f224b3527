import NavinspectLanguage
import Testing

@Suite("Positions, URIs, what is under the cursor")
struct LanguagePartsTests {
    @Test("LSP positions count UTF-16 units; offsets count UTF-8 bytes")
    func positions() {
        let text = "let a = 1\r\nlet 🌿 = \"é\"\rend"
        let positions = TextPositions(text)
        #expect(positions.position(of: 0) == (0, 0))
        #expect(positions.position(of: 11) == (1, 0), "after \\r\\n")
        // "🌿" is 4 UTF-8 bytes and 2 UTF-16 units.
        #expect(positions.position(of: 15) == (1, 4))
        #expect(positions.position(of: 19) == (1, 6))
        #expect(positions.offset(line: 1, character: 6) == 19)
        #expect(positions.offset(line: 2, character: 0) == 27, "after a lone \\r")
        #expect(positions.offset(line: 0, character: 99) == 9, "past the line's end: its end, before the break")
        #expect(positions.offset(line: 9, character: 0) == text.utf8.count, "past the last line: the end")
        #expect(positions.offset(line: 1, character: 5) == 15, "inside a surrogate pair: the character's start")
    }

    @Test("file URIs: spaces and non-ASCII escaped, localhost accepted, other schemes refused")
    func uris() {
        let path = "/Users/ana/My App/Café.swift"
        let uri = FileURI.uri(forPath: path)
        #expect(uri == "file:///Users/ana/My%20App/Caf%C3%A9.swift")
        #expect(FileURI.path(forURI: uri) == path)
        #expect(FileURI.path(forURI: "file://localhost/tmp/a.swift") == "/tmp/a.swift")
        #expect(FileURI.path(forURI: "file:///tmp/a%2Fb.swift") == "/tmp/a/b.swift")
        #expect(FileURI.path(forURI: "https://example.com/a.swift") == nil)
        #expect(FileURI.path(forURI: "file:///bad%zz") == nil)
    }

    @Test("the symbol under the cursor: a type name anywhere in it or just after it, a case in findCoordinator")
    func locator() throws {
        let text = """
            final class AppCoordinator {
                func show() {
                    let home = HomeCoordinator()
                    findCoordinator(type: .home)
                }
            }
            """
        let start = try #require(text.utf8.firstRange(of: "HomeCoordinator".utf8)).lowerBound
        let offset = text.utf8.distance(from: text.utf8.startIndex, to: start)
        for cursor in [offset, offset + 4, offset + 15] {
            let found = try #require(CodeLocator.symbol(at: cursor, in: text))
            #expect(found.symbol == .typeName("HomeCoordinator", span: offset..<(offset + 15)))
            #expect(found.enclosingType == "AppCoordinator")
        }
        let bytes = Array(text.utf8)
        let caseStart = try #require(bytes.firstRange(of: Array("type: .home".utf8))).lowerBound + 6
        let call = try #require(CodeLocator.symbol(at: caseStart + 2, in: text))
        guard case .caseName("home", _, let findCall?) = call.symbol else {
            Issue.record("expected the case in a findCoordinator call, got \(String(describing: call.symbol))")
            return
        }
        #expect(bytes[findCall...].starts(with: Array("findCoordinator".utf8)))
        #expect(CodeLocator.symbol(at: 0, in: text) == nil, "a keyword is nothing")
    }
}
