/// Draws a ``TreeGraph`` in Graphviz's DOT language.
public enum DOTRenderer {
    public static func render(_ graph: TreeGraph) -> String {
        var lines = ["digraph coordinators {"]
        if let note = graph.note { lines.append("    // navinspect: \(note)") }
        lines.append("    rankdir=TB;")
        lines.append(
            "    node [shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", fontname=\"Helvetica\", fontsize=11];")
        lines.append("    edge [color=\"#868e96\", fontname=\"Helvetica\", fontsize=9];")
        for node in graph.nodes {
            var attributes = ["label=\"\(Escaping.dot(node.title))\\n\(Escaping.dot(node.subtitle))\""]
            if node.coordinator == nil {
                attributes.append("style=\"rounded,dashed,filled\", fillcolor=\"#f1f3f5\"")
            } else if node.coordinator == graph.found {
                attributes.append("fillcolor=\"#ffd8a8\"")
            } else if node.visited {
                attributes.append("fillcolor=\"#fff3bf\"")
            } else if node.onScreen {
                attributes.append("fillcolor=\"#d3f9d8\"")
            }
            if node.sharedType { attributes.append("color=\"#c92a2a\", penwidth=2.5") }
            if node.coordinator != nil { attributes.append("tooltip=\"\(Escaping.dot(node.id))\"") }
            lines.append("    \(node.key) [\(attributes.joined(separator: ", "))];")
        }
        for edge in graph.edges {
            var attributes: [String] = []
            if edge.onDemand {
                attributes.append("style=dashed")
                if let method = edge.method { attributes.append("label=\"\(Escaping.dot(method))()\"") }
            }
            if edge.onSearchPath { attributes.append("color=\"#d9480f\", penwidth=2.5") }
            lines.append("    \(edge.from) -> \(edge.to)\(attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]");")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
