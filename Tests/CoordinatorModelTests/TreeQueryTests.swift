import CoordinatorModel
import TestSupport
import Testing

@Suite("Tree queries")
struct TreeQueryTests {
    let tree = Fixtures.example()

    private func ids(_ nodes: some Sequence<NodeIndex>) -> [String] { nodes.map { tree[$0].id } }

    @Test("children keep childCoordinators order, and paths run from the root")
    func childrenAndPaths() throws {
        let tabs = try #require(tree.node(id: "tabs"))
        #expect(ids(tree.children(of: tabs)) == ["explore", "trips", "journal", "profile", "record"])
        let edit = try #require(tree.node(id: "profile.edit"))
        #expect(ids(tree.path(to: edit)) == ["app", "tabs", "profile", "profile.edit"])
        #expect(ids(tree.path(to: tree.root)) == ["app"])
        #expect(tree[edit].parent == tree.node(id: "profile"))
        #expect(tree.subtreeSize(of: tree.root) == tree.count)
    }

    @Test("subtree cuts at the depth and flags what was cut")
    func subtreeDepth() throws {
        let subtree = tree.subtree(depth: 1)
        #expect(ids([subtree.node]) == ["app"])
        #expect(subtree.children.count == 1)
        let tabs = subtree.children[0]
        #expect(tabs.childCount == 5 && tabs.children.isEmpty && tabs.hasMore)
        #expect(!tree.subtree(depth: 0).children.contains { _ in true })
        #expect(tree.subtree(depth: 0).hasMore)

        let full = tree.subtree()
        func count(_ node: SubtreeNode) -> Int { 1 + node.children.map(count).reduce(0, +) }
        #expect(count(full) == tree.count)
        let journal = try #require(tree.node(id: "journal"))
        #expect(!tree.subtree(from: journal).hasMore)
    }

    @Test("the current stack follows the window, the selected tab and the presented flow")
    func currentStack() {
        let stack = tree.currentStack()
        #expect(
            stack.viewControllers.map(\.className) == [
                "LaunchViewController", "MainTabBarController", "TripListViewController", "TripSummaryViewController",
                "TrailDetailViewController", "RecordHikeViewController",
            ])
        #expect(
            stack.viewControllers.map { tree.containers[$0.container].id } == [
                "rootNav", "rootNav", "tripsNav", "tripsNav", "tripsNav", "recordNav",
            ])
        #expect(ids(stack.coordinators) == ["app", "tabs", "record"])
    }

    @Test("a tab that shows a plain view controller, and a window with nothing owned")
    func tabViewController() throws {
        let draft = TreeDraft(
            root: "app", window: "tabs",
            coordinators: [
                CoordinatorDraft(id: "app", className: "AppCoordinator", children: ["settings"]),
                CoordinatorDraft(id: "settings", className: "SettingsCoordinator"),
            ],
            containers: [
                ContainerDraft(
                    id: "tabs", kind: .tabBar,
                    tabs: [
                        TabDraft(
                            title: "Home", icon: nil, tag: 0,
                            content: .viewController(ViewControllerDraft(className: "HomeViewController", owner: nil))),
                        TabDraft(
                            title: "Settings", icon: nil, tag: 1,
                            content: .viewController(ViewControllerDraft(className: "SettingsViewController", owner: "settings"))),
                    ], selectedIndex: 1)
            ])
        let tree = try CoordinatorTree(validating: draft)
        let stack = tree.currentStack()
        #expect(stack.viewControllers.map(\.className) == ["SettingsViewController"])
        #expect(stack.coordinators.map { tree[$0].id } == ["app", "settings"])
        let owned = tree.viewControllers(ownedBy: tree.node(id: "settings")!)
        #expect(owned.map(\.position) == [.tab] && owned.map(\.index) == [1])

        let unowned = try CoordinatorTree(
            validating: TreeDraft(
                root: "app", window: "nav", coordinators: [CoordinatorDraft(id: "app", className: "AppCoordinator")],
                containers: [
                    ContainerDraft(
                        id: "nav", kind: .navigation, stack: [ViewControllerDraft(className: "SplashViewController", owner: nil)])
                ]))
        #expect(unowned.currentStack().coordinators.isEmpty)
        #expect(unowned.currentStack().viewControllers.count == 1)
    }

    @Test("view controllers owned by a coordinator, in document order")
    func ownedViewControllers() throws {
        let trips = try #require(tree.node(id: "trips"))
        let owned = tree.viewControllers(ownedBy: trips)
        #expect(owned.map(\.className) == ["TripListViewController", "TripSummaryViewController"])
        #expect(owned.map(\.index) == [0, 1])
        #expect(owned.allSatisfy { tree.containers[$0.container].id == "tripsNav" && $0.position == .stack })
    }

    @Test("a document without a window shows nothing")
    func noWindow() throws {
        let tree = try Fixtures.tree([(id: "app", type: nil, children: [])])
        #expect(tree.currentStack().viewControllers.isEmpty && tree.currentStack().coordinators.isEmpty)
    }
}

@Suite("Validation of the tree's invariants")
struct ValidationTests {
    private func issues(_ draft: TreeDraft) -> [DocumentIssue] {
        do {
            _ = try CoordinatorTree(validating: draft)
            return []
        } catch {
            return error.issues
        }
    }

    @Test("a cycle is reported once, at the listing that closes it, and the rest as unreachable")
    func cycle() {
        let found = issues(
            TreeDraft(
                root: "app",
                coordinators: [
                    CoordinatorDraft(id: "app", className: "A"),
                    CoordinatorDraft(id: "x", className: "X", children: ["y"]),
                    CoordinatorDraft(id: "y", className: "Y", children: ["x", "z"]),
                    CoordinatorDraft(id: "z", className: "Z"),
                ]))
        #expect(found.filter { $0.reason.hasPrefix("cycle") }.count == 1)
        #expect(found.contains { $0.reason.hasPrefix("cycle") && $0.reason.contains("'x'") && $0.reason.contains("'y'") })
        #expect(found.contains { $0.pointer == "/coordinators/3" && $0.reason.contains("not reachable") })
        #expect(!found.contains { $0.pointer == "/coordinators/1" && $0.reason.contains("not reachable") })
    }

    @Test("a long detached chain is reported without a quadratic walk")
    func detachedChain() {
        let count = 20_000
        var coordinators = [CoordinatorDraft(id: "app", className: "A")]
        for index in 0..<count {
            coordinators.append(
                CoordinatorDraft(id: "c\(index)", className: "C", children: index + 1 < count ? ["c\(index + 1)"] : []))
        }
        let found = issues(TreeDraft(root: "app", coordinators: coordinators))
        #expect(found.count == count)
        #expect(found.allSatisfy { $0.reason.contains("not reachable from the root 'app'") })
    }
}
