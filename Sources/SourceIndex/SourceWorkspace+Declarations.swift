import SwiftParser
import SwiftSyntax

/// What parsed files declare, taken together: declarations merged by name, the type names
/// coordinators use, and where a file stops parsing. None of it depends on a workspace's state.
extension SourceWorkspace {
    /// The capitalized names used as the first part of a path (`TabPage.allCases`), a call, or a
    /// parameter's type, by the coordinators, by the types that create them (app delegates), and
    /// by RxFlow's steppers, whose first step the launch reads (`initialStep`, `readyToEmitSteps()`).
    ///
    /// With `runs`, only the functions of those names count (``launchRuns(in:family:startMethod:)``),
    /// with every property: the launch never runs the others, so what they use needs no reading.
    /// - Parameter launch: the types the launch files declare (``launchFiles(_:except:)``), whose
    ///   code runs at launch whether or not it names the family (Zotero's `AppCoordinator`).
    static func typeNames(
        in summaries: [FileSummary], usedBy family: Set<String>, runs: LaunchRuns? = nil, launch: Set<String> = []
    ) -> Set<String> {
        var names: Set<String> = []
        for summary in summaries {
            for index in summary.types.indices {
                let type = summary.types[index]
                guard
                    family.contains(type.name) || !type.calledNames.isDisjoint(with: family)
                        || type.inherited.contains("Stepper") || launch.contains(type.name)
                else { continue }
                if let runs, type.functions.contains(where: { !runs.contains($0) }) {
                    names.formUnion(typeNames(in: type, functions: { runs.contains($0) }))
                } else {
                    names.formUnion(type.referencedNames)
                }
            }
        }
        return names
    }

    /// The functions the launch evaluation may run, by name: initializers, start methods, the
    /// entry points UIKit and the coordinator libraries call (`application`, `scene`,
    /// `viewDidLoad`, `loadView`, XCoordinator's `prepareTransition`, RxFlow's `navigate` and
    /// `readyToEmitSteps`), every
    /// function that makes one of the family (a delegate's launch method, whatever its name, and a
    /// flow's creating method, whose call the evaluation runs to give the flow its container), and
    /// every function any of these calls, by name, whatever the receiver. A name stands for every
    /// function that has it, so this is never less than what runs.
    /// It is worked out on the name hashes each function keeps (``FunctionFacts/calleeHashes``);
    /// ``referencedTypeNames(_:of:summaries:family:makers:startMethod:launch:last:earlier:)`` keeps the last one
    /// while the parsed files' calls are the same.
    /// - Parameter family: the family's classes and the factories that make them.
    static func launchRuns(in summaries: some Sequence<FileSummary>, family: Set<String>, startMethod: String?) -> LaunchRuns {
        var runs = LaunchRuns()
        for name in launchEntryNames { runs.insert(name) }
        if let startMethod { runs.insert(WordScan.hash(startMethod)) }
        var familyHashes = WordHashes()
        for name in family { familyHashes.insert(WordScan.hash(name)) }
        // Every function once, as its name and the names it calls; those that make one of the
        // family run. Read through indices: copying a type's or a function's facts retains each
        // of their arrays, for thousands of functions at every re-index.
        var graph: [(name: UInt64, callees: [UInt64])] = []
        for summary in summaries {
            for type in summary.types.indices {
                for function in summary.types[type].functions.indices {
                    let name = summary.types[type].functions[function].nameHash
                    let callees = summary.types[type].functions[function].calleeHashes
                    graph.append((name, callees))
                    if callees.contains(where: familyHashes.contains) { runs.insert(name) }
                }
            }
        }
        // What runs calls runs too: sweep until a sweep adds nothing (as many sweeps as the
        // longest chain of calls, each a pass over an array).
        var done = [Bool](repeating: false, count: graph.count)
        var grew = true
        while grew {
            grew = false
            for index in graph.indices where !done[index] && runs.contains(graph[index].name) {
                done[index] = true
                for callee in graph[index].callees where runs.insert(callee) { grew = true }
            }
        }
        runs.seal()
        return runs
    }

    /// What UIKit, an app's launch and the coordinator libraries call without the app's code naming it.
    static let launchEntryNames: [UInt64] =
        (Convention.startNames + [
            "init", "application", "scene", "viewDidLoad", "loadView", "prepareTransition", "navigate",
            "readyToEmitSteps",
        ]).map(WordScan.hash)

    /// How the set of referenced names marks a type whose constant a condition reads
    /// (`BuildSettings.newLayout ? a : b`): `?` cannot start a Swift name, so the mark is no type's.
    static func readInCondition(_ name: String) -> String { "?" + name }

    /// The type's name a referenced name stands for, mark or not (``readInCondition(_:)``).
    static func typeName(referencedAs name: String) -> String { name.hasPrefix("?") ? String(name.dropFirst()) : name }

    /// The capitalized names one type's members use, and, marked by ``readInCondition(_:)``, those
    /// whose constants a conditional expression reads.
    static func typeNames(in type: TypeFacts, functions counted: (FunctionFacts) -> Bool = { _ in true }) -> Set<String> {
        var names: Set<String> = []
        @discardableResult
        func add(_ path: String?) -> String? {
            // Most paths start with a lowercase name (`self.router`, `viewModel.load`): told by one byte, no string made.
            guard let path, let byte = path.utf8.first(where: { $0 != UInt8(ascii: ".") }),
                byte >= 0x80 || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            else { return nil }
            var dotted = DottedNames(path)
            guard let first = dotted.next(), isCapitalized(first) else { return nil }
            names.insert(first)
            return first
        }
        func add(_ value: ValueFacts) {
            switch value {
            case .call(let base, let name, let arguments, _):
                add(base)
                add(name)
                for argument in arguments { add(argument.value) }
            case .reference(let path): add(path)
            case .array(let elements): for element in elements { add(element) }
            case .closure(_, let body?, _): add(body)
            case .instance(_, let value): add(value)
            case .choice(let condition, let then, let otherwise):
                if case .reference(let path) = condition, let type = add(path) { names.insert(readInCondition(type)) }
                add(condition)
                add(then)
                add(otherwise)
            default: break
            }
        }
        for function in type.functions where counted(function) {
            for parameter in function.parameters { add(parameter.type) }
            for call in function.calls {
                add(call.base)
                // `IntroController(navigation: nav).show()`: a type made where nothing keeps it.
                add(call.name)
                for argument in call.arguments { add(argument.value) }
            }
            for binding in function.bindings { add(binding.value) }
            for assignment in function.assignments { add(assignment.value) }
        }
        for property in type.properties {
            add(wordCharacters(of: property.typeText))
            property.value.map(add)
        }
        return names
    }

    /// True when the name starts with a capital letter; ASCII, as nearly all are, is read as a byte.
    static func isCapitalized(_ name: String) -> Bool {
        guard let byte = name.utf8.first else { return false }
        return byte < 0x80 ? (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) : name.first?.isUppercase == true
    }

    /// The letters, digits and underscores of a type's text (`[String: Coordinator]?` gives
    /// `StringCoordinator`): byte by byte when it is ASCII, which nearly all type texts are.
    static func wordCharacters(of text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.filter { $0.isLetter || $0.isNumber || $0 == "_" } }
        return String(
            decoding: text.utf8.filter { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                    true
                default: false
                }
            }, as: UTF8.self)
    }

    /// Type facts by name, extensions merged into the types they extend, in file order.
    /// `types` with what Objective-C files declare and do: a type Swift declares keeps its Swift
    /// declaration (an Objective-C category of it adds nothing the analysis reads).
    static func adding(_ objectiveC: [FileSummary], to types: [String: TypeFacts]) -> [String: TypeFacts] {
        guard !objectiveC.isEmpty else { return types }
        var types = types
        for (name, facts) in merged(objectiveC) where types[name] == nil { types[name] = facts }
        return types
    }

    static func merged(_ summaries: [FileSummary]) -> [String: TypeFacts] {
        var types: [String: TypeFacts] = [:]
        merge(summaries.flatMap(\.types), into: &types)
        return types
    }

    /// Merges `declarations` in order; a type nested in another is left out when a type of the
    /// same name is declared at the top level (a SwiftUI representable's `Coordinator` class
    /// beside the app's `Coordinator` protocol).
    static func merge(_ declarations: [TypeFacts], into types: inout [String: TypeFacts]) {
        let topLevel = Set(declarations.lazy.filter { !$0.isNested && $0.kind != .extension }.map(\.name))
        for facts in declarations where !(facts.isNested && topLevel.contains(facts.name)) { merge(facts, into: &types) }
    }

    fileprivate static func merge(_ facts: TypeFacts, into types: inout [String: TypeFacts]) {
        // Taken out while it grows: a copy the dictionary still held would make each append copy
        // the arrays it adds to (a class extended in thirty files copied its functions thirty times).
        guard var existing = types.removeValue(forKey: facts.name) else {
            types[facts.name] = facts
            return
        }
        if facts.kind != .extension {
            // The declaration itself decides the kind and the place; extensions only add.
            let added = existing
            existing = facts
            existing.properties += added.properties
            existing.functions += added.functions
            existing.inherited += added.inherited
            existing.calledNames.formUnion(added.calledNames)
            existing.referencedNames.formUnion(added.referencedNames)
            existing.assignedThroughOthers.formUnion(added.assignedThroughOthers)
        } else {
            existing.properties += facts.properties
            existing.functions += facts.functions
            existing.inherited += facts.inherited
            existing.calledNames.formUnion(facts.calledNames)
            existing.referencedNames.formUnion(facts.referencedNames)
            existing.assignedThroughOthers.formUnion(facts.assignedThroughOthers)
        }
        types[facts.name] = existing
    }

    static func firstErrorLine(_ tree: SourceFileSyntax, _ converter: SourceLocationConverter) -> Int {
        final class FirstError: SyntaxVisitor {
            var line: Int?
            let converter: SourceLocationConverter
            init(_ converter: SourceLocationConverter) {
                self.converter = converter
                super.init(viewMode: .all)
            }
            override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
                if line == nil, token.hasError || token.presence == .missing {
                    line = token.startLocation(converter: converter).line
                }
                return .visitChildren
            }
        }
        let finder = FirstError(converter)
        finder.walk(tree)
        return finder.line ?? 1
    }
}

/// The names of the functions the launch may run, by hash (``SourceWorkspace/launchRuns(in:family:startMethod:)``).
struct LaunchRuns: Sendable, Equatable {
    private var hashes = WordHashes()
    /// The hashes in the order they came, sorted once complete: what two are compared by.
    private var list: [UInt64] = []

    /// Adds a name's hash; true when it was not there.
    @discardableResult
    mutating func insert(_ hash: UInt64) -> Bool {
        let before = hashes.count
        hashes.insert(hash)
        guard hashes.count > before else { return false }
        list.append(hash)
        return true
    }

    mutating func seal() { list.sort() }

    /// Whether the launch may run functions of `function`'s name (a summary's function: every
    /// summary has its names' hashes, ``SourceWorkspace/withNames(_:)``).
    func contains(_ function: FunctionFacts) -> Bool { hashes.contains(function.nameHash) }

    func contains(_ hash: UInt64) -> Bool { hashes.contains(hash) }

    static func == (left: LaunchRuns, right: LaunchRuns) -> Bool { left.list == right.list }
}
