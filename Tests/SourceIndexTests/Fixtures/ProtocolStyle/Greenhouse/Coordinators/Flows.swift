import UIKit

final class PlantDetailCoordinator: Coordinator {
    weak var finishDelegate: CoordinatorFinishDelegate?
    var navigationController: UINavigationController
    var childCoordinators: [Coordinator] = []
    var type: CoordinatorType = .plantDetail

    init(_ navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {}
}

final class AddPlantCoordinator: Coordinator {
    weak var finishDelegate: CoordinatorFinishDelegate?
    var navigationController: UINavigationController
    var childCoordinators: [Coordinator] = []
    var type: CoordinatorType = .addPlant

    init(_ navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {}
}

final class OnboardingCoordinator: Coordinator {
    weak var finishDelegate: CoordinatorFinishDelegate?
    var navigationController: UINavigationController
    var childCoordinators: [Coordinator] = []
    var type: CoordinatorType = .onboarding

    init(_ navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {}
}
