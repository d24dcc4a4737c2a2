-- Drives picals from headless Neovim's built-in LSP client (Neovim 0.7 and later) and checks
-- its answers: the diagnostics of a shader with an error, a hover and a
-- go-to-definition. Run by .ci/editors.sh:
--   PICALS=bin/picals SHADER=dir/m.vsh nvim --headless -u NONE -c "luafile editors/nvim/picals-check.lua"
-- Exits 0 when every answer is as expected; else prints what differed and exits 1.
local picals, shader = os.getenv('PICALS'), os.getenv('SHADER')
local failures = {}
local function check(ok, what)
  if not ok then table.insert(failures, what) end
end
local function finish()
  if #failures == 0 then
    io.stdout:write('picals-check: diagnostics, hover and definition as expected\n')
    vim.cmd('qa!')
  else
    io.stderr:write('picals-check: FAILED\n  ' .. table.concat(failures, '\n  ') .. '\n')
    vim.cmd('cq')
  end
end

vim.cmd('edit ' .. vim.fn.fnameescape(shader))
local client = vim.lsp.start_client({ name = 'picals', cmd = { picals }, root_dir = vim.fn.fnamemodify(shader, ':h') })
check(client ~= nil, 'the client did not start picals')
vim.lsp.buf_attach_client(0, client)

-- diagnostics: published after the open, without any request
local got = vim.wait(60000, function() return #vim.diagnostic.get(0) >= 1 end, 50)
check(got, 'no diagnostics within 60 s')
local d = vim.diagnostic.get(0)[1] or {}
check(d.lnum == 10 and d.col == 12 and d.end_col == 14 and d.severity == vim.diagnostic.severity.ERROR,
  'the diagnostic: ' .. vim.inspect(d))
check(type(d.message) == 'string' and d.message:find("not a register", 1, true) ~= nil, 'its message: ' .. tostring(d.message))

-- hover on the mnemonic of line 5, "    mov r0, v0"
vim.api.nvim_win_set_cursor(0, { 5, 5 })
local hover = vim.lsp.buf_request_sync(0, 'textDocument/hover', vim.lsp.util.make_position_params(), 20000)
local text = ''
for _, r in pairs(hover or {}) do
  if r.result and r.result.contents then text = r.result.contents.value or '' end
end
check(text:find('dst = src.', 1, true) ~= nil, 'hover on mov: ' .. text)

-- definition of the label "done", used on line 10 ("    jpb b0, done") and defined on line 12
vim.api.nvim_win_set_cursor(0, { 10, 13 })
local def = vim.lsp.buf_request_sync(0, 'textDocument/definition', vim.lsp.util.make_position_params(), 20000)
local line = -1
for _, r in pairs(def or {}) do
  if r.result and r.result[1] then line = r.result[1].range.start.line end
end
check(line == 11, 'definition of done: line ' .. line)

vim.lsp.stop_client(client)
finish()
