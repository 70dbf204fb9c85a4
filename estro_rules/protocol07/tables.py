"""The page's generated parts: tables from the engine's data, each checked against the engine, and widgets.

>>> header, rows = TABLES["p07.destruction-order"]()
>>> [row[1] for row in rows][:2]
['Card destroyed', 'NecroToken assigned']

On an Italian page the protocol's own words stay as it writes them, marked as English, and a quoted reason
has our translation beside it:

>>> from estro_rules.i18n import using
>>> with using("it"):
...     modes_table()[1][2][1:3], pairs_table()[1][0][2]
(['<span lang="en">3 lanes x 4 depths</span>', '<span lang="en">co-op against the Horde</span>'], '<q lang="en">Competitive teams vs co-op; different play fields</q> (traduzione nostra: squadre in competizione contro cooperativa; campi di gioco diversi)')
"""

from __future__ import annotations

from ..i18n import N_, _, current, say
from ..protocol import WidgetSpec
from ..tables import Table, refs, rule_table, source_words
from .engine import DESTRUCTION_ORDER, Destruction, check_combination, resolve_destruction
from .rules import EFFECTS, INCOMPATIBLE_PAIRS, MODE_NAMES, MODES


def _not_stated(value: object, *, quoted: bool = False) -> str:
    """A mode's fact as its table cell, in the current language; the protocol's own words (``quoted``) stay
    as they are, marked as English (:func:`~estro_rules.tables.source_words`), and a word of ours kept to be
    said later is said (:func:`say`)."""
    if value is None:
        return _("not stated")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return source_words(str(value)) if quoted else say(str(value))


def modes_table() -> Table:
    """The five modes and the structural facts the protocol states about each."""
    header = ["Mode", "Play field", "Opposition", "Symmetric opponent side", "Self-contained structure"]
    rows = [
        [
            m.name,
            _not_stated(m.play_field, quoted=True),
            _not_stated(m.opposition, quoted=True),
            _("needed (Threshold events)")
            if m.needs_symmetric_opponent_side
            else _not_stated(m.symmetric_opponent_side),
            _not_stated(m.self_contained),
        ]
        for m in MODES
    ]
    return header, rows


def _quotation(reason: str) -> str:
    """A reason of the protocol as its table quotes it: word for word; on a page in another language marked as
    English, with our translation beside it (its words are in the catalogue)."""
    if current() == "en":
        return f"<q>{reason}</q>"
    return f'<q lang="en">{reason}</q> ' + _("(our translation: {translation})").format(translation=say(reason))


def pairs_table() -> Table:
    """The incompatible pairs, each checked against :func:`check_combination`."""
    rows = []
    for pair in INCOMPATIBLE_PAIRS:
        verdict = check_combination([pair.mode_a, pair.mode_b])
        if verdict.allowed or pair.ruling not in verdict.rulings:
            raise ValueError(f"the engine does not forbid {pair.mode_a} + {pair.mode_b} by {pair.ruling}")
        rows.append([pair.mode_a, pair.mode_b, _quotation(pair.reason), f"[[{pair.ruling}]]"])
    return ["Mode A", "Mode B", "Reason", "Ruling"], rows


def matrix_table() -> Table:
    """Every pair of modes, as :func:`check_combination` decides it.

    The matrix is computed by running the check; it must agree with the data
    it rests on (the Single Player rule and the table of pairs).
    """
    forbidden = {frozenset((p.mode_a, p.mode_b)) for p in INCOMPATIBLE_PAIRS}
    rows = []
    for a in MODE_NAMES:
        row = [a]
        for b in MODE_NAMES:
            if a == b:
                row.append("—")
                continue
            verdict = check_combination([a, b])
            expected_allowed = "Single Player" not in (a, b) and frozenset((a, b)) not in forbidden
            if verdict.allowed != expected_allowed:
                raise ValueError(
                    f"{a} + {b}: the engine says allowed={verdict.allowed}, the data says {expected_allowed}"
                )
            row.append(_("✓ yes") if verdict.allowed else _("✗ no: {rulings}").format(rulings=refs(verdict.rulings)))
        rows.append(row)
    return ["", *MODE_NAMES], rows


def order_table() -> Table:
    """The destruction order, as the resolver runs it.

    No one destruction fires every step (a Fessura self-destruct is not a
    destruction by the opponent), so two are resolved: together they must
    fire every step, each in the listed order.
    """
    listed = [s.title for s in DESTRUCTION_ORDER]
    fired: set[str] = set()
    for by_opponent in (True, False):
        d = Destruction(
            destroyed_by_opponent=by_opponent,
            face_down=True,
            illusio_in_hand=True,
            fessura_self_destruct=not by_opponent,
        )
        effects = [s.effect for s in resolve_destruction(d).fired]
        if effects != [e for e in listed if e in effects]:
            raise ValueError(f"the resolver fires {effects}, out of the listed order {listed}")
        fired.update(effects)
    if fired != set(listed):
        raise ValueError(f"the resolver never fires {sorted(set(listed) - fired)}")
    return rule_table(DESTRUCTION_ORDER, "When", title="Effect", rulings="Ruling")


TABLES = {
    "p07.modes": modes_table,
    "p07.incompatible-pairs": pairs_table,
    "p07.matrix": matrix_table,
    "p07.destruction-order": order_table,
}

WIDGETS = (
    WidgetSpec(
        "p07-combination",
        N_("Mode-combination picker"),
        {"kind": "p07.combination", "modes": ["Single Player", "Cinque Soglie"]},
        note=N_("tick the modes of a match to see whether they combine, with every reason."),
    ),
    WidgetSpec(
        "p07-destruction",
        N_("Destruction resolver"),
        {
            "kind": "p07.destruction",
            "destroyed_by_opponent": True,
            "face_down": True,
            "illusio_in_hand": True,
            "fessura_self_destruct": False,
            "in_play": list(EFFECTS),
            "seed": 7,
        },
        examples="p07/*.json",
        note=N_("set the conditions of one destruction and see the effects in the canonical order."),
    ),
)
"""The page's widgets."""
