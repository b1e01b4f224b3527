import UIKit

/// No children: each coordinator keeps what it starts in a property of its own.
protocol Coordinator: AnyObject {
    var navigationController: UINavigationController { get }
    func start()
}

final class LoadingCoordinator: Coordinator {
    let navigationController: UINavigationController
    private var main: MainCoordinator?

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        navigationController.setViewControllers([LoadingViewController()], animated: false)
    }

    /// Called by the loading screen once the library is read.
    func finishLoading() {
        let main = MainCoordinator(navigationController: navigationController)
        self.main = main
        main.start()
    }
}

/// Named as a coordinator and coordinating, but adopting nothing of the protocol.
final class MainCoordinator: NSObject {
    let navigationController: UINavigationController
    private let player: PlayerCoordinator
    private weak var importing: ImportCoordinator?

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
        self.player = .init(navigationController: navigationController)
        super.init()
    }

    func start() {
        navigationController.setViewControllers([LibraryViewController()], animated: true)
        player.start()
    }

    func showImport() {
        let importing = ImportCoordinator(navigationController: navigationController)
        self.importing = importing
        importing.start()
    }
}

final class PlayerCoordinator: Coordinator {
    let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {}
}

final class ImportCoordinator: Coordinator {
    let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {}
}

/// A service named like a coordinator that makes no coordinator: not one of them.
final class SyncCoordinator {
    private let queue = OperationQueue()

    func sync() {
        queue.addOperation {}
    }
}

final class LoadingViewController: UIViewController {}
final class LibraryViewController: UIViewController {}
