#!/usr/bin/env bash
# Build the site and serve it at http://127.0.0.1:8000/ with working widgets.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export NO_MKDOCS_2_WARNING=1
exec .venv/bin/mkdocs serve --strict --dev-addr "${ESTRO_ADDR:-127.0.0.1:8000}" "$@"
