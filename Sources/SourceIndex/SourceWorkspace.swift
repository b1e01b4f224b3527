import Dispatch
import Locking
import SwiftParser
import SwiftSyntax
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An app's folder, indexed again and again: what each file gave is kept, so an index after a
/// change reads and parses only the files that changed.
///
/// Most of an app's files (views, models, services) never mention a coordinator. Every file is
/// first scanned for its words, which is cheap; only files that mention the coordinator
/// protocol or base class, one of its coordinators, or a factory of them, are parsed.
public final class SourceWorkspace: Sendable {
    public let directory: String
    let cache = Locked(Cache())
    /// The trees of the files the last few edits made it parse again, for the next edit's parse.
    let keptParses = Locked(KeptParses())

    /// The last index's files, in its order (a large file whole, its pieces within it).
    var lastEntries: [CachedFile] { cache.withLock { $0.entries } }
    /// What the index being made has read and parsed, rather than taken from the cache.
    let work = Locked(IndexWork())
    /// Held for the whole of an index, so two never interleave.
    private let turn = Locked(())
    /// The folder's Swift files as last listed, with their stamps, and from the second index on,
    /// the watch that says which of them changed since.
    private let listed = Locked<(listing: Listing, watch: (any FolderWatch)?)?>(nil)
    private let previous = Locked<Previous?>(nil)
    /// The app's compilation conditions, and the project files' stamps they were read from: read
    /// again only when a project file changed, came or went.
    private let compilation = Locked<(stamps: [String: FileStamp], conditions: CompilationConditions)?>(nil)

    /// Files this long or longer are read in pieces (``FilePieces``).
    let pieceThreshold: Int
    /// Files this long or longer, read whole, are parsed in `partCount` parts when fewer than
    /// `partsBelow` files are parsed at once (``FilePart``).
    let partThreshold: Int
    let partCount: Int
    let partsBelow: Int

    public convenience init(directory: String) {
        self.init(directory: directory, pieceThreshold: FilePieces.threshold)
    }

    init(
        directory: String, pieceThreshold: Int, partThreshold: Int = FilePieces.partThreshold,
        partCount: Int = processorCount, partsBelow: Int = processorCount
    ) {
        self.directory = directory
        self.pieceThreshold = pieceThreshold
        self.partThreshold = partThreshold
        self.partCount = partCount
        self.partsBelow = partsBelow
    }

    /// Indexes the app, reusing what did not change since the last call. Calls from several
    /// threads take turns.
    /// - Parameters:
    ///   - override: the convention to use instead of `.navinspect.json` or detection.
    ///   - overlays: texts that replace files' contents (unsaved editor buffers), by relative path.
    ///   - parseEverything: parse every file instead of only those that can matter; the result
    ///     is the same, which the tests check.
    ///   - diskChanged: false when only `overlays` changed since the last index (an editor's
    ///     unsaved edit): the folder is then not listed again, and files are not checked for changes.
    ///   - progress: called as files are scanned and parsed, from any thread.
    public func index(
        convention override: Convention? = nil, overlays: [String: String] = [:], parseEverything: Bool = false,
        diskChanged: Bool = true, progress: (@Sendable (IndexProgress) -> Void)? = nil
    ) -> SourceIndex {
        turn.withLock { _ in
            indexAlone(
                convention: override, overlays: overlays, parseEverything: parseEverything, diskChanged: diskChanged,
                progress: progress)
        }
    }

    private func indexAlone(
        convention override: Convention?, overlays: [String: String], parseEverything: Bool, diskChanged: Bool,
        progress: (@Sendable (IndexProgress) -> Void)?
    ) -> SourceIndex {
        work.withLock { $0 = IndexWork() }
        var problems: [SourceProblem] = []
        var given = override
        if given == nil {
            switch Convention.configured(in: directory) {
            case .success(let configured): given = configured
            case .failure(let problem): problems.append(problem)
            }
        }
        if let reason = SwiftFiles.unreadableDirectory(directory) {
            problems.append(SourceProblem(file: directory, line: 0, reason: "cannot read the folder: \(reason)"))
            return SourceIndex(problems: problems)
        }
        let listing = listed.withLock { last in
            if last == nil || diskChanged {
                // Taken out first, so that a watch's changes update the only copy of the listing
                // instead of a copy of its thousands of files.
                let current = last.take()
                last = relisted(current)
            }
            return last!.listing.files
        }
        conditionsRead(listed.withLock { $0?.listing.projectFiles } ?? [])
        var files = listing.map { ($0.path, FileVersion.disk($0.stamp)) }
        var added = false
        if !overlays.isEmpty {
            let positions = Dictionary(uniqueKeysWithValues: files.enumerated().map { ($1.0, $0) })
            for (path, text) in overlays {
                if let index = positions[path] {
                    files[index].1 = .overlay(text)
                } else {
                    files.append((path, .overlay(text)))
                    added = true
                }
            }
        }
        if added { files.sort { $0.0 < $1.0 } }
        let (scanned, changes) = scan(files, progress: progress)
        // Tests kept beside the app's code are no part of the app.
        let entries = scanned.contains(where: \.isTestCode) ? scanned.filter { !$0.isTestCode } : scanned
        let looked = lookAtObjectiveC(
            listed.withLock { $0?.listing.objectiveCFiles } ?? [], everything: parseEverything)
        // Swift files that may make a coordinator class Objective-C declares (``WordScan/madeHash(_:)``).
        let objectiveCNames = Set(
            looked.compactMap(\.summary).flatMap(\.types).filter { $0.kind == .class && Convention.hasRoleName($0.name) }
                .map { WordScan.madeHash($0.name) })
        let last = previous.withLock { $0 }
        /// The index, with the Objective-C files the analysis reads once the rounds tell what the
        /// launch and the family need.
        func finished(_ outcome: Outcome, last: Previous?, declared: Set<String>?) -> SourceIndex {
            let objectiveC = objectiveCRead(
                looked, everything: parseEverything, referenced: outcome.referenced,
                names: outcome.launchMakers.union(outcome.convention.map { [$0.root] } ?? []))
            var index = finish(
                outcome, entries: entries, objectiveC: objectiveC, given: given, problems: problems, last: last,
                declared: declared)
            index.objectiveCFileCount = looked.count
            index.objectiveCReadCount = objectiveC.count
            return index
        }
        // Start from what the last index decided when the convention was given the same way;
        // if what it asked for no longer holds, decide again from nothing.
        if !parseEverything, let last, last.given == given,
            let outcome = rounds(
                entries, given: given, from: last, changes: changes, objectiveCNames: objectiveCNames, progress: progress)
        {
            return finished(outcome, last: last, declared: last.declared.union(changes.entries.flatMap(\.scan.declared)))
        }
        let outcome = rounds(
            entries, given: given, from: nil, changes: changes, objectiveCNames: objectiveCNames,
            parseEverything: parseEverything, progress: progress)!
        return finished(outcome, last: nil, declared: parseEverything ? nil : Set(entries.flatMap(\.scan.declared)))
    }

    /// The conditions the project files define, read again when one changed, came or went. When
    /// they differ from the last index's, every summary is made again: a summary leaves out the
    /// code under a condition no build defines.
    private func conditionsRead(_ projectFiles: [(path: String, stamp: FileStamp)]) {
        let stamps = Dictionary(projectFiles.map { ($0.path, $0.stamp) }, uniquingKeysWith: { first, _ in first })
        let last = compilation.withLock { $0 }
        if let last, last.stamps == stamps { return }
        let conditions =
            projectFiles.isEmpty
            ? CompilationConditions.unknown
            : CompilationConditions(
                projectFiles: projectFiles.compactMap { file in
                    try? SwiftFiles.readUTF8(directory + "/" + file.path, size: file.stamp.length).get()
                })
        compilation.withLock { $0 = (stamps, conditions) }
        guard let last, last.conditions != conditions else { return }
        cache.withLock { $0.summaries = [:] }
        previous.withLock { $0 = nil }
    }

    /// The compilation conditions of the index being made.
    var conditions: CompilationConditions {
        compilation.withLock { $0?.conditions } ?? .unknown
    }

    /// The listing brought up to date: from the watch's events when it can tell what changed,
    /// else by listing every file again. A folder indexed a second time is likely to be indexed
    /// many times (a server, an editor): it gets a watch then, before listing, so no change made
    /// after the listing goes unseen.
    private func relisted(_ last: consuming (listing: Listing, watch: (any FolderWatch)?)?) -> (
        listing: Listing, watch: (any FolderWatch)?
    ) {
        guard var last else {
            let listing = SwiftFiles.list(under: directory)
            work.withLock { $0.filesStatted = listing.statted }
            return (listing, nil)
        }
        if let watch = last.watch, let paths = watch.changes() {
            last.listing.update(paths, under: directory)
            work.withLock { $0.filesStatted = paths.count }
            return last
        }
        let folders = last.listing.followsLinks ? nil : last.listing.folders
        let watch = folders.flatMap { makeFolderWatch(root: directory, folders: $0) }
        let listing = SwiftFiles.list(under: directory)
        // Folders walked now but not then have no watch: the next index lists again.
        let watched = watch != nil && listing.folders == folders && !listing.followsLinks
        work.withLock { $0.filesStatted = listing.statted }
        return (listing, watched ? watch : nil)
    }

    /// The index from the parsed files: the analysis runs again only when its input changed.
    /// - Parameter declared: what to remember as declared names; nil to remember nothing.
    private func finish(
        _ outcome: Outcome, entries: [CachedFile], objectiveC: [(stamp: FileStamp, summary: FileSummary)], given: Convention?,
        problems: [SourceProblem], last: Previous?, declared: Set<String>?
    ) -> SourceIndex {
        var problems = problems
        for entry in entries {
            if let problem = entry.readProblem { problems.append(problem) }
        }
        let used = outcome.parsed.compactMap { outcome.summaries[$0] }
        for summary in used { problems += summary.problems }
        var inputs = Dictionary(uniqueKeysWithValues: outcome.parsed.map { (entries[$0].path, entries[$0].version) })
        var typeNames = Dictionary(
            uniqueKeysWithValues: outcome.parsed.map { (entries[$0].path, outcome.summaries[$0]?.types.map(\.name) ?? []) })
        for file in objectiveC {
            inputs[file.summary.path] = .disk(file.stamp)
            typeNames[file.summary.path] = file.summary.types.map(\.name)
        }
        var index: SourceIndex
        let analysisProblems: [SourceProblem]
        // The Swift declarations merged, apart from the Objective-C ones the analysis adds (nil without any).
        var swiftTypes: [String: TypeFacts]?
        if let last, last.inputs == inputs {
            index = last.index
            swiftTypes = last.swiftTypes
            analysisProblems = last.analysisProblems
            index.problems = problems + analysisProblems
        } else {
            // Classes whose declarations and extensions all sit in files that did not change are
            // analysed as before, unless what decides creations changed too (the analysis says).
            let earlier = last.map { last in
                // One look-up per path: a path whose version differs, came or went.
                var changedFiles = Set(inputs.lazy.filter { last.inputs[$0.key] != $0.value }.map(\.key))
                for path in last.inputs.keys where inputs[path] == nil { changedFiles.insert(path) }
                let changedTypes = changedFiles.reduce(into: Set<String>()) { names, path in
                    names.formUnion(typeNames[path] ?? [])
                    names.formUnion(last.typeNames[path] ?? [])
                }
                return EarlierAnalysis(model: last.index.model, changedTypes: changedTypes, changedFiles: changedFiles)
            }
            // Objective-C classes join the family the rounds found among Swift declarations: the last
            // index's family with them holds while theirs and that of the Swift types are the same.
            let family =
                objectiveC.isEmpty
                ? outcome.family
                : outcome.familyKept && outcome.family != nil && last?.readSame(objectiveC) == true
                    ? last?.index.model.family : nil
            let swift = outcome.types ?? Self.merged(used)
            swiftTypes = objectiveC.isEmpty ? nil : swift
            index = SourceIndexer.analyze(
                Self.adding(objectiveC.map(\.summary), to: swift),
                convention: outcome.convention, given: given, problems: problems, earlier: earlier, family: family)
            analysisProblems = Array(index.problems.dropFirst(problems.count))
            index.problems = problems + analysisProblems
        }
        // A large file read in pieces counts once.
        index.fileCount = entries.reduce(0) { $0 + ($1.range.map { $0.lowerBound == 0 ? 1 : 0 } ?? 1) }
        let parsedPieces = outcome.parsed.filter { entries[$0].range != nil }
        index.parsedFileCount =
            outcome.parsed.count - parsedPieces.count + Set(parsedPieces.map { entries[$0].file }).count
        index.work = work.withLock { $0 }
        if let declared {
            let next = Previous(
                given: given, convention: outcome.convention, parsed: Set(outcome.parsed.map { entries[$0].path }),
                parsedFiles: Dictionary(
                    uniqueKeysWithValues: outcome.parsed.map { (ObjectIdentifier(entries[$0]), entries[$0]) }),
                asked: outcome.asked, declared: declared, inputs: inputs, typeNames: typeNames, index: index,
                analysisProblems: analysisProblems, referenced: outcome.referenced,
                referencedByFile: outcome.referencedByFile, launchRuns: outcome.launchRuns, launchMakers: outcome.launchMakers,
                launchStart: outcome.launchStart, callGraphDigests: outcome.callGraphDigests,
                familyMembers: outcome.familyMembers, launchTypes: outcome.launchTypes, family: outcome.family,
                swiftTypes: swiftTypes, basesAsked: outcome.basesAsked)
            let replaced = previous.withLock { current in
                defer { current = next }
                return current
            }
            // What only the last index held is freed off the caller's path.
            DispatchQueue.global(qos: .utility).async { withExtendedLifetime(replaced) {} }
        }
        return index
    }

    /// The app's Objective-C files as last looked at and read (``lookAtObjectiveC(_:everything:)``).
    let objectiveCLooked = Locked(ObjectiveCFiles())

    /// The text of a file of the folder, read from the disk, or nil when it cannot be read.
    public func diskText(of path: String) -> String? {
        try? SwiftFiles.read(directory + "/" + path).get()
    }

    /// Every file's scan, from the cache when the file did not change, and what changed; the
    /// cache forgets files that are gone.
    private func scan(_ files: [(String, FileVersion)], progress: (@Sendable (IndexProgress) -> Void)?) -> (
        entries: [CachedFile], changes: Changes
    ) {
        let (known, earlier) = cache.withLock { ($0.files, $0.entries) }
        // The same files as last time, in the same order (no file came or went): compare them
        // place by place, and read only those whose version differs.
        // One pass over borrowed elements: no copy of each path and version, thousands of times.
        var sameFiles = earlier.count == files.count
        var changedPlaces: [Int] = []
        if sameFiles {
            earlier.withUnsafeBufferPointer { earlier in
                files.withUnsafeBufferPointer { files in
                    for index in 0..<files.count {
                        guard earlier[index].path == files[index].0 else {
                            sameFiles = false
                            return
                        }
                        if earlier[index].version != files[index].1 { changedPlaces.append(index) }
                    }
                }
            }
        }
        let stale = sameFiles ? changedPlaces : Array(files.indices)
        let done = Locked(0)
        let scanned = concurrentMap(stale) { index -> CachedFile in
            let (path, version) = files[index]
            defer { report(.scanning, done, stale.count, progress) }
            if let cached = known[path], cached.version == version { return cached }
            work.withLock { $0.filesRead += 1 }
            switch utf8(of: path, version) {
            case .success(let bytes):
                return CachedFile.scanned(
                    path: path, version: version, bytes: bytes, threshold: pieceThreshold, partThreshold: partThreshold,
                    parts: partCount)
            case .failure(let problem):
                return CachedFile(path: path, version: version, scan: WordScan([]), readProblem: problem)
            }
        }
        var results = sameFiles ? earlier : scanned
        if sameFiles {
            for (index, entry) in zip(stale, scanned) { results[index] = entry }
        }
        // Files gone since the last index: only looked for when fewer known paths are still here.
        let removed: Set<String>
        if sameFiles {
            removed = []
        } else {
            let stillHere = results.reduce(0) { $0 + (known[$1.path] != nil ? 1 : 0) }
            removed = stillHere == known.count ? [] : Set(known.keys).subtracting(files.map(\.0))
        }
        var changes = Changes(hinting: !removed.isEmpty)
        var updated: [CachedFile] = []
        // The summaries of pieces no file has any more.
        var forgotten = removed.flatMap { known[$0]?.pieces?.map(\.path) ?? [] }
        for entry in scanned {
            let before = known[entry.path]
            guard before !== entry else { continue }
            updated.append(entry)
            for piece in entry.readEntries { changes.add(piece) }
            forgotten += before?.pieces?.map(\.path) ?? []
            if before?.scan.declared != entry.scan.declared || before?.scan.bracketed != entry.scan.bracketed {
                changes.hinting = true
            }
        }
        // Only what changed is written back: most indexes change one file of thousands.
        cache.withLock { cache in
            cache.files.reserveCapacity(cache.files.count + updated.count)
            for entry in updated { cache.files[entry.path] = entry }
            for path in removed {
                cache.files[path] = nil
                cache.summaries[path] = nil
            }
            for path in forgotten { cache.summaries[path] = nil }
            cache.entries = results
        }
        // The rounds read a large file's pieces in its place.
        guard results.contains(where: { $0.pieces != nil }) else { return (results, changes) }
        // No array made for each file read whole (`readEntries`): thousands at every index.
        var read: [CachedFile] = []
        read.reserveCapacity(results.count)
        for entry in results {
            if let pieces = entry.pieces { read += pieces } else { read.append(entry) }
        }
        return (read, changes)
    }

    /// A file's UTF-8 bytes: what scans and parses read, with no String made of the whole file.
    func utf8(of path: String, _ version: FileVersion) -> Result<[UInt8], SourceProblem> {
        let size: Int?
        switch version {
        case .overlay(let text): return .success(Array(text.utf8))
        case .disk(let stamp): size = stamp.length
        }
        return SwiftFiles.readUTF8(directory + "/" + path, size: size).mapError {
            SourceProblem(file: path, line: 0, reason: "cannot read: \($0.reason)")
        }
    }

}
