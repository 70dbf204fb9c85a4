"""§19 step labels over the whole action vocabulary: a player reads words, never an action's JSON name.

The wording of each action is pinned whole in test_r19_cards.py; this test walks every variant of
:data:`estro_rules.r19.declarations.ACTION`, so an action added later without a wording of its own
is caught too.
"""

from __future__ import annotations

import pytest

from estro_rules.r19.cards import Action, Target
from estro_rules.r19.declarations import ACTION


@pytest.mark.parametrize("do", sorted(ACTION.variants))
def test_no_step_label_shows_an_underscore(do: str) -> None:
    action = Action(
        do=do,
        path="actions[0]",
        target=Target(cards=("CH",)),
        amount=2,
        value="DEF",
        counter="damage",
        to="Fallen",
        cause="damage",
        effect="Shield Wall",
        ability="Zap",
        phase="End",
        active="B",
    )
    assert "_" not in action.describe()
