import Foundation
import SourceIndex

/// The index of an app of one file, `App.swift` holding `text`, written to a folder of its own
/// that is removed once indexed.
func indexOneFileApp(_ text: String) throws -> SourceIndex {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-app-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try text.write(to: folder.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
    return SourceIndexer.index(directory: folder.path)
}
