-- Headless Neovim 0.7, the plugin, and a daemon with a live app: the code lens of a class shows
-- how many of it the app holds, and follows the app through workspace/codeLens/refresh.
--   NAVINSPECT_BIN=BINARY nvim --headless --clean -u NONE -c "luafile Tests/Clients/neovim/lens.lua"
-- The live app is a TCP connection made here with libuv, sending the frames NavinspectRuntime sends.

local binary = vim.env.NAVINSPECT_BIN or "navinspect"
local here = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":p:h")
local repository = vim.fn.fnamemodify(here, ":h:h:h")
local app = repository .. "/Tests/Clients/app"
local checks = dofile(here .. "/checks.lua")("neovim lens")
local check, finish = checks.check, checks.finish

-- A port nobody listens on now.
local probe = vim.loop.new_tcp()
probe:bind("127.0.0.1", 0)
local port = probe:getsockname().port
probe:close()

vim.cmd("filetype on")
dofile(repository .. "/editors/neovim/navinspect.lua").setup({ cmd = { binary, "serve", "--listen", "127.0.0.1:" .. port } })
vim.cmd("edit " .. app .. "/Screens/CampCoordinator.swift")
local camp = vim.api.nvim_get_current_buf()

--- The text Neovim shows for the buffer's navinspect lenses, or "".
local function shown()
  local lenses = vim.lsp.codelens.get(camp)
  return lenses[1] and lenses[1].command and lenses[1].command.title or ""
end

check(vim.wait(20000, function() return shown():find("parent: RootCoordinator", 1, true) ~= nil end, 50),
  "the plugin shows the code lens without being asked: " .. shown())
check(not shown():find("alive", 1, true), "no count while no app is connected")

-- The live app: hello, then a snapshot holding two CampCoordinators.
local function frame(message)
  local body = vim.fn.json_encode(message)
  return "Content-Length: " .. #body .. "\r\n\r\n" .. body
end
local function snapshot(sequence, camps)
  local children, coordinators = {}, {}
  for index = 1, camps do
    local id = "RootCoordinator/CampCoordinator" .. (index == 1 and "" or "#" .. index)
    table.insert(children, id)
    table.insert(coordinators, { id = id, class = "CampCoordinator", children = {} })
  end
  table.insert(coordinators, 1, { id = "RootCoordinator", class = "RootCoordinator", children = children })
  return frame({ jsonrpc = "2.0", method = "navinspect/snapshot", params = {
    sequence = sequence, time = 1763892000000 + sequence,
    tree = { navinspect = 1, root = "RootCoordinator", coordinators = coordinators } } })
end

local socket, connected
local function connect()
  socket = vim.loop.new_tcp()
  socket:connect("127.0.0.1", port, function(err)
    connected = err == nil
    if err then
      socket:close()
    end
  end)
end
check(vim.wait(10000, function()
  if connected == false or connected == nil and socket == nil then
    connected = nil
    connect()
  end
  return connected == true
end, 100), "the daemon listens for apps")
socket:write(frame({ jsonrpc = "2.0", id = 1, method = "navinspect/hello", params = { name = "Lenses", version = 1 } }))
socket:write(snapshot(1, 2))
check(vim.wait(20000, function() return shown():find("2 alive", 1, true) ~= nil end, 50),
  "the lens counts the app's two CampCoordinators after the server's refresh: " .. shown())
socket:write(snapshot(2, 1))
check(vim.wait(20000, function() return shown():find("1 alive", 1, true) ~= nil end, 50),
  "the lens follows the app to one CampCoordinator: " .. shown())
socket:close()
check(vim.wait(20000, function() return shown() ~= "" and not shown():find("alive", 1, true) end, 50),
  "the count goes when the app quits: " .. shown())
finish()
