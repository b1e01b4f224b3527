-- How long :NavinspectTree takes in Neovim once the app is indexed: from the command to the tree
-- drawn in its window (the request, JSON decoding, rendering, the window and its folds).
--   NAVINSPECT_BIN=BIN NAVINSPECT_APP=DIR NAVINSPECT_RUNS=N nvim --headless --clean -n -u NONE \
--       -c "luafile benchmarks/neovim_tree.lua"
-- benchmarks/neovim_tree.sh runs it; it prints one Markdown table row per figure.

local binary = vim.env.NAVINSPECT_BIN
local app = vim.env.NAVINSPECT_APP
local runs = tonumber(vim.env.NAVINSPECT_RUNS or "30")
local repository = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":p:h:h")

vim.opt.runtimepath:prepend(repository .. "/editors/neovim")
vim.cmd("runtime! plugin/navinspect.lua")
local navinspect = require("navinspect").setup({ cmd = { binary, "serve" }, timeout = 60000 })

local function out(text)
  io.stdout:write(text .. "\n")
end

local function percentile(sorted, p)
  return sorted[math.max(1, math.ceil(#sorted * p))]
end

-- The app's coordinator file is opened as a user would, and the index awaited.
local file = vim.fn.globpath(app, "**/AppCoordinator.swift", false, true)[1]
vim.cmd("edit " .. vim.fn.fnameescape(file))
local started = vim.loop.hrtime()
local client
vim.wait(60000, function()
  client = navinspect.client(0)
  return client ~= nil and navinspect.tree_state(client.id) ~= nil
end, 5)
local indexed = (vim.loop.hrtime() - started) / 1e6
local state = navinspect.tree_state(client.id)
local what = string.format("%d coordinators from the app's sources", state.coordinators)

-- With NAVINSPECT_TREE, a larger tree document replaces the app's tree, to see how the time grows.
if vim.env.NAVINSPECT_TREE then
  local generation = state.generation
  navinspect.request(client, "navinspect/load", { path = vim.env.NAVINSPECT_TREE })
  vim.wait(60000, function() return navinspect.tree_state(client.id).generation ~= generation end, 5)
  state = navinspect.tree_state(client.id)
  what = string.format("%d coordinators from %s", state.coordinators, vim.fn.fnamemodify(vim.env.NAVINSPECT_TREE, ":t"))
end

local timings = {}
local shown = 0
for run = 1, runs + 1 do
  local before = vim.loop.hrtime()
  vim.cmd("NavinspectTree")
  local elapsed = (vim.loop.hrtime() - before) / 1e6
  local lines = vim.api.nvim_buf_line_count(0)
  -- Every coordinator down to the 100 levels a view asks for is a line.
  assert(lines > 1 and lines <= state.coordinators, "the tree shows " .. lines .. " lines")
  shown = lines
  vim.cmd("close")
  -- The first open also makes the buffer and loads the modules; it is reported on its own.
  if run == 1 then
    out(string.format("| first :NavinspectTree (modules loaded, buffer made) | %.1f ms |", elapsed))
  else
    table.insert(timings, elapsed)
  end
end
table.sort(timings)
out(string.format("| app indexed (nvim start → first navinspect/treeDidChange) | %.0f ms |", indexed))
out(string.format("| :NavinspectTree, %s (%d lines), %d runs: p50 / p95 / max | %.1f / %.1f / %.1f ms |",
  what, shown, runs, percentile(timings, 0.5), percentile(timings, 0.95), timings[#timings]))

for _, c in pairs(vim.lsp.get_active_clients()) do
  c.stop()
end
vim.cmd("qall!")
