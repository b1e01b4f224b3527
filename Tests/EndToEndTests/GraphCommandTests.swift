import Foundation
import JSON
import TestSupport
import Testing

private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("SourceIndexTests/Fixtures")

@Suite("navinspect graph and report, and names in the terminal, the built binary")
struct GraphCommandTests {
    @Test("graph prints each format, honours --from, --depth and --find, and writes -o")
    func graphFormats() throws {
        let mermaid = try NavinspectBinary.run(["graph", "--find", "trailDetail"])
        #expect(mermaid.status == 0 && mermaid.stdout.hasPrefix("flowchart TD\n"))
        #expect(
            mermaid.stdout.contains("TrailDetailCoordinator [trips.trailDetail]<br/>.trailDetail · on screen · match 1, returned")
        )
        let dot = try NavinspectBinary.run(["graph", "--format", "dot", "--from", "TripsCoordinator", "--depth", "1"])
        #expect(dot.status == 0 && dot.stdout.hasPrefix("digraph coordinators {"))
        #expect(!dot.stdout.contains("AppCoordinator") && dot.stdout.contains("TrailDetailCoordinator"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-graph-\(UUID().uuidString).svg").path
        let svg = try NavinspectBinary.run([
            "graph", "--format", "svg", "--source", fixtures.appendingPathComponent("BaseClass").path, "-o", file,
        ])
        #expect(svg.status == 0 && svg.stdout.isEmpty)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("LaunchCoordinator"))
    }

    @Test("graph refuses what it cannot draw, naming what is wrong")
    func graphErrors() throws {
        let unknown = try NavinspectBinary.run(["graph", "--from", "Nowhere"])
        #expect(unknown.status == 1 && unknown.stderr.contains("no coordinator has the id or the unique class name 'Nowhere'"))
        let format = try NavinspectBinary.run(["graph", "--format", "png"])
        #expect(format.status != 0 && format.stderr.contains("png"))
        let negative = try NavinspectBinary.run(["graph", "--max-nodes=-1"])
        #expect(negative.status != 0 && negative.stderr.contains("--max-nodes must be 0 or more"))
        let unwritable = try NavinspectBinary.run(["graph", "-o", "/nonexistent/folder/tree.mmd"])
        #expect(unwritable.status == 1 && unwritable.stderr.contains("cannot write /nonexistent/folder/tree.mmd"))
        let missing = try NavinspectBinary.run(["graph", "--find", "nothing"])
        #expect(missing.status == 0 && missing.stderr.contains("findCoordinator(type: .nothing) returns nil"))
    }

    @Test("a large tree is cut at --max-nodes, with a note on stderr and in the output")
    func cap() throws {
        var coordinators: [String] = []
        for node in 0..<1_000 {
            let children = (1...3).map { node * 3 + $0 }.filter { $0 < 1_000 }.map { "\"n\($0)\"" }
            coordinators.append(
                "{\"id\": \"n\(node)\", \"class\": \"C\(node)\", \"children\": [\(children.joined(separator: ","))]}")
        }
        let document = "{\"navinspect\": 1, \"root\": \"n0\", \"coordinators\": [\(coordinators.joined(separator: ","))]}"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-big-\(UUID().uuidString).json").path
        try document.write(toFile: path, atomically: true, encoding: .utf8)
        let capped = try NavinspectBinary.run(["graph", "--tree", path, "--max-nodes", "50"])
        #expect(capped.stderr.contains("showing 50 of 1000 coordinators"))
        #expect(capped.stdout.components(separatedBy: "[\"C").count - 1 == 50)
        let all = try NavinspectBinary.run(["graph", "--tree", path, "--max-nodes", "0"])
        #expect(all.stdout.components(separatedBy: "[\"C").count - 1 == 1_000 && !all.stderr.contains("showing"))
    }

    @Test("report writes one page from a folder, with the lint findings, or from a tree document without them")
    func report() throws {
        let folder = fixtures.appendingPathComponent("ProtocolStyle").path
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-report-\(UUID().uuidString).html")
            .path
        let made = try NavinspectBinary.run(["report", folder, "-o", file])
        #expect(made.status == 0 && made.stderr.contains("wrote \(file)"))
        let page = try String(contentsOfFile: file, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("<h1>Coordinators of ProtocolStyle</h1>"))
        #expect(page.contains("data-rule=\"finish-delegate-not-set\""))
        let fromDocument = try NavinspectBinary.run(["report"])
        #expect(fromDocument.status == 0 && fromDocument.stdout.contains("Lint needs the app's sources"))
        let both = try NavinspectBinary.run(["report", folder, "--tree", "x.json"])
        #expect(both.status != 0 && both.stderr.contains("not two"))
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let nothing = try NavinspectBinary.run(["report", empty.path])
        #expect(nothing.status == 1 && nothing.stderr.contains("error: \(empty.path)"))
    }

    @Test("the terminal names coordinators by class, with the short end of the id only where classes repeat")
    func names() throws {
        let folder = fixtures.appendingPathComponent("ProtocolStyle").path
        let tree = try NavinspectBinary.run(["query", "tree", "--source", folder])
        #expect(tree.stdout.hasPrefix("AppCoordinator .app\n└─ MainTabCoordinator .tab\n"))
        #expect(tree.stdout.contains("PlantDetailCoordinator [GardenCoordinator/PlantDetailCoordinator] .plantDetail"))
        #expect(!tree.stdout.contains("AppCoordinator/MainTabCoordinator"))
        // What the terminal shows, it takes back: a unique class name, or the end of an id.
        let byClass = try NavinspectBinary.run(["query", "describe", "--source", folder, "--id", "GardenCoordinator", "--json"])
        #expect(try JSONParser.parseValue(byClass.stdout)["id"] == "AppCoordinator/MainTabCoordinator/GardenCoordinator")
        let bySuffix = try NavinspectBinary.run([
            "query", "findCoordinator", "--source", folder, "--type", "plantDetail", "--from",
            "GardenCoordinator/PlantDetailCoordinator",
        ])
        #expect(
            bySuffix.stdout.hasPrefix(
                "findCoordinator(type: .plantDetail) called on PlantDetailCoordinator [GardenCoordinator/PlantDetailCoordinator] returns"
            ))
        // An ambiguous class name is not guessed.
        let ambiguous = try NavinspectBinary.run(["query", "describe", "--source", folder, "--id", "PlantDetailCoordinator"])
        #expect(ambiguous.status == 1 && ambiguous.stderr.contains("Unknown coordinator id 'PlantDetailCoordinator'"))
        // --json keeps the exact ids.
        let json = try NavinspectBinary.run(["query", "currentStack", "--json"])
        #expect(json.stdout.contains("\"owner\": \"trips.trailDetail\""))
    }
}
