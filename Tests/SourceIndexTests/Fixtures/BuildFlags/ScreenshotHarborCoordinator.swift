#if SCREENSHOTS
    import UIKit

    /// Shows made-up docks for the App Store's screenshots.
    final class ScreenshotHarborCoordinator: HarborCoordinator {
        override func start() {
            navigationController.setViewControllers([ScreenshotDockViewController()], animated: false)
        }
    }

    final class ScreenshotDockViewController: UIViewController {}
#endif
