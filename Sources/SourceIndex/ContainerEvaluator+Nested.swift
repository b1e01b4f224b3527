/// Code a body runs by itself: functions declared inside it, run when called, and closures called
/// where they are written (`let screen = { switch state { … } }()`), run at once.
///
/// Both keep their statements in the member that holds them (their `closure` is where they start)
/// and their returns in its `innerReturns`, so each runs in a frame under the caller's: it sees the
/// caller's locals, as the code it was written in does. Closures handed on (to `map`, to a call that
/// calls them back, kept and called by name) run the same way, under the frame they were written in.
extension ContainerEvaluator {
    /// `show(viewController: controller, in: window)`: a function declared in the body being run (or
    /// in the member a closure of it belongs to), run with its parameters bound; nil when there is none.
    mutating func callLocalFunction(_ name: String, arguments: [ArgumentFacts], in frame: Frame) -> Value? {
        guard let body = frame.body,
            let local = Self.overload(named: name, labels: arguments.lazy.map(\.label), in: body.localFunctions)
        else { return nil }
        // Like a method, a local function does not run inside itself.
        let key = SiteKey(file: body.file, offset: local.nameOffset)
        guard callDepth < 24, running.insert(key).inserted else { return .unknown }
        callDepth += 1
        defer {
            callDepth -= 1
            running.remove(key)
        }
        return runInner(
            of: body, startingAt: local.nameOffset, under: frame,
            binding: local.parameters, to: arguments.map { ($0.label, .later($0.value, frame)) })
    }

    /// `{ … }()`: the closure's statements run now, in a frame under `frame`, and its value is what it returns.
    mutating func runInPlace(closure start: Int, in frame: Frame) -> Value {
        guard let body = frame.body, callDepth < 24 else { return .unknown }
        callDepth += 1
        defer { callDepth -= 1 }
        return runInner(of: body, startingAt: start, under: frame)
    }

    /// Runs the statements of `body` that start at `start` in a frame under `frame`, with the
    /// parameters of a local function bound, and returns what they return.
    private mutating func runInner(
        of body: FunctionFacts, startingAt start: Int, under frame: Frame, binding parameters: [ParameterFacts] = [],
        to arguments: [(String?, Argument)] = []
    ) -> Value {
        let inner = Frame(instance: frame.instance, file: frame.file, parent: frame, live: frame.live)
        inner.declaring = frame.declaring
        bind(parameters, to: arguments, in: inner)
        runStatements(of: body, closure: start, in: inner)
        return returned(body.innerReturns.filter { $0.closure == start }, in: inner)
    }

    /// Runs a closure's statements in a frame under the one it was written in, its parameters bound
    /// to `arguments` in order (the first also as `$0`).
    mutating func runClosure(
        parameters: [String], body: ValueFacts?, start: Int, in defining: Frame, with arguments: [Value]
    ) -> Value {
        guard callDepth < 24 else { return .unknown }
        callDepth += 1
        defer { callDepth -= 1 }
        let inner = Frame(instance: defining.instance, file: defining.file, parent: defining, live: defining.live)
        for (position, argument) in arguments.enumerated() {
            inner.locals[position < parameters.count ? parameters[position] : "$\(position)"] = argument
        }
        if let function = enclosingFunction(of: start, in: defining) { runStatements(of: function, closure: start, in: inner) }
        return body.map { evaluate($0, in: inner, name: nil) } ?? .unknown
    }

    /// `completion()`, `self?.dismissAction()`: a closure the instance holds or was passed, called.
    mutating func callClosure(named name: String, arguments: [ArgumentFacts], in frame: Frame) -> Value? {
        let value: Value
        if let local = lookup(name, in: frame) {
            value = local
        } else if property(name, of: frame.instance.className) != nil || frame.instance.properties[name] != nil {
            value = read(property: name, of: frame.instance, live: frame.live)
        } else {
            return nil
        }
        guard case .closure(let parameters, let body, let start, let box) = value, let defining = box.frame else { return nil }
        let argument = arguments.first.map { evaluate($0.value, in: frame, name: nil) } ?? .unknown
        return runClosure(parameters: parameters, body: body, start: start, in: defining, with: [argument])
    }

    /// The view controller or container class a `resolve(Name.self, …)` names, if it names one.
    func resolvedScreen(_ arguments: [ArgumentFacts]) -> String? {
        guard let first = arguments.first, first.label == nil, case .reference(let path) = first.value,
            path.hasSuffix(".self")
        else { return nil }
        let name = String(path.dropLast(5))
        return isViewControllerName(name) || containerKind(name) != nil ? name : nil
    }

    /// The function whose body holds the closure that starts at `start`.
    func enclosingFunction(of start: Int, in frame: Frame) -> FunctionFacts? {
        allFunctions(of: frame.instance.className).first { function in
            function.file == frame.file
                && (function.calls.contains { $0.closure == start } || function.bindings.contains { $0.closure == start }
                    || function.assignments.contains { $0.closure == start })
        }
    }
}
