import Foundation
import PackagePlugin

/// `swift package plugin navinspect-index [--target NAME]`: the coordinator tree document of the
/// package's Swift sources, on stdout, as `navinspect index` writes it.
@main
struct NavinspectIndexCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let folders =
            names.isEmpty
            ? [context.package.directoryURL]
            : try context.package.targets(named: names).map(\.directoryURL)
        try PluginTool.run(
            try context.tool(named: "navinspect").url, command: "index", folders: folders,
            extra: extractor.remainingArguments)
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension NavinspectIndexCommandPlugin: XcodeCommandPlugin {
        /// From Xcode's project navigator: the project's folder.
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            try PluginTool.run(
                try context.tool(named: "navinspect").url, command: "index",
                folders: [context.xcodeProject.directoryURL], extra: [])
        }
    }
#endif
