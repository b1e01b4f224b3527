import CoordinatorModel
import SourceIndex
import Testing

@Suite("What a problem says of a coordinator class left out of the tree")
struct UnplacedClassTests {
    private static let app = """
        import UIKit

        protocol Coordinator: AnyObject {
            var navigationController: UINavigationController { get }
            func start()
        }

        final class AppCoordinator: Coordinator {
            let navigationController = UINavigationController()
            var settings: SettingsCoordinator?

            func start() {
                navigationController.setViewControllers([GardenViewController()], animated: false)
            }

            func openSettings() {
                let settings = SettingsCoordinator(navigationController: navigationController)
                settings.start()
                self.settings = settings
            }
        }

        final class SettingsCoordinator: Coordinator {
            let navigationController: UINavigationController
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() { navigationController.pushViewController(SettingsViewController(), animated: true) }
        }

        final class OnboardingCoordinator: Coordinator {
            let navigationController: UINavigationController
            var child: Coordinator?
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() {}

            func showDetails() {
                let details = DetailsCoordinator(navigationController: navigationController)
                details.start()
                child = details
            }

            func showPayments() {
                let payments = PaymentsCoordinator(navigationController: navigationController)
                payments.start()
                child = payments
            }
        }

        final class DetailsCoordinator: Coordinator {
            let navigationController: UINavigationController
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() {}
        }

        final class PaymentsCoordinator: Coordinator {
            let navigationController: UINavigationController
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() {}
        }

        final class GardenViewController: UIViewController {
            var onboarding: OnboardingCoordinator?

            func beginOnboarding() {
                guard let navigationController else { return }
                let onboarding = OnboardingCoordinator(navigationController: navigationController)
                onboarding.start()
                self.onboarding = onboarding
            }
        }

        final class SettingsViewController: UIViewController {
            var details: DetailsCoordinator?

            func openDetails() {
                guard let navigationController else { return }
                let details = DetailsCoordinator(navigationController: navigationController)
                details.start()
                self.details = details
            }
        }

        @main
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            let coordinator = AppCoordinator()

            func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window = UIWindow()
                window?.rootViewController = coordinator.navigationController
                coordinator.start()
                window?.makeKeyAndVisible()
                return true
            }
        }
        """

    @Test(
        "a class made by unreached coordinators and by a screen names both; a screen a coordinator of the tree uses is said to be used, not to be made by none"
    )
    func reasons() throws {
        let index = try indexOneFileApp(Self.app)
        #expect(index.draft.coordinators.map(\.id) == ["AppCoordinator", "AppCoordinator/SettingsCoordinator"])
        let placement = " but a coordinator is placed only under a coordinator that creates it; it is not in the tree"
        #expect(
            index.problems.map(\.reason) == [
                "DetailsCoordinator is created by coordinators the root never reaches, and by SettingsViewController (App.swift:76);"
                    + " SettingsCoordinator, in the tree, uses that type," + placement,
                "OnboardingCoordinator is created only by GardenViewController (App.swift:65);"
                    + " AppCoordinator, in the tree, uses that type," + placement,
                "PaymentsCoordinator is created only by coordinators the root never reaches; it is not in the tree",
            ])
    }

    @Test(
        "a class made by a static function that hands out something else (a screen's action) names that function's type; a static factory of the class is left to its callers"
    )
    func staticMakers() throws {
        let index = try indexOneFileApp(
            """
            import UIKit

            protocol Coordinator: AnyObject {
                func start()
            }

            final class AppCoordinator: Coordinator {
                func start() {}
            }

            final class ReportsCoordinator: Coordinator {
                init(presenter: UIViewController) {}
                func start() {}
            }

            final class ArchiveCoordinator: Coordinator {
                func start() {}
            }

            enum RowAction {
                case none
                case run((UIViewController) -> Void)
            }

            extension RowAction {
                static func showReports() -> Self {
                    .run { screen in
                        let reports = ReportsCoordinator(presenter: screen)
                        reports.start()
                    }
                }
            }

            enum Flows {
                static func makeArchive() -> ArchiveCoordinator { ArchiveCoordinator() }
            }

            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                let coordinator = AppCoordinator()
            }
            """)
        #expect(
            index.problems.map(\.reason) == [
                "ArchiveCoordinator is never created by another coordinator; it is not in the tree",
                "ReportsCoordinator is created only by RowAction (App.swift:28), which no coordinator in the tree creates;"
                    + " it is not in the tree",
            ])
    }
}
