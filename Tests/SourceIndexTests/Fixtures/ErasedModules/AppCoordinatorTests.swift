import XCTest

@testable import Pantry

final class AppCoordinatorTests: XCTestCase {
    func testStartShowsTheShelf() {
        let coordinator = AppCoordinator(module: MockModule(), window: UIWindow())
        coordinator.start()
        XCTAssertNotNil(coordinator)
    }

    func testDebugMenuStarts() {
        let debug = PantryModule().makeDebugCoordinator(navigation: UINavigationController())
        debug.start()
    }
}
