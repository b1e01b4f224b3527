import SwiftSyntax

/// What one Swift file declares, as far as coordinators are concerned.
struct FileFacts {
    var path: String
    var types: [TypeFacts] = []
    var problems: [SourceProblem] = []
}

/// A type declaration or extension and the members the extractor reads.
struct TypeFacts {
    enum Kind { case `class`, `protocol`, `struct`, `enum`, `extension` }

    var name: String
    var kind: Kind
    /// Inherited types and conformances, generic arguments removed.
    var inherited: [String]
    var file: String
    var line: Int
    var properties: [PropertyFacts] = []
    var functions: [FunctionFacts] = []
}

struct PropertyFacts {
    var name: String
    /// The written type, such as `[Coordinator]`, without spaces; empty when inferred.
    var typeText: String
    /// The initial value, or for a computed property the returned expression.
    var value: ExprSyntax?
    var isWeak: Bool
    var line: Int
}

struct FunctionFacts {
    /// The base name: `start`, `showAddBookFlow`, or `init` for initializers.
    var name: String
    var body: CodeBlockSyntax?
    /// The file it is written in, which for an extension differs from the type's.
    var file: String
    var line: Int
}

/// A problem found while reading sources: the analysis goes on without what it concerns.
public struct SourceProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var reason: String

    public init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String { "\(file):\(line): \(reason)" }
}
