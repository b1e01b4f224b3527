/// Which files an index parses, and what it keeps of the last index's choice: none of it
/// reads the disk; each works on the entries' word scans and the summaries already made.
extension SourceWorkspace {
    /// The positions of `wanted` in `entries`, which are in path order, in ascending order.
    static func positions(of wanted: [CachedFile], in entries: [CachedFile]) -> [Int] {
        wanted.compactMap { entry in
            var low = 0
            var high = entries.count
            while low < high {
                let middle = (low + high) / 2
                if entries[middle].path < entry.path { low = middle + 1 } else { high = middle }
            }
            return low < entries.count && entries[low] === entry ? low : nil
        }.sorted()
    }

    /// The type names coordinators use (``typeNames(in:usedBy:runs:launch:)`` of the parsed files), with each
    /// file's share. A file that did not change keeps its share from the last index when the
    /// family is the same; when no share changed, the names are the last index's, without
    /// taking the union of every file's names again (most re-indexes change one file).
    /// Only what the launch may run counts (``launchRuns(in:family:startMethod:)``): the names a
    /// flow's `showDetail()` uses, a screen factory for one, are not read for the launch. Shares
    /// are kept only while the functions it may run are the same too.
    /// - Parameter earlier: the shares and the functions the launch may run from an earlier pass of
    ///   the same index: a file's share is kept unless one of its functions may run now and could not then.
    static func referencedTypeNames(
        _ parsed: Set<Int>, of entries: [CachedFile], summaries: [Int: FileSummary], family: Set<String>,
        makers: Set<String>, startMethod: String?, launch: Set<String>, last: Previous?,
        earlier: (runs: LaunchRuns, byFile: [String: Set<String>])? = nil
    ) -> (names: Set<String>, byFile: [String: Set<String>], runs: LaunchRuns, digests: [String: UInt64]) {
        // What the launch may run is the last index's when the same files give the same calls
        // (a re-index after an edit inside a function body): working it out again costs a pass
        // over every function of the parsed files.
        let digests = Dictionary(uniqueKeysWithValues: parsed.map { (entries[$0].path, summaries[$0]?.callGraphDigest ?? 0) })
        let runs =
            if let last, last.launchMakers == makers, last.launchStart == startMethod, last.callGraphDigests == digests {
                last.launchRuns
            } else {
                launchRuns(in: parsed.lazy.compactMap { summaries[$0] }, family: makers, startMethod: startMethod)
            }
        let reusable = last.flatMap {
            $0.familyMembers == family && $0.launchTypes == launch && $0.launchRuns == runs ? $0 : nil
        }
        // The last shares, updated where files changed: most are kept as they are.
        var byFile = reusable?.referencedByFile ?? earlier?.byFile ?? [:]
        var same = reusable != nil
        let fresh = parsed.sorted().filter { index in
            let entry = entries[index]
            if let reusable { return reusable.parsedFiles[ObjectIdentifier(entry)] == nil || byFile[entry.path] == nil }
            guard let earlier, byFile[entry.path] != nil, let summary = summaries[index] else { return true }
            return summary.types.contains { type in
                type.functions.contains { runs.contains($0) && !earlier.runs.contains($0) }
            }
        }
        // Each file's share on every core: a pass over every member of every parsed file.
        let shares = concurrentMap(fresh) { index in
            summaries[index].map { typeNames(in: [$0], usedBy: family, runs: runs, launch: launch) } ?? []
        }
        for (index, share) in zip(fresh, shares) {
            let path = entries[index].path
            if same, reusable?.referencedByFile[path] != share { same = false }
            byFile[path] = share
        }
        // Files parsed last time and not now leave their share behind: keep only the parsed files'.
        if byFile.count != parsed.count {
            same = false
            let paths = Set(parsed.map { entries[$0].path })
            byFile = byFile.filter { paths.contains($0.key) }
        }
        if same, let reusable { return (reusable.referenced, byFile, runs, digests) }
        return (byFile.values.reduce(into: Set<String>()) { $0.formUnion($1) }, byFile, runs, digests)
    }

    /// The files that may declare the coordinator protocol or base class: those where a class or
    /// protocol of the app keeps an array of its own kind or of one of its ancestors (`[Coordinator]`
    /// written in the file of a type whose inheritance clauses lead to `Coordinator`), and the files
    /// declaring that element. The types between, which descend from it, are read in the rounds.
    /// An array of another type (`[Room]` in a list's view model) says nothing of the convention.
    ///
    /// - Returns: in `first`, when some element or a type keeping it is named as a coordinator,
    ///   the files of those alone, and the others in `later`: detection ranks a root named as a
    ///   coordinator above any other, and the root is the element or the type keeping it, so a
    ///   database's `[Group]` or an XML tree's `[Element]` is read only when the first files give
    ///   no such root. Otherwise every candidate is in `first`, and `named` is false.
    func conventionCandidates(_ entries: [CachedFile]) -> (first: [Int], later: [Int], named: Bool) {
        // The names written alone in brackets anywhere (a few hundred), then the files declaring
        // each of them, found in one pass over the thousands of names declared: no set of those.
        var bracketed: Set<String> = []
        for entry in entries where !entry.scan.bracketed.isEmpty { bracketed.formUnion(entry.scan.bracketed) }
        guard !bracketed.isEmpty else { return ([], [], false) }
        var declaring: [String: [Int]] = [:]
        for index in entries.indices {
            for name in entries[index].scan.declared where bracketed.contains(name) {
                declaring[name, default: []].append(index)
            }
        }
        guard !declaring.isEmpty else { return ([], [], false) }
        // What each type inherits, as the scans' inheritance clauses say (extensions included),
        // repeats and all: the walk up below visits each name once.
        var parents: [String: [String]] = [:]
        parents.reserveCapacity(entries.count)
        for entry in entries {
            for header in entry.scan.headers where !header.inherited.isEmpty {
                parents[header.name, default: []] += header.inherited
            }
        }
        var known: [String: Set<String>] = [:]
        func ancestors(_ name: String) -> Set<String> {
            if let found = known[name] { return found }
            var seen: Set<String> = []
            var pending = parents[name] ?? []
            while let next = pending.popLast() {
                guard seen.insert(next).inserted else { continue }
                pending.append(contentsOf: parents[next] ?? [])
            }
            known[name] = seen
            return seen
        }
        // Elements an array of which a type of the same file may keep as its children, and
        // those of them that the element's or the keeping type's name says coordinate.
        var elements: Set<String> = []
        var bracketing: Set<Int> = []
        var named: Set<String> = []
        var namedBracketing: Set<Int> = []
        for index in entries.indices where !entries[index].scan.bracketed.isEmpty {
            let entry = entries[index]
            for element in entry.scan.bracketed where declaring[element] != nil {
                // `class Node { var children: [Node] }`, or a type whose clauses (here or in an
                // extension elsewhere) lead to the element.
                func leads(_ name: String) -> Bool { name == element || ancestors(name).contains(element) }
                let keepers = entry.scan.declared.filter(leads) + entry.scan.headers.map(\.name).filter(leads)
                guard !keepers.isEmpty else { continue }
                elements.insert(element)
                bracketing.insert(index)
                if Convention.isCoordinatorName(element) || keepers.contains(where: Convention.isCoordinatorName) {
                    named.insert(element)
                    namedBracketing.insert(index)
                }
            }
        }
        guard !elements.isEmpty else { return ([], [], false) }
        // The files that keep an element's array, and those declaring an element.
        let all = elements.reduce(into: bracketing) { $0.formUnion(declaring[$1] ?? []) }.sorted()
        guard !named.isEmpty else { return (all, [], false) }
        let first = named.reduce(into: namedBracketing) { $0.formUnion(declaring[$1] ?? []) }
        return (first.sorted(), all.filter { !first.contains($0) }, true)
    }

    /// The files, not parsed yet, declaring what the coordinators use to build their screens that
    /// names no coordinator: enums (tabs made from `allCases`, a title per case), routers, custom
    /// navigation controllers, code that makes view controllers, and the types whose constants a
    /// coordinator's conditional expression reads (a build setting choosing a layout). View
    /// controllers are known by name and not read, unless their declaration's clause names a
    /// container (Zotero's `MasterContainerViewController: UINavigationController`), nor are the view
    /// models and services of a file that touches no screen (its scan says so: ``WordScan/mayTouchScreens``).
    /// A name the parsed files already declare is not looked for elsewhere: `Constants.rowHeight` in a
    /// coordinator is its own nested enum's, not that of the hundred screens with an enum of that name.
    /// Nor is a name looked for among types nested in others: `Error` written alone is Swift's, not a
    /// service's `enum Error` (``WordScan/topLevel``).
    /// A struct conforming to a protocol the coordinators use, whose own code touches screens, is
    /// read too: what a coordinator is given for the protocol may be any conformer (`flow:
    /// .pushFlow(…)`, made by a factory of the protocol's extension, in the struct's file).
    /// In an RxFlow app (its flows take the library's `Step`), the app's extensions of `Step` are
    /// read too, since a flow's `navigate(to:)` often turns the step into the app's enum through
    /// one (`step.asAppStep`), and the steppers the coordinators name that give a first step
    /// (`initialStep`, `readyToEmitSteps()`), which the launch reads: such a file often touches no
    /// screen. A view model that is a stepper too, and steps only when the user acts, is not read.
    /// - Parameters:
    ///   - known: the types the parsed files declare, merged.
    ///   - unchanged: the coordinators reference the same names as at the last index: only the
    ///     changed files can newly match, found by path (entries are in path order).
    /// - Parameter among: the only entries to look at, when the caller knows the others cannot match.
    static func helperFiles(
        _ entries: [CachedFile], referenced: Set<String>, known: [String: TypeFacts], except parsed: Set<Int>, changes: Changes,
        unchanged: Bool, among: [Int]? = nil
    ) -> [Int] {
        // Asked of the names the candidates declare, not worked out for every name referenced.
        @Sendable func isWanted(_ name: String) -> Bool { referenced.contains(name) && known[name] == nil }
        @Sendable func isReadInCondition(_ name: String) -> Bool {
            known[name] == nil && referenced.contains(readInCondition(name))
        }
        // A protocol the coordinators use (a struct conforms to nothing else): what they are given
        // for it may be any of its conformers.
        @Sendable func isUsedProtocol(_ name: String) -> Bool {
            referenced.contains(name) && (known[name].map { $0.kind == .protocol } ?? true)
        }
        let isRxFlow = referenced.contains("Step") && known["Step"] == nil
        // Only files read anew can match now; their entries are those `changes` holds.
        let candidates = among ?? (unchanged ? positions(of: changes.entries, in: entries) : Array(entries.indices))
        return concurrentFilter(candidates) { index in
            let scan = entries[index].scan
            // A name used alone is that of a type declared outside any other.
            func topLevel(_ test: @escaping (String) -> Bool) -> (String) -> Bool {
                { scan.topLevel.contains($0) && test($0) }
            }
            return !parsed.contains(index)
                && (scan.enums.contains(where: topLevel(isWanted)) && mayMatter(enumsOf: scan)
                    // A screen is known by its name, unless its file declares it as no view controller
                    // (`ConflictAlertQueueController`, which presents alerts on the screen it is given).
                    || scan.declared.contains { name in
                        scan.screenTouching.contains(name) && topLevel(isWanted)(name)
                            && (!isPlainScreenName(name) || declaresNoViewController(name, in: scan))
                    }
                    // Named as a screen, declared as a container (`MasterViewController: UINavigationController`).
                    || scan.headers.contains { header in
                        topLevel(isWanted)(header.name) && header.inherited.contains(where: isContainerName)
                    }
                    // A struct conforming to such a protocol whose own code drives screens (`flow: .pushFlow(…)`,
                    // a value made by a factory of the protocol's extension, which pushes).
                    || scan.headers.contains { header in
                        header.inherited.contains(where: isUsedProtocol) && scan.screenTouching.contains(header.name)
                            && scan.structs.contains(header.name) && known[header.name] == nil
                    }
                    || scan.enums.contains(where: topLevel(isReadInCondition))
                    || scan.declared.contains(where: topLevel(isReadInCondition))
                    || scan.structs.contains(where: topLevel(isReadInCondition))
                    || isRxFlow && scan.headers.contains { $0.name == "Step" }
                    || isRxFlow && scan.contains(any: Self.firstStepWords)
                        && scan.headers.contains { $0.inherited.contains("Stepper") && isWanted($0.name) })
        }
    }

    /// The files not parsed that declare, at the top level, the superclass of one of the `heirs`, parsed
    /// classes outside the family (or the first protocol of one that has none), where their code
    /// touches screens (``WordScan/screenTouching``): the helper's methods are the base's. A screen's
    /// base is not looked for (screens are known by name, their code not run), nor are UIKit's and
    /// Foundation's names.
    /// - Parameter asked: the names the last index looked for: when none is new, only the files
    ///   that changed since (`changes`) can newly match.
    /// - Returns: the files; the names looked for; and the bases one level up, parsed already or
    ///   looked for, whose own bases the next level looks for (a re-index has parsed the bases a
    ///   fresh index reads level by level, and must go on up the same chain).
    static func baseFiles(
        _ entries: [CachedFile], types: [String: TypeFacts], of heirs: Set<String>, family: Set<String>,
        except parsed: Set<Int>, asked: Set<String>?, changes: Changes
    ) -> (files: [Int], missing: Set<String>, bases: Set<String>) {
        var missing: Set<String> = []
        var bases: Set<String> = []
        for heir in heirs {
            // The superclass, or the first protocol of a class that has none.
            guard let type = types[heir], type.kind == .class, let name = type.inherited.first,
                !name.hasPrefix("UI"), !name.hasPrefix("NS"), !isPlainScreenName(heir), !family.contains(heir)
            else { continue }
            bases.insert(name)
            if types[name] == nil { missing.insert(name) }
        }
        guard !missing.isEmpty else { return ([], [], bases) }
        let hashes = missing.map(WordScan.hash)
        let wanted = missing
        let candidates =
            asked.map(missing.isSubset) == true ? positions(of: changes.entries, in: entries) : Array(entries.indices)
        let files = concurrentFilter(candidates) { index in
            let scan = entries[index].scan
            return !parsed.contains(index) && scan.contains(any: hashes)
                && scan.declared.contains { name in
                    wanted.contains(name) && scan.topLevel.contains(name) && scan.screenTouching.contains(name)
                }
        }
        return (files, missing, bases)
    }

    /// The files that extend one of UIKit's view controller classes (``ContainerEvaluator/kitClasses``),
    /// but those in `parsed`: the launch runs the methods they add on the screens and containers it
    /// calls them on. After an edit (`fresh` false) only the files that changed can newly match:
    /// the others that do were parsed by the last index, whose files an index parses again.
    static func kitExtensionFiles(_ entries: [CachedFile], except parsed: Set<Int>, changes: Changes, fresh: Bool) -> [Int] {
        let candidates = fresh ? Array(entries.indices) : positions(of: changes.entries, in: entries)
        return candidates.filter { index in
            let scan = entries[index].scan
            return !parsed.contains(index) && scan.contains(any: kitClassHashes)
                && scan.headers.contains { ContainerEvaluator.kitClasses.contains($0.name) }
        }
    }

    private static let kitClassHashes = ContainerEvaluator.kitClasses.map(WordScan.hash)

    /// Whether `scan`'s file declares `name` with no superclass, or with `NSObject` as its
    /// superclass: whatever its name, no view controller (a superclass comes first in the clause).
    /// An extension in the same file of a class declared without a clause counts as a clause:
    /// the file is then left unread, as any screen's is.
    static func declaresNoViewController(_ name: String, in scan: WordScan) -> Bool {
        guard let header = scan.headers.first(where: { $0.name == name }) else { return true }
        return header.inherited.first == "NSObject"
    }

    /// Whether the enums a file declares may matter to the launch: it writes `case` (their cases,
    /// or a `switch` in their members), or may touch screens. An enum with neither is a namespace
    /// of constants and functions that make nothing the launch shows (SwiftGen's `L10n`, the
    /// strings every screen uses: Element X's is 322 KB), unless a condition reads its constant.
    static func mayMatter(enumsOf scan: WordScan) -> Bool {
        scan.contains(any: caseWord) || scan.mayTouchScreens
    }

    private static let caseWord = [WordScan.hash("case")]

    /// The words of a stepper that gives a first step of its own.
    static let firstStepWords: [UInt64] = ["initialStep", "readyToEmitSteps"].map(WordScan.hash)

    /// A container view controller's name: `UINavigationController`, an app's `RootTabBarController`.
    static func isContainerName(_ name: String) -> Bool {
        name.hasSuffix("Controller") && !isPlainScreenName(name)
    }

    /// A view controller's name (`…Controller`, or `…VC` as many apps abbreviate it) that does not
    /// say it is a container (`…NavigationController`, `…TabBarController`, a split or page view
    /// controller): the launch knows such screens by name and never reads their files.
    static func isPlainScreenName(_ name: String) -> Bool {
        guard name.hasSuffix("Controller") || name.hasSuffix("VC") else { return false }
        // Searched as bytes: a `UTF8View`'s generic `contains` of another collection cost 40,000
        // instructions a name, a twentieth of what an index of ElementIOS did on one core.
        return !["Navigation", "TabBar", "Split", "Page"].contains { ByteSearch.contains($0, in: name) }
    }

    /// The app and scene delegates, and the classes named as coordinators they mention: a delegate
    /// may make an `AppCoordinator` of no coordinator type, which makes what creates the coordinators.
    /// A fresh index and one after changes read the same files: the choice looks at every entry.
    static func launchFiles(_ entries: [CachedFile], except parsed: Set<Int>) -> [Int] {
        let delegates = entries.indices.filter { entries[$0].mentionsDelegate }
        guard !delegates.isEmpty else { return [] }
        let delegateScans = delegates.map { entries[$0].scan.words }
        let isDelegate = Set(delegates)
        var launch = delegates.filter { !parsed.contains($0) }
        for (index, entry) in entries.enumerated() where !entry.roleNamed.isEmpty {
            guard !parsed.contains(index), !isDelegate.contains(index) else { continue }
            if entry.roleNamed.contains(where: { hash in delegateScans.contains { $0.contains(hash) } }) {
                launch.append(index)
            }
        }
        return launch.sorted()
    }

    /// The words that declare an app or scene delegate.
    static let delegateWords: [UInt64] = [
        "UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate", "NSApplicationDelegate",
    ].map(WordScan.hash)

    /// The files that declare a class or protocol named `…Coordinator`, `…Flow` or `…FlowController`, but those in `parsed`.
    func namedCoordinatorFiles(_ entries: [CachedFile], except parsed: Set<Int>) -> [Int] {
        entries.indices.filter { index in
            !parsed.contains(index)
                && entries[index].scan.declared.contains { Convention.hasRoleName($0) || Convention.isFlowControllerName($0) }
        }
    }

    /// The last index's family, when it holds for `types`: the convention is the same, and the
    /// types merged again since (`changed`) differ from their last version in nothing the
    /// family is made of (``FamilyNames/Part``). Nil when it must be worked out again.
    static func sameFamily(
        as last: Previous?, convention: Convention, types: [String: TypeFacts], changed: Set<String>?
    ) -> FamilyNames? {
        guard let last, let family = last.family, last.convention == convention, let changed else { return nil }
        let before = last.mergedSwift
        for name in changed where FamilyNames.Part(before[name]) != FamilyNames.Part(types[name]) { return nil }
        return family
    }

    /// The last index's merged types brought up to date with the files now parsed: the types of
    /// files that changed, came or went are merged again, in file order; the others are kept.
    /// - Parameter changedNames: set to the names merged again, unless every type was.
    static func merged(
        _ parsed: [Int], of entries: [CachedFile], summaries: [Int: FileSummary], updating last: Previous,
        changed changedNames: inout Set<String>?
    ) -> [String: TypeFacts] {
        var types = last.mergedSwift
        guard !types.isEmpty else { return merged(parsed.compactMap { summaries[$0] }) }
        var changed: Set<String> = []
        defer { changedNames = changed }
        // How many of the files parsed now were parsed last time: an entry the last index parsed
        // is one of them without looking its path up.
        var stillParsed = 0
        for index in parsed {
            let entry = entries[index]
            if last.parsedFiles[ObjectIdentifier(entry)] != nil {
                stillParsed += 1
                continue
            }
            if last.parsed.contains(entry.path) { stillParsed += 1 }
            changed.formUnion(summaries[index]?.types.map(\.name) ?? [])
            changed.formUnion(last.typeNames[entry.path] ?? [])
        }
        // Files parsed last time and not now: looked for only when some are.
        if stillParsed != last.parsed.count {
            let now = Set(parsed.lazy.map { entries[$0].path })
            for path in last.parsed where !now.contains(path) { changed.formUnion(last.typeNames[path] ?? []) }
        }
        merge(again: changed, of: parsed, summaries: summaries, into: &types)
        return types
    }

    /// `types`, merged from the files before, with the files `added` merged in: as merging all of
    /// `parsed` (which holds both, in file order) would give, but only the types the added files
    /// declare or extend are merged again.
    static func merged(
        _ types: [String: TypeFacts], adding added: [Int], of parsed: [Int], summaries: [Int: FileSummary]
    ) -> [String: TypeFacts] {
        var types = types
        let changed = Set(added.flatMap { summaries[$0]?.types.map(\.name) ?? [] })
        merge(again: changed, of: parsed, summaries: summaries, into: &types)
        return types
    }

    /// Merges the types named `names` again from every declaration of them in `parsed`, in file
    /// order (a nested type is left out beside a top-level one of its name, as ``merge(_:into:)`` does:
    /// all declarations of a name are among those merged again).
    private static func merge(
        again names: Set<String>, of parsed: [Int], summaries: [Int: FileSummary], into types: inout [String: TypeFacts]
    ) {
        guard !names.isEmpty else { return }
        for name in names { types[name] = nil }
        // An edit changes a handful of types: each type of every parsed file is tested against
        // their names without hashing it (`Set.membership`), and only their declarations are copied.
        let isChanged = names.membership
        var declarations: [TypeFacts] = []
        for index in parsed {
            guard let declared = summaries[index]?.types else { continue }
            for position in declared.indices where isChanged(declared[position].name) {
                declarations.append(declared[position])
            }
        }
        merge(declarations, into: &types)
    }
}
