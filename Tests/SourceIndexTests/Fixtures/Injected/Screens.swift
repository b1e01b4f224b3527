import UIKit

final class SeedlingListViewController: UIViewController {}

final class SeedlingDetailViewController: UIViewController {
    let name: String

    init(name: String) {
        self.name = name
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }
}

final class TomatoBedViewController: UIViewController {}
final class HerbBedViewController: UIViewController {}
