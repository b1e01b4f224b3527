import UIKit

protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    func start()
}

/// Gives the window a plain view controller that holds, as its child, a page view controller whose
/// first page a child coordinator sets; a compact layout, when chosen, would be added after it.
final class AlbumCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    private let window: UIWindow
    private let holder = UIViewController()
    private let pages = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal, options: nil)

    init(window: UIWindow) {
        self.window = window
    }

    func start() {
        let photos = PhotosCoordinator(pages: pages)
        childCoordinators.append(photos)
        photos.start()

        holder.addChild(pages)
        holder.view.addSubview(pages.view)
        pages.didMove(toParent: holder)
        window.rootViewController = holder
        window.makeKeyAndVisible()

        if UserDefaults.standard.bool(forKey: "compact") {
            holder.addChild(CompactAlbumViewController())
        }
    }
}

final class PhotosCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    private let pages: UIPageViewController

    init(pages: UIPageViewController) {
        self.pages = pages
    }

    func start() {
        pages.setViewControllers([PhotoViewController()], direction: .forward, animated: false, completion: nil)
    }
}

final class PhotoViewController: UIViewController {}
final class CompactAlbumViewController: UIViewController {}
