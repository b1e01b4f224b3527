import Testing

@testable import SourceIndex

@Suite("Declarations merged round by round")
struct RoundMergeTests {
    @Test(
        "adding files merges again only what they declare or extend, and gives what merging every file in order gives: an extension read before its class, a nested type beside a top-level one of its name"
    )
    func addingEqualsMergingAll() {
        let texts = [
            "a.swift": "extension HomeCoordinator { func showDetail() { DetailCoordinator().start() } }",
            "b.swift": "struct Screen { final class Coordinator { func start() {} } }\nfinal class Unrelated {}",
            "c.swift": "protocol Coordinator: AnyObject { func start() }",
            "d.swift": "final class HomeCoordinator: Coordinator { func start() {} }",
            "e.swift":
                "extension HomeCoordinator { func showSettings() {} }\nfinal class DetailCoordinator: Coordinator { func start() {} }",
        ]
        let paths = texts.keys.sorted()
        let summaries = Dictionary(
            uniqueKeysWithValues: paths.enumerated().map { ($0, SourceWorkspace.summarize(texts[$1]!, path: $1)) })
        let all = SourceWorkspace.merged(paths.indices.map { summaries[$0]! })
        // a and b first, then c, d and e: the later files bring the top-level Coordinator protocol,
        // which leaves out the nested class merged first, and HomeCoordinator's declaration after
        // an extension merged first.
        let first = SourceWorkspace.merged([summaries[0]!, summaries[1]!])
        #expect(first["Coordinator"]?.kind == .class)
        let added = SourceWorkspace.merged(first, adding: [2, 3, 4], of: Array(paths.indices), summaries: summaries)
        #expect(added.keys.sorted() == all.keys.sorted())
        for name in all.keys {
            #expect(added[name]?.kind == all[name]?.kind)
            #expect(added[name]?.file == all[name]?.file)
            #expect(added[name]?.functions.map(\.name) == all[name]?.functions.map(\.name))
            #expect(added[name]?.inherited == all[name]?.inherited)
            #expect(added[name]?.calledNames == all[name]?.calledNames)
        }
        #expect(all["HomeCoordinator"]?.functions.map(\.name) == ["start", "showDetail", "showSettings"])
        #expect(all["Coordinator"]?.kind == .protocol)
    }
}
