/// Which coordinator the app starts first: the root of the tree read from sources.
///
/// The steps, in order:
/// 1. A class may be a root when no coordinator creates it but its own descendants: a log-out
///    flow that makes a fresh app coordinator does not make that class any less the root.
///    Classes other coordinators inherit from are never roots.
/// 2. Launchers (types that are no coordinator but create some) are ranked: app and scene
///    delegates first, then the launcher that creates the most classes that may be roots, then
///    by name. The first one's classes are the roots; when it creates several, a node for the
///    launcher stands above them.
///    An app extension's entry point (a credential provider, a share sheet) that starts a root
///    of its own adds its roots: a node `App+Extensions` then stands above every target's root.
///    When the first launcher is no delegate, but a delegate makes a class named as a coordinator
///    outside the family which makes the launcher (a scene delegate makes an `AppCoordinator`
///    that conforms to nothing, which makes the split view controller that creates the
///    coordinators), that class stands for the root, with the launcher's coordinators as its children.
/// 3. With no launcher, the class whose creations reach the most coordinator classes is the
///    root; ties go to a name with `App` in it, then to the first name.
struct RootChoice {
    private let analyses: [String: ClassAnalysis]
    private let launchers: [String: ClassAnalysis]
    private let types: [String: TypeFacts]
    /// The classes each coordinator class creates.
    private let creates: [String: Set<String>]
    /// The classes that may be roots, sorted.
    let candidates: [String]

    /// What the candidates were worked out from, to reuse them while it stays the same.
    let worked: RootCandidates

    init(
        analyses: [String: ClassAnalysis], launchers: [String: ClassAnalysis], types: [String: TypeFacts],
        excluded: Set<String>, reusing earlier: RootCandidates? = nil
    ) {
        self.analyses = analyses
        self.launchers = launchers
        self.types = types
        let creates = analyses.mapValues { Set($0.sites.map(\.childClass)) }
        self.creates = creates
        // An edit rarely changes which class creates which: the last index's walks still hold.
        if let earlier, earlier.excluded == excluded, earlier.creates == creates {
            candidates = earlier.candidates
            worked = earlier
            return
        }
        var creators: [String: Set<String>] = [:]
        for (parent, children) in creates {
            for child in children { creators[child, default: []].insert(parent) }
        }
        candidates = analyses.keys.filter { name in
            guard !excluded.contains(name) else { return false }
            // Most classes have one creator outside their subtree; a class nothing creates needs no walk.
            guard let makers = creators[name] else { return true }
            let made = Self.reach(from: name, creates)
            return makers.allSatisfy(made.contains)
        }.sorted()
        worked = RootCandidates(creates: creates, excluded: excluded, candidates: candidates)
    }

    /// Places the root and its subtree in `assembler`, and returns the root's id.
    func place(in assembler: inout TreeAssembler) -> String? {
        let candidateSet = Set(candidates)
        var started: [String: Set<String>] = [:]
        for launcher in launchers.values {
            let made = Set(launcher.sites.map(\.childClass)).intersection(candidateSet)
            if !made.isEmpty { started[launcher.facts.name] = made }
        }
        // Whether each launcher is a delegate, told once rather than at each comparison of the sort.
        let ranked = started.map { (key: $0.key, value: $0.value, delegate: isDelegate($0.key) ? 1 : 0) }.sorted {
            ($0.delegate, $0.value.count, $1.key) > ($1.delegate, $1.value.count, $0.key)
        }.map { (key: $0.key, value: $0.value) }
        // An app extension's entry point starts a root of its own, beside the app's.
        let extensions = ranked.dropFirst().filter { isExtensionEntry($0.key) }
        if let (name, made) = ranked.first, !extensions.isEmpty {
            let roots = ([(name, made)] + extensions).flatMap { launcher, made in
                launchers[launcher]!.sites.filter { made.contains($0.childClass) }.sorted {
                    ($0.file, $0.offset) < ($1.file, $1.offset)
                }
            }
            var seen: Set<String> = []
            assembler.addTargets(id: Self.targetsID, roots: roots.filter { seen.insert($0.childClass).inserted })
            return Self.targetsID
        }
        if let (name, made) = ranked.first, !isDelegate(name), let standIn = delegateMade(reaching: name) {
            assembler.addLauncher(launchers[name]!, creating: made, shownAs: standIn)
            return standIn.name
        }
        if let (name, made) = ranked.first, made.count > 1 {
            assembler.addLauncher(launchers[name]!, creating: made)
            return name
        }
        let root = ranked.first?.value.first ?? widest()
        if let root { assembler.add(root, id: root, trigger: nil, path: []) }
        return root
    }

    /// The id and class of the node that stands for an app and its extensions when each has a root.
    static let targetsID = "App+Extensions"

    /// The principal classes of app extensions: a credential provider, a share sheet, a file
    /// provider's actions, an iMessage app, a notification service or content, an intent handler.
    static let extensionEntryClasses: Set<String> = [
        "ASCredentialProviderViewController", "SLComposeServiceViewController", "FPUIActionExtensionViewController",
        "MSMessagesAppViewController", "UNNotificationServiceExtension", "UNNotificationContentExtension",
        "NSExtensionRequestHandling", "INExtension", "QLPreviewingController",
        "ASAccountAuthenticationModificationViewController",
        "NCWidgetProviding",
    ]

    private func isExtensionEntry(_ name: String) -> Bool {
        launchers[name].map { !Self.extensionEntryClasses.isDisjoint(with: $0.facts.inherited) } == true
    }

    /// App and scene delegates, by name or by what they conform to, and a SwiftUI app's entry
    /// (`@main struct Application: App`).
    private func isDelegate(_ name: String) -> Bool {
        guard let facts = launchers[name]?.facts ?? types[name] else { return Self.isDelegateName(name) }
        return Self.isDelegate(facts)
    }

    private static func isDelegateName(_ name: String) -> Bool {
        name.hasSuffix("AppDelegate") || name.hasSuffix("SceneDelegate")
    }

    static func isDelegate(_ facts: TypeFacts) -> Bool {
        isDelegateName(facts.name)
            || facts.inherited.contains {
                $0.hasSuffix("ApplicationDelegate") || $0.hasSuffix("SceneDelegate") || $0 == "App" || $0 == "SwiftUI.App"
            }
    }

    /// The class named as a coordinator, outside the family, that an app or scene delegate makes
    /// and that makes `launcher`; nil when none does.
    private func delegateMade(reaching launcher: String) -> TypeFacts? {
        let delegates = types.values.filter { $0.kind == .class && Self.isDelegate($0) }.sorted { $0.name < $1.name }
        for delegate in delegates {
            for made in delegate.calledNames.sorted() where Convention.hasRoleName(made) && analyses[made] == nil {
                if let facts = types[made], facts.kind == .class, facts.calledNames.contains(launcher) { return facts }
            }
        }
        return nil
    }

    /// The candidate whose creations reach the most classes.
    private func widest() -> String? {
        let pool = candidates.isEmpty ? analyses.keys.sorted() : candidates
        return pool.max { a, b in
            let reachA = Self.reach(from: a, creates).count
            let reachB = Self.reach(from: b, creates).count
            return (reachA, a.contains("App") ? 1 : 0, b) < (reachB, b.contains("App") ? 1 : 0, a)
        }
    }

    /// Every class `name`'s creations reach, directly or not, itself excluded unless it is made again.
    private static func reach(from name: String, _ creates: [String: Set<String>]) -> Set<String> {
        var seen: Set<String> = []
        var pending = Array(creates[name] ?? [])
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            pending.append(contentsOf: creates[next] ?? [])
        }
        return seen
    }
}

/// The classes that may be roots, with what they were worked out from.
struct RootCandidates: Sendable {
    var creates: [String: Set<String>]
    var excluded: Set<String>
    var candidates: [String]
}
