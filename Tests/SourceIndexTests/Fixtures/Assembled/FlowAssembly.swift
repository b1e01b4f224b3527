import UIKit

/// Builds coordinators with what they depend on.
final class FlowAssembly {
    func makeHarborCoordinator() -> HarborCoordinator {
        HarborCoordinator(assembly: self)
    }

    func makeLedgerCoordinator() -> Coordinator {
        LedgerCoordinator(pageSize: 40)
    }
}

enum TransferModule {
    static func createTransferCoordinator(amount: Int) -> RootCoordinator {
        let coordinator = TransferCoordinator()
        coordinator.amount = amount
        return coordinator
    }

    /// Creates a transfer through the factory above, adds it to `parent` and starts it.
    static func show(on parent: Coordinator) {
        let transfer = createTransferCoordinator(amount: 1)
        parent.addCoordinator(transfer)
        transfer.start()
    }
}
