/// Values the code has not set yet: stored optionals still nil at launch, so that
/// `if let lock = lockScreen { … }` does not run, and `let` constants declared without a value.
///
/// A property is known to be nil when it is optional, has no initial value, is neither lazy nor
/// computed nor filled by an attribute (a property wrapper, an outlet), the run has not assigned it, and no code of the app assigns it through another object
/// at once (`child.parent = self`, which the run does not record): only code that runs later
/// (a subscription's closure, an event handler) or the object's own code does.
extension ContainerEvaluator {
    final class OptionalFacts {
        /// Property names some code assigns at once through another object, computed once per run.
        var assignedThroughOthers: Set<String>?
    }

    /// True when `subject`, a property of the frame's instance (`lockScreen`, `self.lockScreen`), is nil now.
    func isKnownNil(_ subject: String, in frame: Frame) -> Bool {
        let name = subject.hasPrefix("self.") ? String(subject.dropFirst(5)) : subject
        guard !name.contains("."), frame.instance.properties[name] == nil else { return false }
        // A local or a parameter of that name is another value.
        var scope: Frame? = frame
        while let current = scope {
            if current.locals[name] != nil || current.pending[name] != nil { return false }
            scope = current.parent
        }
        guard let facts = property(name, of: frame.instance.className), facts.value == nil, !facts.isLazy,
            !facts.isComputed, !facts.isFilledElsewhere, facts.typeText.hasSuffix("?")
        else { return false }
        return !assignedThroughOthers().contains(name)
    }

    /// The names of properties assigned at once through another object anywhere in the app.
    func assignedThroughOthers() -> Set<String> {
        if let known = optionals.assignedThroughOthers { return known }
        var names: Set<String> = []
        for type in types.values where !type.assignedThroughOthers.isEmpty {
            names.formUnion(type.assignedThroughOthers)
        }
        optionals.assignedThroughOthers = names
        return names
    }

    /// The names of properties one type's methods assign at once through another object: worked
    /// out once per file when it is read, as the launch evaluation asks about every type's.
    static func assignedThroughOthers(in type: TypeFacts) -> Set<String> {
        var names: Set<String> = []
        for function in type.functions {
            for assignment in function.assignments where assignment.immediate {
                // `child.parent = self`: a path of two names or more, not starting at `self`, looked at byte by byte.
                let target = assignment.target.utf8
                guard let dot = target.lastIndex(of: UInt8(ascii: ".")), !assignment.target.hasPrefix("self.")
                else { continue }
                names.insert(String(assignment.target[target.index(after: dot)...]))
            }
        }
        return names
    }

    /// True when `name` is a `let` local declared without a value (`let screen: UIViewController`) and
    /// already assigned: Swift sets it once on any path, so a second assignment the run reaches is
    /// another branch of an `if` it could not decide, and the first stays, as the window's first root does.
    func isAssigned(constant name: String, in frame: Frame) -> Bool {
        var scope: Frame? = frame
        while let current = scope {
            if let value = current.locals[name] {
                guard current.assignedOnce.contains(name) else { return false }
                if case .unknown = value { return false }
                return true
            }
            scope = current.parent
        }
        return false
    }
}
