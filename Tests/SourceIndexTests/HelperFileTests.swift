import CoordinatorModel
import Foundation
import SourceIndex
import Testing

/// The last round reads the files of the types coordinators use only when they can touch what is on
/// screen: routers, custom containers, code that makes view controllers, enums. View models and
/// services are left unread, and the tree and the launch screens stay those of a full parse.
@Suite("Helper files read for the launch")
struct HelperFileTests {
    /// A scene delegate that makes a coordinator of class `coordinator` with `creation` for a new
    /// window, starts it and shows the window.
    static func sceneDelegate(_ coordinator: String, made creation: String) -> String {
        """
        import UIKit

        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            private var coordinator: \(coordinator)?

            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                guard let windowScene = scene as? UIWindowScene else { return }
                let window = UIWindow(windowScene: windowScene)
                let coordinator = \(creation)
                self.coordinator = coordinator
                self.window = window
                coordinator.start()
                window.makeKeyAndVisible()
            }
        }
        """
    }

    static let coordinatorProtocol = """
        protocol Coordinator: AnyObject {
            var childCoordinators: [Coordinator] { get set }
            func start()
        }
        """

    static let library: [String: String] = [
        "Library/SceneDelegate.swift": sceneDelegate(
            "LibraryCoordinator", made: "LibraryCoordinator(window: window, catalog: CatalogService())"),
        "Library/Coordinator.swift": coordinatorProtocol,
        "Library/LibraryCoordinator.swift": """
        import UIKit

        final class LibraryCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            private let router = ShelfRouter()
            private let catalog: CatalogService

            init(window: UIWindow, catalog: CatalogService) {
                self.catalog = catalog
                window.rootViewController = router.navigation
            }

            func start() {
                let model = ShelfViewModel(catalog: catalog)
                router.show(ShelfScreens.shelf(model: model, sort: ShelfSort.byTitle))
            }
        }
        """,
        // A router: it holds the navigation controller, so it is read.
        "Library/ShelfRouter.swift": """
        import UIKit

        final class ShelfRouter {
            let navigation = UINavigationController()

            func show(_ screen: UIViewController) {
                navigation.pushViewController(screen, animated: false)
            }
        }
        """,
        // Makes a view controller, named as one: read.
        "Library/ShelfScreens.swift": """
        final class ShelfScreens {
            static func shelf(model: ShelfViewModel, sort: ShelfSort) -> ShelfViewController {
                ShelfViewController(model: model, sort: sort)
            }
        }
        """,
        // An enum: read, as enums give tabs and titles.
        "Library/ShelfSort.swift": """
        enum ShelfSort {
            case byTitle, byAuthor
        }
        """,
        // A view model and a service: nothing on screen, left unread.
        "Library/ShelfViewModel.swift": """
        final class ShelfViewModel {
            private let catalog: CatalogService
            private(set) var titles: [String] = []

            init(catalog: CatalogService) {
                self.catalog = catalog
                titles = catalog.titles()
            }
        }
        """,
        "Library/CatalogService.swift": """
        final class CatalogService {
            func titles() -> [String] { ["Dune", "Emma"] }
        }
        """,
        "Library/ShelfViewController.swift": """
        import UIKit

        final class ShelfViewController: UIViewController {
            init(model: ShelfViewModel, sort: ShelfSort) {
                super.init(nibName: nil, bundle: nil)
            }

            required init?(coder: NSCoder) { nil }
        }
        """,
    ]

    func folder(with files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-helpers-\(UUID().uuidString)")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// The index of an app made of `files`, and that of a full parse of it, to compare with.
    func indexes(of files: [String: String]) throws -> (index: SourceIndex, everything: SourceIndex) {
        let folder = try folder(with: files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.path
        return (SourceWorkspace(directory: path).index(), SourceWorkspace(directory: path).index(parseEverything: true))
    }

    @Test("a view model and a service are not read; the router, the screen maker and the enum are")
    func screenlessHelpersAreSkipped() throws {
        let (index, everything) = try indexes(of: Self.library)
        #expect(index.fileCount == 9)
        // The delegate, the protocol, the coordinator, the router, the screen maker, the enum.
        #expect(index.parsedFileCount == 6)
        #expect(rendered(index) == rendered(everything))
        #expect(index.problems == everything.problems)
        let tree = try index.tree().get()
        let stack = tree.currentStack()
        #expect(stack.viewControllers.map(\.className) == ["ShelfViewController"])
        #expect(stack.viewControllers.last?.owner.map { tree[$0].id } == "LibraryCoordinator")
    }

    @Test("a view model declared in its screen's file is not read for the screen's code")
    func viewModelBesideItsScreen() throws {
        var files = Self.library
        let removed = files.removeValue(forKey: "Library/ShelfViewModel.swift")
        let model = try #require(removed)
        files["Library/ShelfViewController.swift"]! += "\n\n" + model
        let (index, everything) = try indexes(of: files)
        #expect(index.fileCount == 8)
        // The delegate, the protocol, the coordinator, the router, the screen maker, the enum.
        #expect(index.parsedFileCount == 6)
        #expect(rendered(index) == rendered(everything))
        #expect(index.problems == everything.problems)
    }

    @Test("a class named as a screen but declared as a container is read: its kind is the container's")
    func containerNamedAsScreen() throws {
        var files = Self.library
        // The coordinator gives its router the container.
        files["Library/LibraryCoordinator.swift"] = files["Library/LibraryCoordinator.swift"]!.replacingOccurrences(
            of: "private let router = ShelfRouter()", with: "private let router = ShelfRouter(navigation: BooksViewController())")
        files["Library/ShelfRouter.swift"] = files["Library/ShelfRouter.swift"]!.replacingOccurrences(
            of: "let navigation = UINavigationController()",
            with:
                "let navigation: UINavigationController\n\n    init(navigation: UINavigationController) {\n        self.navigation = navigation\n    }"
        )
        files["Library/BooksViewController.swift"] = """
            import UIKit

            final class BooksViewController: UINavigationController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    navigationBar.prefersLargeTitles = true
                }
            }
            """
        let (index, everything) = try indexes(of: files)
        #expect(index.fileCount == 10)
        #expect(index.draft.containers.contains { $0.className == "BooksViewController" && $0.kind == .navigation })
        #expect(rendered(index) == rendered(everything))
        #expect(index.problems == everything.problems)
    }

    @Test("an enum with no case that makes no screen is not read, unless a condition reads its constant")
    func namespaceEnums() throws {
        var files = Self.library
        files["Library/LibraryCoordinator.swift"] = files["Library/LibraryCoordinator.swift"]!.replacingOccurrences(
            of: "router.show(ShelfScreens.shelf(model: model, sort: ShelfSort.byTitle))",
            with: """
                router.navigation.title = Strings.shelfTitle
                        router.show(ShelfScreens.shelf(model: model, sort: Flags.byAuthor ? ShelfSort.byAuthor : ShelfSort.byTitle))
                        router.navigation.pushViewController(Screens.about(), animated: false)
                """)
        // The strings every screen uses: left unread.
        files["Library/Strings.swift"] = """
            enum Strings {
                static let shelfTitle = "Shelf"
                static func count(_ number: Int) -> String { "\\(number) books" }
            }
            """
        // A constant a condition reads, and screens made by a namespace: read.
        files["Library/Flags.swift"] = "enum Flags {\n    static let byAuthor = true\n}\n"
        files["Library/Screens.swift"] = """
            import UIKit

            enum Screens {
                static func about() -> UIViewController { return AboutViewController() }
            }

            final class AboutViewController: UIViewController {}
            """
        let (index, everything) = try indexes(of: files)
        #expect(index.fileCount == 12)
        // As before, and the flags' and the screens' files.
        #expect(index.parsedFileCount == 8)
        #expect(rendered(index) == rendered(everything))
        // The screen the namespace makes is pushed: its file was read.
        let tree = try index.tree().get()
        #expect(tree.currentStack().viewControllers.map(\.className).first == "ShelfViewController")
        #expect(tree.currentStack().viewControllers.count == 2)
    }

    @Test(
        "screens named …VC are known by name and not read; a navigation controller named …ViewController is read",
        arguments: [false, true])
    func screenNames(abbreviated: Bool) throws {
        var files = Self.library
        // The coordinator also presents a sheet in a navigation controller of the app's own class.
        files["Library/SettingsFlow.swift"] = """
            import UIKit

            extension LibraryCoordinator {
                func showSettings() {
                    let navigation = SheetNavigationViewController()
                    let settings = SettingsCoordinator(navigation: navigation)
                    childCoordinators.append(settings)
                    settings.start()
                }
            }

            final class SettingsCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                let navigation: UINavigationController

                init(navigation: UINavigationController) {
                    self.navigation = navigation
                }

                func start() {
                    navigation.pushViewController(\(abbreviated ? "SettingsVC" : "SettingsViewController")(), animated: false)
                }
            }
            """
        files["Library/SheetNavigationViewController.swift"] = """
            import UIKit

            final class SheetNavigationViewController: UINavigationController {}
            """
        let screen = abbreviated ? "SettingsVC" : "SettingsViewController"
        files["Library/\(screen).swift"] = """
            import UIKit

            final class \(screen): UIViewController {}
            """
        let (index, everything) = try indexes(of: files)
        #expect(index.fileCount == 12)
        // As before, the settings flow's, and the navigation controller's file; never the settings screen's.
        #expect(index.parsedFileCount == 8)
        #expect(rendered(index) == rendered(everything))
        let settings = try #require(index.draft.coordinators.first { $0.className == "SettingsCoordinator" })
        let navigation = try #require(index.draft.containers.first { $0.id == settings.navigation })
        #expect(navigation.className == "SheetNavigationViewController")
        #expect(navigation.kind == .navigation)
    }

    @Test("a helper that starts to hold a container is read once it does, and a re-index equals a fresh one")
    func helperThatGainsAContainer() throws {
        let folder = try folder(with: Self.library)
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = SourceWorkspace(directory: folder.path)
        #expect(workspace.index().parsedFileCount == 6)
        // The view model now presents an alert controller of its own: it may touch the screen.
        let viewModel = folder.appendingPathComponent("Library/ShelfViewModel.swift")
        try """
        import UIKit

        final class ShelfViewModel {
            private let catalog: CatalogService
            let navigation = UINavigationController()

            init(catalog: CatalogService) {
                self.catalog = catalog
            }
        }
        """.write(to: viewModel, atomically: true, encoding: .utf8)
        let again = workspace.index(diskChanged: true)
        let fresh = SourceWorkspace(directory: folder.path).index()
        #expect(again.parsedFileCount == 7)
        #expect(rendered(again) == rendered(fresh))
    }

    /// A reader whose coordinator reads its own nested `Constants`, beside screens and views with an
    /// enum of that name, and a generated file of storyboard scenes, each an enum named as its screen.
    static let reader: [String: String] = [
        "Reader/SceneDelegate.swift": sceneDelegate("ReaderCoordinator", made: "ReaderCoordinator(window: window)"),
        "Reader/Coordinator.swift": coordinatorProtocol,
        "Reader/ReaderCoordinator.swift": """
        import UIKit

        final class ReaderCoordinator: Coordinator {
            private enum Constants {
                static let animated = false
            }

            var childCoordinators: [Coordinator] = []
            private let navigation = UINavigationController()

            init(window: UIWindow) {
                window.rootViewController = navigation
            }

            func start() {
                navigation.title = StoryboardScene.ChapterViewController.storyboardName
                navigation.pushViewController(ChapterViewController.instantiate(), animated: Constants.animated)
            }
        }
        """,
        "Reader/Storyboards.swift": """
        // Generated: one enum per storyboard scene.
        enum StoryboardScene {
            enum ChapterViewController {
                static let storyboardName = "Chapter"
            }
        }
        """,
        "Reader/ChapterViewController.swift": """
        import UIKit

        final class ChapterViewController: UIViewController {
            private enum Constants {
                static let margin = 16
            }

            static func instantiate() -> ChapterViewController {
                ChapterViewController()
            }
        }
        """,
        "Reader/SearchViewController.swift": """
        import UIKit

        final class SearchViewController: UIViewController {
            private enum Constants {
                static let limit = 20
            }
        }
        """,
        "Reader/FooterView.swift": """
        import UIKit

        final class FooterView: UIView {
            private enum Constants {
                static let height = 44
            }

            func attach(to controller: UIViewController) {
                controller.view.addSubview(self)
            }
        }
        """,
    ]

    @Test("a name the parsed files declare is not looked for elsewhere; a scene enum does not hide its screen")
    func declaredNamesAreNotLookedForAgain() throws {
        let (index, everything) = try indexes(of: Self.reader)
        #expect(index.fileCount == 7)
        // The delegate, the protocol, the coordinator, and the scenes' enums (the coordinator names
        // `StoryboardScene`); not the three files whose own `Constants` share the name of the coordinator's.
        #expect(index.parsedFileCount == 4)
        #expect(rendered(index) == rendered(everything))
        // `ChapterViewController.instantiate()` makes the screen, though the only `ChapterViewController` read
        // is the scene's enum.
        let tree = try index.tree().get()
        let stack = tree.currentStack()
        #expect(stack.viewControllers.map(\.className) == ["ChapterViewController"])
        #expect(stack.viewControllers.last?.owner.map { tree[$0].id } == "ReaderCoordinator")
    }

    @Test(
        "a type nested in another is not taken for the name a coordinator uses alone: a service's `enum Error` is not Swift's `Error`"
    )
    func nestedNamesAreNotLookedFor() throws {
        var files = Self.library
        files["Library/LibraryCoordinator.swift"] = files["Library/LibraryCoordinator.swift"]!.replacingOccurrences(
            of: "    func start() {",
            with: """
                    func report(_ error: Error, in state: LoadState) {
                        router.show(ShelfScreens.shelf(model: ShelfViewModel(catalog: catalog), sort: ShelfSort.byTitle))
                    }

                    func start() {
                        report(CatalogError.offline, in: .idle)
                """)
        // A file that presents, declaring a nested `Error` and a nested `LoadState`: neither is the coordinator's.
        files["Library/DownloadQueue.swift"] = """
            import UIKit

            final class DownloadQueue {
                enum Error: Swift.Error {
                    case offline
                }

                struct LoadState {
                    var done = 0
                }

                func retry(from controller: UIViewController) {
                    controller.present(UIAlertController(), animated: true)
                }
            }
            """
        // A top-level `LoadState` is the one the coordinator names.
        files["Library/LoadState.swift"] = """
            enum LoadState {
                case idle, loading
            }
            """
        let (index, everything) = try indexes(of: files)
        #expect(index.fileCount == 11)
        // The six of `library`, and the top-level `LoadState`; not the download queue.
        #expect(index.parsedFileCount == 7)
        #expect(rendered(index) == rendered(everything))
        #expect(index.problems == everything.problems)
    }

    @Test("a file that names a coordinator only as a property's type is not read; one that may make, return or carry one is")
    func coordinatorsNamedAsTypesOnly() throws {
        var files = Self.library
        // A cell that keeps the coordinator weakly and calls it: it makes none.
        files["Library/ShelfCell.swift"] = """
            final class ShelfCell {
                weak var coordinator: LibraryCoordinator?

                func tap() {
                    coordinator?.start()
                }
            }
            """
        // An enum whose case carries one, a function that returns one, and a declared type's `.init`.
        files["Library/Link.swift"] = """
            enum Link {
                case library(LibraryCoordinator)
                case none
            }
            """
        files["Library/Maker.swift"] = """
            import UIKit

            final class Maker {
                func make(window: UIWindow) -> LibraryCoordinator? {
                    nil
                }
            }
            """
        files["Library/Typed.swift"] = """
            import UIKit

            final class Typed {
                func open(window: UIWindow) {
                    let coordinator: LibraryCoordinator = .init(window: window, catalog: CatalogService())
                    coordinator.start()
                }
            }
            """
        let (index, everything) = try indexes(of: files)
        #expect(index.fileCount == 13)
        // The six of `library` and the three that may make, return or carry the coordinator.
        #expect(index.parsedFileCount == 9)
        #expect(rendered(index) == rendered(everything))
        #expect(index.problems == everything.problems)
    }

    /// The library with two screens made by factories of their own files, as many apps pair
    /// them: the detail's, pushed on demand by `showDetail(_:)`, and the banner's, which `start()` shows.
    static func withScreenFactories() -> [String: String] {
        var files = Self.library
        files["Library/DetailScreen.swift"] = """
            import UIKit

            final class DetailFactory {
                static func create(title: String) -> DetailViewController { DetailViewController() }
            }

            final class DetailViewController: UIViewController {}
            """
        files["Library/BannerScreen.swift"] = """
            import UIKit

            final class BannerFactory {
                static func create() -> BannerViewController { BannerViewController() }
            }

            final class BannerViewController: UIViewController {}
            """
        files["Library/LibraryCoordinator.swift"] = files["Library/LibraryCoordinator.swift"]!.replacingOccurrences(
            of: "    func start() {",
            with: """
                    func showDetail(_ title: String) {
                        router.show(DetailFactory.create(title: title))
                    }

                    func showBanner() {
                        router.show(BannerFactory.create())
                    }

                    func start() {
                        showBanner()
                """)
        return files
    }

    @Test(
        "a re-index reads a screen factory once start() comes to call the method that uses it, and not for an edit that changes no call"
    )
    func launchRunsFollowEdits() throws {
        let folder = try folder(with: Self.withScreenFactories())
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = SourceWorkspace(directory: folder.path)
        #expect(workspace.index().parsedFileCount == 7)
        let coordinator = folder.appendingPathComponent("Library/LibraryCoordinator.swift")
        let text = try String(contentsOf: coordinator, encoding: .utf8)
        // A comment and a method that calls nothing: what the launch may run is the same.
        try text.replacingOccurrences(of: "        showBanner()", with: "        // the banner first\n        showBanner()")
            .appending("\nextension LibraryCoordinator {\n    func refresh() {}\n}\n")
            .write(to: coordinator, atomically: true, encoding: .utf8)
        let quiet = workspace.index(diskChanged: true)
        #expect(quiet.parsedFileCount == 7)
        #expect(rendered(quiet) == rendered(SourceWorkspace(directory: folder.path).index()))
        // The start now shows the detail too: its factory's file is read.
        try text.replacingOccurrences(of: "        showBanner()", with: "        showBanner()\n        showDetail(\"Dune\")")
            .write(to: coordinator, atomically: true, encoding: .utf8)
        let again = workspace.index(diskChanged: true)
        let fresh = SourceWorkspace(directory: folder.path).index()
        #expect(again.parsedFileCount == 8)
        #expect(rendered(again) == rendered(fresh))
        let tree = try again.tree().get()
        #expect(tree.currentStack().viewControllers.map(\.className).contains("DetailViewController"))
    }

    @Test(
        "what only a flow's own methods use is not read for the launch: a screen factory its showDetail() calls; the same factory called from start() is"
    )
    func onDemandMethodsAreNotRead() throws {
        let files = Self.withScreenFactories()
        let (index, everything) = try indexes(of: files)
        #expect(index.fileCount == 11)
        // The six of `library` and the banner's factory; not the detail's.
        #expect(index.parsedFileCount == 7)
        #expect(rendered(index) == rendered(everything))
        #expect(index.problems == everything.problems)
        let tree = try index.tree().get()
        #expect(tree.currentStack().viewControllers.map(\.className) == ["BannerViewController", "ShelfViewController"])
    }
}
