import CoordinatorModel

/// The last generations of live trees, oldest first, bounded: past `limit`, the oldest is dropped
/// and counted.
struct LiveHistory {
    /// One live snapshot that became a generation.
    struct Entry: Sendable {
        let generation: Int
        let app: Int
        /// Milliseconds since 1970, as the app stamped the snapshot.
        let time: Int
        let tree: CoordinatorTree
        let events: [TreeChange]
    }

    let limit: Int
    private(set) var dropped = 0
    private var entries: [Entry] = []
    /// Entries before this index were dropped; they are removed in bulk, so dropping costs O(1) amortized.
    private var start = 0

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    var count: Int { entries.count - start }
    var oldest: Int? { start < entries.count ? entries[start].generation : nil }
    var newest: Int? { entries.last.map(\.generation) }

    /// The kept entries, oldest first.
    var kept: ArraySlice<Entry> { entries[start...] }

    mutating func append(_ entry: Entry) {
        entries.append(entry)
        if count > limit {
            start += 1
            dropped += 1
            if start >= limit {
                entries.removeFirst(start)
                start = 0
            }
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
