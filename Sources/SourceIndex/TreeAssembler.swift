import CoordinatorModel

/// Turns class analyses into the instance tree, from the root down.
struct TreeAssembler {
    let analyses: [String: ClassAnalysis]
    let types: [String: TypeFacts]
    private(set) var coordinators: [CoordinatorDraft] = []
    private(set) var placedClasses: Set<String> = []
    private(set) var problems: [SourceProblem] = []
    /// For each node, the node each of its creation sites made.
    private(set) var childBySite: [String: [SiteKey: String]] = [:]
    /// For each node, the nodes made by calls that choose among several classes, which no
    /// single site stands for.
    private(set) var chosenChildren: [String: [String]] = [:]
    /// For each class, the first node shown with its children: a flow of that class made again
    /// elsewhere on demand is shown without them, as the same as this one.
    private var shownWithChildren: [String: String] = [:]

    init(analyses: [String: ClassAnalysis], types: [String: TypeFacts]) {
        self.analyses = analyses
        self.types = types
    }

    /// Adds `className` as `id`, then its children; `path` holds the classes above it, and
    /// `live` tells whether the launch makes it (every coordinator from the root to it made at launch).
    mutating func add(_ className: String, id: String, trigger: Trigger?, path: [String], live: Bool = true) {
        guard let analysis = analyses[className] else { return }
        placedClasses.insert(className)
        // A flow whose class is already shown with its children elsewhere has the same children
        // (they depend on its class alone, bar the recursion cut): it is shown once more without
        // them, naming that node. Without this, an app whose flows open one another from many
        // screens repeats the same subtrees thousands of times.
        if !live, let first = shownWithChildren[className] {
            addNode(analysis, id: id, trigger: trigger, sites: [], path: path, live: live, sameAs: first)
            return
        }
        addNode(analysis, id: id, trigger: trigger, sites: analysis.orderedSites, path: path, live: live)
    }

    /// Adds a node for an app or scene delegate that creates several root coordinators, with
    /// those it creates (of `roots`) as its children; `shownAs` names the class the node stands
    /// for when that is not the launcher itself (the class that makes the launcher).
    mutating func addLauncher(_ analysis: ClassAnalysis, creating roots: Set<String>, shownAs: TypeFacts? = nil) {
        let sites = analysis.sites.filter { roots.contains($0.childClass) }.sorted { ($0.file, $0.offset) < ($1.file, $1.offset) }
        let shown = shownAs ?? analysis.facts
        addNode(analysis, id: shown.name, trigger: nil, sites: sites.map { ($0, $0.immediate) }, path: [], shownAs: shown)
    }

    /// Adds a node `id` standing for an app and its extensions, with each target's root below it.
    mutating func addTargets(id: String, roots: [CreationSite]) {
        let index = coordinators.count
        coordinators.append(CoordinatorDraft(id: id, className: id))
        for site in roots {
            let childID = id + "/" + site.childClass
            coordinators[index].children.append(childID)
            add(site.childClass, id: childID, trigger: Trigger(method: site.method, onLaunch: true), path: [])
        }
    }

    private mutating func addNode(
        _ analysis: ClassAnalysis, id: String, trigger: Trigger?, sites: [(site: CreationSite, onLaunch: Bool)], path: [String],
        live: Bool = true, shownAs: TypeFacts? = nil, sameAs: String? = nil
    ) {
        let shown = shownAs ?? analysis.facts
        let className = shown.name
        let index = coordinators.count
        coordinators.append(
            CoordinatorDraft(
                id: id, className: className, type: shownAs == nil ? analysis.typeCase : nil, children: [],
                source: SourceLocation(file: shown.file, line: shown.line), trigger: trigger, sameAs: sameAs))
        if shownAs == nil, !sites.isEmpty, shownWithChildren[className] == nil { shownWithChildren[className] = id }
        // A class made at one site only is named by its class: no other child can take that name
        // (a class name holds no `@` nor `#`). Only the names of classes made at several sites are
        // checked against each other.
        let counts = sites.count > 1 ? Dictionary(sites.map { ($0.site.childClass, 1) }, uniquingKeysWith: +) : [:]
        var used: Set<String> = []
        var bySite: [SiteKey: String] = [:]
        for (site, onLaunch) in sites {
            var childID = id + "/" + site.childClass
            var unique = childID
            if counts[site.childClass, default: 0] > 1 {
                childID += "@" + site.method
                unique = childID
                var number = 2
                while !used.insert(unique).inserted {
                    unique = "\(childID)#\(number)"
                    number += 1
                }
            }
            coordinators[index].children.append(unique)
            if site.isChoice {
                chosenChildren[id, default: []].append(unique)
            } else {
                bySite[SiteKey(file: site.file, offset: site.offset)] = unique
            }
            let trigger = Trigger(method: site.method, onLaunch: onLaunch)
            // A class already on the path (a wallet opening another wallet, a log-out flow making
            // a fresh app coordinator) is shown once more, without its children: the recursion stops there.
            let childLive = live && onLaunch
            if path.contains(site.childClass) || site.childClass == className, let child = analyses[site.childClass] {
                addNode(child, id: unique, trigger: trigger, sites: [], path: path + [className], live: childLive)
            } else {
                add(site.childClass, id: unique, trigger: trigger, path: path + [className], live: childLive)
            }
        }
        if !bySite.isEmpty { childBySite[id, default: [:]].merge(bySite) { $1 } }
    }
}
