import CoordinatorModel
import Foundation
import SourceIndex
import Testing

/// The folder of a fixture app, found from this file's place in the repository.
func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
}

@Suite("Extraction: a protocol with childCoordinators and type, tabs from a CaseIterable enum")
struct ProtocolStyleTests {
    let index = SourceIndexer.index(directory: fixture("ProtocolStyle"))

    private func node(_ id: String) -> CoordinatorDraft? { index.draft.coordinators.first { $0.id == id } }

    @Test("the convention is found: the protocol, its children property and start method")
    func convention() {
        #expect(index.convention == Convention(root: "Coordinator", childrenProperty: "childCoordinators", startMethod: "start"))
        #expect(index.fileCount == 6)
    }

    @Test("the launch tree: the root created by the scene delegate, tabs in switch order, flows on demand")
    func launchTree() throws {
        #expect(index.draft.root == "AppCoordinator")
        let app = try #require(node("AppCoordinator"))
        #expect(app.children == ["AppCoordinator/MainTabCoordinator"])
        #expect(app.type == "app")
        #expect(app.source == SourceLocation(file: "Greenhouse/Coordinators/AppCoordinator.swift", line: 5))

        let tabs = try #require(node("AppCoordinator/MainTabCoordinator"))
        #expect(tabs.type == "tab", "type set in init")
        #expect(tabs.trigger == Trigger(method: "showMainFlow", onLaunch: true), "a helper start() calls")
        #expect(
            tabs.children.map { $0.split(separator: "/").last! } == [
                "GardenCoordinator", "JournalCoordinator", "SettingsCoordinator", "AddPlantCoordinator",
            ])
        #expect(
            node("AppCoordinator/MainTabCoordinator/GardenCoordinator")?.trigger == Trigger(method: "startTab", onLaunch: true))
        #expect(
            node("AppCoordinator/MainTabCoordinator/AddPlantCoordinator")?.trigger
                == Trigger(method: "showAddPlantFlow", onLaunch: false),
            "started from an event handler closure")
    }

    @Test("types from a stored default, a computed property and a getter body")
    func types() {
        #expect(node("AppCoordinator/MainTabCoordinator/GardenCoordinator")?.type == "garden")
        #expect(node("AppCoordinator/MainTabCoordinator/JournalCoordinator")?.type == "journal")
        #expect(node("AppCoordinator/MainTabCoordinator/SettingsCoordinator")?.type == "settings")
    }

    @Test("a class two parents create is a node under each, so no edge is lost")
    func sharedDetail() {
        let details = index.draft.coordinators.filter { $0.className == "PlantDetailCoordinator" }
        #expect(
            details.map(\.id) == [
                "AppCoordinator/MainTabCoordinator/GardenCoordinator/PlantDetailCoordinator",
                "AppCoordinator/MainTabCoordinator/JournalCoordinator/PlantDetailCoordinator",
            ])
        #expect(details.map(\.trigger?.method) == ["plantWasSelected", "entryMentionsPlant"])
        #expect(details.allSatisfy { $0.trigger?.onLaunch == false })
    }

    @Test("a class nothing creates is reported with its place, and the tree is valid")
    func problemsAndValidity() throws {
        #expect(
            index.problems.contains {
                $0.file == "Greenhouse/Coordinators/Flows.swift" && $0.reason.contains("OnboardingCoordinator")
            })
        let tree = try CoordinatorTree(validating: index.draft)
        #expect(tree.count == 8)
        let found = try #require(tree.findCoordinator(type: "plantDetail"))
        #expect(tree[found].id == "AppCoordinator/MainTabCoordinator/JournalCoordinator/PlantDetailCoordinator")
    }
}

@Suite("Containers from code: the window, stacks, tabs with their items, the selected tab")
struct ContainerExtractionTests {
    @Test("tabs from allCases.map, items from per-case properties, tags from raw values, a switch on the tab")
    func tabsFromAnEnum() throws {
        let draft = SourceIndexer.index(directory: fixture("ProtocolStyle")).draft
        #expect(draft.window == "SceneDelegate.navigationController")
        let tabBar = try #require(draft.containers.first { $0.kind == .tabBar })
        #expect(tabBar.id == "AppCoordinator/MainTabCoordinator.tabBarController")
        #expect(tabBar.tabs.map(\.title) == ["Garden", "Journal", "Settings"])
        #expect(tabBar.tabs.map(\.icon) == ["leaf", "book", "gearshape"])
        #expect(tabBar.tabs.map(\.tag) == [0, 1, 2])
        #expect(tabBar.selectedIndex == 0)
        let window = try #require(draft.containers.first { $0.id == draft.window })
        #expect(
            window.stack == [
                ViewControllerDraft(
                    className: "UITabBarController", owner: "AppCoordinator/MainTabCoordinator", embeds: tabBar.id)
            ], "the tab bar is the coordinator's that made it")

        // Each tab's navigation controller is the one its coordinator was given, by the switch on the tab.
        let tabs = "AppCoordinator/MainTabCoordinator"
        func navigation(_ child: String) -> String? { draft.coordinators.first { $0.id == tabs + "/" + child }?.navigation }
        #expect(
            tabBar.tabs.map(\.content) == [
                .container(tabs + ".controller"), .container(tabs + ".controller#2"), .container(tabs + ".controller#3"),
            ])
        #expect(navigation("GardenCoordinator") == tabs + ".controller")
        #expect(navigation("JournalCoordinator") == tabs + ".controller#2")
        #expect(navigation("SettingsCoordinator") == tabs + ".controller#3")
        #expect(navigation("GardenCoordinator/PlantDetailCoordinator") == tabs + ".controller", "a flow knows where it will push")
        #expect(draft.coordinators.first { $0.id == tabs }?.navigation == tabBar.id, "a tab coordinator drives its tab bar")

        let stacks = Dictionary(uniqueKeysWithValues: draft.containers.map { ($0.id, $0.stack) })
        #expect(
            stacks[tabs + ".controller"] == [
                ViewControllerDraft(className: "PlantListViewController", owner: tabs + "/GardenCoordinator")
            ])
        #expect(
            stacks[tabs + ".controller#2"] == [
                ViewControllerDraft(className: "JournalViewController", owner: tabs + "/JournalCoordinator")
            ])
        #expect(stacks[tabs + ".controller#3"] == [])
    }

    @Test("the extracted tree answers currentStack: the selected tab's top view controller and its coordinator")
    func currentStack() throws {
        let tree = try #require(try? SourceIndexer.index(directory: fixture("ProtocolStyle")).tree().get())
        let screen = tree.currentStack()
        #expect(screen.viewControllers.map(\.className) == ["UITabBarController", "PlantListViewController"])
        #expect(screen.coordinators.map { tree[$0].id }.last == "AppCoordinator/MainTabCoordinator/GardenCoordinator")
    }

    @Test("routers: a window router sets the window's root, a stack router pushes, each wraps its container")
    func routers() throws {
        let draft = SourceIndexer.index(directory: fixture("RouterStyle")).draft
        #expect(draft.window == "WindowCoordinator.tabBarController")
        let forecast = try #require(draft.coordinators.first { $0.className == "ForecastCoordinator" })
        let stack = try #require(draft.containers.first { $0.id == forecast.navigation }).stack
        #expect(stack == [ViewControllerDraft(className: "UIViewController", owner: forecast.id)])
        let navigations = Set(draft.coordinators.filter { $0.trigger?.method == "present" }.compactMap(\.navigation))
        #expect(navigations.count == 4, "the tab bar and one navigation controller per tab")
    }

    @Test("a root made in a lazy property starts in the method that reads it; a closure called where it is written is its value")
    func lazyRoot() throws {
        let draft = SourceIndexer.index(directory: fixture("BaseClass")).draft
        // `window?.rootViewController = rootNavigation`, made by `{ UINavigationController() }()`, in the method
        // that also starts `launch`.
        #expect(draft.window == "AppDelegate.rootNavigation")
        let navigation = try #require(draft.containers.first { $0.id == draft.window })
        // `hasAccount` is false: the sign-in flow sets the router's root.
        let signIn = ViewControllerDraft(className: "UIViewController", owner: "LaunchCoordinator/SignInCoordinator")
        #expect(navigation.stack == [signIn])
        #expect(draft.coordinators.allSatisfy { $0.navigation == draft.window })
    }

    @Test("a custom tab bar controller that is not UITabBarController, pushed on the one shared navigation controller")
    func customTabBar() throws {
        let draft = SourceIndexer.index(directory: fixture("VariadicFlows")).draft
        let tabBar = try #require(draft.containers.first { $0.kind == .tabBar })
        #expect(tabBar.className == "ShelfTabBarController")
        let shared = try #require(draft.containers.first { $0.kind == .navigation })
        #expect(shared.stack.map(\.embeds) == [tabBar.id])
        #expect(draft.coordinators.filter { $0.id != "ShelfTabCoordinator" }.allSatisfy { $0.navigation == shared.id })
    }
}

@Suite("Extraction survives bad sources")
struct BadSourceTests {
    @Test("a file that does not parse is reported with its line, and the rest still gives a tree")
    func unparsableFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-broken-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: fixture("ProtocolStyle")), to: folder)
        try "final class Broken: Coordinator {\n    func start( {\n".write(
            to: folder.appendingPathComponent("Broken.swift"), atomically: true, encoding: .utf8)
        let index = SourceIndexer.index(directory: folder.path)
        #expect(index.problems.contains { $0.file == "Broken.swift" && $0.line == 2 && $0.reason.contains("does not parse") })
        #expect(index.draft.root == "AppCoordinator")
        #expect(index.draft.coordinators.count == 8)
    }

    @Test("a broken .navinspect.json is reported, and the convention is detected instead")
    func brokenConfiguration() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-config-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: fixture("Renamed")), to: folder)
        try #"{"coordinator": "Coordinating", "childs": "coordinators"}"#.write(
            to: folder.appendingPathComponent(".navinspect.json"), atomically: true, encoding: .utf8)
        let index = SourceIndexer.index(directory: folder.path)
        #expect(index.problems.contains { $0.file == ".navinspect.json" && $0.reason.contains("unknown member 'childs'") })
        #expect(index.convention?.root == "Coordinating" && index.convention?.typeProperty == "type")
        #expect(index.draft.coordinators.count == 4)
    }
}
