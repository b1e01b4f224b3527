import SwiftUI

/// Coordinators made for SwiftUI previews only: this catalog makes more of the classes no
/// coordinator makes than the app's entry does, and is still no launcher of the app.
final class PreviewCatalog {
    func all() -> [Coordinator] {
        [DebugMenuCoordinator(), DemoCoordinator()]
    }
}

final class DebugMenuCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []

    func start() {}
}

final class DemoCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []

    func start() {}
}
