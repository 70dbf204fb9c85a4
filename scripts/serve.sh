#!/usr/bin/env bash
# Build the site and serve it at http://127.0.0.1:8000/ with working widgets.
#   bash scripts/serve.sh          build (mkdocs build --strict: runtime compiled for Pyodide, files
#                                  precompressed) into site/ and serve it as a static host would,
#                                  brotli/gzip from the precompressed files (scripts/serve_site.py)
#   bash scripts/serve.sh --dev    live-reload editing instead (mkdocs serve: rebuilds on every change,
#                                  files sent uncompressed, no service worker); extra arguments go to mkdocs
# ESTRO_ADDR=host:port changes the address (the site is built for it: instant navigation needs that).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export NO_MKDOCS_2_WARNING=1
addr=${ESTRO_ADDR:-127.0.0.1:8000}
export SITE_URL="http://$addr/"
if [ "${1:-}" = "--dev" ]; then
  shift
  exec .venv/bin/mkdocs serve --strict --dev-addr "$addr" "$@"
fi
.venv/bin/mkdocs build --strict --quiet --site-dir site
exec .venv/bin/python scripts/serve_site.py site --addr "$addr"
