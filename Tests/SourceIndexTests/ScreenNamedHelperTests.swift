import CoordinatorModel
import Foundation
import SourceIndex
import Testing

/// A class the launch uses whose name says screen (`…Controller`) is known by its name and its file
/// is left unread, unless it is declared with no superclass (or `NSObject` alone): then it is no view
/// controller, and it is read as any helper that touches screens is.
@Suite("Helpers named as screens")
struct ScreenNamedHelperTests {
    /// The two ways the coordinator makes its `IntroController`: kept in a local, or made and
    /// used in one expression, where no binding names the type.
    static let makings = [
        "let intro = IntroController(navigation: router.navigation)\n        intro.showIntro()",
        "IntroController(navigation: router.navigation).showIntro()",
    ]

    /// HelperFileTests' library, whose coordinator hands its navigation controller to an
    /// `IntroController` that pushes the intro screen.
    private func library(introController: String, making: String = makings[0]) -> [String: String] {
        var files = HelperFileTests.library
        files["Library/LibraryCoordinator.swift"] = files["Library/LibraryCoordinator.swift"]!.replacingOccurrences(
            of: "router.show(ShelfScreens.shelf(model: model, sort: ShelfSort.byTitle))",
            with: "router.show(ShelfScreens.shelf(model: model, sort: ShelfSort.byTitle))\n        " + making)
        files["Library/IntroController.swift"] = introController
        files["Library/IntroViewController.swift"] = """
            import UIKit

            final class IntroViewController: UIViewController {}
            """
        return files
    }

    private static func introController(declaredAs header: String) -> String {
        """
        import UIKit

        \(header) {
            private let navigation: UINavigationController

            init(navigation: UINavigationController) {
                self.navigation = navigation
            }

            func showIntro() {
                navigation.pushViewController(IntroViewController(), animated: false)
            }
        }
        """
    }

    @Test(
        "a class named as a screen but declared with no superclass, or with NSObject, is read: the screen it pushes is on screen",
        arguments: ["final class IntroController", "final class IntroController: NSObject"], makings)
    func plainClassNamedAsScreen(header: String, making: String) throws {
        let files = library(introController: Self.introController(declaredAs: header), making: making)
        let (index, everything) = try HelperFileTests().indexes(of: files)
        // The six files HelperFileTests reads, and the intro controller's.
        #expect(index.parsedFileCount == 7)
        let stack = try index.tree().get().currentStack().viewControllers.map(\.className)
        #expect(stack == ["ShelfViewController", "IntroViewController"])
        #expect(rendered(index) == rendered(everything))
        #expect(index.problems == everything.problems)
    }

    @Test("a view controller named as one is still known by its name, its file unread")
    func viewControllerStaysUnread() throws {
        // The same class as a view controller: the launch shows it and does not run its methods.
        let files = library(introController: Self.introController(declaredAs: "final class IntroController: UIViewController"))
        let (index, _) = try HelperFileTests().indexes(of: files)
        #expect(index.parsedFileCount == 6)
    }
}
