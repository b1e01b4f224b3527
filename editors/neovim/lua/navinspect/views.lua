-- The navinspect views: the tree in a side window, the current stack, and findCoordinator's and
-- children's answers in the quickfix list. Buffers are `nofile` scratch buffers that remember the
-- client they were drawn from, so their keys ask the same server.

local navinspect = require("navinspect")
local render = require("navinspect.render")

local M = {}

local function warn(message)
  vim.notify("navinspect: " .. message, vim.log.levels.WARN)
end

local function describe_error(err)
  if not err then
    return "no answer"
  end
  if err.code == -32010 then
    return "the app is still being indexed; the view fills in when the index is ready"
  end
  return err.message or tostring(err)
end

--- A scratch buffer named `name`, made once and reused.
local function scratch(name, filetype)
  local bufnr = vim.fn.bufnr(name)
  if bufnr == -1 then
    bufnr = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(bufnr, name)
    vim.bo[bufnr].buftype = "nofile"
    vim.bo[bufnr].bufhidden = "hide"
    vim.bo[bufnr].swapfile = false
    vim.bo[bufnr].filetype = filetype
  end
  return bufnr
end

local function set_lines(bufnr, lines)
  vim.bo[bufnr].modifiable = true
  vim.api.nvim_buf_set_lines(bufnr, 0, -1, false, lines)
  vim.bo[bufnr].modifiable = false
end

--- Shows `bufnr` in a window of its own at the right (or where it is already shown).
local function show_side(bufnr, width)
  local window = vim.fn.bufwinid(bufnr)
  if window == -1 then
    vim.cmd("botright vsplit")
    window = vim.api.nvim_get_current_win()
    vim.api.nvim_win_set_buf(window, bufnr)
    vim.api.nvim_win_set_width(window, width)
    vim.wo[window].winfixwidth = true
    vim.wo[window].number = false
    vim.wo[window].relativenumber = false
    vim.wo[window].wrap = false
  else
    vim.api.nvim_set_current_win(window)
  end
  return window
end

--- Opens a coordinator's source in a window that is not a navinspect view.
local function jump_to_coordinator(client, id)
  local result, err = navinspect.request(client, "navinspect/describe", { id = id })
  if not result then
    warn(describe_error(err))
    return false
  end
  if type(result.source) ~= "table" then
    warn(id .. " has no source location (the tree came from a document)")
    return false
  end
  local path = navinspect.source_path(client, result.source.file)
  local target
  for _, window in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
    local bufnr = vim.api.nvim_win_get_buf(window)
    if vim.bo[bufnr].buftype == "" then
      target = window
      break
    end
  end
  if target then
    vim.api.nvim_set_current_win(target)
  else
    vim.cmd("topleft vsplit")
  end
  vim.cmd("edit " .. vim.fn.fnameescape(path))
  vim.api.nvim_win_set_cursor(0, { result.source.line, 0 })
  return true
end

M.jump_to_coordinator = jump_to_coordinator

-- The tree.

--- The coordinator ids of each tree buffer's lines, by buffer.
local tree_ids = {}

-- A line folds the lines below it that are indented deeper: its children. Computed from the
-- indent alone, so no fold list is kept per buffer.
local tree_foldexpr = "indent(v:lnum+1)>indent(v:lnum)?'>'.(indent(v:lnum)/2+1):indent(v:lnum)/2"

local function tree_name(client)
  return "navinspect://tree/" .. vim.fn.fnamemodify(client.config.root_dir or "", ":t")
end

--- Draws the tree of `client` in `bufnr`; an index still running leaves a note that the next
--- `navinspect/treeDidChange` replaces.
function M.draw_tree(bufnr, client)
  local tree, err = navinspect.tree(client)
  local lines, ids
  if tree then
    lines, ids = render.tree(tree)
  else
    lines, ids = { "(" .. describe_error(err) .. ")" }, {}
  end
  vim.b[bufnr].navinspect_client = client.id
  -- Kept on the Lua side: a buffer variable would copy thousands of ids into Vimscript.
  tree_ids[bufnr] = ids
  set_lines(bufnr, lines)
  return tree ~= nil
end

--- The coordinator that line `line` of tree buffer `bufnr` stands for.
function M.id_at(bufnr, line)
  return (tree_ids[bufnr] or {})[line]
end

local function id_under_cursor()
  return M.id_at(vim.api.nvim_get_current_buf(), vim.api.nvim_win_get_cursor(0)[1])
end

--- `:NavinspectTree`: the tree of the current buffer's app in a side window.
function M.tree()
  local client = navinspect.client(0, true)
  if not client then
    warn("no server for this buffer (is navinspect on PATH?)")
    return
  end
  local bufnr = scratch(tree_name(client), "navinspect-tree")
  M.draw_tree(bufnr, client)
  local window = show_side(bufnr, 40)
  vim.wo[window].foldmethod = "expr"
  vim.wo[window].foldexpr = tree_foldexpr
  vim.wo[window].foldlevel = 99
  local options = { buffer = bufnr, silent = true, nowait = true }
  vim.keymap.set("n", "<CR>", function()
    local id = id_under_cursor()
    if id then
      jump_to_coordinator(client, id)
    end
  end, options)
  vim.keymap.set("n", "K", function()
    local id = id_under_cursor()
    if id then
      M.describe(client, id)
    end
  end, options)
  vim.keymap.set("n", "R", function()
    M.draw_tree(bufnr, client)
  end, options)
  vim.keymap.set("n", "q", "<cmd>close<CR>", options)
  return bufnr
end

--- The `K` float: what describe says about a coordinator.
function M.describe(client, id)
  local result, err = navinspect.request(client, "navinspect/describe", { id = id })
  if not result then
    warn(describe_error(err))
    return
  end
  return vim.lsp.util.open_floating_preview(render.describe(result), "markdown", { border = "single" })
end

-- The current stack.

local function stack_name(client)
  return "navinspect://stack/" .. vim.fn.fnamemodify(client.config.root_dir or "", ":t")
end

function M.draw_stack(bufnr, client)
  local result, err = navinspect.request(client, "navinspect/currentStack", {})
  local lines, owners
  if result then
    lines, owners = render.stack(result)
  else
    lines, owners = { "(" .. describe_error(err) .. ")" }, { false }
  end
  vim.b[bufnr].navinspect_client = client.id
  vim.b[bufnr].navinspect_owners = owners
  set_lines(bufnr, lines)
  return result ~= nil
end

--- `:NavinspectStack`: the view controllers on screen, bottom to top, with their owners.
function M.stack()
  local client = navinspect.client(0, true)
  if not client then
    warn("no server for this buffer (is navinspect on PATH?)")
    return
  end
  local bufnr = scratch(stack_name(client), "navinspect-stack")
  M.draw_stack(bufnr, client)
  show_side(bufnr, 60)
  local options = { buffer = bufnr, silent = true, nowait = true }
  vim.keymap.set("n", "<CR>", function()
    local owner = (vim.b.navinspect_owners or {})[vim.api.nvim_win_get_cursor(0)[1]]
    if owner then
      jump_to_coordinator(client, owner)
    else
      warn("no owner on this line")
    end
  end, options)
  vim.keymap.set("n", "R", function()
    M.draw_stack(bufnr, client)
  end, options)
  vim.keymap.set("n", "q", "<cmd>close<CR>", options)
  return bufnr
end

-- findCoordinator and children, in the quickfix list.

local function source_of(client, id)
  local result = navinspect.request(client, "navinspect/describe", { id = id })
  return result and result.source or nil
end

local function resolver(client)
  return function(file)
    return navinspect.source_path(client, file)
  end
end

--- `:NavinspectFind {type}`: every coordinator of the type in the order the app's search visits
--- them, in the quickfix list; the first is the one the app's findCoordinator(type:) returns.
function M.find(kind)
  local client = navinspect.client(0, true)
  if not client then
    warn("no server for this buffer (is navinspect on PATH?)")
    return
  end
  local matches, err = navinspect.request(client, "navinspect/findCoordinator", { type = kind, all = true })
  if not matches then
    warn(describe_error(err))
    return
  end
  local items = {}
  for index, match in ipairs(matches) do
    table.insert(items, render.item(source_of(client, match.id), render.match_text(index, match), resolver(client)))
  end
  local title = string.format("navinspect: findCoordinator(type: .%s), %d match%s in visiting order", kind, #matches,
    #matches == 1 and "" or "es")
  vim.fn.setqflist({}, " ", { title = title, items = items, context = { navinspect = matches } })
  if #matches == 0 then
    warn("no coordinator has type ." .. kind)
  else
    vim.cmd("botright copen")
  end
  return matches
end

--- Completion of `:NavinspectFind`: the type cases of the tree's coordinators.
function M.complete_types(lead)
  local client = navinspect.client(0, false)
  if not client then
    return {}
  end
  return vim.tbl_filter(function(kind)
    return kind:sub(1, #lead) == lead
  end, navinspect.types(client))
end

--- `:NavinspectChildren [class]`: the children of the coordinator class under the cursor (every
--- node of that class), in the quickfix list in childCoordinators order.
function M.children(class)
  local client = navinspect.client(0, true)
  if not client then
    warn("no server for this buffer (is navinspect on PATH?)")
    return
  end
  if not class or class == "" then
    local id = vim.bo.filetype == "navinspect-tree" and id_under_cursor()
    class = id and id:match("([^/]+)$"):gsub("[@#].*$", "") or vim.fn.expand("<cword>")
  end
  local nodes, err = navinspect.nodes(client)
  if not nodes then
    warn(describe_error(err))
    return
  end
  local items, answers = {}, {}
  for _, entry in ipairs(nodes) do
    if entry.node.class == class then
      local result, failure = navinspect.request(client, "navinspect/children", { id = entry.node.id })
      if not result then
        warn(describe_error(failure))
        return
      end
      table.insert(answers, result)
      for _, child in ipairs(result.children) do
        local text = string.format("%s → %s %s  (%d children)", result.id, child.class,
          type(child.type) == "string" and ("." .. child.type) or "(no type)", child.childCount)
        table.insert(items, render.item(source_of(client, child.id), text, resolver(client)))
      end
    end
  end
  if #answers == 0 then
    warn(class .. " is not a coordinator of the tree")
    return
  end
  vim.fn.setqflist({}, " ", { title = "navinspect: children of " .. class, items = items,
    context = { navinspect = answers } })
  vim.cmd("botright copen")
  return answers
end

-- Every view redraws when its server's tree changes.
navinspect.on_tree_change(function(client_id)
  local client = vim.lsp.get_client_by_id(client_id)
  if not client then
    return
  end
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.b[bufnr].navinspect_client == client_id then
      local filetype = vim.bo[bufnr].filetype
      if filetype == "navinspect-tree" then
        M.draw_tree(bufnr, client)
      elseif filetype == "navinspect-stack" then
        M.draw_stack(bufnr, client)
      end
    end
  end
end)

return M
