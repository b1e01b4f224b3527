import UIKit

/// A flow controller keeps one child flow at a time, the one on screen.
protocol FlowControlling: AnyObject {
    var activeFlow: FlowControlling? { get set }
    func handleDeepLink(_ url: URL)
}

class BaseFlowController {
    var activeFlow: FlowControlling?
    /// Points back up: no child.
    weak var parentFlow: FlowControlling?
    let navigation: UINavigationController

    init(navigation: UINavigationController) {
        self.navigation = navigation
    }
}

extension BaseFlowController: FlowControlling {
    func handleDeepLink(_ url: URL) {
        activeFlow?.handleDeepLink(url)
    }
}
