import SwiftUI

/// The app's entry is a SwiftUI `App`, no app delegate: it makes the root coordinator.
@main
struct GardenApp: App {
    private let appCoordinator: AppCoordinator

    init() {
        appCoordinator = AppCoordinator()
        appCoordinator.start()
    }

    var body: some Scene {
        WindowGroup {
            appCoordinator.rootView
        }
    }
}
