import CoordinatorModel
import Foundation
import SourceIndex
import Testing

/// A delegate whose launch entry sets the window up and calls the member that makes the root:
/// the entry runs, unless that member gives the window its root itself or is called only later.
@Suite("The launch from the delegate's entry")
struct LaunchEntryTests {
    private func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-entry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    private func screens(_ folder: URL) throws -> [String] {
        let tree = try SourceIndexer.index(directory: folder.path).tree().get()
        return tree.currentStack().viewControllers.map { "\($0.className) \($0.owner.map { tree[$0].id } ?? "-")" }
    }

    static let harborDelegate = """
        #import "AppDelegate.h"
        #import "Harbor-Swift.h"

        @implementation AppDelegate

        - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
            self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
            [self.window makeKeyAndVisible];
            [self createLoadingView];
            [self startHarbor];
            return YES;
        }

        - (void)createLoadingView {
            self.rootViewController = [[UINavigationController alloc] init];
            [self.window setRootViewController:self.rootViewController];
            LoadingViewController *loading = [[LoadingViewController alloc] init];
            [self.rootViewController pushViewController:loading animated:NO];
        }

        - (void)startHarbor {
            [Store openWithCompletion:^(BOOL opened) {
                self.appCoordinator = [[HarborCoordinator alloc] initWithNavigationController:self.rootViewController];
                [self.appCoordinator start];
            }];
        }

        @end
        """

    static let harborCoordinators = """
        import UIKit

        @objc final class HarborCoordinator: NSObject {
            private var childCoordinators: [NSObject] = []
            private let navigationController: UINavigationController

            @objc init(navigationController: UINavigationController) {
                self.navigationController = navigationController
            }

            @objc func start() {
                navigationController.pushViewController(HarborViewController(), animated: false)
            }

            func dockTapped() {
                let dock = DockCoordinator(navigationController: navigationController)
                childCoordinators.append(dock)
                dock.start()
            }
        }

        final class DockCoordinator: NSObject {
            private var childCoordinators: [NSObject] = []
            private let navigationController: UINavigationController

            init(navigationController: UINavigationController) {
                self.navigationController = navigationController
            }

            func start() {
                navigationController.pushViewController(DockViewController(), animated: true)
            }
        }
        """

    static let gateDelegate = """
        import UIKit

        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            private var coordinator: GateCoordinator?

            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                guard let windowScene = scene as? UIWindowScene else { return }
                let launch = LaunchViewController()
                window = UIWindow(windowScene: windowScene)
                window?.rootViewController = launch
                window?.makeKeyAndVisible()
                configure()
            }

            private func configure() {
                let coordinator = GateCoordinator()
                self.coordinator = coordinator
                window?.rootViewController = coordinator.navigationController
                coordinator.start()
            }
        }
        """

    static let gateCoordinators = """
        import UIKit

        protocol Coordinator: AnyObject {
            var childCoordinators: [Coordinator] { get set }
            func start()
        }

        final class GateCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            let navigationController = UINavigationController()

            func start() {
                navigationController.setViewControllers([GateViewController()], animated: false)
            }

            func showTerms() {
                let terms = TermsCoordinator(navigationController: navigationController)
                childCoordinators.append(terms)
                terms.start()
            }
        }

        final class TermsCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            let navigationController: UINavigationController

            init(navigationController: UINavigationController) {
                self.navigationController = navigationController
            }

            func start() {
                navigationController.pushViewController(TermsViewController(), animated: true)
            }
        }
        """

    @Test("an Objective-C delegate's entry gives the window a loading screen, then the root its block makes pushes on it")
    func entryBeforeTheRoot() throws {
        let folder = try folder(["AppDelegate.m": Self.harborDelegate, "HarborCoordinator.swift": Self.harborCoordinators])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try screens(folder) == ["LoadingViewController -", "HarborViewController HarborCoordinator"])
    }

    @Test("a member that replaces the entry's splash at once is the launch: its root is on screen")
    func memberReplacesTheSplash() throws {
        #expect(Self.gateDelegate.contains("        configure()\n    }") && !Self.gateDelegate.contains("onReady"))
        let folder = try folder(["SceneDelegate.swift": Self.gateDelegate, "GateCoordinator.swift": Self.gateCoordinators])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try screens(folder) == ["GateViewController GateCoordinator"])
    }

    @Test("a member the entry leaves to a closure for later does not make the entry the launch")
    func memberCalledLater() throws {
        let deferred = Self.gateDelegate.replacingOccurrences(
            of: "        configure()\n    }", with: "    }"
        ).replacingOccurrences(
            of: "        let launch = LaunchViewController()\n",
            with: "        let launch = LaunchViewController()\n        launch.onReady = { [weak self] in self?.configure() }\n")
        #expect(deferred.contains("onReady") && !deferred.contains("        configure()\n    }"))
        let folder = try folder(["SceneDelegate.swift": deferred, "GateCoordinator.swift": Self.gateCoordinators])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try screens(folder) == ["GateViewController GateCoordinator"])
    }
}
