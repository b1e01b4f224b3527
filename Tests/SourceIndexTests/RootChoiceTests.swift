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

    @Test("a SwiftUI app's entry (`@main struct GardenApp: App`) launches the root, over a preview catalog that makes more")
    func swiftUIEntry() {
        assertExtract(
            fixture: "SwiftUIEntry",
            convention: Convention(root: "Coordinator", childrenProperty: "childCoordinators", startMethod: "start"),
            expected: [
                "AppCoordinator",
                "AppCoordinator/HomeCoordinator start launch",
                "AppCoordinator/HomeCoordinator/SettingsCoordinator settingsTapped demand",
            ],
            // The preview catalog's two coordinators, which nothing in the app's tree makes.
            problems: 2)
    }

    @Test(
        "two roots made by a builder in lazy properties of the scene delegate; builder properties, composed result types, a provider returning one of two; a screen builder's namesakes make nothing"
    )
    func built() {
        assertExtract(
            fixture: "Built",
            convention: Convention(root: "BaseCoordinator", childrenProperty: "childCoordinators", startMethod: "start"),
            expected: [
                "SceneDelegate",
                "SceneDelegate/HarvestAppCoordinator appCoordinator launch",
                // A lazy property read by start() is made on launch.
                "SceneDelegate/HarvestAppCoordinator/FieldsCoordinator fields launch",
                "SceneDelegate/HarvestAppCoordinator/WeatherCoordinator forecastTapped demand",
                // A provider resolved at run time returns one of two classes, one per `return`.
                "SceneDelegate/HarvestAppCoordinator/RestoreCoordinator signedOut demand",
                "SceneDelegate/HarvestAppCoordinator/WelcomeCoordinator signedOut demand",
                "SceneDelegate/ShieldCoordinator shieldCoordinator launch",
            ])
    }

    @Test(
        "a helper in the coordinator protocol's extension creates for the classes that call it; a navigator protocol's requirement implemented in its extension, or in a refining coordinator protocol's, is a method of its conformers"
    )
    func navigators() {
        assertExtract(
            fixture: "Navigators",
            convention: Convention(root: "Coordinator", childrenProperty: "childCoordinators", startMethod: "start"),
            expected: [
                "MailAppCoordinator",
                "MailAppCoordinator/InboxCoordinator start launch",
                "MailAppCoordinator/InboxCoordinator/MessageCoordinator openMessage demand",
                "MailAppCoordinator/InboxCoordinator/HelpCoordinator helpTapped demand",
                // It never calls showHelp(): no help under it.
                "MailAppCoordinator/ArchiveCoordinator start launch",
                // A requirement of its screens' delegate protocol, answered in the extension of a
                // coordinator protocol refining it.
                "MailAppCoordinator/ArchiveCoordinator/NoteCoordinator showNote demand",
            ])
    }

    @Test(
        "a delegate's callback named like a factory makes nothing; a factory is told from a namesake by its labels; a protocol refining a package's coordinator protocol makes children only where it is called"
    )
    func delegated() {
        assertExtract(
            fixture: "Delegated",
            convention: Convention(root: "Coordinator", childrenProperty: "childCoordinators", startMethod: "start"),
            expected: [
                "PortalCoordinator",
                "PortalCoordinator/SignInCoordinator start launch",
                "PortalCoordinator/SignInCoordinator/AlertCoordinator failed demand",
            ])
    }

    @Test("a share extension's principal class starts a root of its own: a node for the app and its extensions stands above both")
    func withExtension() throws {
        assertExtract(
            fixture: "WithExtension",
            convention: Convention(root: "Coordinator", childrenProperty: "children", startMethod: "start"),
            expected: [
                "App+Extensions",
                "App+Extensions/NotesCoordinator application launch",
                "App+Extensions/NotesCoordinator/EditorCoordinator noteSelected demand",
                "App+Extensions/ClipCoordinator viewDidLoad launch",
                "App+Extensions/ClipCoordinator/EditorCoordinator start launch",
            ])
        // The app's own launch still builds what is on screen.
        let draft = SourceIndexer.index(directory: fixture("WithExtension")).draft
        let tree = try CoordinatorTree(validating: draft)
        #expect(
            tree.currentStack().viewControllers.compactMap(\.owner).map { tree[$0].id } == [
                "App+Extensions/NotesCoordinator"
            ])
    }
}

@Suite("Conventions found from use: children in a dictionary, a base class from a package")
struct InferredConventionTests {
    @Test("an RxSwift base class keeps children in [UUID: Any]; coordinate(to:) in a flatMap runs on an event")
    func rxStore() {
        assertExtract(
            fixture: "RxStore",
            convention: Convention(root: "BaseCoordinator", childrenProperty: "childCoordinators", startMethod: "start"),
            expected: [
                "HarborAppCoordinator",
                "HarborAppCoordinator/DockCoordinator start launch",
                "HarborAppCoordinator/DockCoordinator/BoatCoordinator start demand",
            ])
    }

    @Test("a generic base class declared in a package the app does not contain, named through a typealias")
    func packagedBase() {
        assertExtract(
            fixture: "PackagedBase",
            convention: Convention(root: "FlowCoordinator", childrenProperty: "", startMethod: "start"),
            expected: [
                "OrchardCoordinator",
                "OrchardCoordinator/TreesCoordinator start launch",
                "OrchardCoordinator/TreesCoordinator/TreeDetailCoordinator handle demand",
                "OrchardCoordinator/TreesCoordinator/HarvestCoordinator handle demand",
            ])
    }

    @Test(
        "a routing library's two base classes, neither declared in the app; a view keeping its own kind and a SwiftUI Coordinator are not the convention"
    )
    func routedLibrary() {
        assertExtract(
            fixture: "RoutedLibrary",
            convention: Convention(
                root: "NavigationCoordinator", childrenProperty: "", startMethod: "start", otherRoots: ["TabBarCoordinator"]),
            expected: [
                "ShopCoordinator",
                "ShopCoordinator/ShopTabsCoordinator prepareTransition demand",
                "ShopCoordinator/ShopTabsCoordinator/CatalogCoordinator init launch",
                "ShopCoordinator/ShopTabsCoordinator/CatalogCoordinator/ItemCoordinator prepareTransition demand",
                "ShopCoordinator/ShopTabsCoordinator/BasketCoordinator init launch",
            ])
    }

    @Test(
        "the scene delegate makes an AppCoordinator that conforms to nothing, which makes the split view that creates the coordinators: that class stands for the root"
    )
    func splitLaunch() {
        assertExtract(
            fixture: "SplitLaunch",
            convention: Convention(root: "Coordinator", childrenProperty: "childCoordinators", startMethod: "start"),
            expected: [
                "AppCoordinator",
                "AppCoordinator/ShelfCoordinator viewDidLoad launch",
                "AppCoordinator/ShelfCoordinator/ShelfSettingsCoordinator settingsTapped demand",
                "AppCoordinator/PageCoordinator viewDidLoad launch",
            ])
    }

    @Test("coordinators that share nothing but their name and their start method")
    func namedOnly() {
        assertExtract(
            fixture: "NamedOnly",
            convention: Convention(root: Convention.byName, childrenProperty: "childCoordinators", startMethod: "start"),
            expected: [
                "FieldAppCoordinator",
                "FieldAppCoordinator/SurveyCoordinator start launch",
                "FieldAppCoordinator/SurveyCoordinator/PhotoCoordinator attachPhotoTapped demand",
            ])
    }

    @Test("a SwiftUI representable's nested Coordinator class does not hide the app's Coordinator protocol")
    func nestedNamesake() throws {
        let folder = try copy(of: "Relaunched")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Sorted after the protocol's file, so its nested class is read last.
        let representable = """
            import SwiftUI

            struct AccountChart: UIViewRepresentable {
                final class Coordinator: NSObject {
                    var parent: AccountChart?
                }

                func makeCoordinator() -> Coordinator { Coordinator() }
            }
            """
        try Data(representable.utf8).write(to: folder.appendingPathComponent("ZoomChart.swift"))
        let index = SourceIndexer.index(directory: folder.path)
        #expect(index.convention == Convention(root: "Coordinator", childrenProperty: "childCoordinators", startMethod: "start"))
        #expect(index.draft.root == "LedgerAppCoordinator")
        #expect(index.draft.coordinators.count == 6)
    }

    @Test(".navinspect.json names a base class the app does not declare")
    func configuredExternalBase() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-external-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["AppDelegate.swift", "Coordinators.swift"] {
            try FileManager.default.copyItem(
                atPath: fixture("PackagedBase") + "/" + name, toPath: folder.appendingPathComponent(name).path)
        }
        try Data(#"{"coordinator": "AppCoordinator"}"#.utf8).write(to: folder.appendingPathComponent(".navinspect.json"))
        let index = SourceIndexer.index(directory: folder.path)
        #expect(index.convention == Convention(root: "AppCoordinator", childrenProperty: "", startMethod: "start"))
        #expect(index.problems.isEmpty, "\(index.problems)")
        #expect(index.draft.root == "OrchardCoordinator")
        #expect(index.draft.coordinators.count == 4)
    }

    @Test("a family whose base is inferred is indexed again like a fresh index after a coordinator changes")
    func inferredAgain() throws {
        let folder = try copy(of: "PackagedBase")
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = SourceWorkspace(directory: folder.path)
        _ = workspace.index()
        let extra = """
            import FlowKit

            final class PruningCoordinator: AppCoordinator {
                override func start() {}
            }

            extension HarvestCoordinator {
                func pruneTapped() {
                    let pruning = PruningCoordinator()
                    addChild(pruning)
                    pruning.start()
                }
            }
            """
        try Data(extra.utf8).write(to: folder.appendingPathComponent("Pruning.swift"))
        let again = workspace.index()
        let fresh = SourceIndexer.index(directory: folder.path)
        #expect(rendered(again) == rendered(fresh))
        #expect(
            again.draft.coordinators.map(\.id).last == "OrchardCoordinator/TreesCoordinator/HarvestCoordinator/PruningCoordinator"
        )
    }
}

@Suite("Objective-C in a mixed app")
struct ObjectiveCTests {
    @Test(
        "an Objective-C app delegate makes an Objective-C root in a block; it makes a Swift coordinator and a variant named Coordinator_Legacy; comments and strings make nothing"
    )
    func objectiveCRoot() {
        assertExtract(
            fixture: "MixedLegacy",
            convention: Convention(root: Convention.byName, childrenProperty: "childCoordinators", startMethod: "start"),
            expected: [
                "HarborAppCoordinator",
                "HarborAppCoordinator/DockCoordinator start launch",
                "HarborAppCoordinator/DockCoordinator/BoatCoordinator boatTapped demand",
                "HarborAppCoordinator/LoginCoordinator_Legacy start launch",
            ])
        let index = SourceIndexer.index(directory: fixture("MixedLegacy"))
        let root = index.draft.coordinators.first
        #expect(root?.source == CoordinatorModel.SourceLocation(file: "HarborAppCoordinator.m", line: 9))
        #expect(
            index.coordinatorClasses == ["BoatCoordinator", "DockCoordinator", "HarborAppCoordinator", "LoginCoordinator_Legacy"])
    }

    @Test("an Objective-C root gives the window its root by a setter message as by an assignment")
    func objectiveCWindowSetter() throws {
        let folder = try copy(of: "MixedLegacy")
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = folder.appendingPathComponent("HarborAppCoordinator.m")
        let text = try String(contentsOf: root, encoding: .utf8)
        #expect(text.contains("self.window.rootViewController = navigation;"))
        try Data(
            text.replacingOccurrences(
                of: "self.window.rootViewController = navigation;", with: "[self.window setRootViewController:navigation];"
            ).utf8
        ).write(to: root)
        let tree = try SourceIndexer.index(directory: folder.path).tree().get()
        let stack = tree.currentStack()
        #expect(stack.viewControllers.map(\.className) == ["UIViewController"])
        #expect(stack.viewControllers.first?.owner.map { tree[$0].id } == "HarborAppCoordinator/DockCoordinator")
        #expect(tree.window != nil)
    }

    @Test("after an Objective-C file changes, an index again equals a fresh one")
    func objectiveCChanged() throws {
        let folder = try copy(of: "MixedLegacy")
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = SourceWorkspace(directory: folder.path)
        #expect(workspace.index().draft.coordinators.count == 4)
        let root = folder.appendingPathComponent("HarborAppCoordinator.m")
        var text = try String(contentsOf: root, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "- (void)dockCoordinatorDidFinish:",
            with: "- (void)helpTapped {\n    [[HelpCoordinator alloc] init];\n}\n\n- (void)dockCoordinatorDidFinish:")
        text += "\n@implementation HelpCoordinator\n- (void)start {\n}\n@end\n"
        try Data(text.utf8).write(to: root)
        let again = workspace.index()
        #expect(rendered(again) == rendered(SourceIndexer.index(directory: folder.path)))
        #expect(again.draft.coordinators.map(\.id).contains("HarborAppCoordinator/HelpCoordinator"))
    }

    @Test("after Swift edits, with Objective-C classes in the family, an index again equals a fresh one")
    func swiftChangedBesideObjectiveC() throws {
        let folder = try copy(of: "MixedLegacy")
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = SourceWorkspace(directory: folder.path)
        _ = workspace.index()
        let dock = folder.appendingPathComponent("DockCoordinator.swift")
        let original = try String(contentsOf: dock, encoding: .utf8)
        // A body changes, nothing the family is made of: the family with the Objective-C classes is kept.
        try Data(original.replacingOccurrences(of: "[UIViewController()]", with: "[UIViewController(), UIViewController()]").utf8)
            .write(to: dock)
        let edited = workspace.index()
        #expect(rendered(edited) == rendered(SourceIndexer.index(directory: folder.path)))
        // A factory of an Objective-C coordinator class appears: the family is worked out again.
        try Data(
            original.replacingOccurrences(
                of: "    func boatTapped() {",
                with: """
                        func legacyLogin() -> LoginCoordinator_Legacy { LoginCoordinator_Legacy() }

                        func loginTapped() {
                            let login = legacyLogin()
                            childCoordinators.append(login)
                        }

                        func boatTapped() {
                    """
            ).utf8
        ).write(to: dock)
        let again = workspace.index()
        let fresh = SourceIndexer.index(directory: folder.path)
        #expect(rendered(again) == rendered(fresh))
        #expect(again.problems == fresh.problems)
        #expect(again.classes.first { $0.name == "DockCoordinator" }?.childClasses.contains("LoginCoordinator_Legacy") == true)
    }

    @Test("an Objective-C file that comes or goes while the folder is watched is seen at the next index")
    func objectiveCCameUnderWatch() throws {
        let folder = try copy(of: "MixedLegacy")
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = SourceWorkspace(directory: folder.path)
        _ = workspace.index()
        // From the second index on, the folder is watched and no longer listed.
        _ = workspace.index()
        let help = folder.appendingPathComponent("HelpCoordinator.m")
        try Data("@implementation HelpCoordinator\n- (void)start {\n}\n@end\n".utf8).write(to: help)
        let came = workspace.index()
        #expect(came.work.filesStatted == 1)
        #expect(came.coordinatorClasses.contains("HelpCoordinator"))
        #expect(rendered(came) == rendered(SourceIndexer.index(directory: folder.path)))
        #expect(came.problems == SourceIndexer.index(directory: folder.path).problems)
        try FileManager.default.removeItem(at: help)
        let gone = workspace.index()
        #expect(!gone.coordinatorClasses.contains("HelpCoordinator"))
        #expect(gone.problems == SourceIndexer.index(directory: folder.path).problems)
    }

    @Test("a coordinator only Objective-C creates is reported with the class that creates it")
    func createdFromObjectiveC() throws {
        let folder = try copy(of: "NamedOnly")
        defer { try? FileManager.default.removeItem(at: folder) }
        let legacy = folder.appendingPathComponent("Legacy")
        try FileManager.default.createDirectory(at: legacy, withIntermediateDirectories: true)
        let report = """
            import UIKit

            @objc final class ReportCoordinator: NSObject {
                @objc func start() {}
            }
            """
        let controller = """
            #import "ReportsViewController.h"
            #import "Field-Swift.h"

            @implementation ReportsViewController
            - (void)reportTapped {
                self.reportCoordinator = [[ReportCoordinator alloc] initWithNavigationController:self.navigationController];
                [self.reportCoordinator start];
            }
            @end
            """
        try Data(report.utf8).write(to: legacy.appendingPathComponent("ReportCoordinator.swift"))
        try Data(controller.utf8).write(to: legacy.appendingPathComponent("ReportsViewController.m"))
        let index = SourceIndexer.index(directory: folder.path)
        #expect(index.draft.root == "FieldAppCoordinator")
        #expect(
            index.problems.map(\.reason) == [
                "ReportCoordinator is created only by ReportsViewController (Legacy/ReportsViewController.m:6), which no coordinator in the tree creates; it is not in the tree"
            ])
    }
}
