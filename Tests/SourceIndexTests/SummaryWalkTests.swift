import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import SourceIndex

/// The summarizer leaves out the subtrees that hold nothing it reads (names, literals, types)
/// and reads type names and texts from the file's bytes: neither may change a summary.
@Suite("The summary's walk and texts")
struct SummaryWalkTests {
    /// Calls and closures where a walk that skipped too much would miss them: in a string's
    /// interpolation, a parameter's default value, an attribute's argument, a generic type's
    /// closure-made value, a `switch` subject, an assignment to a subscript; type names and
    /// texts with comments inside and around them.
    static let corners = """
        import UIKit
        @MainActor
        final class SettingsCoordinator<Route: Hashable>: BaseCoordinator<Void>, /* note */ Presenting where Route: Sendable {
            private var handlers: [String: (Coordinator) -> Void] = [:]
            var title: String { "Settings \\(makeTitle(count: children.count))" }
            lazy var screen: /* made once */ UIViewController = { SettingsViewController(model: makeModel()) }()
            var kind: any Presenting & Sendable = Router.make(.settings)
            func start(animated: Bool = defaultAnimation(), from origin: (some Presenting)? = nil) -> ((Int) -> Void)? {
                @Injected(Container.resolve(AnalyticsService.self)) var analytics
                let detail: DetailCoordinator = .init(parent: self as? ParentCoordinator, depth: -1)
                handlers[key(for: detail)] = { [weak self] child in self?.free(coordinator: child) }
                switch route(for: detail) {
                case .detail(let id): show(id, 1.5, nil, true)
                default: store(coordinator: detail)
                }
                let label = "\\(detail.name) at \\(Date().formatted())"
                _ = label
                return { value in print(value, type(of: value)) }
            }
        }
        enum Screen: Int { case home = 1, detail }
        typealias Flow = BaseCoordinator<Screen> & Presenting
        """

    /// Every Swift file of the fixture apps, and the corners above.
    static var sources: [(path: String, text: String)] {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let found =
            FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.map(\.path).sorted() ?? []
        return found.map { ($0, (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "") } + [("Corners.swift", corners)]
    }

    private func dumped(_ types: [TypeFacts]) -> String {
        var text = ""
        dump(types, to: &text)
        return text
    }

    @Test("skipping names, literals and types gives the summary a walk into every node gives")
    func skippingChangesNothing() {
        let sources = Self.sources
        #expect(sources.count > 80)
        for (path, text) in sources {
            let tree = Parser.parse(source: text)
            let skipping = FileSummarizer.summarize(tree, path: path)
            let everything = FileSummarizer.summarize(tree, path: path, skipsEmptySubtrees: false)
            #expect(dumped(skipping) == dumped(everything), "\(path)")
        }
        // The corners' calls are all found: a walk that skipped a default value, an interpolation
        // or an attribute's argument would lose some.
        let corners = FileSummarizer.summarize(Parser.parse(source: Self.corners), path: "Corners.swift")
        let start = corners.first { $0.name == "SettingsCoordinator" }?.functions.first { $0.name == "start" }
        let called = Set(start?.calls.map(\.name) ?? [])
        for name in ["resolve", "init", "key", "free", "route", "show", "store", "formatted", "print"] {
            #expect(called.contains(name), "start() calls \(name)")
        }
        let title = corners.first?.properties.first { $0.name == "title" }
        #expect(title?.calls.map(\.name) == ["makeTitle"])
    }

    @Test("texts read from the bytes are SwiftSyntax's trimmed descriptions")
    func textsAreTrimmedDescriptions() {
        final class Nodes: SyntaxAnyVisitor {
            var found: [Syntax] = []
            override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
                if node.is(TypeSyntax.self) || node.is(ExprSyntax.self) { found.append(node) }
                return .visitChildren
            }
        }
        var compared = 0
        for (path, text) in Self.sources {
            let tree = Parser.parse(source: text)
            let summarizer = FileSummarizer(path: path, bytes: Array(text.utf8))
            let nodes = Nodes(viewMode: .sourceAccurate)
            nodes.walk(tree)
            for node in nodes.found {
                #expect(summarizer.trimmedText(of: node) == node.trimmedDescription, "\(path)")
                #expect(summarizer.compactText(of: node) == node.trimmedDescription.filter { !$0.isWhitespace })
                compared += 1
            }
        }
        #expect(compared > 5_000)
    }

    @Test(
        "a type's base name, and the text of a type that has none",
        arguments: [
            ("Coordinator", "Coordinator"), ("UIKit.UINavigationController", "UINavigationController"),
            ("BaseCoordinator<Void>?", "BaseCoordinator"), ("any Presenting & Sendable", "Presenting"),
            ("@MainActor Router", "Router"), ("[ /* children */ Coordinator]", "[ /* children */ Coordinator]"),
            ("(Coordinator) -> Void", "(Coordinator) -> Void"), ("Screen.Type", "Screen.Type"),
        ])
    func baseNames(type: String, expected: String) throws {
        let text = "let value: /* lead */ \(type) // trail\n"
        let tree = Parser.parse(source: text)
        let annotation = try #require(
            tree.statements.first?.item.as(VariableDeclSyntax.self)?.bindings.first?.typeAnnotation)
        let summarizer = FileSummarizer(path: "A.swift", bytes: Array(text.utf8))
        #expect(summarizer.baseName(of: annotation.type) == expected)
    }
}
