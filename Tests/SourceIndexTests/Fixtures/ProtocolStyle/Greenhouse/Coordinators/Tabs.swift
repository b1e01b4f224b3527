import UIKit

final class GardenCoordinator: Coordinator {
    weak var finishDelegate: CoordinatorFinishDelegate?
    var navigationController: UINavigationController
    var childCoordinators: [Coordinator] = []
    var type: CoordinatorType = .garden

    init(_ navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        navigationController.pushViewController(PlantListViewController(), animated: false)
    }

    func plantWasSelected() {
        let detail = PlantDetailCoordinator(navigationController)
        childCoordinators.append(detail)
        detail.start()
    }
}

final class JournalCoordinator: Coordinator {
    weak var finishDelegate: CoordinatorFinishDelegate?
    var navigationController: UINavigationController
    var childCoordinators: [Coordinator] = []
    var type: CoordinatorType { .journal }

    init(_ navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        let journal = JournalViewController()
        journal.title = "Journal"
        navigationController.setViewControllers([journal], animated: false)
    }

    func entryMentionsPlant() {
        let detail = PlantDetailCoordinator(navigationController)
        childCoordinators.append(detail)
        detail.start()
    }
}

final class SettingsCoordinator: Coordinator {
    weak var finishDelegate: CoordinatorFinishDelegate?
    var navigationController: UINavigationController
    var childCoordinators: [Coordinator] = []
    var type: CoordinatorType {
        return .settings
    }

    init(_ navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {}
}
