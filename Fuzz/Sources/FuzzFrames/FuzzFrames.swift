import FuzzDriver
import JSON
import JSONRPC

/// Feeds arbitrary bytes to the frame reader, in pieces whose sizes the input chooses, and every
/// frame it yields to the JSON parser and the message rules, as the server's reading thread does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrames(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    guard let first = bytes.first else { return 0 }
    let pieceSize = Int(first % 17) + 1
    var reader = FrameReader(maxBodyBytes: 4096, maxHeaderBytes: 256)
    var offset = 1
    var events = 0
    while offset < bytes.count {
        let end = min(bytes.count, offset + pieceSize)
        reader.append(bytes[offset..<end])
        offset = end
        while let event = reader.next() {
            events += 1
            if case .message(let body) = event {
                if let value = try? body.withUnsafeBytes({ try JSONParser.parseValue($0) }) {
                    if case .array(let elements) = value {
                        _ = elements.map(IncomingMessage.init)
                    } else {
                        _ = IncomingMessage(value)
                    }
                }
            }
        }
        // The buffer never holds more than a header block, a body and one read's worth of input.
        precondition(reader.bufferedByteCount <= 256 + 4096 + pieceSize + 64, "the frame reader holds too much")
    }
    precondition(events <= count, "more events than bytes")
    return 0
}

/// The target's entry point (SwiftPM calls it `FuzzFrames_main`): libFuzzer takes over from here.
@_cdecl("FuzzFrames_main")
public func fuzzFramesMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzFrames(data!, size) }
}
