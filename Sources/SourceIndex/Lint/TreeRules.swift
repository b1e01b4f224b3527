import CoordinatorModel

/// Removing children by type when siblings share a type: the siblings go too.
struct RemovalByType: LintRule {
    let info = LintRuleInfo(
        id: "removal-by-type", severity: .error,
        summary: "Children removed by type take their siblings of the same type with them; compare identity.",
        triggering: [
            """
            final class AppCoordinator: Coordinator, CoordinatorFinishDelegate {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .app }
                func start() {
                    let first = DetailCoordinator()
                    first.finishDelegate = self
                    childCoordinators.append(first)
                    first.start()
                    let second = DetailCoordinator()
                    second.finishDelegate = self
                    childCoordinators.append(second)
                    second.start()
                }
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
                func coordinatorDidFinish(childCoordinator: Coordinator) {
                    childCoordinators = childCoordinators.filter { $0.type != childCoordinator.type }  // expect: removal-by-type
                }
            }
            final class DetailCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .detail }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            """
        ],
        nonTriggering: [
            """
            final class AppCoordinator: Coordinator, CoordinatorFinishDelegate {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .app }
                func start() {
                    let home = HomeCoordinator()
                    home.finishDelegate = self
                    childCoordinators.append(home)
                    home.start()
                }
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
                func coordinatorDidFinish(childCoordinator: Coordinator) {
                    childCoordinators = childCoordinators.filter { $0.type != childCoordinator.type }
                }
                // One detail flow at a time, from either place.
                func showDetail() { childCoordinators.append(DetailCoordinator()) }
                func showDetailFromSearch() { childCoordinators.append(DetailCoordinator()) }
            }
            final class DetailCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .detail }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            final class HomeCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .home }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            """
        ])

    func check(_ context: LintContext) -> [LintFinding] {
        guard let tree = context.tree, let typeProperty = context.convention?.typeProperty else { return [] }
        var findings: [LintFinding] = []
        for analysis in context.coordinators {
            // Siblings sharing a type, under any node of this class, that can be alive together:
            // classes of their own, or one class several times at launch. One class created from
            // several on-demand methods is usually one flow at a time, and is left alone.
            var shared: [String: Set<String>] = [:]
            for id in analysis.nodeIDs(in: context.index) {
                guard let node = tree.node(id: id) else { continue }
                let children = tree.children(of: node).map { tree[$0] }
                for (type, same) in Dictionary(grouping: children.filter { $0.type != nil }, by: { $0.type! }) {
                    let classes = Set(same.map(\.className))
                    let atLaunch = same.filter { $0.trigger?.onLaunch == true }
                    if classes.count > 1 || atLaunch.count > 1, shared[type] == nil {
                        shared[type] = Set((classes.count > 1 ? same : atLaunch).map(\.id))
                    }
                }
            }
            guard let (type, ids) = shared.min(by: { $0.key < $1.key }) else { continue }
            for function in context.functions(of: analysis.facts.name) {
                for call in function.calls where context.isChildren(call.base) && ["filter", "removeAll"].contains(call.name) {
                    guard let text = call.closureText, text.contains("." + typeProperty), !text.contains("===") else { continue }
                    findings.append(
                        LintFinding(
                            file: function.file, offset: call.offset, length: call.name.utf8.count,
                            message:
                                "Removing children by '\(typeProperty)' removes every child of type .\(type), and "
                                + "\(Self.describe(ids, in: tree)) share it: when one finishes, the others are dropped "
                                + "while still on screen. Compare identity: '$0 === childCoordinator'."))
                }
            }
        }
        return findings
    }
}

extension RemovalByType {
    /// `HomeCoordinator and PromoCoordinator`, or `2 HomeCoordinator nodes`.
    static func describe(_ ids: Set<String>, in tree: CoordinatorTree) -> String {
        let classes = Dictionary(grouping: ids.compactMap { tree.node(id: $0).map { tree[$0].className } }, by: { $0 })
        return classes.keys.sorted().map { name in
            classes[name]!.count > 1 ? "\(classes[name]!.count) \(name) nodes" : name
        }.joined(separator: " and ")
    }
}

/// `findCoordinator(type:)` with a type several coordinator classes declare: the app's search
/// returns one of them, which may not be the one the code means.
struct AmbiguousFindCoordinator: LintRule {
    let info = LintRuleInfo(
        id: "ambiguous-find-coordinator", severity: .warning,
        summary: "findCoordinator(type:) with a type several coordinator classes declare returns only one of them.",
        triggering: [
            """
            final class AppCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .app }
                func start() {
                    childCoordinators.append(HomeCoordinator())
                    childCoordinators.append(PromoCoordinator())
                }
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
                func openHome() {
                    let home = findCoordinator(type: .home)  // expect: ambiguous-find-coordinator
                    home?.start()
                }
                func findCoordinator(type: CoordinatorType) -> Coordinator? { nil }
            }
            final class HomeCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .home }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            final class PromoCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .home }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            """
        ],
        nonTriggering: [
            """
            final class AppCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .app }
                func start() { childCoordinators.append(HomeCoordinator()) }
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
                func openHome() { findCoordinator(type: .home)?.start() }
                func findCoordinator(type: CoordinatorType) -> Coordinator? { nil }
            }
            final class HomeCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .home }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            """
        ])

    func check(_ context: LintContext) -> [LintFinding] {
        let classesByType = Dictionary(grouping: context.coordinators.filter { $0.typeCase != nil }, by: { $0.typeCase! })
        return context.index.findCoordinatorCalls.compactMap { call in
            guard let sharing = classesByType[call.typeCase], sharing.count > 1 else { return nil }
            let names = sharing.map(\.facts.name).sorted()
            var outcome = "the app's search (last child first, depth first) returns the first it meets"
            if let tree = context.tree, let origin = context.model.analyses[call.callerClass]?.nodeIDs(in: context.index).first,
                let node = tree.node(id: origin)
            {
                if let found = tree.findCoordinator(type: call.typeCase, from: node) {
                    outcome = "from \(origin) the app's search returns \(tree[found].className) (\(tree[found].id))"
                } else {
                    outcome = "from \(origin) the app's search finds none of them below it"
                }
            }
            return LintFinding(
                file: call.span.file, offset: call.span.offset, length: call.span.length,
                message:
                    "findCoordinator(type: .\(call.typeCase)) is ambiguous: \(names.joined(separator: ", ")) all declare "
                    + ".\(call.typeCase), and \(outcome). Give each class its own type case.")
        }
    }
}

/// A tab bar with six or more tabs: UIKit shows four and hides the rest behind "More".
struct TooManyTabs: LintRule {
    let info = LintRuleInfo(
        id: "too-many-tabs", severity: .warning,
        summary: "A tab bar with six or more tabs shows four of them and a More tab on iPhone.",
        triggering: [
            """
            final class TabsCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .tab }
                let tabBarController = UITabBarController()
                func start() {
                    let tabs = [UINavigationController(), UINavigationController(), UINavigationController(),
                                UINavigationController(), UINavigationController(), UINavigationController()]
                    tabBarController.setViewControllers(tabs, animated: false)  // expect: too-many-tabs
                }
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            """
        ],
        nonTriggering: [
            """
            final class TabsCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .tab }
                let tabBarController = UITabBarController()
                func start() {
                    let tabs = [UINavigationController(), UINavigationController(), UINavigationController()]
                    tabBarController.setViewControllers(tabs, animated: false)
                }
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            """
        ])

    func check(_ context: LintContext) -> [LintFinding] {
        context.index.draft.containers.compactMap { container in
            guard container.kind == .tabBar, container.tabs.count >= 6, let place = context.model.tabsSetAt[container.id]
            else { return nil }
            return LintFinding(
                file: place.file, offset: place.offset, length: 1,
                message:
                    "\(container.id) gets \(container.tabs.count) tabs: on iPhone UIKit shows four and moves the other "
                    + "\(container.tabs.count - 4) under a More tab, where they lose their own navigation bar items. "
                    + "Keep five tabs or fewer.")
        }
    }
}

extension ClassAnalysis {
    /// The ids of this class's nodes in the index's tree.
    func nodeIDs(in index: SourceIndex) -> [String] {
        index.draft.coordinators.filter { $0.className == facts.name }.map(\.id)
    }
}
