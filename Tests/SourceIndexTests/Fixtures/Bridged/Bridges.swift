import UIKit

protocol ApproveCoordinatorDelegate: AnyObject {
    func didApprove(_ approved: Bool, in coordinator: ApproveCoordinator)
}

/// Turns the approval flow into a promise: it adds the coordinator to the parent it is given,
/// and removes it when the promise settles.
private final class ApproveBridge {
    private let (promise, seal) = Promise<Bool>.pending()
    private var retainCycle: ApproveBridge?

    init(navigationController: UINavigationController, coordinator: Coordinator) {
        retainCycle = self
        let newCoordinator = ApproveCoordinator(navigationController: navigationController)
        newCoordinator.delegate = self
        coordinator.addCoordinator(newCoordinator)
        promise.ensure {
            self.retainCycle = nil
            coordinator.removeCoordinator(newCoordinator)
        }
        newCoordinator.start()
    }

    var result: Promise<Bool> { promise }
}

extension ApproveBridge: ApproveCoordinatorDelegate {
    func didApprove(_ approved: Bool, in coordinator: ApproveCoordinator) {
        seal.fulfill(approved)
    }
}

extension ApproveCoordinator {
    static func promise(_ navigationController: UINavigationController, coordinator: Coordinator) -> Promise<Bool> {
        ApproveBridge(navigationController: navigationController, coordinator: coordinator).result
    }
}

/// Holds the parent, and creates the coordinator when asked.
final class SignatureBridge {
    private let navigationController: UINavigationController
    private let parentCoordinator: Coordinator

    init(navigationController: UINavigationController, parent: Coordinator) {
        self.navigationController = navigationController
        self.parentCoordinator = parent
    }

    func promise(message: String) -> Promise<Data> {
        let coordinator = SignatureCoordinator(message: message)
        coordinator.start()
        self.parentCoordinator.addCoordinator(coordinator)
        return Promise<Data>.pending().promise
    }
}

extension SignatureCoordinator {
    static func sign(message: String, navigationController: UINavigationController, parent: Coordinator) -> Promise<Data> {
        let bridge = SignatureBridge(navigationController: navigationController, parent: parent)
        return bridge.promise(message: message)
    }
}

/// Made by a coordinator itself, with the coordinator as the parent.
final class ReceiptBridge {
    init(parent: Coordinator) {
        let receipt = ReceiptCoordinator()
        parent.addCoordinator(receipt)
        receipt.start()
    }
}
