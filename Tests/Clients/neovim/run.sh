#!/usr/bin/env bash
# Headless Neovim with editors/neovim/navinspect.lua against Tests/Clients/app.
#   Tests/Clients/neovim/run.sh [path/to/navinspect]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
binary="$(cd "$(dirname "${1:-$here/../../../.build/debug/navinspect}")" && pwd)/$(basename "${1:-navinspect}")"
command -v nvim > /dev/null || { echo "neovim: nvim is not installed (apt-get install neovim)" >&2; exit 1; }
NAVINSPECT_BIN="$binary" timeout 120 nvim --headless --clean -u NONE -c "luafile $here/test.lua"
NAVINSPECT_BIN="$binary" timeout 120 nvim --headless --clean -n -u NONE -c "luafile $here/views.lua"
NAVINSPECT_BIN="$binary" timeout 120 nvim --headless --clean -n -u NONE -c "luafile $here/lens.lua"
