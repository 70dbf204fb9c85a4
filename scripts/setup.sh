#!/usr/bin/env bash
# Install what the site and the tests need; safe to run again (it skips what is done).
#   bash scripts/setup.sh            Python venv (.venv) + pinned packages + Pyodide (npm ci)
#   bash scripts/setup.sh --browser  the same, plus Chromium for the browser tests
# and, each time, the build-tool environment with pyodide-build (scripts/setup_pyodide_build.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup_pyodide_build.sh &  # its own environment, set up while the rest installs
pyodide_build=$!

python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv with $($python --version)"
  "$python" -m venv .venv
fi
want=$(cat requirements-dev.txt pyproject.toml | sha256sum | cut -d' ' -f1)
if [ "$(cat .venv/.estro-installed 2>/dev/null)" != "$want" ]; then
  echo "setup: installing Python packages (requirements-dev.txt, every file checked against its hash)"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements-dev.txt
  echo "$want" > .venv/.estro-installed
fi

if ! command -v npm >/dev/null; then
  echo "setup: npm is needed to install Pyodide (apt-get install nodejs npm)" >&2
  exit 1
fi
if ! cmp -s package-lock.json node_modules/.estro-lock 2>/dev/null || [ ! -f node_modules/pyodide/pyodide.asm.wasm ]; then
  echo "setup: npm ci (Pyodide, pinned in package-lock.json)"
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.estro-lock
fi

wait "$pyodide_build"

if [ "${1:-}" = "--browser" ]; then
  chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
  if [ -z "$chromium" ]; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
      echo "setup: installing Chromium with apt-get"
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    else
      echo "setup: the browser tests need Chromium; run as root, or: sudo apt-get install chromium" >&2
      exit 1
    fi
  fi
fi
