import UIKit

class BaseCoordinator {
    private(set) var childCoordinators: [BaseCoordinator] = []
    let navigation: UINavigationController

    init(navigation: UINavigationController) {
        self.navigation = navigation
    }

    func start() {}

    func start(_ child: BaseCoordinator) {
        childCoordinators.append(child)
        child.start()
    }
}

final class HarvestAppCoordinator: BaseCoordinator {
    private let builder: CoordinatorBuilder
    private lazy var fields = builder.fields

    init(navigation: UINavigationController, builder: CoordinatorBuilder) {
        self.builder = builder
        super.init(navigation: navigation)
    }

    override func start() {
        start(fields)
    }

    func forecastTapped() {
        let weather = builder.weather
        start(weather)
    }

    func signedOut(restoring: Bool) {
        let provider = Services.resolve(OnboardingProviding.self)
        start(provider.onboarding(restoring: restoring))
    }
}

final class FieldsCoordinator: BaseCoordinator {
    private let screens = ScreenBuilder()

    override func start() {
        navigation.setViewControllers([screens.fields()], animated: false)
    }
}

final class WeatherCoordinator: BaseCoordinator {
    private let screens = ScreenBuilder()

    override func start() {
        navigation.pushViewController(screens.weather(), animated: true)
    }
}

final class ShieldCoordinator: BaseCoordinator, Shielding {
    func raise() {}
}

final class RestoreCoordinator: BaseCoordinator {}

final class WelcomeCoordinator: BaseCoordinator {}
