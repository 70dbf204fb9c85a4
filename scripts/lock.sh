#!/usr/bin/env bash
# Compile the Python locks: every dependency pinned, with the SHA-256 of every file of its release.
#   bash scripts/lock.sh             requirements-dev.in -> requirements-dev.txt, then
#                                    requirements-mutation.in -> requirements-mutation.txt (constrained by
#                                    the first, so a package both need is the same release), and the lock
#                                    tool's own requirements-lock.in -> requirements-lock.txt, and
#                                    requirements-pyodide-build.in -> requirements-pyodide-build.txt on a
#                                    Python >= 3.12 (scripts/build_python.sh), as pyodide-build needs one
#   bash scripts/lock.sh --upgrade   the same, taking the newest releases the .in files allow
# Edit the .in files (what we ask for), never the .txt files (what pip-compile writes). scripts/setup.sh
# and scripts/mutation.sh install the .txt files with --require-hashes: pip refuses any file whose hash
# is not listed. The lock tool (pip-tools, pinned with hashes in requirements-lock.txt) lives in
# build/lock-venv (for the pyodide-build lock, in build/lock-venv-pyodide-build). Index and find-links
# options come from pip's own configuration and are not written into the locks: a lock holds the hashes
# of every file of each release, whichever index serves it.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
lock_venv() {  # lock_venv FOLDER PYTHON: pip-tools from requirements-lock.txt, installed with its hashes
  if [ ! -x "$1/bin/pip-compile" ] || ! cmp -s requirements-lock.txt "$1/.estro-lock"; then
    rm -rf "$1"
    "$2" -m venv "$1"
    "$1/bin/python" -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements-lock.txt
    cp requirements-lock.txt "$1/.estro-lock"
  fi
}
compile() {  # compile FOLDER ARGS...
  local venv=$1
  shift
  "$venv/bin/pip-compile" --quiet --generate-hashes --allow-unsafe --strip-extras \
    --no-emit-index-url --no-emit-find-links --no-emit-trusted-host "$@"
}
lock_venv build/lock-venv "$python"
compile build/lock-venv "${@}" -o requirements-dev.txt requirements-dev.in
compile build/lock-venv "${@}" -o requirements-mutation.txt requirements-mutation.in
compile build/lock-venv "${@}" -o requirements-lock.txt requirements-lock.in
lock_venv build/lock-venv-pyodide-build "$(bash scripts/build_python.sh)"
compile build/lock-venv-pyodide-build "${@}" -o requirements-pyodide-build.txt requirements-pyodide-build.in
echo "lock: requirements-dev.txt, requirements-mutation.txt, requirements-lock.txt and requirements-pyodide-build.txt written"
