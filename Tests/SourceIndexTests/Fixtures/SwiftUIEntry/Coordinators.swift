import SwiftUI

protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    func start()
}

final class AppCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    var rootView: AnyView = AnyView(EmptyView())

    func start() {
        let home = HomeCoordinator()
        childCoordinators.append(home)
        home.start()
        rootView = home.rootView
    }
}

final class HomeCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    var rootView: AnyView = AnyView(Text("Beds"))

    func start() {}

    func settingsTapped() {
        let settings = SettingsCoordinator()
        childCoordinators.append(settings)
        settings.start()
    }
}

final class SettingsCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []

    func start() {}
}
