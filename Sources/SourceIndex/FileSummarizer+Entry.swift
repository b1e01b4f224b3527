import SwiftSyntax

/// How a summary is asked of the summarizer, and the type it keeps free functions under.
extension FileSummarizer {
    /// The summary of `tree`, whose text was read from `path`.
    /// - Parameters:
    ///   - bytes: the UTF-8 text `tree` was parsed from, when the caller has it (the tree's text is
    ///     the same, byte for byte), or the whole file's text when `tree` is a piece of it.
    ///   - base: where `tree`'s text starts in `bytes`.
    ///   - header: the bytes of `bytes` parsed before the text at `base`, for a part of a long
    ///     file that starts inside a declaration (``FilePart``).
    ///   - lines: where `bytes`'s lines start, when the caller has worked them out.
    static func summarize(
        _ tree: SourceFileSyntax, path: String, bytes: [UInt8]? = nil, base: Int = 0, header: Range<Int>? = nil,
        lines: LineStarts? = nil,
        skipsEmptySubtrees: Bool = true, conditions: CompilationConditions = .unknown
    ) -> [TypeFacts] {
        let summarizer = FileSummarizer(
            path: path, bytes: bytes ?? tree.syntaxTextBytes, base: base, header: header, lines: lines,
            skipsEmptySubtrees: skipsEmptySubtrees, conditions: conditions)
        summarizer.walk(tree)
        return summarizer.types + (summarizer.fileScope.functions.isEmpty ? [] : [summarizer.fileScope])
    }

    /// Whether `type` is the one the functions declared outside any type are kept under.
    static func isFileScope(_ type: TypeFacts) -> Bool {
        type.name.isEmpty && type.kind == .extension
    }
}
