import CoordinatorModel
import JSON
import Locking

/// Why a tree document could not be loaded.
public enum TreeLoadError: Error, Sendable, CustomStringConvertible {
    /// The file could not be read: missing, a directory, unreadable, empty or too large.
    case unreadable(path: String, reason: String)
    /// The bytes are not a valid tree document; every issue is listed.
    case invalid(InvalidDocument)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .invalid(let document): document.description
        }
    }
}

/// Turns tree documents (files, bytes or values) into validated ``CoordinatorTree``s.
///
/// A file is checked by the JSON scanner in one pass, then its `coordinators` and `containers`
/// are parsed by json-c one element at a time, on every core: json-c never holds more than one
/// element per thread, which keeps both the time and the peak memory of large documents low.
public enum TreeDocumentLoader {
    /// Lists shorter than this are decoded on the calling thread.
    static let parallelThreshold = 4096

    /// Loads and validates the document at `path`.
    public static func load(contentsOf path: String) throws(TreeLoadError) -> CoordinatorTree {
        let bytes = try FileContents.read(path)
        let result = bytes.withUnsafeBytes { buffer in Result { () throws(TreeLoadError) in try load(bytes: buffer) } }
        return try result.get()
    }

    /// Loads and validates a document from its UTF-8 bytes.
    public static func load(bytes: UnsafeRawBufferPointer) throws(TreeLoadError) -> CoordinatorTree {
        let (draft, issues) = try decode(bytes: bytes)
        return try build(draft, issues)
    }

    /// Loads and validates a document held as a Swift value, such as one sent inside a request.
    public static func load(value: JSONValue) throws(TreeLoadError) -> CoordinatorTree {
        var decoder = TreeDocumentDecoder<JSONValue>()
        let draft = decoder.decodeDocument(value)
        return try build(draft, decoder.issues)
    }

    private static func build(_ draft: TreeDraft, _ issues: [DocumentIssue]) throws(TreeLoadError) -> CoordinatorTree {
        do {
            return try CoordinatorTree(validating: draft, knownIssues: issues)
        } catch {
            throw .invalid(error)
        }
    }

    /// Decodes bytes into a draft and the problems found so far (JSON errors end the decoding).
    static func decode(bytes: UnsafeRawBufferPointer) throws(TreeLoadError) -> (TreeDraft, [DocumentIssue]) {
        let input: JSONParser.OutlinedInput
        do throws(JSONParseError) {
            input = try JSONParser.outline(bytes)
        } catch {
            throw .invalid(InvalidDocument(issues: [DocumentIssue(pointer: "", reason: "not valid JSON: \(error)")]))
        }
        var decoder = TreeDocumentDecoder<JSONNode>()
        guard input.outline.isObject else {
            decoder.report("", "a tree document is a JSON object")
            return (TreeDraft(root: nil, coordinators: []), decoder.issues)
        }

        var header = TreeDocumentDecoder<JSONNode>.Header()
        var coordinators: [CoordinatorDraft] = []
        var containers: [ContainerDraft] = []
        do throws(JSONParseError) {
            for member in input.outline.members {
                let key = try input.key(of: member, in: bytes)
                switch (key, member.elements) {
                case ("coordinators", let elements?):
                    header.sawCoordinators = true
                    coordinators = try decodeList(elements, name: key, input: input, bytes: bytes, into: &decoder) {
                        $0.decodeCoordinator($1, at: $2())
                    }
                case ("containers", let elements?):
                    containers = try decodeList(elements, name: key, input: input, bytes: bytes, into: &decoder) {
                        $0.decodeContainer($1, at: $2())
                    }
                case ("coordinators", nil), ("containers", nil):
                    if key == "coordinators" { header.sawCoordinators = true }
                    decoder.reportNotAList(key, kind: try input.parse(bytes, range: member.valueRange).rootNode.kind)
                default:
                    let value = try input.parse(bytes, range: member.valueRange)
                    decoder.decodeHeaderMember(key, value.rootNode, into: &header)
                }
            }
        } catch {
            throw .invalid(InvalidDocument(issues: [DocumentIssue(pointer: "", reason: "not valid JSON: \(error)")]))
        }
        decoder.finish(header)
        let draft = TreeDraft(root: header.root, window: header.window, coordinators: coordinators, containers: containers)
        return (draft, decoder.issues)
    }

    /// Parses and decodes the elements of one top-level list, in parallel when the list is long.
    private static func decodeList<Element: Sendable>(
        _ elements: [Range<Int>], name: String, input: JSONParser.OutlinedInput, bytes: UnsafeRawBufferPointer,
        into decoder: inout TreeDocumentDecoder<JSONNode>,
        decode: @escaping @Sendable (inout TreeDocumentDecoder<JSONNode>, JSONNode, () -> String) -> Element
    ) throws(JSONParseError) -> [Element] {
        let chunkCount = elements.count < parallelThreshold ? 1 : min(8, System.activeProcessorCount)
        let bounds = elements.indices
        nonisolated(unsafe) let shared = bytes
        let chunks = parallelMap(count: chunkCount) { chunkIndex -> DecodedChunk<Element> in
            let lower = bounds.lowerBound + bounds.count * chunkIndex / chunkCount
            let upper = bounds.lowerBound + bounds.count * (chunkIndex + 1) / chunkCount
            var chunk = DecodedChunk<Element>()
            chunk.elements.reserveCapacity(upper - lower)
            // json-c objects live and die on this thread, one element at a time.
            var local = TreeDocumentDecoder<JSONNode>()
            let parser = input.makeRangeParser()
            for index in lower..<upper {
                do throws(JSONParseError) {
                    let document = try parser.parse(shared, range: elements[index])
                    chunk.elements.append(decode(&local, document.rootNode, { "/\(name)/\(index)" }))
                } catch {
                    chunk.error = error
                    break
                }
            }
            chunk.issues = local.issues
            return chunk
        }
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for chunk in chunks {
            if let error = chunk.error { throw error }
            result.append(contentsOf: chunk.elements)
            for issue in chunk.issues { decoder.report(issue.pointer, issue.reason) }
        }
        return result
    }
}

/// What one thread decoded of a list.
private struct DecodedChunk<Element: Sendable>: Sendable {
    var elements: [Element] = []
    var issues: [DocumentIssue] = []
    var error: JSONParseError? = nil
}

/// Result slots for ``parallelMap(count:_:)``.
private final class Slots<T>: @unchecked Sendable {
    // Each slot is written by exactly one iteration, and read only after all have finished.
    var values: [T?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
}

/// Runs `body` for `0..<count` on the available cores (the caller and ``WorkerPool/shared``) and
/// returns the results in order.
func parallelMap<T: Sendable>(count: Int, _ body: @Sendable (Int) -> T) -> [T] {
    let slots = Slots<T>(count: count)
    slots.values.withUnsafeMutableBufferPointer { buffer in
        nonisolated(unsafe) let buffer = buffer
        WorkerPool.shared.perform(count: count) { index in buffer[index] = body(index) }
    }
    return slots.values.map { $0! }
}
