import CoordinatorModel
import JSON
import NavinspectProtocol
import NavinspectServer
import TreeGraphics

/// What `navinspect watch` prints: the tree and the current stack of a live app, and its events.
struct LiveView {
    /// How many events the screen keeps below the tree.
    static let eventLines = 12

    private var recent: [String] = []

    /// One line per event, as people read it.
    static func line(_ event: TreeChange) -> String {
        switch event {
        case .coordinatorStarted(let coordinator):
            return "+ started   \(coordinator.id)\(coordinator.type.map { " (\($0))" } ?? "")"
        case .coordinatorFinished(let coordinator):
            return "- finished  \(coordinator.id)\(coordinator.type.map { " (\($0))" } ?? "")"
        case .screenPushed(let screen):
            return "→ pushed    \(screen.className) on \(screen.container)\(screen.owner.map { ", owner \($0)" } ?? "")"
        case .screenPopped(let screen):
            return "← popped    \(screen.className) from \(screen.container)"
        case .presented(let container, let presented):
            return "↑ presented \(presented) over \(container)"
        case .dismissed(let container, let presented):
            return "↓ dismissed \(presented) from \(container)"
        case .tabSelected(let container, let index, let title):
            return "⇄ tab       \(title ?? "#\(index.map(String.init) ?? "none")") selected in \(container)"
        }
    }

    /// An event as a JSON line for `--json`.
    static func jsonLine(_ event: TreeChange, of update: LiveHub.Update) -> String {
        guard case .object(var object) = event.json else { return "" }
        var line: JSONObject = [
            "generation": .int(update.generation), "app": .int(update.app), "appName": .string(update.appName),
            "time": .int(update.time),
        ]
        for key in object.keys { line[key] = object[key] }
        object = line
        return JSONValue.object(object).serializedString()
    }

    /// The whole screen after `update`: a header, the tree, the current stack, the latest events.
    mutating func frame(after update: LiveHub.Update) -> String {
        recent += update.events.map { "[\(update.generation)] \(Self.line($0))" }
        if recent.count > Self.eventLines { recent.removeFirst(recent.count - Self.eventLines) }
        let tree = (try? TreeRequest.respond(to: nil, tree: update.tree)) ?? .null
        let stack = (try? CurrentStackRequest.respond(to: nil, tree: update.tree)) ?? .null
        let names = CoordinatorNames(update.tree)
        var lines = [
            "navinspect watch: \(update.appName) (app \(update.app)), generation \(update.generation)"
                + (update.isCurrent ? "" : " (not the app queries follow)"),
            "",
            HumanRenderer.tree(tree, names),
            "",
            HumanRenderer.currentStack(stack, names),
            "",
            "Events:",
        ]
        lines += recent.isEmpty ? ["  (none yet)"] : recent.map { "  " + $0 }
        return lines.joined(separator: "\n")
    }
}
