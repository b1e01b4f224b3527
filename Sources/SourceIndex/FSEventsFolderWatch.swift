// FSEvents is macOS's own; Linux watches with inotify (InotifyFolderWatch.swift). On Linux this
// file compiles only in the portability check, against stand-ins of the CoreServices API
// (Tests/PortabilityTests/DarwinStubs), which proves the names and types and nothing more.
#if canImport(CoreServices)
    import CoreServices
    import Dispatch
    import Locking

    #if canImport(Darwin)
        import Darwin
        // Bridges `[String]` to the CFArray of paths FSEventStreamCreate takes.
        import Foundation
    #elseif canImport(Glibc)
        import Glibc
    #endif

    /// The file system's account (an FSEvents stream with file-level events) of what changed in
    /// an app's folders on macOS.
    ///
    /// One stream watches the root and everything below it; events for files outside the folders
    /// listed (build products, `Pods`) are ignored. The stream delivers on a queue of its own, and
    /// ``changes()`` flushes it first, so the events of writes made before the call are in.
    /// When the events cannot say what changed (dropped events, a folder that came, moved or went,
    /// the root itself moved), ``changes()`` answers nil and the caller lists the folder again.
    final class FSEventsFolderWatch: FolderWatch {
        private let log: EventLog
        private let queue = DispatchQueue(label: "navinspect.folder-watch")
        private var stream: FSEventStreamRef?

        /// Watches `folders` (relative to `root`), or nil when FSEvents refuses the stream.
        init?(root: String, folders: [String]) {
            guard let resolved = realpath(root, nil) else { return nil }
            let real = String(cString: resolved)
            free(resolved)
            log = EventLog(prefix: real.hasSuffix("/") ? real : real + "/", folders: Set(folders))
            var context = FSEventStreamContext(
                version: 0, info: Unmanaged.passUnretained(log).toOpaque(), retain: nil, release: nil,
                copyDescription: nil)
            let flags = FSEventStreamCreateFlags(
                kFSEventStreamCreateFlagFileEvents | kFSEventStreamCreateFlagNoDefer | kFSEventStreamCreateFlagWatchRoot)
            guard
                let stream = FSEventStreamCreate(
                    nil,
                    { _, info, count, paths, flags, _ in
                        guard let info else { return }
                        let log = Unmanaged<EventLog>.fromOpaque(info).takeUnretainedValue()
                        // Without kFSEventStreamCreateFlagUseCFTypes the paths are C strings.
                        let names = paths.assumingMemoryBound(to: UnsafePointer<CChar>.self)
                        log.record((0..<count).map { (String(cString: names[$0]), flags[$0]) })
                    },
                    &context, [real] as CFArray, FSEventStreamEventId(kFSEventStreamEventIdSinceNow), 0, flags)
            else { return nil }
            self.stream = stream
            FSEventStreamSetDispatchQueue(stream, queue)
            // Failing from here runs deinit, which releases the stream.
            guard FSEventStreamStart(stream) else { return nil }
        }

        deinit {
            guard let stream else { return }
            FSEventStreamStop(stream)
            FSEventStreamInvalidate(stream)
            // A callback already running holds the log unretained: let it finish first.
            queue.sync {}
            FSEventStreamRelease(stream)
        }

        func changes() -> Set<String>? {
            guard let stream else { return nil }
            // Deliver now what the service holds back for its latency, so a file saved before
            // this call is among the changes.
            FSEventStreamFlushSync(stream)
            return log.take()
        }
    }

    /// The Swift files an FSEvents stream named since the last look, shared by the stream's queue
    /// and the indexing thread.
    private final class EventLog: Sendable {
        /// The root as FSEvents names it: links resolved (`/var` is `/private/var`), with a slash.
        let prefix: String
        let folders: Set<String>
        /// The Swift files changed since the last call, or nil once the events cannot tell.
        private let pending = Locked<Set<String>?>([])

        init(prefix: String, folders: Set<String>) {
            self.prefix = prefix
            self.folders = folders
        }

        /// What changed since the last call, and starts again from nothing.
        func take() -> Set<String>? {
            pending.withLock { pending in
                defer { pending = [] }
                return pending
            }
        }

        /// Adds `events` (absolute paths and their flags), or forgets everything when they do not
        /// tell which files changed.
        func record(_ events: [(path: String, flags: FSEventStreamEventFlags)]) {
            pending.withLock { record(events, into: &$0) }
        }

        private func record(_ events: [(path: String, flags: FSEventStreamEventFlags)], into pending: inout Set<String>?) {
            let lost = FSEventStreamEventFlags(
                kFSEventStreamEventFlagMustScanSubDirs | kFSEventStreamEventFlagUserDropped
                    | kFSEventStreamEventFlagKernelDropped | kFSEventStreamEventFlagEventIdsWrapped
                    | kFSEventStreamEventFlagRootChanged | kFSEventStreamEventFlagUnmount)
            let folderChanged = FSEventStreamEventFlags(
                kFSEventStreamEventFlagItemCreated | kFSEventStreamEventFlagItemRemoved | kFSEventStreamEventFlagItemRenamed)
            let isFolder = FSEventStreamEventFlags(kFSEventStreamEventFlagItemIsDir)
            for (path, flags) in events {
                guard pending != nil else { return }
                if flags & lost != 0 {
                    pending = nil
                    return
                }
                // The root's own events, and paths outside it, name no file of the app.
                guard path.hasPrefix(prefix) else { continue }
                let relative = String(path.dropFirst(prefix.count))
                let slash = relative.lastIndex(of: "/")
                let folder = slash.map { String(relative[..<$0]) } ?? ""
                let name = slash.map { String(relative[relative.index(after: $0)...]) } ?? relative
                if flags & isFolder != 0 {
                    // A folder came, went or moved below a watched one: its files are not in
                    // the listing; list again.
                    if flags & folderChanged != 0 && folders.contains(folder) && !SwiftFiles.isSkipped(name) {
                        pending = nil
                        return
                    }
                    continue
                }
                if name.hasSuffix(".swift") || SwiftFiles.isObjectiveC(name) || SwiftFiles.isProjectFile(relative),
                    folders.contains(folder)
                {
                    pending?.insert(relative)
                }
            }
        }
    }
#endif
