#if canImport(Glibc)
    import Glibc
#endif

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
    static func list(under root: String) -> [(path: String, stamp: FileStamp)] {
        var found: [(path: String, stamp: FileStamp)] = []
        func walk(_ relative: String) {
            let path = relative.isEmpty ? root : root + "/" + relative
            guard let directory = opendir(path) else { return }
            defer { closedir(directory) }
            // Each folder's entries in name order, so the whole list comes out sorted.
            var entries: [(name: String, type: UInt8)] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
                }
                entries.append((name, entry.pointee.d_type))
            }
            for (name, type) in entries.sorted(by: { $0.name < $1.name }) {
                if name == "." || name == ".." { continue }
                let child = relative.isEmpty ? name : relative + "/" + name
                // The entry's type, when the file system gives it, spares a stat of every file
                // that is not Swift; a stat relative to the open folder spares the path walk.
                if type == UInt8(DT_DIR) {
                    if !isSkipped(name) { walk(child) }
                    continue
                }
                guard name.hasSuffix(".swift") || type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) else { continue }
                var status = stat()
                guard fstatat(dirfd(directory), name, &status, 0) == 0 else { continue }
                if (status.st_mode & S_IFMT) == S_IFDIR {
                    if !isSkipped(name) { walk(child) }
                } else if name.hasSuffix(".swift") {
                    found.append((child, FileStamp(status)))
                }
            }
        }
        walk("")
        // Folder by folder order differs from path order ("a/b" against "a-c"): sort only if needed.
        if zip(found, found.dropFirst()).contains(where: { $0.path >= $1.path }) { found.sort { $0.path < $1.path } }
        return found
    }

    /// The file's text, or nil with the system's reason.
    static func read(_ path: String) -> Result<String, SourceReadError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(SourceReadError(reason: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(SourceReadError(reason: String(cString: strerror(errno))))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }
}

/// What `stat` says of a file that changes when its content does: the same stamp means the
/// file was not written since it was last read.
struct FileStamp: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var modifiedNanoseconds: Int64
    var changed: Int64
    var changedNanoseconds: Int64

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(status.st_mtim.tv_nsec)
        changed = Int64(status.st_ctim.tv_sec)
        changedNanoseconds = Int64(status.st_ctim.tv_nsec)
    }
}

struct SourceReadError: Error {
    var reason: String
}
