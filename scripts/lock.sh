#!/usr/bin/env bash
# Compile the Python locks: every dependency pinned, with the SHA-256 of every file of its release.
#   bash scripts/lock.sh             requirements-dev.in -> requirements-dev.txt, then
#                                    requirements-mutation.in -> requirements-mutation.txt (constrained by
#                                    the first, so a package both need is the same release), and the lock
#                                    tool's own requirements-lock.in -> requirements-lock.txt
#   bash scripts/lock.sh --upgrade   the same, taking the newest releases the .in files allow
# Edit the .in files (what we ask for), never the .txt files (what pip-compile writes). scripts/setup.sh
# and scripts/mutation.sh install the .txt files with --require-hashes: pip refuses any file whose hash
# is not listed. The lock tool (pip-tools, pinned with hashes in requirements-lock.txt) lives in
# build/lock-venv. Index and find-links options come from pip's own configuration and are not written
# into the locks: a lock holds the hashes of every file of each release, whichever index serves it.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
if [ ! -x build/lock-venv/bin/pip-compile ] || ! cmp -s requirements-lock.txt build/lock-venv/.estro-lock; then
  rm -rf build/lock-venv
  "$python" -m venv build/lock-venv
  build/lock-venv/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements-lock.txt
  cp requirements-lock.txt build/lock-venv/.estro-lock
fi
compile() {
  build/lock-venv/bin/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras \
    --no-emit-index-url --no-emit-find-links --no-emit-trusted-host "$@"
}
compile "${@}" -o requirements-dev.txt requirements-dev.in
compile "${@}" -o requirements-mutation.txt requirements-mutation.in
compile "${@}" -o requirements-lock.txt requirements-lock.in
echo "lock: requirements-dev.txt, requirements-mutation.txt and requirements-lock.txt written"
