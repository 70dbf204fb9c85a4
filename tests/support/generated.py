"""The site's generated Markdown (:func:`scripts.sitegen.registry.generate`), made once per test process.

Generating runs every page's examples in both languages and every check of the build: seconds of CPU. The
tests that read the real site's pages share one generation in each process (pytest-xdist's worker, or the
run of the scaffold test in its copy) instead of making it again for each module and test. Each caller gets
its own copy, so a test that changes what it got changes nothing for the others.
"""

from __future__ import annotations

import copy
import functools

from scripts.sitegen import pages, registry

#: The runtime's size the widgets on the generated pages show (any number: no test reads it).
DOWNLOAD_BYTES = 1


@functools.cache
def _generated() -> tuple[dict[str, str], pages.Outputs, dict[str, pages.Outputs]]:
    outputs: pages.Outputs = {}
    outputs_in: dict[str, pages.Outputs] = {}
    return registry.generate(DOWNLOAD_BYTES, outputs, outputs_in=outputs_in), outputs, outputs_in


def generated_site() -> dict[str, str]:
    """Every generated page by file name, as ``registry.generate`` returns it (the build's checks passed)."""
    return dict(_generated()[0])


def generated_outputs() -> pages.Outputs:
    """What each ruling's examples printed on its English page (``generate``'s ``outputs``)."""
    return copy.deepcopy(_generated()[1])
