/// How an index decides which files to parse: the rounds, from the convention's candidates to
/// the family's files and, last, the helpers the launch uses.
extension SourceWorkspace {
    struct Outcome {
        var parsed: [Int]
        var summaries: [Int: FileSummary]
        var convention: Convention?
        var asked: Set<UInt64>
        var referenced: Set<String>
        /// Each file's share of `referenced`, and the family members it was worked out for.
        var referencedByFile: [String: Set<String>] = [:]
        /// What the launch may run, and what it was worked out from (as in ``Previous``).
        var launchRuns = LaunchRuns()
        var launchMakers: Set<String> = []
        var launchStart: String?
        var callGraphDigests: [String: UInt64] = [:]
        var familyMembers: Set<String> = []
        /// The types the launch files declare (``typeNames(in:usedBy:runs:launch:)``).
        var launchTypes: Set<String> = []
        /// The parsed files' declarations merged, when the rounds merged them all.
        var types: [String: TypeFacts]?
        /// The family of `convention` in `types`, when `types` is set.
        var family: FamilyNames?
        /// Whether `family` is the last index's, kept because no type that changed since differs
        /// in what the family is made of.
        var familyKept = false
        /// The helpers' bases looked for (as in ``Previous``).
        var basesAsked: Set<String> = []
    }

    /// Decides which files to parse, and parses them: the files that can declare the
    /// convention, then every file that mentions a name of the coordinator family found so far,
    /// until no new name appears; last, the files declaring what coordinators use (enums,
    /// routers, custom containers). From a previous outcome, only changed files are looked at
    /// anew; nil when the previous outcome no longer holds.
    func rounds(
        _ entries: [CachedFile], given: Convention?, from last: Previous?, changes: Changes, objectiveCNames: Set<UInt64>,
        parseEverything: Bool = false, progress: (@Sendable (IndexProgress) -> Void)?
    ) -> Outcome? {
        var parsed = Set<Int>()
        var asked = Set<UInt64>()
        var pending: [Int]
        // Candidates for the convention read only if the first ones give no root named as a coordinator.
        var laterCandidates: [Int] = []
        var readNamedCoordinators = false
        if parseEverything {
            pending = Array(entries.indices)
        } else if let last {
            asked = last.asked
            let declared = last.declared.union(changes.entries.flatMap(\.scan.declared))
            let askedBefore = Array(asked)
            pending = entries.indices.filter { index in
                let entry = entries[index]
                // Files that did not change are the very entries the last index had.
                if last.parsedFiles[ObjectIdentifier(entry)] != nil { return true }
                guard changes.contains(entry) else { return false }
                if last.parsed.contains(entry.path) { return true }
                return entry.scan.contains(any: askedBefore)
                    || entry.scan.bracketed.contains(where: declared.contains)
                    || given.map { entry.scan.declared.contains($0.root) } == true
            }
        } else if let root = given?.root {
            let rootHash = [WordScan.hash(root)]
            asked = Set(rootHash)
            pending = entries.indices.filter { entries[$0].scan.contains(any: rootHash) }
        } else {
            let candidates = conventionCandidates(entries)
            (pending, laterCandidates) = (candidates.first, candidates.later)
            // No candidate is named as a coordinator (a database's `[Record]`, a form's `[Field]`):
            // the files declaring classes so named go first, since detection ranks a root named as
            // a coordinator above any other; the candidates are read if those give no such root.
            if !candidates.named, !pending.isEmpty {
                let named = namedCoordinatorFiles(entries, except: [])
                if !named.isEmpty {
                    readNamedCoordinators = true
                    let first = Set(named)
                    (pending, laterCandidates) = (named, pending.filter { !first.contains($0) })
                }
            }
        }
        var summaries: [Int: FileSummary] = [:]
        var family = FamilyNames()
        var convention: Convention?
        var types: [String: TypeFacts]?
        // Detection reads every declaration; its answer can only change when a file's declared or
        // bracketed names changed, or the file declaring the root changed.
        let keepsConvention =
            last.map { last in
                // A convention inferred from a base declared outside the app depends on every coordinator's declaration.
                guard let root = last.convention?.root, !changes.hinting, last.declared.contains(root) else {
                    return false
                }
                return !changes.entries.contains { $0.scan.declared.contains(root) }
            } ?? false
        var familyKept = false
        // Whether `family` is that of every parsed file, which no helper read after it could change.
        var familyFromRounds = true
        if pending.isEmpty, last == nil {
            readNamedCoordinators = true
            pending = namedCoordinatorFiles(entries, except: [])
        }
        let pieces = PiecesOfFiles(entries)
        while !pending.isEmpty {
            pending = pieces.withTheirTypes(pending, except: parsed)
            for (index, summary) in zip(pending, summarize(pending, of: entries, progress: progress)) {
                summaries[index] = summary
            }
            // The first round of an index again parses what the last one did, and what changed.
            let firstAgain = parsed.isEmpty ? last : nil
            parsed.formUnion(pending)
            let order = parsed.sorted()
            // The types merged again since the last index, when this round starts from it.
            var remerged: Set<String>?
            let merged =
                if let firstAgain {
                    Self.merged(order, of: entries, summaries: summaries, updating: firstAgain, changed: &remerged)
                } else if let types {
                    // A later round: only the types the new files declare or extend are merged again.
                    Self.merged(types, adding: pending, of: order, summaries: summaries)
                } else {
                    Self.merged(order.compactMap { summaries[$0] })
                }
            types = merged
            convention =
                given.flatMap({ $0.completed(from: merged) })
                ?? (keepsConvention ? last?.convention : Convention.detect(in: merged))
            // The first candidates gave no root named as a coordinator: read the others.
            if !laterCandidates.isEmpty, convention.map({ !Convention.isCoordinatorName($0.root) }) ?? true {
                pending = laterCandidates
                laterCandidates = []
                continue
            }
            // No declaration read so far keeps children of its own kind, or only one not named as
            // a coordinator (a view keeping its subviews): read the files that declare classes
            // named as coordinators, whose shared base tells the convention.
            if !readNamedCoordinators, convention.map({ !Convention.isCoordinatorName($0.root) }) ?? true {
                readNamedCoordinators = true
                pending = namedCoordinatorFiles(entries, except: parsed)
                if !pending.isEmpty { continue }
            }
            guard let convention else { break }
            let kept = Self.sameFamily(as: firstAgain, convention: convention, types: merged, changed: remerged)
            familyKept = kept != nil
            family = kept ?? FamilyNames(convention: convention, types: merged)
            // A factory matters where it may be called; a coordinator's name where the file may make,
            // extend or return one (``WordScan/made(_:)``), not where it is only a property's type.
            let names = Set(family.members.map(WordScan.madeHash)).union(
                family.factories.subtracting(family.members).map(WordScan.calledHash)
            ).union(objectiveCNames)
            // A family that lost a name, or another convention, may need fewer files: start over.
            if let last, last.convention != convention || !names.isSuperset(of: last.asked) { return nil }
            let fresh = names.subtracting(asked)
            asked.formUnion(fresh)
            // Thousands of files, each looked up for hundreds of names: on every core.
            let done = parsed
            let freshHashes = Array(fresh)
            pending =
                fresh.isEmpty
                ? []
                : concurrentFilter(entries.indices) { !done.contains($0) && entries[$0].scan.contains(any: freshHashes) }
        }
        if last != nil, convention == nil { return nil }
        var outcomeReferenced: Set<String> = []
        var referencedByFile: [String: Set<String>] = [:]
        var launchRuns = LaunchRuns()
        let makers = family.members.union(family.factories)
        var digests: [String: UInt64] = [:]

        var launchTypes: Set<String> = []
        var basesAsked: Set<String> = []
        if !parseEverything {
            // The delegates and the classes named as coordinators they mention run at launch, family
            // or not: what their code uses is looked for among the helpers as the family's is.
            let launchFiles = Self.launchFiles(entries, except: [])
            launchTypes = Set(launchFiles.flatMap { entries[$0].scan.declared })
            func referencedNames(after earlier: (runs: LaunchRuns, byFile: [String: Set<String>])? = nil) -> Set<String> {
                let (referenced, byFile, runs, fileDigests) = Self.referencedTypeNames(
                    parsed, of: entries, summaries: summaries, family: family.members, makers: makers,
                    startMethod: convention?.startMethod, launch: launchTypes, last: last, earlier: earlier)
                (referencedByFile, launchRuns, digests, outcomeReferenced) = (byFile, runs, fileDigests, referenced)
                return referenced
            }
            func read(_ files: [Int]) {
                let batch = pieces.withTheirTypes(files, except: parsed)
                for (index, summary) in zip(batch, summarize(batch, of: entries, progress: progress)) {
                    summaries[index] = summary
                }
                parsed.formUnion(batch)
                guard !batch.isEmpty else { return }
                types = types.map { Self.merged($0, adding: batch, of: parsed.sorted(), summaries: summaries) }
                // A helper may extend a type the family is made of: the analysis works it out again.
                familyFromRounds = false
                familyKept = false
            }
            let referenced = referencedNames()
            let helpers = Self.helperFiles(
                entries, referenced: referenced, known: types ?? [:], except: parsed, changes: changes,
                unchanged: last?.referenced == referenced)
            let helperSet = Set(helpers)
            let launchRead = launchFiles.filter { !parsed.contains($0) && !helperSet.contains($0) }
            read(helpers + launchRead)
            // Launch files read only now (a delegate making an `AppCoordinator` outside the family):
            // the helpers their code uses are read the same way.
            if !launchRead.isEmpty {
                let more = referencedNames(after: (launchRuns, referencedByFile))
                // Only a file that writes a name new to the set may declare it: looked up among each
                // file's words, not its declarations.
                let added = more.subtracting(referenced).map { WordScan.hash(Self.typeName(referencedAs: $0)) }
                if !added.isEmpty {
                    let writing = concurrentFilter(entries.indices) { entries[$0].scan.contains(any: added) }
                    read(
                        Self.helperFiles(
                            entries, referenced: more, known: types ?? [:], except: parsed, changes: changes, unchanged: false,
                            among: writing))
                }
            }
            // What the helpers the launch uses inherit from, where a file not read declares it and
            // touches screens: a router that only names its base (`final class KitchenRouter:
            // BaseRouter {}`) runs the base's `show(_:)`, which pushes. A few levels up.
            var heirs = outcomeReferenced
            for _ in 0..<3 {
                let (files, missing, bases) = Self.baseFiles(
                    entries, types: types ?? [:], of: heirs, family: family.members, except: parsed,
                    asked: last?.basesAsked, changes: changes)
                basesAsked.formUnion(missing)
                if !files.isEmpty { read(files) }
                heirs = bases
                if heirs.isEmpty { break }
            }
            // The app's extensions of UIKit's view controllers, whose methods the launch runs on the
            // screens and containers it calls them on (`viewController.embed(child)`).
            let kit = Self.kitExtensionFiles(entries, except: parsed, changes: changes, fresh: last == nil)
            if !kit.isEmpty { read(kit) }
        }
        return Outcome(
            parsed: parsed.sorted(), summaries: summaries, convention: convention, asked: asked, referenced: outcomeReferenced,
            referencedByFile: referencedByFile, launchRuns: launchRuns, launchMakers: makers,
            launchStart: convention?.startMethod, callGraphDigests: digests, familyMembers: family.members,
            launchTypes: launchTypes, types: types,
            family: familyFromRounds && types != nil && convention != nil ? family : nil, familyKept: familyKept,
            basesAsked: basesAsked)
    }
}
