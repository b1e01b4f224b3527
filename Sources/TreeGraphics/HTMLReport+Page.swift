extension HTMLReport {
    /// The page's style sheet.
    static let style = #"""
        body { font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #212529; margin: 0; background: #f8f9fa; }
        header { background: #212529; color: #f8f9fa; padding: 12px 24px; }
        header h1 { margin: 0; font-size: 20px; }
        header p { margin: 4px 0; color: #ced4da; }
        header nav a { color: #74c0fc; margin-right: 12px; }
        main { padding: 0 24px 24px; }
        section { background: #fff; border: 1px solid #dee2e6; border-radius: 8px; padding: 8px 16px 16px; margin-top: 16px; }
        h2 { font-size: 17px; margin: 8px 0; }
        h3 { font-size: 15px; margin: 12px 0 6px; }
        .hint { color: #6c757d; margin: 4px 0 8px; }
        .tools { margin: 8px 0; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
        .tools input[type=search] { width: 260px; padding: 4px 8px; }
        .split { display: flex; gap: 16px; align-items: flex-start; }
        #tree { flex: 1 1 60%; overflow: auto; max-height: 70vh; }
        #details { flex: 1 1 40%; position: sticky; top: 8px; border-left: 3px solid #dee2e6; padding-left: 12px; min-height: 80px; }
        #details dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0; }
        #details dt { color: #6c757d; }
        #details dd { margin: 0; overflow-wrap: anywhere; }
        ul.tree, ul.tree ul { list-style: none; margin: 0; padding-left: 18px; }
        ul.tree { padding-left: 0; }
        ul.tree li { margin: 1px 0; }
        ul.tree summary { cursor: pointer; }
        ul.tree .leaf { padding-left: 14px; display: inline-block; }
        ul.tree li.match > details > summary .node, ul.tree li.match > .leaf .node { background: #ffec99; }
        ul.tree li.selected > details > summary .node, ul.tree li.selected > .leaf .node { outline: 2px solid #1c7ed6; }
        ul.tree li.found-match > details > summary .node, ul.tree li.found-match > .leaf .node { text-decoration: underline wavy #d9480f; }
        button.node { font: inherit; border: 0; background: none; padding: 0 2px; color: #1864ab; cursor: pointer; font-weight: 600; }
        button.node:hover { text-decoration: underline; }
        .id { color: #868e96; font-size: 12px; }
        .type { color: #5f3dc4; font-family: ui-monospace, Menlo, monospace; font-size: 12px; }
        .count { color: #adb5bd; font-size: 11px; }
        .mark { border-radius: 4px; padding: 0 4px; font-size: 11px; }
        .mark.on-demand { border: 1px dashed #868e96; color: #495057; }
        .mark.shared { border: 1px solid #c92a2a; color: #c92a2a; }
        .mark.same { border: 1px dotted #868e96; color: #868e96; }
        .mark.screen { background: #d3f9d8; color: #2b8a3e; }
        .window { border: 2px solid #343a40; border-radius: 14px; padding: 8px; max-width: 560px; background: #f1f3f5; }
        .caption { font-size: 12px; color: #495057; font-weight: 600; margin-bottom: 4px; }
        .container { border: 1px solid #adb5bd; border-radius: 6px; padding: 6px; margin: 4px 0; background: #fff; }
        .container.tabBar { border-color: #1c7ed6; }
        .container.navigation { border-color: #5c940d; }
        ol.stack { margin: 0; padding-left: 22px; }
        .vc { margin: 2px 0; }
        .vc.top > .vc-class { font-weight: 700; }
        .vc-class { font-family: ui-monospace, Menlo, monospace; font-size: 12px; }
        .owner.none { color: #adb5bd; font-size: 12px; }
        ul.tabs { display: flex; gap: 4px; list-style: none; padding: 0; margin: 0 0 4px; flex-wrap: wrap; }
        .tab { border: 1px solid #ced4da; border-radius: 4px; padding: 0 6px; font-size: 12px; color: #495057; }
        .tab.selected { background: #1c7ed6; border-color: #1c7ed6; color: #fff; }
        .presented { border-left: 4px solid #f08c00; padding-left: 6px; margin-top: 6px; }
        #find-order li.winner { font-weight: 600; }
        #find-result .path { color: #868e96; font-size: 12px; }
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #e9ecef; vertical-align: top; }
        tr.error td:first-child { color: #c92a2a; font-weight: 600; }
        tr.warning td:first-child { color: #e67700; }
        td code { white-space: nowrap; }
        td.place { font-family: ui-monospace, Menlo, monospace; font-size: 12px; white-space: nowrap; }
        .picture { overflow: auto; max-height: 80vh; }
        footer { color: #868e96; padding: 0 24px 24px; font-size: 12px; }
        """#

    /// The page's script: the tree's search, the details pane and the `findCoordinator` explorer.
    /// The fragment `#q=TEXT&select=ID&find=TYPE&from=ID` sets all three, so a link shows a state;
    /// `only=SECTION` shows one section alone (`tree-section`, `screen`, `find`, `lint`, `picture`), for a picture of it.
    static let script = #"""
        (function () {
          "use strict";
          var data = JSON.parse(document.getElementById("navinspect-data").textContent);
          var nodes = data.nodes;
          var position = [];
          data.order.forEach(function (node, index) { position[node] = index; });
          var byId = Object.create(null);
          nodes.forEach(function (node, index) { byId[node.id] = index; });

          function element(tag, attributes, text) {
            var made = document.createElement(tag);
            Object.keys(attributes || {}).forEach(function (name) { made.setAttribute(name, attributes[name]); });
            if (text !== undefined) made.textContent = text;
            return made;
          }
          function label(index) { return nodes[index].label; }
          function nodeButton(index) {
            return element("button", { type: "button", "class": "node", "data-node": String(index) }, label(index));
          }
          function path(index) {
            var names = [];
            for (var current = index; current !== null; current = nodes[current].parent) names.unshift(nodes[current]["class"]);
            return names.join(" \u2192 ");
          }
          function treeItem(index) { return document.querySelector('#tree li[data-node="' + index + '"]'); }
          function reveal(index) {
            for (var current = nodes[index].parent; current !== null; current = nodes[current].parent) {
              var item = treeItem(current);
              if (item && item.firstElementChild.tagName === "DETAILS") item.firstElementChild.open = true;
            }
          }

          var state = { q: "", select: null, find: null, from: data.root };
          function saveState() {
            var parts = [];
            if (state.q) parts.push("q=" + encodeURIComponent(state.q));
            if (state.select !== null) parts.push("select=" + encodeURIComponent(nodes[state.select].id));
            if (state.find) parts.push("find=" + encodeURIComponent(state.find));
            if (state.from !== data.root) parts.push("from=" + encodeURIComponent(nodes[state.from].id));
            history.replaceState(null, "", parts.length ? "#" + parts.join("&") : location.pathname + location.search);
          }

          // The details of one coordinator.
          var details = document.getElementById("details");
          function select(index) {
            var node = nodes[index];
            state.select = index;
            details.textContent = "";
            details.setAttribute("data-node", String(index));
            details.appendChild(element("h3", { id: "details-class" }, node["class"]));
            var list = element("dl");
            function row(name, value) {
              list.appendChild(element("dt", {}, name));
              var cell = element("dd", { "data-field": name });
              if (typeof value === "string") cell.textContent = value; else cell.appendChild(value);
              list.appendChild(cell);
            }
            row("id", node.id);
            row("type", node.type === null ? "none" : "." + node.type);
            row("source", node.source || "unknown");
            row("starts", node.starts || "unknown");
            row("parent", node.parent === null ? "none (the root)" : nodeButton(node.parent));
            var children = document.createDocumentFragment();
            node.children.forEach(function (child, number) {
              if (number > 0) children.appendChild(document.createTextNode(", "));
              children.appendChild(nodeButton(child));
            });
            row("children", node.children.length ? children : "none");
            if (node.sameAs !== undefined) row("same as", nodeButton(node.sameAs));
            row("navigation", node.navigation || "none");
            row("owns", node.owns ? node.owns.join(", ") : "no view controllers");
            details.appendChild(list);
            var here = element("button", { type: "button", id: "search-here" }, "Call findCoordinator on it");
            here.addEventListener("click", function () { fromSelect.value = String(index); find(); });
            details.appendChild(here);
            document.querySelectorAll("#tree li.selected").forEach(function (item) { item.classList.remove("selected"); });
            var item = treeItem(index);
            if (item) item.classList.add("selected");
            reveal(index);
            saveState();
          }
          document.addEventListener("click", function (event) {
            var button = event.target.closest ? event.target.closest("button.node") : null;
            if (button) select(Number(button.getAttribute("data-node")));
          });

          // Filtering the tree: matches and their ancestors stay, opened.
          var items = Array.prototype.slice.call(document.querySelectorAll("#tree li[data-node]"));
          var searchBox = document.getElementById("tree-search");
          var searchStatus = document.getElementById("search-status");
          function filter(query) {
            state.q = query;
            query = query.trim().toLowerCase();
            var keep = Object.create(null);
            var count = 0;
            items.forEach(function (item) {
              var matches = query !== "" && item.getAttribute("data-search").indexOf(query) >= 0;
              item.classList.toggle("match", matches);
              if (!matches) return;
              count += 1;
              for (var current = Number(item.getAttribute("data-node")); current !== null && !keep[current]; current = nodes[current].parent) {
                keep[current] = true;
              }
            });
            items.forEach(function (item) {
              var index = Number(item.getAttribute("data-node"));
              item.hidden = query !== "" && !keep[index];
              if (query !== "" && keep[index] && item.firstElementChild.tagName === "DETAILS") item.firstElementChild.open = true;
            });
            searchStatus.textContent = query === "" ? "" : count + (count === 1 ? " match" : " matches");
            saveState();
          }
          searchBox.addEventListener("input", function () { filter(searchBox.value); });
          document.getElementById("expand-all").addEventListener("click", function () {
            document.querySelectorAll("#tree details").forEach(function (item) { item.open = true; });
          });
          document.getElementById("collapse-all").addEventListener("click", function () {
            document.querySelectorAll("#tree details").forEach(function (item) { item.open = false; });
          });

          // The findCoordinator explorer: the model's visiting order, sliced to the origin's subtree;
          // after a coordinator shown as the same as another, the slice of that one's descendants
          // comes in its place, as the model's search goes on below it.
          function visitOrder(origin) {
            var order = [];
            function slice(start, end) {
              for (var visit = start; visit < end; visit++) {
                var index = data.order[visit];
                order.push(index);
                var same = nodes[index].sameAs;
                if (same !== undefined) slice(position[same] + 1, position[same] + nodes[same].size);
              }
            }
            slice(position[origin], position[origin] + nodes[origin].size);
            return order;
          }
          var typeSelect = document.getElementById("find-type");
          var fromSelect = document.getElementById("find-from");
          var result = document.getElementById("find-result");
          data.types.forEach(function (type) { typeSelect.appendChild(element("option", { value: type }, "." + type)); });
          data.order.forEach(function (index) {
            fromSelect.appendChild(element("option", { value: String(index) }, label(index)));
          });
          fromSelect.value = String(data.root);
          function find() {
            var type = typeSelect.value;
            var origin = Number(fromSelect.value);
            state.find = type || null;
            state.from = origin;
            result.textContent = "";
            document.querySelectorAll("#tree li.found-match").forEach(function (item) { item.classList.remove("found-match"); });
            if (!type) { saveState(); return; }
            var visited = visitOrder(origin);
            var matches = visited.filter(function (index) { return nodes[index].type === type; });
            var call = "findCoordinator(type: ." + type + ") called on " + label(origin);
            if (matches.length === 0) {
              result.appendChild(element("p", { id: "find-winner" }, call + " returns nil: no coordinator of that type below it."));
              saveState();
              return;
            }
            result.appendChild(element("p", { id: "find-winner", "data-node": String(matches[0]) }, call + " returns " + label(matches[0]) + "."));
            var visits = visited.indexOf(matches[0]) + 1;
            result.appendChild(element("p", { id: "find-visits" }, "It looks at " + visits + (visits === 1 ? " coordinator" : " coordinators") +
              " and stops there. " + matches.length + (matches.length === 1 ? " coordinator has" : " coordinators have") +
              " this type below it, in visiting order:"));
            var order = element("ol", { id: "find-order" });
            matches.forEach(function (match, number) {
              var entry = element("li", { "data-node": String(match), "class": number === 0 ? "winner" : "" });
              entry.appendChild(nodeButton(match));
              if (number === 0) entry.appendChild(document.createTextNode(" \u2190 returned"));
              entry.appendChild(element("span", { "class": "path" }, "  " + path(match)));
              order.appendChild(entry);
              var item = treeItem(match);
              if (item) item.classList.add("found-match");
            });
            result.appendChild(order);
            saveState();
          }
          typeSelect.addEventListener("change", find);
          fromSelect.addEventListener("change", find);

          // The state a link asks for.
          var asked = {};
          location.hash.replace(/^#/, "").split("&").forEach(function (part) {
            var equals = part.indexOf("=");
            if (equals > 0) asked[part.slice(0, equals)] = decodeURIComponent(part.slice(equals + 1));
          });
          if (asked.q) { searchBox.value = asked.q; filter(asked.q); }
          if (asked.from !== undefined && byId[asked.from] !== undefined) fromSelect.value = String(byId[asked.from]);
          if (asked.find !== undefined) {
            if (data.types.indexOf(asked.find) >= 0) { typeSelect.value = asked.find; find(); }
            else result.appendChild(element("p", { id: "find-winner" }, "No coordinator has type ." + asked.find + "."));
          } else {
            find();
          }
          if (asked.select !== undefined && byId[asked.select] !== undefined) select(byId[asked.select]);
          if (asked.only && document.getElementById(asked.only)) {
            document.querySelectorAll("header, footer, main > section").forEach(function (part) {
              if (part.id !== asked.only) part.hidden = true;
            });
          }
          document.body.setAttribute("data-ready", "1");
        })();
        """#
}
