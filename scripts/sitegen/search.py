"""Search: an exact ruling ID brings that ruling first.

The theme's search (lunr, in the browser) splits a query at hyphens and looks up the last part as a
prefix, so ``BAT-4`` asks for ``bat`` and ``4*``: the sections of BAT-4.1, BAT-4.2 and I-BAT-4
match it as well as BAT-4, and a rarer number (``4.1``) scores higher than a common one (``4``).
So each ruling's section in the written index gets one more field, ``ids`` (declared in mkdocs.yml
with a boost above the title's), holding the words its ID is searched by: its parts (``i``,
``bat``) and a word of its own that starts with its number (``4_ibat``), each repeated a little more
often the shorter the ID is. A query for an ID then matches, with the same words, that ruling and
the longer IDs that start like it, and the shorter — the exact one — scores highest; a query for a
longer ID (``BAT-4.1``, ``I-BAT-4``) matches a word the shorter one lacks. The field is not shown.

Rulings above introductions. The theme scores a page's own entry (its introduction) up to five times a
section's, so a word that a page's introduction lists (*morte improvvisa* in Battaglia's word list)
brought the introduction above the ruling about it. Each ruling's section gets a document boost
(:data:`RULING_BOOST`, which the theme passes to lunr) that puts it back on top, leaving the order of
the rulings among themselves as it was.

One index per language. The Italian pages (``it/``) search an index of their own,
``it/search/search_index.json`` (the theme reads the index at its ``base``, which an Italian page sets to
``it/``: ``docs/_overrides/main.html``): the Italian pages' sections, with the same ``ids`` and boosts, so
Italian words and exact IDs find the Italian rulings first (the Italian glossary among them gives each word
in both languages); and, in each Italian section, a hidden field ``words`` with the English words of the
glossary terms it uses in Italian, so that an English word (*draw*) finds the section that says
*pareggio*. The English index keeps the English pages only.

>>> words = ids_text("I-BAT-4").split()
>>> words[:3], len(words)
(['i', 'bat', '4_ibat'], 69)
>>> ids_text("BAT-4").count("4_bat") - ids_text("BAT-4.1").count("4.1_bat")
2
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from estro_rules.glossary import Term

from .glossary import forms_in
from .languages import ITALIAN_ROOT

#: How often the longest usual ID's words are repeated, plus one per character it is longer than.
_LONGEST = 30

RULING_BOOST = 5
"""A ruling's section against its page's introduction: the theme multiplies a page entry's score by up to
5 and a section's by 1 to 2 (by the share of the query's words it holds), so 5 puts a ruling that holds
the words above an introduction that holds them too."""


def ids_text(ruling_id: str) -> str:
    """The ``ids`` field of one ruling's section."""
    *parts, number = ruling_id.lower().split("-")
    words = [*parts, f"{number}_{''.join(parts)}"]
    return " ".join(words * (_LONGEST - len(ruling_id)))


def add_ruling_ids(site_dir: Path, ruling_ids: Iterable[str]) -> int:
    """Add the ``ids`` field to every ruling's section in ``search/search_index.json``; returns how many."""
    path = site_dir / "search" / "search_index.json"
    index = json.loads(path.read_text(encoding="utf-8"))
    known = set(ruling_ids)
    count = 0
    for doc in index["docs"]:
        _, _, anchor = doc["location"].partition("#")
        if anchor in known:
            doc["ids"] = ids_text(anchor)
            doc["boost"] = RULING_BOOST
            count += 1
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return count


WORDS_BOOST = 1.0
"""The hidden ``words`` field (English words of a section's Italian terms) counts as much as its text."""


def english_words(text: str, terms: Sequence[Term]) -> list[str]:
    """The English words of the glossary terms that ``text`` says in Italian.

    >>> from estro_rules.glossary import Term
    >>> draw = Term("draw", "pareggio", "", "battaglia", also=("draws",), italian_also=("pareggi",))
    >>> english_words("Un pareggio non costa vite.", [draw]), english_words("Nessun pareggiare.", [draw])
    (['draw', 'draws'], [])
    """
    found: list[str] = []
    for term in terms:
        if term.italian_uses_english:
            continue  # the Italian pages say the English word itself
        if any(re.search(rf"(?<!\w){re.escape(f)}(?!\w)", text, re.IGNORECASE) for f in forms_in(term, "it")):
            found += [w for w in (term.english, *term.also) if w not in found]
    return found


def split_languages(site_dir: Path, terms: Sequence[Term]) -> tuple[int, int]:
    """Write the Italian pages' index (``it/search/search_index.json``) and leave the English pages alone in
    the site's; returns how many entries each has."""
    path = site_dir / "search" / "search_index.json"
    index = json.loads(path.read_text(encoding="utf-8"))
    english, italian = [], []
    for doc in index["docs"]:
        location = doc["location"]
        if location.startswith(ITALIAN_ROOT):
            doc = {**doc, "location": location.removeprefix(ITALIAN_ROOT)}
            words = english_words(doc.get("text", "") + " " + doc.get("title", ""), terms)
            if words:
                doc["words"] = " ".join(words)
            italian.append(doc)
            continue
        english.append(doc)
    config = index["config"]
    italian_config = {**config, "fields": {**config["fields"], "words": {"boost": WORDS_BOOST}}}
    path.write_text(json.dumps({**index, "docs": english}, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    target = site_dir / ITALIAN_ROOT / "search" / "search_index.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({**index, "config": italian_config, "docs": italian}, ensure_ascii=False, separators=(",", ":"))
    target.write_text(text, encoding="utf-8")
    return len(english), len(italian)
