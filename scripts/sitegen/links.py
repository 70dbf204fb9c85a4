"""Links that open a page with a widget showing a given scenario: the format of ``share.js``.

    <page URL>?widget=NAME&z=DATA#widget-NAME

``DATA`` is the scenario's JSON text (UTF-8) compressed with raw DEFLATE (RFC 1951, no zlib or gzip
header: ``zlib.compressobj(9, zlib.DEFLATED, -15)`` here, ``CompressionStream("deflate-raw")`` in the
browser), then base64url without ``=`` padding. Older links carry ``scenario=`` with the JSON text
in base64url, uncompressed; the widgets still read them.

>>> link = share_link("https://example.org/protocol-07/", "p07-combination",
...                   {"kind": "p07.combination", "modes": ["Single Player"]})
>>> link.split("&z=")[0]
'https://example.org/protocol-07/?widget=p07-combination'
>>> link.endswith("#widget-p07-combination")
True
>>> json.loads(scenario_text(link.split("&z=")[1].split("#")[0]))
{'kind': 'p07.combination', 'modes': ['Single Player']}
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote


def pack(text: str) -> str:
    """``text`` as a link's ``z`` value: raw DEFLATE, then base64url without padding."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(text.encode("utf-8")) + packer.flush()
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


#: The most a link's scenario may inflate to, in bytes: the command line's limit (share.js's MAX_BYTES).
MAX_BYTES = 1_000_000


class LinkTooBig(ValueError):
    """A link whose scenario inflates past :data:`MAX_BYTES` (only that much and one byte was inflated)."""


def scenario_text(z: str) -> str:
    """The scenario text a link's ``z`` value carries, inflated no further than :data:`MAX_BYTES`.

    >>> scenario_text(pack(" " * MAX_BYTES)) == " " * MAX_BYTES
    True
    >>> try:  # 97 kB of link, 100 MB once inflated: stopped at 1 MB
    ...     scenario_text(pack(" " * 100_000_000))
    ... except LinkTooBig as err:
    ...     print(err)
    the link's scenario is longer than 1,000,000 bytes once unpacked
    """
    data = base64.urlsafe_b64decode(z + "=" * (-len(z) % 4))
    inflater = zlib.decompressobj(-15)
    text = inflater.decompress(data, MAX_BYTES + 1)
    if len(text) > MAX_BYTES:
        raise LinkTooBig(f"the link's scenario is longer than {MAX_BYTES:,} bytes once unpacked")
    return text.decode("utf-8")


def share_link(page_url: str, widget: str, scenario: Mapping[str, Any]) -> str:
    """A link to ``page_url`` whose widget ``widget`` opens with ``scenario`` (compact JSON) and runs it."""
    text = json.dumps(scenario, ensure_ascii=False, separators=(",", ":"))
    return f"{page_url}?widget={quote(widget)}&z={pack(text)}#widget-{quote(widget)}"
