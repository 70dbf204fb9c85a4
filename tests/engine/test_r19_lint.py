"""The card-design linter: its findings on the sample pool, and its agreement with the engine."""

from __future__ import annotations

import json

import pytest

from estro_rules.errors import ScenarioError
from estro_rules.r19.lint import lint
from tests.support import EXAMPLES
from tests.support.r19 import character, unit

POOL = EXAMPLES / "r19" / "card-pool.json"


def test_sample_pool_has_the_hand_derived_findings() -> None:
    data = json.loads(POOL.read_text(encoding="utf-8"))
    got = [{"card": f.card, "ruling": f.ruling} for f in lint(data)]
    want = [{"card": e["card"], "ruling": e["ruling"]} for e in data["expect"]["findings"]]
    assert got == want
    vox = next(f for f in lint(data) if f.rule == "partly_dead_bonus")
    # the Vox worked example: dead on the Ground Units that print no Vox, live on every Character
    assert "GU-203, XX-GRD-001" in vox.message and "CH-" not in vox.message


def test_narrow_class_and_storyline_text_are_clean() -> None:
    data = json.loads(POOL.read_text(encoding="utf-8"))
    cards = {f.card for f in lint(data)}
    assert "LOC-205" not in cards  # "Characters you control gain +1 Vox": every Character prints Vox
    assert "ST-207" not in cards  # a Storyline's text is one of the four routes


def test_linter_agrees_with_the_engine_on_fall_routes() -> None:
    storyline = {
        "id": "ST-1",
        "name": "Plot",
        "faces": {"Prime": {"type": "Storyline"}},
        "abilities": [
            {"name": "Doom", "type": "activated", "effects": [{"do": "flip", "classes": ["Character"], "to": "Fallen"}]}
        ],
    }
    findings = lint({"cards": [storyline, character("CH-1")]})
    assert [f.rule for f in findings] == []
    with pytest.raises(ScenarioError, match=r"effects\[0\]\.source: expected 'self'"):
        lint(
            {
                "cards": [
                    character(
                        "CH-2",
                        abilities=[
                            {
                                "name": "X",
                                "type": "activated",
                                "effects": [{"do": "flip", "card": "self", "to": "Fallen", "source": "ST-1"}],
                            }
                        ],
                    ),
                    storyline,
                ]
            }
        )


def test_linter_flags_def_bonus_reaching_characters() -> None:
    lord = {
        "id": "LOC-1",
        "name": "Bastion",
        "faces": {"Prime": {"type": "Location", "values": {"DEF": 2}}},
        "abilities": [
            {
                "name": "Walls",
                "type": "static",
                "effects": [{"do": "bonus", "classes": ["Unit"], "value": "DEF", "amount": 1}],
            }
        ],
    }
    findings = lint({"cards": [lord, character("CH-1"), unit("GU-1", {"DEF": 2})]})
    assert [(f.card, f.rule) for f in findings] == [("LOC-1", "partly_dead_bonus")]
    assert "CH-1" in findings[0].message and "GU-1" not in findings[0].message.split("(")[1]
