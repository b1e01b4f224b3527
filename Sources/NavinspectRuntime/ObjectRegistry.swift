/// Gives objects ids that stay the same from one snapshot to the next as long as the object stays
/// in the tree, and an instance number that tells a new object under an old id from the old one.
///
/// An id is the one proposed (a class path), or the first of `path#2`, `path#3`, … that no other
/// object holds. After a snapshot, ``endSnapshot()`` forgets the objects it did not see, so the
/// registry never holds more entries than the tree has nodes.
struct ObjectRegistry {
    private struct Entry {
        weak var object: AnyObject?
        let id: String
        /// The id as a JSON string, escaped once.
        let quoted: String
        let instance: Int
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var holders: [String: ObjectIdentifier] = [:]
    private var seen: Set<ObjectIdentifier> = []
    /// The next `#N` worth trying for a proposed id, during one snapshot, so that many siblings
    /// of one class cost linear time.
    private var nextSuffix: [String: Int] = [:]
    private var nextInstance = 1

    /// The number of objects the registry holds.
    var count: Int { entries.count }

    /// The id and instance number of `object`, assigning them the first time it is seen.
    mutating func identify(
        _ object: AnyObject, proposing makeProposal: @autoclosure () -> String
    ) -> (id: String, quoted: String, instance: Int) {
        let key = ObjectIdentifier(object)
        seen.insert(key)
        if let entry = entries[key], entry.object === object { return (entry.id, entry.quoted, entry.instance) }
        let proposed = makeProposal()
        // A new object, or a new one at the address of one that went away.
        if let stale = entries[key] { holders[stale.id] = nil }
        var id = proposed
        var number = nextSuffix[proposed] ?? 2
        while let holder = holders[id], holder != key {
            id = "\(proposed)#\(number)"
            number += 1
        }
        if id != proposed { nextSuffix[proposed] = number }
        var quoted = JSONText(capacity: id.utf8.count + 2)
        quoted.string(id)
        let entry = Entry(object: object, id: id, quoted: quoted.text, instance: nextInstance)
        nextInstance += 1
        entries[key] = entry
        holders[id] = key
        return (id, entry.quoted, entry.instance)
    }

    /// Forgets every object not identified since the last call.
    mutating func endSnapshot() {
        if seen.count != entries.count {
            for (key, entry) in entries where !seen.contains(key) {
                entries[key] = nil
                if holders[entry.id] == key { holders[entry.id] = nil }
            }
        }
        seen.removeAll(keepingCapacity: true)
        nextSuffix.removeAll(keepingCapacity: true)
    }
}
