import UIKit

final class WindowCoordinator: Coordinator {
    var children: [Coordinator] = []
    let router: Router

    init(router: Router) { self.router = router }

    func present(animated: Bool, onDismissed: (() -> Void)?) {
        let tabBarController = UITabBarController()
        router.present(tabBarController, animated: animated, onDismissed: onDismissed)
        let tabs = TabsCoordinator(router: TabsRouter(tabBarController: tabBarController))
        presentChild(tabs, animated: animated)
    }
}

final class TabsCoordinator: Coordinator {
    var children: [Coordinator] = []
    let router: Router
    private let tabs: TabsRouter

    init(router: TabsRouter) {
        self.router = router
        self.tabs = router
    }

    func present(animated: Bool, onDismissed: (() -> Void)?) {
        let forecastNavigation = UINavigationController()
        let radarNavigation = UINavigationController()
        let alertsNavigation = UINavigationController()
        tabs.setTabs([forecastNavigation, radarNavigation, alertsNavigation], selected: 1)
        let forecast = ForecastCoordinator(router: StackRouter(navigationController: forecastNavigation))
        let radar = RadarCoordinator(router: StackRouter(navigationController: radarNavigation))
        let alerts = AlertsCoordinator(router: StackRouter(navigationController: alertsNavigation))
        presentAll([forecast, radar, alerts])
    }

    private func presentAll(_ coordinators: [Coordinator]) {
        coordinators.forEach { presentChild($0, animated: false) }
    }
}

final class ForecastCoordinator: Coordinator {
    var children: [Coordinator] = []
    let router: Router

    init(router: Router) { self.router = router }

    func present(animated: Bool, onDismissed: (() -> Void)?) {
        router.present(UIViewController(), animated: animated, onDismissed: onDismissed)
    }

    func didSelectCity() {
        presentChild(CityDetailCoordinator(router: router), animated: true)
    }
}

final class RadarCoordinator: Coordinator {
    var children: [Coordinator] = []
    let router: Router
    init(router: Router) { self.router = router }
    func present(animated: Bool, onDismissed: (() -> Void)?) {
        router.present(RadarViewController(), animated: animated, onDismissed: onDismissed)
    }
}

final class AlertsCoordinator: Coordinator {
    var children: [Coordinator] = []
    let router: Router
    init(router: Router) { self.router = router }
    func present(animated: Bool, onDismissed: (() -> Void)?) {}
}

final class CityDetailCoordinator: Coordinator {
    var children: [Coordinator] = []
    let router: Router
    init(router: Router) { self.router = router }
    func present(animated: Bool, onDismissed: (() -> Void)?) {}
}
