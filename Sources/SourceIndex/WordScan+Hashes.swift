/// How the scan names words: a hash of a word's bytes, and the marks a word gets where it is
/// called or where a type may be made.
extension WordScan {
    /// A word's hash: stable for the life of the process, the same for the same bytes wherever
    /// they lie. The bytes are taken eight at a time, as one little-endian number each (the last
    /// one padded with zeros), each folded in by a multiplication; the length is folded in first, so
    /// that padding cannot make two words alike. FNV-1a, a multiplication per byte each waiting on
    /// the last, kept the scan waiting at every byte of every word.
    static func hash(_ word: some Collection<UInt8>) -> UInt64 {
        if let hash = word.withContiguousStorageIfAvailable({ hash($0[...], in: $0) }) { return hash }
        return Array(word).withUnsafeBufferPointer { hash($0[...], in: $0) }
    }

    /// A name's hash (a native string's bytes are contiguous: hashed where they lie).
    static func hash(_ word: String) -> UInt64 {
        hash(word.utf8)
    }

    /// The hash of `word`, a part of `text`: eight bytes are read at once where `text` holds them,
    /// past the word's end too, and those past its end are masked off.
    @inline(__always)
    static func hash(_ word: Slice<UnsafeBufferPointer<UInt8>>, in text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = word.count
        var value = (UInt64(truncatingIfNeeded: count) ^ 0xcbf2_9ce4_8422_2325) &* multiplier
        guard count > 0, let base = text.baseAddress else { return value }
        let raw = UnsafeRawPointer(base)
        var offset = word.startIndex
        let end = word.endIndex
        while offset < end {
            let left = end - offset
            var chunk: UInt64
            if offset + 8 <= text.count {
                chunk = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                if left < 8 { chunk &= (1 << UInt64(8 * left)) - 1 }
            } else {
                // The file's last bytes: fewer than eight are left to read.
                chunk = 0
                for at in 0..<Swift.min(left, 8) { chunk |= UInt64(base[offset + at]) << UInt64(8 * at) }
            }
            value = fold(value, chunk)
            offset += 8
        }
        return value ^ (value >> 29)
    }

    /// An odd constant of mixed bits (SplitMix64's first): not the one ``WordHashes`` places hashes with.
    private static var multiplier: UInt64 { 0xBF58_476D_1CE4_E5B9 }

    @inline(__always)
    private static func fold(_ value: UInt64, _ chunk: UInt64) -> UInt64 {
        let mixed = (value ^ chunk) &* multiplier
        return mixed ^ (mixed >> 32)
    }

    /// The hash of what `value` hashed followed by `byte`: a derived key (``called(_:)``, ``made(_:)``).
    @inline(__always)
    static func hash(_ value: UInt64, _ byte: UInt8) -> UInt64 {
        (value ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    /// The hash a word called in the file (`name(` or `name {`) is also kept under: the hash of
    /// the word followed by `(`. A function's name is a common word (`home`, `settings`): a file is
    /// read for the factory only where it may call it.
    static func called(_ hash: UInt64) -> UInt64 {
        Self.hash(hash, UInt8(ascii: "("))
    }

    /// The hash a type's name is also kept under where the file may make, extend or return one: the
    /// name followed by `(`, `{`, `.`, `=` or `<` (`Home(…)`, `Home.make()`, `let h: Home = .init(…)`,
    /// `Flow<Int>(…)`), written after `->`, or in a declaration's header or inheritance clause. A
    /// file that names a coordinator only as a property's or a parameter's type makes none.
    static func made(_ hash: UInt64) -> UInt64 {
        Self.hash(Self.hash(hash, UInt8(ascii: "!")), UInt8(ascii: "!"))
    }

    /// The hash ``contains(any:)`` finds in the files that may call the function `name`.
    static func calledHash(_ name: String) -> UInt64 { called(hash(name)) }

    /// The hash ``contains(any:)`` finds in the files that may make, extend, return or carry the type `name`.
    static func madeHash(_ name: String) -> UInt64 { made(hash(name)) }
}
