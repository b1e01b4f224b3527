import UIKit

class Coordinator {
    var childCoordinators: [Coordinator] = []
    let navigation: UINavigationController

    init(navigation: UINavigationController) {
        self.navigation = navigation
    }

    func start() {}

    func show(_ child: Coordinator) {
        childCoordinators.append(child)
        child.start()
    }

    /// One screen, or several: the second overload is the one that touches the stack.
    func display(_ screen: UIViewController) {
        display([screen])
    }

    func display(_ screens: [UIViewController]) {
        navigation.setViewControllers(screens, animated: false)
    }
}

final class OrbitCoordinator: Coordinator {
    private let factories: FactoryHub

    init(window: UIWindow, factories: FactoryHub, navigation: UINavigationController = OrbitNavigationController()) {
        self.factories = factories
        super.init(navigation: navigation)
        window.rootViewController = navigation
    }

    override func start() {
        let gate = factories.gates().makeGateCoordinator(navigation: navigation, onPass: { [weak self] in
            self?.openDeck()
        })
        show(gate)
    }

    private func openDeck() {
        factories.decks().makeDeckCoordinator(navigation: navigation).start()
    }
}

final class GateCoordinator: Coordinator {
    private let onPass: () -> Void
    private let screens: GateScreens

    init(navigation: UINavigationController, screens: GateScreens, onPass: @escaping () -> Void) {
        self.onPass = onPass
        self.screens = screens
        super.init(navigation: navigation)
    }

    override func start() {
        display(screens.gate())
        onPass()
    }
}

final class DeckCoordinator: Coordinator {
    private let screens: DeckScreens

    init(navigation: UINavigationController, screens: DeckScreens) {
        self.screens = screens
        super.init(navigation: navigation)
    }

    override func start() {
        navigation.pushViewController(screens.deck(), animated: true)
    }
}
