import CoordinatorModel
import JSON
import Testing
import TreeDocument

@testable import NavinspectRuntime

// Coordinators in the conventions reflection must see.
enum Kind {
    case app, tabs, home
    case detail(Int)
}

final class ArrayCoordinator {
    var childCoordinators: [AnyObject] = []
    let type: Kind
    let navigationController: FakeNavigationController?
    init(_ type: Kind, navigation: FakeNavigationController? = nil) {
        self.type = type
        self.navigationController = navigation
    }
}

final class Router {
    let navigationController: FakeNavigationController
    init(_ navigation: FakeNavigationController) { navigationController = navigation }
}

final class RouterCoordinator {
    var children: [String: AnyObject] = [:]
    let router: Router
    init(router: Router) { self.router = router }
}

final class DeclaredCoordinator: NavinspectCoordinator {
    var hidden: [AnyObject] = []
    var navinspectChildren: [AnyObject]? { hidden }
    var navinspectType: String? { "declared" }
}

private func snapshot(_ builder: inout SnapshotBuilder, _ root: AnyObject) throws -> (CoordinatorTree, JSONValue) {
    let (tree, instances) = builder.snapshot(root: root)
    let tree2 = try TreeDocumentLoader.load(value: JSONParser.parseValue(tree))
    return (tree2, try JSONParser.parseValue(instances))
}

@Suite("Snapshots read the live tree by reflection")
struct SnapshotBuilderTests {
    @Test("children, type and navigation are read by reflection, with class-path ids")
    func reflection() throws {
        let window = FakeWindow()
        let rootNav = FakeNavigationController()
        let app = ArrayCoordinator(.app, navigation: rootNav)
        let home = ArrayCoordinator(.home, navigation: rootNav)
        let router = RouterCoordinator(router: Router(FakeNavigationController()))
        let declared = DeclaredCoordinator()
        declared.hidden = [ArrayCoordinator(.detail(3))]
        app.childCoordinators = [home, router, declared]
        rootNav.stack = [FakeViewController(coordinator: app), FakeViewController(coordinator: home)]
        window.root = rootNav
        var builder = SnapshotBuilder(screens: FakeScreens(window: window))
        let (tree, _) = try snapshot(&builder, app)
        #expect(tree[tree.root].id == "ArrayCoordinator")
        #expect(
            tree.children(of: tree.root).map { tree[$0].id } == [
                "ArrayCoordinator/ArrayCoordinator", "ArrayCoordinator/RouterCoordinator", "ArrayCoordinator/DeclaredCoordinator",
            ])
        let detail = try #require(tree.node(id: "ArrayCoordinator/DeclaredCoordinator/ArrayCoordinator"))
        #expect(tree[detail].type == "detail")
        #expect(tree[try #require(tree.node(id: "ArrayCoordinator/DeclaredCoordinator"))].type == "declared")
        // The router's navigation controller is found one level down, and listed though not on screen.
        let routed = try #require(tree.node(id: "ArrayCoordinator/RouterCoordinator"))
        #expect(tree[routed].navigation != nil)
        let stack = tree.currentStack()
        #expect(
            stack.viewControllers.map { $0.owner.map { tree[$0].id } } == [
                "ArrayCoordinator", "ArrayCoordinator/ArrayCoordinator",
            ])
    }

    @Test("ids stay with their objects when a sibling goes, and a new object gets a new instance")
    func stableIDs() throws {
        let app = ArrayCoordinator(.app)
        let first = ArrayCoordinator(.home)
        let second = ArrayCoordinator(.home)
        app.childCoordinators = [first, second]
        var builder = SnapshotBuilder(screens: nil)
        let (before, instancesBefore) = try snapshot(&builder, app)
        #expect(
            before.children(of: before.root).map { before[$0].id } == [
                "ArrayCoordinator/ArrayCoordinator", "ArrayCoordinator/ArrayCoordinator#2",
            ])
        app.childCoordinators = [second]
        let (after, _) = try snapshot(&builder, app)
        #expect(after.children(of: after.root).map { after[$0].id } == ["ArrayCoordinator/ArrayCoordinator#2"])
        app.childCoordinators = [second, ArrayCoordinator(.home)]
        let (again, instancesAgain) = try snapshot(&builder, app)
        #expect(
            again.children(of: again.root).map { again[$0].id } == [
                "ArrayCoordinator/ArrayCoordinator#2", "ArrayCoordinator/ArrayCoordinator",
            ])
        // The id came back, on a new object: its instance number differs.
        #expect(instancesBefore["ArrayCoordinator/ArrayCoordinator"] != instancesAgain["ArrayCoordinator/ArrayCoordinator"])
        #expect(instancesBefore["ArrayCoordinator/ArrayCoordinator#2"] == instancesAgain["ArrayCoordinator/ArrayCoordinator#2"])
    }

    @Test("tab bars with titles and the selected tab, embedded and presented containers")
    func screens() throws {
        let window = FakeWindow()
        let rootNav = FakeNavigationController()
        let tabs = FakeTabBarController()
        let homeNav = FakeNavigationController(title: "Home")
        let mapNav = FakeNavigationController(title: "Map")
        let app = ArrayCoordinator(.app, navigation: rootNav)
        let tabCoordinator = ArrayCoordinator(.tabs)
        let home = ArrayCoordinator(.home, navigation: homeNav)
        app.childCoordinators = [tabCoordinator]
        tabCoordinator.childCoordinators = [home]
        tabs.coordinator = tabCoordinator
        tabs.tabs = [homeNav, mapNav]
        tabs.selectedIndex = 1
        rootNav.stack = [tabs]
        homeNav.stack = [FakeViewController()]
        mapNav.stack = [FakeViewController()]
        let sheet = FakeViewController(coordinator: home)
        tabs.presented = sheet
        window.root = rootNav
        var builder = SnapshotBuilder(screens: FakeScreens(window: window))
        let (tree, _) = try snapshot(&builder, app)
        let tabBar = try #require(tree.containers.first { $0.kind == .tabBar })
        #expect(tabBar.tabs.map(\.title) == ["Home", "Map"])
        #expect(tabBar.selectedIndex == 1)
        let stack = tree.currentStack()
        #expect(stack.viewControllers.map(\.className) == ["FakeTabBarController", "FakeViewController", "FakeViewController"])
        #expect(stack.viewControllers.last?.owner.map { tree[$0].id } == "ArrayCoordinator/ArrayCoordinator/ArrayCoordinator")
    }

    @Test("a split view at the window's root lists its columns; a plain controller presented is a screen container")
    func splitAndScreen() throws {
        let window = FakeWindow()
        let split = FakeSplitViewController()
        let listNav = FakeNavigationController()
        let app = ArrayCoordinator(.app, navigation: listNav)
        let detail = ArrayCoordinator(.home)
        app.childCoordinators = [detail]
        listNav.stack = [FakeViewController(coordinator: app)]
        split.columns = [listNav, FakeViewController(coordinator: detail)]
        let sheet = FakeViewController(coordinator: detail)
        split.presented = sheet
        window.root = split
        var builder = SnapshotBuilder(screens: FakeScreens(window: window))
        let (tree, _) = try snapshot(&builder, app)
        let root = tree.containers[try #require(tree.window)]
        #expect(root.kind == .split)
        #expect(root.columns.map(\.column) == [.primary, .secondary])
        let presented = tree.containers[try #require(root.presented)]
        #expect(presented.kind == .screen && presented.stack.map(\.className) == ["FakeViewController"])
        let stack = tree.currentStack()
        #expect(stack.viewControllers.map { tree.containers[$0.container].kind } == [.navigation, .split, .screen])
        #expect(stack.viewControllers.last?.owner.map { tree[$0].id } == "ArrayCoordinator/ArrayCoordinator")
    }

    @Test("children are read at every snapshot, a declared type too; a reflected type is read when the object is first seen")
    func constants() throws {
        final class Switching: NavinspectCoordinator {
            var childCoordinators: [AnyObject] = []
            var declared = "first"
            var navinspectType: String? { declared }
        }
        let root = Switching()
        var builder = SnapshotBuilder(screens: nil)
        _ = try snapshot(&builder, root)
        root.declared = "second"
        root.childCoordinators = [ArrayCoordinator(.home)]
        let (tree, _) = try snapshot(&builder, root)
        #expect(tree[tree.root].type == "second")
        #expect(tree.count == 2)
    }

    @Test("a cycle of children is walked once")
    func cycle() throws {
        let app = ArrayCoordinator(.app)
        let child = ArrayCoordinator(.home)
        app.childCoordinators = [child]
        child.childCoordinators = [app, child]
        var builder = SnapshotBuilder(screens: nil)
        let (tree, _) = try snapshot(&builder, app)
        #expect(tree.count == 2)
        child.childCoordinators = []
    }

    @Test("a 10,000-coordinator tree is read whole, without recursion")
    func large() throws {
        let app = ArrayCoordinator(.app)
        var parent = app
        for index in 0..<10_000 {
            let child = ArrayCoordinator(.detail(index))
            if index % 2 == 0 { parent.childCoordinators.append(child) } else { app.childCoordinators.append(child) }
            if index % 100 == 0 { parent = child }
        }
        var builder = SnapshotBuilder(screens: nil)
        let (tree, _) = try snapshot(&builder, app)
        #expect(tree.count == 10_001)
        #expect(builder.registeredCount == 10_001)
    }
}
