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


def scenario_text(z: str) -> str:
    """The scenario text a link's ``z`` value carries."""
    data = base64.urlsafe_b64decode(z + "=" * (-len(z) % 4))
    return zlib.decompress(data, -15).decode("utf-8")


def share_link(page_url: str, widget: str, scenario: Mapping[str, Any]) -> str:
    """A link to ``page_url`` whose widget ``widget`` opens with ``scenario`` (compact JSON) and runs it."""
    text = json.dumps(scenario, ensure_ascii=False, separators=(",", ":"))
    return f"{page_url}?widget={quote(widget)}&z={pack(text)}#widget-{quote(widget)}"
