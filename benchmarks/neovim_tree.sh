#!/usr/bin/env bash
# Times :NavinspectTree in headless Neovim on the 3,000-file synthetic app, after its index.
#   benchmarks/neovim_tree.sh [path/to/navinspect] [runs]     (default .build/debug/navinspect, 30)
# Then again with a 10,000-coordinator tree document loaded in place of the app's tree.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
binary="${1:-$here/../.build/debug/navinspect}"
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
runs="${2:-30}"
app="$here/data/app-3000"
[[ -f "$app/.bench-meta.json" ]] || python3 "$here/generate_app.py" --files 3000 --seed 1 --out "$app" >&2
echo "| Figure | Measured |"
echo "|---|---|"
NAVINSPECT_BIN="$binary" NAVINSPECT_APP="$app" NAVINSPECT_RUNS="$runs" \
    timeout 300 nvim --headless --clean -n -u NONE -c "luafile $here/neovim_tree.lua"
tree="$here/data/tree-10k.json"
[[ -s "$tree.meta.json" ]] || python3 "$here/generate_tree.py" --coordinators 10000 --seed 1 --out "$tree" >&2
NAVINSPECT_BIN="$binary" NAVINSPECT_APP="$app" NAVINSPECT_RUNS="$runs" NAVINSPECT_TREE="$tree" \
    timeout 300 nvim --headless --clean -n -u NONE -c "luafile $here/neovim_tree.lua" | grep ':NavinspectTree,' 
