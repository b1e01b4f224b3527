import CoordinatorModel
import JSON

/// The last generations of live trees, oldest first, bounded: past `limit`, the oldest is dropped
/// and counted.
///
/// A generation keeps its tree document, not its built tree: each coordinator and container of
/// the document is interned, so the many generations in which a record did not change share one
/// copy of it, and a generation costs little more than a reference per record. Queries at an old
/// generation build its tree again (``LiveHub`` caches the few last built).
struct LiveHistory {
    /// A tree document whose records are shared with the other generations.
    struct Document: Sendable {
        let root: JSONValue
        let window: JSONValue
        let coordinators: [JSONValue]
        let containers: [JSONValue]

        /// The document as the loader reads it.
        var value: JSONValue {
            [
                "navinspect": 1, "root": root, "window": window, "coordinators": .array(coordinators),
                "containers": .array(containers),
            ]
        }
    }

    /// One live snapshot that became a generation.
    struct Entry: Sendable {
        let generation: Int
        let app: Int
        /// Milliseconds since 1970, as the app stamped the snapshot.
        let time: Int
        let coordinatorCount: Int
        let document: Document
        let events: [TreeChange]
    }

    let limit: Int
    private(set) var dropped = 0
    private var entries: [Entry] = []
    /// Entries before this index were dropped; they are removed in bulk, so dropping costs O(1) amortized.
    private var start = 0
    /// Every record of the kept generations, once.
    private var records: Set<JSONValue> = []
    /// Generations dropped since `records` was last rebuilt from the kept ones.
    private var droppedSinceRebuild = 0

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    var count: Int { entries.count - start }
    var oldest: Int? { start < entries.count ? entries[start].generation : nil }
    var newest: Int? { entries.last.map(\.generation) }

    /// The kept entries, oldest first.
    var kept: ArraySlice<Entry> { entries[start...] }

    /// A validated tree document with its records shared with the kept generations.
    mutating func intern(_ document: JSONValue) -> Document {
        func shared(_ list: JSONValue?) -> [JSONValue] {
            (list?.arrayValue ?? []).map { records.insert($0).memberAfterInsert }
        }
        return Document(
            root: document["root"] ?? .null, window: document["window"] ?? .null, coordinators: shared(document["coordinators"]),
            containers: shared(document["containers"]))
    }

    mutating func append(_ entry: Entry) {
        entries.append(entry)
        if count > limit {
            start += 1
            dropped += 1
            droppedSinceRebuild += 1
            if start >= limit {
                entries.removeFirst(start)
                start = 0
            }
        }
        // Records only dropped generations used would stay forever: once as many generations
        // went as are kept, the set is rebuilt from the kept ones (amortized O(1) a generation).
        if droppedSinceRebuild >= limit {
            droppedSinceRebuild = 0
            var kept: Set<JSONValue> = []
            for entry in self.kept {
                for record in entry.document.coordinators { kept.insert(record) }
                for record in entry.document.containers { kept.insert(record) }
            }
            records = kept
        }
    }

    /// The entry of `generation`, found by binary search (generations only grow).
    func entry(_ generation: Int) -> Entry? {
        var low = start
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].generation < generation { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].generation == generation ? entries[low] : nil
    }
}
