#!/usr/bin/env bash
# The build-tool environment (called by scripts/setup.sh; safe to run again, it skips what is done):
#   .venv-pyodide-build/                 pyodide-build and pyodide-lock on a Python >= 3.12, from
#                                        requirements-pyodide-build.txt (pinned with hashes)
#   .venv-pyodide-build/wheels-py314/    the same pinned wheels for Python 3.14: pyodide-build's
#                                        py-compile runs from them inside Pyodide under Node
# pyodide-build needs Python >= 3.12: the default python3 if it is new enough, else a newer one on
# PATH or in pyenv. Both steps download from the package index only, every file checked by its hash.
set -euo pipefail
cd "$(dirname "$0")/.."

tools=.venv-pyodide-build
requirements=requirements-pyodide-build.txt
pip_quiet=(--quiet --disable-pip-version-check)

new_enough() { "$1" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; }

find_python() {
  local candidate
  for candidate in "${PYODIDE_BUILD_PYTHON:-}" python3 python3.13 python3.12; do
    if [ -n "$candidate" ] && new_enough "$candidate"; then command -v "$candidate"; return; fi
  done
  if command -v pyenv >/dev/null; then
    for candidate in $(ls -d "$(pyenv root)"/versions/3.1[2-9]*/bin/python 2>/dev/null | sort -rV); do
      if new_enough "$candidate"; then echo "$candidate"; return; fi
    done
  fi
}

want=$(cat "$requirements" | sha256sum | cut -d' ' -f1)
if [ "$(cat "$tools/.estro-installed" 2>/dev/null)" = "$want" ] && [ -x "$tools/bin/pyodide" ]; then
  exit 0
fi
python=$(find_python)
if [ -z "$python" ]; then
  echo "setup: pyodide-build needs Python >= 3.12 and python3 here is $(python3 --version 2>&1 | cut -d' ' -f2): install 3.12 or newer (pyenv install 3.13, or your distribution's python3.12) and run this again" >&2
  exit 1
fi
echo "setup: installing pyodide-build into $tools with $("$python" --version) ($requirements)"
rm -rf "$tools"
"$python" -m venv "$tools"
"$tools/bin/python" -m pip install "${pip_quiet[@]}" --require-hashes -r "$requirements"
echo "setup: downloading the same pinned wheels for Python 3.14 (pyodide-build's py-compile inside Pyodide)"
"$tools/bin/python" -m pip download "${pip_quiet[@]}" --require-hashes --only-binary=:all: \
  --python-version 3.14 --implementation py --abi none --platform any -d "$tools/wheels-py314" -r "$requirements"
echo "$want" > "$tools/.estro-installed"
