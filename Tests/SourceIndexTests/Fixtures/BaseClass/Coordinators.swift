import UIKit

final class LaunchCoordinator: BaseCoordinator {
    private var hasAccount = false

    override func start() {
        if hasAccount {
            runMainFlow()
        } else {
            runSignInFlow()
        }
    }

    private func runSignInFlow() {
        let signIn = SignInCoordinator(router: router)
        signIn.onFinish = { [weak self, weak signIn] in
            self?.remove(child: signIn)
            self?.runMainFlow()
        }
        add(child: signIn)
        signIn.start()
    }

    private func runMainFlow() {
        let main = HomeFeedCoordinator(router: router)
        add(child: main)
        main.start()
    }
}

final class SignInCoordinator: BaseCoordinator {
    var onFinish: (() -> Void)?

    override func start() {
        router.setRootViewController(UIViewController())
    }

    func userAskedForHelp() {
        let help = HelpCoordinator(router: router)
        add(child: help)
        help.start()
    }
}

final class HomeFeedCoordinator: BaseCoordinator {
    override func start() {
        router.setRootViewController(UIViewController())
    }

    func userOpenedPost() {
        let post = PostCoordinator(router: router)
        add(child: post)
        post.start()
    }

    func userAskedForHelp() {
        let help = HelpCoordinator(router: router)
        add(child: help)
        help.start()
    }
}

final class PostCoordinator: BaseCoordinator {
    override func start() {
        router.push(UIViewController(), animated: true)
    }
}

final class HelpCoordinator: BaseCoordinator {
    override func start() {
        router.present(UIViewController(), animated: true)
    }
}
