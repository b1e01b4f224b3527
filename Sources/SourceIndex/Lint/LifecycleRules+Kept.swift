/// What keeps a child its parent started and dropped: walks through the child's own methods, and
/// a child kept by the screens it gives itself to behind the family's type eraser.
///
/// In apps whose coordinators hide their type (`AnyCoordinator<Route, Event>`), a flow's screens
/// get the flow as `coordinator: asAnyCoordinator()`: the eraser's closures hold the flow strongly,
/// and its screen's processor holds the eraser. Such a flow's start method often does nothing;
/// the parent shows its first screen by calling it at once (`child.navigate(to: .list)`).
extension ChildNotRetained {
    /// Whether one of the child's methods named `entries`, or a method of its own they call (now or
    /// in a closure; `limit` names at most, the entries counted), satisfies `keeps`.
    func reaches(
        _ child: String, from entries: Set<String>, atMost limit: Int, _ context: LintContext,
        where keeps: (FunctionFacts) -> Bool
    ) -> Bool {
        let functions = context.functions(of: child).filter(\.hasBody)
        let own = Set(functions.map(\.name))
        var pending = functions.filter { entries.contains($0.name) }
        var visited = entries
        while let function = pending.popLast() {
            if keeps(function) { return true }
            for call in function.calls where call.base == nil || call.base == "self" {
                guard visited.count < limit, own.contains(call.name), visited.insert(call.name).inserted else { continue }
                pending += functions.filter { $0.name == call.name }
            }
        }
        return false
    }

    /// Whether the child, from its start method or the methods the parent calls on it right after
    /// (and the methods of its own these call), hands itself out behind the family's eraser:
    /// `asAnyCoordinator()` (a method of its own returning an eraser) or `AnyCoordinator(self)`.
    func handsItselfOut(_ child: String, entries: Set<String>, _ context: LintContext) -> Bool {
        let types = context.model.types
        let erasing = Set(
            context.functions(of: child).filter { $0.returnType.flatMap { types[$0] }.map(Convention.isEraser) == true }
                .map(\.name))
        func isErasedSelf(_ value: ValueFacts) -> Bool {
            guard case .call(let base, let name, let arguments, _) = value, base == nil || base == "self" else { return false }
            if let eraser = types[name], Convention.isEraser(eraser) { return arguments.contains { $0.value.refers(to: "self") } }
            return erasing.contains(name)
        }
        return reaches(child, from: entries, atMost: 8, context) { function in
            function.calls.contains { call in call.arguments.contains { isErasedSelf($0.value) } }
        }
    }

    /// The non-triggering example: a flow whose screen gets it behind the eraser.
    static let erasedScreen = """
        protocol Coordinator: AnyObject {
            func navigate(to route: String)
            func start()
        }
        final class AnyCoordinator: Coordinator {
            private let doNavigate: (String) -> Void
            private let doStart: () -> Void
            init<Wrapped: Coordinator>(_ coordinator: Wrapped) {
                doNavigate = { coordinator.navigate(to: $0) }
                doStart = { coordinator.start() }
            }
            func navigate(to route: String) { doNavigate(route) }
            func start() { doStart() }
        }
        extension Coordinator {
            func asAnyCoordinator() -> AnyCoordinator { AnyCoordinator(self) }
        }
        final class ListProcessor {
            let coordinator: AnyCoordinator
            init(coordinator: AnyCoordinator) { self.coordinator = coordinator }
        }
        final class AppCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            func navigate(to route: String) {}
            func start() {
                let list = ListCoordinator()
                list.start()
                list.navigate(to: "list")
            }
        }
        final class ListCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            func start() {}
            func navigate(to route: String) { showList() }
            private func showList() {
                let processor = ListProcessor(coordinator: asAnyCoordinator())
                print(processor)
            }
        }
        """
}
