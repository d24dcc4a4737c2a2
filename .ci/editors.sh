#!/bin/sh
# picals through real editor clients: headless Neovim's built-in LSP client opens a shader with
# an error and checks the diagnostics, a hover and a definition (editors/nvim/picals-check.lua).
# Run by .ci/run after the launchers are built; needs nvim (.ci/run installs Debian's neovim).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$root/editors/nvim/picals-check.vsh" "$tmp/m.vsh"
(cd "$tmp" && PICALS="$root/bin/picals" SHADER="$tmp/m.vsh" timeout 180 nvim --headless -u NONE \
  -c "luafile $root/editors/nvim/picals-check.lua")
