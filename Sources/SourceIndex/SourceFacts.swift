/// What one Swift file declares and does, as far as coordinators are concerned.
///
/// A summary depends on the file's text and the app's compilation conditions alone (the `#if`
/// clauses no build compiles are left out), never on other files, so it can be cached per file and
/// reused until the file or the conditions change. It holds no syntax nodes: once a file is summarized
/// its syntax tree is released.
struct FileSummary: Sendable {
    var path: String
    var types: [TypeFacts] = []
    var problems: [SourceProblem] = []
    /// A hash of its functions' names and the names each calls, in order (a function that calls
    /// nothing left out): equal for two versions of a file that change nothing in
    /// ``SourceWorkspace/launchRuns(in:family:startMethod:)``.
    var callGraphDigest: UInt64 = 0
}

/// A type declaration, an extension, or a typealias, and the members the extractor reads.
struct TypeFacts: Sendable {
    enum Kind: Sendable { case `class`, `protocol`, `struct`, `enum`, `extension`, `typealias` }

    var name: String
    var kind: Kind
    /// Inherited types and conformances, generic arguments removed; for a typealias, the
    /// members of the composition it names (`Coordinator & Presenting`).
    var inherited: [String]
    var file: String
    var line: Int
    /// The UTF-8 offset of the name in the declaration.
    var nameOffset = 0
    /// Declared inside another type, such as the `Coordinator` class a SwiftUI view representable
    /// declares: a type declared at the top level under the same name takes precedence.
    var isNested = false
    var properties: [PropertyFacts] = []
    var functions: [FunctionFacts] = []
    /// An enum's cases in order, with their raw values when written.
    var cases: [EnumCaseFacts] = []
    /// The names its members call, and the capitalized names they use (`TabPage.allCases`, a
    /// parameter's type): computed once per file, so each index only looks them up.
    var calledNames: Set<String> = []
    var referencedNames: Set<String> = []
    /// The properties its members assign at once through another object (`child.parent = self`),
    /// by name: computed once per file, for the launch evaluation's optionals.
    var assignedThroughOthers: Set<String> = []
}

struct EnumCaseFacts: Sendable {
    var name: String
    var rawValue: ValueFacts?
    /// The types of its associated values, by base name (`Coordinator` for `case flow(Coordinator)`).
    var payloadTypes: [String] = []
}

struct PropertyFacts: Sendable {
    var name: String
    /// The written type, such as `[Coordinator]`, without spaces; empty when inferred.
    var typeText: String
    /// The initial value, or for a computed property the returned expression.
    var value: ValueFacts?
    var isWeak: Bool
    /// A lazy property's initial value is made when the property is first read.
    var isLazy: Bool
    /// A property with a getter and no storage.
    var isComputed: Bool
    var line: Int
    /// The UTF-8 offset of the name.
    var nameOffset = 0
    /// The calls in the initial value or the getter, which run when the object is made (or, for
    /// a lazy or computed property, when it is first read).
    var calls: [CallFacts] = []
    /// What a computed property's getter returns, by the `switch` cases around each `return`.
    var returns: [ReturnFacts] = []
    /// Declared with an attribute that fills it from outside the class's code: a property wrapper
    /// (`@Injected`), an outlet, a Core Data attribute. Its value at launch is not known.
    var isFilledElsewhere = false
}

struct FunctionFacts: Sendable {
    /// The base name: `start`, `showAddBookFlow`, or `init` for initializers.
    var name: String
    /// The file it is written in, which for an extension differs from the type's.
    var file: String
    var line: Int
    /// The UTF-8 offset of the name (`init` for initializers).
    var nameOffset = 0
    /// False for a protocol requirement.
    var hasBody = true
    /// A `static` or `class` function, which runs without an instance.
    var isStatic = false
    /// For a method of an extension constrained to conformers (`extension Coordinator where Self:
    /// EditingBehavior`): the protocols `Self` must conform to, by base name.
    var constraints: [String] = []
    /// The base name of the declared result type, such as `HomeCoordinator` for `-> HomeCoordinator?`.
    var returnType: String?
    var parameters: [ParameterFacts] = []
    /// What the body returns, by the `switch` cases around each `return`.
    var returns: [ReturnFacts] = []
    /// Every call in the body, in source order.
    var calls: [CallFacts] = []
    /// Every `target = value` statement in the body, in source order.
    var assignments: [AssignmentFacts] = []
    /// Every `let name = value` and `var name = value` in the body, in source order.
    var bindings: [BindingFacts] = []
    /// Functions declared inside the body, at any depth (`func show(_:)` inside a method): their
    /// statements are the body's own whose `closure` is their `nameOffset`, run when they are called.
    var localFunctions: [FunctionFacts] = []
    /// What local functions and closures called in place (`{ … }()`) return, each with its `closure`.
    var innerReturns: [ReturnFacts] = []
    /// Where the closures that capture `self` weakly or unowned (`[weak self]`) start.
    var weakSelfClosures: [Int] = []
    /// The hash of `name` (``WordScan/hash(_:)-(String)``) and those of the names it calls, in
    /// order: what ``SourceWorkspace/launchRuns(in:family:startMethod:)`` follows, set with the
    /// file's other names (0 and empty until then).
    var nameHash: UInt64 = 0
    var calleeHashes: [UInt64] = []
}

struct ParameterFacts: Sendable {
    /// The argument label callers write, nil for `_`.
    var label: String?
    /// The name the body uses.
    var name: String
    /// The base name of its type.
    var type: String
    /// What the parameter is when a call leaves it out: `navigationController: UINavigationController = .init()`.
    var defaultValue: ValueFacts? = nil
}

/// The `switch` case a statement sits in: it runs only when `subject` is one of `cases`, or,
/// for `default`, none of `otherCases`.
struct CaseCondition: Sendable {
    /// A dotted path such as `page` or `self`.
    var subject: String
    var cases: [String]
    var isDefault: Bool
    var otherCases: [String]
    /// For `if let x = subject` (or `if let subject`) instead of a `switch` case: the statement runs
    /// unless `subject` is known to be nil; `cases` and `otherCases` are empty.
    var unlessNil = false
}

struct ReturnFacts: Sendable {
    var value: ValueFacts
    var conditions: [CaseCondition]
    /// For a return of a local function or of a closure called in place, where its statements start
    /// (the `closure` of the statements it returns from); nil for the member's own.
    var closure: Int? = nil
    /// Written in a `guard`'s `else`: it leaves early, when the guard fails.
    var leavesGuard = false
}

/// One call, `base.name(arguments)`, and where it happens.
struct CallFacts: Sendable {
    /// The receiver as a dotted path (`self.router`, `navigationController`), nil for a plain
    /// `name(...)`, and `?` when it is an expression of another kind.
    var base: String?
    var name: String
    var arguments: [ArgumentFacts]
    var line: Int
    var column: Int
    /// The UTF-8 offset in the file, which orders events.
    var offset: Int
    /// False inside a closure that runs later (an event handler, a subscription, a callback).
    var immediate: Bool
    /// The `switch` cases around it, outermost first.
    var conditions: [CaseCondition] = []
    /// The start offset of the innermost closure or local function around it, nil at the top of the body.
    var closure: Int?
    /// The source of the closure it is given (trailing or not), at most a few hundred characters.
    var closureText: String?
}

struct ArgumentFacts: Sendable, Hashable {
    var label: String?
    var value: ValueFacts
}

struct AssignmentFacts: Sendable {
    /// The assigned place as a dotted path: `tabBarController.selectedIndex`, `self.type`.
    var target: String
    var value: ValueFacts
    var line: Int
    var offset: Int
    var immediate: Bool
    var conditions: [CaseCondition] = []
    var closure: Int?
}

struct BindingFacts: Sendable {
    var name: String
    var value: ValueFacts
    var offset: Int
    var conditions: [CaseCondition] = []
    var closure: Int?
    var line = 0
    /// False inside a closure that runs later.
    var immediate = true
    /// A `let` declared without a value (`let screen: UIViewController`), set later on each path:
    /// its value is unknown until the first assignment.
    var assignedOnce = false
}

/// An expression as far as the extractor follows values: enough to tell which class a value is
/// an instance of, which enum case or literal it is, and which variable it names.
indirect enum ValueFacts: Sendable, Hashable {
    /// `base.name(arguments)`; `Foo(...)` has no base, `Foo.init(...)` has base `Foo` and name `init`.
    case call(base: String?, name: String, arguments: [ArgumentFacts], offset: Int)
    /// A variable or a dotted path of them: `controller`, `self.navigationController`.
    case reference(String)
    /// An implicit member such as `.home`.
    case caseName(String)
    /// A value of a known type: `x as! HomeViewController`, `step as? AppStep`, and the value cast.
    case instance(of: String, from: ValueFacts)
    case string(String)
    case integer(Int)
    case array([ValueFacts])
    /// A closure: its parameters' names (none for `$0`), its single expression if its body is one,
    /// and its start offset, which the statements inside it name as their `closure`.
    case closure(parameters: [String], body: ValueFacts?, start: Int)
    /// A closure of several statements called where it is written (`{ switch … }()`): its statements
    /// (their `closure` is `start`) run at once, and its value is what it returns.
    case calledClosure(start: Int)
    /// `true`, `false`.
    case boolean(Bool)
    /// `condition ? then : otherwise`.
    case choice(condition: ValueFacts, then: ValueFacts, otherwise: ValueFacts)
    case other
}

/// A problem found while reading sources: the analysis goes on without what it concerns.
public struct SourceProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var reason: String

    public init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String { "\(file):\(line): \(reason)" }
}
