"""``rulings [--json]`` in this process: every ruling and interpretation, one line each or as the site's
``rulings.json`` (docs/_sources/rulings-json.md is the spec).

Each test reads the catalogue once (about half a second).
"""

from __future__ import annotations

import io
import json

from estro_rules.cli import main
from estro_rules.registry import PROTOCOLS


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, stdin=io.StringIO(), err=err)
    return code, out.getvalue(), err.getvalue()


def test_one_line_per_ruling_with_its_kind_and_title() -> None:
    code, out, err = run_cli("rulings")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    # Site order (PROTOCOL_07, Battaglia, §19); the ID padded to 10 columns and the kind to 15.
    assert lines[:4] == [
        "P07-1      rule            Modes can be combined",
        "P07-2      rule            Single Player combines with no other mode",
        "P07-3      rule            Incompatible pairs",
        "P07-3.1    rule            Inferno 2vs2 and Ultimo Bastione",
    ]
    assert lines[13] == "I-P07-1    interpretation  “The player” is the owner of the destroyed card"
    assert lines[20] == "BAT-1      rule            Battles play themselves"
    assert lines[110] == "I-R19-12   interpretation  Every action resolves as a sequence"  # §19's last
    assert lines[-1].split()[0] == list(PROTOCOLS[-1].rulebook)[-1].id  # the last protocol's last ruling
    # Interpretations, and only they, start with "I-" (rulings-json.md): the kind column says which.
    kinds = {line.split()[0]: line.split()[1] for line in lines}
    assert len(kinds) == len(lines) == sum(len(p.rulebook) for p in PROTOCOLS)
    # the first three protocols: 106 rulings, and issue 26's I-BAT-17 to 19, I-R19-11, 12
    assert sum(len(p.rulebook) for p in PROTOCOLS[:3]) == 111
    assert [rid for rid, kind in kinds.items() if kind == "interpretation"] == [
        rid for rid in kinds if rid.startswith("I-")
    ]
    assert {kinds[rid] for rid in kinds if not rid.startswith("I-")} == {"rule"}


def test_json_is_the_documented_document() -> None:
    code, out, err = run_cli("rulings", "--json")
    assert (code, err) == (0, "")
    assert out.startswith(
        '{\n  "schema_version": 1,\n  "rulings": [\n    {\n      "id": "P07-1",\n      "title": "Modes can be combined",\n'
    )
    assert '\n      "title": "“The player” is the owner of the destroyed card",\n' in out
    document = json.loads(out)
    assert list(document) == ["schema_version", "rulings"]
    entries = {entry["id"]: entry for entry in document["rulings"]}
    assert len(entries) == sum(len(p.rulebook) for p in PROTOCOLS)
    # The example entry of rulings-json.md.
    p07_2 = entries["P07-2"]
    assert {key: value for key, value in p07_2.items() if key != "cited_by"} == {
        "id": "P07-2",
        "title": "Single Player combines with no other mode",
        "url": "protocol-07/#P07-2",
        "kind": "rule",
        "protocol": "protocol07",
        "source": [{"document": "PROTOCOL_07", "section": "INFO", "paragraph": 2}],
        "basis": None,
        "examples": 1,
    }
    assert "estro_rules.protocol07.engine._single_player_alone" in p07_2["cited_by"]
    # Its pycon example: an interpretation has no source and a basis.
    i_p07_3 = entries["I-P07-3"]
    assert (i_p07_3["kind"], i_p07_3["source"], i_p07_3["basis"].split(";")[0]) == (
        "interpretation",
        None,
        "The protocol defines five modes and says nothing about any other name",
    )
