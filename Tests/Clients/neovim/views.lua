-- Headless Neovim runs the plugin's commands on Tests/Clients/harbor and reads what they show:
-- the tree buffer, the stack buffer and the quickfix list, each compared with what
-- `navinspect query … --json` answers for the same app.
--   NAVINSPECT_BIN=BINARY nvim --headless --clean -u NONE -c "luafile Tests/Clients/neovim/views.lua"

local binary = vim.env.NAVINSPECT_BIN or "navinspect"
local here = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":p:h")
local repository = vim.fn.fnamemodify(here, ":h:h:h")
local app = repository .. "/Tests/Clients/harbor"
local checks = dofile(here .. "/checks.lua")("neovim views")
local check, finish = checks.check, checks.finish

--- What the command line answers for the same app.
local function query(...)
  local output = vim.fn.system(vim.list_extend(vim.list_extend({ binary, "query" }, { ... }),
    { "--source", app, "--json" }))
  assert(vim.v.shell_error == 0, "navinspect query failed: " .. output)
  return vim.json.decode(output)
end

local function lines_of(bufnr)
  return vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
end

local function line_of(bufnr, needle)
  for number, line in ipairs(lines_of(bufnr)) do
    if line:find(needle, 1, true) then
      return number
    end
  end
end

local function run()
vim.opt.runtimepath:prepend(repository .. "/editors/neovim")
vim.cmd("runtime! plugin/navinspect.lua")
vim.cmd("filetype on")
local navinspect = require("navinspect").setup({ cmd = { binary, "serve" } })

check(vim.fn.exists(":NavinspectTree") == 2 and vim.fn.exists(":NavinspectStack") == 2
  and vim.fn.exists(":NavinspectFind") == 2 and vim.fn.exists(":NavinspectChildren") == 2,
  "plugin/navinspect.lua defines the four commands")

vim.cmd("edit " .. app .. "/HarborCoordinator.swift")
local harbor = vim.api.nvim_get_current_buf()
check(vim.wait(15000, function() return navinspect.client(harbor) ~= nil end, 50), "the server attaches")
local client = navinspect.client(harbor)
check(vim.wait(30000, function() return navinspect.tree_state(client.id) ~= nil end, 50),
  "navinspect/treeDidChange arrives once the app is indexed")

-- The optional generation param goes out only to a server that advertises it.
navinspect.use_generation(7)
local silent = { server_capabilities = { experimental = { navinspect = {} } } }
check(navinspect.params(silent, { id = "x" }).generation == nil, "no generation param for a server that does not take it")
check(navinspect.params(client, { id = "x" }).generation == 7, "navinspect advertises generation, so the param goes out")
local advertising = { server_capabilities = { experimental = { navinspect = { generation = true } } } }
check(navinspect.params(advertising, { id = "x" }).generation == 7, "the generation param passes through when advertised")
navinspect.use_generation(nil)
check(navinspect.params(advertising, { id = "x" }).generation == nil, "no generation param unless one is chosen")

-- :NavinspectTree, line for line the tree `navinspect query tree` answers.
vim.cmd("NavinspectTree")
local tree_buffer = vim.api.nvim_get_current_buf()
check(vim.bo[tree_buffer].filetype == "navinspect-tree" and vim.bo[tree_buffer].buftype == "nofile",
  "the tree is a scratch buffer")
check(#vim.api.nvim_tabpage_list_wins(0) == 2, "the tree opens in a side window")
local expected = {}
local function walk(node, depth)
  table.insert(expected, { id = node.id, depth = depth, class = node.class, type = node.type })
  for _, child in ipairs(node.children) do
    walk(child, depth + 1)
  end
end
walk(query("tree"), 0)
local shown = lines_of(tree_buffer)
check(#shown == #expected, "one line per coordinator: " .. #shown .. " lines for " .. #expected)
for index, node in ipairs(expected) do
  local line = shown[index] or ""
  local indent = line:match("^( *)")
  check(#indent == 2 * node.depth and line:find(node.class .. "  ." .. node.type, 1, true),
    "line " .. index .. " shows " .. node.class .. " ." .. node.type .. " at depth " .. node.depth .. ": '" .. line .. "'")
  check(require("navinspect.views").id_at(tree_buffer, index) == node.id, "line " .. index .. " stands for " .. node.id)
end

-- Folds: a coordinator with children folds them away.
local docks_line = line_of(tree_buffer, "DocksCoordinator")
vim.api.nvim_win_set_cursor(0, { docks_line, 0 })
vim.cmd("normal! zc")
check(vim.fn.foldclosed(docks_line + 1) == docks_line and vim.fn.foldclosedend(docks_line) == docks_line + 1,
  "zc on DocksCoordinator folds its child away, and only it")
vim.cmd("normal! zo")
vim.api.nvim_win_set_cursor(0, { 1, 0 })
vim.cmd("normal! zc")
check(vim.fn.foldclosed(2) == 1 and vim.fn.foldclosedend(1) == #expected, "zc on the root folds the whole tree under it")
vim.cmd("normal! zR")
vim.api.nvim_win_set_cursor(0, { docks_line, 0 })

-- K describes the coordinator under the cursor.
local described = query("describe", "--id", "HarborCoordinator/DocksCoordinator")
local float = vim.api.nvim_replace_termcodes("K", true, false, true)
vim.api.nvim_feedkeys(float, "x", false)
local float_text
for _, window in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
  if vim.api.nvim_win_get_config(window).relative ~= "" then
    float_text = table.concat(lines_of(vim.api.nvim_win_get_buf(window)), "\n")
  end
end
check(float_text and float_text:find(table.concat(described.path, " → "), 1, true)
  and float_text:find(described.source.file .. ":" .. described.source.line, 1, true),
  "K shows describe's path and source: " .. tostring(float_text))
for _, window in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
  if vim.api.nvim_win_get_config(window).relative ~= "" then
    vim.api.nvim_win_close(window, true)
  end
end

-- <CR> jumps to the coordinator's source.
vim.api.nvim_set_current_win(vim.fn.bufwinid(tree_buffer))
local tide_line = line_of(tree_buffer, "    · TideCoordinator")
vim.api.nvim_win_set_cursor(0, { tide_line, 0 })
vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes("<CR>", true, false, true), "x", false)
local tide = query("describe", "--id", "HarborCoordinator/DocksCoordinator/TideCoordinator")
check(vim.api.nvim_buf_get_name(0) == app .. "/" .. tide.source.file, "<CR> opens the coordinator's file: "
  .. vim.api.nvim_buf_get_name(0))
check(vim.api.nvim_win_get_cursor(0)[1] == tide.source.line, "<CR> puts the cursor on the declaration")
check(vim.fn.bufwinid(tree_buffer) ~= -1, "the tree stays open beside the source")

-- An unsaved edit that adds a child: the server indexes again, and the tree redraws itself.
local generation = navinspect.tree_state(client.id).generation
vim.api.nvim_set_current_buf(harbor)
local start_line = line_of(harbor, "tide.start()")
vim.api.nvim_buf_set_lines(harbor, start_line, start_line, false, {
  "        let ferry = FerryCoordinator(navigationController: navigationController)",
  "        childCoordinators.append(ferry)",
  "        ferry.start()",
})
check(vim.wait(30000, function() return navinspect.tree_state(client.id).generation ~= generation end, 50),
  "the edit brings a new navinspect/treeDidChange")
check(vim.wait(5000, function() return #lines_of(tree_buffer) == #expected + 1 end, 50),
  "the tree redraws with the new child: " .. table.concat(lines_of(tree_buffer), " | "))
vim.api.nvim_buf_set_lines(harbor, start_line, start_line + 3, false, {})
check(vim.wait(30000, function() return vim.deep_equal(lines_of(tree_buffer), shown) end, 50),
  "and again, as before, when the edit is taken back")

-- :NavinspectStack, entry for entry the stack `navinspect query currentStack` answers.
vim.api.nvim_set_current_buf(harbor)
vim.cmd("NavinspectStack")
local stack_buffer = vim.api.nvim_get_current_buf()
local stack = query("currentStack")
local stack_lines = lines_of(stack_buffer)
check(stack_lines[1] == "coordinators: " .. table.concat(stack.coordinators, " → "), "the stack names the owners' path: " .. table.concat(stack_lines, " | "))
check(#stack_lines == #stack.viewControllers + 1, "one line per view controller")
for index, entry in ipairs(stack.viewControllers) do
  check(stack_lines[index + 1] == string.format("%d. %s  owner: %s  in %s", index, entry.class, entry.owner, entry.container),
    "stack line " .. index .. " is " .. entry.class .. " owned by " .. entry.owner .. ": " .. tostring(stack_lines[index + 1]))
end
vim.api.nvim_win_set_cursor(0, { 3, 0 })
vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes("<CR>", true, false, true), "x", false)
local owner = query("describe", "--id", stack.viewControllers[2].owner)
check(vim.api.nvim_buf_get_name(0) == app .. "/" .. owner.source.file and vim.api.nvim_win_get_cursor(0)[1] == owner.source.line,
  "<CR> on a view controller opens its owner's declaration")

-- :NavinspectFind, with completion of the type cases.
local types = {}
for _, node in ipairs(expected) do
  if not vim.tbl_contains(types, node.type) then
    table.insert(types, node.type)
  end
end
table.sort(types)
check(vim.deep_equal(vim.fn.getcompletion("NavinspectFind ", "cmdline"), types), "the type cases complete: "
  .. table.concat(vim.fn.getcompletion("NavinspectFind ", "cmdline"), ","))
check(vim.deep_equal(vim.fn.getcompletion("NavinspectFind ti", "cmdline"), { "tide" }), "completion filters by prefix")
vim.api.nvim_set_current_buf(harbor)
vim.cmd("NavinspectFind tide")
local matches = query("findCoordinator", "--type", "tide", "--all")
local answer = query("findCoordinator", "--type", "tide")
local quickfix = vim.fn.getqflist({ title = 1, items = 1 })
check(quickfix.title:find("findCoordinator(type: .tide)", 1, true), "the quickfix list says what was searched")
check(#quickfix.items == #matches and #matches == 2, "one quickfix entry per match")
for index, match in ipairs(matches) do
  local item = quickfix.items[index] or { text = "" }
  local source = query("describe", "--id", match.id).source
  check(item.text:find(table.concat(match.path, " → "), 1, true), "entry " .. index .. " is " .. match.id .. ": " .. item.text)
  check(vim.api.nvim_buf_get_name(item.bufnr or 0) == app .. "/" .. source.file and item.lnum == source.line,
    "entry " .. index .. " points at the declaration")
end
check(quickfix.items[1] and quickfix.items[1].text:find("[the app gets this one]", 1, true)
  and quickfix.items[1].text:find(table.concat(answer.path, " → "), 1, true), "the first entry is the one the app gets")
check(quickfix.items[2] and not quickfix.items[2].text:find("the app gets", 1, true), "only the first is marked")

-- :NavinspectChildren on the class under the cursor.
vim.cmd("cclose")
vim.api.nvim_set_current_buf(harbor)
vim.api.nvim_win_set_cursor(0, { line_of(harbor, "class HarborCoordinator"), 14 })
vim.cmd("NavinspectChildren")
local children = query("children", "--id", "HarborCoordinator").children
quickfix = vim.fn.getqflist({ title = 1, items = 1 })
check(quickfix.title == "navinspect: children of HarborCoordinator", "the children of the class under the cursor")
check(#quickfix.items == #children, "one entry per child")
for index, child in ipairs(children) do
  local item = quickfix.items[index] or { text = "" }
  check(item.text:find("HarborCoordinator → " .. child.class .. " ." .. child.type, 1, true),
    "child " .. index .. " is " .. child.class .. ": " .. item.text)
end

-- A tree deeper than the 100 levels the server answers at a time is shown whole.
local chain = {}
for depth = 1, 250 do
  table.insert(chain, { id = "c" .. depth, class = "Link" .. depth .. "Coordinator", type = "link",
    children = depth < 250 and { "c" .. (depth + 1) } or {} })
end
local loaded = navinspect.request(client, "navinspect/load", { document = { navinspect = 1, root = "c1", coordinators = chain } })
check(loaded and loaded.coordinators == 250, "a 250-level document loads")
check(vim.wait(10000, function() return #lines_of(tree_buffer) == 250 end, 50),
  "the tree redraws with every one of the 250 levels: " .. #lines_of(tree_buffer) .. " lines")
local last = lines_of(tree_buffer)[250] or ""
check(last == string.rep("  ", 249) .. "· Link250Coordinator  .link", "the deepest line is indented 249 levels: '" .. last .. "'")
end

local ok, failure = xpcall(run, debug.traceback)
check(ok, "the test ran to its end: " .. tostring(failure))
finish()
