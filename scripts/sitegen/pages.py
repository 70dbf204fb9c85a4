"""Turn a rules page source (docs/_sources/NAME.md) into the published page.

The source is Markdown that we write: headings ``### <ID> <Title>`` mark
rulings, ```` ```pycon ```` fences are their doctests, ``[[ID]]`` links a
ruling, ``[[page:Name]]`` names a page, ``§N.N`` names a section, a paragraph
``{{ table NAME }}`` is a table generated from the engine, ``{{ section NAME }}`` Markdown generated
from it (the scenario format of every kind) and a fence
```` ```estro-widget NAME ```` is an interactive widget. markdown-it-py finds
that structure; the output is plain Markdown for mkdocs.

Plain pages (the home page, the scenario format, the about page) go through the
same generator without a rulebook: their references are linked and checked, and
their examples run, like the rules pages'.

Everything that can disagree is checked, and every problem is collected into
one :class:`SiteError` that fails the build, each named by file and line: a
ruling missing from its page or its rulebook, a title that differs, an ID used
twice, a ruling without an example or whose examples never call the engine, any
```` ```pycon ```` example on any page whose output is not what the page says, a
reference that does not resolve, a table that disagrees with the engine, an
unknown widget.
"""

from __future__ import annotations

import copy
import doctest
import html
import re
import sys
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt

import estro_rules
from estro_rules.glossary import Term
from estro_rules.i18n import using
from estro_rules.rulings import RULING_ID, Rulebook
from estro_rules.tables import markdown

from . import glossary, lang, mirror, steps, worked

#: Where the engine's code lives: an example "calls the engine" when it runs a function defined here.
ENGINE_DIR = str(Path(estro_rules.__file__).resolve().parent)


WORDS: dict[str, dict[str, str]] = {
    "en": {
        "interpretation": "Interpretation — the source text is silent here; this is the project's reading, not a "
        "source ruling",
        "example": "Python: the example the tests run",
        "page unpublished": "This page is not published yet",
        "section unpublished": "This section is not published on this site yet",
        "not yet published": "not yet published",
        "rulings index": "Rulings index",
        "rulings index intro": "Every ruling and interpretation on this site, by page. IDs are stable: a ruling keeps "
        "its ID for good, so links to it never break. Interpretations (IDs starting with `I-`) are the project's "
        "reading where the source texts are silent.",
        "ruling": "Ruling",
        "kind": "Kind",
        "an interpretation": "Interpretation",
        "a ruling": "Ruling",
    },
    "it": {
        "interpretation": "Interpretazione — qui il testo della fonte tace; è la lettura del progetto, non una "
        "regola della fonte",
        "example": "Python: l'esempio che eseguono i test",
        "page unpublished": "Questa pagina non è ancora pubblicata",
        "section unpublished": "Questa sezione non è ancora pubblicata su questo sito",
        "not yet published": "non ancora pubblicata",
        "rulings index": "Indice delle regole",
        "rulings index intro": "Tutte le regole e le interpretazioni del sito, pagina per pagina. Gli ID non cambiano: "
        "una regola tiene il suo ID per sempre, e i link che la citano restano validi. Le interpretazioni (gli ID "
        "che cominciano con `I-`) sono la lettura del progetto dove le fonti tacciono.",
        "ruling": "Regola",
        "kind": "Tipo",
        "an interpretation": "Interpretazione",
        "a ruling": "Regola",
    },
}
"""The words the generator itself writes on a page, in each language of the site (the rules pages' own
words are in their sources: ``docs/_sources/NAME.md`` and, in Italian, ``docs/_sources/it/NAME.md``)."""

ITALIAN = "it"
"""The site's second language: its pages are under ``it/``, with the same names, rulings and anchors."""

HEADERS: dict[str, str] = {
    "#": "#",
    "ID": "ID",
    "JSON": "JSON",
    "Field": "Campo",
    "Type": "Tipo",
    "Default": "Predefinito",
    "Meaning": "Significato",
    "Rulings": "Regole",
    "Ruling": "Regola",
    "What it says": "Che cosa dice",
    "What it does": "Che cosa fa",
    "What it checks": "Che cosa controlla",
    "What it finds": "Che cosa trova",
    "What happens": "Che cosa succede",
    "What happens when a face changes": "Che cosa succede quando cambia la faccia",
    "What happens when a card leaves the Map": "Che cosa succede quando una carta lascia la Map",
    "When": "Quando",
    "Effect": "Effetto",
    "Step": "Passo",
    "Italian": "Nella fonte",  # the source's own Italian words (Battaglia's turn steps)
    "Part": "Parte",
    "Word": "Parola",
    "Term": "Termine",
    "Values": "Valori",
    "Number": "Numero",
    "Value": "Valore",
    "Source": "Fonte",
    "Limit": "Limite",
    "Why": "Perché",
    "Checked": "Controllato",
    "Mode": "Modalità",
    "Mode A": "Modalità A",
    "Mode B": "Modalità B",
    "Reason": "Motivo",
    "Play field": "Campo di gioco",
    "Opposition": "Avversari",
    "Symmetric opponent side": "Lato avversario simmetrico",
    "Self-contained structure": "Struttura autonoma",
    "Action (`do`)": "Azione (`do`)",
    "Usable in an ability's effects": "Usabile negli effetti di un'abilità",
    "Lint rule": "Regola del linter",
    "Scenario action": "Azione dello scenario",
    "Route (§7.7)": "Via (§7.7)",  # the page says "le quattro vie" (R19-2.3)
    # The scaffold of a new protocol (scripts/new_protocol.py): its table builds in both languages.
    "Face": "Faccia",
    "First seed that draws it": "Il primo seme che la estrae",
    # The About page's tables of measurements, shown on the Italian page as the English page has them.
    "What": "Che cosa",
    "Figure": "Cifra",
    "Goal": "Obiettivo",
    "Page": "Pagina",
    "Elements (before → now)": "Elementi (prima → ora)",
    "HTML kB (before → now)": "kB di HTML (prima → ora)",
    "Tap answered, from first paint (before → now, ratio)": "Risposta al tocco, dal primo disegno (prima → ora, rapporto)",
    "Longest wait of a tap (before → now, ratio)": "Attesa più lunga di un tocco (prima → ora, rapporto)",
    "Loaded (before → now, ratio)": "Caricata (prima → ora, rapporto)",
    "Modules": "Moduli",
    "Mutants": "Mutanti",
    "Equivalent": "Equivalenti",
    "Caught": "Presi",
    "Not caught": "Non presi",
    "Score (lowest module)": "Punteggio (modulo più basso)",
}
"""The Italian of every column header of the generated tables (the tables' cells speak the engine's
language: :mod:`estro_rules.i18n`). A header of an Italian page's table missing here fails the build; one
that names what the rows name (a matrix's modes) is a name, and stays as it is."""


class SiteError(Exception):
    """The site cannot be built; the message lists every problem found."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("the site disagrees with the engine:\n  - " + "\n  - ".join(self.problems))


Table = tuple[list[str], list[list[str]]]
Outputs = dict[str, list[list[str]]]
"""Ruling ID -> its examples, each the list of what its statements printed (those that print).

Only what the examples print is kept, not their code: rewriting an example's code without changing
what it shows is not a change of the ruling."""
TableFn = Callable[[], Table]
WidgetFn = Callable[[str, str], str]
"""Renders a widget: ``(options text from the fence, base)`` to HTML."""


@dataclass(frozen=True)
class PageSource:
    """One page: where its source is and, for a rules page, which rulebook it documents."""

    name: str
    """The page's file name without ``.md``; also its URL (``protocol-07/``)."""

    rulebook: Rulebook | None = None
    """The engine's rulings that this page must state, each exactly once; ``None`` for a plain page."""


@dataclass
class RulingSection:
    """A ruling as found on a page."""

    id: str
    title: str
    page: str
    heading_line: int
    """0-based line of the heading in the source."""
    end_line: int = -1
    """0-based line after the section's last line."""
    examples: list[Example] = field(default_factory=list)
    """The section's ```pycon blocks."""


@dataclass(frozen=True)
class Example:
    """One ```pycon block of a page."""

    line: int
    """0-based line of the block's first code line in the source."""

    code: str
    """The interactive session, as written."""

    ruling: str | None
    """The ruling whose section holds it; ``None`` outside any ruling."""

    end: int = 0
    """0-based line after the block's closing fence."""


@dataclass
class ParsedPage:
    """What the generator found in one source page."""

    source: PageSource
    path: Path
    lines: list[str]
    rulings: list[RulingSection]
    examples: list[Example]
    """Every ```pycon block of the page, in page order."""
    tables: dict[int, tuple[int, str]]
    """First line → (end line, table name)."""
    sections: dict[int, tuple[int, str]]
    """First line → (end line, section name): Markdown generated from the engine, its tables included."""
    widgets: dict[int, tuple[int, str, str]]
    """First line → (end line, widget name, options text)."""
    code_lines: set[int]
    heading_lines: set[int]
    title: str


_HEADING_ID = re.compile(rf"^({RULING_ID.pattern})\s+(.+)$")
_TABLE = re.compile(r"^\{\{\s*table\s+(\S+)\s*\}\}$")
_GENERATED = re.compile(r"^\{\{\s*section\s+(\S+)\s*\}\}$")
_XREF = re.compile(r"\[\[(page:)?([^\]]+)\]\]")
_SECTION = re.compile(r"§\s?(\d+(?:\.\d+)*)")


def parse(source: PageSource, path: Path) -> ParsedPage:
    """Find the rulings, examples, tables and widgets of one source page."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    rulings: list[RulingSection] = []
    examples: list[Example] = []
    tables: dict[int, tuple[int, str]] = {}
    sections: dict[int, tuple[int, str]] = {}
    widgets: dict[int, tuple[int, str, str]] = {}
    code_lines: set[int] = set()
    heading_lines: set[int] = set()
    title = ""
    current: RulingSection | None = None
    for i, token in enumerate(tokens):
        if token.type == "heading_open" and token.map:
            start = token.map[0]
            heading_lines.add(start)
            content = tokens[i + 1].content.strip()
            if token.tag == "h1" and not title:
                title = content
            if current is not None:
                current.end_line = start
                current = None
            match = _HEADING_ID.match(content)
            if match and token.tag == "h3":
                current = RulingSection(match.group(1), match.group(2).strip(), source.name, start)
                rulings.append(current)
        elif token.type in ("fence", "code_block") and token.map:
            start, end = token.map
            code_lines.update(range(start, end))
            info = token.info.strip()
            if info == "pycon":
                example = Example(start + 1, token.content, current.id if current else None, end)
                examples.append(example)
                if current is not None:
                    current.examples.append(example)
            elif info.startswith("estro-widget"):
                widgets[start] = (end, info.removeprefix("estro-widget").strip(), token.content)
        elif token.type == "paragraph_open" and token.map:
            match = _TABLE.match(tokens[i + 1].content.strip())
            if match:
                tables[token.map[0]] = (token.map[1], match.group(1))
            generated = _GENERATED.match(tokens[i + 1].content.strip())
            if generated:
                sections[token.map[0]] = (token.map[1], generated.group(1))
    if current is not None:
        current.end_line = len(lines)
    return ParsedPage(
        source, path, lines, rulings, examples, tables, sections, widgets, code_lines, heading_lines, title
    )


@dataclass
class Site:
    """Every rules page, parsed, with what links between them."""

    pages: list[ParsedPage]
    tables: dict[str, TableFn]
    widgets: dict[str, WidgetFn]
    problems: list[str] = field(default_factory=list)
    outputs: Outputs = field(default_factory=dict)
    """What each ruling's examples printed when they ran (see :func:`run_examples`)."""
    outputs_in: dict[str, Outputs] = field(default_factory=dict)
    """The same for each other language's pages (``"it"`` → what the Italian page's examples printed)."""
    worked: dict[tuple[str, int], list[dict[str, Any]]] = field(default_factory=dict)
    """(page, first code line) of an example → the scenarios it bound to ``scenario``, in order."""
    widget_kinds: dict[str, str] = field(default_factory=dict)
    """Widget name → the scenario kind it runs (a worked example of that kind links to it)."""
    terms: Sequence[Term] = ()
    """The glossary's terms: their first use in each ruling links to the glossary."""
    files: dict[str, str] = field(default_factory=dict)
    """Files written beside the pages (site path → text): the steps of their results (:mod:`.steps`)."""
    sections: dict[str, Callable[[], str]] = field(default_factory=dict)
    """Generated Markdown by name (``{{ section NAME }}``); its ``{{ table NAME }}`` lines become tables."""
    language: str = "en"
    """The language of the pages (a key of :data:`WORDS`); the Italian pages are a site of their own."""

    def words(self, key: str) -> str:
        return WORDS[self.language][key]

    def ruling_page(self, ruling_id: str) -> str | None:
        for page in self.pages:
            if any(r.id == ruling_id for r in page.rulings):
                return page.source.name
        return None

    def chapter_page(self, chapter: str) -> str | None:
        """The page whose rulings make up chapter ``chapter`` (``R19-…`` for 19)."""
        for page in self.pages:
            if any(r.id.startswith(f"R{chapter}-") for r in page.rulings):
                return page.source.name
        return None

    def ruling_title(self, ruling_id: str) -> str:
        return next(r.title for p in self.pages for r in p.rulings if r.id == ruling_id)


def section_ruling(section: str) -> str | None:
    """The ruling ID a section number resolves to: ``19.2`` is ``R19-2``, ``19.2.1`` is ``R19-2.1``.

    A bare chapter (``19``) names no single ruling: ``None``.
    """
    chapter, _, rest = section.partition(".")
    return f"R{chapter}-{rest}" if rest else None


def check(site: Site) -> None:
    """Collect every disagreement between the pages and the engine."""
    seen: dict[str, str] = {}
    for page in site.pages:
        book = page.source.rulebook
        if book is not None:
            check_rulings(site, page, book, seen)
        elif page.rulings:
            where = f"{page.path.name}:{page.rulings[0].heading_line + 1}"
            site.problems.append(f"{where}: ruling {page.rulings[0].id} is on a page that documents no rulebook")
        for line, (_, name) in page.tables.items():
            if name not in site.tables:
                site.problems.append(f"{page.path.name}:{line + 1}: unknown table {name!r}")
        for line, (_, name) in page.sections.items():
            if name not in site.sections:
                site.problems.append(f"{page.path.name}:{line + 1}: unknown section {name!r}")
        for line, (_, name, _) in page.widgets.items():
            if name not in site.widgets:
                site.problems.append(f"{page.path.name}:{line + 1}: unknown widget {name!r}")
        site.problems.extend(run_examples(page, site.outputs, site.worked))


def check_rulings(site: Site, page: ParsedPage, book: Rulebook, seen: dict[str, str]) -> None:
    """A rules page states every ruling of its rulebook once, with the engine's title and an example."""
    if book.page != f"{page.source.name}/":
        site.problems.append(f"{page.path.name}: rulebook {book.key} says its page is {book.page!r}")
    found = {r.id for r in page.rulings}
    for ruling in page.rulings:
        where = f"{page.path.name}:{ruling.heading_line + 1}"
        if ruling.id in seen:
            site.problems.append(f"{where}: ruling ID {ruling.id} is used twice (also on {seen[ruling.id]})")
        seen[ruling.id] = where
        if ruling.id not in book:
            site.problems.append(f"{where}: ruling {ruling.id} is not in the engine's {book.key} rulebook")
        elif book[ruling.id].title_in(site.language) != ruling.title:
            site.problems.append(
                f"{where}: ruling {ruling.id} is titled {ruling.title!r} here but "
                f"{book[ruling.id].title_in(site.language)!r} in the engine"
            )
        if not ruling.examples:
            site.problems.append(f"{where}: ruling {ruling.id} has no ```pycon example")
    for declared in book:
        if declared.id not in found:
            site.problems.append(
                f"{page.path.name}: the engine's ruling {declared.id} ({declared.title}) is not on the page"
            )


class _EngineCalls:
    """Watches a running example for a call into the engine's own code (``sys.setprofile``)."""

    def __init__(self) -> None:
        self.seen = False

    def __call__(self, frame: object, event: str, arg: object) -> None:
        if event == "call" and getattr(frame, "f_code").co_filename.startswith(ENGINE_DIR):  # noqa: B009
            self.seen = True
            sys.setprofile(None)  # one call is enough; the rest of the example runs at full speed


class _Scenarios(doctest.DocTestRunner):
    """Runs an example and keeps every value it binds to the name ``scenario`` (a worked example)."""

    def __init__(self, checker: doctest.OutputChecker, optionflags: int, before: object) -> None:
        super().__init__(checker=checker, optionflags=optionflags)
        self.last = before
        self.bound: list[dict[str, Any]] = []

    def note(self, globs: dict[str, Any]) -> None:
        value = globs.get("scenario")
        if value is not self.last and isinstance(value, dict):
            self.bound.append(copy.deepcopy(value))
        elif isinstance(value, dict) and self.bound and value != self.bound[-1]:  # changed in place
            self.bound.append(copy.deepcopy(value))
        self.last = value

    def report_start(self, out: Callable[[str], object], test: doctest.DocTest, example: doctest.Example) -> None:
        self.note(test.globs)
        super().report_start(out, test, example)


class _Recorder(doctest.OutputChecker):
    """Keeps what each statement of an example really printed, beside checking it."""

    def __init__(self) -> None:
        self.got: list[str] = []

    def check_output(self, want: str, got: str, optionflags: int) -> bool:
        self.got.append(got)
        return super().check_output(want, got, optionflags)


def run_examples(
    page: ParsedPage, outputs: Outputs | None = None, worked: dict[tuple[str, int], list[dict[str, Any]]] | None = None
) -> list[str]:
    """Run every example of the page in order, in one namespace, as the page shows them.

    An example that disagrees with the engine is a problem wherever it stands; a
    ruling whose examples never call a function of the engine is one too (an
    example such as ``>>> 1`` shows nothing about the rules). What each ruling's
    examples print goes into ``outputs``, for the lock of example outputs; the scenarios each example
    binds to ``scenario`` go into ``worked`` (see :mod:`.worked`).
    """
    parser = doctest.DocTestParser()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    globs: dict[str, object] = {"__name__": page.source.name}
    problems = []
    calls_engine: dict[str, bool] = {}
    for example in page.examples:
        name = f"{page.path.name}:{example.line + 1}"
        test = parser.get_doctest(example.code, globs, name, str(page.path), example.line)
        out: list[str] = []
        recorder = _Recorder()
        runner = _Scenarios(recorder, flags, test.globs.get("scenario"))
        watch = _EngineCalls()
        previous = sys.getprofile()
        sys.setprofile(watch)
        try:
            runner.run(test, out=out.append, clear_globs=False)
        finally:
            sys.setprofile(previous)
        runner.note(test.globs)
        if worked is not None and runner.bound:
            worked[(page.source.name, example.line)] = runner.bound
        if example.ruling is not None:
            calls_engine[example.ruling] = calls_engine.get(example.ruling, False) or watch.seen
            if outputs is not None:
                outputs.setdefault(example.ruling, []).append([got for got in recorder.got if got])
        if runner.failures:
            detail = "".join(out).strip().splitlines()
            what = f"the example of {example.ruling}" if example.ruling else "the example"
            problems.append(f"{name}: {what} disagrees with the engine: " + " | ".join(detail[-6:]))
    for ruling in page.rulings:
        if ruling.examples and not calls_engine.get(ruling.id):
            problems.append(
                f"{page.path.name}:{ruling.examples[0].line + 1}: no example of {ruling.id} calls the engine "
                "(an example must run the rules it shows)"
            )
    return problems


render_table = markdown
"""A table as Markdown lines (:func:`estro_rules.tables.markdown`)."""


def link_refs(site: Site, text: str, where: str) -> str:
    """Link ``[[ID]]``, ``[[page:Name]]`` and ``§N.N`` references in one line of prose.

    ``where`` names the line (``page.md:12``) in the problem reported for a reference that does not resolve.
    """

    def xref(match: re.Match[str]) -> str:
        is_page, target = match.group(1), match.group(2).strip()
        if is_page:
            return (
                f'<span class="estro-unpublished" title="{site.words("page unpublished")}">{target} '
                f"<small>({site.words('not yet published')})</small></span>"
            )
        target_page = site.ruling_page(target)
        if target_page is None:
            site.problems.append(f"{where}: [[{target}]] does not name a ruling on any page")
            return target
        if f"{target_page}.md:" == where[: len(target_page) + 4]:  # on this page: its title shows in a popover
            return f"[{target}](#{target})"
        return f'[{target}]({target_page}.md#{target} "{site.ruling_title(target)}")'

    def section(match: re.Match[str]) -> str:
        number = match.group(1)
        ruling_id = section_ruling(number)
        if ruling_id is not None:
            target_page = site.ruling_page(ruling_id)
            anchor = f"#{ruling_id}"
        else:  # a whole chapter: the page that holds its rulings
            target_page = site.chapter_page(number)
            anchor = ""
        if target_page is not None:
            return f"[{match.group(0)}]({target_page}.md{anchor})"
        return (
            f'<span class="estro-unpublished" title="{site.words("section unpublished")}">'
            f"{match.group(0)} <small>({site.words('not yet published')})</small></span>"
        )

    # Leave inline code and links already written alone (a section inside a link's text stays text).
    parts = re.split(r"(`[^`]*`|\[[^\]]*\]\([^)]*\))", text)
    for i in range(0, len(parts), 2):
        # Sections first: a ruling title put into a link by xref may itself name a section.
        parts[i] = _XREF.sub(xref, _SECTION.sub(section, parts[i]))
    return "".join(parts)


def page_widget(site: Site, page: ParsedPage, kind: str) -> str | None:
    """The page's widget that runs scenarios of ``kind``, if it has one."""
    for _, name, _ in page.widgets.values():
        if site.widget_kinds.get(name) == kind:
            return name
    return None


def render_example(site: Site, page: ParsedPage, example: Example, base: str, pad: str) -> list[str]:
    """A ruling's ```pycon block as published: the worked example when the block binds ``scenario``, then
    the doctest in a closed box. The doctest is shown whole, as plain text in one ``<pre>`` (a closed
    ``details.example``, on one line, its line breaks written ``&#10;``): coloured, its words were 5,000
    elements of the Battaglia page, and the theme's code block wrapped it in two more (a page has 5,000 at
    most).

    The code sits in a ``<span>`` inside the ``<pre>``, not directly in it: the theme mounts every ``pre > code``
    as it starts, with a forced layout of the page per block (57 on §19), which kept a phone's first tap
    waiting. ``reading.js`` gives the box its copy button when it is opened, in the theme's markup."""
    fence = page.lines[example.line - 1 : example.end]
    indent = len(fence[0]) - len(fence[0].lstrip()) if fence else 0
    text = "&#10;".join(html.escape(line[indent:], quote=False) for line in fence[1:-1])
    out = []
    for scenario in site.worked.get((page.source.name, example.line), []):
        kind = scenario.get("kind")
        widget = page_widget(site, page, kind) if isinstance(kind, str) else None
        out += [pad + worked.worked_html(scenario, widget, base).replace("\n", "\n" + pad), ""]
    box = (
        f'<details class="example"><summary>{site.words("example")}</summary>'
        f'<pre class="estro-doctest"><span><code>{text}</code></span></pre></details>'
    )
    return [*out, pad + box, ""]


def table_lines(site: Site, name: str, where: str) -> list[str]:
    """The generated table ``name`` as Markdown lines, its references linked; a problem when it disagrees."""
    try:
        table = site.tables[name]()
    except ValueError as err:
        site.problems.append(f"{where}: table {name} disagrees with the engine: {err}")
        table = (["table unavailable"], [])
    except Exception as err:  # a generator bug, e.g. a step with no summary: say where and what
        site.problems.append(f"{where}: table {name} could not be generated: {type(err).__name__}: {err}")
        table = (["table unavailable"], [])
    if site.language == ITALIAN:
        table = (italian_headers(table, site.problems, where), table[1])
        site.problems += [
            f"{where}: table {name}: a cell reads as English ({', '.join(words)}): {cell!r}; say it in the"
            ' page\'s language (the catalogue) or mark it as English (lang="en")'
            for row in table[1]
            for cell in row
            if (words := english_words(cell))
        ]
    return [link_refs(site, row, where) for row in render_table(table)]


ENGLISH_WORDS = frozenset(
    "the of and to with is are its it by from each every when which an this that on at for not or".split()
)
"""English words that are no Italian words: a generated table's cell on an Italian page that has one reads as
English (names, numbers, code and ruling IDs have none)."""

#: What a cell may hold in English on an Italian page: code, JSON and quoted words ("…"), words marked as
#: English, ruling IDs, any tag.
_MAY_BE_ENGLISH = re.compile(r"`[^`]*`|\"[^\"]*\"|<(span|q) lang=\"en\">.*?</\1>|\[\[[^\]]*\]\]|<[^>]*>", re.DOTALL)


def english_words(cell: str) -> list[str]:
    """The English words of a generated table's cell on an Italian page (:data:`ENGLISH_WORDS`), but in code,
    in JSON and quoted words, in words marked as English (``lang="en"``) and in ruling IDs: a cell with any
    says English words as our own, which the Italian page should say in Italian (or mark as a quotation).

    >>> english_words("the enemy with the highest threat, leftmost on ties")
    ['the', 'with', 'on']
    >>> english_words('<q lang="en">Competitive teams vs co-op</q> (traduzione nostra: squadre…)')
    []
    >>> english_words("`flip` (in un'abilità della Storyline stessa, o con `source` = una Storyline)")
    []
    >>> english_words("Single Player"), english_words("[[I-BAT-12]], limite del motore"), english_words('"every_roll"')
    ([], [], [])
    """
    words = re.findall(r"[A-Za-z]+", _MAY_BE_ENGLISH.sub(" ", cell))
    return list(dict.fromkeys(w for w in words if w.lower() in ENGLISH_WORDS))


def italian_headers(table: Table, problems: list[str], where: str) -> list[str]:
    """A table's header row in Italian (:data:`HEADERS`); a header without its Italian is a problem.

    >>> problems: list[str] = []
    >>> italian_headers((["", "Mode", "Why not", "Cinque Soglie"], [["Cinque Soglie", "x", "y", "z"]]), problems, "p:1")
    ['', 'Modalità', 'Why not', 'Cinque Soglie']
    >>> problems
    ["p:1: the table's header 'Why not' has no Italian (scripts/sitegen/pages.py HEADERS)"]
    """
    header, rows = table
    names = {row[0] for row in rows if row}
    out = []
    for cell in header:
        if cell in HEADERS:
            out.append(HEADERS[cell])
            continue
        if cell and cell not in names:
            problems.append(f"{where}: the table's header {cell!r} has no Italian (scripts/sitegen/pages.py HEADERS)")
        out.append(cell)
    return out


def section_lines(site: Site, name: str, where: str) -> list[str]:
    """The lines of the generated section ``name``, its ``{{ table }}`` lines made tables and its references
    linked (``where`` names the page's line that includes it)."""
    out: list[str] = []
    for line in site.sections[name]().splitlines():
        table = _TABLE.match(line.strip())
        if table and table.group(1) not in site.tables:
            site.problems.append(f"{where}: section {name}: unknown table {table.group(1)!r}")
        elif table:
            out += table_lines(site, table.group(1), where)
        else:
            out.append(line if line.startswith("#") else link_refs(site, line, where))
    return out


def render(site: Site, page: ParsedPage, base: str) -> str:
    """The published Markdown of one page."""
    out: list[str] = []
    rulings = {r.heading_line: r for r in page.rulings}
    examples = {e.line - 1: e for e in page.examples if e.ruling is not None}
    book = page.source.rulebook
    terms = [t for t in site.terms if book is not None and t.protocol == book.key]
    linked: set[str] = set()
    """Terms already linked in the current ruling."""
    in_ruling = -1
    """The end line of the ruling being rendered (-1 outside any)."""
    indent_until = -1
    english: list[str] | None = None
    """The English page's lines, read once, where an Italian page shows one of its tables."""
    i = 0
    lines = page.lines
    while i < len(lines):
        pad = "    " if i < indent_until else ""
        if i in examples:
            out += render_example(site, page, examples[i], base, pad)
            i = examples[i].end
            continue
        if i in rulings:
            ruling = rulings[i]
            linked = set()
            in_ruling = ruling.end_line
            interpretation = book is not None and ruling.id in book and book[ruling.id].interpretation
            css = ".estro-ruling-heading .estro-interpretation-heading" if interpretation else ".estro-ruling-heading"
            out.append(f"### {ruling.id} · {ruling.title} {{#{ruling.id} {css}}}")
            if interpretation:
                out += ["", f'!!! interpretation "{site.words("interpretation")}"']
                indent_until = ruling.end_line
            i += 1
            continue
        if i in page.tables:
            end, name = page.tables[i]
            if name in site.tables:  # an unknown one is reported by check()
                out += [pad + row for row in table_lines(site, name, f"{page.path.name}:{i + 1}")]
            i = end
            continue
        if i in page.sections:
            end, name = page.sections[i]
            if name in site.sections:  # an unknown one is reported by check()
                out += [pad + line if line else "" for line in section_lines(site, name, f"{page.path.name}:{i + 1}")]
            i = end
            continue
        if i in page.widgets:
            end, name, options = page.widgets[i]
            if name in site.widgets:
                try:
                    html = site.widgets[name](options, base)
                except ValueError as err:
                    site.problems.append(f"{page.path.name}:{i + 1}: widget {name}: {err}")
                    html = ""
                # Not searched: a widget's controls and its pre-rendered result are no text of the rules. An
                # <article>: the theme's indexer ends an exclusion at the first closing tag of the same name.
                html = f'<article class="estro-widget-box" data-search-exclude>{html}</article>'
                out.append(pad + html.replace("\n", "\n" + pad))
            i = end
            continue
        line = lines[i]
        quoted = _ENGLISH_TABLE.match(line.strip()) if site.language == ITALIAN else None
        if quoted and i not in page.code_lines:
            if english is None:
                english = (page.path.parent.parent / page.path.name).read_text(encoding="utf-8").splitlines()
            try:
                rows = with_english_tables([line], english)
            except ValueError as err:
                site.problems.append(f"{page.path.name}:{i + 1}: {err}")
                rows = []
            out += [link_refs(site, row, f"{page.path.name}:{i + 1}") for row in rows]
            i += 1
            continue
        if i not in page.code_lines and i not in page.heading_lines:
            line = link_refs(site, line, f"{page.path.name}:{i + 1}")
            if i < in_ruling:
                line = glossary.link_terms(line, terms, linked, language=site.language)
        out.append(pad + line if line else "")
        i += 1
    # An Italian page's steps are its English twin's files (the same panels are not shipped twice).
    steps_href = f"../../{page.source.name}/" if site.language == ITALIAN else ""
    text = steps.externalise("\n".join(out) + "\n", page.source.name, site.files, href=steps_href)
    # A result's link to a ruling of this very page is a link within the page (no page load, shorter), and
    # the ruling's title shows in a popover, read from its heading (docs/assets/estro/reading.js).
    text = text.replace(f'href="{base}{page.source.name}/#', 'href="#')
    if site.language == ITALIAN:
        text = _italian_results(text)
    return _SAME_PAGE_TITLE.sub(r"\1", text)


def _italian_results(text: str) -> str:
    """What the engine rendered for an Italian page (worked examples, widgets' first results), in its place.

    The engine renders for a page under the root of the Italian pages (``base="../"``, in Italian), so its
    links to rulings lead to the Italian pages, with the Italian titles; so do a widget's answers (its
    ``data-base``). A kind that does not speak Italian yet
    answers in English, marked ``lang="en"`` so that a screen reader reads it as English (a worked example
    where it is made, worked.py; a widget's result in scripts/sitegen/widgets.py). A widget's own words are
    the page's (its frame here, its scripts' from the words the page loads: scripts/sitegen/jswords.py).
    A widget's files are the site's."""
    return text.replace(' data-assets="../', ' data-assets="../../')  # the site's files, two levels up


_SAME_PAGE_TITLE = re.compile(r'(<a class="estro-ruling[^"]*" href="#[^"]+") title="[^"]*"')


def rulings_index(site: Site) -> str:
    """The page that lists every ruling and interpretation with its page and anchor."""
    out = [f"# {site.words('rulings index')}", "", site.words("rulings index intro"), ""]
    for page in site.pages:
        book = page.source.rulebook
        if book is None:
            continue
        out += [f"## {page.title}", "", f"| ID | {site.words('ruling')} | {site.words('kind')} |", "|---|---|---|"]
        for r in page.rulings:
            interpretation = r.id in book and book[r.id].interpretation
            kind = site.words("an interpretation") if interpretation else site.words("a ruling")
            out.append(f"| [{r.id}]({page.source.name}.md#{r.id}) | {r.title} | {kind} |")
        out.append("")
    return "\n".join(out)


def render_extra(site: Site, name: str, text: str) -> str:
    """A generated page outside the rules pages: its references are linked the same way."""
    out, fenced = [], False
    for number, line in enumerate(text.splitlines(), start=1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        out.append(line if fenced or line.startswith("#") else link_refs(site, line, f"{name}:{number}"))
    return "\n".join(out) + "\n"


def build(
    sources: Iterable[PageSource],
    source_dir: Path,
    tables: dict[str, TableFn],
    widgets: dict[str, WidgetFn],
    extra: dict[str, Callable[[], str]] | None = None,
    checks: Sequence[Callable[[Site], list[str]]] = (),
    *,
    widget_kinds: dict[str, str] | None = None,
    terms: Sequence[Term] = (),
    sections: dict[str, Callable[[], str]] | None = None,
    italian: Path | None = None,
    italian_extra: dict[str, Callable[[], str]] | None = None,
    english_only: Collection[str] = (),
) -> dict[str, str]:
    """Generate every page and the rulings index; raise :class:`SiteError` on any problem.

    ``extra`` adds generated pages of other kinds (a report, say) whose
    references are checked and linked like the rules pages'; ``checks`` look at
    the whole site once its examples have run (the lock of example outputs) and
    return problems. ``widget_kinds`` names the scenario kind each widget runs (worked examples of a kind
    link to its widget); ``terms`` makes the glossary page and links each ruling's first use of a term.
    ``italian`` is the folder of the Italian pages' sources (:func:`italian_pages`), ``italian_extra`` the
    Italian of the ``extra`` pages: each of these needs one, but those named in ``english_only``.
    Returns a mapping from output file name (``protocol-07.md``) to Markdown.
    """
    site = Site(
        [], tables, widgets, widget_kinds=dict(widget_kinds or {}), terms=tuple(terms), sections=dict(sections or {})
    )
    for source in sources:
        path = source_dir / f"{source.name}.md"
        if not path.exists():
            what = f"rulebook {source.rulebook.key}" if source.rulebook else f"page {source.name}"
            site.problems.append(f"{path}: missing page source for {what}")
            continue
        site.pages.append(parse(source, path))
    check(site)
    # Pages are served at NAME/, so the site root is one level up; the home page is the root itself.
    output = {
        f"{p.source.name}.md": render(site, p, base="" if p.source.name == "index" else "../") for p in site.pages
    }
    output["rulings.md"] = rulings_index(site)
    if site.terms:
        output[glossary.PAGE] = render_extra(site, glossary.PAGE, glossary.page(site))
    for name, make in (extra or {}).items():
        output[name] = render_extra(site, name, _made(site, name, make))
    # Every Italian word of every page is marked as Italian (WCAG 3.1.2): prose, tables, results.
    output = {name: lang.mark(text) if name.endswith(".md") else text for name, text in output.items()}
    if italian is not None:
        italian_extra = dict(italian_extra or {})
        for name in (extra or {}).keys() - italian_extra.keys() - set(english_only):
            site.problems.append(f"{name}: the generated page has no Italian page (italian_extra)")
        output.update(italian_pages(site, italian, sources, italian_extra))
    for more in checks:  # once every language's examples have run
        site.problems.extend(more(site))
    output.update(site.files)
    if site.problems:
        raise SiteError(site.problems)
    return output


_ENGLISH_TABLE = re.compile(r"^\{\{\s*english-table\s+(\d+)\s*\}\}$")
_CELL = re.compile(r"(?<!\\)\|")


def english_table(english: list[str], number: int) -> list[str]:
    """The ``number``-th table (from 1) of an English page's source, its cells marked as English and its
    headers in Italian where :data:`HEADERS` has them: an Italian page shows it with ``{{ english-table N }}``
    (the About page's measurements, written once); a :class:`ValueError` when the page has no such table.

    >>> english_table(["Text", "", "| What | Per run |", "|---|---|", "| First result | 0.77 s |"], 1)
    ['| Che cosa | <span lang="en">Per run</span> |', '|---|---|', '| <span lang="en">First result</span> | <span lang="en">0.77 s</span> |']
    """
    tables: list[list[str]] = []
    fenced, previous = False, False
    for line in english:
        if line.lstrip().startswith("```"):
            fenced = not fenced
        is_row = not fenced and line.startswith("|")
        if is_row and not previous:
            tables.append([])
        if is_row:
            tables[-1].append(line)
        previous = is_row
    if not 1 <= number <= len(tables):
        raise ValueError(f"english-table {number}: the English page has {len(tables)} tables")

    def marked(row: str, header: bool) -> str:
        cells = [c.strip() for c in _CELL.split(row.strip())[1:-1]]
        if all(set(c) <= set("-:") for c in cells):
            return row
        said = [HEADERS[c] if header and c in HEADERS else f'<span lang="en">{c}</span>' for c in cells]
        return "| " + " | ".join(said) + " |"

    return [marked(row, i == 0) for i, row in enumerate(tables[number - 1])]


def with_english_tables(lines: list[str], english: list[str]) -> list[str]:
    """An Italian page's lines with each ``{{ english-table N }}`` replaced by that table of its English page."""
    out: list[str] = []
    for line in lines:
        match = _ENGLISH_TABLE.match(line.strip())
        out += english_table(english, int(match.group(1))) if match else [line]
    return out


_ATTRIBUTES = re.compile(r"\s*\{([^}]*)\}\s*$")
_INLINE = re.compile(r"`([^`]*)`|\[([^\]]*)\]\([^)]*\)|[*_]")
_FIGURE = re.compile(r"\d+(?:[.,]\d+)*")

#: The plain pages whose figures need not be the English page's: the home pages say different things.
OWN_FIGURES = ("index",)


def heading_ids(page: ParsedPage) -> list[str]:
    """The anchor of each heading of a written page, in order: its ``{#id}``, else the one mkdocs makes of
    its words (the ``toc`` extension's slug).

    >>> page = ParsedPage(PageSource("x"), Path("x.md"), ["# A", "## Il `kind` {#the-kind}", "## What *it* is"],
    ...     [], [], {}, {}, {}, set(), {0, 1, 2}, "A")
    >>> heading_ids(page)
    ['a', 'the-kind', 'what-it-is']
    """
    from markdown.extensions.toc import slugify  # type: ignore[import-untyped]

    ids = []
    for line in sorted(page.heading_lines):
        text = page.lines[line].lstrip("#").strip()
        attributes = _ATTRIBUTES.search(text)
        anchor = next((a[1:] for a in (attributes.group(1).split() if attributes else []) if a.startswith("#")), None)
        text = _ATTRIBUTES.sub("", text)
        ids.append(anchor or slugify(_INLINE.sub(lambda m: m.group(1) or m.group(2) or "", text), "-"))
    return ids


def figures(page: ParsedPage) -> list[str]:
    """Every number a page writes, its separators left out (English ``3,392`` and Italian ``3.392`` are one
    figure; ``0.3`` and ``0,3`` too), in order; a heading's ``{#anchor}`` is no figure.

    >>> figures(ParsedPage(PageSource("x"), Path("x.md"), ["3,392 tests in 513 s; 0,3 points"],
    ...     [], [], {}, {}, {}, set(), set(), ""))
    ['3392', '513', '03']
    """
    lines = [_ATTRIBUTES.sub("", line) if i in page.heading_lines else line for i, line in enumerate(page.lines)]
    return [m.group(0).replace(",", "").replace(".", "") for line in lines for m in _FIGURE.finditer(line)]


def twin_problems(english: ParsedPage, italian: ParsedPage) -> list[str]:
    """What keeps a written Italian page from being its English page's twin: a heading's anchor that is not
    the English page's (the language menu keeps the place by the anchor), or a figure that is not (the same
    numbers, each as often: the About page's measurements are written once, in English, and then in
    Italian)."""
    where = f"{ITALIAN}/{italian.path.name}"
    problems = []
    ids, english_ids = heading_ids(italian), heading_ids(english)
    if ids != english_ids:
        missing = [i for i in english_ids if i not in ids]
        extra = [i for i in ids if i not in english_ids]
        problems.append(
            f"{where}: its headings' anchors are not the English page's, in order"
            f" (missing: {', '.join(missing) or 'none'}; not on the English page: {', '.join(extra) or 'none'});"
            " write the English anchor as {#id}"
        )
    if italian.source.name not in OWN_FIGURES:
        try:
            lines = with_english_tables(italian.lines, english.lines)
        except ValueError as err:
            return [*problems, f"{where}: {err}"]
        ours, theirs = Counter(figures(replace(italian, lines=lines))), Counter(figures(english))
        if ours != theirs:
            missing = sorted((theirs - ours).elements())
            extra = sorted((ours - theirs).elements())
            problems.append(
                f"{where}: its figures are not the English page's (only in English: {', '.join(missing) or 'none'};"
                f" only in Italian: {', '.join(extra) or 'none'}; separators aside)"
            )
    return problems


def _made(site: Site, name: str, make: Callable[[], str]) -> str:
    """A generated page's Markdown; a problem (and an empty page) when its data are wrong."""
    try:
        return make()
    except ValueError as err:
        site.problems.append(f"{name}: {err}")
        return ""


def italian_pages(
    english: Site, source_dir: Path, sources: Iterable[PageSource], extra: dict[str, Callable[[], str]] | None = None
) -> dict[str, str]:
    """The Italian pages (``it/NAME.md`` from ``source_dir/NAME.md``): every page, and the generated pages of
    ``extra`` (made in Italian). Their problems go to ``english.problems``: a page without its Italian page is
    one, and so is any disagreement of an Italian page with the engine, as on an English page, and a plain
    page whose headings' anchors or figures are not the English page's (:func:`twin_problems`)."""
    site = Site(
        [],
        english.tables,
        english.widgets,
        widget_kinds=english.widget_kinds,
        terms=english.terms,
        sections=english.sections,
        language=ITALIAN,
        files=english.files,  # the steps of the same results are the same files
    )
    for source in sources:
        path = source_dir / f"{source.name}.md"
        if path.exists():
            site.pages.append(parse(source, path))
        elif source.rulebook is not None:
            site.problems.append(f"{path}: missing the Italian page of rulebook {source.rulebook.key}")
        else:
            site.problems.append(f"{path}: missing the Italian page of {source.name}.md")
    # Each Italian rules page is its English page, heading by heading, in the glossary's words (.mirror); each
    # written plain page keeps its English page's anchors and figures (twin_problems).
    english_pages = {p.source.name: p for p in english.pages}
    for page in site.pages:
        if page.source.rulebook is not None and page.source.name in english_pages:
            site.problems.extend(
                mirror.problems(english_pages[page.source.name], page, page.source.rulebook, site.terms)
            )
        elif page.source.name in english_pages:
            site.problems.extend(twin_problems(english_pages[page.source.name], page))
    with using(ITALIAN):  # the examples run in Italian: what they print is what the Italian page shows
        check(site)
    english.outputs_in[ITALIAN] = site.outputs
    # The same examples give the same results in both languages (the same data, other words): run in English,
    # the Italian page's examples print what the English page's do.
    in_english: Outputs = {}
    for page in site.pages:
        run_examples(page, in_english)
    for ruling in sorted(set(in_english) | set(site.outputs)):
        if english.outputs.get(ruling) != in_english.get(ruling):
            site.problems.append(f"{source_dir.name}/: the examples of {ruling} print what the English page's do not")
    # Pages are served at it/NAME/, and rendered for the Italian pages' root, one level up (links to rulings
    # lead to the Italian pages); the Italian home page is that root. The engine's results on them speak
    # Italian where their kind does (estro_rules.i18n); their examples ran above, as on the English pages.
    extra = extra or {}
    with using(ITALIAN):
        pages = {
            f"{ITALIAN}/{p.source.name}.md": render(site, p, base="" if p.source.name == "index" else "../")
            for p in site.pages
        }
        more = {f"{ITALIAN}/{name}": render_extra(site, name, _made(site, name, make)) for name, make in extra.items()}
    glossary_page = render_extra(site, glossary.PAGE, glossary.page(site))
    english.problems.extend(site.problems)  # every problem of the Italian pages (of rendering too: a header)
    return {
        **pages,
        **more,
        f"{ITALIAN}/rulings.md": rulings_index(site),
        f"{ITALIAN}/{glossary.PAGE}": glossary_page,
    }
