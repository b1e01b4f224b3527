#!/usr/bin/env bash
# emacs --batch with eglot (Debian's elpa-eglot on Emacs 28, the built-in one from Emacs 29) runs
# editors/emacs/navinspect.el's commands on a copy of Tests/Clients/harbor.
#   Tests/Clients/emacs/run.sh [path/to/navinspect]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
binary="$(cd "$(dirname "${1:-$here/../../../.build/debug/navinspect}")" && pwd)/$(basename "${1:-navinspect}")"
command -v emacs > /dev/null || { echo "emacs: emacs is not installed (apt-get install emacs-nox elpa-eglot)" >&2; exit 1; }
eglot=()
for folder in /usr/share/emacs/site-lisp/elpa/eglot-*; do [[ -d "$folder" ]] && eglot=(-L "$folder"); done
editor="$here/../../../editors/emacs"
# The package compiles without a warning, then the tests run on the source.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
cp "$editor/navinspect.el" "$scratch/"
emacs --batch -Q "${eglot[@]}" --eval '(setq byte-compile-error-on-warn t)' -f batch-byte-compile "$scratch/navinspect.el"
NAVINSPECT_BIN="$binary" NAVINSPECT_APP="$here/../harbor" timeout 180 \
    emacs --batch -Q "${eglot[@]}" -L "$editor" -l "$here/navinspect-test.el" -f navinspect-test-run
