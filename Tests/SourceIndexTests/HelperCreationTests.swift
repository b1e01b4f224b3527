import CoordinatorModel
import Foundation
import SourceIndex
import Testing

@Suite("Creation through a helper object given the parent")
struct HelperCreationTests {
    @Test(
        "a bridge that adds what it makes to the coordinator it is given: reached through a static helper on the class's type, asked through a static helper, or made by the coordinator itself"
    )
    func bridged() {
        assertExtract(
            fixture: "Bridged",
            convention: Convention(root: "Coordinator", childrenProperty: "coordinators", startMethod: "start"),
            expected: [
                "VaultAppCoordinator",
                "VaultAppCoordinator/TransfersCoordinator start launch",
                // `ApproveCoordinator.promise(…, coordinator: self)` makes an `ApproveBridge`, whose initializer adds it.
                "VaultAppCoordinator/TransfersCoordinator/ApproveCoordinator transferTapped demand",
                // `SignatureCoordinator.sign(…)` makes a `SignatureBridge` and calls its `promise(message:)`.
                "VaultAppCoordinator/TransfersCoordinator/SignatureCoordinator signTapped demand",
                // `ReceiptBridge(parent: self)` made by the coordinator itself.
                "VaultAppCoordinator/TransfersCoordinator/ReceiptCoordinator receiptTapped demand",
            ])
    }

    @Test("lint finds every class of the bridged app created, and nothing else to say")
    func bridgedLint() {
        let index = SourceIndexer.index(directory: fixture("Bridged"))
        let found = Linter.lint(index) { _ in nil }
        #expect(found.filter { $0.rule == "never-created" }.isEmpty, "\(found.map(\.message))")
    }
}
