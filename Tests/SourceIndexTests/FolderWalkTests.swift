import Foundation
import Testing

@testable import SourceIndex

/// A fresh folder with Swift files six folders deep and a few wide, some folders empty, one
/// skipped (`Pods`), one holding a library's example app.
private func tree() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-walk-\(UUID().uuidString)")
    let folders = [
        "App", "App/Flows", "App/Flows/Home", "App/Flows/Home/Detail", "App/Flows/Home/Detail/Deep",
        "App/Flows/Home/Detail/Deep/Deeper", "App/Flows/Settings", "App/Empty", "Kit", "Kit/Sources", "Pods/Library",
        "Vendored/Lib", "Vendored/Lib/Example",
    ]
    for folder in folders {
        try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    for (number, folder) in folders.enumerated() where !folder.hasSuffix("Empty") {
        let file = root.appendingPathComponent(folder).appendingPathComponent("File\(number).swift")
        try "final class Type\(number) {}\n".write(to: file, atomically: true, encoding: .utf8)
    }
    try "".write(to: root.appendingPathComponent("Vendored/Lib/Lib.podspec"), atomically: true, encoding: .utf8)
    return root
}

@Suite("Reading an app's folders on every core")
struct FolderWalkTests {
    @Test("every folder read as soon as its parent was gives what a walk a depth at a time gives")
    func sameAsByDepth() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(at: root) }
        var visited: Set<FolderIdentity> = []
        let byDepth = SwiftFiles.readByDepth(under: root.path, visited: &visited)
        let all = try #require(SwiftFiles.readAll(under: root.path, excluding: []))
        #expect(Set(all.keys) == Set(byDepth.keys))
        #expect(all.count == 13)  // the root and every folder but Pods' two and the library's example
        for (path, folder) in byDepth {
            #expect(all[path]?.identity == folder.identity)
            #expect(all[path]?.files.map(\.path) == folder.files.map(\.path))
            #expect(all[path]?.subfolders == folder.subfolders)
        }
        #expect(Set(all.values.map(\.identity)) == visited)
        let listing = SwiftFiles.list(under: root.path)
        #expect(listing.files.map(\.path) == listing.files.map(\.path).sorted())
        #expect(listing.files.count == 10)
    }

    @Test("a folder met again (a file system mounted inside itself) leaves the choice to the walk by depth")
    func metTwice() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(at: root) }
        var status = stat()
        #expect(stat(root.appendingPathComponent("App/Flows/Home").path, &status) == 0)
        let home = FolderIdentity(status)
        // The identity stands for a folder seen before the walk: as a mount of an outer folder would be.
        #expect(SwiftFiles.readAll(under: root.path, excluding: [home]) == nil)
        var visited: Set<FolderIdentity> = [home]
        let byDepth = SwiftFiles.readByDepth(under: root.path, visited: &visited)
        #expect(byDepth["App/Flows"] != nil)
        #expect(byDepth["App/Flows/Home"] == nil)
        #expect(byDepth["App/Flows/Home/Detail"] == nil)
        #expect(byDepth["App/Flows/Settings"] != nil)
    }
}
