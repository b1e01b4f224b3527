import UIKit

final class WelcomeCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    private let presentation: Presentation

    init(presentation: Presentation) {
        self.presentation = presentation
    }

    func start() {
        let welcome = WelcomeViewController()
        presentation.begin(with: welcome)
    }
}

final class WelcomeViewController: UIViewController {}
