import CoordinatorModel
import SourceIndex
import Testing

/// What `currentStack` shows at launch for each fixture app, read from its sources: every screen
/// bottom to top, the kind of container it sits in, and the coordinator that owns it.
@Suite("On screen at launch, from sources, in every convention")
struct LaunchScreenTests {
    struct Screen: Equatable, CustomStringConvertible {
        var className: String
        var container: ContainerKind
        var owner: String?

        init(_ className: String, in container: ContainerKind, owner: String?) {
            self.className = className
            self.container = container
            self.owner = owner
        }

        var description: String { "\(className) in \(container.rawValue) owned by \(owner ?? "nobody")" }
    }

    struct Launch: CustomTestStringConvertible, Sendable {
        var fixture: String
        var screens: [Screen]
        var testDescription: String { fixture }
    }

    static let launches: [Launch] = [
        // The seeds' protocol: tabs from an enum, the tab bar pushed on the scene's navigation controller.
        Launch(
            fixture: "ProtocolStyle",
            screens: [
                Screen("UITabBarController", in: .navigation, owner: "AppCoordinator/MainTabCoordinator"),
                Screen(
                    "PlantListViewController", in: .navigation, owner: "AppCoordinator/MainTabCoordinator/GardenCoordinator"),
            ]),
        // Routers: a window router shows the tab bar, a tabs router sets one navigation controller per
        // tab and selects the second, and each tab's stack router pushes its coordinator's screen.
        Launch(
            fixture: "RouterStyle",
            screens: [
                Screen("RadarViewController", in: .navigation, owner: "WindowCoordinator/TabsCoordinator/RadarCoordinator")
            ]),
        // A router of modules (`Presentable.toPresent()`): the root module set, a page pushed, a sheet
        // presented then dismissed, a page pushed then popped.
        Launch(
            fixture: "ModuleRouter",
            screens: [
                Screen("TourWelcomeViewController", in: .navigation, owner: "ApplicationCoordinator/TourCoordinator"),
                Screen("TourPageViewController", in: .navigation, owner: "ApplicationCoordinator/TourCoordinator"),
            ]),
        // Factories reached through a chain of calls, a base class whose initializer keeps the navigation
        // controller (a default argument, of the app's own wrapper class), overloads, a completion closure
        // called by the flow it was given to, screens made by factories owned by the coordinator that asks.
        Launch(
            fixture: "Factories",
            screens: [
                Screen("GateVC", in: .navigation, owner: "OrbitCoordinator/GateCoordinator"),
                Screen("DeckVC", in: .navigation, owner: "OrbitCoordinator/DeckCoordinator"),
            ]),
        // XCoordinator, out of sight: a navigation coordinator's initial route performs the transition its
        // `prepareTransition(for:)` returns, and `strongRouter.setRoot(for: window)` shows its root.
        Launch(
            fixture: "RoutedLibrary",
            screens: [Screen("WelcomeViewController", in: .navigation, owner: "ShopCoordinator")]),
        // A custom tab bar controller given, through a variadic call, the screens its flows hold.
        Launch(
            fixture: "VariadicFlows",
            screens: [
                Screen("ShelfTabBarController", in: .navigation, owner: "ShelfTabCoordinator"),
                Screen("RecordListViewController", in: .tabBar, owner: "ShelfTabCoordinator/RecordsCoordinator"),
            ]),
        // A base class holds the router around the window's navigation controller; the sign-in flow sets its root.
        Launch(
            fixture: "BaseClass",
            screens: [Screen("UIViewController", in: .navigation, owner: "LaunchCoordinator/SignInCoordinator")]),
        // The start method takes the navigation controller: each child is started with the one its parent passes.
        Launch(
            fixture: "Renamed",
            screens: [
                Screen("HomeViewController", in: .navigation, owner: "RootCoordinating/HomeCoordinating"),
                Screen("SearchViewController", in: .navigation, owner: "RootCoordinating/HomeCoordinating/SearchCoordinating"),
            ]),
        // The window shows the root view controller a coordinator made by an assembly hands out.
        Launch(
            fixture: "Assembled",
            screens: [Screen("HarborViewController", in: .navigation, owner: "AppDelegate/HarborCoordinator")]),
        // A builder's factory passes the builder itself; the builder's property gives the first flow the window's stack.
        Launch(
            fixture: "Built",
            screens: [
                Screen("UIViewController", in: .navigation, owner: "SceneDelegate/HarvestAppCoordinator/FieldsCoordinator")
            ]),
        // The delegate shows the tab bar the root coordinator holds; each tab is a child's navigation controller.
        Launch(
            fixture: "Navigators",
            screens: [Screen("InboxViewController", in: .navigation, owner: "MailAppCoordinator/InboxCoordinator")]),
        // A root coordinator sets the window's root to the navigation controller a child it started holds.
        Launch(
            fixture: "PackagedBase",
            screens: [Screen("TreeListViewController", in: .navigation, owner: "OrchardCoordinator/TreesCoordinator")]),
        Launch(
            fixture: "NamedOnly",
            screens: [Screen("SurveyViewController", in: .navigation, owner: "FieldAppCoordinator/SurveyCoordinator")]),
        Launch(
            fixture: "Relaunched",
            screens: [Screen("UIViewController", in: .navigation, owner: "LedgerAppCoordinator/AccountsCoordinator")]),
        Launch(
            fixture: "RxStore",
            screens: [Screen("DockViewController", in: .navigation, owner: "HarborAppCoordinator/DockCoordinator")]),
        // RxFlow: the first step of each flow's stepper (`initialStep`, `readyToEmitSteps()`), the flows
        // a dependency container gives (`@Injected`), their roots handed to `Flows.use`'s closure.
        Launch(
            fixture: "Injected",
            screens: [Screen("SeedlingListViewController", in: .navigation, owner: "GreenhouseFlow/SeedlingFlow")]),
        Launch(
            fixture: "SteppedTabs",
            screens: [Screen("NovelListViewController", in: .navigation, owner: "LibraryFlow/NovelsFlow")]),
        // A screenshot build's root under `#if SCREENSHOTS`, which the project does not define: the app's own.
        Launch(
            fixture: "BuildFlags",
            screens: [Screen("DockListViewController", in: .navigation, owner: "HarborCoordinator")]),
        // The root made in a lazy property's closure, `return .init(…)` of the property's declared type.
        Launch(
            fixture: "Behaviors",
            screens: [Screen("ShelfViewController", in: .navigation, owner: "ArchiveCoordinator")]),
        Launch(
            fixture: "WithExtension",
            screens: [Screen("NoteListViewController", in: .navigation, owner: "App+Extensions/NotesCoordinator")]),
        // A view controller of the app's own (no navigation, tab bar or split) as the window's root, set in a
        // closure the window is handed to (`window.tap { $0.rootViewController = … }`): a screen container.
        Launch(
            fixture: "PlainRoot",
            screens: [
                Screen("VaultContainerViewController", in: .screen, owner: "LaunchCoordinator/VaultCoordinator")
            ]),
        // A split view subclass made by a class that conforms to nothing: its `init(style:)` and `viewDidLoad`
        // run, whose coordinators' navigation controllers become its columns through `setViewController(_:for:)`.
        Launch(
            fixture: "SplitLaunch",
            screens: [
                Screen("UIViewController", in: .navigation, owner: "AppCoordinator/ShelfCoordinator"),
                Screen("UIViewController", in: .navigation, owner: "AppCoordinator/PageCoordinator"),
            ]),
        // A split subclass whose initializer puts a placeholder's navigation controller (UIKit's
        // `navigationController` of a screen) in the secondary column; a coordinator that inherits its
        // start from an intermediate class, not from the base, pushes on the primary column's router.
        Launch(
            fixture: "LayeredSplit",
            screens: [
                Screen("ShelfListViewController", in: .navigation, owner: "LibraryCoordinator/ShelvesCoordinator"),
                Screen("PlaceholderViewController", in: .navigation, owner: "LibraryCoordinator"),
            ]),
        // Functions declared inside `start`, called before they are written, with their parameters bound: one
        // gives the window its root and calls another; one returns the first screen, hiding a method of its name.
        Launch(
            fixture: "NestedLaunch",
            screens: [
                Screen("AccountListViewController", in: .navigation, owner: "LedgerAppCoordinator/AccountsCoordinator")
            ]),
        // A closure called where it is written (`let root = { switch stage { … } }()`): its statements run at
        // once, its `switch` on a stored stage runs the stage's case only, and its value is what that case returns;
        // the `if let` before it does not run, on a stored optional that only code run later assigns.
        Launch(
            fixture: "InPlaceLaunch",
            screens: [Screen("WelcomeViewController", in: .navigation, owner: "GateCoordinator/WelcomeCoordinator")]),
        // A `let` declared without a value and set in both branches of an `if` on the session: Swift sets it once
        // on any path, so the first branch's value (signed out, the sign-in screen) stays.
        Launch(
            fixture: "OnceAssigned",
            screens: [Screen("SignInViewController", in: .screen, owner: "PortalCoordinator")]),
        // A plain root holding a page view controller as its child (`addChild`), whose first page a child
        // coordinator sets (`setViewControllers`); a child added later, in a branch, does not replace it.
        Launch(
            fixture: "ChildScreens",
            screens: [
                Screen("UIViewController", in: .screen, owner: "AlbumCoordinator"),
                Screen("UIPageViewController", in: .screen, owner: "AlbumCoordinator"),
                Screen("PhotoViewController", in: .screen, owner: "AlbumCoordinator/PhotosCoordinator"),
            ]),
        // A package's base class keeps the window as `presenter` (known as a window by `makeKeyAndVisible()`),
        // and the window's root is what a child's `start()` returns: its tab bar, the second tab selected.
        Launch(
            fixture: "ReturnedRoot",
            screens: [Screen("MooringsViewController", in: .navigation, owner: "HarborCoordinator/DocksCoordinator")]),
        // `Features.compactLibrary ? makeCompactShelf() : makeWideShelf()`: a build setting's constant
        // (`static let compactLibrary = true`) picks the branch; its struct's file, which names no screen,
        // is read because a condition reads it (unread, both branches would run and the second win).
        Launch(
            fixture: "ChosenLayout",
            screens: [
                Screen("CompactShelfViewController", in: .navigation, owner: "LibraryCoordinator/CompactShelfCoordinator")
            ]),
        // Objective-C: the root coordinator, made in the app delegate's block, keeps the window it is given
        // (`_window = window`) and sets its root (`self.window.rootViewController = navigation`); the Swift
        // child it makes sets its screen. Signed out, `LoginCoordinator_Legacy` shows nothing of its own.
        Launch(
            fixture: "MixedLegacy",
            screens: [Screen("UIViewController", in: .navigation, owner: "HarborAppCoordinator/DockCoordinator")]),
        // Flow controllers under an app controller, no coordinator, that the app delegate makes and asks to
        // `launch()`: its window shows its navigation controller. Whether the user signed in is known at
        // run time only, so both branches run; the welcome flow's, written last, sets the stack last. The
        // app controller presents what is new over it: its own screen.
        Launch(
            fixture: "FlowControllers",
            screens: [
                Screen("WelcomeViewController", in: .navigation, owner: "AppController/WelcomeFlowController"),
                Screen("WhatsNewViewController", in: .navigation, owner: "AppController"),
            ]),
        // The coordinator's presentation is a struct a factory of the protocol's extension makes
        // (`.stacked(on: rootNavigation)`); its method pushes the first screen on the window's navigation.
        Launch(
            fixture: "PresentedFlows",
            screens: [Screen("WelcomeViewController", in: .navigation, owner: "WelcomeCoordinator")]),
        // The window's plain root shows the journal's navigation controller through the app's own
        // `UIViewController.install(child:)`, declared in a file no coordinator names; the journal sets its
        // stack through its own `UINavigationController.reset(to:)` and presents the draft with UIKit's
        // `present(_:animated:)`, not the extension's `present(_:animated:after:)`, which presents later.
        Launch(
            fixture: "KitExtensions",
            screens: [
                Screen("UIViewController", in: .screen, owner: "ShellCoordinator"),
                Screen("EntryListViewController", in: .navigation, owner: "ShellCoordinator/JournalCoordinator"),
                Screen("DraftViewController", in: .navigation, owner: "ShellCoordinator/JournalCoordinator"),
            ]),
        // A `UISplitViewController` given `viewControllers = [a, b]`, whose detail `showDetailViewController` replaces.
        Launch(
            fixture: "SplitRoot",
            screens: [
                Screen("ShelfListViewController", in: .navigation, owner: "LibraryCoordinator/ShelvesCoordinator"),
                Screen("BookDetailViewController", in: .split, owner: "LibraryCoordinator"),
            ]),
    ]

    @Test("the launch screens, their containers and owners", arguments: launches)
    func launchScreens(_ launch: Launch) throws {
        let tree = try SourceIndexer.index(directory: fixture(launch.fixture)).tree().get()
        let stack = tree.currentStack()
        let screens = stack.viewControllers.map { visible in
            Screen(
                visible.className, in: tree.containers[visible.container].kind, owner: visible.owner.map { tree[$0].id })
        }
        #expect(screens == launch.screens)
        // The coordinators to the top lead from the root to the top screen's owner.
        #expect(stack.coordinators.last.map { tree[$0].id } == launch.screens.last { $0.owner != nil }?.owner)
    }

    @Test("a root that is no coordinator, made by the delegate's launch entry, owns what its own methods make")
    func appControllerRoot() throws {
        let draft = SourceIndexer.index(directory: fixture("FlowControllers")).draft
        // The navigation controllers `AppController` makes, for the window and for what it presents: named
        // after it, not the app.
        #expect(draft.window == "AppController.navigation")
        #expect(draft.containers.map(\.id) == ["AppController.navigation", "AppController.navigationController"])
    }

    @Test("of two windows given a root, the one made key is on screen")
    func keyWindow() throws {
        let draft = SourceIndexer.index(directory: fixture("Factories")).draft
        let window = try #require(draft.containers.first { $0.id == draft.window })
        #expect(window.className == "OrbitNavigationController")
        #expect(draft.containers.contains { $0.stack.map(\.className) == ["CurtainViewController"] }, "the curtain is built")
        #expect(draft.coordinators.allSatisfy { $0.navigation == draft.window })
    }

    @Test("a router's dismiss and pop undo its presentation and push; a flow's router knows where it will present")
    func dismissAndPop() throws {
        let draft = SourceIndexer.index(directory: fixture("ModuleRouter")).draft
        let window = try #require(draft.containers.first { $0.id == draft.window })
        #expect(window.presented == nil, "the terms sheet was dismissed")
        #expect(!window.stack.contains { $0.className == "TourExtraViewController" }, "the extra page was popped")
        let help = try #require(draft.coordinators.first { $0.className == "TourHelpCoordinator" })
        #expect(help.trigger?.onLaunch == false)
        #expect(help.navigation == draft.window)
    }

    @Test("a split's columns: the primary and the secondary, each set once, the detail replaced")
    func splitColumns() throws {
        let launch = SourceIndexer.index(directory: fixture("SplitLaunch")).draft
        let split = try #require(launch.containers.first { $0.id == launch.window })
        #expect(split.kind == .split)
        #expect(split.className == "ShelfSplitViewController")
        #expect(split.columns.map(\.column) == [.primary, .secondary])
        let navigation = launch.coordinators.filter { $0.trigger?.onLaunch == true }.map(\.navigation)
        #expect(
            split.columns.map { column -> String? in
                if case .container(let id) = column.content { id } else { nil }
            } == navigation, "each column is the navigation controller its coordinator drives")

        let root = SourceIndexer.index(directory: fixture("SplitRoot")).draft
        let detailed = try #require(root.containers.first { $0.id == root.window })
        #expect(detailed.kind == .split)
        #expect(detailed.columns.map(\.column) == [.primary, .secondary])
        #expect(
            detailed.columns.last?.content
                == .viewController(ViewControllerDraft(className: "BookDetailViewController", owner: "LibraryCoordinator")),
            "the placeholder is replaced by the detail")
    }

    @Test("a plain view controller at the window's root is a screen container holding it")
    func plainRoot() throws {
        let draft = SourceIndexer.index(directory: fixture("PlainRoot")).draft
        let window = try #require(draft.containers.first { $0.id == draft.window })
        #expect(window.kind == .screen)
        #expect(window.className == "VaultContainerViewController")
        #expect(
            window.stack == [
                ViewControllerDraft(className: "VaultContainerViewController", owner: "LaunchCoordinator/VaultCoordinator")
            ])
    }
}
