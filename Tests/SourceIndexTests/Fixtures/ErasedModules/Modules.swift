import UIKit

protocol ShelfModule {
    func makeShelfCoordinator(navigation: UINavigationController) -> AnyCoordinator<ShelfRoute>
}

protocol ShoppingModule {
    func makeShoppingCoordinator(navigation: UINavigationController) -> AnyCoordinator<ShoppingRoute>
}

protocol DebugModule {
    func makeDebugCoordinator(navigation: UINavigationController) -> AnyCoordinator<DebugRoute>
}

protocol AppModule {
    func makeAppCoordinator(window: UIWindow) -> AnyCoordinator<AppRoute>
}

/// Makes every flow of the app, each hidden behind `AnyCoordinator`.
final class PantryModule {}

extension PantryModule: AppModule {
    func makeAppCoordinator(window: UIWindow) -> AnyCoordinator<AppRoute> {
        AppCoordinator(module: self, window: window).asAnyCoordinator()
    }
}

extension PantryModule: ShelfModule {
    func makeShelfCoordinator(navigation: UINavigationController) -> AnyCoordinator<ShelfRoute> {
        ShelfCoordinator(navigation: navigation).asAnyCoordinator()
    }
}

extension PantryModule: ShoppingModule {
    func makeShoppingCoordinator(navigation: UINavigationController) -> AnyCoordinator<ShoppingRoute> {
        let coordinator = ShoppingCoordinator(navigation: navigation)
        return coordinator.asAnyCoordinator()
    }
}

/// The debug menu's flow: only the tests make it.
extension PantryModule: DebugModule {
    func makeDebugCoordinator(navigation: UINavigationController) -> AnyCoordinator<DebugRoute> {
        DebugCoordinator(navigation: navigation).asAnyCoordinator()
    }
}
