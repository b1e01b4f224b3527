import CoordinatorModel
import Foundation
import SourceIndex
import Testing

/// A fresh folder holding a copy of the ProtocolStyle app as `App`, with room beside it for
/// folders outside the app.
private func container() throws -> (outside: URL, app: URL) {
    let outside = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-links-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    let app = outside.appendingPathComponent("App")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: fixture("ProtocolStyle")), to: app)
    return (outside, app)
}

/// Makes a symbolic link at `path` (relative to `folder`) whose target is `target`, as written.
private func link(_ path: String, in folder: URL, to target: String) throws {
    try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(path).path, withDestinationPath: target)
}

/// Every node with its class, type, trigger, children and container, without the files.
private func nodes(_ index: SourceIndex) -> [String] {
    index.draft.coordinators.map { node in
        let trigger = node.trigger.map { "\($0.method)/\($0.onLaunch)" } ?? "-"
        return "\(node.id) \(node.className) \(node.type ?? "-") \(trigger) \(node.children) \(node.navigation ?? "-")"
    } + ["window \(index.draft.window ?? "-")"] + index.draft.containers.map { "\($0)" }
}

/// The file each node's class is declared in, by node id.
private func files(_ index: SourceIndex) -> [String: String] {
    Dictionary(uniqueKeysWithValues: index.draft.coordinators.map { ($0.id, $0.source?.file ?? "-") })
}

@Suite("Folder links: each real folder is read once, whatever the links")
struct FolderLinkTests {
    @Test("links that point back up (to the app, a folder above it, or their own folder) add nothing")
    func loops() throws {
        let (_, app) = try container()
        try link("loop", in: app, to: "..")
        try link("Greenhouse/loop", in: app, to: "..")
        try link("Greenhouse/Coordinators/here", in: app, to: ".")
        try link("Greenhouse/Coordinators/up", in: app, to: "../..")
        try link("Greenhouse/root", in: app, to: app.path)
        let linked = SourceWorkspace(directory: app.path).index()
        let plain = SourceWorkspace(directory: fixture("ProtocolStyle")).index()
        #expect(linked.fileCount == 6)
        #expect(linked.draft.coordinators.count == plain.draft.coordinators.count)
        #expect(nodes(linked) == nodes(plain))
        #expect(files(linked) == files(plain))
        #expect(linked.problems == plain.problems)
    }

    @Test("a folder outside the app is followed once, and read under the first link to it in name order")
    func outsideFolder() throws {
        let (outside, app) = try container()
        let shared = outside.appendingPathComponent("Shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: app.appendingPathComponent("Greenhouse/Coordinators/Flows.swift"),
            to: shared.appendingPathComponent("Flows.swift"))
        // Two links to it, one relative and one absolute, and one inside it back to the app.
        try link("Greenhouse/Shared", in: app, to: "../../Shared")
        try link("Greenhouse/Coordinators/Flows", in: app, to: shared.path)
        try link("Shared/app", in: outside, to: app.path)

        let linked = SourceWorkspace(directory: app.path).index()
        let plain = SourceWorkspace(directory: fixture("ProtocolStyle")).index()
        #expect(linked.fileCount == 6)
        #expect(nodes(linked) == nodes(plain))
        #expect(linked.problems.map(\.file) == ["Greenhouse/Coordinators/Flows/Flows.swift"])
        #expect(linked.problems.map(\.reason) == plain.problems.map(\.reason))
        let moved = files(plain).filter { $0.value.hasSuffix("Flows.swift") }.keys
        #expect(!moved.isEmpty)
        for id in moved {
            #expect(files(linked)[id] == "Greenhouse/Coordinators/Flows/Flows.swift", "\(id)")
        }
    }

    @Test("a folder of the app reached again through a link is read under its own path only")
    func linkInsideTheApp() throws {
        let (_, app) = try container()
        try link("Alias", in: app, to: "Greenhouse/Coordinators")
        try link("Greenhouse/Again", in: app, to: app.appendingPathComponent("Greenhouse/Coordinators").path)
        let linked = SourceWorkspace(directory: app.path).index()
        let plain = SourceWorkspace(directory: fixture("ProtocolStyle")).index()
        #expect(linked.fileCount == 6)
        #expect(nodes(linked) == nodes(plain))
        #expect(files(linked) == files(plain))
        #expect(linked.problems == plain.problems)
    }

    @Test("with links, loops and a folder outside the app, an index after edits equals a fresh one")
    func incrementalWithLinks() throws {
        let (outside, app) = try container()
        let shared = outside.appendingPathComponent("Shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        let flows = shared.appendingPathComponent("Flows.swift")
        try FileManager.default.moveItem(at: app.appendingPathComponent("Greenhouse/Coordinators/Flows.swift"), to: flows)
        try link("Greenhouse/Shared", in: app, to: "../../Shared")
        try link("Greenhouse/SharedAgain", in: app, to: shared.path)
        try link("Greenhouse/loop", in: app, to: "..")
        let workspace = SourceWorkspace(directory: app.path)
        _ = workspace.index()
        _ = workspace.index()

        let text = try String(contentsOf: flows, encoding: .utf8)
        let edits: [(URL, String?)] = [
            // A file outside the app, written through its own path, not the link's.
            (flows, text.replacingOccurrences(of: "= .addPlant", with: "= .newPlant")),
            // A new file outside the app, and a new one inside.
            (shared.appendingPathComponent("Note.swift"), "struct Note {}\n"),
            (app.appendingPathComponent("Greenhouse/Extra.swift"), "struct Extra {}\n"),
            // The link's folder gains a loop of its own.
            (shared.appendingPathComponent("Seedling.swift"), nil),
            (flows, text),
        ]
        for (number, (url, content)) in edits.enumerated() {
            if let content {
                try content.write(to: url, atomically: true, encoding: .utf8)
            } else {
                try link("Shared/back", in: outside, to: "../App")
            }
            let again = workspace.index()
            let fresh = SourceWorkspace(directory: app.path).index()
            #expect(nodes(again) == nodes(fresh), "edit \(number)")
            #expect(files(again) == files(fresh), "edit \(number)")
            #expect(again.problems == fresh.problems, "edit \(number)")
            #expect(again.fileCount == fresh.fileCount, "edit \(number)")
            let addPlant = again.draft.coordinators.first { $0.className == "AddPlantCoordinator" }
            #expect(addPlant?.type == (number < edits.count - 1 ? "newPlant" : "addPlant"), "edit \(number)")
        }
        // The app's five files and Extra, Flows and Note from outside, each once.
        #expect(workspace.index().fileCount == 8)
    }
}
