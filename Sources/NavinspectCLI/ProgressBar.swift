import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-line progress bar on stderr, drawn only when stderr is a terminal and the work is long.
final class ProgressBar: Sendable {
    /// Work this small finishes before a bar would help.
    static let minimumTotal = 200

    /// The label and the last percent drawn, so a fast loop does not flood the terminal.
    private let drawn = Locked((label: "", percent: -1))

    /// Nil when stderr is not a terminal: logs and pipes get no control characters.
    init?() {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
    }

    /// Draws `label [####    ] done/total files`; a new label starts a new bar on the same line.
    func update(_ label: String, _ done: Int, of total: Int) {
        guard total >= Self.minimumTotal else { return }
        let percent = done * 100 / total
        let draw = drawn.withLock { last -> Bool in
            guard percent != last.percent || label != last.label || done == total else { return false }
            last = (label, percent)
            return true
        }
        guard draw else { return }
        let width = 30
        let filled = done * width / total
        let line =
            "\r\(label) [" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
            + "] \(done)/\(total) files"
        printErrorFragment(line)
    }

    func finish() {
        // Clear the bar so the summary line starts clean.
        if drawn.withLock({ $0.percent }) >= 0 { printErrorFragment("\r\u{1B}[K") }
    }
}

private func printErrorFragment(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
