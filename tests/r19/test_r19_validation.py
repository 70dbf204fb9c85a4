"""Scenario checks of §19 that guard a rule: each refused input names the field and why."""

from __future__ import annotations

import pytest

from estro_rules.errors import ScenarioError
from tests.support.r19 import location, run, scenario, unit


@pytest.mark.parametrize(
    ("cause", "allowed"),
    [
        ("Redeem", ["Prime"]),
        ("re-buy", ["Prime"]),
        ("own combat destruction", ["Prime"]),
        ("combat destruction", ["Contested"]),
        ("Liberation", ["Contested"]),
        ("own ability", ["Prime", "Contested", "Fallen", "Reversal"]),
        ("other effect", ["Prime", "Contested", "Fallen", "Reversal"]),
    ],
)
def test_each_flip_cause_leads_only_to_the_faces_of_19_2(cause: str, allowed: list[str]) -> None:
    """§19.2: a Redeem clause, a re-buy and an owner's own combat destruction flip back to Prime;
    combat destruction and Liberation make a card Contested; other effects may lead anywhere."""
    faces = {state: {"type": "Location", "values": {"DEF": 3}} for state in ("Prime", "Contested", "Fallen", "Reversal")}
    card = {"id": "LOC", "name": "Everywhere", "faces": faces}
    for to in ("Prime", "Contested", "Fallen", "Reversal"):
        data = scenario([card], [{"card": "LOC", "owner": "A", "face": "Fallen" if to != "Fallen" else "Prime"}],
                        [{"do": "flip", "card": "LOC", "to": to, "cause": cause}])
        if to in allowed:
            run(data)
        else:
            with pytest.raises(ScenarioError, match=rf"^actions\[0\]\.to: expected a face that '{cause}' can lead to"):
                run(data)


def test_an_unlabelled_face_stands_alone() -> None:
    """A face with no state label is the only face of its card: beside a labelled face there is no telling which
    state the card is in (§19.2 keys every transition to the label of the visible face)."""
    card = location("LOC", 3, 2)
    card["faces"]["Unlabelled"] = {"type": "Location", "values": {"DEF": 1}}
    with pytest.raises(ScenarioError, match=r"^cards\[0\]\.faces\.Unlabelled: expected state-labelled faces only"):
        run(scenario([card], [{"card": "LOC", "owner": "A"}], [{"do": "capabilities", "card": "LOC"}]))
    alone = unit("GU", {"DEF": 2})
    run(scenario([alone], [{"card": "GU", "owner": "A"}], [{"do": "capabilities", "card": "GU"}]))
