-- A complete Neovim configuration for scene files, to try layout-lsp without touching your own:
--
--   swift build --product layout-lsp
--   nvim -u Tools/editors/nvim/init.lua Playgrounds/Quiz.layout
--
-- K hovers (a view's frame, a constraint's state, a curve), gd goes to a definition, gr lists references,
-- <Space>rn renames, <Space>ca applies a quick fix, gO lists the symbols, ]d and [d move between diagnostics, and
-- <C-x><C-o> completes. Diagnostics appear as you type.
vim.g.mapleader = " "
vim.opt.updatetime = 300
vim.cmd("syntax on")
vim.cmd("filetype plugin on")
local layout = dofile(debug.getinfo(1, "S").source:sub(2):match("(.*)/") .. "/layout.lua")
layout.setup({ swift = true, on_attach = layout.default_keymaps })
vim.diagnostic.config({ virtual_text = true, signs = true, underline = true, update_in_insert = true })
