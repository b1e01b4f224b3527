import UIKit

/// Hands out the factory of each feature.
final class FactoryHub {
    func gates() -> GateFactory { GateFactory() }
    func decks() -> DeckFactory { DeckFactory() }
}

final class GateFactory {
    func makeGateCoordinator(navigation: UINavigationController, onPass: @escaping () -> Void) -> Coordinator {
        GateCoordinator(navigation: navigation, screens: GateScreens(), onPass: onPass)
    }
}

final class DeckFactory {
    func makeDeckCoordinator(navigation: UINavigationController) -> Coordinator {
        DeckCoordinator(navigation: navigation, screens: DeckScreens())
    }
}

final class GateScreens {
    func gate() -> UIViewController { GateVC() }
}

final class DeckScreens {
    func deck() -> UIViewController { DeckVC() }
}

/// The app's own navigation controller: a view controller that wraps UIKit's.
final class OrbitNavigationController: UIViewController {
    private let wrapped = UINavigationController()
}
