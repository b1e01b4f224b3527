import UIKit

final class HomeFlowController: BaseFlowController {
    func run() {
        let home = HomeViewController()
        home.onSettings = { [weak self] in self?.settingsTapped() }
        navigation.setViewControllers([home], animated: true)
    }

    private func settingsTapped() {
        let flow = SettingsFlowController(navigation: navigation)
        activeFlow = flow
        flow.run()
    }
}

/// The queue of tickets the home screen shows: keeps one of its own kind, and is no flow.
final class Ticket {
    var next: Ticket?
    let title: String

    init(title: String) {
        self.title = title
    }
}
