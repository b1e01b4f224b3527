import Dispatch

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Runs a closure on a new detached POSIX thread: for loops that block in `accept` or `read`,
/// which would starve Dispatch's shared pool.
enum DetachedThread {
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        // The start routine takes an optional argument on Linux and a non-optional one on Darwin.
        #if canImport(Darwin)
            var created: pthread_t?
            let status = pthread_create(
                &created, nil,
                { argument in
                    Unmanaged<Box>.fromOpaque(argument).takeRetainedValue().body()
                    return nil
                }, box)
            let thread = created
        #else
            var thread = pthread_t()
            let status = pthread_create(
                &thread, nil,
                { argument in
                    Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue().body()
                    return nil
                }, box)
        #endif
        if status == 0 {
            #if canImport(Darwin)
                if let thread { pthread_detach(thread) }
            #else
                pthread_detach(thread)
            #endif
        } else {
            // No thread to be had: run on Dispatch's pool rather than not at all.
            let body = Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body
            nonisolated(unsafe) let unsafeBody = body
            DispatchQueue.global().async { unsafeBody() }
        }
    }
}
