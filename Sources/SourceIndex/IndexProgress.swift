import Locking

/// The files an index stat'ed, read from disk and parsed, rather than took from the cache.
public struct IndexWork: Sendable, Hashable {
    /// Files whose stamps were taken: every file when the folder was listed, only those the
    /// folder's watch named otherwise; 0 when the disk was not looked at.
    public var filesStatted: Int
    public var filesRead: Int
    public var filesParsed: Int
    /// Of `filesParsed`, those parsed in parts on several cores (``FilePart``).
    public var filesParsedInParts: Int

    public init(filesStatted: Int = 0, filesRead: Int = 0, filesParsed: Int = 0, filesParsedInParts: Int = 0) {
        self.filesStatted = filesStatted
        self.filesRead = filesRead
        self.filesParsed = filesParsed
        self.filesParsedInParts = filesParsedInParts
    }
}

/// How far an index has come.
public struct IndexProgress: Sendable {
    public enum Phase: String, Sendable {
        /// Every file is read and its words listed.
        case scanning
        /// The files that matter are parsed; there may be a few rounds.
        case parsing
    }

    public var phase: Phase
    public var done: Int
    public var total: Int
}

func report(
    _ phase: IndexProgress.Phase, _ done: Locked<Int>, _ total: Int, _ progress: (@Sendable (IndexProgress) -> Void)?
) {
    guard let progress else { return }
    let count = done.withLock { value in
        value += 1
        return value
    }
    progress(IndexProgress(phase: phase, done: count, total: total))
}

/// The names whose mention makes a file worth parsing once the convention is known.
struct FamilyNames {
    /// The protocol or base class, the protocols refining it, typealiases naming it, and every
    /// coordinator class.
    var members: Set<String> = []
    /// Functions and closures that return a member, or a carrier: factories. Files are read for
    /// them where they may be called (``WordScan/calledHash(_:)``), not wherever their name is written.
    var factories: Set<String> = []
    /// Enums with a case that carries a member (`case flow(Coordinator)`): a function returning
    /// one may hand out any of the coordinators it creates.
    var carriers: Set<String> = []

    init() {}

    init(convention: Convention, types: [String: TypeFacts]) {
        members = Set(convention.roots)
        // One pass over the types: who inherits from whom, the enums whose cases carry values,
        // the functions' return types.
        var inheritors: [String: [String]] = [:]
        inheritors.reserveCapacity(types.count)
        var payloads: [(enumName: String, types: [String])] = []
        var returns: [(function: String, type: String)] = []
        var named: [(name: String, calls: Set<String>)] = []
        // Read in place, by index: a loop over the dictionary's pairs, or over a type's functions,
        // copied each element's facts (dozens of arrays and strings retained, then released).
        for position in types.indices {
            let name = types.keys[position]
            for parent in types.values[position].inherited { inheritors[parent, default: []].append(name) }
            // With no shared protocol or base class, the name alone says which classes coordinate.
            let kind = types.values[position].kind
            if convention.root == Convention.byName, kind == .class, Convention.isNamedCoordinator(name) {
                inheritors[Convention.byName, default: []].append(name)
            }
            if Self.mayJoinByName(types.values[position]) { named.append((name, types.values[position].calledNames)) }
            if kind == .enum {
                let carried = types.values[position].cases.flatMap(\.payloadTypes)
                if !carried.isEmpty { payloads.append((types.values[position].name, carried)) }
            }
            let functions = types.values[position].functions
            for index in functions.indices {
                if let type = functions[index].returnType { returns.append((functions[index].name, type)) }
            }
        }
        // Everything that reaches the root through its inheritance: a walk down from the root.
        var seen = Set(convention.roots)
        var pending = convention.roots
        while let next = pending.popLast() {
            for child in inheritors[next] ?? [] where seen.insert(child).inserted {
                pending.append(child)
                if let kind = types[child]?.kind, kind != .extension, kind != .enum, kind != .struct { members.insert(child) }
            }
        }
        // A class named as a coordinator that adopts nothing of the convention but makes its
        // classes (a main coordinator the loading one keeps, on a protocol with no children) is
        // one of them; and so, in turn, is one that makes it.
        var joined = true
        while joined {
            joined = false
            for (name, calls) in named where !members.contains(name) && !calls.isDisjoint(with: members) {
                members.insert(name)
                joined = true
            }
        }
        for (enumName, carried) in payloads where carried.contains(where: members.contains) { carriers.insert(enumName) }
        for (function, type) in returns where members.contains(type) || carriers.contains(type) { factories.insert(function) }
    }
}

extension FamilyNames {
    /// A class of the app's, not nested in another type, named as a coordinator (`MainCoordinator`).
    static func mayJoinByName(_ facts: TypeFacts) -> Bool {
        facts.kind == .class && !facts.isNested && Convention.isNamedCoordinator(facts.name)
    }

    /// What of one type the family is made of: its kind, what it inherits, its cases' payload
    /// types, and the names and return types of its functions that return something. Types whose parts are unchanged leave
    /// the family as it was.
    struct Part: Equatable {
        var kind: TypeFacts.Kind
        var inherited: [String]
        var payloadTypes: [[String]]
        var functions: [FunctionPart]
        /// For a class that may join by its name, the names it calls.
        var calls: Set<String>

        struct FunctionPart: Equatable {
            var name: String
            var returnType: String?
        }

        init?(_ facts: TypeFacts?) {
            guard let facts else { return nil }
            kind = facts.kind
            inherited = facts.inherited
            payloadTypes = facts.cases.map(\.payloadTypes)
            calls = FamilyNames.mayJoinByName(facts) ? facts.calledNames : []
            // A function without a return type is never a factory.
            functions = facts.functions.compactMap { function in
                function.returnType.map { FunctionPart(name: function.name, returnType: $0) }
            }
        }
    }
}
