/// A span of a source file: where a name or a call is written.
public struct SourceSpan: Sendable, Hashable {
    /// Relative to the indexed folder.
    public var file: String
    /// The UTF-8 offset of the first byte.
    public var offset: Int
    /// In UTF-8 bytes.
    public var length: Int
    /// 1-based, for people; editors convert `offset` with the file's text.
    public var line: Int

    public init(file: String, offset: Int, length: Int, line: Int) {
        self.file = file
        self.offset = offset
        self.length = length
        self.line = line
    }
}

/// A coordinator class as the editor shows it: where it is declared, its type, where it is created.
public struct CoordinatorClass: Sendable {
    public var name: String
    /// The class name in its declaration.
    public var declaration: SourceSpan
    /// The `CoordinatorType` case it declares.
    public var typeCase: String?
    /// Its nodes in the tree (one per place it is created from).
    public var nodeIDs: [String]
    /// Every place a coordinator (or a delegate) creates it.
    public var creations: [Creation]
    /// The classes it creates, in the order it creates them.
    public var childClasses: [String]
}

/// One place where a class is created.
public struct Creation: Sendable, Hashable {
    /// The class (a coordinator, or an app or scene delegate) whose code creates it.
    public var parentClass: String
    /// The method that creates it.
    public var method: String
    /// True when the parent's start method creates it.
    public var onLaunch: Bool
    /// The call that creates it.
    public var span: SourceSpan
}

/// A call to `findCoordinator(type: .x)` in a coordinator's code.
public struct FindCoordinatorCall: Sendable, Hashable {
    public var typeCase: String
    /// The class whose method calls it: the search starts from each of its nodes.
    public var callerClass: String
    public var method: String
    public var span: SourceSpan
}

/// What the analysis knew when it built the tree, kept for the lint rules and the editor.
struct CodeModel: Sendable {
    var types: [String: TypeFacts] = [:]
    var convention: Convention?
    /// Which calls create coordinators, as the analysis decided.
    var rules: CreationRules?
    /// Coordinator classes, by name.
    var analyses: [String: ClassAnalysis] = [:]
    /// App or scene delegates that create coordinators, by name.
    var launchers: [String: ClassAnalysis] = [:]
    /// For each tab bar container, where its tabs are set.
    var tabsSetAt: [String: SiteKey] = [:]
    /// Coordinator classes others inherit from and nothing creates.
    var baseClasses: Set<String> = []
    /// The classes that may be roots, reused by the next index while creations stay the same.
    var rootCandidates: RootCandidates?
    /// The family of `convention` in `types` (Objective-C classes included).
    var family: FamilyNames?
    /// What the launch evaluation worked out per class and per body, for the next index to carry.
    var evaluationMemo: ContainerEvaluator.Memo?
}

extension SourceIndex {
    /// Every coordinator class, placed in the tree or not, by name.
    public var classes: [CoordinatorClass] {
        let nodesByClass = Dictionary(grouping: draft.coordinators, by: \.className).mapValues { $0.map(\.id) }
        var creations: [String: [Creation]] = [:]
        for analysis in model.analyses.values.sorted(by: { $0.facts.name < $1.facts.name })
            + model.launchers.values.sorted(by: { $0.facts.name < $1.facts.name })
        {
            for (site, onLaunch) in analysis.orderedSites {
                creations[site.childClass, default: []].append(
                    Creation(
                        parentClass: analysis.facts.name, method: site.method, onLaunch: onLaunch,
                        span: SourceSpan(file: site.file, offset: site.offset, length: site.length, line: site.line)))
            }
        }
        return model.analyses.values.sorted { $0.facts.name < $1.facts.name }.map { analysis in
            let facts = analysis.facts
            var seen: Set<String> = []
            return CoordinatorClass(
                name: facts.name,
                declaration: SourceSpan(
                    file: facts.file, offset: facts.nameOffset, length: facts.name.utf8.count, line: facts.line),
                typeCase: analysis.typeCase, nodeIDs: nodesByClass[facts.name] ?? [],
                creations: creations[facts.name] ?? [],
                childClasses: analysis.orderedSites.map(\.site.childClass).filter { seen.insert($0).inserted })
        }
    }

    /// Every `findCoordinator(type: .x)` call in coordinator code.
    public var findCoordinatorCalls: [FindCoordinatorCall] {
        model.analyses.values.sorted { $0.facts.name < $1.facts.name }.flatMap { analysis in
            analysis.facts.functions.flatMap { function in
                function.calls.compactMap { call -> FindCoordinatorCall? in
                    guard call.name == "findCoordinator", let argument = call.arguments.first(where: { $0.label == "type" }),
                        case .caseName(let typeCase) = argument.value
                    else { return nil }
                    return FindCoordinatorCall(
                        typeCase: typeCase, callerClass: analysis.facts.name, method: function.name,
                        span: SourceSpan(file: function.file, offset: call.offset, length: call.name.utf8.count, line: call.line))
                }
            }
        }
    }
}
