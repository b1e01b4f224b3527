import Foundation
import PackagePlugin

/// `swift package plugin navinspect-lint [--target NAME]... [lint options]`: the lint findings of
/// the package's Swift sources, as `navinspect lint` prints them.
///
/// Without `--target`, lints the package's folder as one app (the coordinator protocol may live
/// in one target and the coordinators in others); with it, each target's folder on its own.
/// Other arguments (`--format json`, `--format sarif`) go to `navinspect lint`.
@main
struct NavinspectLintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let folders =
            names.isEmpty
            ? [context.package.directoryURL]
            : try context.package.targets(named: names).map(\.directoryURL)
        try PluginTool.run(
            try context.tool(named: "navinspect").url, command: "lint", folders: folders,
            extra: extractor.remainingArguments)
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension NavinspectLintCommandPlugin: XcodeCommandPlugin {
        /// From Xcode's project navigator (right-click the project, navinspect-lint): the project's folder.
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            var extractor = ArgumentExtractor(arguments)
            _ = extractor.extractOption(named: "target")
            try PluginTool.run(
                try context.tool(named: "navinspect").url, command: "lint", folders: [context.xcodeProject.directoryURL],
                extra: extractor.remainingArguments)
        }
    }
#endif
