-- navinspect for Neovim: the coordinator tree of an iOS app, in the editor, beside sourcekit-lsp.
--
--   require("navinspect").setup()                     -- with navinspect on PATH
--   require("navinspect").setup({ cmd = { "/path/to/navinspect", "serve" } })
--
-- Put this file in a `lua/` folder on 'runtimepath' (or dofile() it). It starts one
-- `navinspect serve` per app folder (the nearest folder holding .navinspect.json, Package.swift,
-- an .xcodeproj or .git) and attaches it to every Swift buffer there. Works with Neovim 0.7 and
-- later: diagnostics, hover (K), go to definition, references, code lenses and workspace symbols
-- come through Neovim's own LSP client.

local M = {}

local markers = { ".navinspect.json", "Package.swift", ".git" }
local clients = {}

--- The app folder of a buffer: the nearest folder up from the file that holds a marker.
function M.root(bufnr)
  local path = vim.api.nvim_buf_get_name(bufnr)
  local folder = vim.fn.fnamemodify(path, ":p:h")
  while folder ~= "/" and folder ~= "" do
    for _, marker in ipairs(markers) do
      if vim.loop.fs_stat(folder .. "/" .. marker) then
        return folder
      end
    end
    if #vim.fn.glob(folder .. "/*.xcodeproj", false, true) > 0 then
      return folder
    end
    folder = vim.fn.fnamemodify(folder, ":h")
  end
  return vim.fn.fnamemodify(path, ":p:h")
end

--- The code lens command: asks the server for the coordinator's place and shows it.
local function reveal(command, context)
  local client = vim.lsp.get_client_by_id(context.client_id)
  if not client then
    return
  end
  client.request("workspace/executeCommand", { command = command.command, arguments = command.arguments },
    function(err, result)
      if err or not result or result == vim.NIL then
        vim.notify("navinspect: " .. (err and err.message or "no such coordinator"), vim.log.levels.WARN)
        return
      end
      local children = #result.children == 0 and "no children" or table.concat(result.children, ", ")
      vim.notify(table.concat(result.path, " → ") .. "\nchildren: " .. children, vim.log.levels.INFO)
    end)
end

--- Starts (once per app folder) and attaches the server to a buffer.
function M.attach(bufnr, options)
  local root = M.root(bufnr)
  local id = clients[root]
  if not id or not vim.lsp.get_client_by_id(id) then
    id = vim.lsp.start_client({
      name = "navinspect",
      cmd = options.cmd,
      root_dir = root,
      workspace_folders = { { uri = vim.uri_from_fname(root), name = vim.fn.fnamemodify(root, ":t") } },
      capabilities = vim.lsp.protocol.make_client_capabilities(),
      on_attach = options.on_attach,
    })
    clients[root] = id
  end
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

function M.setup(options)
  options = options or {}
  options.cmd = options.cmd or { "navinspect", "serve" }
  vim.lsp.commands["navinspect.revealCoordinator"] = reveal
  local group = vim.api.nvim_create_augroup("navinspect", { clear = true })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = "swift",
    callback = function(event)
      M.attach(event.buf, options)
    end,
  })
end

return M
