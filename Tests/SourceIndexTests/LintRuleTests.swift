import Foundation
import SourceIndex
import Testing

/// Lints one file of Swift, `text`, as a whole app.
func lint(_ text: String, disabled: Set<String> = []) -> [LintDiagnostic] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-lint-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let index = SourceWorkspace(directory: folder.path).index(overlays: ["App.swift": text])
    return Linter.lint(index, disabled: disabled) { $0 == "App.swift" ? text : nil }
}

/// The 1-based lines of `text` that end with `// expect: <rule>`.
private func markedLines(_ text: String, rule: String) -> [Int] {
    text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        .filter { $0.element.hasSuffix("// expect: \(rule)") }.map { $0.offset + 1 }
}

@Suite("Lint rules: each rule's own examples")
struct LintRuleTests {
    @Test("every rule fires on each triggering example, exactly on the lines it marks", arguments: Linter.ruleInfos.map(\.id))
    func triggering(rule: String) throws {
        let info = try #require(Linter.ruleInfos.first { $0.id == rule })
        #expect(!info.triggering.isEmpty, "a rule needs an example that triggers it")
        for example in info.triggering {
            let text = Linter.exampleText(example)
            let expected = markedLines(text, rule: rule)
            #expect(!expected.isEmpty, "the example marks where the rule fires")
            let found = lint(text).filter { $0.rule == rule }
            #expect(found.map(\.line) == expected, "\(found.map(\.message))")
            #expect(found.allSatisfy { $0.severity == info.severity && !$0.message.isEmpty })
        }
    }

    @Test("no rule fires on its non-triggering examples", arguments: Linter.ruleInfos.map(\.id))
    func nonTriggering(rule: String) throws {
        let info = try #require(Linter.ruleInfos.first { $0.id == rule })
        #expect(!info.nonTriggering.isEmpty, "a rule needs an example that must not trigger it")
        for example in info.nonTriggering {
            let found = lint(Linter.exampleText(example)).filter { $0.rule == rule }
            #expect(found.isEmpty, "\(found.map(\.message))")
        }
    }

    @Test("rule ids are unique, and each message says what goes wrong at run time")
    func ruleIDs() {
        let ids = Linter.ruleInfos.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.count >= 8)
    }

    @Test("a disable comment silences the rule it names on the next line only")
    func disableComment() throws {
        let info = try #require(Linter.ruleInfos.first { $0.id == "weak-parent-reference" })
        let example = try #require(info.triggering.first)
        let silenced = example.replacingOccurrences(
            of: "    var finishDelegate",
            with: "    // navinspect:disable:next weak-parent-reference\n    var finishDelegate")
        #expect(lint(Linter.examplePrelude + silenced).filter { $0.rule == "weak-parent-reference" }.isEmpty)
        let otherRule = example.replacingOccurrences(
            of: "    var finishDelegate", with: "    // navinspect:disable:next never-created\n    var finishDelegate")
        #expect(lint(Linter.examplePrelude + otherRule).contains { $0.rule == "weak-parent-reference" })
    }

    @Test("a rule turned off is not run")
    func disabledRule() throws {
        let example = Linter.examplePrelude + (Linter.ruleInfos.first { $0.id == "weak-parent-reference" }!.triggering[0])
        #expect(lint(example, disabled: ["weak-parent-reference"]).isEmpty)
    }
}

@Suite("Lint rules: what only a folder can show")
struct LintFolderTests {
    @Test("a coordinator class the app's Objective-C code creates is not reported as never created")
    func createdInObjectiveC() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-lint-objc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let swift =
            Linter.examplePrelude + """
                final class AppCoordinator: Coordinator {
                    weak var finishDelegate: CoordinatorFinishDelegate?
                    var childCoordinators: [Coordinator] = []
                    var type: CoordinatorType { .app }
                    func start() {}
                    func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
                }
                @objc final class ChooserCoordinator: NSObject, Coordinator {
                    weak var finishDelegate: CoordinatorFinishDelegate?
                    var childCoordinators: [Coordinator] = []
                    var type: CoordinatorType { .settings }
                    func start() {}
                    func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
                }
                final class UnusedCoordinator: Coordinator {
                    weak var finishDelegate: CoordinatorFinishDelegate?
                    var childCoordinators: [Coordinator] = []
                    var type: CoordinatorType { .detail }
                    func start() {}
                    func finish() { finishDelegate?.coordinatorDidFinish(childCoordinator: self) }
                }
                final class SceneDelegate: UIResponder {
                    let coordinator = AppCoordinator()
                }
                """
        try swift.write(to: folder.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
        let legacy = """
            @implementation LegacyViewController
            - (void)chooseTapped {
                ChooserCoordinator *chooser = [[ChooserCoordinator alloc] init];
                [chooser start];
            }
            @end
            """
        try legacy.write(to: folder.appendingPathComponent("Legacy.m"), atomically: true, encoding: .utf8)
        let workspace = SourceWorkspace(directory: folder.path)
        let found = Linter.lint(workspace.index(), text: workspace.diskText).filter { $0.rule == "never-created" }
        #expect(found.map(\.message).map { $0.contains("UnusedCoordinator") } == [true], "\(found.map(\.message))")
    }
}
