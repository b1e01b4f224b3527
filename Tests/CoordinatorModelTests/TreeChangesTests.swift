import CoordinatorModel
import Testing

/// A tree of `app` → `home` → the given children of home, with `homeNav` holding `stack` and
/// presenting `sheet` when given.
private func tree(homeChildren: [String], stack: [String], sheet: Bool = false, selected: Int? = nil) throws -> CoordinatorTree {
    var containers = [
        ContainerDraft(
            id: "homeNav", kind: .navigation, stack: stack.map { ViewControllerDraft(className: $0, owner: "home") },
            presented: sheet ? "sheet" : nil),
        ContainerDraft(
            id: "sheet", kind: .navigation, stack: [ViewControllerDraft(className: "SheetViewController", owner: nil)]),
    ]
    if let selected {
        containers.append(
            ContainerDraft(
                id: "tabs", kind: .tabBar,
                tabs: ["A", "B"].map {
                    TabDraft(
                        title: $0, icon: nil, tag: nil, content: .viewController(ViewControllerDraft(className: $0, owner: nil)))
                },
                selectedIndex: selected))
    }
    return try CoordinatorTree(
        validating: TreeDraft(
            root: "app", window: "homeNav",
            coordinators: [
                CoordinatorDraft(id: "app", className: "AppCoordinator", children: ["home"]),
                CoordinatorDraft(id: "home", className: "HomeCoordinator", children: homeChildren, navigation: "homeNav"),
            ] + homeChildren.map { CoordinatorDraft(id: $0, className: "DetailCoordinator", type: "detail") },
            containers: containers))
}

private func names(_ changes: [TreeChange]) -> [String] {
    changes.map { change in
        switch change {
        case .coordinatorStarted(let coordinator): "started \(coordinator.id) under \(coordinator.parent ?? "-")"
        case .coordinatorFinished(let coordinator): "finished \(coordinator.id)"
        case .screenPushed(let screen): "pushed \(screen.className)"
        case .screenPopped(let screen): "popped \(screen.className)"
        case .presented(let container, let presented): "\(container) presented \(presented)"
        case .dismissed(let container, let presented): "\(container) dismissed \(presented)"
        case .tabSelected(let container, let index, let title): "\(container) selected \(index ?? -1) \(title ?? "")"
        }
    }
}

@Suite("Changes between two trees of one app")
struct TreeChangesTests {
    @Test("with nothing before, everything starts, parents first, and every screen is pushed")
    func fromNothing() throws {
        let new = try tree(homeChildren: ["a"], stack: ["Feed"])
        #expect(
            names(new.changes(from: nil)) == [
                "started app under -", "started home under app", "started a under home", "pushed Feed",
                "pushed SheetViewController",
            ])
    }

    @Test("coordinators finished deepest first, started parents first; a replaced id is both")
    func coordinators() throws {
        let old = try tree(homeChildren: ["a", "b"], stack: ["Feed"])
        let new = try tree(homeChildren: ["c"], stack: ["Feed"])
        #expect(names(new.changes(from: old)) == ["finished a", "finished b", "started c under home"])
        #expect(names(new.changes(from: new, replaced: ["home"])) == ["finished home", "started home under app"])
        #expect(new.changes(from: new).isEmpty)
    }

    @Test("stacks compared from the bottom: popped top first, then pushed; presented, dismissed, tab selected")
    func screens() throws {
        let old = try tree(homeChildren: [], stack: ["Feed", "Trail", "Photo"], selected: 0)
        let new = try tree(homeChildren: [], stack: ["Feed", "Map"], sheet: true, selected: 1)
        #expect(
            names(new.changes(from: old)) == [
                "popped Photo", "popped Trail", "pushed Map", "homeNav presented sheet", "tabs selected 1 B",
            ])
        #expect(
            names(old.changes(from: new)) == [
                "popped Map", "pushed Trail", "pushed Photo", "homeNav dismissed sheet", "tabs selected 0 A",
            ])
    }
}
