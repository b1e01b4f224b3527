import CoordinatorModel
import Foundation
import SourceIndex
import Testing

/// The app coordinator a delegate makes may be outside the coordinator family (an `NSObject` that
/// makes the view controller which creates the coordinators, as Zotero's does): its code runs at
/// launch all the same, and the helpers it uses are read as the family's are.
@Suite("Helpers of the launch files")
struct LaunchHelperTests {
    static let app: [String: String] = [
        "Shelf/SceneDelegate.swift": HelperFileTests.sceneDelegate("AppCoordinator", made: "AppCoordinator(window: window)"),
        "Shelf/Coordinator.swift": HelperFileTests.coordinatorProtocol,
        // Outside the family: it names no coordinator of it.
        "Shelf/AppCoordinator.swift": """
        import UIKit

        final class AppCoordinator: NSObject {
            private let window: UIWindow

            init(window: UIWindow) {
                self.window = window
            }

            func start() {
                let main = MainViewController()
                window.rootViewController = main
                IntroController(navigation: main).showIntro()
            }
        }
        """,
        "Shelf/MainViewController.swift": """
        import UIKit

        final class MainViewController: UINavigationController {
            private var home: HomeCoordinator?

            override func viewDidLoad() {
                super.viewDidLoad()
                let home = HomeCoordinator(navigation: self)
                self.home = home
                home.start()
            }
        }
        """,
        "Shelf/HomeCoordinator.swift": """
        import UIKit

        final class HomeCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            private let navigation: UINavigationController

            init(navigation: UINavigationController) {
                self.navigation = navigation
            }

            func start() {
                navigation.pushViewController(HomeViewController(), animated: false)
            }
        }
        """,
        // A helper only the app coordinator uses: it pushes the intro.
        "Shelf/IntroController.swift": """
        import UIKit

        final class IntroController {
            private let navigation: UINavigationController

            init(navigation: UINavigationController) {
                self.navigation = navigation
            }

            func showIntro() {
                navigation.pushViewController(IntroViewController(), animated: false)
            }
        }
        """,
        "Shelf/HomeViewController.swift": "import UIKit\n\nfinal class HomeViewController: UIViewController {}\n",
        "Shelf/IntroViewController.swift": "import UIKit\n\nfinal class IntroViewController: UIViewController {}\n",
    ]

    @Test("a helper that only an app coordinator outside the family uses is read: its screen is on screen, as a full parse says")
    func helperOfTheAppCoordinator() throws {
        let (index, everything) = try HelperFileTests().indexes(of: Self.app)
        let stack = try index.tree().get().currentStack().viewControllers.map(\.className)
        #expect(stack.contains("IntroViewController"))
        #expect(rendered(index) == rendered(everything))
        #expect(index.problems == everything.problems)
        // Neither view controller's file is read: both are known by their names.
        #expect(index.parsedFileCount == index.fileCount - 2)
    }

    @Test("a re-index of the app after an edit of the helper equals a fresh index")
    func reindexAfterEdit() throws {
        let folder = try HelperFileTests().folder(with: Self.app)
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = SourceWorkspace(directory: folder.path)
        _ = workspace.index()
        let intro = folder.appendingPathComponent("Shelf/IntroController.swift")
        let text = try String(contentsOf: intro, encoding: .utf8)
        try text.replacingOccurrences(of: "animated: false", with: "animated: true").write(
            to: intro, atomically: true, encoding: .utf8)
        let again = workspace.index()
        let fresh = SourceWorkspace(directory: folder.path).index()
        #expect(rendered(again) == rendered(fresh))
        #expect(again.parsedFileCount == fresh.parsedFileCount)
        #expect(try again.tree().get().currentStack().viewControllers.map(\.className).contains("IntroViewController"))
    }
}
