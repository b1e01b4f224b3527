import UIKit

// A very small app for the conformance suite's `navinspect/load` with `source`.
protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    var type: CoordinatorType { get }
    func start()
}

enum CoordinatorType { case app, home, detail }

final class AppCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let type: CoordinatorType = .app

    func start() {
        let home = HomeCoordinator()
        childCoordinators.append(home)
        home.start()
    }
}

final class HomeCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let type: CoordinatorType = .home

    func start() {}

    func itemWasTapped() {
        let detail = DetailCoordinator()
        childCoordinators.append(detail)
        detail.start()
    }
}

final class DetailCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let type: CoordinatorType = .detail
    func start() {}
}

final class UnusedCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let type: CoordinatorType = .detail
    func start() {}
}
