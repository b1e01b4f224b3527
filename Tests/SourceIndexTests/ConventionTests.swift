import CoordinatorModel
import Foundation
import SourceIndex
import Testing

/// Indexes a fixture app and compares every node, in document order, with `expected`, written
/// `id .type method launch|demand` (the root has no method).
func assertExtract(
    fixture name: String, convention: Convention, expected: [String], problems: Int = 0,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let index = SourceIndexer.index(directory: fixture(name))
    #expect(index.convention == convention, sourceLocation: sourceLocation)
    let rendered = index.draft.coordinators.map { node in
        [
            node.id, node.type.map { "." + $0 } ?? "",
            node.trigger.map { "\($0.method) \($0.onLaunch ? "launch" : "demand")" } ?? "",
            node.sameAs.map { "= " + $0 } ?? "",
        ]
        .filter { !$0.isEmpty }.joined(separator: " ")
    }
    #expect(rendered == expected, sourceLocation: sourceLocation)
    #expect(index.problems.count == problems, "\(index.problems)", sourceLocation: sourceLocation)
    #expect(throws: Never.self, sourceLocation: sourceLocation) { try CoordinatorTree(validating: index.draft) }
}

@Suite("Extraction across the conventions real apps use")
struct ConventionTests {
    @Test("the Router style: children, router, present(animated:onDismissed:), presentChild, init(router:)")
    func routerStyle() {
        assertExtract(
            fixture: "RouterStyle",
            convention: Convention(root: "Coordinator", childrenProperty: "children", startMethod: "present"),
            expected: [
                "WindowCoordinator",
                "WindowCoordinator/TabsCoordinator present launch",
                "WindowCoordinator/TabsCoordinator/ForecastCoordinator present launch",
                "WindowCoordinator/TabsCoordinator/ForecastCoordinator/CityDetailCoordinator didSelectCity demand",
                "WindowCoordinator/TabsCoordinator/RadarCoordinator present launch",
                "WindowCoordinator/TabsCoordinator/AlertsCoordinator present launch",
            ])
    }

    @Test("flow controllers keeping one child (`var activeFlow: FlowControlling?`), started by `run`, under an app controller")
    func flowControllers() {
        assertExtract(
            fixture: "FlowControllers",
            convention: Convention(root: "FlowControlling", childrenProperty: "activeFlow", startMethod: "run"),
            expected: [
                "AppController",
                "AppController/WelcomeFlowController showWelcome launch",
                "AppController/WelcomeFlowController/SignInFlowController signInTapped demand",
                "AppController/HomeFlowController showHome launch",
                "AppController/HomeFlowController/SettingsFlowController settingsTapped demand",
            ])
    }

    @Test("variadic addChildCoordinator, flows from event handlers, a shared detail, a base class nothing creates")
    func variadicFlows() {
        assertExtract(
            fixture: "VariadicFlows",
            convention: Convention(root: "Coordinator", childrenProperty: "childCoordinators", startMethod: "start"),
            expected: [
                "ShelfTabCoordinator",
                "ShelfTabCoordinator/RecordsCoordinator start launch",
                "ShelfTabCoordinator/RecordsCoordinator/RecordDetailCoordinator recordWasChosen demand",
                "ShelfTabCoordinator/NotesCoordinator start launch",
                "ShelfTabCoordinator/ShelfProfileCoordinator start launch",
                "ShelfTabCoordinator/AddRecordCoordinator showAddRecordFlow demand",
                "ShelfTabCoordinator/AddRecordCoordinator/RecordDetailCoordinator recordWasSaved demand",
                "ShelfTabCoordinator/AddNoteCoordinator showAddNoteFlow demand",
            ])
    }

    @Test("a base class with add(child:), subclasses overriding start(), branches in start, a root made in a lazy property")
    func baseClass() {
        assertExtract(
            fixture: "BaseClass",
            convention: Convention(root: "BaseCoordinator", childrenProperty: "childCoordinators", startMethod: "start"),
            expected: [
                "LaunchCoordinator",
                "LaunchCoordinator/HomeFeedCoordinator runMainFlow launch",
                "LaunchCoordinator/HomeFeedCoordinator/PostCoordinator userOpenedPost demand",
                "LaunchCoordinator/HomeFeedCoordinator/HelpCoordinator userAskedForHelp demand",
                "LaunchCoordinator/SignInCoordinator runSignInFlow launch",
                "LaunchCoordinator/SignInCoordinator/HelpCoordinator userAskedForHelp demand",
            ])
    }

    @Test("factories (one choosing among coordinators in an enum), static helpers, provider closures, typealiases, two roots")
    func assembled() {
        assertExtract(
            fixture: "Assembled",
            convention: Convention(root: "Coordinator", childrenProperty: "coordinators", startMethod: "start"),
            expected: [
                "AppDelegate",
                "AppDelegate/HarborCoordinator harborCoordinator launch",
                "AppDelegate/HarborCoordinator/LedgerCoordinator@start start launch",
                "AppDelegate/HarborCoordinator/TransferCoordinator@transferTapped transferTapped demand",
                "AppDelegate/HarborCoordinator/TransferCoordinator@quickTransferTapped quickTransferTapped demand",
                "AppDelegate/HarborCoordinator/LedgerCoordinator@historyTapped historyTapped demand",
                "AppDelegate/HarborCoordinator/ReceiptCoordinator receiptTapped demand",
                // Which one `destination(for:)` makes depends on its argument: both are flows, though
                // `start()` calls `open(_:)`.
                "AppDelegate/HarborCoordinator/AnchorageCoordinator open demand",
                "AppDelegate/HarborCoordinator/PierCoordinator open demand",
                "AppDelegate/VaultLockCoordinator vaultLockCoordinator launch",
            ])
    }

    @Test("other names for the same roles, with .navinspect.json naming the type property")
    func renamed() {
        assertExtract(
            fixture: "Renamed",
            convention: Convention(
                root: "Coordinating", childrenProperty: "coordinators", startMethod: "start", typeProperty: "destination"),
            expected: [
                "RootCoordinating",
                "RootCoordinating/HomeCoordinating .home start launch",
                "RootCoordinating/HomeCoordinating/SearchCoordinating .search start launch",
                "RootCoordinating/HomeCoordinating/SettingsCoordinating .settings openSettings demand",
            ])
    }
}

@Suite("Declarations the detector must read")
struct DeclarationTests {
    @Test("children declared by an empty collection's initializer, in a generic base class")
    func inferredChildren() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-generic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        protocol Coordinator: AnyObject { func start() }
        open class RoutedCoordinator<Route>: Coordinator {
            private var children = [Coordinator]()
            open func start() {}
            func addChild(_ child: Coordinator) { children.append(child) }
        }
        final class ShellCoordinator: RoutedCoordinator<Int> {
            override func start() { addChild(WalletTabCoordinator()) }
        }
        final class WalletTabCoordinator: RoutedCoordinator<String> {}
        """.write(to: folder.appendingPathComponent("Coordinators.swift"), atomically: true, encoding: .utf8)
        let index = SourceIndexer.index(directory: folder.path)
        #expect(index.convention == Convention(root: "Coordinator", childrenProperty: "children", startMethod: "start"))
        #expect(index.draft.coordinators.map(\.id) == ["ShellCoordinator", "ShellCoordinator/WalletTabCoordinator"])
        #expect(index.problems.isEmpty, "\(index.problems)")
    }
}
