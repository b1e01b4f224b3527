import Dispatch

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Runs a closure on a new detached POSIX thread: for loops that block in `accept` or `read`,
/// which would starve Dispatch's shared pool, and for the threads of ``WorkerPool``.
public enum DetachedThread {
    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Runs `body` on a new thread, or on Dispatch's pool when no thread can be made.
    public static func start(_ body: @escaping @Sendable () -> Void) {
        guard !make(body) else { return }
        // No thread to be had: run on Dispatch's pool rather than not at all.
        DispatchQueue.global().async { body() }
    }

    /// Runs `body` on a new thread with a stack of `stackSize` bytes (the system's default when
    /// nil); false when no thread could be made.
    public static func make(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        // The start routine takes an optional argument on Linux and a non-optional one on Darwin.
        #if canImport(Darwin)
            var thread: pthread_t?
            let status = pthread_create(
                &thread, &attributes,
                { argument in
                    Unmanaged<Box>.fromOpaque(argument).takeRetainedValue().body()
                    return nil
                }, box)
        #else
            var thread = pthread_t()
            let status = pthread_create(
                &thread, &attributes,
                { argument in
                    Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue().body()
                    return nil
                }, box)
        #endif
        if status != 0 { Unmanaged<Box>.fromOpaque(box).release() }
        return status == 0
    }
}
