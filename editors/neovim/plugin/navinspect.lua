-- The navinspect commands. They start a server for the buffer's app folder when none runs;
-- `require("navinspect").setup()` also attaches one to every Swift buffer.
if vim.g.loaded_navinspect then
  return
end
vim.g.loaded_navinspect = true

local function views()
  return require("navinspect.views")
end

vim.api.nvim_create_user_command("NavinspectTree", function()
  views().tree()
end, { desc = "navinspect: the coordinator tree in a side window" })

vim.api.nvim_create_user_command("NavinspectStack", function()
  views().stack()
end, { desc = "navinspect: the view controllers on screen and their owners" })

vim.api.nvim_create_user_command("NavinspectFind", function(command)
  views().find(command.args)
end, {
  nargs = 1,
  complete = function(lead)
    return views().complete_types(lead)
  end,
  desc = "navinspect: every coordinator of a type, in the app's visiting order, in the quickfix list",
})

vim.api.nvim_create_user_command("NavinspectChildren", function(command)
  views().children(command.args)
end, { nargs = "?", desc = "navinspect: the children of the coordinator class under the cursor" })
