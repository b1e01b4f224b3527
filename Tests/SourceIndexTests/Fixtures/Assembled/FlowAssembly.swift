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
}
