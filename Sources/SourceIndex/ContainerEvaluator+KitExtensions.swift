/// Methods an app adds to UIKit's view controllers in extensions, run on the screen or container
/// they are called on: `viewController.embed(child)` where the app declares
/// `extension UIViewController { func embed(_ child: UIViewController) { addChild(child); … } }`.
///
/// Inside such a method, what the body asks of itself (`addChild(child)`, `pushViewController(…)`,
/// another method of the app's extensions) is asked of the screen or container it runs on
/// (``Frame/receiver``); its own properties (`view`, `title`) are nobody's: it runs on an object
/// of its own, which holds nothing of the caller's. What it makes belongs to the caller's owner.
extension ContainerEvaluator {
    /// The UIKit view controller classes whose extensions' methods run.
    static let kitClasses = ["UINavigationController", "UITabBarController", "UISplitViewController", "UIViewController"]

    /// The instance methods with a body the app declares in extensions of ``kitClasses``, by
    /// class: looked up at each method called on a screen or container, without hashing a name.
    struct KitExtensions {
        var navigation: [FunctionFacts] = []
        var tabBar: [FunctionFacts] = []
        var split: [FunctionFacts] = []
        var viewController: [FunctionFacts] = []

        var isEmpty: Bool { navigation.isEmpty && tabBar.isEmpty && split.isEmpty && viewController.isEmpty }

        init(types: [String: TypeFacts]) {
            func methods(_ name: String) -> [FunctionFacts] {
                types[name]?.functions.filter { !$0.isStatic && $0.hasBody && $0.name != "init" } ?? []
            }
            navigation = methods("UINavigationController")
            tabBar = methods("UITabBarController")
            split = methods("UISplitViewController")
            viewController = methods("UIViewController")
        }
    }

    /// The method of the app's extensions that `name` and `labels` call on `receiver`, a screen or
    /// container: its own class's extensions first (a navigation controller's), then
    /// `UIViewController`'s. Nil for any other value, or when no extension declares one with
    /// exactly those labels.
    func kitExtensionMethod(_ name: String, labels: [String?], on receiver: Value) -> FunctionFacts? {
        guard !kitExtensions.isEmpty else { return nil }
        let own: [FunctionFacts]
        switch receiver {
        case .container(let index):
            switch containers[index].kind {
            case .navigation: own = kitExtensions.navigation
            case .tabBar: own = kitExtensions.tabBar
            case .split: own = kitExtensions.split
            default: own = []
            }
        case .viewController:
            own = []
        default:
            return nil
        }
        // Labels as written, defaults left out: `present(view, animated: true)` on a navigation
        // controller whose extension declares `present(_:animated:overFullscreen:)` is UIKit's
        // `present` as the evaluation models it. A method running already is not run inside itself.
        func called(_ function: FunctionFacts) -> Bool {
            function.name.isSame(as: name) && Self.labels(of: function.parameters, are: labels) && !isRunning(function)
        }
        return own.first(where: called) ?? kitExtensions.viewController.first(where: called)
    }

    /// Runs a method of the app's extensions on `receiver`, on an object of its own whose
    /// ``Frame/receiver`` is `receiver`, with the arguments evaluated where the call is.
    mutating func runKitExtension(
        _ function: FunctionFacts, on receiver: Value, arguments: [ArgumentFacts], in frame: Frame
    ) -> Value {
        let kit = register(
            Instance(id: frame.instance.id + ">" + function.name, className: "UIViewController", owner: frame.instance.owner))
        let saved = screenOwner
        defer { screenOwner = saved }
        if screenOwner == nil { screenOwner = .some(frame.instance.owner) }
        return run(
            function, of: kit, arguments: arguments.map { ($0.label, .later($0.value, frame)) }, live: frame.live,
            receiver: receiver)
    }
}
