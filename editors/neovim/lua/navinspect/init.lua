-- navinspect for Neovim: the coordinator tree of an iOS app, in the editor, beside sourcekit-lsp.
--
--   require("navinspect").setup()                                        -- navinspect on PATH
--   require("navinspect").setup({ cmd = { "/path/to/navinspect", "serve" } })
--
-- One `navinspect serve` runs per app folder (the nearest folder holding .navinspect.json,
-- Package.swift, an .xcodeproj or .git) and attaches to every Swift buffer there. Works with
-- Neovim 0.7 and later: its LSP client shows diagnostics, hover, definition, references, code
-- lenses and workspace symbols; the views in navinspect.views show the tree, the stack and
-- findCoordinator's answer (:NavinspectTree, :NavinspectStack, :NavinspectFind, :NavinspectChildren).

local M = {}

local markers = { ".navinspect.json", "Package.swift", ".git" }

--- Client ids by app folder, and what each client's server last said about its tree.
local clients = {}
local trees = {}
local listeners = {}

M.options = { cmd = { "navinspect", "serve" }, generation = nil, timeout = 10000, codelens = true }

--- The app folder of a buffer: the nearest folder up from the file that holds a marker.
function M.root(bufnr)
  local path = vim.api.nvim_buf_get_name(bufnr)
  local folder = path == "" and vim.fn.getcwd() or vim.fn.fnamemodify(path, ":p:h")
  local start = folder
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
  return start
end

-- Methods of a client are called with a dot up to 0.10 and with a colon from 0.11.
local colon_methods = vim.fn.has("nvim-0.11") == 1

local function call(client, name, ...)
  if colon_methods then
    return client[name](client, ...)
  end
  return client[name](...)
end

--- The code lens command: asks the server for the coordinator's place and shows it.
local function reveal(command, context)
  local client = vim.lsp.get_client_by_id(context.client_id)
  if not client then
    return
  end
  call(client, "request", "workspace/executeCommand", { command = command.command, arguments = command.arguments },
    function(err, result)
      if err or not result or result == vim.NIL then
        vim.notify("navinspect: " .. (err and err.message or "no such coordinator"), vim.log.levels.WARN)
        return
      end
      local children = #result.children == 0 and "no children" or table.concat(result.children, ", ")
      vim.notify(table.concat(result.path, " → ") .. "\nchildren: " .. children, vim.log.levels.INFO)
    end)
end

--- Asks navinspect's client alone for the code lenses of its buffers (or of `bufnr`) and shows
--- them through Neovim's own code lens display; buf_request would ask sourcekit-lsp too on 0.7.
function M.show_lenses(client_id, bufnr)
  local client = vim.lsp.get_client_by_id(client_id)
  if not client or not M.options.codelens or not (vim.lsp.codelens and vim.lsp.codelens.on_codelens) then
    return
  end
  local buffers = bufnr and { bufnr } or vim.lsp.get_buffers_by_client_id(client_id)
  for _, buffer in ipairs(buffers) do
    if vim.api.nvim_buf_is_loaded(buffer) then
      call(client, "request", "textDocument/codeLens", { textDocument = { uri = vim.uri_from_bufnr(buffer) } },
        function(err, result, context)
          context = context or {}
          context.bufnr, context.client_id = buffer, client_id
          vim.lsp.codelens.on_codelens(err, result, context)
        end, buffer)
    end
  end
end

--- `workspace/codeLens/refresh`: the live app's counts changed, so the lenses are asked again.
local function refresh_lenses(_, _, context)
  vim.schedule(function()
    M.show_lenses(context.client_id)
  end)
  return vim.NIL
end

--- Called by the server after every index or load that gives a tree: views redraw themselves.
local function tree_did_change(_, params, context)
  trees[context.client_id] = params
  vim.schedule(function()
    M.show_lenses(context.client_id)
    for _, listener in ipairs(listeners) do
      listener(context.client_id, params)
    end
  end)
end

--- Registers `listener(client_id, params)`, run after every `navinspect/treeDidChange`.
function M.on_tree_change(listener)
  table.insert(listeners, listener)
end

--- What the server said in its last `navinspect/treeDidChange`, or nil before the first.
function M.tree_state(client_id)
  return trees[client_id]
end

--- Starts (once per app folder) and attaches the server to a buffer; returns the client id.
function M.attach(bufnr, options)
  options = options or M.options
  local root = M.root(bufnr)
  local id = clients[root]
  if not id or not vim.lsp.get_client_by_id(id) then
    local capabilities = vim.lsp.protocol.make_client_capabilities()
    -- Neovim 0.7 does not take workspace/codeLens/refresh itself; this client does (refresh_lenses).
    capabilities.workspace = capabilities.workspace or {}
    capabilities.workspace.codeLens = { refreshSupport = true }
    id = vim.lsp.start_client({
      name = "navinspect",
      cmd = options.cmd,
      root_dir = root,
      workspace_folders = { { uri = vim.uri_from_fname(root), name = vim.fn.fnamemodify(root, ":t") } },
      capabilities = capabilities,
      handlers = { ["navinspect/treeDidChange"] = tree_did_change, ["workspace/codeLens/refresh"] = refresh_lenses },
      on_attach = function(client, buffer)
        M.show_lenses(client.id, buffer)
        if options.on_attach then
          options.on_attach(client, buffer)
        end
      end,
    })
    clients[root] = id
  end
  if id and vim.bo[bufnr].buftype == "" then
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

--- The navinspect client of a buffer: the one attached to it, or the one its views were drawn
--- from, or (when `start` is true) a server started for the buffer's app folder.
function M.client(bufnr, start)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local drawn = vim.b[bufnr].navinspect_client
  if drawn and vim.lsp.get_client_by_id(drawn) then
    return vim.lsp.get_client_by_id(drawn)
  end
  -- get_clients from 0.10; before it buf_get_clients, because get_active_clients ignores its
  -- filter on 0.7.
  local attached = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = bufnr }) or vim.lsp.buf_get_clients(bufnr)
  for _, client in pairs(attached) do
    if client.name == "navinspect" then
      return client
    end
  end
  local id = clients[M.root(bufnr)]
  if id and vim.lsp.get_client_by_id(id) then
    return vim.lsp.get_client_by_id(id)
  end
  if start then
    return vim.lsp.get_client_by_id(M.attach(bufnr))
  end
  return nil
end

--- True when the server takes the optional `generation` param on its queries.
function M.supports_generation(client)
  local capabilities = client.server_capabilities or client.resolved_capabilities or {}
  local experimental = capabilities.experimental
  local navinspect = type(experimental) == "table" and experimental.navinspect or nil
  return type(navinspect) == "table" and navinspect.generation ~= nil and navinspect.generation ~= false
    and navinspect.generation ~= vim.NIL
end

--- The params a query sends: `params`, plus `generation` when one is chosen
--- (`setup({ generation = n })` or `use_generation(n)`) and the server advertises it.
function M.params(client, params)
  params = vim.deepcopy(params or {})
  local generation = M.options.generation
  if type(generation) == "function" then
    generation = generation(client)
  end
  if generation ~= nil and M.supports_generation(client) then
    params.generation = generation
  end
  -- An empty Lua table would go out as [], which the server refuses: params are an object.
  return next(params) == nil and vim.empty_dict() or params
end

--- Chooses the generation that queries ask about (nil: the newest); ignored by servers
--- that do not advertise the param.
function M.use_generation(generation)
  M.options.generation = generation
end

--- Sends a navinspect request and waits for its answer: returns result, or nil and an error.
--- Only this client gets it: buf_request would send it to sourcekit-lsp too on 0.7.
function M.request(client, method, params)
  local timeout = M.options.timeout
  local response, failure = call(client, "request_sync", method, M.params(client, params), timeout)
  if not response then
    return nil, { message = failure or ("no answer within " .. timeout .. " ms") }
  end
  if response.err then
    return nil, response.err
  end
  if response.result == vim.NIL then
    return nil, nil
  end
  return response.result, nil
end

--- The most requests one whole tree may take: trees deeper than the server's 100 levels are
--- fetched again from each node the depth cut.
local max_tree_requests = 200

--- The whole tree: one `navinspect/tree` request, then one more from each node whose children the
--- server's limit of 100 levels cut (`hasMore`), until none is left. Returns the root, or nil and
--- the error.
function M.tree(client)
  local tree, err = M.request(client, "navinspect/tree", { depth = 100 })
  if not tree then
    return nil, err
  end
  local cut, requests = {}, 1
  local function collect(node)
    if node.hasMore then
      table.insert(cut, node)
    end
    for _, child in ipairs(node.children) do
      collect(child)
    end
  end
  collect(tree)
  while #cut > 0 and requests < max_tree_requests do
    local node = table.remove(cut)
    local below, failure = M.request(client, "navinspect/tree", { from = node.id, depth = 100 })
    requests = requests + 1
    if not below then
      return nil, failure
    end
    node.children, node.hasMore = below.children, false
    for _, child in ipairs(node.children) do
      collect(child)
    end
  end
  return tree
end

--- Every coordinator of the tree in document order, each with its parent's id.
function M.nodes(client)
  local tree, err = M.tree(client)
  if not tree then
    return nil, err
  end
  local nodes = {}
  local function walk(node, parent, depth)
    table.insert(nodes, { node = node, parent = parent, depth = depth })
    for _, child in ipairs(node.children) do
      walk(child, node.id, depth + 1)
    end
  end
  walk(tree, nil, 0)
  return nodes, nil, tree
end

--- The type cases the tree's coordinators declare, sorted, each once.
function M.types(client)
  local nodes = M.nodes(client) or {}
  local seen, types = {}, {}
  for _, entry in ipairs(nodes) do
    local kind = entry.node.type
    if type(kind) == "string" and not seen[kind] then
      seen[kind] = true
      table.insert(types, kind)
    end
  end
  table.sort(types)
  return types
end

--- The absolute path of a `source.file`, which the server gives relative to the app folder.
function M.source_path(client, file)
  if file:sub(1, 1) == "/" then
    return file
  end
  return (client.config.root_dir or vim.fn.getcwd()) .. "/" .. file
end

function M.setup(options)
  M.options = vim.tbl_extend("force", M.options, options or {})
  vim.lsp.commands["navinspect.revealCoordinator"] = reveal
  local group = vim.api.nvim_create_augroup("navinspect", { clear = true })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = "swift",
    callback = function(event)
      M.attach(event.buf, M.options)
    end,
  })
  return M
end

return M
