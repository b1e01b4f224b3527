import Testing

@testable import SourceIndex

@Suite("The table of a file's word hashes")
struct WordHashesTests {
    @Test("it holds what a set holds, through growth, with 0 and repeated hashes", arguments: [0, 1, 31, 32, 33, 5_000])
    func sameAsSet(count: Int) {
        var generator = SystemRandomNumberGenerator()
        var inserted: [UInt64] = [0, 0, 1, UInt64.max]
        for _ in 0..<count { inserted.append(generator.next()) }
        inserted += inserted.prefix(count / 2)  // again: inserting twice keeps one
        var table = WordHashes()
        for hash in inserted { table.insert(hash) }
        let set = Set(inserted)
        #expect(table.count == set.count)
        for hash in set { #expect(table.contains(hash)) }
        let absent = (0..<1_000).map { _ in generator.next() }.filter { !set.contains($0) }
        #expect(absent.allSatisfy { !table.contains($0) })
        #expect(table.contains(any: Set(absent + [inserted[inserted.count - 1]])))
        #expect(!table.contains(any: Set(absent)))
        #expect(!table.contains(any: []))
    }

    @Test("an empty table holds nothing, not even 0")
    func empty() {
        let table = WordHashes()
        #expect(table.count == 0)
        #expect(!table.contains(0))
        #expect(!table.contains(WordScan.hash("Coordinator")))
    }
}
