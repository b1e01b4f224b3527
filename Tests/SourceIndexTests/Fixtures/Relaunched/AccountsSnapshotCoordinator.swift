import UIKit

/// Made by snapshot tests only: nothing in the app creates it.
final class AccountsSnapshotCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []

    func start() {}
}
