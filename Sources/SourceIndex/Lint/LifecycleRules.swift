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
            """
        ])

    func check(_ context: LintContext) -> [LintFinding] {
        // Delegate protocols that coordinators adopt are how a child reaches a parent.
        let adopted = Set(context.coordinators.flatMap { Convention.ancestors(of: $0.facts.name, in: context.model.types) })
        return context.coordinators.flatMap { analysis in
            analysis.facts.properties.filter { property in
                guard !property.isWeak, !property.isComputed else { return false }
                let typeName = property.typeText.filter { $0.isLetter || $0.isNumber || $0 == "_" }
                return LintContext.parentReferenceNames.contains(property.name)
                    || (property.name.hasSuffix("Delegate") && adopted.contains(typeName))
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
            """
        ],
        nonTriggering: [
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
            """
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
                    guard started, !kept else { continue }
                    findings.append(
                        LintFinding(
                            file: function.file, offset: offset, length: child.utf8.count,
                            message:
                                "\(child) is started in \(analysis.facts.name).\(function.name)() but nothing keeps it: it is freed "
                                + "as soon as \(function.name)() returns, and its screens call back into nothing. "
                                + "Append it to \(context.convention?.childrenProperty ?? "the children") before starting it."))
                }
            }
        }
        return findings
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
                    let backReferences = context.properties(of: child).map(\.name).filter(
                        LintContext.parentReferenceNames.contains)
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

/// A parent whose finish callback never removes the child: every finished flow stays in memory.
struct FinishedChildNotRemoved: LintRule {
    let info = LintRuleInfo(
        id: "finished-child-not-removed", severity: .warning,
        summary: "A parent's coordinatorDidFinish must remove the finished child from its children.",
        triggering: [
            """
            final class AppCoordinator: Coordinator, CoordinatorFinishDelegate {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .app }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
                func coordinatorDidFinish(childCoordinator: Coordinator) {  // expect: finished-child-not-removed
                    start()
                }
            }
            """
        ],
        nonTriggering: [
            """
            final class AppCoordinator: Coordinator, CoordinatorFinishDelegate {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .app }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
                func coordinatorDidFinish(childCoordinator: Coordinator) {
                    childCoordinators = childCoordinators.filter { $0 !== childCoordinator }
                    start()
                }
                // A screen's callback, not a child's: nothing to remove.
                func didFinish(in controller: UIViewController, with name: String) {
                    start()
                }
            }
            """
        ])

    static let removals: Set<String> = ["removeAll", "remove", "removeLast", "removeFirst", "filter", "removeValue", "popLast"]

    func check(_ context: LintContext) -> [LintFinding] {
        guard let children = context.convention?.childrenProperty, !children.isEmpty else { return [] }
        var findings: [LintFinding] = []
        var seen: Set<SiteKey> = []
        for analysis in context.coordinators {
            // A callback a child calls when it finishes: named so, and given a coordinator.
            for function in context.functions(of: analysis.facts.name)
            where function.hasBody && function.name.lowercased().hasSuffix("didfinish")
                && function.parameters.contains(where: { context.family.contains($0.type) })
            {
                guard seen.insert(SiteKey(file: function.file, offset: function.nameOffset)).inserted else { continue }
                let removes =
                    function.calls.contains { call in
                        (context.isChildren(call.base) && Self.removals.contains(call.name))
                            || (call.base == nil || call.base == "self") && call.name.lowercased().contains("remove")
                    }
                    || function.assignments.contains { context.isChildren($0.target) }
                guard !removes else { continue }
                findings.append(
                    LintFinding(
                        file: function.file, offset: function.nameOffset, length: function.name.utf8.count,
                        message:
                            "\(function.name) never removes the finished child from '\(children)': every flow that finishes "
                            + "stays in memory with its screens. Remove it: '\(children).removeAll { $0 === childCoordinator }'.")
                )
            }
        }
        return findings
    }
}

/// `finish()` that does not tell the parent: the parent keeps the finished child forever.
struct FinishWithoutParent: LintRule {
    let info = LintRuleInfo(
        id: "finish-without-parent", severity: .warning,
        summary: "finish() must tell the parent (finishDelegate?.coordinatorDidFinish), or the parent keeps the child.",
        triggering: [
            """
            final class HomeCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .home }
                func start() {}
                func finish() {  // expect: finish-without-parent
                    childCoordinators.removeAll()
                }
            }
            """
        ],
        nonTriggering: [
            """
            final class HomeCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .home }
                func start() {}
                func finish() {
                    childCoordinators.removeAll()
                    finishDelegate?.coordinatorDidFinish(childCoordinator: self)
                }
            }
            """
        ])

    func check(_ context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        var seen: Set<SiteKey> = []
        for analysis in context.coordinators {
            guard let finish = context.functions(of: analysis.facts.name).first(where: { $0.name == "finish" && $0.hasBody })
            else { continue }
            guard seen.insert(SiteKey(file: finish.file, offset: finish.nameOffset)).inserted else { continue }
            let tells = finish.calls.contains { call in
                guard let base = call.base?.replacing("self.", with: "") else { return false }
                let root = String(base.split(separator: ".").first ?? "")
                return LintContext.parentReferenceNames.contains(root) || root.lowercased().hasSuffix("delegate")
                    || root == "onFinish" || call.name.lowercased().contains("finish")
            }
            // A closure the parent gave (`onFinish?()`) tells it too.
            let callsBack = finish.calls.contains { $0.base == nil && $0.name.lowercased().contains("finish") }
            guard !tells, !callsBack else { continue }
            findings.append(
                LintFinding(
                    file: finish.file, offset: finish.nameOffset, length: finish.name.utf8.count,
                    message:
                        "finish() does not tell the parent: the parent never learns the flow ended and keeps it, with its "
                        + "screens, in its children. Call 'finishDelegate?.coordinatorDidFinish(childCoordinator: self)'."))
        }
        return findings
    }
}
