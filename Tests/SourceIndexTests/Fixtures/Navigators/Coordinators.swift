import UIKit

final class MailAppCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []

    func start() {
        let inbox = InboxCoordinator()
        childCoordinators.append(inbox)
        inbox.start()
        let archive = ArchiveCoordinator()
        childCoordinators.append(archive)
        archive.start()
    }
}

final class InboxCoordinator: Coordinator, InboxNavigating {
    var childCoordinators: [Coordinator] = []

    func start() {
        _ = InboxViewModel(navigator: self)
    }

    func helpTapped() {
        showHelp()
    }
}

final class ArchiveCoordinator: ReadingCoordinator {
    var childCoordinators: [Coordinator] = []

    func start() {}
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
