import UIKit

enum Destination {
    case home, search, settings
}

protocol Coordinating: AnyObject {
    var coordinators: [Coordinating] { get set }
    var destination: Destination? { get }
    func start(with navigationController: UINavigationController)
}

extension Coordinating {
    func addCoordinator(_ coordinator: Coordinating) {
        coordinators.append(coordinator)
    }

    func coordinate(to coordinator: Coordinating, in navigationController: UINavigationController) {
        addCoordinator(coordinator)
        coordinator.start(with: navigationController)
    }
}

final class RootCoordinating: Coordinating {
    var coordinators: [Coordinating] = []
    let destination: Destination? = nil

    func start(with navigationController: UINavigationController) {
        coordinate(to: HomeCoordinating(), in: navigationController)
    }
}

final class HomeCoordinating: Coordinating {
    var coordinators: [Coordinating] = []
    let destination: Destination? = .home

    func start(with navigationController: UINavigationController) {
        navigationController.setViewControllers([HomeViewController()], animated: false)
        let search = SearchCoordinating()
        addCoordinator(search)
        search.start(with: navigationController)
    }

    func openSettings(from navigationController: UINavigationController) {
        coordinate(to: SettingsCoordinating(), in: navigationController)
    }
}

final class SearchCoordinating: Coordinating {
    var coordinators: [Coordinating] = []
    let destination: Destination? = .search
    func start(with navigationController: UINavigationController) {
        navigationController.pushViewController(SearchViewController(), animated: false)
    }
}

final class SettingsCoordinating: Coordinating {
    var coordinators: [Coordinating] = []
    let destination: Destination? = .settings
    func start(with navigationController: UINavigationController) {}
}
