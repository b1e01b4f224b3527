import SwiftParser
import SwiftSyntax

/// What a workspace keeps of each file between indexes, and what it remembers of the last index.
extension SourceWorkspace {
    enum FileVersion: Sendable, Equatable {
        case disk(FileStamp)
        case overlay(String)

        /// Compared case by case: a scan compares every file's version with the last one's, and
        /// the derived comparison copies both values first.
        static func == (lhs: FileVersion, rhs: FileVersion) -> Bool {
            switch lhs {
            case .disk(let stamp):
                if case .disk(let other) = rhs { return stamp == other }
                return false
            case .overlay(let text):
                if case .overlay(let other) = rhs { return text == other }
                return false
            }
        }

        /// The file's length in bytes, as its stamp or its text says.
        var byteCount: Int {
            switch self {
            case .disk(let stamp): Int(stamp.size)
            case .overlay(let text): text.utf8.count
            }
        }
    }

    /// One file as last read, or one piece of a large file (``FilePieces``): a class, so the
    /// thousands of entries an index passes around are shared, not copied.
    final class CachedFile: Sendable {
        /// The file's path; for a piece, the file's path, `\u{1}` and the piece's number, which
        /// sorts the pieces in order where the file would be.
        let path: String
        /// The file's path, a piece's too.
        let file: String
        /// The bytes of the file a piece is; nil for a whole file.
        let range: Range<Int>?
        let version: FileVersion
        let scan: WordScan
        let readProblem: SourceProblem?
        /// The hashes of the classes and protocols it declares with names coordinators go by.
        let roleNamed: [UInt64]
        /// A large file's pieces, which an index reads instead of the file; nil for a file read whole.
        let pieces: [CachedFile]?
        /// The parts a long file read whole is parsed in, one per core (``FilePart``); nil when it
        /// is parsed in one go.
        let parts: [FilePart]?

        init(
            path: String, version: FileVersion, scan: WordScan, readProblem: SourceProblem? = nil,
            piece: (file: String, range: Range<Int>)? = nil, pieces: [CachedFile]? = nil, parts: [FilePart]? = nil,
            isTestCode: Bool = false
        ) {
            self.isTestCode = isTestCode
            self.path = path
            self.file = piece?.file ?? path
            self.range = piece?.range
            self.version = version
            self.scan = scan
            self.readProblem = readProblem
            self.pieces = pieces
            self.parts = parts
            roleNamed = scan.declared.filter(Convention.hasRoleName).map(WordScan.hash)
            mentionsDelegate = scan.contains(any: SourceWorkspace.delegateWords)
        }

        /// The entry of a file read as `bytes`, scanned, and cut into pieces when it is large.
        static func scanned(
            path: String, version: FileVersion, bytes: [UInt8], threshold: Int,
            partThreshold: Int = FilePieces.partThreshold, parts: Int = processorCount
        ) -> CachedFile {
            var scan = WordScan(bytes)
            // The words first, which every file has anyway: most files name none of the three.
            if scan.contains(any: Self.testWords), SwiftFiles.isTestCode(bytes) {
                return CachedFile(path: path, version: version, scan: WordScan([]), isTestCode: true)
            }
            let ranges = FilePieces.ranges(of: bytes, ends: scan.topLevelEnds, threshold: threshold)
            let ends = scan.topLevelEnds
            let members = bytes.count >= partThreshold && ranges.count == 1 ? scan.memberEnds : []
            // Kept for every file of the app: only worked out for its parts and pieces.
            scan.topLevelEnds = []
            scan.memberBraces = []
            scan.topLevelOpens = []
            guard ranges.count > 1 else {
                let parts = FilePieces.parts(
                    of: bytes, ends: ends, members: members, count: parts, threshold: partThreshold)
                return CachedFile(path: path, version: version, scan: scan, parts: parts.count > 1 ? parts : nil)
            }
            let pieces = ranges.enumerated().map { number, range in
                var scan = WordScan(bytes[range])
                scan.topLevelEnds = []
                scan.memberBraces = []
                scan.topLevelOpens = []
                return CachedFile(path: pieceKey(path, number), version: version, scan: scan, piece: (path, range))
            }
            return CachedFile(path: path, version: version, scan: scan, pieces: pieces)
        }

        /// The words a test's imports write: `XCTest`, `Testing`, `@testable`.
        private static let testWords = ["XCTest", "Testing", "testable"].map(WordScan.hash)

        private static func pieceKey(_ path: String, _ number: Int) -> String {
            let digits = String(number)
            return path + "\u{1}" + String(repeating: "0", count: max(5 - digits.count, 0)) + digits
        }

        /// The entries an index reads for it: its pieces, or itself.
        var readEntries: [CachedFile] { pieces ?? [self] }

        /// The bytes it takes to parse.
        var size: Int { range?.count ?? version.byteCount }

        /// Whether it names an app or scene delegate protocol.
        let mentionsDelegate: Bool
        /// Whether it is a test's (``SwiftFiles/isTestCode(_:)``): no index reads it.
        let isTestCode: Bool
    }

    struct Cache {
        var files: [String: CachedFile] = [:]
        var summaries: [String: (version: FileVersion, summary: FileSummary)] = [:]
        /// The last index's files, in its order.
        var entries: [CachedFile] = []
    }

    /// What the last index decided, so the next one starts from it instead of from nothing.
    struct Previous: Sendable {
        var given: Convention?
        var convention: Convention?
        /// The Swift files parsed, and the family names asked for.
        var parsed: Set<String>
        /// The entries parsed, by identity: an entry that did not change is the same object.
        var parsedFiles: [ObjectIdentifier: CachedFile]
        var asked: Set<UInt64>
        /// Names declared after `class` or `protocol` anywhere, for convention candidates.
        var declared: Set<String>
        /// The parsed files and their versions: the analysis's whole input.
        var inputs: [String: FileVersion]
        /// The types each parsed file declares or extends.
        var typeNames: [String: [String]]
        var index: SourceIndex
        /// The problems the analysis itself found (classes it could not place), apart from the files'.
        var analysisProblems: [SourceProblem]
        /// The type names coordinators use, whose declaring files were parsed too.
        var referenced: Set<String>
        /// Each parsed file's share of `referenced`, for the family members named.
        var referencedByFile: [String: Set<String>]
        /// The names of the functions the launch may run, which the shares were worked out for,
        /// and what they were worked out from: the makers, the start method, each parsed file's
        /// ``FileSummary/callGraphDigest``.
        var launchRuns: LaunchRuns
        var launchMakers: Set<String>
        var launchStart: String?
        var callGraphDigests: [String: UInt64]
        var familyMembers: Set<String>
        /// The types the launch files declare, whose code the shares counted as the family's.
        var launchTypes: Set<String>
        /// The family of `convention` in the Swift types, when the analysis had it from the rounds.
        var family: FamilyNames?
        /// The Swift declarations merged, when the analysis added Objective-C ones to them (`index.model.types`).
        var swiftTypes: [String: TypeFacts]?
        /// The helpers' bases the rounds looked for (``SourceWorkspace/baseFiles(_:types:of:family:except:)``):
        /// while a re-index looks for no other, only the files that changed can newly declare one.
        var basesAsked: Set<String> = []

        /// The Swift declarations merged: the analysis's types without the Objective-C ones.
        var mergedSwift: [String: TypeFacts] { swiftTypes ?? index.model.types }

        /// Whether `objectiveC` are the Objective-C files this index read, unchanged: its inputs
        /// are the Swift files it parsed and those.
        func readSame(_ objectiveC: [(stamp: FileStamp, summary: FileSummary)]) -> Bool {
            inputs.count - parsed.count == objectiveC.count
                && objectiveC.allSatisfy { inputs[$0.summary.path] == .disk($0.stamp) }
        }
    }

    /// What changed since the last index: files read anew, and files gone.
    struct Changes {
        /// Whether a file's declared or bracketed names changed, or a file came or went: what
        /// detection reads may differ.
        var hinting: Bool
        /// The entries read anew, which no earlier index had.
        private(set) var entries: [CachedFile] = []
        private var identities: Set<ObjectIdentifier> = []

        init(hinting: Bool) {
            self.hinting = hinting
        }

        mutating func add(_ entry: CachedFile) {
            entries.append(entry)
            identities.insert(ObjectIdentifier(entry))
        }

        /// Whether `entry` was read anew by this index.
        func contains(_ entry: CachedFile) -> Bool {
            !identities.isEmpty && identities.contains(ObjectIdentifier(entry))
        }
    }

    static func summarize(_ text: String, path: String, conditions: CompilationConditions = .unknown) -> FileSummary {
        summarize(Array(text.utf8), path: path, conditions: conditions)
    }

    /// The summary of a file's UTF-8 bytes, read from `path`, under the app's compilation conditions.
    /// - Parameters:
    ///   - range: the piece of the file to read (``FilePieces``); nil for the whole file.
    ///   - lines: where the file's lines start, when the caller has worked them out.
    ///   - parse: how the text is parsed (``KeptParses`` parses it incrementally after an edit).
    static func summarize(
        _ bytes: [UInt8], path: String, range: Range<Int>? = nil, lines: LineStarts? = nil,
        conditions: CompilationConditions = .unknown, parse: Parse = { Parser.parse(source: $0) }
    ) -> FileSummary {
        if SwiftFiles.isObjectiveC(path) { return withNames(ObjectiveCReader.summarize(bytes, path: path)) }
        let range = range ?? 0..<bytes.count
        let syntax = bytes.withUnsafeBufferPointer { parse(UnsafeBufferPointer(rebasing: $0[range])) }
        var summary = withNames(
            FileSummary(
                path: path,
                types: FileSummarizer.summarize(
                    syntax, path: path, bytes: bytes, base: range.lowerBound, lines: lines, conditions: conditions)))
        if syntax.hasError {
            let converter = SourceLocationConverter(fileName: path, tree: syntax)
            // A piece starts at a line's start: its lines follow the file's lines before it.
            let linesBefore = range.lowerBound == 0 ? 0 : (lines ?? LineStarts(bytes)).location(of: range.lowerBound).line - 1
            summary.problems.append(
                SourceProblem(
                    file: path, line: linesBefore + firstErrorLine(syntax, converter),
                    reason: "the file does not parse; what could be read is used"))
        }
        return summary
    }

    /// The summary of one part of a long file (``FilePart``): its text parsed after the header of
    /// the declaration it starts inside, with the file's offsets and lines. The names its types
    /// call and use are left to ``FilePart/joined(_:path:)``, which works them out once for the file.
    static func summarize(
        _ part: FilePart, of bytes: [UInt8], path: String, lines: LineStarts, conditions: CompilationConditions,
        parse: Parse = { Parser.parse(source: $0) }
    ) -> FileSummary {
        let syntax = part.text(of: bytes).withUnsafeBufferPointer { parse($0) }
        var summary = FileSummary(
            path: path,
            types: FileSummarizer.summarize(
                syntax, path: path, bytes: bytes, base: part.range.lowerBound, header: part.header, lines: lines,
                conditions: conditions))
        // Which line does not matter: a part that does not parse makes the file parse in one go.
        if syntax.hasError { summary.problems.append(SourceProblem(file: path, line: 0, reason: "a part does not parse")) }
        return summary
    }

    /// A parse of a file's text (or of a piece's or a part's).
    typealias Parse = (UnsafeBufferPointer<UInt8>) -> SourceFileSyntax

    /// A parse that keeps its tree under `key` and starts from the one kept there (``KeptParses``);
    /// a plain parse when `key` is nil.
    func parse(keptAs key: KeptParses.Key?) -> Parse {
        guard let key else { return { Parser.parse(source: $0) } }
        return { [keptParses] text in KeptParses.parse(text, keptAs: key, in: keptParses) }
    }

    /// One more hash folded into a digest (FNV-1a on whole words).
    private static func digest(_ value: UInt64, _ hash: UInt64) -> UInt64 { (value ^ hash) &* 0x100_0000_01b3 }

    /// `summary` with the names each type's members call and use, worked out once per file.
    static func withNames(_ summary: FileSummary) -> FileSummary {
        var summary = summary
        for index in summary.types.indices {
            let type = summary.types[index]
            summary.types[index].calledNames = Set(
                type.functions.flatMap { $0.calls.map(\.name) } + type.properties.flatMap { $0.calls.map(\.name) })
            summary.types[index].referencedNames = typeNames(in: type)
            for function in type.functions.indices {
                let name = WordScan.hash(type.functions[function].name)
                // Repeated names stay: a sweep skips them as fast as a table would have.
                let callees = type.functions[function].calls.map { WordScan.hash($0.name) }
                summary.types[index].functions[function].nameHash = name
                summary.types[index].functions[function].calleeHashes = callees
            }
            summary.types[index].assignedThroughOthers = ContainerEvaluator.assignedThroughOthers(in: type)
        }
        summary.callGraphDigest = callGraphDigest(of: summary.types)
        return summary
    }

    /// The digest of what the functions of `types` call, in order (``FileSummary/callGraphDigest``).
    static func callGraphDigest(of types: [TypeFacts]) -> UInt64 {
        var value: UInt64 = 0
        for type in types {
            // A function that calls nothing adds nothing to what the launch may run.
            for function in type.functions where !function.calleeHashes.isEmpty {
                value = function.calleeHashes.reduce(digest(value, function.nameHash), digest)
            }
        }
        return value
    }
}
