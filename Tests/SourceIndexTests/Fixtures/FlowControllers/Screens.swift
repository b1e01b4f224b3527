import UIKit

final class WelcomeViewController: UIViewController {
    var onSignIn: (() -> Void)?
}

final class HomeViewController: UIViewController {
    var onSettings: (() -> Void)?
}

final class SignInViewController: UIViewController {}

final class SettingsViewController: UIViewController {}

final class WhatsNewViewController: UIViewController {}
