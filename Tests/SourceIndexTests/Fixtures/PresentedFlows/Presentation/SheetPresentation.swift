import UIKit

/// Presents the first screen over the one it is given; no coordinator uses it at launch.
struct SheetPresentation: Presentation {
    unowned let presenter: UIViewController

    func begin(with screen: UIViewController) {
        presenter.present(screen, animated: true)
    }

    func end() {
        presenter.dismiss(animated: true)
    }
}

extension Presentation {
    static func sheet(over presenter: UIViewController) -> Self where Self == SheetPresentation {
        .init(presenter: presenter)
    }
}
