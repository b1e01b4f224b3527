import Testing

@testable import SourceIndex

@Suite("The table of a file's word hashes")
struct WordHashesTests {
    @Test(
        "it holds what a set holds, through growth, with 0 and repeated hashes",
        arguments: [(0, 32), (1, 32), (31, 32), (32, 32), (33, 32), (5_000, 32), (5_000, 1), (40, 10_000)])
    func sameAsSet(count: Int, expected: Int) {
        var generator = SystemRandomNumberGenerator()
        var inserted: [UInt64] = [0, 0, 1, UInt64.max]
        for _ in 0..<count { inserted.append(generator.next()) }
        inserted += inserted.prefix(count / 2)  // again: inserting twice keeps one
        var table = WordHashes(expected: expected)
        for hash in inserted { table.insert(hash) }
        let set = Set(inserted)
        #expect(table.count == set.count)
        for hash in set { #expect(table.contains(hash)) }
        let absent = (0..<1_000).map { _ in generator.next() }.filter { !set.contains($0) }
        #expect(absent.allSatisfy { !table.contains($0) })
        #expect(table.contains(any: absent + [inserted[inserted.count - 1]]))
        #expect(!table.contains(any: absent))
        #expect(!table.contains(any: []))
    }

    @Test("an empty table holds nothing, not even 0")
    func empty() {
        let table = WordHashes()
        #expect(table.count == 0)
        #expect(!table.contains(0))
        #expect(!table.contains(WordScan.hash("Coordinator")))
    }

    @Test("a word's hash is the same wherever its bytes lie: alone, at a file's end, amid other bytes")
    func wordHash() {
        // Every length around the eight bytes read at once, and non-ASCII names.
        let letters = "abcdefghijklmnopqrstuvwxyz0123456789_ABCD"
        let words =
            (1...40).map { String(letters.prefix($0)) } + [
                "Käse", "ÜbersichtCoordinator", "_", "x1",
            ]
        var hashes: Set<UInt64> = []
        for word in words {
            let alone = WordScan.hash(word)
            hashes.insert(alone)
            #expect(WordScan.hash(Array(word.utf8)) == alone, "\(word) as bytes")
            #expect(WordScan.hash(Substring(word).utf8) == alone, "\(word) as a substring's bytes")
            for text in ["let x = \(word)", "\(word)", "\(word)(a)\nlet y = 1 // \(String(repeating: "z", count: 20))"] {
                #expect(WordScan(Array(text.utf8)).contains(any: [alone]), "\(word) in \(text)")
            }
        }
        #expect(hashes.count == words.count, "distinct words, distinct hashes")
        // A word is not its prefix padded with zero bytes.
        #expect(WordScan.hash([UInt8(ascii: "a"), 0]) != WordScan.hash("a"))
    }
}
