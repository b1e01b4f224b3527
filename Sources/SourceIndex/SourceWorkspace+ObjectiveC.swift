import CSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The app's Objective-C files, read in full only where they can bear on coordinators.
///
/// A mixed app may carry a large Objective-C code base of which a few files declare or make
/// coordinators (ElementIOS: 321 files, 4.7 MB, 32 of them name one). Each file gets a glance
/// first, a byte search with no tokens: a file whose text holds `Coordinat` or `Flow` (a part of
/// every name ``Convention/hasRoleName(_:)`` or ``Convention/isCoordinatorName(_:)`` accepts) is
/// read before the rounds, since its classes may join the family. When the rounds are done, a file
/// is read as well if it implements a class the launch references, or names a family member, a
/// factory or the convention's root whose name holds neither part. What the analysis gets is then
/// what reading every file would give it.
extension SourceWorkspace {
    /// An Objective-C file as last looked at, kept until its stamp changes.
    struct ObjectiveCFile: Sendable {
        let path: String
        let stamp: FileStamp
        /// Whether its text holds `Coordinat` or `Flow`.
        let namesRole: Bool
        /// The classes its `@implementation`s name.
        let implemented: [String]
        /// Its summary, once read in full.
        var summary: FileSummary?
        /// The words last looked for in its text, and whether one was there.
        var searched: (words: Set<String>, found: Bool)?
    }

    /// The Objective-C files at `paths`, each looked at anew when its stamp changed. Those that
    /// name a role, or all of them with `everything`, are read in full.
    func lookAtObjectiveC(_ paths: [String], everything: Bool) -> [ObjectiveCFile] {
        let known = objectiveCLooked.withLock { $0 }
        let looked = concurrentMap(paths) { path -> ObjectiveCFile? in
            var status = stat()
            guard stat(directory + "/" + path, &status) == 0 else { return nil }
            let stamp = FileStamp(status)
            if var cached = known[path], cached.stamp == stamp {
                if cached.summary == nil, cached.namesRole || everything { fill(&cached) }
                return cached
            }
            guard case .success(let bytes) = SwiftFiles.readUTF8(directory + "/" + path, size: stamp.length)
            else { return nil }
            let namesRole = bytes.withUnsafeBufferPointer { text in
                ByteSearch.contains("Coordinat", in: text) || ByteSearch.contains("Flow", in: text)
            }
            var file = ObjectiveCFile(
                path: path, stamp: stamp, namesRole: namesRole, implemented: ByteSearch.implementedClasses(in: bytes))
            if namesRole || everything { file.summary = Self.summarize(bytes, path: path) }
            return file
        }.compactMap { $0 }
        remember(looked)
        return looked
    }

    /// The files of `looked` the analysis reads, in path order, with their summaries: those that
    /// name a role (all of them with `everything`), and those the outcome of the rounds needs.
    /// - Parameters:
    ///   - referenced: the type names what the launch may run refers to.
    ///   - names: the family's members and factories, and the convention's root.
    func objectiveCRead(_ looked: [ObjectiveCFile], everything: Bool, referenced: Set<String>, names: Set<String>)
        -> [(stamp: FileStamp, summary: FileSummary)]
    {
        // A file that names one of these holds `Coordinat` or `Flow`, and is read already.
        let words = names.filter { !ByteSearch.contains("Coordinat", in: $0) && !ByteSearch.contains("Flow", in: $0) }
        // Worked out once per file: a file that implements what the launch references is read.
        let implementsReferenced = looked.map { $0.implemented.contains(where: referenced.contains) }
        var files = looked
        // Files wanted but not read yet, and files not searched for these words yet.
        let pending = files.indices.filter { index in
            let file = files[index]
            if file.namesRole || everything { return false }
            if implementsReferenced[index] { return file.summary == nil }
            return !words.isEmpty && file.searched?.words != words
        }
        if !pending.isEmpty {
            let done = concurrentMap(pending) { index -> ObjectiveCFile in
                var file = looked[index]
                guard
                    case .success(let bytes) = SwiftFiles.readUTF8(
                        directory + "/" + file.path, size: file.stamp.length)
                else { return file }
                if !implementsReferenced[index] {
                    let found = bytes.withUnsafeBufferPointer { text in
                        words.contains { ByteSearch.contains($0, in: text, wholeWord: true) }
                    }
                    file.searched = (words, found)
                    guard found else { return file }
                }
                if file.summary == nil { file.summary = Self.summarize(bytes, path: file.path) }
                return file
            }
            for (index, file) in zip(pending, done) { files[index] = file }
            remember(files)
        }
        return files.indices.compactMap { index in
            let file = files[index]
            let read =
                file.namesRole || everything || implementsReferenced[index]
                || (!words.isEmpty && file.searched?.words == words && file.searched?.found == true)
            return read ? file.summary.map { (file.stamp, $0) } : nil
        }
    }

    /// Reads `file` in full.
    private func fill(_ file: inout ObjectiveCFile) {
        guard case .success(let bytes) = SwiftFiles.readUTF8(directory + "/" + file.path, size: file.stamp.length)
        else { return }
        file.summary = Self.summarize(bytes, path: file.path)
    }

    private func remember(_ looked: [ObjectiveCFile]) {
        objectiveCLooked.withLock { cache in
            cache = Dictionary(looked.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }
}

/// Searches that read no tokens: in a file's bytes, and in a name's.
enum ByteSearch {
    /// Whether `text` holds `needle`; with `wholeWord`, only where no identifier character is next to it.
    /// The C library's `memmem` finds each occurrence (a few bytes at a time, not one by one).
    static func contains(_ needle: String, in text: UnsafeBufferPointer<UInt8>, wholeWord: Bool = false) -> Bool {
        var needle = needle
        return needle.withUTF8 { needle in
            guard let base = text.baseAddress, !needle.isEmpty, needle.count <= text.count else { return false }
            var from = 0
            while from + needle.count <= text.count,
                let hit = navinspect_memmem(base + from, text.count - from, needle.baseAddress!, needle.count)
            {
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if !wholeWord
                    || ((at == 0 || !WordScan.isWordByte(text[at - 1]))
                        && (at + needle.count == text.count || !WordScan.isWordByte(text[at + needle.count])))
                {
                    return true
                }
                from = at + 1
            }
            return false
        }
    }

    /// Where `byte` first is in `text` at or after `start`: the C library's `memchr` looks many
    /// bytes at a time (a line's end, a carriage return).
    static func firstIndex(of byte: UInt8, in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = text.baseAddress, start < text.count,
            let found = memchr(base + start, Int32(byte), text.count - start)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Where `needle` first is in `text` at or after `start`, found by `memmem`.
    static func firstIndex(of needle: String, in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var needle = needle
        return needle.withUTF8 { needle in
            guard let base = text.baseAddress, !needle.isEmpty, start + needle.count <= text.count,
                let hit = navinspect_memmem(base + start, text.count - start, needle.baseAddress!, needle.count)
            else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Whether `name` holds `needle`, byte for byte: the standard library's `String.contains`
    /// compares characters, which cost a re-index of ElementIOS 8 M instructions over its names.
    static func contains(_ needle: String, in name: String) -> Bool {
        var name = name
        return name.withUTF8 { contains(needle, in: $0) }
    }

    /// The names after each `@implementation` in `text`.
    static func implementedClasses(in text: [UInt8]) -> [String] {
        let keyword = Array("@implementation".utf8)
        var names: [String] = []
        text.withUnsafeBufferPointer { text in
            guard let base = text.baseAddress else { return }
            var at = 0
            while at < text.count, let hit = navinspect_memmem(base + at, text.count - at, keyword, keyword.count) {
                at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + keyword.count
                while at < text.count,
                    text[at] == UInt8(ascii: " ") || text[at] == UInt8(ascii: "\t") || text[at] == UInt8(ascii: "\n")
                {
                    at += 1
                }
                let start = at
                while at < text.count, WordScan.isWordByte(text[at]) { at += 1 }
                if at > start { names.append(String(decoding: text[start..<at], as: UTF8.self)) }
            }
        }
        return names
    }
}
