#!/usr/bin/env bash
# Real LSP clients against the built server: pytest-lsp (pygls) and headless Neovim.
#   Tests/Clients/run.sh [path/to/navinspect]     (default .build/debug/navinspect)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
binary="${1:-$here/../../.build/debug/navinspect}"
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
[[ -x "$binary" ]] || { echo "clients: no navinspect at $binary (swift build first)" >&2; exit 1; }
python3 -c "import pytest_lsp" 2> /dev/null || { echo "clients: pytest-lsp is not installed (pip install pytest-lsp)" >&2; exit 1; }
echo "clients: pytest-lsp" >&2
(cd "$here/pytest" && NAVINSPECT_BIN="$binary" python3 -m pytest -q -p no:cacheprovider)
echo "clients: neovim" >&2
"$here/neovim/run.sh" "$binary"
