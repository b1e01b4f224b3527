import CoordinatorModel

/// What reading an app's sources produced: the tree as a draft document, and what could not be placed.
public struct SourceIndex: Sendable {
    /// The coordinator tree the root's `start()` builds, with flows as on-demand children.
    public var draft = TreeDraft(root: nil, coordinators: [])
    public var convention: Convention?
    /// Files that could not be read or parsed, classes that could not be placed, and the like.
    public var problems: [SourceProblem]
    /// The Swift files found.
    public var fileCount = 0
    /// The files parsed; the others mention nothing a coordinator is made of.
    public var parsedFileCount = 0
    /// The Objective-C files (`.m`, `.mm`) found, and those read in full; the others neither
    /// declare nor make anything a coordinator is made of.
    public var objectiveCFileCount = 0
    public var objectiveCReadCount = 0
    /// What this index read and parsed itself; a ``SourceWorkspace`` takes the rest from its cache.
    public var work = IndexWork()
    /// The declarations and analyses the tree was built from.
    var model = CodeModel()
    /// Every coordinator class found, placed in the tree or not.
    public var coordinatorClasses: [String] = []

    init(problems: [SourceProblem]) {
        self.problems = problems
    }

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
    /// Indexes the app under `directory` once; paths in the result are relative to it.
    /// ``SourceWorkspace`` indexes the same folder again cheaply.
    /// - Parameter progress: called as files are scanned and parsed, from any thread.
    public static func index(
        directory: String, convention override: Convention? = nil, progress: (@Sendable (IndexProgress) -> Void)? = nil
    ) -> SourceIndex {
        SourceWorkspace(directory: directory).index(convention: override, progress: progress)
    }

    /// Builds the tree from the merged declarations of the files that matter.
    /// - Parameters:
    ///   - known: the convention, when the caller has found it in these types already.
    ///   - earlier: the analysis of the same app before some files changed, whose class
    ///     analyses are kept where nothing they depend on changed.
    ///   - knownFamily: the family of `known` in these types, when the caller has it already.
    static func analyze(
        _ types: [String: TypeFacts], convention known: Convention? = nil, given: Convention?, problems: [SourceProblem],
        earlier: EarlierAnalysis? = nil, family knownFamily: FamilyNames? = nil
    ) -> SourceIndex {
        var index = SourceIndex(problems: problems)
        guard let convention = known ?? given.flatMap({ $0.completed(from: types) }) ?? Convention.detect(in: types) else {
            index.problems.append(
                SourceProblem(
                    file: "", line: 0,
                    reason:
                        "no coordinator protocol or base class found (a type keeping an array of its own kind, such as childCoordinators, or one child of its own kind, such as currentFlowController)"
                ))
            return index
        }
        index.convention = convention
        let family = knownFamily.flatMap { known == convention ? $0 : nil } ?? FamilyNames(convention: convention, types: types)
        let roots = Set(convention.roots)
        // A type eraser (`AnyCoordinator(coordinator)`) stands for the coordinator it wraps, as the protocol does.
        let classes = types.values.filter {
            $0.kind == .class && !roots.contains($0.name) && family.members.contains($0.name) && !Convention.isEraser($0)
        }
        let classNames = Set(classes.map(\.name))
        // The earlier analysis's parts are taken out once: asked through `earlier?.…` in the
        // closures below, the whole analysis was copied at every question (hundreds per re-index).
        let changedTypes = earlier?.changedTypes
        // What each type adds to the rules is worked out again only for the types that changed.
        let creation = CreationRules(
            types: types, coordinators: classNames, family: family.members, carriers: family.carriers,
            last: earlier?.model.rules, changed: changedTypes)
        // A class analysis depends on the class's declarations, the convention and the rules alone
        // (rules carried from the last ones equal them, and are not compared set by set).
        let keptModel = earlier.flatMap {
            $0.model.convention == convention && (creation.isCarried || $0.model.rules == creation) ? $0.model : nil
        }
        func keeps(_ name: String) -> Bool { keptModel != nil && changedTypes?.contains(name) == false }
        // Each class is analysed on its own: those not kept are analysed on every core.
        var analyses: [String: ClassAnalysis] = [:]
        var fresh: [TypeFacts] = []
        for facts in classes {
            if keeps(facts.name), let kept = keptModel?.analyses[facts.name] {
                analyses[facts.name] = kept
            } else {
                fresh.append(facts)
            }
        }
        // Who creates coordinators outside coordinators (an app or scene delegate): the root's creator.
        var launchers: [String: ClassAnalysis] = [:]
        var freshLaunchers: [TypeFacts] = []
        // A protocol is never made: its extensions create for the classes that conform to it.
        for facts in types.values
        where facts.kind != .protocol && !classNames.contains(facts.name) && !roots.contains(facts.name) {
            if keeps(facts.name) {
                launchers[facts.name] = keptModel?.launchers[facts.name]
                continue
            }
            // Most types create no coordinator: skip those whose calls name none, nor any factory.
            guard
                !facts.calledNames.isDisjoint(with: creation.creatingNames)
                    || facts.properties.contains(where: { creation.providedClass($0) != nil })
            else { continue }
            freshLaunchers.append(facts)
        }
        let made = concurrentMap(fresh + freshLaunchers) {
            ClassAnalysis($0, convention: convention, rules: creation, launcher: !classNames.contains($0.name))
        }
        for analysis in made.prefix(fresh.count) { analyses[analysis.facts.name] = analysis }
        for analysis in made.dropFirst(fresh.count) where !analysis.sites.isEmpty { launchers[analysis.facts.name] = analysis }

        let created = Set(analyses.values.flatMap { $0.sites.map(\.childClass) })
        let subclassed = Set(classes.flatMap(\.inherited))
        var assembler = TreeAssembler(analyses: analyses, types: types)
        var navigation: [String: String] = [:]
        var evaluationMemo: ContainerEvaluator.Memo?
        var tabsSetAt: [String: SiteKey] = [:]
        let choice = RootChoice(
            analyses: analyses, launchers: launchers, types: types, excluded: subclassed,
            reusing: earlier?.model.rootCandidates)
        let root = choice.place(in: &assembler)
        if let root {
            // The containers the launch builds: stacks, tabs, the window.
            // What the last evaluation worked out per class and per body, where the edit left it true.
            let carried = earlier.flatMap { earlier in
                earlier.model.evaluationMemo?.carried(
                    into: types, coordinatorClasses: classNames,
                    changed: .init(types: earlier.changedTypes, files: earlier.changedFiles, earlierTypes: earlier.model.types))
            }
            var evaluator = ContainerEvaluator(
                types: types, coordinators: assembler.coordinators, coordinatorClasses: classNames,
                startMethod: convention.startMethod, childBySite: assembler.childBySite,
                chosenChildren: assembler.chosenChildren, memo: carried)
            // Under a node for the app and its extensions, the app's root builds what is on screen.
            let launched = root == RootChoice.targetsID ? assembler.coordinators.first?.children.first ?? root : root
            let launchedClass = assembler.coordinators.first { $0.id == launched }?.className ?? root
            let launcher = launchers.values.sorted { $0.facts.name < $1.facts.name }.lazy.compactMap { launcher in
                launcher.sites.first { $0.childClass == launchedClass }.map { (launcher.facts, $0) }
            }.first
            evaluator.run(root: launched, launcher: launcher)
            let built = evaluator.output(coordinators: assembler.coordinators)
            index.problems.append(contentsOf: evaluator.problems)
            index.draft.containers = built.containers
            index.draft.window = built.window
            navigation = built.navigation
            tabsSetAt = built.tabsSetAt
            evaluationMemo = evaluator.memo
            // Its objects are freed on another core, while this one finishes the index; its memo
            // stays with the model, for the next index.
            ContainerEvaluator.retire(consume evaluator)
        }
        // A coordinator class others inherit from and nothing creates is a base class, not a lost coordinator.
        let bases = subclassed.intersection(classNames).subtracting(created)
        // For a class made only outside coordinators (a view controller, Objective-C code): the
        // first place that makes it, by file and offset (then maker, for a protocol extension's
        // site that several makers share), worked out in one pass over the sites.
        var firstMaker: [String: (maker: String, site: CreationSite)] = [:]
        for launcher in launchers.values {
            for site in launcher.sites {
                if let known = firstMaker[site.childClass],
                    (known.site.file, known.site.offset, known.maker) <= (site.file, site.offset, launcher.facts.name)
                {
                    continue
                }
                firstMaker[site.childClass] = (launcher.facts.name, site)
            }
        }
        let unplaced = classNames.sorted().filter { !assembler.placedClasses.contains($0) && !bases.contains($0) }
        let users = Self.placedUsers(
            of: Set(unplaced.compactMap { firstMaker[$0]?.maker }), placed: assembler.placedClasses, types: types)
        func outsideMaker(_ maker: String, _ site: CreationSite) -> String {
            let place = "\(maker) (\(site.file):\(site.line))"
            guard let user = users[maker] else { return "\(place), which no coordinator in the tree creates" }
            return "\(place); \(user), in the tree, uses that type, "
                + "but a coordinator is placed only under a coordinator that creates it"
        }
        for name in unplaced {
            let facts = types[name]!
            let outside = firstMaker[name]
            let reason =
                if created.contains(name), let (maker, site) = outside {
                    "is created by coordinators the root never reaches, and by \(outsideMaker(maker, site))"
                } else if created.contains(name) {
                    "is created only by coordinators the root never reaches"
                } else if let (maker, site) = outside {
                    "is created only by \(outsideMaker(maker, site))"
                } else {
                    "is never created by another coordinator"
                }
            index.problems.append(
                SourceProblem(file: facts.file, line: facts.line, reason: "\(name) \(reason); it is not in the tree"))
        }
        index.problems.append(contentsOf: assembler.problems)
        index.model = CodeModel(
            types: types, convention: convention, rules: creation, analyses: analyses, launchers: launchers,
            tabsSetAt: tabsSetAt, baseClasses: bases, rootCandidates: choice.worked, family: family,
            evaluationMemo: evaluationMemo)
        var coordinators = assembler.coordinators
        for position in coordinators.indices { coordinators[position].navigation = navigation[coordinators[position].id] }
        index.draft = TreeDraft(
            root: root, window: index.draft.window, coordinators: coordinators, containers: index.draft.containers)
        index.coordinatorClasses = classNames.sorted()
        return index
    }
}

extension SourceIndexer {
    /// For each of `makers` (types outside the coordinators that make one), the first class of
    /// `placed` by name whose code names it (a screen it makes, a helper it calls): a coordinator
    /// such a maker makes is still not placed under it. A placed class's names are hashed only
    /// when some maker has their length: most have none.
    static func placedUsers(of makers: Set<String>, placed: Set<String>, types: [String: TypeFacts]) -> [String: String] {
        guard let longest = makers.lazy.map(\.utf8.count).max() else { return [:] }
        var hasLength = [Bool](repeating: false, count: longest + 1)
        for maker in makers { hasLength[maker.utf8.count] = true }
        var users: [String: String] = [:]
        for user in placed.sorted() {
            guard let called = types[user]?.calledNames else { continue }
            for name in called {
                let length = name.utf8.count
                if length <= longest, hasLength[length], makers.contains(name), users[name] == nil { users[name] = user }
            }
        }
        return users
    }
}

/// A place where a coordinator creates another one.
struct CreationSite: Sendable {
    var method: String
    var file: String
    var childClass: String
    var line: Int
    var column: Int
    /// False inside a closure that runs later (an event handler, a subscription, a callback).
    var immediate: Bool
    /// The position in the file, for ordering.
    var offset: Int
    /// The length of the callee as written (`HomeCoordinator`, `factory.makeHome`), in UTF-8 bytes.
    var length: Int
    /// True when the call may make one of several classes (a function returning a carrier
    /// enum): this site is one of them, and other sites share its place.
    var isChoice = false
}

/// A call from one of a coordinator's methods to another of its own.
struct OwnCall: Sendable {
    var caller: String
    var callee: String
    var immediate: Bool
    var offset: Int
}

/// A place in the sources: a file and a UTF-8 offset in it.
struct SiteKey: Hashable {
    var file: String
    var offset: Int

    // The launch evaluation looks sites up by the hundred thousand: the offset and the path's
    // length tell nearly all of them apart, without hashing the whole path at each lookup.
    func hash(into hasher: inout Hasher) {
        hasher.combine(offset)
        hasher.combine(file.utf8.count)
    }

    static func == (lhs: SiteKey, rhs: SiteKey) -> Bool { lhs.offset == rhs.offset && lhs.file == rhs.file }
}

/// What an earlier analysis of the same app worked out, and which types changed since.
struct EarlierAnalysis {
    var model: CodeModel
    /// The types declared or extended in files that changed, came or went.
    var changedTypes: Set<String>
    /// The files that changed, came or went.
    var changedFiles: Set<String>
}
