import CoordinatorModel
import SourceIndex
import Testing

@Suite("The names of a coordinator's children, and the container each drives")
struct NodeNameTests {
    private static let app = """
        import UIKit

        protocol Coordinator: AnyObject {
            var childCoordinators: [Coordinator] { get set }
            func start()
        }

        final class AppCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            let navigationController = UINavigationController()

            func start() {
                let first = DetailCoordinator(navigationController: navigationController)
                childCoordinators.append(first)
                first.start()
                let second = DetailCoordinator(navigationController: navigationController)
                childCoordinators.append(second)
                second.start()
            }

            func openDetail() {
                let detail = DetailCoordinator(navigationController: navigationController)
                childCoordinators.append(detail)
                detail.start()
            }

            func openHelp() {
                let help = HelpCoordinator()
                childCoordinators.append(help)
                help.start()
            }
        }

        final class DetailCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            let navigationController: UINavigationController
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() { navigationController.pushViewController(DetailViewController(), animated: true) }
        }

        final class HelpCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            func start() {}
        }

        final class DetailViewController: UIViewController {}

        @main
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            var coordinator: AppCoordinator?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window = UIWindow()
                let coordinator = AppCoordinator()
                window?.rootViewController = coordinator.navigationController
                coordinator.start()
                self.coordinator = coordinator
                window?.makeKeyAndVisible()
                return true
            }
        }
        """

    @Test(
        "a class made at one site is named by its class; one made at several by the method too, and twice in one method numbered; each drives the container it holds"
    )
    func childNames() throws {
        let index = try indexOneFileApp(Self.app)
        #expect(index.problems.isEmpty)
        let root = try #require(index.draft.coordinators.first { $0.id == "AppCoordinator" })
        #expect(
            root.children == [
                "AppCoordinator/DetailCoordinator@start", "AppCoordinator/DetailCoordinator@start#2",
                "AppCoordinator/DetailCoordinator@openDetail", "AppCoordinator/HelpCoordinator",
            ])
        let navigation = Dictionary(uniqueKeysWithValues: index.draft.coordinators.map { ($0.id, $0.navigation) })
        // Each detail flow is started from its own site, and holds the navigation controller it is given.
        for child in root.children.prefix(3) {
            #expect(navigation[child] == "AppCoordinator.navigationController", "\(child)")
        }
        #expect(navigation["AppCoordinator/HelpCoordinator"] == .some(nil))
        #expect(navigation["AppCoordinator"] == "AppCoordinator.navigationController")
        let tree = try index.tree().get()
        #expect(tree.currentStack().viewControllers.map(\.className) == ["DetailViewController", "DetailViewController"])
    }
}
