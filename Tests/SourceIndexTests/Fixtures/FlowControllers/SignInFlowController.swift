import UIKit

final class SignInFlowController: BaseFlowController {
    var onFinish: (() -> Void)?

    func run() {
        navigation.pushViewController(SignInViewController(), animated: true)
    }
}

final class SettingsFlowController: BaseFlowController {
    func run() {
        navigation.pushViewController(SettingsViewController(), animated: true)
    }
}
