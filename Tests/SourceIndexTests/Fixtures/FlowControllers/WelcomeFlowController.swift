import UIKit

protocol WelcomeFlowDelegate: AnyObject {
    func welcomeFlowDidSignIn()
}

final class WelcomeFlowController: BaseFlowController {
    weak var delegate: WelcomeFlowDelegate?

    func run() {
        let welcome = WelcomeViewController()
        welcome.onSignIn = { [weak self] in self?.signInTapped() }
        navigation.setViewControllers([welcome], animated: false)
    }

    private func signInTapped() {
        let flow = SignInFlowController(navigation: navigation)
        flow.parentFlow = self
        flow.onFinish = { [weak self] in self?.delegate?.welcomeFlowDidSignIn() }
        activeFlow = flow
        flow.run()
    }
}
