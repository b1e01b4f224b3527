import RxSwift
import UIKit

final class HarborAppCoordinator: BaseCoordinator<Void> {
    private let window: UIWindow

    init(window: UIWindow) {
        self.window = window
    }

    override func start() -> Observable<Void> {
        let dock = DockCoordinator(window: window)
        return coordinate(to: dock)
    }
}

final class DockCoordinator: BaseCoordinator<Void> {
    private let window: UIWindow
    private let navigation = UINavigationController()

    init(window: UIWindow) {
        self.window = window
    }

    override func start() -> Observable<Void> {
        let model = DockViewModel()
        navigation.setViewControllers([DockViewController(model: model)], animated: false)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        model.boatSelected
            .flatMap { [unowned self] boat in self.coordinate(to: BoatCoordinator(boat: boat, navigation: self.navigation)) }
            .subscribe()
            .disposed(by: disposeBag)
        return Observable.never()
    }
}

enum BoatResult {
    case sailed, cancelled
}

final class BoatCoordinator: BaseCoordinator<BoatResult> {
    private let boat: String
    private let navigation: UINavigationController

    init(boat: String, navigation: UINavigationController) {
        self.boat = boat
        self.navigation = navigation
    }

    override func start() -> Observable<BoatResult> {
        navigation.pushViewController(BoatViewController(boat: boat), animated: true)
        return Observable.just(.sailed)
    }
}
