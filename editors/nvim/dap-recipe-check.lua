-- Runs the nvim-dap recipe of docs/editors.md ("Neovim (nvim-dap)") in headless Neovim, with a
-- stand-in for require('dap') that records the configurations, and resolves each one's
-- `program` and `input` for shaders of both dialects the way nvim-dap 0.6.0 does (a function
-- value is called; ${file}, ${fileDirname} and ${fileBasenameNoExtension} in a string are
-- expanded as its lua/dap.lua expands them). Run by .ci/editors.sh:
--   DOC=docs/editors.md DIR=some/folder nvim --headless -u NONE -c "luafile editors/nvim/dap-recipe-check.lua"
-- Exits 0 when every input file is the one the shader's name leads to; else says which and exits 1.
local doc, dir = os.getenv('DOC'), os.getenv('DIR')
local failures = {}

-- the recipe: the first ```lua block after the nvim-dap heading
local text = table.concat(vim.fn.readfile(doc), '\n')
local from = text:find('### Neovim (nvim-dap)', 1, true)
local block = from and text:match('```lua\n(.-)\n```', from)
if not block then
  io.stderr:write('dap-recipe-check: no Lua block under "### Neovim (nvim-dap)" in ' .. doc .. '\n')
  vim.cmd('cq')
end
local dap = { adapters = {}, configurations = {} }
package.loaded['dap'] = dap
assert(loadstring(block, 'the nvim-dap recipe'))()

local function expand(v)
  if type(v) == 'function' then v = v() end
  if type(v) ~= 'string' then return v end
  -- nvim-dap 0.6.0's var_placeholders, for the variables the recipe may use
  local vars = {
    ['${file}'] = function() return vim.fn.expand('%:p') end,
    ['${fileDirname}'] = function() return vim.fn.expand('%:p:h') end,
    ['${fileBasenameNoExtension}'] = function() return vim.fn.fnamemodify(vim.fn.expand('%:t'), ':r') end,
  }
  for k, f in pairs(vars) do v = v:gsub(k:gsub('[%$%{%}]', '%%%0'), f) end
  return v
end

if dap.adapters.pica == nil or dap.adapters.pica.command ~= 'picadbg' then
  table.insert(failures, 'dap.adapters.pica: ' .. vim.inspect(dap.adapters.pica))
end
-- each shader, the filetype its name gets (docs/editors.md "Neovim"), and the input it should read
for _, case in ipairs({
  { 'sky.vsh', 'picasm', 'sky.json' },
  { 'particle.gsh', 'picasm', 'particle.json' },
  { 'vshader.v.pica', 'picasso', 'vshader.json' },
  { 'scene.g.pica', 'picasso', 'scene.json' },
  { 'shade.vert', 'glsl', 'shade.json' },
}) do
  local name, filetype, input = case[1], case[2], case[3]
  vim.cmd('edit ' .. vim.fn.fnameescape(dir .. '/' .. name))
  local configs = dap.configurations[filetype]
  if not configs or not configs[1] then
    table.insert(failures, 'no configuration for filetype ' .. filetype)
  else
    local c = configs[1]
    local program, got = expand(c.program), expand(c.input)
    if program ~= vim.fn.expand('%:p') then table.insert(failures, name .. ': program ' .. tostring(program)) end
    if got ~= vim.fn.expand('%:p:h') .. '/' .. input then
      table.insert(failures, name .. ': input ' .. tostring(got) .. ', not ' .. input)
    end
  end
end

if #failures == 0 then
  io.stdout:write('dap-recipe-check: each shader reads the input named after it\n')
  vim.cmd('qa!')
else
  io.stderr:write('dap-recipe-check: FAILED\n  ' .. table.concat(failures, '\n  ') .. '\n')
  vim.cmd('cq')
end
