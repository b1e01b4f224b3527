import Foundation
import PackagePlugin

/// Lints a target's sources during the build, so the findings show as build warnings and errors
/// (`FILE:LINE:COLUMN: warning: MESSAGE [RULE]`), in Xcode's issue navigator and in `swift build`'s
/// output; an error-severity finding fails the build.
///
/// A build command runs again only when its inputs change (the target's Swift files, its
/// `.navinspect.json`, the navinspect binary), and SwiftPM runs only commands with outputs: a
/// small shell wrapper runs `navinspect lint` and then writes a one-line Swift file that the
/// target compiles. A target with no coordinators (lint's exit 2) builds quietly.
@main
struct NavinspectBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return [
            Self.command(
                tool: try context.tool(named: "navinspect").url, name: target.name, folder: target.directoryURL,
                sources: target.sourceFiles(withSuffix: "swift").map(\.url), work: context.pluginWorkDirectoryURL)
        ]
    }

    /// The lint command for one folder's sources, its stamp in `work`.
    static func command(tool: URL, name: String, folder: URL, sources: [URL], work: URL) -> Command {
        let stamp = work.appendingPathComponent("NavinspectLint\(name.filter { $0.isLetter || $0.isNumber }).swift")
        let configuration = folder.appendingPathComponent(".navinspect.json")
        let inputs = [tool] + sources + (FileManager.default.fileExists(atPath: configuration.path) ? [configuration] : [])
        return .buildCommand(
            displayName: "navinspect lint \(name)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script, tool.path, folder.path, stamp.path],
            inputFiles: inputs,
            outputFiles: [stamp])
    }

    /// $0 navinspect, $1 the folder, $2 the stamp. Lint's findings go to stdout, where the build
    /// shows them; its exit 2 (no coordinators in this target) is not a failure.
    static let script = """
        "$0" lint "$1" 2> "$2.log"; status=$?
        if [ "$status" -eq 2 ]; then status=0; else cat "$2.log" >&2; fi
        printf '// navinspect lint ran on this target; the findings are in the build log.\\n' > "$2"
        exit "$status"
        """
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension NavinspectBuildToolPlugin: XcodeBuildToolPlugin {
        /// An Xcode app target: lints the folder its files are in, the project's folder.
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let sources = target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
            return [
                Self.command(
                    tool: try context.tool(named: "navinspect").url, name: target.displayName,
                    folder: context.xcodeProject.directoryURL, sources: sources, work: context.pluginWorkDirectoryURL)
            ]
        }
    }
#endif
