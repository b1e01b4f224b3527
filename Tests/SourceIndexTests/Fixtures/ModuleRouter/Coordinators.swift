import UIKit

protocol Coordinator: AnyObject {
    func start()
}

class BaseCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []

    func start() {}

    func addDependency(_ coordinator: Coordinator) {
        guard !childCoordinators.contains(where: { $0 === coordinator }) else { return }
        childCoordinators.append(coordinator)
    }

    func removeDependency(_ coordinator: Coordinator?) {
        childCoordinators.removeAll { $0 === coordinator }
    }
}

final class ApplicationCoordinator: BaseCoordinator {
    private let router: Routing

    init(router: Routing) {
        self.router = router
    }

    override func start() {
        let tour = TourCoordinator(router: router)
        tour.onFinish = { [weak self, weak tour] in
            self?.removeDependency(tour)
        }
        addDependency(tour)
        tour.start()
    }
}

final class TourCoordinator: BaseCoordinator {
    var onFinish: (() -> Void)?
    private let router: Routing

    init(router: Routing) {
        self.router = router
    }

    override func start() {
        router.setRootModule(TourWelcomeViewController())
        // The second page is pushed, a terms sheet shown and dismissed, a page pushed and popped.
        router.push(TourPageViewController())
        router.present(UINavigationController(rootViewController: TourTermsViewController()))
        router.dismissModule()
        router.push(TourExtraViewController())
        router.popModule()
    }

    func helpTapped() {
        let help = TourHelpCoordinator(router: router)
        addDependency(help)
        help.start()
    }
}

final class TourHelpCoordinator: BaseCoordinator {
    private let router: Routing

    init(router: Routing) {
        self.router = router
    }

    override func start() {
        router.present(TourHelpViewController())
    }
}
