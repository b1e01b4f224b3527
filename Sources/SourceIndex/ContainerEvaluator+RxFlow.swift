import CoordinatorModel

/// Apps built on RxFlow, whose library the app's sources do not contain: what it does at launch,
/// modelled here because the evaluator cannot read it.
///
/// `coordinate(flow:with:)` (a `FlowCoordinator`'s) navigates the flow to its stepper's first
/// step: the stepper's `initialStep`, the step its `readyToEmitSteps()` emits at once
/// (`steps.accept(…)`, `Observable.just(…)`), or a `OneStepper(withSingleStep:)`'s. The flow's
/// `navigate(to:)` runs for that step, and what it returns (`.one(flowContributor:)`,
/// `.multiple(flowContributors:)` of `.contribute(withNextPresentable:withNextStepper:)` or
/// `.contribute(withNext:)`) names the flows coordinated next, each with its stepper. A screen
/// handed on with its stepper (a view model) steps only when the user acts: nothing follows.
/// `Flows.use(…, when:)` and `Flows.whenReady(flow1:…)` call their closure at once with each
/// flow's `root`.
extension ContainerEvaluator {
    /// How many flows deep a launch is followed: each one's first step hands on the next.
    static let flowDepthLimit = 8

    /// The RxFlow calls the evaluation models, or nil for any other call.
    mutating func flowCall(
        base: String?, name: String, arguments: [ArgumentFacts], in frame: Frame
    ) -> Value? {
        func argument(_ label: String) -> ArgumentFacts? { arguments.first { $0.label == label } }
        switch (base, name) {
        case (_, "coordinate"):
            guard let flow = argument("flow") else { return nil }
            let stepper = argument("with").map { evaluate($0.value, in: frame, name: nil) } ?? .unknown
            coordinate(evaluate(flow.value, in: frame, name: nil), with: stepper, live: frame.live, depth: 0)
            return .unknown
        case ("Flows", "use"), ("Flows", "whenReady"):
            useRoots(of: arguments, in: frame)
            return .unknown
        case (nil, "contribute"):
            guard let presentable = argument("withNextPresentable") ?? argument("withNext") else { return nil }
            let flow = evaluate(presentable.value, in: frame, name: nil)
            let stepper = argument("withNextStepper").map { evaluate($0.value, in: frame, name: nil) } ?? flow
            return .contributors([Contribution(presentable: flow, stepper: stepper)])
        case (nil, "one"), (nil, "multiple"):
            // `.one(flowContributor: c)`, `.multiple(flowContributors: [c, …])`, `.multiple(c, …)`.
            var all: [Contribution] = []
            for argument in arguments {
                switch evaluate(argument.value, in: frame, name: nil) {
                case .contributors(let some): all += some
                case .list(let elements):
                    for case .contributors(let some) in elements { all += some }
                default: break
                }
            }
            return .contributors(all)
        case (nil, "OneStepper"):
            guard let step = argument("withSingleStep") else { return nil }
            return .singleStep(evaluate(step.value, in: frame, name: nil))
        default:
            return nil
        }
    }

    /// Runs the flow's `navigate(to:)` for the stepper's first step, then coordinates what it hands on.
    mutating func coordinate(_ flow: Value, with stepper: Value, live: Bool, depth: Int) {
        guard depth < Self.flowDepthLimit, case .object(let object) = flow,
            let navigate = function("navigate", in: object.className, labels: ["to"]),
            let step = firstStep(of: stepper, live: live)
        else { return }
        guard case .contributors(let next) = run(navigate, of: object, arguments: [("to", .value(step))], live: live) else {
            return
        }
        for contribution in next {
            coordinate(contribution.presentable, with: contribution.stepper, live: live, depth: depth + 1)
        }
    }

    /// The step a stepper gives first: its `initialStep`, or what `readyToEmitSteps()` emits before
    /// anything else happens; nil when neither is an enum case the evaluation knows.
    mutating func firstStep(of stepper: Value, live: Bool) -> Value? {
        switch stepper {
        case .singleStep(let step):
            return step.isEnumCase ? step : nil
        case .object(let object):
            if property("initialStep", of: object.className) != nil {
                let step = read(property: "initialStep", of: object, live: live)
                if step.isEnumCase { return step }
            }
            guard let ready = function("readyToEmitSteps", in: object.className, labels: []) else { return nil }
            let frame = Frame(instance: object, file: ready.file, live: live)
            for call in ready.calls
            where call.closure == nil && call.arguments.count == 1 && (call.name == "accept" || call.name == "just") {
                let step = evaluate(call.arguments[0].value, in: frame, name: nil)
                if step.isEnumCase { return step }
            }
            return nil
        default:
            return nil
        }
    }

    /// `Flows.use(home, search, when: .created) { homeRoot, searchRoot in … }`: the closure runs
    /// now, each parameter the `root` of its flow.
    mutating func useRoots(of arguments: [ArgumentFacts], in frame: Frame) {
        guard let last = arguments.last,
            case .closure(let parameters, let body, let start, let box) =
                evaluate(last.value, in: frame, name: nil), let defining = box.frame
        else { return }
        var roots: [Value] = []
        for argument in arguments.dropLast() where argument.label != "when" {
            roots.append(root(of: evaluate(argument.value, in: frame, name: nil), live: frame.live))
        }
        _ = runClosure(parameters: parameters, body: body, start: start, in: defining, with: roots)
    }

    /// A flow's `root` (`var root: Presentable { navigationController }`): a screen or container.
    mutating func root(of flow: Value, live: Bool) -> Value {
        guard case .object(let object) = flow, property("root", of: object.className) != nil else { return flow }
        return read(property: "root", of: object, live: live)
    }
}

extension ContainerEvaluator.Value {
    var isEnumCase: Bool {
        if case .enumCase = self { return true }
        return false
    }
}
