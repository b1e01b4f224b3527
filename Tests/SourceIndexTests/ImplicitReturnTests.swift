import CoordinatorModel
import Testing

@testable import SourceIndex

/// A function whose body is one expression returns it, `return` or not.
@Suite("A body of one expression returns it")
struct ImplicitReturnTests {
    static let app = """
        import UIKit

        protocol Coordinator: AnyObject {
            var childCoordinators: [Coordinator] { get set }
            func start()
        }

        final class AppCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            let navigation = UINavigationController()

            func start() {
                let home = makeHome()
                childCoordinators.append(home)
                home.start()
            }

            func makeHome() -> HomeCoordinator {
                .init(navigation: navigation)
            }
        }

        final class HomeCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            let navigation: UINavigationController

            init(navigation: UINavigationController) { self.navigation = navigation }

            func start() { navigation.pushViewController(HomeViewController(), animated: false) }
        }

        final class HomeViewController: UIViewController {}

        final class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            let app = AppCoordinator()

            func application(
                _ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?
            ) -> Bool {
                window = UIWindow()
                window?.rootViewController = app.navigation
                window?.makeKeyAndVisible()
                app.start()
                return true
            }
        }
        """

    @Test("`func makeHome() -> HomeCoordinator { .init(…) }` makes a HomeCoordinator: a child at launch, its screen on top")
    func factoryOfOneExpression() throws {
        let index = try indexOneFileApp(Self.app)
        #expect(index.problems.isEmpty)
        let tree = try index.tree().get()
        let home = index.draft.coordinators.first { $0.className == "HomeCoordinator" }
        #expect(home?.id == "AppCoordinator/HomeCoordinator")
        #expect(home?.trigger?.onLaunch == true)
        #expect(tree.currentStack().viewControllers.map(\.className) == ["HomeViewController"])
    }

    @Test("the summary types a lone `.init(…)` as the function's result; one among other statements, not returned, it does not")
    func loneExpression() {
        let summary = SourceWorkspace.summarize(
            """
            final class Factory {
                func make() -> Detail { .init(name: "a") }
                func build() -> Detail {
                    .init(name: "b")
                    return Detail(name: "c")
                }
            }
            """, path: "Factory.swift")
        let functions = summary.types.flatMap(\.functions)
        #expect(functions.first { $0.name == "make" }?.calls.first { $0.name == "init" }?.base == "Detail")
        #expect(functions.first { $0.name == "build" }?.calls.first { $0.name == "init" }?.base == nil)
    }
}
