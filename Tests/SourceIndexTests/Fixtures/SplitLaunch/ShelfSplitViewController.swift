import UIKit

/// The split view makes the coordinators of its two columns.
final class ShelfSplitViewController: UISplitViewController {
    private let settings: ReaderSettings
    private var shelfCoordinator: ShelfCoordinator?
    private var pageCoordinator: PageCoordinator?

    init(settings: ReaderSettings) {
        self.settings = settings
        super.init(style: .doubleColumn)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        let shelf = ShelfCoordinator(navigationController: UINavigationController())
        shelf.start()
        shelfCoordinator = shelf
        let page = PageCoordinator(navigationController: UINavigationController())
        page.start()
        pageCoordinator = page
        setViewController(shelf.navigationController, for: .primary)
        setViewController(page.navigationController, for: .secondary)
    }
}
