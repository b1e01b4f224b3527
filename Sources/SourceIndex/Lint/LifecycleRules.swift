/// A child's reference back to its parent that is not `weak`: parent and child keep each other
/// alive, so a finished flow and its screens are never freed.
struct WeakParentReference: LintRule {
    let info = LintRuleInfo(
        id: "weak-parent-reference", severity: .warning,
        summary: "A child coordinator's reference to its parent (finishDelegate, parentCoordinator) must be weak.",
        triggering: [
            """
            final class HomeCoordinator: Coordinator {
                var finishDelegate: CoordinatorFinishDelegate?  // expect: weak-parent-reference
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .home }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            """
        ],
        nonTriggering: [
            """
            final class HomeCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                unowned let parentCoordinator: Coordinator
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .home }
                init(parent: Coordinator) { parentCoordinator = parent }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            """,
            // A `parent` that is no coordinator: the controller a flow is presented from, a model's
            // group (P2P Wallet, KeePassium). Neither holds the coordinator, so there is no cycle.
            """
            struct Group { var name: String }
            final class EditorCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .detail }
                private let parent: Group
                init(parent: Group) { self.parent = parent }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            final class WalletCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .home }
                private let parent: UIViewController
                init(parent: UIViewController) { self.parent = parent }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            """,
        ])

    func check(_ context: LintContext) -> [LintFinding] {
        // Delegate protocols that coordinators adopt are how a child reaches a parent.
        context.coordinators.flatMap { analysis in
            analysis.facts.properties.filter { property in
                guard !property.isWeak, !property.isComputed else { return false }
                let typeName = property.typeText.filter { $0.isLetter || $0.isNumber || $0 == "_" }
                return context.isParentReference(property)
                    || (property.name.hasSuffix("Delegate") && context.adopted.contains(typeName))
            }.map { property in
                LintFinding(
                    file: analysis.facts.file, offset: property.nameOffset, length: property.name.utf8.count,
                    message:
                        "'\(property.name)' holds the parent strongly while the parent holds \(analysis.facts.name) in its children: "
                        + "neither is ever freed, with all their screens. Declare it 'weak var \(property.name)'.")
            }
        }
    }
}

/// A child created and started but kept by nothing: it is freed when the method returns, and
/// whatever its screens call back on it goes nowhere.
struct ChildNotRetained: LintRule {
    let info = LintRuleInfo(
        id: "child-not-retained", severity: .error,
        summary: "A child coordinator that is started must be kept (in the children, or a property).",
        triggering: [
            """
            final class AppCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .app }
                func start() {
                    let home = HomeCoordinator()  // expect: child-not-retained
                    home.start()
                }
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            final class HomeCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .home }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            """,
            // A callback that holds the child weakly keeps nothing.
            """
            final class StoryModel { var onClose: (() -> Void)? }
            final class AppCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .app }
                func start() {
                    let stories = StoriesCoordinator()  // expect: child-not-retained
                    stories.start()
                }
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            final class StoriesCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .stories }
                func start() {
                    let model = StoryModel()
                    model.onClose = { [weak self] in self?.finish() }
                }
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            """,
        ],
        nonTriggering: [
            // Its screen gets it behind the family's type eraser, whose closures hold it.
            Self.erasedScreen,
            """
            final class AppCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .app }
                private var login: LoginCoordinator?
                func start() {
                    let home = HomeCoordinator()
                    childCoordinators.append(home)
                    home.start()
                    let login = LoginCoordinator()
                    self.login = login
                    login.start()
                }
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            final class HomeCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .home }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            final class LoginCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .login }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            """,
            // The screen the child shows holds it: its callbacks capture the child strongly.
            """
            struct EmptyView { var onBuy: () -> Void }
            final class AppCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .app }
                func start() {
                    let empty = EmptyCoordinator()
                    empty.start()
                }
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            final class EmptyCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .home }
                func start() {
                    let view = EmptyView(onBuy: { self.finish() })
                    print(view)
                }
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            """,
            // Its screen's view model holds a callback that captures the child, set by a method its
            // start calls; the other child is held by the task that does its work (`self` implicit).
            """
            final class StoryModel { var onClose: (() -> Void)? }
            final class AppCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .app }
                func start() {
                    let stories = StoriesCoordinator()
                    stories.start()
                    let offer = OfferCoordinator()
                    offer.start()
                }
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            final class StoriesCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .stories }
                func start() { showStories() }
                func showStories() {
                    let model = StoryModel()
                    model.onClose = { self.finish() }
                }
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            final class OfferCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .offer }
                func start() {
                    Task { await load() }
                }
                func load() async { finish() }
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            """,
        ])

    func check(_ context: LintContext) -> [LintFinding] {
        guard let start = context.convention?.startMethod else { return [] }
        var findings: [LintFinding] = []
        for analysis in context.coordinators {
            for function in analysis.facts.functions {
                for binding in function.bindings {
                    guard case .call(_, _, _, let offset) = binding.value,
                        let child = context.createdClass(in: analysis, file: function.file, offset: offset)
                    else { continue }
                    let name = binding.name
                    let started = function.calls.contains { $0.base == name && $0.name == start }
                    let kept =
                        function.calls.contains { call in call.arguments.contains { $0.value.refers(to: name) } }
                        || function.assignments.contains { $0.value.refers(to: name) }
                        || function.returns.contains { $0.value.refers(to: name) }
                    let entries = Set([start] + function.calls.filter { $0.base == name }.map(\.name))
                    guard started, !kept, !keptByItsScreens(child, context), !keptByItsClosures(child, context),
                        !handsItselfOut(child, entries: entries, context)
                    else { continue }
                    findings.append(
                        LintFinding(
                            file: function.file, offset: offset, length: child.utf8.count,
                            message:
                                "\(child) is started in \(analysis.facts.name).\(function.name)() but nothing keeps it: it is freed "
                                + "as soon as \(function.name)() returns, and its screens call back into nothing. "
                                + "Append it to \(context.convention.map(\.childrenProperty).flatMap { $0.isEmpty ? nil : $0 } ?? "its parent's children") before starting it."
                        ))
                }
            }
        }
        return findings
    }

    /// Whether the child's start method, or a method of its own that it calls, hands a closure that
    /// captures the child strongly to something that keeps it: a view model's callback
    /// (`viewModel.onTransition = { route in self.showTipJar() }`), a task (`Task { await
    /// showOnboarding() }`, whose `self` is implicit). The child then lives as long as its screen
    /// or its work (BookPlayer's support and onboarding flows).
    func keptByItsClosures(_ child: String, _ context: LintContext) -> Bool {
        guard let start = context.convention?.startMethod else { return false }
        let own = Set(context.functions(of: child).filter(\.hasBody).map(\.name))
        // Two methods at most besides the start.
        return reaches(child, from: [start], atMost: 3, context) { function in
            let weak = Set(function.weakSelfClosures)
            // The closures it hands out: assigned to another object's property, or given to a call.
            var handed: [Int] = []
            for assignment in function.assignments {
                if case .closure(_, _, let start) = assignment.value, !assignment.target.hasPrefix("self.") {
                    handed.append(start)
                }
            }
            for call in function.calls where !FileSummarizer.immediateCallees.contains(call.name) {
                for argument in call.arguments { if case .closure(_, _, let start) = argument.value { handed.append(start) } }
            }
            return handed.contains { start in
                !weak.contains(start)
                    && function.calls.contains { call in
                        call.closure == start
                            && (call.base == "self" || call.base?.hasPrefix("self.") == true
                                || (call.base == nil && own.contains(call.name)))
                    }
            }
        }
    }

    /// Whether the child's start method gives what it creates (a screen, a view) a closure that
    /// holds the child strongly: the screen then keeps the coordinator alive (P2P Wallet's
    /// `SendEmptyView(buyCrypto: { self.… })`).
    func keptByItsScreens(_ child: String, _ context: LintContext) -> Bool {
        guard let start = context.convention?.startMethod,
            let method = context.functions(of: child).first(where: { $0.name == start && $0.hasBody })
        else { return false }
        return method.calls.contains { call in
            guard call.name.first?.isUppercase == true, let text = call.closureText else { return false }
            return text.contains("self.") && !text.contains("[weak") && !text.contains("[unowned")
        }
    }
}

/// A child added without its finish delegate: when it finishes it cannot tell its parent, so
/// the parent never removes it.
struct FinishDelegateNotSet: LintRule {
    let info = LintRuleInfo(
        id: "finish-delegate-not-set", severity: .warning,
        summary: "A child added to the children needs its finishDelegate (or parent) set, or it is never removed.",
        triggering: [
            """
            final class AppCoordinator: Coordinator, CoordinatorFinishDelegate {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .app }
                func start() {
                    let home = HomeCoordinator()  // expect: finish-delegate-not-set
                    childCoordinators.append(home)
                    home.start()
                }
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
                func coordinatorDidFinish(childCoordinator: Coordinator) {
                    childCoordinators.removeAll { $0 === childCoordinator }
                }
            }
            final class HomeCoordinator: Coordinator {
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
            final class AppCoordinator: Coordinator, CoordinatorFinishDelegate {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .app }
                func start() {
                    let home = HomeCoordinator()
                    home.finishDelegate = self
                    childCoordinators.append(home)
                    home.start()
                    let search = SearchCoordinator(finishDelegate: self)
                    childCoordinators.append(search)
                    search.start()
                }
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
                func coordinatorDidFinish(childCoordinator: Coordinator) {
                    childCoordinators.removeAll { $0 === childCoordinator }
                }
            }
            final class HomeCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .home }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            final class SearchCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .search }
                init(finishDelegate: CoordinatorFinishDelegate) { self.finishDelegate = finishDelegate }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            """,
            // The coordinator's own add method sets the finish delegate, as a base class's may.
            """
            final class AppCoordinator: Coordinator, CoordinatorFinishDelegate {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .app }
                func start() {
                    let home = HomeCoordinator()
                    addChild(home)
                    home.start()
                }
                private func addChild(_ child: Coordinator) {
                    childCoordinators.append(child)
                    child.finishDelegate = self
                }
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
                func coordinatorDidFinish(childCoordinator: Coordinator) {
                    childCoordinators.removeAll { $0 === childCoordinator }
                }
            }
            final class HomeCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .home }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            """,
            // The child's `parent` is a model's group, not a way back (KeePassium's editors): the
            // parent learns of the end through the add method's dismiss handler.
            """
            // own convention
            import UIKit
            protocol Coordinator: AnyObject {
                var childCoordinators: [Coordinator] { get set }
                func start()
            }
            struct Group { var name: String }
            final class ListCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                func start() {
                    let editor = EditorCoordinator(parent: Group(name: "Root"))
                    addChildCoordinator(editor, onDismiss: { [weak self] in self?.childCoordinators.removeAll() })
                    editor.start()
                }
                func addChildCoordinator(_ child: Coordinator, onDismiss: @escaping () -> Void) { childCoordinators.append(child) }
            }
            final class EditorCoordinator: Coordinator {
                weak var delegate: AnyObject?
                var childCoordinators: [Coordinator] = []
                private let parent: Group
                init(parent: Group) { self.parent = parent }
                func start() {}
            }
            """,
        ])

    func check(_ context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        for analysis in context.coordinators {
            for function in analysis.facts.functions {
                for binding in function.bindings {
                    guard case .call(_, _, let arguments, let offset) = binding.value,
                        let child = context.createdClass(in: analysis, file: function.file, offset: offset)
                    else { continue }
                    // Only children that have a way back: a finish delegate or parent property.
                    let backReferences = context.properties(of: child).filter(context.isParentReference).map(\.name)
                    guard let backReference = backReferences.first else { continue }
                    let name = binding.name
                    let adds = function.calls.filter { call in
                        call.arguments.contains { $0.value.refers(to: name) }
                            && (context.isChildren(call.base) || call.name.lowercased().contains("add"))
                    }
                    let added = !adds.isEmpty
                    // An add method of the coordinator's own (a base class's `addChild`) may set it.
                    let setByAdd = adds.contains { $0.base == nil && context.setsParent($0.name, in: analysis.facts.name) }
                    let handedSelf = arguments.contains { $0.value.refers(to: "self") }
                    let set = function.assignments.contains { assignment in
                        backReferences.contains { assignment.target == name + "." + $0 }
                    }
                    guard added, !handedSelf, !set, !setByAdd else { continue }
                    findings.append(
                        LintFinding(
                            file: function.file, offset: offset, length: child.utf8.count,
                            message:
                                "\(child) is added to \(analysis.facts.name)'s children without its \(backReference): when it "
                                + "finishes it cannot tell \(analysis.facts.name), which never removes it, so it and its screens "
                                + "stay in memory. Set '\(name).\(backReference) = self' before starting it."))
                }
            }
        }
        return findings
    }
}
