import UIKit

/// Pushes the first screen on a navigation controller it is given.
struct StackedPresentation: Presentation {
    unowned let navigation: UINavigationController

    func begin(with screen: UIViewController) {
        navigation.pushViewController(screen, animated: false)
    }

    func end() {
        navigation.popToRootViewController(animated: true)
    }
}

extension Presentation {
    /// `.stacked(on: navigation)` wherever a presentation is expected.
    static func stacked(on navigation: UINavigationController) -> Self where Self == StackedPresentation {
        .init(navigation: navigation)
    }
}
