import Testing

/// An empty string is never an id, even where null is allowed: it is reported where it stands.
@Suite("Empty ids")
struct EmptyIdentifierTests {
    @Test("empty ids in nullable members are reported at their pointer")
    func emptyNullableIDs() {
        let document = treeDocument(
            window: #""""#,
            coordinators: [#"{"id": "app", "class": "AppCoordinator", "type": "", "navigation": ""}"#],
            containers: [
                #"{"id": "nav", "kind": "navigation", "presented": "", "stack": [{"class": "A", "owner": "", "embeds": ""}]}"#,
                #"{"id": "tabs", "kind": "tabBar", "tabs": [{"title": "", "icon": "", "container": ""}]}"#,
            ])
        let issues = assertIssues(
            document,
            contain: [
                ("/window", "must not be empty"),
                ("/coordinators/0/type", "must not be empty"),
                ("/coordinators/0/navigation", "must not be empty"),
                ("/containers/0/presented", "must not be empty"),
                ("/containers/0/stack/0/owner", "must not be empty"),
                ("/containers/0/stack/0/embeds", "must not be empty"),
                ("/containers/1/tabs/0/container", "must not be empty"),
            ])
        // A tab's title and icon are free text: empty is allowed there.
        #expect(!issues.contains { $0.pointer.hasSuffix("/title") || $0.pointer.hasSuffix("/icon") }, "\(issues)")
    }
}
