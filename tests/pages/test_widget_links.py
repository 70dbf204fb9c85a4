"""The link format shared by "Copy link" (docs/assets/estro/share.js) and links made at build time
(scripts/sitegen/links.py): ``?widget=NAME&z=DATA#widget-NAME``, DATA the scenario's JSON text
compressed with raw DEFLATE (RFC 1951) and written in base64url without padding.

tests/browser/test_editors.py checks that the browser reads the links made here and that the
links the browser makes read here."""

from __future__ import annotations

import base64
import json
import re
import zlib
from urllib.parse import parse_qs, urlsplit

import pytest

from estro_rules.battaglia import REFERENCE_MATCHUP
from scripts.sitegen.links import pack, scenario_text, share_link

SAMPLE_MATCHUP = {"kind": "battaglia.battle", "left": REFERENCE_MATCHUP["left"], "right": REFERENCE_MATCHUP["right"]}


def test_the_data_is_raw_deflate_in_base64url_without_padding() -> None:
    text = json.dumps(SAMPLE_MATCHUP)
    z = pack(text)
    assert re.fullmatch(r"[A-Za-z0-9_-]+", z), "base64url: no +, / or = padding"
    data = base64.urlsafe_b64decode(z + "=" * (-len(z) % 4))
    assert zlib.decompress(data, -15).decode() == text, "raw DEFLATE (window bits -15)"
    with pytest.raises(zlib.error):
        zlib.decompress(data)  # no zlib header: a reader must not expect one
    assert scenario_text(z) == text


def test_a_link_names_the_widget_and_carries_the_scenario() -> None:
    link = share_link("http://127.0.0.1:8000/battaglia/", "battle-viewer", SAMPLE_MATCHUP)
    parts = urlsplit(link)
    query = parse_qs(parts.query)
    assert query["widget"] == ["battle-viewer"] and parts.fragment == "widget-battle-viewer"
    assert json.loads(scenario_text(query["z"][0])) == SAMPLE_MATCHUP


def test_the_sample_matchup_fits_in_2_kb() -> None:
    link = share_link("http://127.0.0.1:8000/battaglia/", "battle-viewer", SAMPLE_MATCHUP)
    plain = base64.urlsafe_b64encode(json.dumps(SAMPLE_MATCHUP).encode()).decode().rstrip("=")
    assert len(link) <= 2000, len(link)
    assert len(link) < len(plain) / 2, "the compressed link is less than half the old one"


def test_unicode_names_survive() -> None:
    scenario = {"kind": "p07.combination", "modes": ["Single Player"], "title": "Città — ☂"}
    assert json.loads(scenario_text(pack(json.dumps(scenario, ensure_ascii=False)))) == scenario
