"""Scaffold a new protocol: ``python -m scripts.new_protocol NAME``.

It writes a minimal protocol that works — a die, one ruling and one interpretation — in the project's shape,
so that a maintainer starts from something the site builds and the tests pass, and rewrites it:

- the package ``estro_rules/NAME/``: its rulebook, its rules as data, its engine, one scenario kind, its
  views, its page's tables and widget, its source document's records, its glossary terms, and the lock of
  what its rulings' examples print;
- its page source, ``docs/_sources/PAGE.md``, with a worked example for each ruling, and its Italian twin,
  ``docs/_sources/it/PAGE.md`` (the same headings, IDs, citations, tables, widget and examples, in Italian:
  ``tests/pages/test_italian_pages.py`` holds every protocol's Italian page to its English page);
- one example scenario, ``examples/NAME/first-roll.json``;
- a stub source document with one paragraph, ``docs/_sources/documents/NAME.txt`` (the place for a new
  protocol's own source document: the repository keeps it, and its records name it).

Then exactly one line in ``estro_rules/registry.py`` (``MODULES``) makes the protocol appear everywhere: the
command line, the site and its navigation, the widgets and their editors, the rulings index and
``rulings.json``, the source coverage page, the glossary and the tests. The command prints that line.

``--root DIR`` writes into another checkout (the test scaffolds into a temporary copy).
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

NAME = re.compile(r"^[a-z][a-z0-9]{1,15}$")
"""A protocol's name: a package name, a kinds' prefix and (in capitals) its rulings' prefix."""


def files(name: str) -> dict[str, str]:
    """Every file of the new protocol, by its path from the repository's root (the lock comes later, made by
    running the page's examples)."""
    prefix, title = name.upper(), name.capitalize()
    face = random.Random(0).randint(1, 6)  # what seed 0 draws: the examples show it (I-<P>-1)
    document = f"{title} rules"
    values = {
        "name": name,
        "P": prefix,
        "Title": title,
        "document": document,
        "face": str(face),
    }
    out = {path: _fill(text, values) for path, text in TEMPLATES.items()}
    return {_fill(path, values): text for path, text in out.items()}


def _fill(text: str, values: dict[str, str]) -> str:
    """The template with every ``<<key>>`` replaced (the templates are Python and Markdown full of braces)."""
    return re.sub(r"<<(\w+)>>", lambda m: values[m.group(1)], text)


def scaffold(name: str, root: Path) -> list[Path]:
    """Write the protocol ``name`` into the checkout at ``root``; the paths written."""
    if not NAME.match(name):
        raise SystemExit(f"error: {name!r}: expected a name of 2 to 16 lower-case letters and digits, a letter first")
    if (root / "estro_rules" / name).exists():
        raise SystemExit(f"error: estro_rules/{name} already exists")
    written = []
    for path, text in files(name).items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        written.append(target)
    written.append(lock(name, root))
    return written


def lock(name: str, root: Path) -> Path:
    """The lock of what the new page's examples print, made by running them as the site build does."""
    sys.path.insert(0, str(root))
    from estro_rules.i18n import using
    from scripts.sitegen import pages
    from scripts.sitegen.changes import lock_of

    package = importlib.import_module(f"estro_rules.{name}")
    book = package.RULEBOOK
    source = pages.PageSource(book.page.rstrip("/"), book)
    outputs: pages.Outputs = {}
    italian: pages.Outputs = {}
    problems = pages.run_examples(pages.parse(source, root / "docs" / "_sources" / f"{source.name}.md"), outputs)
    with using("it"):  # the Italian page's examples run in Italian, as the site runs them
        problems += pages.run_examples(
            pages.parse(source, root / "docs" / "_sources" / "it" / f"{source.name}.md"), italian
        )
    if problems:
        raise SystemExit("error: the new page's examples disagree with its engine:\n  - " + "\n  - ".join(problems))
    target = root / "estro_rules" / name / "rulings.lock.json"
    target.write_text(json.dumps(lock_of(outputs, [], italian), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return target


def registry_line(name: str) -> str:
    """The line to add to ``MODULES`` in ``estro_rules/registry.py``."""
    return f'    ("{name}", "{name}"),'


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scripts.new_protocol", description=__doc__.split("\n\n")[0])
    parser.add_argument("name", metavar="NAME", help="the protocol's name: lower-case letters and digits")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to write into")
    args = parser.parse_args(argv)
    for path in scaffold(args.name, args.root):
        print(path.relative_to(args.root))
    print(f"\nNow add this line to MODULES in estro_rules/registry.py:\n\n{registry_line(args.name)}")
    return 0


TEMPLATES: dict[str, str] = {
    "estro_rules/<<name>>/__init__.py": '''"""<<Title>>: a new protocol, scaffolded by ``python -m scripts.new_protocol <<name>>``. Rewrite it.

>>> from estro_rules.<<name>> import PROTOCOL
>>> PROTOCOL.page, [kind.name for kind in PROTOCOL.kinds]
('<<name>>', ['<<name>>.roll'])
"""

from __future__ import annotations

from ..protocol import Protocol
from .engine import Roll, RollScenario, roll
from .kinds import KINDS, ROLL
from .provenance import SOURCE
from .rulebook import RULEBOOK, cite
from .tables import TABLES, WIDGETS
from .terms import TERMS

PROTOCOL = Protocol(
    "<<name>>",
    RULEBOOK,
    KINDS,
    tables=TABLES,
    widgets=WIDGETS,
    summary="A die: which face a roll shows",
    source=SOURCE,
    terms=TERMS,
)
"""<<Title>>, as the registry lists it."""

__all__ = ["KINDS", "PROTOCOL", "ROLL", "RULEBOOK", "Roll", "RollScenario", "cite", "roll"]
''',
    "estro_rules/<<name>>/rulebook.py": '''"""The rulings of <<Title>> and the interpretations that fill its gaps.

Every decision of the engine cites these IDs through :func:`cite`, so a misspelt ID fails at import time.

>>> cite("<<P>>-1"), RULEBOOK["I-<<P>>-1"].interpretation
('<<P>>-1', True)
"""

from __future__ import annotations

from ..rulings import Rulebook, Ruling

RULEBOOK = Rulebook(
    "<<name>>",
    "<<Title>> — a die",
    "<<name>>/",
    [
        Ruling("<<P>>-1", "A roll shows one face", italian="Un tiro mostra una faccia"),
        Ruling("I-<<P>>-1", "The seed draws the face", interpretation=True, italian="Il seme sceglie la faccia"),
    ],
    italian="<<Title>> — un dado",
)
cite = RULEBOOK.cite
''',
    "estro_rules/<<name>>/rules.py": '''"""<<Title>> as data: the numbers of its rules and the engine's limits."""

from __future__ import annotations

FACES = 6
"""The faces of the die when a scenario does not say (<<P>>-1)."""

MAX_FACES = 20
"""The most faces a scenario's die may have (an engine limit)."""

MAX_SEED = 2**31 - 1
"""The largest seed a scenario may give."""
''',
    "estro_rules/<<name>>/engine.py": '''"""<<Title>>'s behaviour: a roll of the die.

A scenario is a class whose fields are declared where they are (:mod:`estro_rules.declare`): their types and
bounds, defaults, labels and help. The rules that tie several fields together go in ``@record(rules=...)``,
an ordered list of named rules, each citing its rulings; an order the rules fix is a
:class:`~estro_rules.ordered.RuleList` the engine runs. Every decision cites its rulings.

>>> roll(6, 0).face, roll(6, 0).rulings
(<<face>>, ('<<P>>-1', 'I-<<P>>-1'))
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..declare import Declared, declared, record
from ..schema import Int
from .rulebook import cite
from .rules import FACES, MAX_FACES, MAX_SEED


@dataclass(frozen=True)
class Roll:
    """One roll: the face it shows, and the rulings behind it."""

    faces: int
    """The faces of the die."""

    face: int
    """The face the roll shows."""

    seed: int
    """The seed that drew it."""

    rulings: tuple[str, ...]
    """The rulings behind it."""

    def to_json(self) -> dict[str, Any]:
        return {"kind": "<<name>>.roll", "faces": self.faces, "face": self.face, "seed": self.seed, "rulings": list(self.rulings)}


def roll(faces: int, seed: int) -> Roll:
    """Roll a die of ``faces`` faces with a generator seeded by ``seed``."""
    face = random.Random(seed).randint(1, faces)
    return Roll(faces, face, seed, (cite("<<P>>-1"), cite("I-<<P>>-1")))


@record("<<name>>.roll")
@dataclass(frozen=True)
class RollScenario(Declared):
    """A ``<<name>>.roll`` scenario: a die and a seed."""

    faces: int = declared(Int(2, MAX_FACES), default=FACES, label="Faces of the die", help="How many faces the die has")
    """How many faces the die has."""

    seed: int = declared(
        Int(0, MAX_SEED), default=0, label="Seed", help="The seed of the draw: the same seed, the same face ([[I-<<P>>-1]])"
    )
    """The seed of the draw."""

    def run(self) -> Roll:
        return roll(self.faces, self.seed)
''',
    "estro_rules/<<name>>/kinds.py": '''"""The scenario kind of <<Title>>.

>>> ROLL.read({"faces": 1})
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: faces: expected a whole number from 2 to 20, got 1
"""

from __future__ import annotations

from ..protocol import Kind, ScenarioKind
from .engine import Roll, RollScenario
from .views import roll_html, roll_text

ROLL: ScenarioKind[RollScenario, Roll] = ScenarioKind(
    "<<name>>.roll",
    "<<Title>>: which face does a roll of the die show?",
    RollScenario,
    RollScenario.run,
    roll_html,
    roll_text,
)

KINDS: tuple[Kind, ...] = (ROLL,)
"""The scenario kinds of <<Title>>."""
''',
    "estro_rules/<<name>>/views.py": '''"""How a roll reads: as HTML for the site (every piece of text through ``esc``) and as text for the CLI."""

from __future__ import annotations

from ..html import esc, ruling_links, tag
from .engine import Roll
from .rulebook import RULEBOOK


def roll_html(result: Roll, *, base: str) -> str:
    """The face the roll shows, with its rulings."""
    said = f"<strong>The die shows {esc(result.face)}</strong> (of {esc(result.faces)} faces, seed {esc(result.seed)}). "
    return tag("p", said + ruling_links(RULEBOOK, result.rulings, base=base), class_="estro-verdict")


def roll_text(result: Roll) -> str:
    return f"the die shows {result.face} of {result.faces} [{', '.join(result.rulings)}]"
''',
    "estro_rules/<<name>>/tables.py": '''"""The page's generated tables (each checked against the engine) and its widget.

>>> header, rows = TABLES["<<name>>.faces"]()
>>> header, [row[0] for row in rows]
(['Face', 'First seed that draws it', 'Rulings'], ['1', '2', '3', '4', '5', '6'])
"""

from __future__ import annotations

from ..protocol import WidgetSpec
from ..tables import Table, refs
from .engine import roll
from .rules import FACES


def faces_table() -> Table:
    """Each face of the default die and the first seed that draws it, found by running the engine."""
    rows = []
    for face in range(1, FACES + 1):
        seed = next((s for s in range(1000) if roll(FACES, s).face == face), None)
        if seed is None:
            raise ValueError(f"no seed below 1000 draws the face {face}")
        rows.append([str(face), str(seed), refs(roll(FACES, seed).rulings)])
    return ["Face", "First seed that draws it", "Rulings"], rows


TABLES = {"<<name>>.faces": faces_table}
"""The page's tables, by the name its source uses."""

WIDGETS = (
    WidgetSpec(
        "<<name>>-roll",
        "Roll the die",
        "<<name>>/first-roll.json",
        examples="<<name>>/*.json",
        note="set the faces and the seed, and see the face the roll shows.",
    ),
)
"""The page's widget."""
''',
    "estro_rules/<<name>>/provenance.py": '''"""Where <<Title>>'s rulings come from: its source document, how it is read, the paragraphs each ruling
restates, and the basis of each interpretation (see :mod:`estro_rules.sources`). The document is kept in the
repository, at :attr:`SOURCE.file <estro_rules.sources.SourceDocument.file>`.

``python -m estro_rules sources check FILE`` compares these records with the document as it is now.
"""

from __future__ import annotations

from ..sources import Reader, Shape, Source, SourceDocument, standing_alone
from .rulebook import RULEBOOK

DOCUMENT = "<<document>>"
"""The document, by its title line."""

SOURCE = SourceDocument(
    Reader(DOCUMENT, Shape.BLOCKS, standing_alone, ("The die",)),
    RULEBOOK.keyed({"<<P>>-1": (Source(DOCUMENT, "The die", 1, "<<fingerprint>>"),)}),
    bases=RULEBOOK.keyed(
        {
            "I-<<P>>-1": "The text does not say where the chance of a roll comes from; drawing it from a seed "
            "makes every roll replay exactly.",
        }
    ),
    file="docs/_sources/documents/<<name>>.txt",
)
"""<<Title>>: its one source ruling's paragraph, and its one interpretation's basis."""
''',
    "estro_rules/<<name>>/terms.py": '''"""<<Title>>'s glossary terms, in English and in Italian, in the order the glossary lists them."""

from __future__ import annotations

from ..glossary import Term

TERMS: tuple[Term, ...] = (
    Term("face", "faccia", "What a roll shows: one number of the die ([[<<P>>-1]]).", "<<name>>",
         italian_from_source=False, also=("faces",),
         italian_meaning="Ciò che un tiro mostra: uno dei numeri del dado ([[<<P>>-1]])."),
)
"""The terms of this protocol's page."""
''',
    "docs/_sources/documents/<<name>>.txt": '''<<document>>

The die

A roll shows one face of the die, from 1 to the number of its faces.
''',
    "examples/<<name>>/first-roll.json": '''{
  "kind": "<<name>>.roll",
  "title": "A roll of a six-faced die",
  "description": "Seed 0 draws a <<face>> (<<P>>-1, I-<<P>>-1).",
  "faces": 6,
  "seed": 0,
  "expect": {"face": <<face>>, "rulings": ["<<P>>-1", "I-<<P>>-1"]}
}
''',
    "docs/_sources/<<name>>.md": '''# <<Title>> — a die

A new protocol, scaffolded by `python -m scripts.new_protocol <<name>>`: a die, one ruling and one
interpretation. Rewrite it from its source document, `docs/_sources/documents/<<name>>.txt`.

## At a glance

- A roll of the die shows one of its faces ([[<<P>>-1]]); the seed draws which face ([[I-<<P>>-1]]).

{{ table <<name>>.faces }}

## The rulings

### <<P>>-1 A roll shows one face

Rolling the die gives one of its faces, each numbered from 1 up to how many faces it has.

```pycon
>>> from estro_rules.<<name>> import ROLL
>>> scenario = {"kind": "<<name>>.roll", "faces": 6, "seed": 0}
>>> ROLL.read(scenario).run().face
<<face>>
```

### I-<<P>>-1 The seed draws the face

The source does not say where the chance of a roll comes from. The engine draws the face with a
generator seeded by the scenario's seed, so the same seed always shows the same face.

```pycon
>>> from estro_rules.<<name>>.engine import roll
>>> roll(6, 0) == roll(6, 0), roll(6, 0).rulings
(True, ('<<P>>-1', 'I-<<P>>-1'))
```

## Try it

```estro-widget <<name>>-roll
```
''',
    "docs/_sources/it/<<name>>.md": '''# <<Title>> — un dado

Un nuovo protocollo, creato con `python -m scripts.new_protocol <<name>>`: un dado, una regola e
un'interpretazione. Riscrivilo a partire dal suo documento sorgente, `docs/_sources/documents/<<name>>.txt`,
insieme alla pagina inglese, di cui questa segue titoli, ID, citazioni, tabelle, widget ed esempi.

## In breve

- Un tiro del dado mostra una delle sue facce ([[<<P>>-1]]); il seme sceglie quale ([[I-<<P>>-1]]).

{{ table <<name>>.faces }}

## Le regole

### <<P>>-1 Un tiro mostra una faccia

Tirando il dado si ottiene una delle sue facce, numerate da 1 fino a quante facce ha.

```pycon
>>> from estro_rules.<<name>> import ROLL
>>> scenario = {"kind": "<<name>>.roll", "faces": 6, "seed": 0}
>>> ROLL.read(scenario).run().face
<<face>>
```

### I-<<P>>-1 Il seme sceglie la faccia

La fonte non dice da dove venga il caso di un tiro. Il motore sceglie la faccia con un generatore
inizializzato dal seme dello scenario, così lo stesso seme mostra sempre la stessa faccia.

```pycon
>>> from estro_rules.<<name>>.engine import roll
>>> roll(6, 0) == roll(6, 0), roll(6, 0).rulings
(True, ('<<P>>-1', 'I-<<P>>-1'))
```

## Provalo

```estro-widget <<name>>-roll
```
''',
}
"""The files of a new protocol, by path; ``<<key>>`` is filled in by :func:`files`."""


def _fingerprinted() -> None:
    """Put the stub document's fingerprint into its record: the one paragraph, as ``sources check`` reads it."""
    from estro_rules.sources import fingerprint

    paragraph = "A roll shows one face of the die, from 1 to the number of its faces."
    key = "estro_rules/<<name>>/provenance.py"
    TEMPLATES[key] = TEMPLATES[key].replace("<<fingerprint>>", fingerprint(paragraph))


_fingerprinted()

if __name__ == "__main__":
    sys.exit(main())
