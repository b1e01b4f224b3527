-- Headless Neovim, its built-in LSP client, and navinspect on Tests/Clients/app.
--   nvim --headless --clean -u NONE -c "luafile Tests/Clients/neovim/test.lua" -- BINARY
-- Exits 0 when every check passes, 1 with the failures on stderr otherwise.

local binary = vim.env.NAVINSPECT_BIN or "navinspect"
local here = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":p:h")
local repository = vim.fn.fnamemodify(here, ":h:h:h")
local app = repository .. "/Tests/Clients/app"
local checks = dofile(here .. "/checks.lua")("neovim")
local check, finish = checks.check, checks.finish

local function request(bufnr, method, params)
  local answers = vim.lsp.buf_request_sync(bufnr, method, params, 10000) or {}
  for _, answer in pairs(answers) do
    if answer.result then
      return answer.result
    end
  end
  return nil
end

local function position_of(bufnr, needle, offset)
  for number, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    local column = line:find(needle, 1, true)
    if column then
      return { line = number - 1, character = column - 1 + (offset or 1) }
    end
  end
end

vim.cmd("filetype on")
dofile(repository .. "/editors/neovim/navinspect.lua").setup({ cmd = { binary, "serve" } })

-- A file with a finding: the client attaches and the diagnostic arrives.
vim.cmd("edit " .. app .. "/Screens/CampCoordinator.swift")
local camp = vim.api.nvim_get_current_buf()
check(vim.bo[camp].filetype == "swift", "the buffer's filetype is swift")
check(vim.wait(15000, function() return #vim.lsp.buf_get_clients(camp) > 0 end, 50), "navinspect attaches to the buffer")
check(vim.wait(20000, function() return #vim.diagnostic.get(camp) > 0 end, 50), "diagnostics arrive")
local diagnostic = vim.diagnostic.get(camp)[1]
check(diagnostic and diagnostic.message:find("holds the parent strongly", 1, true), "the finding says what is wrong")
check(diagnostic and diagnostic.lnum == 1 and diagnostic.col == 8, "the finding is on the property")
check(diagnostic and diagnostic.severity == vim.diagnostic.severity.WARN, "a warning")

-- Hover on the class name.
local uri = vim.uri_from_bufnr(camp)
local hover = request(camp, "textDocument/hover", { textDocument = { uri = uri }, position = position_of(camp, "CampCoordinator") })
check(hover and hover.contents.value:find("**CampCoordinator** · type `.camp`", 1, true), "hover describes the coordinator")

-- Code lens on the declaration.
local lenses = request(camp, "textDocument/codeLens", { textDocument = { uri = uri } })
check(lenses and lenses[1] and lenses[1].command.title == "parent: RootCoordinator · 0 children · type .camp · on demand: pitchTent",
  "the code lens shows parent, children, type and how it starts")

-- Definition from a type case to the class that declares it.
vim.cmd("edit " .. app .. "/RootCoordinator.swift")
local root = vim.api.nvim_get_current_buf()
check(vim.wait(10000, function() return #vim.lsp.buf_get_clients(root) > 0 end, 50), "the second buffer shares the client")
local definition = request(root, "textDocument/definition",
  { textDocument = { uri = vim.uri_from_bufnr(root) }, position = position_of(root, "atlas)?") })
check(definition and definition[1] and definition[1].uri:match("Screens/AtlasCoordinator%.swift$"), "definition goes to AtlasCoordinator")

-- An unsaved edit that fixes the finding clears it.
vim.api.nvim_set_current_buf(camp)
vim.api.nvim_buf_set_text(camp, 1, 4, 1, 4, { "weak " })
check(vim.wait(20000, function() return #vim.diagnostic.get(camp) == 0 end, 50), "the edit clears the finding")

finish()
