"""Write the generated pages as plain Markdown: ``python -m scripts.sitegen OUT_DIR``.

mkdocs does the same in memory (scripts/mkdocs_hooks.py); this is for
reading the output, diffing it, or moving to another site generator.
"""

import sys
from pathlib import Path

from .pages import SiteError
from .registry import generate

out = Path(sys.argv[1] if len(sys.argv) > 1 else "build/generated")
try:
    generated = generate(download_bytes=0)
except SiteError as err:
    print(f"error: {err}", file=sys.stderr)
    sys.exit(1)
out.mkdir(parents=True, exist_ok=True)
for name, text in generated.items():
    (out / name).write_text(text, encoding="utf-8")
    print(out / name)
