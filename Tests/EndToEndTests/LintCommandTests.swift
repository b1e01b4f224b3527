import Foundation
import JSON
import SourceIndex
import TestSupport
import Testing

/// A folder holding one Swift file, the example of `rule` that triggers it.
private func appTriggering(_ rule: String) throws -> (folder: URL, text: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-lint-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let example = try #require(Linter.ruleInfos.first { $0.id == rule }?.triggering.first)
    let text = Linter.examplePrelude + example
    try text.write(to: folder.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
    return (folder, text)
}

private func markedLine(_ text: String, _ rule: String) -> Int {
    text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasSuffix("// expect: \(rule)") }! + 1
}

@Suite("navinspect lint, the built binary")
struct LintCommandTests {
    @Test("Xcode's format, one line per finding, and exit 1 when a rule of severity error fires")
    func xcodeFormat() throws {
        let (folder, text) = try appTriggering("child-not-retained")
        let outcome = try NavinspectBinary.run(["lint", folder.path])
        #expect(outcome.status == 1)
        let line = markedLine(text, "child-not-retained")
        let findings = outcome.stdout.split(separator: "\n").filter { $0.hasSuffix("[child-not-retained]") }
        #expect(findings.count == 1)
        #expect(findings.first?.hasPrefix("\(folder.path)/App.swift:\(line):") == true)
        #expect(findings.first?.contains(": error: HomeCoordinator is started in AppCoordinator.start()") == true)
        #expect(outcome.stderr.contains("findings (1 errors)"))
    }

    @Test("warnings alone exit 0")
    func warningsExitZero() throws {
        let (folder, _) = try appTriggering("weak-parent-reference")
        let outcome = try NavinspectBinary.run(["lint", folder.path])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains(": warning: 'finishDelegate' holds the parent strongly"))
    }

    @Test("--format json and --format sarif carry the same finding")
    func machineFormats() throws {
        let (folder, text) = try appTriggering("child-not-retained")
        let line = markedLine(text, "child-not-retained")
        let json = try JSONParser.parseValue(try NavinspectBinary.run(["lint", folder.path, "--format", "json"]).stdout)
        let diagnostic = json["diagnostics"]?.arrayValue?.first { $0["rule"] == "child-not-retained" }
        #expect(diagnostic?["file"] == "App.swift" && diagnostic?["line"] == .int(line) && diagnostic?["severity"] == "error")

        let sarif = try JSONParser.parseValue(try NavinspectBinary.run(["lint", folder.path, "--format", "sarif"]).stdout)
        #expect(sarif["version"] == "2.1.0")
        let run = sarif["runs"]?.arrayValue?.first
        #expect(run?["tool"]?["driver"]?["rules"]?.arrayValue?.count == Linter.ruleInfos.count)
        let result = run?["results"]?.arrayValue?.first { $0["ruleId"] == "child-not-retained" }
        let location = result?["locations"]?.arrayValue?.first?["physicalLocation"]
        #expect(location?["artifactLocation"]?["uri"] == "App.swift")
        #expect(location?["region"]?["startLine"] == .int(line))
        #expect(result?["level"] == "error")
    }

    @Test("a rule turned off in .navinspect.json is not reported")
    func configurationDisablesRules() throws {
        let (folder, _) = try appTriggering("child-not-retained")
        try #"{"disabledRules": ["child-not-retained"]}"#.write(
            to: folder.appendingPathComponent(".navinspect.json"), atomically: true, encoding: .utf8)
        let outcome = try NavinspectBinary.run(["lint", folder.path])
        #expect(outcome.status == 0)
        #expect(!outcome.stdout.contains("child-not-retained"))
    }

    @Test("--rules lists every rule with its severity")
    func listsRules() throws {
        let outcome = try NavinspectBinary.run(["lint", "--rules"])
        #expect(outcome.status == 0)
        for info in Linter.ruleInfos { #expect(outcome.stdout.contains("\(info.id) (\(info.severity.rawValue)): ")) }
    }
}
