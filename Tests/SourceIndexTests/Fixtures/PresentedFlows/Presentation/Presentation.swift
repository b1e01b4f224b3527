import UIKit

/// How a coordinator puts its first screen up, and takes it down.
protocol Presentation {
    func begin(with screen: UIViewController)
    func end()
}
