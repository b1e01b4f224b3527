import UIKit

/// Not a flow controller itself: it swaps the app's top flow.
final class AppController {
    private var activeFlow: FlowControlling?
    private let window: UIWindow
    private let navigation = UINavigationController()

    init(window: UIWindow) {
        self.window = window
    }

    func launch() {
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        if UserDefaults.standard.bool(forKey: "signedIn") {
            showHome()
        } else {
            showWelcome()
        }
        if UserDefaults.standard.string(forKey: "seenVersion") != "2.0" {
            showWhatsNew()
        }
    }

    private func showWhatsNew() {
        navigation.present(UINavigationController(rootViewController: WhatsNewViewController()), animated: true)
    }

    private func showWelcome() {
        let flow = WelcomeFlowController(navigation: navigation)
        flow.delegate = self
        activeFlow = flow
        flow.run()
    }

    private func showHome() {
        let flow = HomeFlowController(navigation: navigation)
        activeFlow = flow
        flow.run()
    }
}

extension AppController: WelcomeFlowDelegate {
    func welcomeFlowDidSignIn() {
        showHome()
    }
}
