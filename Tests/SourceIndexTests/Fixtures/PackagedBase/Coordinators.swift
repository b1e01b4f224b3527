import FlowKit
import UIKit

// `FlowCoordinator<Step>` comes from a package this repository does not contain.
typealias AppCoordinator = FlowCoordinator<AppStep>

enum AppStep {
    case trees, tree(String), harvest
}

final class OrchardCoordinator: AppCoordinator {
    private let window: UIWindow

    init(window: UIWindow) {
        self.window = window
        super.init()
    }

    override func start() {
        let trees = TreesCoordinator()
        addChild(trees)
        trees.start()
        window.rootViewController = trees.navigation
    }
}

final class TreesCoordinator: AppCoordinator {
    let navigation = UINavigationController()

    override func start() {
        navigation.setViewControllers([TreeListViewController()], animated: false)
    }

    override func handle(_ step: AppStep) {
        switch step {
        case .tree(let name):
            let detail = TreeDetailCoordinator(name: name, navigation: navigation)
            addChild(detail)
            detail.start()
        case .harvest:
            let harvest = HarvestCoordinator()
            addChild(harvest)
            harvest.start()
        case .trees:
            break
        }
    }
}

final class TreeDetailCoordinator: AppCoordinator {
    private let name: String
    private let navigation: UINavigationController

    init(name: String, navigation: UINavigationController) {
        self.name = name
        self.navigation = navigation
        super.init()
    }

    override func start() {
        navigation.pushViewController(TreeViewController(name: name), animated: true)
    }
}

final class HarvestCoordinator: AppCoordinator {
    override func start() {}
}
