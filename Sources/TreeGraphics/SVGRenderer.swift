/// Draws a ``TreeGraph`` as a standalone SVG image, laid out by ``TreeLayout``.
public enum SVGRenderer {
    public static func render(_ graph: TreeGraph) -> String {
        let layout = TreeLayout(graph)
        var index: [String: Int] = [:]
        for (position, node) in graph.nodes.enumerated() { index[node.key] = position }
        let legendHeight = 28.0
        let width = max(layout.width, 640)
        let height = layout.height + legendHeight + (graph.note == nil ? 0 : 18)

        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(format(width))" height="\(format(height))" \
            viewBox="0 0 \(format(width)) \(format(height))" font-family="Helvetica, Arial, sans-serif" font-size="11">
            <style>
            .node rect { fill: #ffffff; stroke: #495057; stroke-width: 1.2; }
            .node.screen rect { fill: #d3f9d8; }
            .node.visited rect { fill: #fff3bf; }
            .node.found rect { fill: #ffd8a8; stroke: #d9480f; stroke-width: 2.5; }
            .node.shared rect { stroke: #c92a2a; stroke-width: 2.5; }
            .node.more rect { fill: #f1f3f5; stroke-dasharray: 4 3; }
            .node .title { font-weight: bold; }
            .node .subtitle { fill: #495057; font-size: 10px; }
            .edge { fill: none; stroke: #868e96; stroke-width: 1.2; }
            .edge.on-demand { stroke-dasharray: 5 4; }
            .edge.search { stroke: #d9480f; stroke-width: 2.5; }
            .edge-label { fill: #495057; font-size: 9px; font-style: italic; }
            .legend { fill: #495057; font-size: 10px; }
            </style>

            """
        out +=
            "<title>\(Escaping.markup("Coordinator tree" + (graph.options.find.map { ", findCoordinator(type: .\($0))" } ?? "")))</title>\n"
        if let note = graph.note {
            out +=
                "<text class=\"legend\" x=\"\(format(TreeLayout.margin))\" y=\"14\">\(Escaping.markup("navinspect: " + note))</text>\n"
        }
        let top = graph.note == nil ? 0.0 : 18.0

        out += "<g transform=\"translate(0 \(format(top)))\">\n"
        for edge in graph.edges {
            guard let from = index[edge.from], let to = index[edge.to] else { continue }
            let parent = layout.boxes[from]
            let child = layout.boxes[to]
            let startY = parent.y + parent.height
            let middleY = (startY + child.y) / 2
            var classes = ["edge"]
            if edge.onDemand { classes.append("on-demand") }
            if edge.onSearchPath { classes.append("search") }
            out += "<path class=\"\(classes.joined(separator: " "))\" data-from=\"\(edge.from)\" data-to=\"\(edge.to)\" "
            if layout.stacked[to] {
                // An elbow from the parent's lower left down the column, into the child's left side.
                let middle = child.y + child.height / 2
                out += "d=\"M\(format(parent.x + TreeLayout.stackIndent / 2)),\(format(startY)) V\(format(middle)) "
                out += "H\(format(child.x))\"/>\n"
            } else {
                out += "d=\"M\(format(parent.centerX)),\(format(startY)) C\(format(parent.centerX)),\(format(middleY)) "
                out += "\(format(child.centerX)),\(format(middleY)) \(format(child.centerX)),\(format(child.y))\"/>\n"
            }
            if let method = edge.method {
                let (x, y) =
                    layout.stacked[to]
                    ? (child.x + child.width + 4, child.y + child.height / 2 + 3) : (child.centerX + 4, child.y - 6)
                out += "<text class=\"edge-label\" x=\"\(format(x))\" y=\"\(format(y))\">"
                out += "\(Escaping.markup(method + "()"))</text>\n"
            }
        }
        for (position, node) in graph.nodes.enumerated() {
            let box = layout.boxes[position]
            var classes = ["node"]
            if node.coordinator == nil { classes.append("more") }
            if node.visited { classes.append("visited") }
            if node.onScreen { classes.append("screen") }
            if node.coordinator != nil && node.coordinator == graph.found { classes.append("found") }
            if node.sharedType { classes.append("shared") }
            out += "<g class=\"\(classes.joined(separator: " "))\" id=\"\(node.key)\">"
            out += "<title>\(Escaping.markup(node.title + "\n" + node.subtitle))</title>"
            out += "<rect x=\"\(format(box.x))\" y=\"\(format(box.y))\" width=\"\(format(box.width))\" "
            out += "height=\"\(format(box.height))\" rx=\"6\"/>"
            out += "<text class=\"title\" x=\"\(format(box.centerX))\" y=\"\(format(box.y + 17))\" text-anchor=\"middle\">"
            out += "\(Escaping.markup(node.title))</text>"
            out += "<text class=\"subtitle\" x=\"\(format(box.centerX))\" y=\"\(format(box.y + 31))\" text-anchor=\"middle\">"
            out += "\(Escaping.markup(node.subtitle))</text></g>\n"
        }
        out += "</g>\n"

        let legendY = top + layout.height + 16
        out += "<text class=\"legend\" x=\"\(format(TreeLayout.margin))\" y=\"\(format(legendY))\">"
        out += "dashed: started on demand · red border: type shared by several classes · green: owns what is on screen"
        if graph.options.find != nil { out += " · yellow: visited by the search · orange: returned" }
        out += "</text>\n</svg>\n"
        return out
    }

    private static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
