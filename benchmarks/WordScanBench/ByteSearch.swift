// What the word scan asks of `ByteSearch` (Sources/SourceIndex/SourceWorkspace+ObjectiveC.swift),
// for the bench's build, which has no CSystem module for the C library's `memmem`. Only the end of
// a line and one word after a rare name are looked for: a plain search costs the bench nothing.
import Glibc

enum ByteSearch {
    static func firstIndex(of byte: UInt8, in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = text.baseAddress, start < text.count,
            let found = memchr(base + start, Int32(byte), text.count - start)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    static func firstIndex(of needle: String, in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let needle = Array(needle.utf8)
        guard !needle.isEmpty, start + needle.count <= text.count else { return nil }
        for at in start...(text.count - needle.count)
        where text[at] == needle[0] && UnsafeBufferPointer(rebasing: text[at..<at + needle.count]).elementsEqual(needle) {
            return at
        }
        return nil
    }
}
