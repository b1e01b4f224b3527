import Foundation
import PackagePlugin

/// Runs `navinspect` from a command plugin, its output passed through as it comes.
enum PluginTool {
    /// Runs `navinspect COMMAND FOLDER EXTRA...` once per folder; fails when a run fails, after
    /// running them all. A folder with no coordinators (exit 2) is reported and skipped.
    static func run(_ tool: URL, command: String, folders: [URL], extra: [String]) throws {
        var failed: [String] = []
        for folder in folders {
            let process = Process()
            process.executableURL = tool
            process.arguments = [command, folder.path] + extra
            try process.run()
            process.waitUntilExit()
            switch process.terminationStatus {
            case 0: break
            case 2: Diagnostics.remark("navinspect \(command): no coordinators in \(folder.path)")
            default: failed.append(folder.path)
            }
        }
        if !failed.isEmpty {
            Diagnostics.error("navinspect \(command) failed in \(failed.joined(separator: ", "))")
            throw PluginFailure(message: "navinspect \(command) failed")
        }
    }

    struct PluginFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
