import Locking
import SwiftParser

/// How the files an index asks for are parsed: on every core, whole files one per worker, the
/// pieces of a large file dealt out to a worker per core, and a long file parsed in parts when
/// too few files are parsed to keep the cores busy (``FilePart``).
extension SourceWorkspace {
    /// The summaries of the files at `indices`, parsed on every core unless cached. The pieces
    /// of one file are parsed in as many units as there are cores, each after one read of it, and
    /// so are the parts of a long file read whole: a re-index after an edit of one long file
    /// parses it on every core.
    func summarize(_ indices: [Int], of entries: [CachedFile], progress: (@Sendable (IndexProgress) -> Void)?)
        -> [FileSummary]
    {
        // Parts cost more than one parse (each reads the file, the parse of each repeats a header,
        // and the summaries are joined): worth it only when fewer files than cores are parsed,
        // as after an edit, and a core would be left idle. After an edit too, the trees of the
        // few files parsed are kept, and parsed incrementally at the next (``KeptParses``).
        let uncached = cache.withLock { cache in
            indices.indices.filter { cache.summaries[entries[indices[$0]].path]?.version != entries[indices[$0]].version }
        }
        var inParts: Set<Int> = []
        if uncached.count < partsBelow { inParts = Set(uncached.filter { entries[indices[$0]].parts != nil }) }
        // A first index finds no summary cached, and keeps no tree.
        let keeps = uncached.count <= KeptParses.filesAtMost && uncached.count < indices.count
        let units = Self.units(of: indices, in: entries, cores: processorCount, inParts: inParts)
        let done = Locked(0)
        let costs = units.map { unit in unit.part?.range.count ?? unit.places.reduce(0) { $0 + entries[indices[$1]].size } }
        let conditions = self.conditions
        let summarized = concurrentMap(units, costs: costs) { unit -> [FileSummary] in
            let first = entries[indices[unit.places[0]]]
            if let part = unit.part {
                let number = first.parts?.firstIndex(of: part)
                return summarize(
                    first, part: part, conditions: conditions,
                    parse: parse(keptAs: keeps ? KeptParses.Key(path: first.path, part: number) : nil))
            }
            defer { for _ in unit.places { report(.parsing, done, indices.count, progress) } }
            return summarize(
                unit.places.map { entries[indices[$0]] }, counted: unit.counted, conditions: conditions, keeps: keeps)
        }
        // Most units are one file each, in the order of `indices`.
        if units.count == indices.count, units.indices.allSatisfy({ units[$0].places == [$0] }) {
            return summarized.map { $0[0] }
        }
        var summaries = [FileSummary?](repeating: nil, count: indices.count)
        var parts: [Int: [(FilePart, FileSummary)]] = [:]
        for (unit, unitSummaries) in zip(units, summarized) {
            if let part = unit.part {
                parts[unit.places[0], default: []].append((part, unitSummaries[0]))
                continue
            }
            for (place, summary) in zip(unit.places, unitSummaries) { summaries[place] = summary }
        }
        for (place, partSummaries) in parts {
            summaries[place] = joined(partSummaries, of: entries[indices[place]], conditions: conditions)
            report(.parsing, done, indices.count, progress)
        }
        return summaries.map { $0! }
    }

    /// What one worker parses after one read: a whole file, some of the pieces asked for of one
    /// file (places in the list of entries asked for), or one part of a long file read whole.
    /// Only one unit of a file counts it as parsed.
    struct ParseUnit: Sendable {
        var places: [Int]
        var counted: Bool
        var part: FilePart? = nil
    }

    /// The units `indices` are parsed in: a file's pieces dealt out to up to `cores` units, the
    /// largest piece to the unit holding the fewest bytes; a unit per part for the places in
    /// `inParts`.
    static func units(of indices: [Int], in entries: [CachedFile], cores: Int, inParts: Set<Int> = []) -> [ParseUnit] {
        var units: [ParseUnit] = []
        var piecesOfFile: [String: [Int]] = [:]
        var files: [String] = []
        for (place, index) in indices.enumerated() {
            guard entries[index].range != nil else {
                if inParts.contains(place), let parts = entries[index].parts {
                    units += parts.map { ParseUnit(places: [place], counted: false, part: $0) }
                } else {
                    units.append(ParseUnit(places: [place], counted: true))
                }
                continue
            }
            let file = entries[index].file
            if piecesOfFile[file] == nil { files.append(file) }
            piecesOfFile[file, default: []].append(place)
        }
        for file in files {
            let places = piecesOfFile[file]!
            var shares = [(places: [Int], bytes: Int)](repeating: ([], 0), count: max(1, min(cores, places.count)))
            for place in places.sorted(by: { entries[indices[$0]].size > entries[indices[$1]].size }) {
                let smallest = shares.indices.min { shares[$0].bytes < shares[$1].bytes }!
                shares[smallest].places.append(place)
                shares[smallest].bytes += entries[indices[place]].size
            }
            for (number, share) in shares.enumerated() {
                units.append(ParseUnit(places: share.places.sorted(), counted: number == 0))
            }
        }
        return units
    }

    /// The summary of one part of a long file, not cached: ``joined(_:of:conditions:)`` puts the
    /// parts together.
    private func summarize(_ entry: CachedFile, part: FilePart, conditions: CompilationConditions, parse: Parse)
        -> [FileSummary]
    {
        guard entry.readProblem == nil, case .success(let bytes) = utf8(of: entry.file, entry.version) else {
            return [FileSummary(path: entry.file)]
        }
        return [
            Self.summarize(part, of: bytes, path: entry.file, lines: LineStarts(bytes), conditions: conditions, parse: parse)
        ]
    }

    /// A long file's summary from its parts' summaries, as one parse of the whole would give it
    /// (``FilePart/joined(_:)``). A part that does not parse may have been cut where the whole
    /// file's parse would have recovered otherwise: the file is then parsed in one go.
    private func joined(
        _ parts: [(FilePart, FileSummary)], of entry: CachedFile, conditions: CompilationConditions
    ) -> FileSummary {
        let ordered = parts.sorted { $0.0.range.lowerBound < $1.0.range.lowerBound }
        guard ordered.allSatisfy({ $0.1.problems.isEmpty }), entry.readProblem == nil,
            let summary = FilePart.joined(ordered, path: entry.file)
        else {
            return summarize([entry], counted: true, conditions: conditions)[0]
        }
        work.withLock { work in
            work.filesParsed += 1
            work.filesParsedInParts += 1
        }
        cache.withLock { cache in
            guard cache.files[entry.file]?.version == entry.version else { return }
            cache.summaries[entry.path] = (entry.version, summary)
        }
        return summary
    }

    /// The summaries of one file, or of pieces of one file: from the cache, else from one read.
    /// - Parameter keeps: whether the trees parsed are kept for the next edit's parse (``KeptParses``).
    private func summarize(_ unit: [CachedFile], counted: Bool, conditions: CompilationConditions, keeps: Bool = false)
        -> [FileSummary]
    {
        let cached = cache.withLock { cache in
            unit.map { entry in cache.summaries[entry.path].flatMap { $0.version == entry.version ? $0.summary : nil } }
        }
        guard cached.contains(where: { $0 == nil }) else { return cached.map { $0! } }
        let first = unit[0]
        guard first.readProblem == nil, case .success(let bytes) = utf8(of: first.file, first.version) else {
            return cached.map { $0 ?? FileSummary(path: first.file) }
        }
        let lines = first.range == nil ? nil : LineStarts(bytes)
        let summaries = zip(unit, cached).map { entry, cached in
            cached
                ?? Self.summarize(
                    bytes, path: entry.file, range: entry.range, lines: lines, conditions: conditions,
                    parse: parse(keptAs: keeps ? KeptParses.Key(path: entry.path) : nil))
        }
        if counted { work.withLock { $0.filesParsed += 1 } }
        cache.withLock { cache in
            guard cache.files[first.file]?.version == first.version else { return }
            for (entry, summary) in zip(unit, summaries) { cache.summaries[entry.path] = (entry.version, summary) }
        }
        return summaries
    }
}
