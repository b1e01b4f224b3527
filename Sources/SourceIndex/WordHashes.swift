/// The hashes of a file's words, as `WordScan` finds them: a table keyed by the hash values
/// themselves. They are hashes already, which a `Set<UInt64>` would hash again with SipHash at
/// each of the thousands of words of every file scanned.
struct WordHashes: Sendable {
    /// Open addressing, a power of two long, at most half full; 0 marks an empty slot, so a hash
    /// of 0 is kept aside.
    private var slots: [UInt64]
    private var hasZero = false
    private(set) var count = 0

    /// An empty table with room for `expected` hashes before it grows.
    init(expected: Int = 32) {
        var length = 64
        while length < expected * 2 { length *= 2 }
        slots = [UInt64](repeating: 0, count: length)
    }

    @inline(__always)
    mutating func insert(_ hash: UInt64) {
        guard hash != 0 else {
            if !hasZero { count += 1 }
            hasZero = true
            return
        }
        if (count + 1) * 2 > slots.count { grow() }
        var index = slot(of: hash)
        while slots[index] != 0 {
            if slots[index] == hash { return }
            index = (index + 1) & (slots.count - 1)
        }
        slots[index] = hash
        count += 1
    }

    func contains(_ hash: UInt64) -> Bool {
        guard hash != 0 else { return hasZero }
        var index = slot(of: hash)
        while slots[index] != 0 {
            if slots[index] == hash { return true }
            index = (index + 1) & (slots.count - 1)
        }
        return false
    }

    /// True when any of `hashes` is one of the words. An array: the rounds ask each of thousands
    /// of files for hundreds of names, and a set's buckets were walked again for each file.
    func contains(any hashes: [UInt64]) -> Bool {
        for hash in hashes where contains(hash) { return true }
        return false
    }

    /// Fibonacci hashing of the top bits, which spreads keys whatever bits they differ in.
    @inline(__always)
    private func slot(of hash: UInt64) -> Int {
        Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - slots.count.trailingZeroBitCount))
    }

    @inline(never)
    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        for hash in old where hash != 0 {
            var index = slot(of: hash)
            while slots[index] != 0 { index = (index + 1) & (slots.count - 1) }
            slots[index] = hash
        }
    }
}
