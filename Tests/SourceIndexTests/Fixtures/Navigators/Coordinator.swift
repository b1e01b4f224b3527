import UIKit

protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    func start()
}

extension Coordinator {
    /// Any coordinator may open help; only those that call this do.
    func showHelp() {
        presentHelp(animated: true)
    }

    /// Reached through showHelp(): what it creates, showHelp() creates.
    private func presentHelp(animated: Bool) {
        let help = HelpCoordinator()
        childCoordinators.append(help)
        help.start()
    }
}

/// What the inbox's view model may ask of its coordinator.
protocol InboxNavigating: AnyObject {
    func openMessage(_ id: String)
}

extension InboxNavigating where Self: Coordinator {
    func openMessage(_ id: String) {
        let message = MessageCoordinator(id: id)
        childCoordinators.append(message)
        message.start()
    }
}
