import UIKit

protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    func start()
}

class HarborCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let navigationController = UINavigationController()

    func start() {
        navigationController.setViewControllers([DockListViewController()], animated: false)
    }

    func showCrew() {
        let crew = CrewCoordinator(navigationController: navigationController)
        childCoordinators.append(crew)
        crew.start()
    }

    #if DEBUG
        func showDebugMenu() {
            let menu = DebugMenuCoordinator(navigationController: navigationController)
            childCoordinators.append(menu)
            menu.start()
        }
    #endif

    #if BETA_FEEDBACK
        func showFeedback() {
            let feedback = FeedbackCoordinator(navigationController: navigationController)
            childCoordinators.append(feedback)
            feedback.start()
        }
    #endif
}

final class CrewCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        navigationController.pushViewController(CrewViewController(), animated: true)
    }
}

#if DEBUG
    final class DebugMenuCoordinator: Coordinator {
        var childCoordinators: [Coordinator] = []
        let navigationController: UINavigationController

        init(navigationController: UINavigationController) {
            self.navigationController = navigationController
        }

        func start() {
            navigationController.pushViewController(DebugMenuViewController(), animated: true)
        }
    }
#elseif BETA_FEEDBACK
    final class FeedbackCoordinator: Coordinator {
        var childCoordinators: [Coordinator] = []
        let navigationController: UINavigationController

        init(navigationController: UINavigationController) {
            self.navigationController = navigationController
        }

        func start() {}
    }
#endif

final class DockListViewController: UIViewController {}
final class CrewViewController: UIViewController {}
final class DebugMenuViewController: UIViewController {}
