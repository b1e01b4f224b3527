#!/usr/bin/env bash
# Real LSP clients against the built server: pytest-lsp (pygls), headless Neovim, Emacs in batch
# with eglot, and the VS Code extension's modules under node --test.
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
echo "clients: emacs" >&2
"$here/emacs/run.sh" "$binary"
echo "clients: vscode (node --test)" >&2
command -v node > /dev/null || { echo "clients: node is not installed (apt-get install nodejs)" >&2; exit 1; }
NAVINSPECT="$binary" timeout 180 node --test --test-reporter=spec --test-timeout=60000 "$here/../../editors/vscode/test/"*.test.js
