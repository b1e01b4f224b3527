import Dispatch
import Locking
import SwiftParser
import SwiftSyntax

#if canImport(Glibc)
    import Glibc
#endif

/// One file read and parsed, with its declarations.
struct ParsedFile: @unchecked Sendable {
    // Syntax trees are immutable once parsed, so handing them between threads is safe.
    var path: String
    var tree: (SourceFileSyntax, SourceLocationConverter)?
    var types: [TypeFacts] = []
    var problems: [SourceProblem] = []

    init(path: String, directory: String) {
        self.path = path
        switch SwiftFiles.read(directory + "/" + path) {
        case .failure(let error):
            problems.append(SourceProblem(file: path, line: 0, reason: "cannot read: \(error.reason)"))
        case .success(let text):
            let syntax = Parser.parse(source: text)
            let converter = SourceLocationConverter(fileName: path, tree: syntax)
            if syntax.hasError {
                let line = SourceIndexer.firstErrorLine(syntax, converter)
                problems.append(
                    SourceProblem(file: path, line: line, reason: "the file does not parse; what could be read is used"))
            }
            tree = (syntax, converter)
            let collector = DeclarationCollector(path: path, tree: syntax)
            collector.walk(syntax)
            types = collector.types
        }
    }

    /// Parses `files` on every core, in the order given.
    static func parseAll(_ files: [String], in directory: String, progress: (@Sendable (Int, Int) -> Void)?) -> [ParsedFile] {
        let results = Locked([ParsedFile?](repeating: nil, count: files.count))
        let done = Locked(0)
        let workers = max(1, min(files.count, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
        let next = Locked(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index: Int = next.withLock { value in
                    defer { value += 1 }
                    return value
                }
                guard index < files.count else { return }
                let file = ParsedFile(path: files[index], directory: directory)
                results.withLock { $0[index] = file }
                let count = done.withLock { value in
                    value += 1
                    return value
                }
                progress?(count, files.count)
            }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}
