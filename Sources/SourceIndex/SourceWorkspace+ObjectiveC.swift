import CSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The app's Objective-C files, read in full only where they can bear on coordinators.
///
/// A mixed app may carry a large Objective-C code base of which a few files declare or make
/// coordinators (ElementIOS: 321 files, 4.7 MB; 32 of them hold `Coordinat` or `Flow`, a part of
/// every name ``Convention/hasRoleName(_:)`` or ``Convention/isCoordinatorName(_:)`` accepts, and
/// three of those name a coordinator of the app). Each file gets a glance first, a byte search
/// with no tokens: it keeps the classes the file's `@implementation`s name and the words in its
/// text, outside `//` comments, that hold one of the two parts. A file that implements a class
/// whose name holds a part is read before the rounds, since that class may join the family. When
/// the rounds are done, a file is read as well if it implements a class the launch references and
/// makes or drives a screen (as a Swift helper must; a view controller is known by its name), or
/// names a family member, a factory, the convention's root or a type with a part in its name that
/// a file read before the rounds declares (the rounds know only the Swift family): a name with a
/// part is looked up among the file's words, a name without one is searched for in its text. What
/// the analysis gets is then what reading every file would give it.
extension SourceWorkspace {
    /// An Objective-C file as last looked at, kept until its stamp changes.
    struct ObjectiveCFile: Sendable {
        let path: String
        let stamp: FileStamp
        /// The words of its text that hold `Coordinat` or `Flow` (``ByteSearch/roleWords(in:)``).
        let roleWords: Set<String>
        /// The classes its `@implementation`s name.
        let implemented: [String]
        /// Whether one of those classes has a name that holds `Coordinat` or `Flow`: it may join
        /// the family, so the file is read before the rounds. Told once, when the file is looked at:
        /// asked of every file at every index, it searched each name's bytes again.
        let implementsRole: Bool
        /// Its summary, once read in full.
        var summary: FileSummary?
        /// The words last looked for in its text, and whether one was there.
        var searched: (words: Set<String>, found: Bool)?
        /// Whether its text makes or drives a screen (``ByteSearch/touchesScreens(_:)``), once a
        /// class it implements is one the launch references.
        var touchesScreens: Bool?

        init(path: String, stamp: FileStamp, roleWords: Set<String>, implemented: [String]) {
            self.path = path
            self.stamp = stamp
            self.roleWords = roleWords
            self.implemented = implemented
            implementsRole = implemented.contains(where: ByteSearch.holdsRolePart)
        }
    }

    /// The Objective-C files as last looked at and read, in the last listing's order (a file's
    /// glance is reused while its stamp is the same), with the paths and stamps they were looked
    /// at for and what the last index read of them, so that an index none of them changed for
    /// asks nothing of them again.
    struct ObjectiveCFiles: Sendable {
        /// The paths and stamps last looked at, with `everything`.
        var listed: (paths: [(path: String, stamp: FileStamp)], everything: Bool)?
        /// The files as they stand: as looked at, with what reading them since added.
        var files: [ObjectiveCFile] = []
        /// What the last index read of `files`, and the names it read them for.
        var read: (referenced: Set<String>, names: Set<String>, files: [(stamp: FileStamp, summary: FileSummary)])?
    }

    /// The Objective-C files at `paths` (with the stamps the listing took), each looked at anew
    /// when its stamp changed. Those that implement a class with a role in its name, or all of them
    /// with `everything`, are read in full. When no path and no stamp changed, the files are those
    /// of the last index, as its reads left them.
    func lookAtObjectiveC(_ paths: [(path: String, stamp: FileStamp)], everything: Bool) -> [ObjectiveCFile] {
        let (unchanged, last) = objectiveCLooked.withLock { state -> (Bool, [ObjectiveCFile]) in
            let same = state.listed.map { $0.everything == everything && Self.same($0.paths, paths) } ?? false
            if !same { state.read = nil }
            return (same, state.files)
        }
        if unchanged { return last }
        // A file's glance is kept while its stamp is the same.
        let known = Dictionary(last.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let looked = concurrentMap(paths) { path, stamp -> ObjectiveCFile? in
            if var cached = known[path], cached.stamp == stamp {
                if cached.summary == nil, cached.implementsRole || everything { fill(&cached) }
                return cached
            }
            guard case .success(let bytes) = SwiftFiles.readUTF8(directory + "/" + path, size: stamp.length)
            else { return nil }
            var file = ObjectiveCFile(
                path: path, stamp: stamp, roleWords: bytes.withUnsafeBufferPointer(ByteSearch.roleWords),
                implemented: ByteSearch.implementedClasses(in: bytes))
            if file.implementsRole || everything { file.summary = Self.summarize(bytes, path: path) }
            return file
        }.compactMap { $0 }
        objectiveCLooked.withLock { $0.listed = (paths, everything) }
        remember(looked)
        return looked
    }

    /// Whether two listings name the same files with the same stamps.
    private static func same(_ one: [(path: String, stamp: FileStamp)], _ other: [(path: String, stamp: FileStamp)]) -> Bool {
        one.count == other.count && zip(one, other).allSatisfy { $0.path == $1.path && $0.stamp == $1.stamp }
    }

    /// The files of `looked` the analysis reads, in path order, with their summaries: those that
    /// implement a class with a role in its name (all of them with `everything`), and those the
    /// outcome of the rounds needs. `looked` is what ``lookAtObjectiveC(_:everything:)`` gave this index.
    /// - Parameters:
    ///   - referenced: the type names what the launch may run refers to.
    ///   - names: the family's members and factories, and the convention's root.
    func objectiveCRead(_ looked: [ObjectiveCFile], everything: Bool, referenced: Set<String>, names: Set<String>)
        -> [(stamp: FileStamp, summary: FileSummary)]
    {
        // Files none of which changed, read for the same names: what the last index read.
        if let last = objectiveCLooked.withLock({ $0.read }), last.referenced == referenced, last.names == names {
            return last.files
        }
        let read = objectiveCReadAnew(looked, everything: everything, referenced: referenced, names: names)
        objectiveCLooked.withLock { $0.read = (referenced, names, read) }
        return read
    }

    private func objectiveCReadAnew(
        _ looked: [ObjectiveCFile], everything: Bool, referenced: Set<String>, names: Set<String>
    ) -> [(stamp: FileStamp, summary: FileSummary)] {
        // A name that holds a role part is among the words of a file that names it; the others
        // are searched for in the text. The rounds know the Swift family only: the classes and
        // protocols with a role in their name that Objective-C declares are looked for too.
        let words = names.filter { !ByteSearch.holdsRolePart($0) }
        let roleNames = names.subtracting(words).union(
            looked.lazy.filter(\.implementsRole).flatMap { $0.summary?.types ?? [] }.map(\.name).filter(
                ByteSearch.holdsRolePart))
        // Worked out once per file: a file that names a member with a role part is read, and one
        // that implements what the launch references, when its text makes or drives a screen, as a
        // Swift helper's must. A screen the launch shows is known by its name, as a Swift one is
        // (`SourceWorkspace.isPlainScreenName`): ElementIOS's settings, home and authentication view
        // controllers, 520 KB, are not read for being shown, nor its event formatters and data
        // sources, 400 KB, for being used.
        let namesFamily = looked.map { !$0.roleWords.isDisjoint(with: roleNames) }
        let implementsReferenced = looked.map {
            $0.implemented.contains { referenced.contains($0) && !Self.isPlainScreenName($0) }
        }
        @Sendable func wanted(_ file: ObjectiveCFile, _ index: Int) -> Bool {
            namesFamily[index] || implementsReferenced[index] && file.touchesScreens == true
        }
        var files = looked
        // Files wanted but not read yet, files not yet known to touch screens or not, and files not
        // searched for these words yet.
        let pending = files.indices.filter { index in
            let file = files[index]
            if file.implementsRole || everything { return false }
            if implementsReferenced[index], file.touchesScreens == nil { return true }
            if wanted(file, index) { return file.summary == nil }
            return !words.isEmpty && file.searched?.words != words
        }
        if !pending.isEmpty {
            let done = concurrentMap(pending) { index -> ObjectiveCFile in
                var file = looked[index]
                guard
                    case .success(let bytes) = SwiftFiles.readUTF8(
                        directory + "/" + file.path, size: file.stamp.length)
                else { return file }
                if implementsReferenced[index], file.touchesScreens == nil {
                    file.touchesScreens = bytes.withUnsafeBufferPointer(ByteSearch.touchesScreens)
                }
                if !wanted(file, index) {
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
                file.implementsRole || everything || wanted(file, index)
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
        objectiveCLooked.withLock { $0.files = looked }
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

    /// Whether an Objective-C text makes or drives a screen: it makes a view controller
    /// (`[[… Controller alloc] …]`), or uses a word UIKit's windows and containers are driven with.
    static func touchesScreens(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        screenWords.contains { contains($0, in: text) }
    }

    private static let screenWords = [
        "Controller alloc", "pushViewController", "presentViewController", "setViewControllers",
        "rootViewController", "addChildViewController", "UIWindow", "makeKeyAndVisible", "showViewController",
        "showDetailViewController",
    ]

    /// Whether `name` holds `Coordinat` or `Flow`, a part of every name with a role.
    static func holdsRolePart(_ name: String) -> Bool {
        contains("Coordinat", in: name) || contains("Flow", in: name)
    }

    /// The words of `text` (letters, digits and underscores) that hold `Coordinat` or `Flow`,
    /// found from each place `memmem` finds a part: few files hold one, and those few times.
    /// Words in a `//` comment are left out: ElementIOS's view controllers name `AppCoordinator`
    /// only in comments (`// TODO: Manage the onboarding coordinator at the AppCoordinator level`).
    static func roleWords(in text: UnsafeBufferPointer<UInt8>) -> Set<String> {
        var words: Set<String> = []
        for part in ["Coordinat", "Flow"] {
            var from = 0
            while let at = firstIndex(of: part, in: text, from: from) {
                var start = at
                while start > 0, WordScan.isWordByte(text[start - 1]) { start -= 1 }
                var end = at + part.utf8.count
                while end < text.count, WordScan.isWordByte(text[end]) { end += 1 }
                if !isInLineComment(start, in: text) { words.insert(String(decoding: text[start..<end], as: UTF8.self)) }
                from = end
            }
        }
        return words
    }

    /// Whether `position` follows `//` on its line, outside a string literal.
    static func isInLineComment(_ position: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        var lineStart = position
        while lineStart > 0, text[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        var inString = false
        var index = lineStart
        while index < position {
            switch text[index] {
            case UInt8(ascii: "\\") where inString:
                index += 1
            case UInt8(ascii: "\""):
                inString.toggle()
            case UInt8(ascii: "/") where !inString && index + 1 < position && text[index + 1] == UInt8(ascii: "/"):
                return true
            default:
                break
            }
            index += 1
        }
        return false
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
