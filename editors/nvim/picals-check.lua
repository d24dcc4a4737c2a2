-- Drives picals from headless Neovim's built-in LSP client (Neovim 0.7 and later) and checks
-- its answers. An assembly shader (.vsh): the diagnostics of a shader with an error, a hover and a
-- go-to-definition. A GLSL vertex shader (.vert, issue 46 item 4): glslang's error, its fix, a
-- hover on a uniform (its registers) and the command that shows the PICA200 assembly with each
-- instruction's GLSL line. Run by .ci/editors.sh:
--   PICALS=bin/picals SHADER=dir/m.vsh nvim --headless -u NONE -c "luafile editors/nvim/picals-check.lua"
-- Exits 0 when every answer is as expected; else prints what differed and exits 1.
local picals, shader = os.getenv('PICALS'), os.getenv('SHADER')
local failures = {}
local function check(ok, what)
  if not ok then table.insert(failures, what) end
end
local function finish()
  if #failures == 0 then
    io.stdout:write('picals-check: ' .. vim.fn.fnamemodify(shader, ':t') .. ': diagnostics, hover and ' .. (shader:match('%.vert$') and 'assembly' or 'definition') .. ' as expected\n')
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

if shader:match('%.vert$') then
  -- glslang's error on line 9 ("    colour = tnit;"), published after the open
  local got = vim.wait(90000, function() return #vim.diagnostic.get(0) >= 1 end, 50)
  check(got, 'no diagnostics within 90 s')
  local d = vim.diagnostic.get(0)[1] or {}
  check(d.lnum == 8 and d.severity == vim.diagnostic.severity.ERROR, 'the diagnostic: ' .. vim.inspect(d))
  check(type(d.message) == 'string' and d.message:find("'tnit' : undeclared identifier", 1, true) ~= nil, 'its message: ' .. tostring(d.message))

  -- fix the line: the diagnostics clear, and the shader compiles
  vim.api.nvim_buf_set_lines(0, 8, 9, false, { '    colour = tint;' })
  local cleared = vim.wait(60000, function() return #vim.diagnostic.get(0) == 0 end, 50)
  check(cleared, 'the diagnostics did not clear after the fix: ' .. vim.inspect(vim.diagnostic.get(0)))

  -- hover on 'projection' of line 8 ("    gl_Position = projection * position;")
  vim.api.nvim_win_set_cursor(0, { 8, 20 })
  local text = ''
  vim.wait(20000, function()
    local hover = vim.lsp.buf_request_sync(0, 'textDocument/hover', vim.lsp.util.make_position_params(), 20000)
    for _, r in pairs(hover or {}) do
      if r.result and r.result.contents then text = r.result.contents.value or '' end
    end
    return text ~= ''
  end, 200)
  check(text:find('**c0-c3**', 1, true) ~= nil, 'hover on projection: ' .. text)

  -- the assembly, each instruction under its GLSL line
  local asm = ''
  local res = vim.lsp.buf_request_sync(0, 'workspace/executeCommand', { command = 'picals.showAssembly', arguments = { vim.uri_from_bufnr(0) } }, 20000)
  for _, r in pairs(res or {}) do
    if type(r.result) == 'string' then asm = r.result end
  end
  local at = asm:find('// m.vert:8: gl_Position = projection * position;\n', 1, true)
  check(at ~= nil and asm:find('    dp4 o0.x, c0, v0\n', at, true) ~= nil, 'the assembly: ' .. asm)

else
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

end

vim.lsp.stop_client(client)
finish()
