import FuzzDriver
import JSON

/// Parses arbitrary bytes; whatever parses must serialize and parse back to the same value, and
/// its outline must agree with the value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    guard let value = try? JSONParser.parseValue(bytes, maxDepth: 32) else { return 0 }
    for pretty in [false, true] {
        let text = value.serialized(pretty: pretty)
        let again = text.withUnsafeBytes { try? JSONParser.parseValue($0, maxDepth: 32) }
        precondition(again == value, "serialize then parse changed the value")
    }
    if let input = try? JSONParser.outline(bytes, maxDepth: 32), case .object(let object) = value {
        precondition(input.outline.isObject, "an object outlined as something else")
        // json-c keeps the last of duplicate members; the outline lists every one.
        precondition(input.outline.members.count >= object.count, "the outline lost a member")
        for member in input.outline.members {
            precondition((try? input.parse(bytes, range: member.valueRange)) != nil, "a member's range does not parse")
        }
    }
    return 0
}

/// The target's entry point (SwiftPM calls it `FuzzJSON_main`): libFuzzer takes over from here.
@_cdecl("FuzzJSON_main")
public func fuzzJSONMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzJSON(data!, size) }
}
