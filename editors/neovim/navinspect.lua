-- The first navinspect for Neovim was this one file; it is now the plugin folder beside it
-- (lua/navinspect, plugin/, doc/). This file keeps `dofile(".../editors/neovim/navinspect.lua")`
-- working: it puts that folder on 'runtimepath' and returns require("navinspect").
local source = debug.getinfo(1, "S").source:sub(2)
local folder = vim.fn.fnamemodify(source, ":p:h")
if vim.fn.filereadable(folder .. "/lua/navinspect/init.lua") == 0 then
  error("navinspect: this file alone is no longer the plugin; install the folder editors/neovim "
    .. "(see editors/README.md) and call require(\"navinspect\").setup()")
end
if not vim.tbl_contains(vim.opt.runtimepath:get(), folder) then
  vim.opt.runtimepath:prepend(folder)
  vim.cmd("runtime! plugin/navinspect.lua")
end
return require("navinspect")
