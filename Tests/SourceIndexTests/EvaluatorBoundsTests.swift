import CoordinatorModel
import Foundation
import SourceIndex
import Testing

@Suite("The launch evaluation stays bounded")
struct EvaluatorBoundsTests {
    @Test("objects whose stored properties make each other, and long chains of them, end; the launch screens still come out")
    func objectCycles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-cycle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Each service makes the next one, and the last one makes the first again.
        let services = (0..<12).map { number in
            "final class Service\(number) { let next = Service\((number + 1) % 12)(); let cache = Service\(number)() }"
        }.joined(separator: "\n")
        let app = """
            import UIKit

            protocol Coordinator: AnyObject {
                var childCoordinators: [Coordinator] { get set }
                func start()
            }

            final class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                var coordinator: AppCoordinator?

                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    let window = UIWindow()
                    self.window = window
                    coordinator = AppCoordinator(window: window)
                    coordinator?.start()
                    return true
                }
            }

            final class AppCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                private let window: UIWindow
                private let navigation = UINavigationController()
                private let services = Service0()

                init(window: UIWindow) {
                    self.window = window
                }

                func start() {
                    window.rootViewController = navigation
                    navigation.setViewControllers([HomeViewController()], animated: false)
                }
            }

            """ + services
        try Data(app.utf8).write(to: folder.appendingPathComponent("App.swift"))
        // Parsing every file makes every class known, as `--parse-everything` does.
        let index = SourceWorkspace(directory: folder.path).index(parseEverything: true)
        #expect(index.draft.root == "AppCoordinator")
        let tree = try CoordinatorTree(validating: index.draft)
        #expect(tree.currentStack().viewControllers.map(\.className) == ["HomeViewController"])
    }
}
