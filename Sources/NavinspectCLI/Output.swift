#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a line to stderr.
func printError(_ message: String) {
    var line = Array((message + "\n").utf8)
    _ = line.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
