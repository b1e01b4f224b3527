import Dispatch

#if canImport(Glibc)
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
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { argument in
                let box = Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue()
                box.body()
                return nil
            }, box)
        if status == 0 {
            pthread_detach(thread)
        } else {
            // No thread to be had: run on Dispatch's pool rather than not at all.
            let body = Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body
            nonisolated(unsafe) let unsafeBody = body
            DispatchQueue.global().async { unsafeBody() }
        }
    }
}
