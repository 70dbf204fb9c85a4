"""The mutation report: what mutmut left in mutants/, per module, with every surviving mutant's diff.

scripts/mutation.sh uses it twice:

    python -m scripts.mutation_report targets [TARGET ...]   mutmut name globs for the targets, one a line
    python -m scripts.mutation_report report GLOB ...        write build/mutation/report.md and report.json

A target is ``estro_rules`` or a package, module or file under it (``estro_rules/battaglia``,
``estro_rules/fields.py``), or a mutmut name glob (``estro_rules.r19.engine.x__flip__mutmut_*``).
The score of a module is (killed + timeout) / (mutants - equivalent): a mutant that makes the tests
hang is caught (a hung test run fails), and an equivalent mutant, listed with its reason in
tests/mutation/equivalent.toml, cannot be caught by any test. ``report`` exits with status 1 when
a module is under the goal or a mutant was not checked, 2 when the equivalents file is invalid.
"""

from __future__ import annotations

import difflib
import fnmatch
import json
import sys
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

PACKAGE = "estro_rules"
GOAL = 0.90
EQUIVALENT_FILE = Path("tests/mutation/equivalent.toml")
OUT_DIR = Path("build/mutation")
MUTANTS_DIR = Path("mutants")
EQUIVALENT_FIELDS = ("module", "function", "before", "after", "reason")

CAUGHT = {"killed", "caught by type check", "timeout"}
"""mutmut's statuses of a mutant the checks caught."""


class MutationReportError(ValueError):
    """A target or the equivalents file is not what the report expects."""


@dataclass(frozen=True)
class Change:
    """Where a mutant is and what it changes: the key of the equivalents file."""

    module: str
    """The module, e.g. ``estro_rules.fields`` (a package's ``__init__`` is the package)."""
    function: str
    """The mutated function, ``Class.method`` for a method."""
    before: str
    """The changed line(s) of the function as they are, stripped of indentation."""
    after: str
    """The same line(s) in the mutant."""


@dataclass(frozen=True)
class Equivalent:
    """An entry of the equivalents file: a change that cannot alter behaviour, and why."""

    change: Change
    """The mutation it covers."""
    reason: str
    """Why no test can tell the mutant from the original."""


@dataclass
class Mutant:
    """One mutant of the run, with mutmut's verdict."""

    name: str
    """mutmut's name, e.g. ``estro_rules.fields.x_check_int__mutmut_7`` (``mutmut show`` takes it)."""
    status: str
    """mutmut's status: killed, survived, timeout, no tests, suspicious, segfault, not checked, ..."""
    change: Change | None = None
    """What it changes; read only for mutants that were not caught, and for those equivalents name."""
    diff: str = ""
    """The unified diff of the function, as ``mutmut show`` prints it."""
    equivalent: str = ""
    """The reason from the equivalents file when an entry covers this mutant."""


@dataclass
class ModuleScore:
    """The counts and score of one module."""

    module: str
    """The module, e.g. ``estro_rules.battaglia.engine``."""
    mutants: int = 0
    """Every mutant of the module in this run."""
    killed: int = 0
    """Mutants a test failed on."""
    timeout: int = 0
    """Mutants whose tests ran out of time (counted as caught)."""
    survived: int = 0
    """Mutants every test passed with."""
    no_tests: int = 0
    """Mutants in functions that no test reaches."""
    other: int = 0
    """Suspicious, crashed or not checked."""
    equivalent: int = 0
    """Mutants not caught that an entry of the equivalents file covers (left out of the score)."""
    survivors: list[Mutant] = field(default_factory=list)
    """Every mutant not caught and not equivalent."""

    @property
    def score(self) -> float | None:
        """(killed + timeout) / (mutants - equivalent), or None when nothing counts."""
        counted = self.mutants - self.equivalent
        return (self.killed + self.timeout) / counted if counted else None

    @property
    def meets_goal(self) -> bool:
        return self.score is None or self.score >= GOAL


def target_glob(target: str) -> str:
    """The mutmut name glob for a target of ``scripts/mutation.sh``.

    >>> target_glob("estro_rules"), target_glob("estro_rules/battaglia/")
    ('estro_rules.*', 'estro_rules.battaglia.*')
    >>> target_glob("estro_rules/fields.py"), target_glob("estro_rules/r19/__init__.py")
    ('estro_rules.fields.*', 'estro_rules.r19.x[_ǁ]*')
    >>> target_glob("estro_rules.r19.engine.x__flip__mutmut_*")
    'estro_rules.r19.engine.x__flip__mutmut_*'
    >>> try:
    ...     target_glob("tests/tooling/test_structure.py")
    ... except MutationReportError as error:
    ...     print(error)
    target: expected estro_rules, a package or module under it, or a mutant name glob starting with estro_rules., got 'tests/tooling/test_structure.py'
    """
    if target == PACKAGE or target.startswith(PACKAGE + "."):
        return target if target != PACKAGE else PACKAGE + ".*"
    path = Path(target)
    if path.parts[:1] == (PACKAGE,) and path.exists() and (path.is_dir() or path.suffix == ".py"):
        if path.name == "__init__.py":  # mutmut names the package's own functions package.x_f, package.xǁC...
            return ".".join(path.parent.parts) + ".x[_ǁ]*"
        return ".".join(path.with_suffix("").parts) + ".*"
    raise MutationReportError(
        f"target: expected {PACKAGE}, a package or module under it, or a mutant name glob starting with {PACKAGE}., "
        f"got {target!r}"
    )


def split_name(name: str) -> tuple[str, str]:
    """The module and function (``Class.method`` for a method) of a mutant name.

    >>> split_name("estro_rules.fields.x_check_int__mutmut_7")
    ('estro_rules.fields', 'check_int')
    >>> split_name("estro_rules.battaglia.engine.xǁMatchupǁ__init____mutmut_12")
    ('estro_rules.battaglia.engine', 'Matchup.__init__')
    """
    mangled = name.partition("__mutmut_")[0]
    module, _, function = mangled.rpartition(".")
    if function.startswith("xǁ"):
        return module, ".".join(function[2:].split("ǁ"))
    return module, function.removeprefix("x_")


def covers(globs: Sequence[str], module: str, function: str) -> bool:
    """Whether the globs of a run take in the mutants of a function (the inverse of split_name).

    >>> covers(["estro_rules.fields.*"], "estro_rules.fields", "Fields.items")
    True
    >>> covers(["estro_rules.r19.engine.x__flip__mutmut_*"], "estro_rules.r19.engine", "_penalty")
    False
    """
    cls, _, name = function.rpartition(".")
    mangled = f"xǁ{cls}ǁ{name}" if cls else f"x_{name}"
    return any(fnmatch.fnmatchcase(f"{module}.{mangled}__mutmut_1", pattern) for pattern in globs)


def changed_lines(original: str, mutant: str) -> tuple[str, str]:
    """The lines a mutant changes, before and after, stripped of indentation.

    >>> changed_lines("def f(a):\\n    if a > 1:\\n        return a\\n", "def f(a):\\n    if a >= 1:\\n        return a\\n")
    ('if a > 1:', 'if a >= 1:')
    """
    old, new = original.splitlines(), mutant.splitlines()
    before: list[str] = []
    after: list[str] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if tag != "equal":
            before += (line.strip() for line in old[i1:i2])
            after += (line.strip() for line in new[j1:j2])
    return "\n".join(before), "\n".join(after)


def load_equivalents(path: Path = EQUIVALENT_FILE) -> list[Equivalent]:
    """The entries of the equivalents file; refuses an entry without a reason or with a missing field."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    except tomllib.TOMLDecodeError as error:
        raise MutationReportError(f"{path}: expected valid TOML, got {error}") from None
    unknown = set(data) - {"equivalent"}
    if unknown:
        raise MutationReportError(f"{path}: unknown table {sorted(unknown)[0]!r}; expected only [[equivalent]] entries")
    entries = data.get("equivalent", [])
    if not isinstance(entries, list):
        raise MutationReportError(f"{path}: equivalent: expected [[equivalent]] entries")
    result = []
    for number, entry in enumerate(entries, start=1):
        where = f"{path}: entry {number}"
        extra = set(entry) - set(EQUIVALENT_FIELDS)
        if extra:
            raise MutationReportError(
                f"{where}: {sorted(extra)[0]}: unknown field; expected {', '.join(EQUIVALENT_FIELDS)}"
            )
        for name in EQUIVALENT_FIELDS:
            value = entry.get(name)
            if not isinstance(value, str) or (name != "after" and not value.strip()):
                got = "nothing" if value is None else repr(value)
                raise MutationReportError(f"{where}: {name}: expected a non-empty string, got {got}")
        change = Change(entry["module"], entry["function"], entry["before"].strip(), entry["after"].strip())
        result.append(Equivalent(change, entry["reason"].strip()))
    return result


def read_mutants(globs: Sequence[str]) -> dict[Path, list[Mutant]]:
    """The mutants matching the globs, by source file, with mutmut's verdicts from mutants/."""
    from mutmut.stats import status_by_exit_code

    result: dict[Path, list[Mutant]] = {}
    for meta in sorted(MUTANTS_DIR.glob(f"{PACKAGE}/**/*.py.meta")):
        source = meta.relative_to(MUTANTS_DIR).with_suffix("")
        if not source.exists():  # a module since removed or moved
            continue
        exit_codes: dict[str, int | None] = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
        mutants = [
            Mutant(name, status_by_exit_code[code])
            for name, code in exit_codes.items()
            if any(fnmatch.fnmatchcase(name, pattern) for pattern in globs)
        ]
        if mutants:
            result[source] = mutants
    return result


def read_changes(source: Path, mutants: Iterable[Mutant]) -> None:
    """Fill in the change and diff of each mutant, reading the mutated file once."""
    from mutmut.mutation.data import MutantLineSpans

    mutants = list(mutants)
    index = MutantLineSpans.load(source)
    if index is None or not mutants:
        return
    names = {m.name.rpartition(".")[2] for m in mutants}
    names |= {name.partition("__mutmut_")[0] + "__mutmut_orig" for name in names}
    spans = sorted(names, key=lambda name: index.span_by_function_name[name].start)
    code = dict(zip(spans, index.read_function_sources(spans), strict=True))
    for mutant in mutants:
        generated = mutant.name.rpartition(".")[2]
        original = generated.partition("__mutmut_")[0] + "__mutmut_orig"
        module, function = split_name(mutant.name)
        plain = function.rpartition(".")[2]
        old = code[original].replace(f"def {original}(", f"def {plain}(", 1)
        new = code[generated].replace(f"def {generated}(", f"def {plain}(", 1)
        mutant.change = Change(module, function, *changed_lines(old, new))
        mutant.diff = "\n".join(
            difflib.unified_diff(
                old.strip().splitlines(), new.strip().splitlines(), str(source), str(source), lineterm=""
            )
        )


def listed_mutants(equivalents: Sequence[Equivalent]) -> set[str]:
    """The names of the generated mutants (in mutants/) that the equivalents file lists.

    The mutation plugin does not run their tests in a whole run: no test can catch them.
    """
    changes = {e.change for e in equivalents}
    named = {(c.module, c.function) for c in changes}
    result: set[str] = set()
    for source, mutants in read_mutants([f"{PACKAGE}.*"]).items():
        listed = [m for m in mutants if split_name(m.name) in named]
        read_changes(source, listed)
        result |= {m.name for m in listed if m.change in changes}
    return result


@dataclass
class Report:
    """The scores of a run, the survivors, and what is wrong with the equivalents file."""

    globs: list[str]
    """The mutmut name globs of the run."""
    modules: list[ModuleScore]
    """Every module with mutants in the run, in name order."""
    stale: list[Equivalent]
    """Entries for a function of the run that match no mutant: the code changed, look at them again."""
    contradicted: list[Equivalent]
    """Entries that match only mutants a test caught: they are not equivalent."""
    not_checked: int
    """Mutants mutmut did not get to (an interrupted run)."""

    @property
    def below_goal(self) -> list[ModuleScore]:
        return [m for m in self.modules if not m.meets_goal]


def build_report(globs: Sequence[str], equivalents: Sequence[Equivalent]) -> Report:
    """Score every module of the run and match the equivalents file against its mutants."""
    mutants_by_file = read_mutants(globs)
    named = {(e.change.module, e.change.function) for e in equivalents}
    for source, mutants in mutants_by_file.items():
        read_changes(source, (m for m in mutants if m.status not in CAUGHT or split_name(m.name) in named))
    reasons = {e.change: e.reason for e in equivalents}
    used: set[Change] = set()
    caught: set[Change] = set()
    modules: dict[str, ModuleScore] = {}
    for mutants in mutants_by_file.values():
        for mutant in mutants:
            module = split_name(mutant.name)[0]
            score = modules.setdefault(module, ModuleScore(module))
            score.mutants += 1
            if mutant.status in CAUGHT:
                if mutant.change in reasons:
                    caught.add(mutant.change)
                if mutant.status == "timeout":
                    score.timeout += 1
                else:
                    score.killed += 1
                continue
            if mutant.change in reasons:
                mutant.equivalent = reasons[mutant.change]
                used.add(mutant.change)
                score.equivalent += 1
                continue
            if mutant.status == "survived":
                score.survived += 1
            elif mutant.status == "no tests":
                score.no_tests += 1
            else:
                score.other += 1
            score.survivors.append(mutant)
    return Report(
        globs=list(globs),
        modules=[modules[name] for name in sorted(modules)],
        stale=[
            e
            for e in equivalents
            if covers(globs, e.change.module, e.change.function) and e.change not in used | caught
        ],
        contradicted=[e for e in equivalents if e.change in caught - used],
        not_checked=sum(m.status == "not checked" for ms in mutants_by_file.values() for m in ms),
    )


def percent(score: float | None) -> str:
    return "–" if score is None else f"{score:.1%}"


def markdown(report: Report) -> str:
    """The report as Markdown: the table of modules, the equivalents file's problems, every survivor's diff."""
    total = ModuleScore("**all**")
    for m in report.modules:
        for name in ("mutants", "killed", "timeout", "survived", "no_tests", "other", "equivalent"):
            setattr(total, name, getattr(total, name) + getattr(m, name))
    scope = f"`{' '.join(report.globs)}`" if len(report.globs) <= 5 else f"{len(report.globs)} mutant names or globs"
    lines = [
        "# Mutation report",
        "",
        f"Run: {scope}. Tests: those outside the browser and Pyodide, less the property tests and those "
        "deselected in `[tool.mutmut]` of pyproject.toml. "
        f"Score = (killed + timeout) / (mutants − equivalent); goal: {GOAL:.0%} in every module.",
        "",
        "| Module | Mutants | Killed | Timeout | Survived | No tests | Other | Equivalent | Score | Goal |",
        "|---|--:|--:|--:|--:|--:|--:|--:|--:|:-:|",
    ]
    for m in [*report.modules, total]:
        mark = "" if m is total else ("yes" if m.meets_goal else "**no**")
        lines.append(
            f"| {m.module} | {m.mutants} | {m.killed} | {m.timeout} | {m.survived} | {m.no_tests} | {m.other} "
            f"| {m.equivalent} | {percent(m.score)} | {mark} |"
        )
    if report.not_checked:
        lines += ["", f"**{report.not_checked} mutants were not checked** (the run was interrupted): run it again."]
    for title, entries in (
        ("Stale entries of the equivalents file (no mutant matches them any more)", report.stale),
        ("Entries of the equivalents file whose mutants the tests catch (not equivalent)", report.contradicted),
    ):
        if entries:
            lines += ["", f"## {title}", ""]
            lines += [
                f"- `{e.change.module}` `{e.change.function}`: `{e.change.before}` → `{e.change.after}`"
                for e in entries
            ]
    lines += [
        "",
        "## Mutants not caught",
        "",
        "`.venv/bin/mutmut show NAME` shows one again; copy `before`/`after` "
        f"from the diff into {EQUIVALENT_FILE} for a mutant that is equivalent.",
    ]
    for m in report.modules:
        if m.survivors:
            lines += ["", f"### {m.module} ({len(m.survivors)})"]
        for mutant in m.survivors:
            lines += ["", f"`{mutant.name}` — {mutant.status}", "", "```diff", mutant.diff, "```"]
    return "\n".join(lines) + "\n"


def as_json(report: Report) -> dict[str, object]:
    def module(m: ModuleScore) -> dict[str, object]:
        counts = {k: v for k, v in asdict(m).items() if k != "survivors"}
        survivors = [{**asdict(s), "change": asdict(s.change) if s.change else None} for s in m.survivors]
        return {**counts, "score": m.score, "meets_goal": m.meets_goal, "survivors": survivors}

    return {
        "globs": report.globs,
        "goal": GOAL,
        "modules": [module(m) for m in report.modules],
        "below_goal": [m.module for m in report.below_goal],
        "not_checked": report.not_checked,
        "stale_equivalents": [asdict(e) for e in report.stale],
        "contradicted_equivalents": [asdict(e) for e in report.contradicted],
    }


def main(argv: Sequence[str]) -> int:
    command, *args = argv or ["help"]
    try:
        if command == "targets":
            load_equivalents()  # refuse a bad file before the long run, not after it
            print("\n".join(target_glob(t) for t in args or [PACKAGE]))
            return 0
        if command == "report" and args:
            report = build_report(args, load_equivalents())
        else:
            print(__doc__, file=sys.stderr)
            return 2
    except MutationReportError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    (OUT_DIR / "report.md").write_text(markdown(report), encoding="utf-8")
    (OUT_DIR / "report.json").write_text(
        json.dumps(as_json(report), indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    for m in report.modules:
        print(f"{percent(m.score):>7}  {m.module}  ({len(m.survivors)} not caught, {m.equivalent} equivalent)")
    print(f"report: {OUT_DIR / 'report.md'} and report.json")
    for e in report.stale:
        print(
            f"stale equivalent entry: {e.change.module} {e.change.function}: {e.change.before!r} -> {e.change.after!r}"
        )
    for e in report.contradicted:
        print(f"equivalent entry caught by the tests: {e.change.module} {e.change.function}: {e.change.before!r}")
    if report.not_checked:
        print(f"{report.not_checked} mutants were not checked: run again")
    if report.below_goal:
        names = ", ".join(f"{m.module} {percent(m.score)}" for m in report.below_goal)
        print(f"under the goal of {GOAL:.0%}: {names}")
    return 1 if report.below_goal or report.not_checked else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
