#!/usr/bin/env bash
# Print the Python that runs pyodide-build (it needs >= 3.12): $PYODIDE_BUILD_PYTHON if set, else the
# default python3 if it is new enough, else a newer one on PATH, else pyenv's newest. With none, say in
# one line what to install and exit 1. Used by scripts/setup_pyodide_build.sh and scripts/lock.sh.
set -euo pipefail

new_enough() { "$1" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; }

for candidate in "${PYODIDE_BUILD_PYTHON:-}" python3 python3.13 python3.12; do
  if [ -n "$candidate" ] && new_enough "$candidate"; then command -v "$candidate"; exit 0; fi
done
if command -v pyenv >/dev/null; then
  for candidate in $(ls -d "$(pyenv root)"/versions/3.1[2-9]*/bin/python 2>/dev/null | sort -rV); do
    if new_enough "$candidate"; then echo "$candidate"; exit 0; fi
  done
fi
echo "setup: pyodide-build needs Python >= 3.12 and python3 here is $(python3 --version 2>&1 | cut -d' ' -f2): install 3.12 or newer (pyenv install 3.13, or your distribution's python3.12) and run this again" >&2
exit 1
