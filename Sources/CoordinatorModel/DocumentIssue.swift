/// One thing wrong with a tree document, and where.
public struct DocumentIssue: Sendable, Hashable, CustomStringConvertible {
    /// A JSON pointer (RFC 6901) into the document, such as `/coordinators/12/children/3`;
    /// empty for the whole document.
    public var pointer: String
    public var reason: String

    public init(pointer: String, reason: String) {
        self.pointer = pointer
        self.reason = reason
    }

    public var description: String { "\(pointer.isEmpty ? "/" : pointer): \(reason)" }
}

/// A tree document that cannot be loaded, with every problem found.
public struct InvalidDocument: Error, Sendable, CustomStringConvertible {
    /// Never empty.
    public var issues: [DocumentIssue]

    public init(issues: [DocumentIssue]) {
        precondition(!issues.isEmpty, "an invalid document has at least one issue")
        self.issues = issues
    }

    public var description: String { issues.map(\.description).joined(separator: "\n") }
}
