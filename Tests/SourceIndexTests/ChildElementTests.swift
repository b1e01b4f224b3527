import Testing

@testable import SourceIndex

/// What a children property's type says it holds, read from its bytes.
@Suite("The element of a children property's type")
struct ChildElementTests {
    @Test("arrays, dictionaries' values, `any`, generic elements; other types hold none")
    func elements() {
        let expected: [(String, String?)] = [
            ("[Coordinator]", "Coordinator"), ("[any Coordinator]", nil),
            // The summary writes a type without its spaces: `[any Coordinator]` is read as `[anyCoordinator]`.
            ("[anyCoordinator]", "Coordinator"), ("[anyCoordinating]", "Coordinating"), ("[anything]", nil),
            ("[UUID:Coordinator]", "Coordinator"),
            ("[UUID: Coordinator]", nil), ("[BaseCoordinator<Void>]", "BaseCoordinator"), ("[Flow2_Old]", "Flow2_Old"),
            ("[String:Any]", "Any"), ("[coordinator]", nil), ("[Coordinator?]", nil), ("[[Coordinator]]", nil),
            ("[A.B]", nil), ("[]", nil), ("[any]", nil), ("Coordinator", nil), ("[Coordinator", nil), ("", nil),
            ("[Ünterwegs]", "Ünterwegs"), ("[ÜbersichtCoordinator]", "ÜbersichtCoordinator"), ("[Åb:Ça]", "Ça"),
        ]
        for (typeText, element) in expected {
            #expect(Convention.childElement(typeText) == element, "\(typeText)")
        }
    }

    @Test("bytes and characters read every ASCII type alike")
    func sameAsCharacters() {
        // Every arrangement of pieces a type's text is made of, up to three, in brackets.
        let pieces = ["any", "Any", "Coordinator", "x", "_", "9", ":", "<", ">", "?", ".", " ", "[", "]", "Void", "A"]
        var texts: [String] = []
        for a in pieces {
            for b in pieces {
                for c in pieces { texts.append("[" + a + b + c + "]") }
            }
        }
        for text in texts {
            #expect(Convention.childElement(text) == Convention.childElement(ofCharacters: text), "\(text)")
        }
    }
}
