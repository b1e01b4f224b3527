import UIKit

/// What every flow of the pantry app does.
protocol Coordinator: AnyObject {
    associatedtype Route
    func navigate(to route: Route)
    func start()
}

/// Any coordinator of one route type, its own type hidden.
final class AnyCoordinator<Route>: Coordinator {
    private let doNavigate: (Route) -> Void
    private let doStart: () -> Void

    init<Wrapped: Coordinator>(_ coordinator: Wrapped) where Wrapped.Route == Route {
        doNavigate = { coordinator.navigate(to: $0) }
        doStart = { coordinator.start() }
    }

    func navigate(to route: Route) { doNavigate(route) }

    func start() { doStart() }
}

extension Coordinator {
    func asAnyCoordinator() -> AnyCoordinator<Route> { AnyCoordinator(self) }
}
