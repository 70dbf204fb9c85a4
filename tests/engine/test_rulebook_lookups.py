"""Looking up a ruling or a glossary term that does not exist fails with a message naming it."""

from __future__ import annotations

import pytest

from estro_rules.registry import term
from estro_rules.rulings import Rulebook, Ruling

BOOK = Rulebook("demo", "Demo", "demo/page/", [Ruling("D-1", "One")])


def test_a_declared_ruling_is_cited_as_it_is_and_has_its_address() -> None:
    assert BOOK.cite("D-1") == "D-1"
    assert BOOK.url("D-1") == "demo/page/#D-1"


def test_an_undeclared_ruling_names_itself_and_the_rulebook() -> None:
    with pytest.raises(KeyError) as info:
        BOOK.cite("D-9")
    assert info.value.args == ("ruling 'D-9' is not in the demo rulebook",)
    with pytest.raises(KeyError, match="D-9"):
        BOOK.url("D-9")


def test_an_unknown_glossary_word_names_itself() -> None:
    with pytest.raises(KeyError) as info:
        term("Quadrant")
    assert info.value.args == ("no glossary term 'Quadrant'",)
