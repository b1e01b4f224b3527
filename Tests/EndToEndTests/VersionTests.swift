import Foundation
import JSON
import NavinspectProtocol
import TestSupport
import Testing

@Suite("navinspect --version, serverInfo.version, and where the commit comes from")
struct VersionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// What git says of the checkout, or nil when the tests run outside one (a tarball).
    static func git(_ arguments: [String]) -> String? {
        guard let outcome = try? NavinspectBinary.runProgram("/usr/bin/env", ["git", "-C", root.path] + arguments),
            outcome.status == 0
        else { return nil }
        return outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("--version prints the version and the commit, the same string initialize answers")
    func versionMatchesServerInfo() throws {
        let printed = try NavinspectBinary.run(["--version"])
        #expect(printed.status == 0)
        let version = printed.stdout.trimmingCharacters(in: .newlines)
        #expect(version == NavinspectVersion.full)
        #expect(version.hasPrefix(NavinspectVersion.number + "+"))

        let served = try NavinspectBinary.Served([])
        let result = served.client.initialize()
        #expect(result?["serverInfo"]?["version"] == .string(version))
        served.client.notify("exit")
        _ = served.waitForExit()
    }

    // SwiftPM caches the manifest, so an incremental `swift build` may keep the commit of the
    // manifest's last reading: a commit of this repository, not always HEAD. scripts/install reads
    // the manifest afresh, and Tests/Install/run.sh checks that its binary names HEAD.
    @Test("built from a git checkout, the commit is one of the checkout's commits")
    func commitIsFromCheckout() throws {
        guard Self.git(["rev-parse", "HEAD"]) != nil else { return }
        let commit = NavinspectVersion.commit
        let hash = commit.hasSuffix(".modified") ? String(commit.dropLast(".modified".count)) : commit
        #expect(hash.count == 40 && hash.allSatisfy(\.isHexDigit), "not a commit: \(commit)")
        #expect(Self.git(["cat-file", "-e", hash + "^{commit}"]) != nil, "no such commit here: \(hash)")
    }

    @Test("a tarball made by git archive carries the commit in CBuildInfo, for builds without git")
    func archiveCarriesCommit() throws {
        guard let head = Self.git(["rev-parse", "HEAD"]) else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navinspect-archive-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tarball = folder.appendingPathComponent("navinspect.tar").path
        // The attributes of the working tree, so the test holds before .gitattributes is committed too.
        #expect(Self.git(["archive", "--worktree-attributes", "-o", tarball, "HEAD", "Sources/CBuildInfo"]) != nil)
        let extracted = try NavinspectBinary.runProgram("/usr/bin/env", ["tar", "-xf", tarball, "-C", folder.path])
        #expect(extracted.status == 0)
        let source = try String(
            contentsOf: folder.appendingPathComponent("Sources/CBuildInfo/BuildInfo.c"), encoding: .utf8)
        #expect(source.contains("#define NAVINSPECT_COMMIT \"\(head)\""))
        #expect(!source.contains("$Format"))
    }

    @Test("CHANGELOG.md starts with this version")
    func changelogNamesVersion() throws {
        let changelog = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let first = changelog.components(separatedBy: "\n").first { $0.hasPrefix("## ") }
        #expect(first?.hasPrefix("## \(NavinspectVersion.number)") == true, "first entry: \(first ?? "none")")
    }
}
