/// Code a body runs by itself: functions declared inside it, run when called, and closures called
/// where they are written (`let screen = { switch state { … } }()`), run at once.
///
/// Both keep their statements in the member that holds them (their `closure` is where they start)
/// and their returns in its `innerReturns`, so each runs in a frame under the caller's: it sees the
/// caller's locals, as the code it was written in does.
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
}
