import UIKit

/// Named like a coordinator, but conforms to nothing: it only puts the split view on screen.
final class AppCoordinator: NSObject {
    private let window: UIWindow
    private let settings: ReaderSettings

    init(window: UIWindow, settings: ReaderSettings) {
        self.window = window
        self.settings = settings
    }

    func start() {
        window.rootViewController = ShelfSplitViewController(settings: settings)
        window.makeKeyAndVisible()
    }
}

struct ReaderSettings {
    var fontSize = 17
}
