#!/usr/bin/env bash
# Run every test: types and lint, unit tests, doctests (engine and docs),
# example scenarios, the engine inside Pyodide under Node, and the browser
# tests in headless Chromium against the built site on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
bash scripts/setup.sh --browser
export NO_MKDOCS_2_WARNING=1
# Bytecode is kept (__pycache__, ignored by git) even where the machine's environment says not to: the run
# starts some hundreds of Python processes, and each would compile the engine and the scripts again.
unset PYTHONDONTWRITEBYTECODE
.venv/bin/ruff check estro_rules scripts tests
# Types are checked while the tests run (mypy's output follows theirs).
mypy_log=$(mktemp)
.venv/bin/mypy > "$mypy_log" 2>&1 &
mypy=$!
# The whole suite, as CI runs it: the site is built from the session's first moment.
if [ $# -eq 0 ]; then export ESTRO_BUILD_SITE_EARLY=1; fi
# In parallel (pytest-xdist): the tests wait on browsers and Node as much as they compute. Three
# workers on a machine of two cores: four kept both cores as busy but spent about a tenth more CPU on
# the same tests (fresh clones, 2026-12-05: 484 s and 907 s of CPU with 3; 506 to 518 s and 988 to
# 1,014 s with 4; 518 s with 2). ESTRO_TEST_WORKERS=0 runs them in this one process.
status=0
# The slowest twenty are listed at the end: where the wall time goes, run after run.
.venv/bin/python -m pytest -n "${ESTRO_TEST_WORKERS:-3}" --durations=20 "$@" || status=$?
if ! wait "$mypy"; then status=1; fi
cat "$mypy_log"
rm -f "$mypy_log"
echo "test command: $(( $(date +%s) - start )) s wall time"
exit "$status"
