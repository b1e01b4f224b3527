// inotify is Linux's own; macOS watches with FSEvents (FSEventsFolderWatch.swift).
#if os(Linux)
    import Glibc

    /// The kernel's account (inotify) of what changed in an app's folders, so that indexing again
    /// after an edit looks at the files written since the last index instead of stat'ing them all.
    ///
    /// A write, rename or delete queues its event before the system call returns, so by the time a
    /// client asks for an index after saving, the save is in the queue. When the events cannot say
    /// what changed (the queue overflowed, a folder appeared, moved or went away), ``changes()``
    /// answers nil and the caller lists the folder again.
    final class InotifyFolderWatch: FolderWatch {
        private let descriptor: Int32
        /// The folder each watch stands for, relative to the root ("" for the root).
        private var folders: [Int32: String] = [:]

        private static let mask: UInt32 =
            UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB | IN_MOVED_FROM | IN_MOVED_TO)
            | UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

        /// Watches `folders` (relative to `root`), or nil when the system cannot: no inotify, or
        /// no watch left (`fs.inotify.max_user_watches`).
        init?(root: String, folders: [String]) {
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { return nil }
            for folder in folders {
                let path = folder.isEmpty ? root : root + "/" + folder
                let watch = inotify_add_watch(descriptor, path, Self.mask)
                // Failing from here runs deinit, which closes the descriptor.
                guard watch >= 0 else { return nil }
                self.folders[watch] = folder
            }
        }

        deinit {
            if descriptor >= 0 { close(descriptor) }
        }

        func changes() -> Set<String>? {
            var changed: Set<String> = []
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let header = MemoryLayout<inotify_event>.size
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    // EAGAIN: the queue is empty.
                    return errno == EAGAIN ? changed : nil
                }
                var offset = 0
                while offset + header <= count {
                    let (watch, mask, length) = buffer.withUnsafeBytes { bytes in
                        (
                            bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                            bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                            Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        )
                    }
                    let name = buffer[(offset + header)..<(offset + header + length)].prefix { $0 != 0 }
                    offset += header + length
                    if mask & UInt32(IN_Q_OVERFLOW | IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT) != 0 {
                        return nil
                    }
                    guard let folder = folders[watch] else { return nil }
                    let entry = String(decoding: name, as: UTF8.self)
                    if mask & UInt32(IN_ISDIR) != 0 {
                        // A folder came, went or moved: its files are not watched; list again.
                        if SwiftFiles.isSkipped(entry) { continue }
                        return nil
                    }
                    let path = folder.isEmpty ? entry : folder + "/" + entry
                    if entry.hasSuffix(".swift") || SwiftFiles.isObjectiveC(entry) || SwiftFiles.isProjectFile(path) {
                        changed.insert(path)
                    }
                }
            }
        }
    }
#endif
