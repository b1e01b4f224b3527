import CoordinatorModel
import Foundation
import Testing

@testable import SourceIndex

@Suite("The launch evaluation stays bounded")
struct EvaluatorBoundsTests {
    @Test("objects whose stored properties make each other, and long chains of them, end; the launch screens still come out")
    func objectCycles() throws {
        // Each service makes the next one, and the last one makes the first again.
        let services = (0..<12).map { number in
            "final class Service\(number) { let next = Service\((number + 1) % 12)(); let cache = Service\(number)() }"
        }.joined(separator: "\n")
        // Every file parsed makes every class known, as `--parse-everything` does.
        let index = try Self.index(
            Self.launch
                + Self.appCoordinator(
                    properties: "private let services = Service0()",
                    start: "navigation.setViewControllers([HomeViewController()], animated: false)") + services)
        #expect(index.draft.root == "AppCoordinator")
        #expect(try Self.screens(index) == ["HomeViewController"])
    }

    @Test("`.init(…)` in an initializer makes a value of the property's type, not the running class again")
    func implicitInitializer() throws {
        let app =
            Self.launch + """
                final class AppCoordinator: Coordinator {
                    var childCoordinators: [Coordinator] = []
                    private let window: UIWindow
                    private let navigation: UINavigationController
                    private let session: Session
                    private let cache: Session

                    init(window: UIWindow) {
                        self.window = window
                        navigation = UINavigationController()
                        session = .init(name: "main")
                        cache = .init(name: "cache")
                    }

                    func start() {
                        window.rootViewController = navigation
                        navigation.setViewControllers([HomeViewController()], animated: false)
                    }
                }

                final class Session {
                    let name: String
                    init(name: String) { self.name = name }
                }
                """
        let index = try Self.index(app)
        // Running `AppCoordinator.init` for each `.init(name:)` made a navigation controller per run.
        #expect(index.draft.containers.map(\.className) == ["UINavigationController"])
        #expect(index.problems.isEmpty, "\(index.problems)")
        #expect(try Self.screens(index) == ["HomeViewController"])
    }

    @Test("a function that calls itself runs once on the way: recursion is not followed")
    func recursion() throws {
        let index = try Self.index(
            Self.launch
                + Self.appCoordinator(
                    start: "showNext()",
                    members: """
                        func showNext() {
                            navigation.pushViewController(HomeViewController(), animated: true)
                            showNext()
                            showNext()
                        }
                        """))
        // Followed, each level ran both calls again, until the evaluation stopped at its bound.
        #expect(index.problems.isEmpty, "\(index.problems)")
        #expect(try Self.screens(index) == ["HomeViewController"])
    }

    @Test("a local function that calls itself runs once on the way too")
    func localRecursion() throws {
        let index = try Self.index(
            Self.launch
                + Self.appCoordinator(
                    start: """
                        func showNext() {
                            navigation.pushViewController(HomeViewController(), animated: true)
                            showNext()
                            showNext()
                        }
                        showNext()
                        """))
        #expect(index.problems.isEmpty, "\(index.problems)")
        #expect(try Self.screens(index) == ["HomeViewController"])
    }

    @Test("`case let .present(route):` in a switch is a pattern, not a call of the enclosing class's `present`")
    func casePatterns() throws {
        let app =
            Self.launch + """
                enum Operation {
                    case present(String)
                    case dismiss
                }

                final class AppRouter {
                    let navigation: UINavigationController

                    init(navigation: UINavigationController) {
                        self.navigation = navigation
                    }

                    func present(_ screen: String) {
                        perform(.present(screen))
                    }

                    func perform(_ operation: Operation) {
                        switch operation {
                        case let .present(screen):
                            navigation.pushViewController(HomeViewController(), animated: false)
                        case .dismiss:
                            navigation.popViewController(animated: false)
                        }
                        if case .present(let screen) = operation { print(screen) }
                    }
                }

                """
            + Self.appCoordinator(
                properties: "private lazy var router = AppRouter(navigation: navigation)", start: #"router.present("home")"#)
        let index = try Self.index(app)
        let perform = try #require(index.model.types["AppRouter"]?.functions.first { $0.name == "perform" })
        #expect(perform.calls.map(\.name) == ["pushViewController", "HomeViewController", "popViewController", "print"])
        #expect(try Self.screens(index) == ["HomeViewController"])
    }

    @Test("a launch longer than the evaluation's bound ends with a problem that says so and where")
    func stepBound() throws {
        let index = try Self.index(
            Self.launch
                + Self.appCoordinator(
                    properties: "private let pages = \(Self.hundred)", start: "fill()",
                    members: """
                        func fill() {
                            pages.forEach { _ in
                                pages.forEach { _ in
                                    pages.forEach { _ in
                                        navigation.pushViewController(HomeViewController(), animated: false)
                                    }
                                }
                            }
                        }
                        """))
        let problem = try #require(index.problems.first)
        #expect(index.problems.count == 1)
        #expect(problem.file == "App.swift")
        #expect(problem.reason.contains("stopped after 200000 statements, in fill"))
        // What ran before the bound is kept.
        #expect(index.draft.window == "AppCoordinator.navigation")
    }

    @Test("a flow is run for its container alone: a stored property nothing reads is not made")
    func flowPropertiesAreMadeWhenRead() throws {
        let index = try Self.index(
            Self.launch
                + Self.appCoordinator(
                    start: "navigation.setViewControllers([HomeViewController()], animated: false)",
                    members: """
                        func showArchive() {
                            let archive = ArchiveCoordinator(navigation: navigation)
                            childCoordinators.append(archive)
                            archive.start()
                        }
                        """)
                    + """
                    final class ArchiveCoordinator: Coordinator {
                        var childCoordinators: [Coordinator] = []
                        let navigation: UINavigationController
                        private let index = ArchiveIndex()
                        private let drafts = UINavigationController()

                        init(navigation: UINavigationController) {
                            self.navigation = navigation
                        }

                        func start() {
                            navigation.pushViewController(ArchiveViewController(), animated: true)
                        }
                    }

                    final class ArchiveIndex {
                        let pages = \(Self.hundred)
                        var count = 0

                        init() {
                            pages.forEach { _ in
                                pages.forEach { _ in
                                    pages.forEach { _ in count += 1 }
                                }
                            }
                        }
                    }
                    """)
        #expect(index.problems.isEmpty, "\(index.problems)")
        // The drafts' navigation controller, which nothing reads, is not made (made at once, it was,
        // and so was the archive index, whose initializer runs a million statements).
        #expect(index.draft.containers.map(\.className) == ["UINavigationController"])
        let archive = try #require(index.draft.coordinators.first { $0.className == "ArchiveCoordinator" })
        #expect(archive.trigger?.onLaunch == false)
        #expect(archive.navigation == "AppCoordinator.navigation")
        #expect(try Self.screens(index) == ["HomeViewController"])
    }

    /// An array literal of a hundred numbers: three loops over it run a million statements.
    static let hundred = "[" + (1...100).map(String.init).joined(separator: ", ") + "]"

    /// `AppCoordinator(window:)`, whose start method shows its navigation controller in the window, then runs `start`.
    static func appCoordinator(properties: String = "", start: String, members: String = "") -> String {
        """
        final class AppCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            private let window: UIWindow
            private let navigation = UINavigationController()
            \(properties)

            init(window: UIWindow) {
                self.window = window
            }

            func start() {
                window.rootViewController = navigation
                \(start)
            }

            \(members)
        }

        """
    }

    /// The classes of the view controllers on screen, bottom to top.
    static func screens(_ index: SourceIndex) throws -> [String] {
        try CoordinatorTree(validating: index.draft).currentStack().viewControllers.map(\.className)
    }

    /// The screens at launch of the app of ``launch`` whose coordinator's start runs `start`, with
    /// `declarations` beside it.
    static func screensAtLaunch(start: String, declarations: String) throws -> [String] {
        try screens(index(launch + appCoordinator(start: start) + declarations))
    }

    /// An app delegate that makes `AppCoordinator(window:)` and starts it, and the coordinator protocol.
    static let launch = """
        import UIKit

        protocol Coordinator: AnyObject {
            var childCoordinators: [Coordinator] { get set }
            func start()
        }

        final class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            var coordinator: AppCoordinator?

            func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                let window = UIWindow()
                self.window = window
                coordinator = AppCoordinator(window: window)
                coordinator?.start()
                return true
            }
        }

        """

    /// The index of `source`, written as the one file of an app, with every file parsed.
    static func index(_ source: String) throws -> SourceIndex {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-bounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(source.utf8).write(to: folder.appendingPathComponent("App.swift"))
        return SourceWorkspace(directory: folder.path).index(parseEverything: true)
    }
}
