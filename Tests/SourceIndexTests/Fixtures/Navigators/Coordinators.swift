import UIKit

final class MailAppCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let tabBarController = UITabBarController()

    func start() {
        let inbox = InboxCoordinator()
        childCoordinators.append(inbox)
        inbox.start()
        let archive = ArchiveCoordinator()
        childCoordinators.append(archive)
        archive.start()
        tabBarController.viewControllers = [inbox.navigationController, archive.navigationController]
    }
}

final class InboxCoordinator: Coordinator, InboxNavigating {
    var childCoordinators: [Coordinator] = []
    let navigationController = UINavigationController()

    func start() {
        _ = InboxViewModel(navigator: self)
        navigationController.tabBarItem = UITabBarItem(title: "Inbox", image: UIImage(systemName: "tray"), tag: 0)
        navigationController.setViewControllers([InboxViewController()], animated: false)
    }

    func helpTapped() {
        showHelp()
    }
}

final class ArchiveCoordinator: ReadingCoordinator {
    var childCoordinators: [Coordinator] = []
    let navigationController = UINavigationController()

    func start() {
        navigationController.tabBarItem = UITabBarItem(title: "Archive", image: UIImage(systemName: "archivebox"), tag: 1)
        navigationController.setViewControllers([ArchiveViewController()], animated: false)
    }
}

final class HelpCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []

    func start() {}
}

final class MessageCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    private let id: String

    init(id: String) {
        self.id = id
    }

    func start() {}
}

final class InboxViewModel {
    private weak var navigator: InboxNavigating?

    init(navigator: InboxNavigating) {
        self.navigator = navigator
    }

    func messageSelected(_ id: String) {
        navigator?.openMessage(id)
    }
}
