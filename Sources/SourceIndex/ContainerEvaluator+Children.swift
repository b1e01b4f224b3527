/// View controllers that show another inside them: `parent.addChild(child)`, and a page view
/// controller's `setViewControllers([page], direction:animated:)`.
///
/// What a view controller shows inside it is a container: the child itself when it is one, else a
/// screen container holding it; the first child given. The view controller's entry in a stack embeds
/// that container, so `currentStack` goes on into it (a plain root holding a page view controller on
/// its first page).
extension ContainerEvaluator {
    /// `addChild` or a page view controller's `setViewControllers` on the view controller at `index`.
    mutating func showChild(_ name: String, on index: Int, arguments: [ArgumentFacts], in frame: Frame) -> Value {
        // The first child given stays, as the window's first root does: later ones come from branches
        // the evaluation runs without knowing which the app takes (a state known later, a callback).
        guard frame.live, viewControllers[index].embeds == nil, let first = arguments.first else { return .unknown }
        let child: Value
        switch name {
        case "addChild", "addChildViewController":
            child = evaluate(first.value, in: frame, name: nil)
        case "setViewControllers" where isPageViewController(viewControllers[index].className):
            // The page shown first; the others come when the user swipes.
            guard case .list(let pages) = evaluate(first.value, in: frame, name: nil), let page = pages.first else {
                return .unknown
            }
            child = page
        default:
            return .unknown
        }
        // Not itself, not a container shown elsewhere, and nothing that shows it already.
        switch child {
        case .viewController(let shown):
            if shown == index { return .unknown }
            if let inner = viewControllers[shown].embeds, leads(from: inner, to: index) { return .unknown }
        case .container(let existing):
            if placed.contains(existing) || window == existing || leads(from: existing, to: index) { return .unknown }
        default:
            return .unknown
        }
        guard let inside = windowRoot(child) else { return .unknown }
        placed.insert(inside)
        viewControllers[index].embeds = inside
        return .unknown
    }

    func isPageViewController(_ className: String) -> Bool {
        className.hasSuffix("PageViewController") || lineage(of: className).contains("UIPageViewController")
    }

    /// True when the view controller at `target` is shown, through embedded children, inside `container`:
    /// embedding `container` in it would make a cycle.
    func leads(from container: Int, to target: Int) -> Bool {
        var pending = [container]
        var seen: Set<Int> = []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            for entry in containers[next].stack + containers[next].tabs + containers[next].columns.map(\.value) {
                switch entry {
                case .viewController(let index):
                    if index == target { return true }
                    if let inner = viewControllers[index].embeds { pending.append(inner) }
                case .container(let inner):
                    pending.append(inner)
                default:
                    break
                }
            }
            if let presented = containers[next].presented { pending.append(presented) }
        }
        return false
    }

    /// The id of what the view controller at `index` embeds, for its first entry in a stack only: a
    /// container is shown in one place.
    func embedsID(of index: Int, ids: [Int: String], used: inout Set<Int>) -> String? {
        guard let inside = viewControllers[index].embeds, let id = ids[inside], used.insert(inside).inserted else {
            return nil
        }
        return id
    }
}
