"""Where the build keeps what it computed: by the content it came from, outside the clone.

Every key under this folder is a hash of the inputs (the Pyodide runtime compiled for an engine, a
file's brotli and gzip copies, the cross-build environment), so clones of any commit can share it
safely, as they share pip's and npm's caches: a fresh clone builds the site in seconds when another
clone on the machine has compiled and compressed the same files. A machine's first build does the
work (about 110 s of CPU on two cores: brotli on 40 MB, the compile and the snapshot under Node).

The folder: ``$ESTRO_CACHE`` if set, else ``$XDG_CACHE_HOME/estro-rules``, else
``~/.cache/estro-rules``. Deleting it forgets everything; the next build makes it again.
"""

from __future__ import annotations

import os
from pathlib import Path


def cache_home() -> Path:
    """The build's cache folder (see the module's docstring)."""
    if os.environ.get("ESTRO_CACHE"):
        return Path(os.environ["ESTRO_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "estro-rules"


CACHE_HOME = cache_home()
