import CoordinatorModel
import SwiftParser
import SwiftSyntax

/// What reading an app's sources produced: the tree as a draft document, and what could not be placed.
public struct SourceIndex: Sendable {
    /// The coordinator tree the root's `start()` builds, with flows as on-demand children.
    public var draft: TreeDraft
    public var convention: Convention?
    /// Files that could not be read or parsed, classes that could not be placed, and the like.
    public var problems: [SourceProblem]
    public var fileCount: Int
    /// Every coordinator class found, placed in the tree or not.
    public var coordinatorClasses: [String]

    /// The validated tree, or, when the sources gave none, the problems as document issues.
    public func tree() -> Result<CoordinatorTree, InvalidDocument> {
        guard draft.root != nil else {
            let reasons = problems.isEmpty ? ["no coordinator found"] : problems.map(\.description)
            return .failure(InvalidDocument(issues: reasons.map { DocumentIssue(pointer: "", reason: $0) }))
        }
        return Result { () throws(InvalidDocument) in try CoordinatorTree(validating: draft) }
    }
}

/// Reads an app's Swift sources with SwiftSyntax and builds its coordinator tree.
///
/// The tree is made of instances, not classes: a class that two parents create, or that one
/// parent creates from two places, is a node under each, so no creation edge is lost. Node ids
/// are paths of class names from the root (`AppCoordinator/TabCoordinator/HomeCoordinator`), with
/// `@method` added where one parent creates the same class from several methods.
public enum SourceIndexer {
    /// Indexes the app under `directory`; paths in the result are relative to it.
    /// - Parameter progress: called with the number of files parsed so far and the total, from any thread.
    public static func index(
        directory: String, convention override: Convention? = nil, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) -> SourceIndex {
        var problems: [SourceProblem] = []
        var given = override
        if given == nil {
            switch Convention.configured(in: directory) {
            case .success(let configured): given = configured
            case .failure(let problem): problems.append(problem)
            }
        }
        var types: [String: TypeFacts] = [:]
        var trees: [String: (SourceFileSyntax, SourceLocationConverter)] = [:]
        if let reason = SwiftFiles.unreadableDirectory(directory) {
            problems.append(SourceProblem(file: directory, line: 0, reason: "cannot read the folder: \(reason)"))
            return SourceIndex(
                draft: TreeDraft(root: nil, coordinators: []), convention: nil, problems: problems, fileCount: 0,
                coordinatorClasses: [])
        }
        let files = SwiftFiles.list(under: directory)
        // Reading and parsing is most of the work, and files are independent: all cores share it.
        let parsed = ParsedFile.parseAll(files, in: directory, progress: progress)
        for file in parsed {
            problems += file.problems
            if let tree = file.tree { trees[file.path] = tree }
            for facts in file.types { merge(facts, into: &types) }
        }

        guard let convention = given.flatMap({ $0.completed(from: types) }) ?? Convention.detect(in: types) else {
            problems.append(
                SourceProblem(
                    file: "", line: 0,
                    reason:
                        "no coordinator protocol or base class found (a type declaring an array of its own kind, such as childCoordinators)"
                ))
            return SourceIndex(
                draft: TreeDraft(root: nil, coordinators: []), convention: nil, problems: problems, fileCount: files.count,
                coordinatorClasses: [])
        }

        let classes = types.values.filter { $0.kind == .class && $0.name != convention.root }
            .filter { Convention.ancestors(of: $0.name, in: types).contains(convention.root) }
        let classNames = Set(classes.map(\.name))
        var analyses: [String: ClassAnalysis] = [:]
        for facts in classes {
            analyses[facts.name] = ClassAnalysis(facts, convention: convention, coordinators: classNames, trees: trees)
        }
        // Who creates coordinators outside coordinators (an app or scene delegate): the root's creator.
        var createdOutside: Set<String> = []
        for facts in types.values where !classNames.contains(facts.name) && facts.name != convention.root {
            let analysis = ClassAnalysis(facts, convention: convention, coordinators: classNames, trees: trees)
            createdOutside.formUnion(analysis.sites.map(\.childClass))
        }

        let created = Set(analyses.values.flatMap { $0.sites.map(\.childClass) })
        let uncreated = classNames.subtracting(created).sorted()
        let subclassed = Set(classes.flatMap(\.inherited))
        let rootCandidates = uncreated.filter { !subclassed.contains($0) }
        let root =
            rootCandidates.first { createdOutside.contains($0) } ?? rootCandidates.first { $0.contains("App") } ?? rootCandidates
            .first
            ?? classNames.sorted().first
        var assembler = TreeAssembler(analyses: analyses, types: types)
        if let root { assembler.add(root, id: root, trigger: nil, path: []) }
        // A coordinator class others inherit from and nothing creates is a base class, not a lost coordinator.
        let bases = Set(classes.flatMap(\.inherited)).intersection(classNames).subtracting(created)
        for name in classNames.sorted() where !assembler.placedClasses.contains(name) && !bases.contains(name) {
            let facts = types[name]!
            let reason =
                created.contains(name)
                ? "is created only by coordinators the root never reaches" : "is never created by another coordinator"
            problems.append(SourceProblem(file: facts.file, line: facts.line, reason: "\(name) \(reason); it is not in the tree"))
        }
        problems.append(contentsOf: assembler.problems)
        return SourceIndex(
            draft: TreeDraft(root: root, coordinators: assembler.coordinators), convention: convention, problems: problems,
            fileCount: files.count, coordinatorClasses: classNames.sorted())
    }

    /// Extensions add their members and conformances to the type they extend.
    private static func merge(_ facts: TypeFacts, into types: inout [String: TypeFacts]) {
        guard var existing = types[facts.name] else {
            types[facts.name] = facts
            return
        }
        if facts.kind != .extension {
            // The declaration itself decides the kind and the place; extensions only add.
            let members = (existing.properties, existing.functions, existing.inherited)
            existing = facts
            existing.properties += members.0
            existing.functions += members.1
            existing.inherited += members.2
        } else {
            existing.properties += facts.properties
            existing.functions += facts.functions
            existing.inherited += facts.inherited
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

/// One coordinator class: its type case, the coordinators it creates, and the order it creates them in.
struct ClassAnalysis {
    let facts: TypeFacts
    var typeCase: String?
    var sites: [CreationSite] = []
    var calls: [OwnCall] = []
    let startMethod: String

    init(
        _ facts: TypeFacts, convention: Convention, coordinators: Set<String>,
        trees: [String: (SourceFileSyntax, SourceLocationConverter)]
    ) {
        self.facts = facts
        self.startMethod = convention.startMethod
        let ownMethods = Set(facts.functions.map(\.name)).subtracting(["init"])
        for function in facts.functions {
            guard let body = function.body, let converter = trees[function.file]?.1 else { continue }
            let finder = CreationFinder(
                method: function.name, file: function.file, coordinators: coordinators, ownMethods: ownMethods,
                converter: converter)
            finder.walk(body)
            sites += finder.sites
            calls += finder.calls
        }
        // Stored property initializers run when the object is made, as the initializer does.
        if let converter = trees[facts.file]?.1 {
            for property in facts.properties {
                guard let value = property.value else { continue }
                let finder = CreationFinder(
                    method: "init", file: facts.file, coordinators: coordinators, ownMethods: [], converter: converter)
                finder.walk(value)
                sites += finder.sites
            }
        }
        typeCase = Self.typeCase(of: facts, property: convention.typeProperty)
    }

    /// The case named by `var type: CoordinatorType = .home`, `{ .home }`, or `self.type = .home` in an initializer.
    static func typeCase(of facts: TypeFacts, property: String) -> String? {
        if let value = facts.properties.first(where: { $0.name == property })?.value, let name = caseName(value) { return name }
        for function in facts.functions where function.name == "init" {
            guard let body = function.body else { continue }
            for item in body.statements {
                guard let sequence = item.item.as(SequenceExprSyntax.self) else { continue }
                let elements = Array(sequence.elements)
                guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { continue }
                let target = elements[0].trimmedDescription
                if target == property || target == "self.\(property)", let name = caseName(elements[2]) { return name }
            }
        }
        return nil
    }

    private static func caseName(_ expression: ExprSyntax) -> String? {
        expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }

    /// The creation sites in the order they happen: those reached from the start method first, in
    /// the order it runs them (helpers it calls inlined where it calls them), then the others.
    func orderedSites() -> [(site: CreationSite, onLaunch: Bool)] {
        var ordered: [(CreationSite, Bool)] = []
        var taken = Set<Int>()
        var expanded: Set<String> = []
        func run(_ method: String) {
            guard expanded.insert(method).inserted else { return }
            let events: [(offset: Int, site: CreationSite?, call: OwnCall?)] =
                sites.filter { $0.method == method && $0.immediate }.map { ($0.offset, $0, nil) }
                + calls.filter { $0.caller == method && $0.immediate }.map { ($0.offset, nil, $0) }
            for event in events.sorted(by: { $0.offset < $1.offset }) {
                if let site = event.site, taken.insert(site.offset).inserted {
                    ordered.append((site, true))
                } else if let call = event.call {
                    run(call.callee)
                }
            }
        }
        run("init")
        run(startMethod)
        for site in sites.sorted(by: { $0.offset < $1.offset }) where taken.insert(site.offset).inserted {
            ordered.append((site, false))
        }
        return ordered
    }
}

/// Turns class analyses into the instance tree, from the root down.
struct TreeAssembler {
    let analyses: [String: ClassAnalysis]
    let types: [String: TypeFacts]
    private(set) var coordinators: [CoordinatorDraft] = []
    private(set) var placedClasses: Set<String> = []
    private(set) var problems: [SourceProblem] = []

    init(analyses: [String: ClassAnalysis], types: [String: TypeFacts]) {
        self.analyses = analyses
        self.types = types
    }

    /// Adds `className` as `id`, then its children; `path` holds the classes above it.
    mutating func add(_ className: String, id: String, trigger: Trigger?, path: [String]) {
        guard let analysis = analyses[className] else { return }
        placedClasses.insert(className)
        let index = coordinators.count
        coordinators.append(
            CoordinatorDraft(
                id: id, className: className, type: analysis.typeCase, children: [],
                source: SourceLocation(file: analysis.facts.file, line: analysis.facts.line), trigger: trigger))
        let sites = analysis.orderedSites()
        let counts = Dictionary(sites.map { ($0.site.childClass, 1) }, uniquingKeysWith: +)
        var used: Set<String> = []
        for (site, onLaunch) in sites {
            if path.contains(site.childClass) || site.childClass == className {
                problems.append(
                    SourceProblem(
                        file: site.file, line: site.line,
                        reason: "\(className) creates \(site.childClass), which is already above it: the recursion is cut here"))
                continue
            }
            var childID = id + "/" + site.childClass
            if counts[site.childClass, default: 0] > 1 { childID += "@" + site.method }
            var unique = childID
            var number = 2
            while !used.insert(unique).inserted {
                unique = "\(childID)#\(number)"
                number += 1
            }
            coordinators[index].children.append(unique)
            add(site.childClass, id: unique, trigger: Trigger(method: site.method, onLaunch: onLaunch), path: path + [className])
        }
    }
}
