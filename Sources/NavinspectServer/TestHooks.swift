import JSON
import JSONRPC

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Requests served only with `navinspect serve --test-hooks`, so conformance cases can provoke
/// what a healthy server never does on its own.
enum TestHooks {
    static let prefix = "$/navinspect/test/"

    static func answer(_ request: Request) {
        switch request.method.dropFirst(prefix.count) {
        case "sleep":
            // A long request that notices cancellation, as a slow load does.
            let milliseconds = request.params?["milliseconds"]?.numberValue?.int64 ?? 1000
            var slept: Int64 = 0
            while slept < milliseconds && !request.isCancelled {
                usleep(5_000)
                slept += 5
            }
            request.reply(.success(["slept": .number(JSONNumber(slept))]))
        case "internalError":
            request.reply(.failure(.internalError("provoked by \(request.method)")))
        default:
            request.reply(.failure(.methodNotFound(request.method)))
        }
    }
}
