-- Neovim support for Layout Playground scene files: the filetype and syntax (Tools/editors/vim), and layout-lsp
-- started for every .layout buffer. Works with Neovim 0.7 and later.
--
--   -- in init.lua:
--   dofile("/path/to/layout-playground/Tools/editors/nvim/layout.lua").setup()
--   -- or with options:
--   dofile(".../layout.lua").setup({ cmd = { "/path/to/layout-lsp" }, swift = true, on_attach = my_keymaps })
--
-- The server is, in order: opts.cmd; $LAYOUT_LSP; layout-lsp on PATH; the repository's .build/release/layout-lsp;
-- its .build/debug/layout-lsp (`swift build --product layout-lsp`).
local M = {}

local here = debug.getinfo(1, "S").source:sub(2):match("(.*)/")
local repository = here .. "/../../.."

local function executable()
  if vim.env.LAYOUT_LSP and vim.env.LAYOUT_LSP ~= "" then return vim.env.LAYOUT_LSP end
  if vim.fn.executable("layout-lsp") == 1 then return "layout-lsp" end
  for _, build in ipairs({ "release", "debug" }) do
    local path = vim.fn.resolve(repository .. "/.build/" .. build .. "/layout-lsp")
    if vim.fn.executable(path) == 1 then return path end
  end
  return "layout-lsp"
end

-- The folder a scene belongs to: the nearest one above it with a Package.swift or .git, else its own.
local function root_of(path)
  local folder = vim.fn.fnamemodify(path, ":p:h")
  local found = vim.fn.findfile("Package.swift", folder .. ";")
  if found == "" then found = vim.fn.finddir(".git", folder .. ";") end
  if found == "" then return folder end
  return vim.fn.fnamemodify(found, ":p:h"):gsub("/%.git/?$", "")
end

local client_ids = {}

local function attach(buffer, opts)
  local root = root_of(vim.api.nvim_buf_get_name(buffer))
  local config = {
    name = "layout-lsp",
    cmd = opts.cmd or { executable() },
    root_dir = root,
    on_attach = opts.on_attach,
    flags = { debounce_text_changes = opts.debounce or 50, allow_incremental_sync = true },
  }
  if vim.lsp.start then
    vim.lsp.start(config, { bufnr = buffer })
    return
  end
  -- Neovim 0.7: one client per root, attached to each buffer.
  local id = client_ids[root]
  if not id or not vim.lsp.get_client_by_id(id) then
    id = vim.lsp.start_client(config)
    client_ids[root] = id
  end
  if id then vim.lsp.buf_attach_client(buffer, id) end
end

function M.setup(opts)
  opts = opts or {}
  vim.opt.runtimepath:append(vim.fn.fnamemodify(here .. "/../vim", ":p"))
  local group = vim.api.nvim_create_augroup("LayoutPlayground", { clear = true })
  vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
    group = group,
    pattern = "*.layout",
    callback = function(event) vim.bo[event.buf].filetype = "layout" end,
  })
  local filetypes = { "layout" }
  if opts.swift then table.insert(filetypes, "swift") end
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = filetypes,
    callback = function(event) attach(event.buf, opts) end,
  })
end

-- The usual keys for what the server offers, for a buffer it is attached to.
function M.default_keymaps(_, buffer)
  local function map(keys, action) vim.keymap.set("n", keys, action, { buffer = buffer, silent = true }) end
  map("K", vim.lsp.buf.hover)
  map("gd", vim.lsp.buf.definition)
  map("gr", vim.lsp.buf.references)
  map("<leader>rn", vim.lsp.buf.rename)
  map("<leader>ca", vim.lsp.buf.code_action)
  map("gO", vim.lsp.buf.document_symbol)
  map("]d", vim.diagnostic.goto_next)
  map("[d", vim.diagnostic.goto_prev)
  vim.bo[buffer].omnifunc = "v:lua.vim.lsp.omnifunc"
end

return M
