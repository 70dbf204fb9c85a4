"""The rulings changelog, and the lock of what every ruling's examples print.

Every ruling's examples run when the site is built. What they print is kept in a committed lock
file, one per protocol in its package (``estro_rules/<protocol>/rulings.lock.json``), like a snapshot: what
the English page's examples print (``examples``) and what the Italian page's print, in Italian
(``examples_it``). When a ruling's examples print
something else on either page — its behaviour or its wording changed — the build fails unless the changelog
(``docs/_sources/changelog.json``) has a new entry for that ruling, saying when and what changed.
Once the entry is written, a maintainer refreshes the lock:

    .venv/bin/python -m scripts.sitegen --lock

The lock remembers how many changelog entries each ruling had when it was refreshed, so an old
entry cannot excuse a new change. The changelog is also a page of the site: the behaviour diff
that players and maintainers ask a rules site for.

Each entry says what changed in both languages of the site (``what``, ``what_it``): the Italian changelog
(``it/changelog/``) is the same list.

>>> entry = Entry("P07-2", "2026-11-30", "text", "Reworded in our own words.", "Riscritta con parole nostre.")
>>> changelog_page([entry]).splitlines()[-1]
'| 2026-11-30 | [[P07-2]] | text | Reworded in our own words. |'
>>> changelog_page([entry], "it").splitlines()[-1]
'| 2026-11-30 | [[P07-2]] | testo | Riscritta con parole nostre. |'
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from estro_rules.catalogue import read_lock

from .pages import Outputs, Site

CHANGES = ("text", "behaviour", "new", "withdrawn")
"""What a changelog entry can say changed."""

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "changelog": "# Rulings changelog\n\n"
        "Every change to a ruling's text or to what the engine decides, newest first. Each ruling's\n"
        "examples run whenever the site is built, and what they print is kept in a lock file: the site\n"
        "does not build when a ruling's behaviour changes without an entry here.",
        "changelog header": "| Date | Ruling | Change | What changed |",
        "coverage": "# Source coverage\n\n"
        "Every paragraph of the source documents, by its number in its section, and the rulings\n"
        "that restate it. A paragraph is a block of prose, one list item or one table row (the model is\n"
        "described in `estro_rules/sources.py`). The text of the sources is not reproduced here: the\n"
        "rulings say it in our own words. `python -m estro_rules sources check FILE...` compares the\n"
        "documents with these records and names every ruling whose paragraph changed.",
        "coverage header": "| Section | ¶ | Restated by |",
        "no rule": "no rule: {reason}",
        **{change: change for change in CHANGES},
    },
    "it": {
        "changelog": "# Registro delle modifiche alle regole {#rulings-changelog}\n\n"
        "Ogni modifica al testo di una regola o a quello che decide il motore, dalla più recente. Gli esempi\n"
        "di ogni regola girano a ogni costruzione del sito, e quello che stampano è conservato in un file di\n"
        "blocco (lock): il sito non si costruisce se il comportamento di una regola cambia senza una voce qui.",
        "changelog header": "| Data | Regola | Modifica | Che cosa è cambiato |",
        "coverage": "# Copertura delle fonti {#source-coverage}\n\n"
        "Ogni paragrafo dei documenti di origine, con il suo numero nella sua sezione, e le regole che lo\n"
        "riformulano. Un paragrafo è un blocco di prosa, una voce di un elenco o una riga di una tabella (il\n"
        "modello è descritto in `estro_rules/sources.py`). Il testo delle fonti non è riprodotto qui: le\n"
        "regole lo dicono con parole nostre. `python -m estro_rules sources check FILE...` confronta i\n"
        "documenti con queste schede e nomina ogni regola il cui paragrafo è cambiato.",
        "coverage header": "| Sezione | ¶ | Riformulato da |",
        "no rule": "nessuna regola: {reason}",
        "text": "testo",
        "behaviour": "comportamento",
        "new": "nuova",
        "withdrawn": "ritirata",
    },
}
"""The changelog's and the coverage page's own words, in each language of the site (an entry's text is the
changelog's: ``what``, ``what_it``)."""

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")

LOCK_VERSION = 1


@dataclass(frozen=True)
class Entry:
    """One change to one ruling."""

    ruling: str
    """The ruling's ID."""

    date: str
    """When, as ``YYYY-MM-DD``."""

    change: str
    """``text``, ``behaviour``, ``new`` or ``withdrawn``."""

    what: str
    """What changed, in a sentence."""

    what_it: str = ""
    """The same, in Italian (the Italian changelog's); every entry of the changelog file has it."""

    def said(self, language: str) -> str:
        """What changed, in ``language``; a :class:`ValueError` when the entry does not say it in that one."""
        text = self.what_it if language == "it" else self.what
        if not text:
            raise ValueError(f"the entry for {self.ruling} of {self.date} has no what_it (its Italian)")
        return text


def read_changelog(path: Path) -> list[Entry]:
    """The changelog's entries; a malformed entry is an error naming it."""
    data = json.loads(path.read_text(encoding="utf-8"))
    entries = []
    for i, item in enumerate(data.get("entries", [])):
        where = f"{path.name}: entries[{i}]"
        if set(item) != {"ruling", "date", "change", "what", "what_it"}:
            raise ValueError(f"{where}: expected the keys ruling, date, change, what, what_it; got {sorted(item)}")
        if not (isinstance(item["what_it"], str) and item["what_it"].strip()):
            raise ValueError(f"{where}.what_it: expected what changed, in Italian, got {item['what_it']!r}")
        if not _DATE.match(str(item["date"])):
            raise ValueError(f"{where}.date: expected a date as YYYY-MM-DD, got {item['date']!r}")
        if item["change"] not in CHANGES:
            raise ValueError(f"{where}.change: expected one of {', '.join(CHANGES)}, got {item['change']!r}")
        entries.append(Entry(item["ruling"], item["date"], item["change"], item["what"], item["what_it"]))
    return entries


LANGUAGE_KEYS = {"en": "examples", "it": "examples_it"}
"""Where a lock entry keeps what the examples print on the page of each language."""


def lock_of(outputs: Outputs, entries: list[Entry], italian: Outputs | None = None) -> dict[str, Any]:
    """The lock for these outputs, remembering each ruling's number of changelog entries; with ``italian``,
    what the Italian page's examples of each ruling print too (``examples_it``).

    >>> lock_of({"P07-2": [["True\\n"]]}, [], {"P07-2": [["Vero\\n"]]})["rulings"]
    {'P07-2': {'changelog_entries': 0, 'examples': [['True\\n']], 'examples_it': [['Vero\\n']]}}
    """
    counts = Counter(e.ruling for e in entries)
    rulings: dict[str, Any] = {}
    for ruling, examples in sorted(outputs.items()):
        rulings[ruling] = {"changelog_entries": counts[ruling], "examples": examples}
        if italian is not None and ruling in italian:
            rulings[ruling][LANGUAGE_KEYS["it"]] = italian[ruling]
    return {"version": LOCK_VERSION, "rulings": rulings}


def drift(outputs: Outputs, lock: dict[str, Any], entries: list[Entry], where: str, language: str = "en") -> list[str]:
    """Every ruling whose examples print something other than the lock says, with no new changelog entry.
    The same rule holds for each language's page (``language``): a ruling whose Italian examples print
    something new needs its changelog entry too."""
    key = LANGUAGE_KEYS[language]
    page = "" if language == "en" else f" (the {language!r} page's)"
    counts = Counter(e.ruling for e in entries)
    locked: dict[str, Any] = lock.get("rulings", {})
    problems = []
    for ruling in sorted(set(outputs) | {r for r, e in locked.items() if key in e}):
        before = locked.get(ruling)
        now = outputs.get(ruling)
        if before is not None and before.get(key) == now:
            continue
        if counts[ruling] > (before["changelog_entries"] if before else 0):
            continue  # a new entry explains the change; refreshing the lock records it
        what = (
            "is new" if before is None or key not in before else "is gone" if now is None else "prints something else"
        )
        problems.append(
            f"{where}: {ruling} {what} in its examples{page} and changelog.json has no new entry for it: "
            "write one (date, what changed), then refresh the lock with `python -m scripts.sitegen --lock`"
        )
    return problems


def check_lock(changelog_path: Path) -> Any:
    """A site check (for :func:`pages.build`): the examples' outputs against every protocol's lock and the
    changelog."""

    def check(site: Site) -> list[str]:
        try:
            entries = read_changelog(changelog_path)
        except (ValueError, OSError) as err:
            return [str(err)]
        known = {r.id for page in site.pages if page.source.rulebook for r in page.source.rulebook}
        unknown = [e for e in entries if e.ruling not in known and e.change != "withdrawn"]
        problems = [f"{changelog_path.name}: entry for {e.ruling}, which no page states" for e in unknown]
        lock = read_lock()
        problems += drift(site.outputs, lock, entries, "rulings.lock.json")
        for language, outputs in site.outputs_in.items():
            problems += drift(outputs, lock, entries, "rulings.lock.json", language)
        return problems

    return check


def changelog_page(entries: list[Entry], language: str = "en") -> str:
    """The changelog as a page, in ``language``: newest first, a section for each day (a section is what the
    search finds and shows: one day's changes, not the whole changelog)."""
    words = WORDS[language]
    lines = [words["changelog"]]
    day = None
    for e in sorted(entries, key=lambda e: (e.date, e.ruling), reverse=True):
        if e.date != day:
            day = e.date
            lines += ["", f"## {day}", "", words["changelog header"], "|---|---|---|---|"]
        ruling = e.ruling if e.change == "withdrawn" else f"[[{e.ruling}]]"
        lines.append(f"| {e.date} | {ruling} | {words[e.change]} | {e.said(language)} |")
    return "\n".join(lines)


def coverage_page(language: str = "en") -> str:
    """Every paragraph of every source document, by number and heading, and the rulings restating it, in
    ``language`` (the reasons a paragraph is no rule are the protocol's, in the engine's language).

    Built from the rulings' records alone (the source text never enters the project); the test
    suite's ``sources check`` makes sure the records cover every paragraph of the documents.
    """
    from estro_rules.i18n import using
    from estro_rules.registry import PROTOCOLS

    words = WORDS[language]
    lines = [words["coverage"]]
    for protocol in PROTOCOLS:
        document = protocol.source
        if document is None:
            continue
        by_place: dict[tuple[str, int], list[str]] = {}
        for ruling, records in document.records.items():
            for record in records:
                by_place.setdefault((record.section, record.paragraph), []).append(f"[[{ruling}]]")
        with using(language):  # a reason still English on an Italian page is marked as English
            not_rules = {
                (n.source.section, n.source.paragraph): _reason(n.reason, language) for n in document.not_rules
            }
        lines += ["", f"## {document.title}", "", words["coverage header"], "|---|---|---|"]
        for section in document.reader.sections:
            numbers = sorted(n for (s, n) in (*by_place, *not_rules) if s == section)
            for number in dict.fromkeys(numbers):
                place = (section, number)
                who = ", ".join(by_place.get(place, [])) or words["no rule"].format(reason=not_rules[place])
                lines.append(f"| {section} | {number} | {who} |")
    return "\n".join(lines)


def _reason(reason: str, language: str) -> str:
    """Why a paragraph is no rule, in the current language; marked as English where it is still English."""
    from estro_rules.i18n import say

    said = say(reason)
    return f'<span lang="en">{said}</span>' if language != "en" and said == reason else said
