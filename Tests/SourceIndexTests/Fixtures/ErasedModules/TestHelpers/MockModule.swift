@testable import Pantry
import UIKit

final class MockCoordinator<Route>: Coordinator {
    var routes: [Route] = []
    func navigate(to route: Route) { routes.append(route) }
    func start() {}
}

/// Records what a test's flow was asked.
final class SpyCoordinator: Coordinator {
    var started = false
    func navigate(to route: ShelfRoute) {}
    func start() { started = true }
}

final class MockModule: AppModule, ShelfModule, ShoppingModule, DebugModule {
    func makeAppCoordinator(window: UIWindow) -> AnyCoordinator<AppRoute> { MockCoordinator<AppRoute>().asAnyCoordinator() }
    func makeShelfCoordinator(navigation: UINavigationController) -> AnyCoordinator<ShelfRoute> {
        MockCoordinator<ShelfRoute>().asAnyCoordinator()
    }
    func makeDebugCoordinator(navigation: UINavigationController) -> AnyCoordinator<DebugRoute> {
        MockCoordinator<DebugRoute>().asAnyCoordinator()
    }
    func makeShoppingCoordinator(navigation: UINavigationController) -> AnyCoordinator<ShoppingRoute> {
        MockCoordinator<ShoppingRoute>().asAnyCoordinator()
    }
}
