#!/usr/bin/env bash
# Run every test: types and lint, unit tests, doctests (engine and docs),
# example scenarios, the engine inside Pyodide under Node, and the browser
# tests in headless Chromium against the built site on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
bash scripts/setup.sh --browser
export NO_MKDOCS_2_WARNING=1
.venv/bin/ruff check estro_rules scripts tests
.venv/bin/mypy
# In parallel (pytest-xdist): the tests wait on browsers and Node as much as they compute.
# ESTRO_TEST_WORKERS=0 runs them in this one process.
.venv/bin/python -m pytest -n "${ESTRO_TEST_WORKERS:-4}" "$@"
echo "test command: $(( $(date +%s) - start )) s wall time"
