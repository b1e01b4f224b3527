#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// LeakSanitizer, as a process built with it (`scripts/sanitize`) meets it: it checks the heap at
/// exit, and does not follow the tagged pointers of Swift's enum payloads, so memory still held
/// then (values kept until exit, work still queued) is reported as leaked. What would be freed
/// late or never is freed in time when it runs.
public enum LeakSanitizer {
    /// Whether it checks this process at exit: its runtime is linked in.
    public static let checksAtExit = dlsym(dlopen(nil, RTLD_NOW), "__lsan_do_leak_check") != nil
}
