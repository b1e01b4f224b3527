import CoordinatorModel
import Foundation
import SourceIndex
import Testing

@Suite("Methods the app adds to UIKit's view controllers, run on the screens they are called on")
struct KitExtensionTests {
    /// The classes on screen at launch, bottom to top.
    func screens(_ index: SourceIndex) throws -> [String] {
        try index.tree().get().currentStack().viewControllers.map(\.className)
    }

    @Test("the file of the extensions, which no coordinator names, is read when it comes, and not once it goes")
    func extensionsFileComesAndGoes() throws {
        let folder = try copy(of: "KitExtensions")
        defer { try? FileManager.default.removeItem(at: folder) }
        let extensions = folder.appendingPathComponent("UIKit+Stages.swift")
        let text = try String(contentsOf: extensions, encoding: .utf8)
        let workspace = SourceWorkspace(directory: folder.path)

        let full = try screens(workspace.index())
        #expect(full == ["UIViewController", "EntryListViewController", "DraftViewController"])

        // Without the extensions, `install(child:)` and `reset(to:)` show nothing.
        try FileManager.default.removeItem(at: extensions)
        let without = workspace.index()
        #expect(try screens(without) == ["UIViewController"])
        #expect(rendered(without) == rendered(SourceWorkspace(directory: folder.path).index()), "the same as a fresh index")

        try text.write(to: extensions, atomically: true, encoding: .utf8)
        let again = workspace.index()
        #expect(again.work.filesParsed == 1)
        #expect(try screens(again) == full)
        #expect(rendered(again) == rendered(SourceWorkspace(directory: folder.path).index()), "the same as a fresh index")
    }

    @Test("a method of the extensions that calls another, which may call it back, still embeds its child")
    func recursiveExtension() throws {
        let index = try indexOneFileApp(
            """
            import UIKit

            protocol Coordinator: AnyObject {
                var childCoordinators: [Coordinator] { get set }
                func start()
            }

            final class DeskCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                let window: UIWindow
                let desk = UIViewController()

                init(window: UIWindow) { self.window = window }

                func start() {
                    window.rootViewController = desk
                    desk.stack(LampViewController())
                }
            }

            final class LampViewController: UIViewController {}

            extension UIViewController {
                func stack(_ child: UIViewController) {
                    place(child)
                }

                func place(_ child: UIViewController) {
                    if children.isEmpty { addChild(child) } else { stack(child) }
                }
            }
            """)
        #expect(try screens(index) == ["UIViewController", "LampViewController"])
    }
}
