-- Turns navinspect's answers into lines and quickfix items. Pure functions of the answers, so the
-- views stay thin and the tests can compare them with `navinspect query --json`.

local M = {}

local function type_label(kind)
  return type(kind) == "string" and ("." .. kind) or "(no type)"
end

--- The lines of a `navinspect/tree` result, one per coordinator, indented two spaces a level
--- (the tree window folds by that indent); `ids[i]` is the coordinator on line i.
function M.tree(root)
  local lines, ids = {}, {}
  local function walk(node, depth)
    local marker = node.childCount > 0 and "▾ " or "· "
    local more = node.hasMore and "  …" or ""
    -- A flow shown with its children elsewhere names where they are.
    if type(node.sameAs) == "string" then more = more .. "  = same as " .. node.sameAs end
    table.insert(lines, string.rep("  ", depth) .. marker .. node.class .. "  " .. type_label(node.type) .. more)
    table.insert(ids, node.id)
    for _, child in ipairs(node.children) do
      walk(child, depth + 1)
    end
  end
  walk(root, 0)
  return lines, ids
end

--- The lines of a `navinspect/currentStack` result: the owners' path, then one line per view
--- controller, bottom to top; `owners[i]` is the owner of line i's view controller, if any.
function M.stack(result)
  local lines, owners = {}, {}
  local path = #result.coordinators > 0 and table.concat(result.coordinators, " → ") or "(no owner on screen)"
  table.insert(lines, "coordinators: " .. path)
  table.insert(owners, false)
  if #result.viewControllers == 0 then
    table.insert(lines, "(nothing on screen)")
    table.insert(owners, false)
  end
  for index, entry in ipairs(result.viewControllers) do
    local owner = type(entry.owner) == "string" and entry.owner or nil
    table.insert(lines, string.format("%d. %s  owner: %s  in %s", index, entry.class, owner or "none", entry.container))
    table.insert(owners, owner or false)
  end
  return lines, owners
end

--- The text of a describe result, for the `K` float.
function M.describe(result)
  local lines = {
    "# " .. result.class .. " " .. type_label(result.type),
    "",
    "id: `" .. result.id .. "`",
    "path: " .. table.concat(result.path, " → "),
    "children: " .. (#result.children > 0 and table.concat(result.children, ", ") or "none"),
  }
  if type(result.source) == "table" then
    table.insert(lines, "source: " .. result.source.file .. ":" .. result.source.line)
  end
  if type(result.trigger) == "table" then
    local how = result.trigger.onLaunch and "started on launch" or "on demand"
    table.insert(lines, "trigger: " .. tostring(result.trigger.method) .. " (" .. how .. ")")
  end
  if type(result.navigation) == "string" then
    table.insert(lines, "navigation: " .. result.navigation)
  end
  for _, controller in ipairs(result.viewControllers) do
    table.insert(lines, string.format("owns %s (%s %d of %s)", controller.class, controller.position, controller.index,
      controller.container))
  end
  return lines
end

--- A quickfix item for a coordinator; `source` is a describe result's source (or nil) and
--- `resolve(file)` makes its path absolute.
function M.item(source, text, resolve)
  local item = { text = text, valid = 1 }
  if type(source) == "table" then
    item.filename = resolve(source.file)
    item.lnum = source.line
    item.col = 1
  else
    item.valid = 0
  end
  return item
end

--- The text of the i-th match of findCoordinator with `all`, the first marked as the app's answer.
function M.match_text(index, match)
  local text = string.format("%s %s  %s", match.class, type_label(match.type), table.concat(match.path, " → "))
  if index == 1 then
    text = text .. "  [the app gets this one]"
  end
  return text
end

return M
