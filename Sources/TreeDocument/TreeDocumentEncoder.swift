import CoordinatorModel
import JSON

/// Writes a ``TreeDraft`` as a version 1 tree document.
public enum TreeDocumentEncoder {
    public static func encode(_ draft: TreeDraft) -> JSONValue {
        var document: JSONObject = ["navinspect": 1, "root": .optional(draft.root)]
        if let window = draft.window { document["window"] = .string(window) }
        document["coordinators"] = .array(draft.coordinators.map(encode))
        document["containers"] = .array(draft.containers.map(encode))
        return .object(document)
    }

    private static func encode(_ coordinator: CoordinatorDraft) -> JSONValue {
        var object: JSONObject = [
            "id": .string(coordinator.id), "class": .string(coordinator.className), "type": .optional(coordinator.type),
            "children": .array(coordinator.children.map(JSONValue.string)),
        ]
        object["source"] = coordinator.source.map { ["file": .string($0.file), "line": .int($0.line)] } ?? .null
        object["trigger"] = coordinator.trigger.map { ["method": .string($0.method), "onLaunch": .bool($0.onLaunch)] } ?? .null
        object["navigation"] = .optional(coordinator.navigation)
        if let sameAs = coordinator.sameAs { object["sameAs"] = .string(sameAs) }
        return .object(object)
    }

    private static func encode(_ container: ContainerDraft) -> JSONValue {
        var object: JSONObject = [
            "id": .string(container.id), "kind": .string(container.kind.rawValue), "class": .string(container.className),
        ]
        switch container.kind {
        case .navigation, .screen:
            object["stack"] = .array(container.stack.map { encode($0, embeds: true) })
        case .split:
            object["columns"] = .array(
                container.columns.map { column in
                    var item: JSONObject = ["column": .string(column.column.rawValue)]
                    switch column.content {
                    case .container(let id): item["container"] = .string(id)
                    case .viewController(let viewController): item["viewController"] = encode(viewController, embeds: false)
                    }
                    return .object(item)
                })
        case .tabBar:
            object["tabs"] = .array(
                container.tabs.map { tab in
                    var item: JSONObject = [
                        "title": .optional(tab.title), "icon": .optional(tab.icon), "tag": tab.tag.map(JSONValue.int) ?? .null,
                    ]
                    switch tab.content {
                    case .container(let id): item["container"] = .string(id)
                    case .viewController(let viewController): item["viewController"] = encode(viewController, embeds: false)
                    }
                    return .object(item)
                })
            if let selected = container.selectedIndex { object["selectedIndex"] = .int(selected) }
        }
        object["presented"] = .optional(container.presented)
        return .object(object)
    }

    private static func encode(_ viewController: ViewControllerDraft, embeds: Bool) -> JSONValue {
        var object: JSONObject = ["class": .string(viewController.className), "owner": .optional(viewController.owner)]
        if embeds, let embedded = viewController.embeds { object["embeds"] = .string(embedded) }
        return .object(object)
    }
}
