import Locking
import SwiftParser
import SwiftSyntax

/// The syntax trees of the last few files an edit made the index parse again, kept so that the
/// next edit of one of them is parsed incrementally: swift-syntax reuses every node the lines
/// that changed (``LineDiff``) do not touch: Element X's `AppCoordinator.swift` (1,314 lines)
/// parses again after a two-place edit in 0.2 ms instead of 3.9 ms.
///
/// Only an index that parses a few files keeps its trees (an editor's or a watcher's re-index
/// after an edit): a tree takes many times its text's memory, and a first index parses hundreds.
/// The least recently used go first past ``maxTrees`` trees or ``maxBytes`` bytes of text.
struct KeptParses {
    /// What a tree is kept under: a file's path (a piece's, for a large file's piece) and, for a
    /// long file parsed in parts, the number of the part.
    struct Key: Hashable, Sendable {
        var path: String
        var part: Int?
    }

    /// An index that parses at most this many files keeps their trees.
    static let filesAtMost = 4
    static let maxTrees = 8
    static let maxBytes = 2 << 20

    private struct Kept {
        var text: [UInt8]
        var result: IncrementalParseResult
        var used: Int
    }

    private var trees: [Key: Kept] = [:]
    private var uses = 0
    private(set) var incrementalParses = 0

    var count: Int { trees.count }

    /// The tree of `text`: parsed incrementally from the one kept under `key` when there is
    /// one, else from nothing; kept under `key` in its place.
    static func parse(_ text: UnsafeBufferPointer<UInt8>, keptAs key: Key, in store: Locked<KeptParses>)
        -> SourceFileSyntax
    {
        let previous = store.withLock { $0.trees[key] }
        var transition: IncrementalParseTransition?
        if let previous {
            let hunks = previous.text.withUnsafeBufferPointer { LineDiff.hunks(from: $0, to: text) }
            let edits = hunks.map { hunk in
                SourceEdit(
                    range: AbsolutePosition(utf8Offset: hunk.old.lowerBound)..<AbsolutePosition(utf8Offset: hunk.old.upperBound),
                    replacement: Array(text[hunk.new]))
            }
            // Edits that do not turn the kept text into this one would make the parser trap: they
            // are checked, and so is their order (``ConcurrentEdits``), before the parser sees them.
            if LineDiff.replays(hunks, from: previous.text, to: text), let concurrent = try? ConcurrentEdits(concurrent: edits) {
                transition = IncrementalParseTransition(previousIncrementalParseResult: previous.result, edits: concurrent)
            }
        }
        let result = Parser.parseIncrementally(source: text, parseTransition: transition)
        store.withLock { $0.keep(result, of: Array(text), as: key, incremental: transition != nil) }
        return result.tree
    }

    private mutating func keep(_ result: IncrementalParseResult, of text: [UInt8], as key: Key, incremental: Bool) {
        uses += 1
        if incremental { incrementalParses += 1 }
        trees[key] = Kept(text: text, result: result, used: uses)
        var bytes = trees.values.reduce(0) { $0 + $1.text.count }
        while trees.count > Self.maxTrees || (bytes > Self.maxBytes && trees.count > 1) {
            let oldest = trees.min { $0.value.used < $1.value.used }!
            bytes -= oldest.value.text.count
            trees[oldest.key] = nil
        }
    }
}
