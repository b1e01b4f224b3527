import Social
import UIKit

/// The share extension's principal class: it starts a root of its own.
final class ShareViewController: SLComposeServiceViewController {
    private var coordinator: ClipCoordinator?

    override func viewDidLoad() {
        super.viewDidLoad()
        let clip = ClipCoordinator(host: self)
        coordinator = clip
        clip.start()
    }
}

final class ClipCoordinator: Coordinator {
    var children: [Coordinator] = []
    private weak var host: UIViewController?

    init(host: UIViewController) {
        self.host = host
    }

    func start() {
        let editor = EditorCoordinator(navigation: UINavigationController())
        children.append(editor)
        editor.start()
    }
}
