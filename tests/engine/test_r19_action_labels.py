"""§19 step labels over the whole action vocabulary: a player reads words, never an action's JSON name.

The wording of each action is pinned whole in test_r19_cards.py; this test walks every action class of
:data:`estro_rules.r19.actions.ACTIONS`, so an action added later without a wording of its own
is caught too.
"""

from __future__ import annotations

import pytest

from estro_rules.r19.acting import Action
from estro_rules.r19.actions import ACTIONS

#: A value for every field an action declares.
SAMPLES: dict[str, object] = {
    "card": "CH",
    "amount": 2,
    "n": 2,
    "value": "DEF",
    "counter": "damage",
    "to": "Fallen",
    "cause": "damage",
    "effect": "Shield Wall",
    "ability": "Zap",
    "phase": "End",
    "active": "B",
}


@pytest.mark.parametrize("cls", ACTIONS, ids=lambda cls: cls.name)
def test_no_step_label_shows_an_underscore(cls: type[Action]) -> None:
    given = {f.name: SAMPLES[f.name] for f in cls.SCHEMA.fields if f.required or f.name in ("card", "to", "phase")}
    action = cls(path="actions[0]", **given)
    assert "_" not in action.describe()
