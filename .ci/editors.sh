#!/bin/sh
# picals through real editor clients: headless Neovim's built-in LSP client opens a shader with
# an error and checks the diagnostics, a hover and a definition (editors/nvim/picals-check.lua),
# and a GLSL one with the same script (glslang's error, its fix, a hover, the assembly command);
# the nvim-dap recipe of docs/editors.md resolves each shader's input file, a .vert's too (dap-recipe-check.lua).
# Run by .ci/run after the launchers are built; needs nvim (.ci/run installs Debian's neovim) and npm.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$root/editors/nvim/picals-check.vsh" "$tmp/m.vsh"
(cd "$tmp" && PICALS="$root/bin/picals" SHADER="$tmp/m.vsh" timeout 180 nvim --headless -u NONE \
  -c "luafile $root/editors/nvim/picals-check.lua")
# a GLSL vertex shader: glslang's diagnostics as typed, hover on a uniform, the assembly command
cp "$root/editors/nvim/picals-check.vert" "$tmp/m.vert"
(cd "$tmp" && PICALS="$root/bin/picals" SHADER="$tmp/m.vert" timeout 180 nvim --headless -u NONE \
  -c "luafile $root/editors/nvim/picals-check.lua")
# the nvim-dap recipe of docs/editors.md, as written there: each shader's program and input file
(cd "$tmp" && DOC="$root/docs/editors.md" DIR="$tmp" timeout 60 nvim --headless -u NONE \
  -c "luafile $root/editors/nvim/dap-recipe-check.lua")
# the VS Code extension: its TextMate grammars tokenized by vscode-textmate, bin/picadbg driven by
# @vscode/debugadapter-testsupport (test/debug-adapter-test.js), and the .vsix built
(cd "$root/editors/vscode" && npm ci --no-audit --no-fund --loglevel=error && npm test --silent \
  && npm run package --silent >/dev/null && test -s pica-shaders.vsix && rm -f pica-shaders.vsix)
