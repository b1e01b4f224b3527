import Foundation
import Locking
import SwiftParser
import SwiftSyntax
import TestSupport
import Testing

@testable import SourceIndex

/// After an edit, a file the index parsed a moment ago is parsed again from its kept tree: the
/// lines that changed are found, and every node they do not touch is reused. The tree and the
/// summary must be the ones a parse from nothing gives, whatever the edit.
@Suite("Incremental parses after an edit")
struct IncrementalParseTests {
    /// The hunks turn the old text into the new one, none touching the next.
    private func expectReplays(
        _ old: String, _ new: String, limit: Int = 200, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let (a, b) = (Array(old.utf8), Array(new.utf8))
        let hunks = a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { LineDiff.hunks(from: a, to: $0, limit: limit) } }
        var replayed: [UInt8] = []
        var at = 0
        for hunk in hunks {
            replayed += a[at..<hunk.old.lowerBound] + b[hunk.new]
            at = hunk.old.upperBound
        }
        replayed += a[at...]
        #expect(
            String(decoding: replayed, as: UTF8.self) == new, "\(old.debugDescription) → \(new.debugDescription)",
            sourceLocation: sourceLocation)
        #expect(
            zip(hunks, hunks.dropFirst()).allSatisfy { $0.old.upperBound < $1.old.lowerBound }, sourceLocation: sourceLocation)
        #expect(b.withUnsafeBufferPointer { LineDiff.replays(hunks, from: a, to: $0) }, sourceLocation: sourceLocation)
        if old == new { #expect(hunks.isEmpty, sourceLocation: sourceLocation) }
    }

    @Test("the hunks of a line diff replay the edit")
    func hunksReplay() {
        let cases: [(String, String)] = [
            ("", ""), ("", "a\n"), ("a\n", ""), ("a\nb\nc\n", "a\nb\nc\n"), ("a\nb\nc\n", "a\nx\nc\n"),
            ("a\nb\nc", "a\nb\nc\nd"), ("a\nb\nc\n", "b\nc\n"), ("a\nb\nc\n", "a\nb\n"), ("a\nb\n", "x\na\nb\ny\n"),
            ("a\nb\nc\nd\ne\n", "a\nc\nd\nx\ne\n"), ("x", "y"), ("a\na\na\n", "a\na\n"), ("a\n\n\nb\n", "a\n\nb\n\n"),
            ("one\ntwo\n", "one\r\ntwo\n"), ("é\nü\n", "é\nß\nü\n"),
        ]
        for (old, new) in cases { expectReplays(old, new) }
    }

    @Test("hunks that do not give the new text are refused, before a parser could trap on them")
    func wrongHunksRefused() {
        let old = Array("a\nb\nc\n".utf8)
        let new = Array("a\nx\nc\n".utf8)
        let wrong: [[LineDiff.Hunk]] = [
            [], [LineDiff.Hunk(old: 2..<4, new: 2..<3)], [LineDiff.Hunk(old: 2..<4, new: 3..<5)],
            [LineDiff.Hunk(old: 2..<3, new: 2..<3), LineDiff.Hunk(old: 3..<4, new: 3..<4)],
            [LineDiff.Hunk(old: 2..<40, new: 2..<4)],
        ]
        for hunks in wrong {
            #expect(!new.withUnsafeBufferPointer { LineDiff.replays(hunks, from: old, to: $0) }, "\(hunks)")
        }
        #expect(new.withUnsafeBufferPointer { LineDiff.replays([LineDiff.Hunk(old: 2..<4, new: 2..<4)], from: old, to: $0) })
    }

    @Test("random line edits replay, within the step limit and past it")
    func randomEditsReplay() {
        var generator = SeededGenerator(seed: 7)
        let words = ["let a = 1", "}", "func f() {", "", "// note", "class C {", "a.b()"]
        for round in 0..<300 {
            var lines = (0..<Int.random(in: 0...40, using: &generator)).map { _ in words.randomElement(using: &generator)! }
            let old = lines.joined(separator: "\n")
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                let at = Int.random(in: 0...lines.count, using: &generator)
                if Bool.random(using: &generator) || lines.isEmpty || at == lines.count {
                    lines.insert(words.randomElement(using: &generator)!, at: at)
                } else {
                    lines.remove(at: at)
                }
            }
            expectReplays(old, lines.joined(separator: "\n"), limit: round % 2 == 0 ? 200 : 2)
        }
    }

    /// A coordinator long enough for a split in parts, with `count` methods.
    private func coordinator(methods count: Int) -> [String] {
        var lines = ["import UIKit", "", "final class LedgerCoordinator: Coordinator {", "    var children: [Coordinator] = []"]
        for number in 0..<count {
            lines += [
                "    func show\(number)() {", "        let child = Step\(number)Coordinator(parent: self)",
                "        children.append(child)", "        child.start()", "    }", "",
            ]
        }
        lines += ["}", "", "extension LedgerCoordinator {", "    func start() { show0() }", "}", ""]
        return lines
    }

    /// Parses `versions` one after the other through one kept tree, each checked against a parse from nothing.
    private func expectIncrementalParses(_ versions: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let store = Locked(KeptParses())
        let key = KeptParses.Key(path: "Ledger.swift")
        for (number, text) in versions.enumerated() {
            let bytes = Array(text.utf8)
            let tree = bytes.withUnsafeBufferPointer { KeptParses.parse($0, keptAs: key, in: store) }
            let fresh = Parser.parse(source: text)
            #expect(tree.description == text, sourceLocation: sourceLocation)
            #expect(
                tree.debugDescription == fresh.debugDescription, "version \(number) differs from a fresh parse",
                sourceLocation: sourceLocation)
            #expect(
                "\(FileSummarizer.summarize(tree, path: "Ledger.swift"))"
                    == "\(FileSummarizer.summarize(fresh, path: "Ledger.swift"))", sourceLocation: sourceLocation)
        }
        #expect(store.withLock { $0.incrementalParses } == versions.count - 1, sourceLocation: sourceLocation)
    }

    @Test("a file parsed again after edits gives the tree and summary of a parse from nothing")
    func sameAsFresh() {
        let lines = coordinator(methods: 30)
        var versions = [lines.joined(separator: "\n")]
        var edited = lines
        edited.insert("        // a comment", at: 5)
        versions.append(edited.joined(separator: "\n"))
        edited.insert("    func extra() { show1() }", at: edited.count - 2)
        versions.append(edited.joined(separator: "\n"))
        edited[10] = "        let other = Other(parent: self)"
        edited.remove(at: 20)
        versions.append(edited.joined(separator: "\n"))
        // A brace taken out: the rest of the file parses otherwise, and back.
        edited.remove(at: 8)
        versions.append(edited.joined(separator: "\n"))
        versions.append(lines.joined(separator: "\n"))
        versions.append("")
        versions.append(lines.joined(separator: "\n"))
        expectIncrementalParses(versions)
    }

    @Test("random edits of a coordinator parse as from nothing")
    func randomEditsSameAsFresh() {
        var generator = SeededGenerator(seed: 11)
        var lines = coordinator(methods: 20)
        var versions = [lines.joined(separator: "\n")]
        for number in 0..<40 {
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let at = Int.random(in: 0..<lines.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: lines.insert("        // edit \(number)", at: at)
                case 1: lines.insert(lines[at], at: at)
                default: if lines.count > 4 { lines.remove(at: at) }
                }
            }
            versions.append(lines.joined(separator: "\n"))
        }
        expectIncrementalParses(versions)
    }

    /// The tree, then every class with where it is declared and created.
    private func described(_ index: SourceIndex) -> [String] {
        rendered(index) + index.classes.map { "\($0.name) \($0.declaration) \($0.creations) \($0.childClasses)" }
            + index.problems.map(\.description)
    }

    @Test(
        "an app indexed again after each edit of a coordinator is what a fresh index reads, its file parsed incrementally",
        arguments: [false, true])
    func reindexAfterEdits(inParts: Bool) throws {
        let folder = try copy(of: "ProtocolStyle")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A long coordinator, parsed in two parts after an edit when `inParts`.
        let file = folder.appendingPathComponent("Greenhouse/Coordinators/Ledger.swift")
        let original = FilePartsTests.ledger(methods: 60)
        try original.write(to: file, atomically: true, encoding: .utf8)
        let workspace = SourceWorkspace(
            directory: folder.path, pieceThreshold: .max, partThreshold: inParts ? 1024 : .max, partCount: 2, partsBelow: 2)
        _ = workspace.index()
        #expect(workspace.keptParses.withLock { $0.count } == 0, "a first index keeps no tree")
        let edits = [
            original.replacingOccurrences(of: "    func start() {\n", with: "    func start() {\n        // edited\n"),
            original.replacingOccurrences(of: "        audit.start()", with: "        openEntry3(\"x\")\n        audit.start()"),
            original.replacingOccurrences(of: "entry.finishDelegate = self", with: ""),
            original + "\nextension LedgerCoordinator {\n    func extra() { openEntry1(\"y\") }\n}\n",
            original,
        ]
        for (number, text) in edits.enumerated() {
            try text.write(to: file, atomically: true, encoding: .utf8)
            let again = workspace.index()
            #expect(again.work.filesParsed == 1 && again.work.filesParsedInParts == (inParts ? 1 : 0), "edit \(number)")
            #expect(described(again) == described(SourceWorkspace(directory: folder.path).index()), "edit \(number)")
        }
        // The first edit parses from nothing and keeps the trees (of each part, or of the file); the others start from them.
        let trees = inParts ? 2 : 1
        #expect(workspace.keptParses.withLock { $0.count } == trees)
        #expect(workspace.keptParses.withLock { $0.incrementalParses } == (edits.count - 1) * trees)
    }

    @Test("the kept trees are bounded, the least recently used dropped first")
    func bounded() {
        let store = Locked(KeptParses())
        let text = Array("let a = 1\n".utf8)
        for number in 0..<(KeptParses.maxTrees + 3) {
            _ = text.withUnsafeBufferPointer {
                KeptParses.parse($0, keptAs: KeptParses.Key(path: "F\(number).swift"), in: store)
            }
        }
        #expect(store.withLock { $0.count } == KeptParses.maxTrees)
        _ = text.withUnsafeBufferPointer { KeptParses.parse($0, keptAs: KeptParses.Key(path: "F0.swift"), in: store) }
        #expect(store.withLock { $0.incrementalParses } == 0, "the first tree was dropped")
        let last = KeptParses.Key(path: "F\(KeptParses.maxTrees + 2).swift")
        _ = text.withUnsafeBufferPointer { KeptParses.parse($0, keptAs: last, in: store) }
        #expect(store.withLock { $0.incrementalParses } == 1, "the last tree was kept")
    }
}
