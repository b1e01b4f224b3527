import CoordinatorModel
import Foundation
import JSON
import Testing
import TreeDocument

/// Window roots that are not a navigation or tab bar controller: a split view controller and its
/// columns, and a single view controller (a screen container).
@Suite("Split and screen containers")
struct SplitAndScreenTests {
    /// A split at the window: a navigation container in the primary column, a view controller in the
    /// secondary and a compact column, and a screen container presented over it.
    static let draft = TreeDraft(
        root: "app", window: "split",
        coordinators: [
            CoordinatorDraft(id: "app", className: "AppCoordinator", children: ["list", "detail", "welcome"]),
            CoordinatorDraft(id: "list", className: "ListCoordinator", navigation: "listNav"),
            CoordinatorDraft(id: "detail", className: "DetailCoordinator"),
            CoordinatorDraft(id: "welcome", className: "WelcomeCoordinator", navigation: "welcome"),
        ],
        containers: [
            ContainerDraft(
                id: "split", kind: .split, className: "MainSplitViewController",
                columns: [
                    ColumnDraft(
                        column: .compact, content: .viewController(ViewControllerDraft(className: "CompactVC", owner: "app"))),
                    ColumnDraft(
                        column: .secondary, content: .viewController(ViewControllerDraft(className: "DetailVC", owner: "detail"))),
                    ColumnDraft(column: .primary, content: .container("listNav")),
                ], presented: "welcome"),
            ContainerDraft(id: "listNav", kind: .navigation, stack: [ViewControllerDraft(className: "ListVC", owner: "list")]),
            ContainerDraft(
                id: "welcome", kind: .screen, className: "WelcomeVC",
                stack: [ViewControllerDraft(className: "WelcomeVC", owner: "welcome")]),
        ])

    @Test(
        "currentStack: the primary column, then the secondary (the top), then what is presented; the compact column is not shown")
    func currentStack() throws {
        let tree = try CoordinatorTree(validating: Self.draft)
        let stack = tree.currentStack()
        #expect(stack.viewControllers.map(\.className) == ["ListVC", "DetailVC", "WelcomeVC"])
        #expect(stack.viewControllers.map { tree.containers[$0.container].id } == ["listNav", "split", "welcome"])
        #expect(stack.coordinators.map { tree[$0].id } == ["app", "welcome"])
        let detail = tree.viewControllers(ownedBy: try #require(tree.node(id: "detail")))
        #expect(detail.map(\.position) == [.column] && detail.map(\.index) == [1])
        #expect(tree.containers[try #require(tree.container(id: "welcome"))].kind == .screen)
    }

    @Test("a split's and a screen's members survive encoding and loading, through both load paths")
    func roundTrip() throws {
        let value = TreeDocumentEncoder.encode(Self.draft)
        let text = value.serializedString()
        #expect(text.contains(#""kind":"split""#) && text.contains(#""column":"compact""#))
        let fromValue = try TreeDocumentLoader.load(value: value)
        let fromBytes = try Array(text.utf8).withUnsafeBytes { buffer in try TreeDocumentLoader.load(bytes: buffer) }
        for tree in [fromValue, fromBytes] {
            let split = tree.containers[try #require(tree.window)]
            #expect(split.kind == .split && split.className == "MainSplitViewController")
            #expect(split.columns.map(\.column) == [.compact, .secondary, .primary])
            #expect(tree.currentStack().viewControllers.map(\.className) == ["ListVC", "DetailVC", "WelcomeVC"])
        }
    }

    @Test("the protocol's split example loads and shows its primary, secondary and presented screen")
    func protocolExample() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("protocol/examples/split-tree.json").path
        let tree = try TreeDocumentLoader.load(contentsOf: path)
        let stack = tree.currentStack()
        #expect(
            stack.viewControllers.map(\.className) == [
                "ShelvesViewController", "ShelfViewController", "BookViewController", "WelcomeViewController",
            ])
        #expect(stack.coordinators.map { tree[$0].id } == ["app", "welcome"])
    }
}
