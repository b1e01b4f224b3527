import UIKit

/// Every coordinator is made here; the results are typed by the base class or a protocol.
final class CoordinatorBuilder {
    /// The window's navigation controller, which the first screens share.
    private let navigation: UINavigationController

    init(navigation: UINavigationController) {
        self.navigation = navigation
    }

    func app(navigation: UINavigationController) -> BaseCoordinator {
        HarvestAppCoordinator(navigation: navigation, builder: self)
    }

    func shield() -> BaseCoordinator & Shielding {
        ShieldCoordinator(navigation: UINavigationController())
    }

    var fields: BaseCoordinator {
        FieldsCoordinator(navigation: navigation)
    }

    var weather: BaseCoordinator {
        WeatherCoordinator(navigation: UINavigationController())
    }
}

/// Screens, with names that match the coordinator builder's: they make no coordinator.
final class ScreenBuilder {
    func weather() -> UIViewController { UIViewController() }
    func fields() -> UIViewController { UIViewController() }
}

protocol Shielding {
    func raise()
}

protocol OnboardingProviding {
    func onboarding(restoring: Bool) -> BaseCoordinator
}

/// Hands out one of two coordinators, decided when the app runs.
final class OnboardingProvider: OnboardingProviding {
    func onboarding(restoring: Bool) -> BaseCoordinator {
        if restoring {
            return RestoreCoordinator(navigation: UINavigationController())
        }
        return WelcomeCoordinator(navigation: UINavigationController())
    }
}
