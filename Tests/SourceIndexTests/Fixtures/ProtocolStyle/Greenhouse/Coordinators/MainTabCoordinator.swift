import UIKit

enum GreenhouseTab: Int, CaseIterable {
    case garden, journal, settings

    var title: String {
        switch self {
        case .garden: return "Garden"
        case .journal: return "Journal"
        case .settings: return "Settings"
        }
    }

    var symbol: String {
        switch self {
        case .garden: "leaf"
        case .journal: "book"
        case .settings: "gearshape"
        }
    }
}

protocol TabCoordinator: Coordinator {
    var tabBarController: UITabBarController { get }
}

final class MainTabCoordinator: TabCoordinator {
    weak var finishDelegate: CoordinatorFinishDelegate?
    var navigationController: UINavigationController
    var childCoordinators: [Coordinator] = []
    var type: CoordinatorType
    let tabBarController = UITabBarController()
    private let events = TabEvents()

    init(_ navigationController: UINavigationController) {
        self.navigationController = navigationController
        self.type = .tab
    }

    func start() {
        let controllers = GreenhouseTab.allCases.map { tab in makeNavigationController(for: tab) }
        controllers.forEach { startTab($0) }
        tabBarController.setViewControllers(controllers, animated: false)
        tabBarController.selectedIndex = GreenhouseTab.garden.rawValue
        events.onAddPlant = { [weak self] in
            self?.showAddPlantFlow()
        }
        navigationController.pushViewController(tabBarController, animated: false)
    }

    private func makeNavigationController(for tab: GreenhouseTab) -> UINavigationController {
        let controller = UINavigationController()
        controller.tabBarItem = UITabBarItem(title: tab.title, image: UIImage(systemName: tab.symbol), tag: tab.rawValue)
        return controller
    }

    private func startTab(_ controller: UINavigationController) {
        guard let tab = GreenhouseTab(rawValue: controller.tabBarItem.tag) else { return }
        switch tab {
        case .garden:
            let garden = GardenCoordinator(controller)
            childCoordinators.append(garden)
            garden.start()
        case .journal:
            let journal = JournalCoordinator(controller)
            childCoordinators.append(journal)
            journal.start()
        case .settings:
            let settings = SettingsCoordinator(controller)
            childCoordinators.append(settings)
            settings.start()
        }
    }

    private func showAddPlantFlow() {
        let addPlant = AddPlantCoordinator(navigationController)
        addPlant.finishDelegate = self
        childCoordinators.append(addPlant)
        addPlant.start()
    }
}

extension MainTabCoordinator: CoordinatorFinishDelegate {
    func coordinatorDidFinish(childCoordinator: Coordinator) {
        childCoordinators.removeAll { $0 === childCoordinator }
    }
}

final class TabEvents {
    var onAddPlant: (() -> Void)?
}
