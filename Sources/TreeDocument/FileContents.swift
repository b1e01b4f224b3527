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

/// Reads whole files with POSIX calls, turning every failure into a sentence.
enum FileContents {
    /// Files larger than this are refused before reading: no real app's tree comes near it.
    static let maxBytes = 4 << 30

    static func read(_ path: String) throws(TreeLoadError) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; non-regular files are refused below.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: errorText()) }
        defer { close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, reason: errorText()) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .unreadable(path: path, reason: "it is a directory, not a file")
        default: throw .unreadable(path: path, reason: "it is not a regular file (a pipe, socket or device)")
        }
        let size = Int(status.st_size)
        if size > maxBytes { throw .unreadable(path: path, reason: "it is \(size) bytes; the limit is \(maxBytes)") }

        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        let failure: String? = bytes.withUnsafeMutableBytes { buffer in
            while filled < size {
                let count = systemRead(descriptor, buffer.baseAddress! + filled, size - filled)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errorText()
                }
                if count == 0 { break }
                filled += count
            }
            return nil
        }
        if let failure { throw .unreadable(path: path, reason: failure) }
        if filled == 0 { throw .unreadable(path: path, reason: "the file is empty") }
        return filled == size ? bytes : Array(bytes[..<filled])
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
