import UIKit

final class VaultAppCoordinator: Coordinator {
    var coordinators: [Coordinator] = []
    private let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        let transfers = TransfersCoordinator(navigationController: navigationController)
        addCoordinator(transfers)
        transfers.start()
    }
}

final class TransfersCoordinator: Coordinator {
    var coordinators: [Coordinator] = []
    private let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {}

    /// Through the static helper on the created class's own type.
    func transferTapped() -> Promise<Bool> {
        ApproveCoordinator.promise(navigationController, coordinator: self)
    }

    /// Through a static helper that makes a bridge and asks it.
    func signTapped(message: String) -> Promise<Data> {
        SignatureCoordinator.sign(message: message, navigationController: navigationController, parent: self)
    }

    /// A helper object made here, whose initializer creates and adds.
    func receiptTapped() {
        _ = ReceiptBridge(parent: self)
    }
}

final class ReceiptCoordinator: Coordinator {
    var coordinators: [Coordinator] = []
    func start() {}
}

final class ApproveCoordinator: Coordinator {
    var coordinators: [Coordinator] = []
    weak var delegate: ApproveCoordinatorDelegate?
    private let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {}
}

final class SignatureCoordinator: Coordinator {
    var coordinators: [Coordinator] = []
    private let message: String

    init(message: String) {
        self.message = message
    }

    func start() {}
}
