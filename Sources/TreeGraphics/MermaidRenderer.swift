/// Draws a ``TreeGraph`` as a Mermaid flowchart, which GitHub and GitLab render in Markdown.
public enum MermaidRenderer {
    public static func render(_ graph: TreeGraph) -> String {
        var lines = ["flowchart TD"]
        if let note = graph.note { lines.append("    %% navinspect: \(note)") }
        for node in graph.nodes {
            let label = Escaping.mermaid(node.title) + "<br/>" + Escaping.mermaid(node.subtitle)
            lines.append("    \(node.key)\(node.coordinator == nil ? "([\"\(label)\"])" : "[\"\(label)\"]")")
        }
        for (number, edge) in graph.edges.enumerated() {
            let arrow =
                edge.onDemand
                ? "-.->|\"\(Escaping.mermaid((edge.method ?? "on demand") + "()"))\"|"
                : (edge.onSearchPath ? "==>" : "-->")
            lines.append("    \(edge.from) \(arrow) \(edge.to)")
            if edge.onSearchPath && edge.onDemand { lines.append("    linkStyle \(number) stroke:#d9480f,stroke-width:3px") }
        }
        lines.append("    classDef shared stroke:#c92a2a,stroke-width:3px")
        lines.append("    classDef screen fill:#d3f9d8")
        lines.append("    classDef visited fill:#fff3bf")
        lines.append("    classDef found fill:#ffd8a8,stroke:#d9480f,stroke-width:3px")
        lines.append("    classDef more fill:#f1f3f5,stroke-dasharray:4 3")
        let marks: [(String, (TreeGraph.Node) -> Bool)] = [
            ("screen", { $0.onScreen }),
            ("visited", { $0.visited && $0.coordinator != graph.found }),
            ("found", { $0.coordinator != nil && $0.coordinator == graph.found }),
            ("shared", { $0.sharedType }),
            ("more", { $0.coordinator == nil }),
        ]
        for (name, applies) in marks {
            let keys = graph.nodes.filter(applies).map(\.key)
            if !keys.isEmpty { lines.append("    class \(keys.joined(separator: ",")) \(name)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
