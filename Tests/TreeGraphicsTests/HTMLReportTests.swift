import CoordinatorModel
import Foundation
import TestSupport
import Testing
import TreeGraphics

@Suite("navinspect report: the page as written (the rendered page is checked in Chromium by scripts/test)")
struct HTMLReportTests {
    @Test("the page needs no network: no external script, style, image or font")
    func selfContained() {
        let page = HTMLReport(tree: Fixtures.example(), title: "Trailhead", findings: nil).render()
        for attribute in ["src=", "href=\"http", "url(", "@import", "<link"] {
            #expect(!page.contains(attribute), "\(attribute)")
        }
        #expect(page.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(page.contains("id=\"navinspect-data\"") && page.contains("id=\"lint-none\""))
    }

    @Test("names from the sources are escaped in the markup and cannot end the data's script element")
    func escaping() throws {
        let hostile = "</script><img src=x onerror=alert(1)>"
        let draft = TreeDraft(
            root: "a",
            coordinators: [
                CoordinatorDraft(id: "a", className: hostile, type: "t&<", children: ["b"]),
                CoordinatorDraft(id: "b", className: "B\"'", source: SourceLocation(file: "<x>.swift", line: 3)),
            ])
        let finding = ReportFinding(rule: "r<", severity: "warning", message: "<b>bold</b>", file: "F<.swift", line: 1, column: 2)
        let page = HTMLReport(tree: try CoordinatorTree(validating: draft), title: "<App>", findings: [finding]).render()
        #expect(!page.contains("<img") && !page.contains("<b>bold") && !page.contains("<App>") && !page.contains("<x>"))
        #expect(page.contains("&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"))
        // Exactly the two script elements the page has, each closed once.
        #expect(page.components(separatedBy: "</script>").count == 3)
        let data = try #require(page.split(separator: "id=\"navinspect-data\">").last?.split(separator: "</script>").first)
        #expect(!data.contains("<"))
        #expect(page.contains("<td class=\"place\">F&lt;.swift:1:2</td>"))
    }

    @Test("the findCoordinator data is the model's visiting order, with every subtree's size")
    func searchData() throws {
        let tree = Fixtures.example()
        let page = HTMLReport(tree: tree, title: "Trailhead", findings: []).render()
        let data = try #require(page.split(separator: "id=\"navinspect-data\">").last?.split(separator: "</script>").first)
        let order = "\"order\":[" + tree.searchOrder().map(String.init).joined(separator: ",") + "]"
        #expect(data.contains(order))
        #expect(page.contains("<p id=\"lint-none\">No findings.</p>"))
    }

    @Test("a tree with no window says nothing is on screen")
    func noWindow() throws {
        let tree = try Fixtures.tree([(id: "root", type: nil, children: [])])
        let page = HTMLReport(tree: tree, title: "Bare", findings: nil).render()
        #expect(page.contains("id=\"no-window\""))
    }

    @Test("a split window draws each column, a screen container its one view controller")
    func splitAndScreen() throws {
        let draft = TreeDraft(
            root: "app", window: "split",
            coordinators: [
                CoordinatorDraft(id: "app", className: "AppCoordinator", children: ["list"]),
                CoordinatorDraft(id: "list", className: "ListCoordinator"),
            ],
            containers: [
                ContainerDraft(
                    id: "split", kind: .split,
                    columns: [
                        ColumnDraft(column: .primary, content: .container("listNav")),
                        ColumnDraft(
                            column: .secondary, content: .viewController(ViewControllerDraft(className: "DetailVC", owner: "app"))
                        ),
                    ], presented: "welcome"),
                ContainerDraft(
                    id: "listNav", kind: .navigation, stack: [ViewControllerDraft(className: "ListVC", owner: "list")]),
                ContainerDraft(
                    id: "welcome", kind: .screen, className: "WelcomeVC",
                    stack: [ViewControllerDraft(className: "WelcomeVC", owner: nil)]),
            ])
        let page = HTMLReport(tree: try CoordinatorTree(validating: draft), title: "Split", findings: nil).render()
        #expect(page.contains("data-column=\"primary\"") && page.contains("data-column=\"secondary\""))
        #expect(page.contains("primary column: UINavigationController"))
        #expect(
            page.contains("<span class=\"vc-class\">ListVC</span>") && page.contains("<span class=\"vc-class\">DetailVC</span>"))
        #expect(page.contains("class=\"container screen\"") && page.contains("<span class=\"vc-class\">WelcomeVC</span>"))
    }
}
