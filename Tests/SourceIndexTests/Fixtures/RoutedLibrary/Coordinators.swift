import RoutingKit
import UIKit

// The base classes come from a routing library the repository does not contain.
enum ShopRoute: Route {
    case welcome, shopping
}

final class ShopCoordinator: NavigationCoordinator<ShopRoute> {
    init() {
        super.init(initialRoute: .welcome)
    }

    override func prepareTransition(for route: ShopRoute) -> NavigationTransition {
        switch route {
        case .welcome:
            return .push(WelcomeViewController())
        case .shopping:
            let tabs = ShopTabsCoordinator()
            return .presentFullScreen(tabs)
        }
    }
}

enum ShopTabsRoute: Route {
    case catalog, basket
}

final class ShopTabsCoordinator: TabBarCoordinator<ShopTabsRoute> {
    private let catalog = CatalogCoordinator()
    private let basket = BasketCoordinator()

    init() {
        super.init(tabs: [catalog, basket], select: catalog)
    }
}

enum CatalogRoute: Route {
    case list, item(String)
}

final class CatalogCoordinator: NavigationCoordinator<CatalogRoute> {
    init() {
        super.init(initialRoute: .list)
    }

    override func prepareTransition(for route: CatalogRoute) -> NavigationTransition {
        switch route {
        case .list:
            return .push(CatalogViewController())
        case .item(let id):
            let item = ItemCoordinator(id: id, rootViewController: rootViewController)
            addChild(item)
            return .none()
        }
    }
}

final class BasketCoordinator: NavigationCoordinator<CatalogRoute> {}

final class ItemCoordinator: NavigationCoordinator<CatalogRoute> {
    init(id: String, rootViewController: UINavigationController) {
        super.init(rootViewController: rootViewController, initialRoute: .item(id))
    }
}
