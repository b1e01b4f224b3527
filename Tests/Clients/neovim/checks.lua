-- What the headless Neovim tests here share: checks that collect failures, and an end that
-- stops the language clients and exits 0 when every check passed, 1 with the failures on stderr.
--   local checks = dofile(here .. "/checks.lua")("neovim views")

return function(name)
  local failures = {}
  local checks = {}

  function checks.check(condition, what)
    if not condition then
      table.insert(failures, what)
    end
    return condition
  end

  function checks.finish()
    for _, client in pairs(vim.lsp.get_active_clients()) do
      client.stop()
    end
    if #failures > 0 then
      io.stderr:write(name .. ": " .. #failures .. " checks failed:\n  " .. table.concat(failures, "\n  ") .. "\n")
      vim.cmd("cquit 1")
    else
      io.stdout:write(name .. ": all checks passed\n")
      vim.cmd("qall!")
    end
  end

  return checks
end
