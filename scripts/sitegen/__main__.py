"""Write the generated pages as plain Markdown: ``python -m scripts.sitegen [OUT_DIR]``.

mkdocs does the same in memory (scripts/mkdocs_hooks.py); this is for reading the output, diffing
it, or moving to another site generator.

``python -m scripts.sitegen --lock`` refreshes the locks of what every ruling's examples print (one per
protocol, ``estro_rules/<protocol>/rulings.lock.json``), once the changelog has an entry for each ruling
that changed.
"""

import json
import sys
from pathlib import Path

from estro_rules.catalogue import lock_path, read_lock
from estro_rules.registry import PROTOCOLS

from .changes import drift, lock_of, read_changelog
from .pages import Outputs, SiteError
from .registry import CHANGELOG, generate

args = sys.argv[1:]
refresh = args[:1] == ["--lock"]
outputs: Outputs = {}
outputs_in: dict[str, Outputs] = {}
try:
    generated = generate(download_bytes=0, outputs=outputs, locked=not refresh, outputs_in=outputs_in)
except SiteError as err:
    print(f"error: {err}", file=sys.stderr)
    sys.exit(1)
if refresh:
    entries = read_changelog(CHANGELOG)
    lock = read_lock()
    missing = drift(outputs, lock, entries, "rulings.lock.json")
    missing += [p for lang, shown in outputs_in.items() for p in drift(shown, lock, entries, "rulings.lock.json", lang)]
    if missing:  # a change with no changelog entry: the lock is not refreshed over it
        print("error: write these changelog entries first:\n  - " + "\n  - ".join(missing), file=sys.stderr)
        sys.exit(1)
    for protocol in PROTOCOLS:
        own = {r: e for r, e in outputs.items() if r in protocol.rulebook}
        italian = {r: e for r, e in outputs_in.get("it", {}).items() if r in protocol.rulebook}
        path = lock_path(protocol)
        path.write_text(json.dumps(lock_of(own, entries, italian), indent=1, ensure_ascii=False) + "\n")
        print(f"{path}: {len(own)} rulings locked, in English and Italian")
    sys.exit(0)
out = Path(args[0] if args else "build/generated")
out.mkdir(parents=True, exist_ok=True)
for name, text in generated.items():
    (out / name).parent.mkdir(parents=True, exist_ok=True)
    (out / name).write_text(text, encoding="utf-8")
    print(out / name)
