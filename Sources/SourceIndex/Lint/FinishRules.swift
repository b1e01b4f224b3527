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
            """,
            // The removal runs in a closure given to another call, where `self` is `strongSelf`
            // (AlphaWallet's `coordinator.close { … strongSelf.removeCoordinator(coordinator) }`).
            """
            final class PaymentCoordinator: Coordinator, CoordinatorFinishDelegate {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .app }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
                func removeCoordinator(_ coordinator: Coordinator) { childCoordinators.removeAll { $0 === coordinator } }
                func close(_ completion: @escaping () -> Void) { completion() }
                func coordinatorDidFinish(childCoordinator: Coordinator) {
                    close { [weak self] in
                        guard let strongSelf = self else { return }
                        strongSelf.removeCoordinator(childCoordinator)
                        strongSelf.start()
                    }
                }
            }
            """,
            // The finish is forwarded to this coordinator's own parent, which removes it with all
            // its children (AlphaWallet's `PaymentCoordinator`).
            """
            protocol SendCoordinatorDelegate: AnyObject {
                func didFinish(_ result: Int, in coordinator: SendCoordinator)
            }
            final class SendCoordinator: Coordinator, CoordinatorFinishDelegate {
                weak var finishDelegate: CoordinatorFinishDelegate?
                weak var delegate: SendCoordinatorDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .detail }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
                func coordinatorDidFinish(childCoordinator: Coordinator) {
                    delegate?.didFinish(1, in: self)
                }
            }
            """,
        ])

    static let removals: Set<String> = ["removeAll", "remove", "removeLast", "removeFirst", "filter", "removeValue", "popLast"]

    /// Whether the callback tells this coordinator's own parent that it ends too, handing it
    /// `self` (`delegate?.didFinish(result, in: self)`): the parent removes this coordinator,
    /// and its children go with it.
    func forwardsItsOwnFinish(_ function: FunctionFacts) -> Bool {
        function.calls.contains { call in
            guard let base = call.base?.replacing("self.", with: "").replacing("?", with: ""),
                !base.contains("."),
                LintContext.parentReferenceNames.contains(base) || base.lowercased().hasSuffix("delegate")
            else { return false }
            let name = call.name.lowercased()
            return ["finish", "cancel", "close", "dismiss", "complete"].contains { name.contains($0) }
                && call.arguments.contains { $0.value.refers(to: "self") }
        }
    }

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
                // Inside a closure given to another call, `self` may go by another name:
                // `coordinator.close { [weak self] in guard let strongSelf = self …; strongSelf.removeCoordinator(coordinator) }`.
                let selfNames = LintContext.selfNames(in: function)
                let removes =
                    function.calls.contains { call in
                        let base = LintContext.normalized(call.base, selfNames: selfNames)
                        return (context.isChildren(base) && Self.removals.contains(call.name))
                            || (base == nil || base == "self") && call.name.lowercased().contains("remove")
                    }
                    || function.assignments.contains {
                        context.isChildren(LintContext.normalized($0.target, selfNames: selfNames))
                    }
                guard !removes, !forwardsItsOwnFinish(function) else { continue }
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
            """,
            // The result goes to the parent through the subject the start method returns (P2P Wallet).
            """
            // own convention
            import Combine
            import Foundation
            class FlowCoordinator<Result> {
                private let identifier = UUID()
                private var children = [UUID: Any]()
                func coordinate<T>(to child: FlowCoordinator<T>) -> AnyPublisher<T, Never> {
                    children[child.identifier] = child
                    return child.start()
                }
                func start() -> AnyPublisher<Result, Never> { fatalError() }
            }
            final class AppCoordinator: FlowCoordinator<Void> {
                override func start() -> AnyPublisher<Void, Never> { coordinate(to: InfoCoordinator()) }
            }
            final class InfoCoordinator: FlowCoordinator<Void> {
                private let subject = PassthroughSubject<Void, Never>()
                override func start() -> AnyPublisher<Void, Never> { subject.prefix(1).eraseToAnyPublisher() }
                private func finish() {
                    subject.send(())
                }
            }
            """,
            // `finish()` of a screen's delegate protocol, which the coordinator protocol does not
            // declare: the failed screen closes, the coordinator goes on (Concordium Wallet).
            """
            // own convention
            import UIKit
            protocol Coordinator: AnyObject {
                var childCoordinators: [Coordinator] { get set }
                func start()
            }
            protocol FailedPresenterDelegate: AnyObject {
                func finish()
            }
            final class IdentitiesCoordinator: Coordinator, FailedPresenterDelegate {
                var childCoordinators: [Coordinator] = []
                var navigationController = UINavigationController()
                func start() {}
                func finish() {
                    navigationController.dismiss(animated: true)
                    childCoordinators.removeAll()
                }
            }
            """,
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
            guard !tells, !callsBack, !sendsResult(finish, of: analysis.facts.name, context),
                !isScreenCallback(finish, of: analysis.facts.name, context)
            else { continue }
            findings.append(
                LintFinding(
                    file: finish.file, offset: finish.nameOffset, length: finish.name.utf8.count,
                    message:
                        "finish() does not tell the parent: the parent never learns the flow ended and keeps it, with its "
                        + "screens, in its children. Call 'finishDelegate?.coordinatorDidFinish(childCoordinator: self)'."))
        }
        return findings
    }

    /// Whether the class's start method returns its result (`-> AnyPublisher<Void, Never>`,
    /// `-> Observable<Void>`): the parent then frees the child when the result arrives.
    func returnsResult(_ className: String, _ context: LintContext) -> Bool {
        guard let start = context.convention?.startMethod else { return false }
        return context.functions(of: className).contains { $0.name == start && $0.returnType != nil }
    }

    /// Whether `finish` hands the result to the parent through a subject (`subject.send(())`,
    /// `result.onNext(…)`), in a convention where the start method returns it (P2P Wallet).
    func sendsResult(_ finish: FunctionFacts, of className: String, _ context: LintContext) -> Bool {
        returnsResult(className, context)
            && finish.calls.contains { ["send", "onNext", "onCompleted", "accept", "on"].contains($0.name) && $0.base != nil }
    }

    /// Whether this `finish` is a screen's callback the coordinator implements, not its own end:
    /// a requirement of a protocol outside the coordinator family (a presenter's delegate), when
    /// no coordinator type declares `finish` and children do not return results (Concordium's
    /// `CreationFailedPresenterDelegate.finish()`, which closes the failed screen). Where the start
    /// method returns a result, a navigator's `finish` is how the flow ends, and is checked.
    func isScreenCallback(_ finish: FunctionFacts, of className: String, _ context: LintContext) -> Bool {
        let declares = { (name: String) in
            context.model.types[name]?.functions.contains { $0.name == finish.name && !$0.hasBody } == true
        }
        guard !context.family.contains(where: declares), !returnsResult(className, context) else { return false }
        return Convention.ancestors(of: className, in: context.model.types).contains {
            !context.family.contains($0) && context.model.types[$0]?.kind == .protocol && declares($0)
        }
    }
}
