#!/usr/bin/env bash
# Mutation testing: mutmut changes estro_rules one small piece at a time (a mutant) and runs, for
# each mutant, the tests outside the browser and Pyodide that reach the changed function.
#   bash scripts/mutation.sh                          the whole package (14,400 mutants: hours while many survive)
#   bash scripts/mutation.sh estro_rules/battaglia    a package, a module (estro_rules/fields.py)
#   bash scripts/mutation.sh 'estro_rules.r19.engine.x__flip__mutmut_*'   or mutmut name globs
# Writes build/mutation/report.md and report.json (scores per module, every mutant not caught with
# its diff); exit status 1 when a module is under the goal. Equivalent mutants, with their reason:
# tests/mutation/equivalent.toml (not run again; MUTATION_RUN_EQUIVALENTS=1 runs them too).
# Settings: [tool.mutmut] in pyproject.toml; the stages and the skipping: scripts/mutation_plugin.py.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
bash scripts/setup.sh
want=$(sha256sum requirements-mutation.txt | cut -d' ' -f1)
if [ "$(cat .venv/.estro-mutation 2>/dev/null)" != "$want" ]; then
  echo "mutation: installing mutmut (requirements-mutation.txt)"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements-mutation.txt
  echo "$want" > .venv/.estro-mutation
fi
targets=$(.venv/bin/python -m scripts.mutation_report targets "$@")  # also checks the equivalents file
mapfile -t globs <<< "$targets"

# Keep the mutated package (slow to generate; mutmut redoes a file when its source changes) and
# nothing else: the tests, docs and examples are copied afresh, and the record of which test
# reaches which function is collected afresh, so edited tests count at once.
mkdir -p mutants
find mutants -mindepth 1 -maxdepth 1 ! -name estro_rules -exec rm -rf {} +
# The subprocesses of the CLI tests import the mutated package (tens of MB): let Python cache it.
unset PYTHONDONTWRITEBYTECODE
export NO_MKDOCS_2_WARNING=1
.venv/bin/mutmut run --max-children 2 "${globs[@]}"
status=0
.venv/bin/python -m scripts.mutation_report report "${globs[@]}" || status=$?
echo "mutation: $(( $(date +%s) - start )) s wall time"
exit "$status"
