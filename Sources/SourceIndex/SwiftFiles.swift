#if canImport(Glibc)
    import Glibc
#endif

/// Finds and reads the Swift files of an app with POSIX calls.
enum SwiftFiles {
    /// Folders that hold no app code: build products, dependencies, tests.
    static func isSkipped(_ folder: String) -> Bool {
        folder.hasPrefix(".") || ["Pods", "Carthage", "DerivedData", "build", "Build", "Vendor", "vendor"].contains(folder)
            || folder.hasSuffix("Tests") || folder.hasSuffix("UITests") || folder.hasSuffix(".xcassets")
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

    /// The `.swift` files below `root`, sorted, as paths relative to `root`.
    static func list(under root: String) -> [String] {
        var found: [String] = []
        func walk(_ relative: String) {
            let path = relative.isEmpty ? root : root + "/" + relative
            guard let directory = opendir(path) else { return }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
                }
                if name == "." || name == ".." { continue }
                let child = relative.isEmpty ? name : relative + "/" + name
                var status = stat()
                guard stat(root + "/" + child, &status) == 0 else { continue }
                if (status.st_mode & S_IFMT) == S_IFDIR {
                    if !isSkipped(name) { walk(child) }
                } else if name.hasSuffix(".swift") {
                    found.append(child)
                }
            }
        }
        walk("")
        return found.sorted()
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

struct SourceReadError: Error {
    var reason: String
}
