#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// read(2), named apart from the `read` methods of the types that call it.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}

/// Finds and reads the Swift files of an app with POSIX calls.
enum SwiftFiles {
    /// Folders that hold no app code: build products, dependencies, tests, file templates.
    static func isSkipped(_ folder: String) -> Bool {
        folder.hasPrefix(".") || ["Pods", "Carthage", "DerivedData", "build", "Build", "Vendor", "vendor"].contains(folder)
            || folder.hasSuffix("Tests") || folder.hasSuffix("UITests") || folder.hasSuffix(".xcassets")
            // Xcode file templates: Swift with ___FILEBASENAME___ placeholders, not app code.
            || folder.hasSuffix(".xctemplate")
    }

    /// Why `path` cannot be read as a folder, or nil when it can.
    static func unreadableDirectory(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return String(cString: strerror(errno)) }
        guard (status.st_mode & S_IFMT) == S_IFDIR else { return "it is not a directory" }
        guard let directory = opendir(path) else { return String(cString: strerror(errno)) }
        closedir(directory)
        return nil
    }

    /// The `.swift` files below `root`, sorted, as paths relative to `root`, each with what
    /// tells whether it changed since it was last read.
    ///
    /// Folders are read on every core, each as soon as its parent was, and each folder's Swift
    /// files are stat'ed as it is read, through its open descriptor. It is mostly the system's time.
    ///
    /// Each real folder (device and inode) is read once, whatever the links: a folder reached
    /// again through a link, or a link to the app's folder or a folder above it, adds nothing.
    /// A folder outside the app is read under the first link to it, links being followed in
    /// name order after the folders that are not links.
    static func list(under root: String) -> Listing {
        var visited = foldersAbove(root)
        return list(under: root, visited: &visited)
    }

    /// The folders that hold `folder`, up to the file system's root: a link to one of them would
    /// read the app again inside itself.
    private static func foldersAbove(_ folder: String) -> Set<FolderIdentity> {
        var status = stat()
        guard stat(folder, &status) == 0 else { return [] }
        let own = FolderIdentity(status)
        var found: Set<FolderIdentity> = []
        var path = folder
        while true {
            path += "/.."
            guard stat(path, &status) == 0 else { break }
            let parent = FolderIdentity(status)
            // The file system's root is its own parent.
            guard parent != own, found.insert(parent).inserted else { break }
        }
        return found
    }

    /// What one folder holds: its identity, its Swift files with their stamps, the folders its
    /// links lead to, its Objective-C files and its subfolders, in name order.
    struct FolderEntries: Sendable {
        var identity: FolderIdentity
        var files: [(path: String, stamp: FileStamp)] = []
        var linked: [(path: String, identity: FolderIdentity)] = []
        var objectiveC: [(path: String, stamp: FileStamp)] = []
        var projectFiles: [(path: String, stamp: FileStamp)] = []
        var subfolders: [String] = []
        /// An entry ending in `.swift` is a link or of unknown type.
        var linksSwiftFile = false
    }

    /// Reads one folder's entries, or nil when it cannot be opened, and stats its Swift files and
    /// its links (relative to the folder's open descriptor: no path is looked up again).
    static func entries(of relative: String, under root: String) -> FolderEntries? {
        let path = relative.isEmpty ? root : root + "/" + relative
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var status = stat()
        guard fstat(dirfd(directory), &status) == 0 else { return nil }
        var read: [(name: String, type: UInt8)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { read.append((name, entry.pointee.d_type)) }
        }
        var folder = FolderEntries(identity: FolderIdentity(status))
        // A library kept inside the app (a folder with a podspec) has an example app of its
        // own, which is not the app's code; the folder indexed may be that library itself.
        let isLibrary = !relative.isEmpty && read.contains { $0.name.hasSuffix(".podspec") }
        for (name, type) in read.sorted(by: { $0.name < $1.name }) {
            let child = relative.isEmpty ? name : relative + "/" + name
            if type == UInt8(DT_DIR) {
                guard !isSkipped(name), !(isLibrary && (name == "Example" || name == "Examples")) else { continue }
                folder.subfolders.append(child)
            } else if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) || name.hasSuffix(".swift") {
                // A link or an entry of unknown type may be a folder: the stat tells.
                let mayBeLink = type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK)
                if mayBeLink, name.hasSuffix(".swift") { folder.linksSwiftFile = true }
                guard fstatat(dirfd(directory), name, &status, 0) == 0 else { continue }
                if (status.st_mode & S_IFMT) == S_IFDIR {
                    if !isSkipped(name) { folder.linked.append((child, FolderIdentity(status))) }
                } else if name.hasSuffix(".swift") {
                    folder.files.append((child, FileStamp(status)))
                    if SwiftFiles.isProjectFile(name: name, in: relative) {
                        folder.projectFiles.append((child, FileStamp(status)))
                    }
                }
            } else if isObjectiveC(name) {
                if fstatat(dirfd(directory), name, &status, 0) == 0 { folder.objectiveC.append((child, FileStamp(status))) }
            } else if SwiftFiles.isProjectFile(name: name, in: relative),
                fstatat(dirfd(directory), name, &status, 0) == 0
            {
                folder.projectFiles.append((child, FileStamp(status)))
            }
        }
        return folder
    }

    private static func list(under root: String, visited: inout Set<FolderIdentity>) -> Listing {
        // The folders are read on every core (most of a listing is the system's time opening and
        // reading folders); a folder whose identity was seen is left out with what is below it,
        // as a walk a depth at a time finds it. Then they are put in the order of a walk down,
        // subfolders in name order: each with the Swift files (and entries of unknown type) it holds.
        let byFolder: [String: FolderEntries]
        if let all = readAll(under: root, excluding: visited) {
            byFolder = all
            visited.formUnion(all.values.lazy.map(\.identity))
        } else {
            byFolder = readByDepth(under: root, visited: &visited)
        }
        var folders: [String] = []
        var found: [(path: String, stamp: FileStamp)] = []
        var linked: [(path: String, identity: FolderIdentity)] = []
        var objectiveC: [(path: String, stamp: FileStamp)] = []
        var projectFiles: [(path: String, stamp: FileStamp)] = []
        var followsLinks = false
        func walk(_ relative: String) {
            guard let folder = byFolder[relative] else { return }
            folders.append(relative)
            found += folder.files
            linked += folder.linked
            objectiveC += folder.objectiveC
            projectFiles += folder.projectFiles
            if folder.linksSwiftFile { followsLinks = true }
            for subfolder in folder.subfolders { walk(subfolder) }
        }
        walk("")
        // Links to folders are rare; each folder not read yet is listed on its own, in name order.
        linked.sort { $0.path < $1.path }
        for folder in linked where !visited.contains(folder.identity) {
            found += list(under: root + "/" + folder.path, visited: &visited).files.map {
                (folder.path + "/" + $0.path, $0.stamp)
            }
        }
        // Folder by folder order differs from path order ("a/b" against "a-c"): sort only if needed.
        if !linked.isEmpty || zip(found, found.dropFirst()).contains(where: { $0.path >= $1.path }) {
            found.sort { $0.path < $1.path }
        }
        return Listing(
            files: found, folders: folders, followsLinks: followsLinks || !linked.isEmpty,
            objectiveCFiles: objectiveC.sorted { $0.path < $1.path }, projectFiles: projectFiles.sorted { $0.path < $1.path })
    }

    /// Whether the file at `path` (relative) may define conditions: an Xcode project, a build
    /// configuration file, an XcodeGen spec, a package or Tuist manifest or helper.
    static func isProjectFile(_ path: String) -> Bool {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return isProjectFile(name: path, in: "") }
        return isProjectFile(name: String(path[path.index(after: slash)...]), in: String(path[..<slash]))
    }

    /// Whether the file `name` in `folder` (relative) may define conditions. Asked of every file
    /// a listing meets (images, strings, storyboards): its bytes are compared, no string is made.
    static func isProjectFile(name: String, in folder: String) -> Bool {
        var name = name
        var folder = folder
        return name.withUTF8 { buffer in
            let name = buffer[...]
            // Most files end in none of these bytes (`.png` ends in `g` as `.xcconfig` does).
            guard let last = name.last,
                [UInt8(ascii: "g"), UInt8(ascii: "t"), UInt8(ascii: "l"), UInt8(ascii: "j")].contains(last)
            else { return false }
            if Self.bytes(name, endWith: ".xcconfig") || Self.bytes(name, are: "Package.swift")
                || Self.bytes(name, are: "Project.swift") || Self.bytes(name, are: "Workspace.swift")
                || Self.bytes(name, are: "project.yml") || Self.bytes(name, are: "project.yaml")
            {
                return true
            }
            let inProject = Self.bytes(name, are: "project.pbxproj")
            guard inProject || Self.bytes(name, endWith: ".swift") else { return false }
            return folder.withUTF8 { folder in
                inProject
                    ? Self.bytes(folder[...], endWith: ".xcodeproj")
                    : Self.bytes(folder[...], endWith: "ProjectDescriptionHelpers")
            }
        }
    }

    // Compared here rather than with WordScan's helpers: the macOS type-check (scripts/check-darwin)
    // compiles this file with the folder watches alone.
    private static func bytes(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, endWith suffix: StaticString) -> Bool {
        bytes.count >= suffix.utf8CodeUnitCount
            && suffix.withUTF8Buffer { $0.elementsEqual(bytes.suffix(suffix.utf8CodeUnitCount)) }
    }

    private static func bytes(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, are text: StaticString) -> Bool {
        bytes.count == text.utf8CodeUnitCount && Self.bytes(bytes, endWith: text)
    }

    /// An Objective-C implementation file, which the word-level reader reads.
    static func isObjectiveC(_ path: String) -> Bool {
        path.hasSuffix(".m") || path.hasSuffix(".mm")
    }

    /// The file's text, or nil with the system's reason.
    static func read(_ path: String) -> Result<String, SourceReadError> {
        readBytes(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The file's bytes as UTF-8, or nil with the system's reason: as they are when they are valid
    /// UTF-8 (nearly every source file, checked without making a String), else repaired as a String
    /// repairs them (each invalid sequence becomes U+FFFD), so that offsets are the same either way.
    /// - Parameter size: the file's length as its listing stamped it, when it was: no stat is made
    ///   to learn it again (a file that changed since is read to its end all the same).
    static func readUTF8(_ path: String, size: Int? = nil) -> Result<[UInt8], SourceReadError> {
        readBytes(path, size: size).map { bytes in
            UTF8Check.isValid(bytes) ? bytes : Array(String(decoding: bytes, as: UTF8.self).utf8)
        }
    }

    /// The file's bytes, or nil with the system's reason.
    private static func readBytes(_ path: String, size listed: Int? = nil) -> Result<[UInt8], SourceReadError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(SourceReadError(reason: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        // Read in one piece sized by the file's length, with a byte more to see its end:
        // thousands of files are read per index, most small, so no large buffer is cleared for each.
        var size = listed
        if size == nil {
            var status = stat()
            if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG { size = max(Int(status.st_size), 0) }
        }
        // A regular file read to the length its stat gave is whole: no read is made only to see
        // its end. The byte more asked for shows one that grew since, which is read on.
        var whole = size ?? -1
        var wanted = (size ?? 0) + 1
        var bytes: [UInt8] = []
        while true {
            var failure: Int32?
            var ended = false
            let piece = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, count in
                count = 0
                while count < buffer.count {
                    let read = systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
                    if read < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    if read == 0 {
                        ended = true
                        return
                    }
                    count += read
                    if count == whole {
                        ended = true
                        return
                    }
                }
            }
            whole = -1
            if let failure { return .failure(SourceReadError(reason: String(cString: strerror(failure)))) }
            if bytes.isEmpty { bytes = piece } else { bytes += piece }
            if ended { break }
            // Longer than its length said (being written, or not a regular file): read on.
            wanted = 1 << 16
        }
        return .success(bytes)
    }
}

/// Whether bytes are valid UTF-8, as cheaply as a file's bytes allow: eight ASCII bytes at a time,
/// and only the sequences around a byte above 0x7F decoded.
enum UTF8Check {
    static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var index = 0
            while index < count {
                if index + 8 <= count {
                    let word = UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self)
                    if word & 0x8080_8080_8080_8080 == 0 {
                        index += 8
                        continue
                    }
                }
                let lead = buffer[index]
                if lead < 0x80 {
                    index += 1
                    continue
                }
                guard let length = sequenceLength(buffer, at: index) else { return false }
                index += length
            }
            return true
        }
    }

    /// The length of the well-formed multi-byte sequence at `index` (RFC 3629: no overlong forms, no
    /// surrogates, nothing above U+10FFFF), or nil.
    private static func sequenceLength(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = buffer[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, low) = (3, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, high) = (3, 0x9F)
        case 0xF0: (length, low) = (4, 0x90)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, high) = (4, 0x8F)
        default: return nil
        }
        guard index + length <= buffer.count else { return nil }
        // Only the second byte has a narrower range; the others are plain continuations.
        guard (low...high).contains(buffer[index + 1]) else { return nil }
        for offset in 2..<max(length, 2) where !(0x80...0xBF).contains(buffer[index + offset]) { return nil }
        return length
    }
}

/// The Swift files of an app's folder, as last listed.
struct Listing {
    /// Relative paths in order, each with its stamp.
    var files: [(path: String, stamp: FileStamp)]
    /// The folders walked, relative to the root ("" for the root itself).
    var folders: [String]
    /// Whether an entry is a link (or of unknown type), whose target may change without an
    /// event in the folders walked.
    var followsLinks: Bool
    /// The Objective-C files (`.m`, `.mm`) of the folders walked (not those behind links), in path
    /// order, with their stamps, which are never parsed: only looked through for the coordinators
    /// they create.
    var objectiveCFiles: [(path: String, stamp: FileStamp)] = []
    /// The files that may define compilation conditions (``SwiftFiles/isProjectFile(_:)``),
    /// in path order, with their stamps.
    var projectFiles: [(path: String, stamp: FileStamp)] = []

    /// The files a listing from nothing stats: its Swift and its Objective-C files.
    var statted: Int { files.count + objectiveCFiles.count }

    /// Brings the listing up to date with the files at `paths`, which may have been written,
    /// created or deleted since: each is stat'ed again, the others are kept as they were.
    mutating func update(_ paths: Set<String>, under root: String) {
        for path in paths {
            var status = stat()
            let exists = stat(root + "/" + path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
            if SwiftFiles.isProjectFile(path) {
                projectFiles.removeAll { $0.path == path }
                if exists {
                    projectFiles.append((path, FileStamp(status)))
                    projectFiles.sort { $0.path < $1.path }
                }
                guard path.hasSuffix(".swift") else { continue }
            }
            let stamp = exists ? FileStamp(status) : nil
            if SwiftFiles.isObjectiveC(path) {
                // Looked at again when its stamp changed (``SourceWorkspace/lookAtObjectiveC(_:everything:)``).
                Self.set(path, stamp, in: &objectiveCFiles)
            } else {
                Self.set(path, stamp, in: &files)
            }
        }
    }
}

extension Listing {
    /// Puts `path` with `stamp` in `list` (in path order), or takes it out when `stamp` is nil.
    fileprivate static func set(_ path: String, _ stamp: FileStamp?, in list: inout [(path: String, stamp: FileStamp)]) {
        // The first position whose path is not before `path`.
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].path < path { low = middle + 1 } else { high = middle }
        }
        let present = low < list.count && list[low].path == path
        switch (stamp, present) {
        case (let stamp?, true): list[low].stamp = stamp
        case (let stamp?, false): list.insert((path, stamp), at: low)
        case (nil, true): list.remove(at: low)
        case (nil, false): break
        }
    }
}

/// A folder as the system knows it, whatever the path it is reached by.
struct FolderIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}

/// What `stat` says of a file that changes when its content does: the same stamp means the
/// file was not written since it was last read.
struct FileStamp: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    /// `size` as a length to read (``SwiftFiles/readUTF8(_:size:)``).
    var length: Int? { Int(exactly: size) }
    var modified: Int64
    var modifiedNanoseconds: Int64
    var changed: Int64
    var changedNanoseconds: Int64

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        #if os(Linux)
            modified = Int64(status.st_mtim.tv_sec)
            modifiedNanoseconds = Int64(status.st_mtim.tv_nsec)
            changed = Int64(status.st_ctim.tv_sec)
            changedNanoseconds = Int64(status.st_ctim.tv_nsec)
        #else
            // Darwin and the BSDs name the same times st_mtimespec and st_ctimespec.
            modified = Int64(status.st_mtimespec.tv_sec)
            modifiedNanoseconds = Int64(status.st_mtimespec.tv_nsec)
            changed = Int64(status.st_ctimespec.tv_sec)
            changedNanoseconds = Int64(status.st_ctimespec.tv_nsec)
        #endif
    }
}

struct SourceReadError: Error {
    var reason: String
}
