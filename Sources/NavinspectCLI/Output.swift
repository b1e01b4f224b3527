import ArgumentParser

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

/// Writes `text` to the file at `path`, or to stdout when there is none; a file that cannot be
/// written is an error that names it.
func write(_ text: String, to path: String?) throws {
    guard let path else {
        print(text, terminator: "")
        return
    }
    guard let file = fopen(path, "w") else {
        printError("error: cannot write \(path): \(String(cString: strerror(errno)))")
        throw ExitCode.failure
    }
    let written = fputs(text, file)
    if fclose(file) != 0 || written < 0 {
        printError("error: cannot write \(path): \(String(cString: strerror(errno)))")
        throw ExitCode.failure
    }
}
