/// What the system says changed in an app's folders since the last look, so that indexing again
/// after an edit looks at the files written since the last index instead of stat'ing them all.
///
/// Linux answers with inotify (``InotifyFolderWatch``), macOS with FSEvents
/// (``FSEventsFolderWatch``); elsewhere there is no watch and every index lists the folder.
protocol FolderWatch: AnyObject {
    /// The Swift and Objective-C files (relative paths) created, written, moved or deleted since the last call,
    /// or nil when the events do not tell and the folder must be listed again.
    func changes() -> Set<String>?
}

/// A watch on `folders` (relative to `root`) with the system's own mechanism, or nil when the
/// system has none or refuses one.
func makeFolderWatch(root: String, folders: [String]) -> (any FolderWatch)? {
    #if canImport(CoreServices)
        FSEventsFolderWatch(root: root, folders: folders)
    #elseif os(Linux)
        InotifyFolderWatch(root: root, folders: folders)
    #else
        nil
    #endif
}
