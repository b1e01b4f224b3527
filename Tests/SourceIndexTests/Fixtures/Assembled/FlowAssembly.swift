import UIKit

/// Builds coordinators with what they depend on.
final class FlowAssembly {
    func makeHarborCoordinator() -> HarborCoordinator {
        HarborCoordinator(assembly: self)
    }

    func makeLedgerCoordinator() -> Coordinator {
        LedgerCoordinator(pageSize: 40)
    }

    /// What opening a place of the harbor shows.
    enum Destination {
        case screen(UIViewController)
        case flow(Coordinator)
    }

    func destination(for place: HarborPlace) -> Destination {
        switch place {
        case .anchorage:
            return .flow(AnchorageCoordinator())
        case .pier:
            return pierDestination()
        case .tides:
            return .screen(UIViewController())
        }
    }

    private func pierDestination() -> Destination {
        let pier = PierCoordinator(berths: 12)
        return .flow(pier)
    }
}

enum HarborPlace {
    case anchorage, pier, tides
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
