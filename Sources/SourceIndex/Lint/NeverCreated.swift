/// A coordinator class nothing creates: its screens are unreachable, or it is created in a way
/// navinspect cannot see.
struct NeverCreated: LintRule {
    let info = LintRuleInfo(
        id: "never-created", severity: .warning,
        summary: "A coordinator class that nothing creates is dead code (or is created where navinspect cannot see).",
        triggering: [
            """
            final class AppCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .app }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            // A factory nothing calls does not create it (PetSpotter's `AnimalMapFactory`).
            final class LegacyFactory {
                func makeCoordinator() -> LegacyCoordinator { LegacyCoordinator() }
            }
            final class LegacyCoordinator: Coordinator {  // expect: never-created
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .settings }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            final class SceneDelegate: UIResponder {
                let coordinator = AppCoordinator()
            }
            """
        ],
        nonTriggering: [
            """
            class BaseFlowCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .app }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            final class AppCoordinator: BaseFlowCoordinator {
                override func start() { childCoordinators.append(HomeCoordinator()) }
            }
            final class HomeCoordinator: BaseFlowCoordinator {}
            """,
            // Made by a helper object given its parent, reached through a static helper on the
            // class's own type (AlphaWallet's promise bridges).
            """
            final class AppCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .app }
                func start() { _ = SignCoordinator.promise(coordinator: self) }
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            final class SignCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .detail }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
                static func promise(coordinator: Coordinator) -> Bool { SignBridge(coordinator: coordinator).result }
            }
            final class SignBridge {
                var result = false
                init(coordinator: Coordinator) {
                    let sign = SignCoordinator()
                    coordinator.addCoordinator(sign)
                    sign.start()
                }
            }
            extension Coordinator {
                func addCoordinator(_ coordinator: Coordinator) { childCoordinators.append(coordinator) }
            }
            final class SceneDelegate: UIResponder {
                let coordinator = AppCoordinator()
            }
            """,
            // Made outside the coordinators: by a bridge presenter (Element), by a typed `.init(…)`,
            // and by a dependency container given the initializer (MOIZA).
            """
            final class AppCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .app }
                func start() {
                    let history: HistoryCoordinator = .init()
                    childCoordinators.append(history)
                }
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            final class SetupCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .settings }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            final class HistoryCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .detail }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            final class AlarmCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .home }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            final class NotificationParser {
                class func handle(_ link: String) {
                    let parser = ParserCoordinator()
                    parser.start()
                }
            }
            final class ParserCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .detail }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            @objcMembers final class SetupCoordinatorBridgePresenter: NSObject {
                private var coordinator: SetupCoordinator?
                func present(from controller: UIViewController) {
                    let setup = makeSetupCoordinator()
                    setup.start()
                    coordinator = setup
                }
                private func makeSetupCoordinator() -> SetupCoordinator { SetupCoordinator() }
            }
            final class Container {
                func register<T>(_ type: T.Type, initializer: () -> T) {}
                func registerAll() {
                    register(AlarmCoordinator.self, initializer: AlarmCoordinator.init)
                }
            }
            final class SceneDelegate: UIResponder {
                let coordinator = AppCoordinator()
            }
            """,
            // Made by a screen's action, a static function of an enum that returns the action
            // (`Self`), not the coordinator: the action makes it when it runs.
            """
            final class AppCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .app }
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            enum RowAction {
                case none
                case run((UIViewController) -> Void)
            }
            extension RowAction {
                static func showReports() -> Self {
                    .run { screen in
                        let reports = ReportsCoordinator(presenter: screen)
                        reports.start()
                    }
                }
            }
            final class ReportsCoordinator: Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .detail }
                init(presenter: UIViewController) {}
                func start() {}
                func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
            }
            final class SceneDelegate: UIResponder {
                let coordinator = AppCoordinator()
            }
            """,
        ])

    func check(_ context: LintContext) -> [LintFinding] {
        let placed = Set(context.index.draft.coordinators.map(\.className))
        let root = context.index.draft.root
        let created = Set(context.model.analyses.values.flatMap { $0.sites.map(\.childClass) })
        let elsewhere = Self.createdOutsideCoordinators(context)
        return context.coordinators.compactMap { analysis in
            let facts = analysis.facts
            guard !placed.contains(facts.name), !created.contains(facts.name), facts.name != root,
                !context.model.baseClasses.contains(facts.name), !elsewhere.contains(facts.name)
            else { return nil }
            return LintFinding(
                file: facts.file, offset: facts.nameOffset, length: facts.name.utf8.count,
                message:
                    "No coordinator creates \(facts.name), so its screens cannot be reached from the app's tree. "
                    + "Create it from its parent, or delete it if it is no longer used.")
        }
    }
}

extension NeverCreated {
    /// Coordinator classes the app's code creates outside the coordinator tree: a bridge presenter
    /// or a view (`KeyBackupSetupCoordinatorBridgePresenter`, Element; `ObservationFormView`, MAGE),
    /// a protocol extension's method a screen calls (Zotero's `ReaderCoordinator`), an initializer
    /// handed to a container (`autoregister(HomeFlow.self, initializer: HomeFlow.init)`, MOIZA), a
    /// typed `.init(…)`, a class function handling a notification (PantauBersama's `Parser`). A
    /// factory (a function returning a coordinator) creates only where it is called, which the
    /// analyses say: one nothing calls leaves its class uncreated (PetSpotter's `AnimalMapFactory`).
    static func createdOutsideCoordinators(_ context: LintContext) -> Set<String> {
        let classes = Set(context.coordinators.map(\.facts.name))
        // A function that hands out what it makes (`CreationRules.handsOut`): `Self` is a
        // coordinator only in a coordinator's own factory, so a screen's action enum's
        // `static func showReports() -> Self { .execute { ReportsCoordinator(…).start() } }` makes it.
        let isFactory = { (function: FunctionFacts, owner: String) -> Bool in
            context.model.rules?.handsOut(function, of: owner) ?? false
        }
        var created: Set<String> = []
        // What the index found other types create, through factories too (GOV.UK's deep-link route
        // calling `coordinatorBuilder.webView(url:)`), except in factories of their own.
        // A factory its own type calls (a bridge presenter's `makeOnboardingCoordinator()`, Element) creates.
        let unused = { (facts: TypeFacts) -> Set<String> in
            let called = Set(facts.functions.flatMap(\.calls).filter { $0.base == nil || $0.base == "self" }.map(\.name))
            return Set(facts.functions.filter { isFactory($0, facts.name) && !called.contains($0.name) }.map(\.name))
        }
        for launcher in context.model.launchers.values {
            let factories = unused(launcher.facts)
            for site in launcher.sites where !factories.contains(site.method) { created.insert(site.childClass) }
        }
        for facts in context.model.types.values {
            let factories = unused(facts)
            let calls =
                facts.functions.filter { $0.hasBody && !factories.contains($0.name) }.flatMap(\.calls)
                + facts.properties.filter { !$0.isComputed }.flatMap(\.calls)
            for call in calls {
                if call.base == nil, classes.contains(call.name), call.name != facts.name { created.insert(call.name) }
                if call.name == "init", let base = call.base, classes.contains(base), base != facts.name { created.insert(base) }
                for argument in call.arguments {
                    guard case .reference(let path) = argument.value, path.hasSuffix(".init") else { continue }
                    let name = String(path.dropLast(5))
                    if classes.contains(name) { created.insert(name) }
                }
            }
        }
        return created
    }
}
