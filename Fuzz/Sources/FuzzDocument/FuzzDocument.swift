import CoordinatorModel
import FuzzDriver
import JSON
import TreeDocument

/// Loads arbitrary bytes as a tree document through both paths (bytes, and a parsed value),
/// which must agree; a tree that loads must answer every query without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDocument(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let fromBytes = Result { () throws(TreeLoadError) in try TreeDocumentLoader.load(bytes: bytes) }
    if let value = try? JSONParser.parseValue(bytes) {
        let fromValue = Result { () throws(TreeLoadError) in try TreeDocumentLoader.load(value: value) }
        switch (fromBytes, fromValue) {
        case (.success(let a), .success(let b)):
            precondition(a.count == b.count && a.containers.count == b.containers.count, "the two load paths disagree")
        case (.failure(.invalid(let a)), .failure(.invalid(let b))):
            // Duplicate top-level members are the one known difference: json-c keeps only the last.
            if a.issues.count == b.issues.count {
                precondition(a.issues.map(\.pointer) == b.issues.map(\.pointer), "the two load paths report different pointers")
            }
        default:
            break
        }
    }
    guard case .success(let tree) = fromBytes else { return 0 }
    let types = Set(tree.nodes.compactMap(\.type))
    for node in 0..<tree.count {
        _ = tree.path(to: node)
        _ = tree.viewControllers(ownedBy: node)
        for type in types {
            precondition(tree.findCoordinator(type: type, from: node) == tree.findAllCoordinators(type: type, from: node).first)
        }
    }
    _ = tree.subtree()
    _ = tree.currentStack()
    return 0
}

/// The target's entry point (SwiftPM calls it `FuzzDocument_main`): libFuzzer takes over from here.
@_cdecl("FuzzDocument_main")
public func fuzzDocumentMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzDocument(data!, size) }
}
