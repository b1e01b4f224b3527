import UIKit

final class HarborCoordinator: RootCoordinator {
    var coordinators: [Coordinator] = []
    private let navigation = UINavigationController()
    var rootViewController: UIViewController { navigation }
    private let assembly: FlowAssembly
    private let makeReceipt: (Int) -> ReceiptCoordinator = { number in ReceiptCoordinator(number: number) }

    init(assembly: FlowAssembly) {
        self.assembly = assembly
    }

    func start() {
        navigation.setViewControllers([HarborViewController()], animated: false)
        let ledger = assembly.makeLedgerCoordinator()
        addCoordinator(ledger)
        ledger.start()
        open(.tides)
    }

    func transferTapped(amount: Int) {
        let transfer = TransferModule.createTransferCoordinator(amount: amount)
        addCoordinator(transfer)
        transfer.start()
    }

    func quickTransferTapped() {
        TransferModule.show(on: self)
    }

    func historyTapped() {
        LedgerCoordinator.show(on: self)
    }

    func receiptTapped(number: Int) {
        let receipt = makeReceipt(number)
        addCoordinator(receipt)
        receipt.start()
    }

    /// Shows a place of the harbor: a screen, or a flow with a coordinator of its own.
    func open(_ place: HarborPlace) {
        switch assembly.destination(for: place) {
        case .screen(let controller):
            rootViewController.present(controller, animated: true)
        case .flow(let coordinator):
            addCoordinator(coordinator)
            coordinator.start()
        }
    }
}

final class AnchorageCoordinator: Coordinator {
    var coordinators: [Coordinator] = []

    func start() {}
}

final class PierCoordinator: Coordinator {
    var coordinators: [Coordinator] = []
    let berths: Int

    init(berths: Int) {
        self.berths = berths
    }

    func start() {}
}

final class LedgerCoordinator: Coordinator {
    var coordinators: [Coordinator] = []
    let pageSize: Int

    init(pageSize: Int) {
        self.pageSize = pageSize
    }

    func start() {}
}

extension LedgerCoordinator {
    /// Creates one, adds it to `parent` and starts it.
    static func show(on parent: Coordinator) {
        let ledger = LedgerCoordinator(pageSize: 10)
        parent.addCoordinator(ledger)
        ledger.start()
    }
}

final class TransferCoordinator: RootCoordinator {
    var coordinators: [Coordinator] = []
    var amount = 0
    let rootViewController = UIViewController()

    func start() {}
}

final class ReceiptCoordinator: Coordinator {
    var coordinators: [Coordinator] = []
    let number: Int

    init(number: Int) {
        self.number = number
    }

    func start() {}
}

final class VaultLockCoordinator: RootCoordinator {
    var coordinators: [Coordinator] = []
    let rootViewController = UIViewController()

    func start() {}
}
