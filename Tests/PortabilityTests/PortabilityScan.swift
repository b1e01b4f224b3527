import Foundation

/// Finds what would break a macOS build in a Swift source: a Glibc import with no Darwin branch,
/// and Linux-only API used outside an `#if os(Linux)` (or `#if canImport(Glibc)`) branch.
///
/// It reads lines, not syntax: conditional compilation blocks are tracked by their directives,
/// and comments are dropped before names are looked for.
struct PortabilityScan {
    /// One problem, with its 1-based line.
    struct Finding: Equatable, CustomStringConvertible {
        var line: Int
        var reason: String
        var description: String { "\(line): \(reason)" }
    }

    /// Names that exist on Linux only: inotify and epoll, glibc's own calls, the `stat` fields
    /// Darwin spells `st_mtimespec`, and `Glibc.` itself.
    static let linuxOnlyNames = [
        "inotify_", "IN_NONBLOCK", "IN_CLOEXEC", "IN_MODIFY", "IN_CREATE", "IN_DELETE", "IN_Q_OVERFLOW", "epoll_",
        "eventfd", "signalfd", "timerfd_", "malloc_trim", "mallinfo", "sched_getaffinity", "get_nprocs", "pipe2(",
        "accept4(", "SOCK_CLOEXEC", "O_PATH", "O_TMPFILE", "statx", "prctl(", "st_mtim.", "st_ctim.", "st_atim.",
        "Glibc.",
    ]

    /// The problems in `text`, in line order.
    static func findings(in text: String) -> [Finding] {
        // Each open `#if` block: what its current branch is for.
        var blocks: [Branch] = []
        var inBlockComment = false
        var importsGlibc: Int?
        var importsDarwin = false
        var findings: [Finding] = []
        for (index, rawLine) in text.components(separatedBy: "\n").enumerated() {
            let line = code(of: rawLine, inBlockComment: &inBlockComment)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#if ") {
                blocks.append(branch(trimmed.dropFirst(4)))
                continue
            }
            if trimmed.hasPrefix("#elseif ") {
                if !blocks.isEmpty { blocks[blocks.count - 1] = branch(trimmed.dropFirst(8)) }
                continue
            }
            if trimmed == "#else" {
                if !blocks.isEmpty { blocks[blocks.count - 1] = .other }
                continue
            }
            if trimmed == "#endif" {
                _ = blocks.popLast()
                continue
            }
            let linuxOnly = blocks.contains { $0 != .other }
            if trimmed.hasPrefix("import ") || trimmed.contains(" import ") {
                let module = trimmed.components(separatedBy: " ").last ?? ""
                // Code for Linux alone (`#if os(Linux)`) needs no Darwin import beside its Glibc.
                if module == "Glibc" && !blocks.contains(.linux) {
                    importsGlibc = importsGlibc ?? index + 1
                    if blocks.isEmpty {
                        findings.append(Finding(line: index + 1, reason: "imports Glibc outside #if canImport(Glibc)"))
                    }
                }
                if module == "Darwin" { importsDarwin = true }
                continue
            }
            if linuxOnly { continue }
            for name in linuxOnlyNames where line.contains(name) {
                findings.append(Finding(line: index + 1, reason: "\(name) is Linux-only; put it inside #if os(Linux)"))
            }
        }
        if let line = importsGlibc, !importsDarwin {
            findings.append(Finding(line: line, reason: "imports Glibc with no Darwin branch (#elseif canImport(Darwin))"))
        }
        return findings.sorted { $0.line < $1.line }
    }

    /// What a branch of an `#if` block is compiled for.
    private enum Branch {
        /// Linux alone: `#if os(Linux)`.
        case linux
        /// Systems with glibc: `#if canImport(Glibc)`, which macOS answers with a Darwin branch.
        case glibc
        /// Anything else, or a condition that may hold elsewhere too (negated, or with `||`).
        case other
    }

    private static func branch(_ condition: Substring) -> Branch {
        let compact = condition.filter { !$0.isWhitespace }
        if compact.contains("!") || compact.contains("||") { return .other }
        if compact.contains("os(Linux)") { return .linux }
        return compact.contains("canImport(Glibc)") ? .glibc : .other
    }

    /// The line without its comments, and string literals' contents blanked, so neither a
    /// sentence about inotify nor a message naming it counts as a call.
    private static func code(of line: String, inBlockComment: inout Bool) -> String {
        var kept = ""
        var characters = Array(line)[...]
        var inString = false
        while let character = characters.first {
            if inBlockComment {
                if characters.starts(with: "*/") {
                    inBlockComment = false
                    characters = characters.dropFirst(2)
                } else {
                    characters = characters.dropFirst()
                }
                continue
            }
            if inString {
                if character == "\\" {
                    characters = characters.dropFirst(2)
                    continue
                }
                if character == "\"" {
                    inString = false
                    kept.append(character)
                }
                characters = characters.dropFirst()
                continue
            }
            if characters.starts(with: "//") { break }
            if characters.starts(with: "/*") {
                inBlockComment = true
                characters = characters.dropFirst(2)
                continue
            }
            if character == "\"" { inString = true }
            kept.append(character)
            characters = characters.dropFirst()
        }
        return kept
    }
}
