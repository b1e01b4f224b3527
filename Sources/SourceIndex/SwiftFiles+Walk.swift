import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The two ways a listing reads an app's folders (the subfolders each folder names, not the
/// links, which ``SwiftFiles/list(under:)`` follows afterwards).
extension SwiftFiles {
    /// Every folder below `root` (`root` itself as ""), by path relative to it: read on every core,
    /// each folder as soon as the one holding it was read, so no core waits for a whole depth to
    /// end before the next starts (ElementIOS's 1,500 folders lie up to ten levels below its own).
    ///
    /// Nil when a folder's identity was met twice, or is one of `excluded` (the folders above
    /// the app): a file system mounted inside itself. Which path then keeps the folder depends on
    /// the order a walk a depth at a time reads them in: ``readByDepth(under:visited:)`` says.
    static func readAll(under root: String, excluding excluded: Set<FolderIdentity>) -> [String: FolderEntries]? {
        struct Walk {
            var pending = [""]
            /// Folders taken from `pending` and still being read.
            var reading = 0
            var read: [String: FolderEntries] = [:]
            var seen: Set<FolderIdentity>
            var metTwice = false
        }
        let walk = Locked(Walk(seen: excluded))
        enum Next {
            case read(String)
            /// Nothing to take while others still read: a folder they read may bring more.
            case wait
            case done
        }
        func next() -> Next {
            walk.withLock { walk in
                if walk.metTwice { return .done }
                if let folder = walk.pending.popLast() {
                    walk.reading += 1
                    return .read(folder)
                }
                return walk.reading == 0 ? .done : .wait
            }
        }
        func work() {
            while true {
                let relative: String
                switch next() {
                case .read(let folder): relative = folder
                case .wait:
                    sched_yield()
                    continue
                case .done: return
                }
                let folder = entries(of: relative, under: root)
                walk.withLock { walk in
                    walk.reading -= 1
                    // A folder that cannot be opened is left out, as the walk by depth leaves it.
                    guard let folder else { return }
                    guard walk.seen.insert(folder.identity).inserted else {
                        walk.metTwice = true
                        return
                    }
                    walk.read[relative] = folder
                    walk.pending += folder.subfolders
                }
            }
        }
        WorkerPool.shared.perform(work)
        return walk.withLock { $0.metTwice ? nil : $0.read }
    }

    /// Every folder below `root` whose identity is not in `visited`, read a depth at a time, each
    /// depth's on every core; a folder whose identity was seen (at a lesser depth, or earlier in
    /// name order at its own) is left out with what is below it. Adds the identities read to `visited`.
    static func readByDepth(under root: String, visited: inout Set<FolderIdentity>) -> [String: FolderEntries] {
        var byFolder: [String: FolderEntries] = [:]
        var depth = [""]
        while !depth.isEmpty {
            let found = concurrentMap(depth) { entries(of: $0, under: root) }
            var next: [String] = []
            for (relative, folder) in zip(depth, found) {
                guard let folder, visited.insert(folder.identity).inserted else { continue }
                byFolder[relative] = folder
                next += folder.subfolders
            }
            depth = next
        }
        return byFolder
    }
}
