-- Real Neovim, headless, with the shipped configuration (Tools/editors/nvim/init.lua), on a scene with a mistake:
--
--   LAYOUT_LSP=.build/debug/layout-lsp nvim --headless -u Tools/editors/nvim/init.lua \
--       -c "luafile Tests/LanguageServerTests/nvim_diagnostics.lua" SCENE.layout
--
-- Prints the diagnostics the editor received, then what a user does: types a wrong name (and sees its diagnostic
-- arrive), hovers a view (its frame), renames a constraint, and jumps to an action. Each line is `ok: …` or
-- `FAILED: …`; every wait is bounded. Ends with `N passed, N failed` and quits with status 1 if any failed.
local passed, failed = 0, 0
local function say(text) io.stdout:write(text .. "\n") end
local function check(condition, what, detail)
  if condition then
    passed = passed + 1
    say("ok: " .. what)
  else
    failed = failed + 1
    say("FAILED: " .. what .. (detail and (": " .. detail) or ""))
  end
end
local function finish()
  say(string.format("%d passed, %d failed", passed, failed))
  io.stdout:flush()
  vim.cmd(failed == 0 and "qa!" or "cquit 1")
end

local function main()
  local buffer = vim.api.nvim_get_current_buf()
  local severities = { "error", "warning", "info", "hint" }
  local function show(diagnostic)
    return string.format("%d:%d: %s: %s [%s]", diagnostic.lnum + 1, diagnostic.col + 1,
      severities[diagnostic.severity] or "?", diagnostic.message:gsub("\n.*", ""), diagnostic.code or "")
  end
  local function diagnostics_with(code, name)
    local found = {}
    for _, d in ipairs(vim.diagnostic.get(buffer)) do
      if d.code == code and (not name or d.message:find(name, 1, true)) then table.insert(found, d) end
    end
    return found
  end

  check(vim.bo[buffer].filetype == "layout", "the .layout file has the layout filetype", vim.bo[buffer].filetype)
  local attached = vim.wait(20000, function() return #vim.lsp.buf_get_clients(buffer) > 0 end, 20)
  check(attached, "layout-lsp started and attached")
  if not attached then return end

  local arrived = vim.wait(20000, function() return #diagnostics_with("unknown-name") > 0 end, 20)
  check(arrived, "the mistake's diagnostic arrived")
  say("diagnostics received:")
  for _, d in ipairs(vim.diagnostic.get(buffer)) do say("  " .. show(d)) end

  -- Typing a wrong name: an incremental change, as insert mode makes.
  local lines = vim.api.nvim_buf_get_lines(buffer, 0, -1, false)
  local row
  for index, line in ipairs(lines) do
    if line:match("^answer%.centerX") then row = index - 1 end
  end
  vim.api.nvim_buf_set_text(buffer, row, 0, row, #"answer", { "anwser" })
  local typed = vim.wait(20000, function() return #diagnostics_with("unknown-name", "anwser") > 0 end, 20)
  check(typed, "typing 'anwser' brings its diagnostic")
  if typed then say("  " .. show(diagnostics_with("unknown-name", "anwser")[1])) end

  local function request(method, params)
    local results = vim.lsp.buf_request_sync(buffer, method, params, 10000) or {}
    for _, response in pairs(results) do
      if response.result then return response.result end
      if response.err then say("  error: " .. vim.inspect(response.err)) end
    end
  end
  local function at(pattern)
    for index, line in ipairs(vim.api.nvim_buf_get_lines(buffer, 0, -1, false)) do
      local column = line:find(pattern)
      if column then return { line = index - 1, character = column - 1 } end
    end
  end
  local document = { uri = vim.uri_from_bufnr(buffer) }

  local hover = request("textDocument/hover", { textDocument = document, position = at("showAnswer%.top") })
  local text = hover and hover.contents and hover.contents.value or ""
  check(text:find("frame: x 128.75, y 337.2, width 117.5, height 32.4", 1, true), "hovering showAnswer shows its frame", text)
  say("  " .. (text:match("frame: [^\n]*") or "no frame"))

  local position = at("questionX:")
  local edit = request("textDocument/rename", { textDocument = document, position = position, newName = "currentX" })
  if edit then
    vim.lsp.util.apply_workspace_edit(edit, "utf-16")
  end
  local renamed = table.concat(vim.api.nvim_buf_get_lines(buffer, 0, -1, false), "\n")
  check(edit and not renamed:find("questionX", 1, true) and select(2, renamed:gsub("currentX", "")) > 5,
    "renaming questionX renames every use")

  local symbols = request("textDocument/documentSymbol", { textDocument = document }) or {}
  local target
  for _, symbol in ipairs(symbols) do
    if symbol.name == "nextSpring" then target = symbol.selectionRange.start end
  end
  if target then vim.api.nvim_win_set_cursor(0, { target.line + 1, target.character }) end
  local cursor = vim.api.nvim_win_get_cursor(0)
  local here = vim.api.nvim_buf_get_lines(buffer, cursor[1] - 1, cursor[1], false)[1] or ""
  check(here:find("^action nextSpring"), "jumping to the action nextSpring", here)
  say("  cursor on line " .. cursor[1] .. ": " .. here)

end

local ok, problem = pcall(main)
check(ok, "the editing ran to its end", tostring(problem))
finish()
