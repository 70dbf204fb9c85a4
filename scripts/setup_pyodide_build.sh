#!/usr/bin/env bash
# The build-tool environment (called by scripts/setup.sh; safe to run again, it skips what is done):
#   .venv-pyodide-build/                 pyodide-build and pyodide-lock on a Python >= 3.12, from
#                                        requirements-pyodide-build.txt (pinned with hashes)
#   .venv-pyodide-build/wheels-py314/    the same pinned wheels for Python 3.14: pyodide-build's
#                                        py-compile runs from them inside Pyodide under Node
# pyodide-build needs Python >= 3.12: scripts/build_python.sh finds one (the default python3 if it is
# new enough, else a newer one on PATH or in pyenv). Both steps download from the package index only,
# every file checked by its hash. The lock is compiled from requirements-pyodide-build.in by
# scripts/lock.sh, on that same Python.
set -euo pipefail
cd "$(dirname "$0")/.."

tools=.venv-pyodide-build
requirements=requirements-pyodide-build.txt
pip_quiet=(--quiet --disable-pip-version-check)

want=$(cat "$requirements" | sha256sum | cut -d' ' -f1)
if [ "$(cat "$tools/.estro-installed" 2>/dev/null)" = "$want" ] && [ -x "$tools/bin/pyodide" ]; then
  exit 0
fi
python=$(bash scripts/build_python.sh)  # or one line saying what to install, and exit 1
echo "setup: installing pyodide-build into $tools with $("$python" --version) ($requirements)"
rm -rf "$tools"
"$python" -m venv "$tools"
"$tools/bin/python" -m pip install "${pip_quiet[@]}" --require-hashes -r requirements-pyodide-build.txt
echo "setup: downloading the same pinned wheels for Python 3.14 (pyodide-build's py-compile inside Pyodide)"
"$tools/bin/python" -m pip download "${pip_quiet[@]}" --require-hashes --only-binary=:all: \
  --python-version 3.14 --implementation py --abi none --platform any -d "$tools/wheels-py314" -r "$requirements"
echo "$want" > "$tools/.estro-installed"
