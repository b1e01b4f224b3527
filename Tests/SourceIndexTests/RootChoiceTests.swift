import CoordinatorModel
import Foundation
import SourceIndex
import Testing

@Suite("The root: what the app's delegate starts, whatever else creates it")
struct RootChoiceTests {
    @Test(
        "the delegate keeps the root in a property typed by a refined protocol; a log-out flow makes the root again; a wallet opens a wallet"
    )
    func delegateProperty() {
        assertExtract(
            fixture: "Relaunched",
            convention: Convention(root: "Coordinator", childrenProperty: "childCoordinators", startMethod: "start"),
            expected: [
                "LedgerAppCoordinator",
                "LedgerAppCoordinator/AccountsCoordinator showAccounts launch",
                "LedgerAppCoordinator/AccountsCoordinator/WalletCoordinator accountChosen demand",
                // Another instance of its own class: shown once, without going deeper.
                "LedgerAppCoordinator/AccountsCoordinator/WalletCoordinator/WalletCoordinator linkedWalletTapped demand",
                "LedgerAppCoordinator/AccountsCoordinator/SettingsCoordinator settingsTapped demand",
                // A fresh root made by a descendant: an on-demand child, not a reason to pick another root.
                "LedgerAppCoordinator/AccountsCoordinator/SettingsCoordinator/LedgerAppCoordinator logOutTapped demand",
            ],
            // The snapshot tests' coordinator, which nothing in the app creates.
            problems: 1)
    }
}
