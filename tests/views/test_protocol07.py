"""PROTOCOL_07's views: what a player reads for a combination verdict and for one destruction.

Each view is checked whole, HTML and text, for verdicts and destructions the engine gives. The
names in them are the protocol's (../shared/seeds/000_7db00a14278d5586.txt): the modes "Single
Player", "Inferno 2vs2", "Ultimo Bastione", "Zona di Conquista", "Cinque Soglie"; the steps "1. Card
destroyed" to "5. Fessura Dimensionale"; the reasons of the table of incompatible combinations word
for word, with the source's name.
"""

from __future__ import annotations

import random
from html import escape

from estro_rules.protocol07 import (
    RULEBOOK,
    CombinationVerdict,
    Destruction,
    DestructionResult,
    Step,
    Violation,
    check_combination,
    resolve_destruction,
)
from estro_rules.protocol07.views import combination_html, combination_text, destruction_html, destruction_text

EVIL = "<img src=x onerror=alert(1)>"
EVIL_HTML = "&lt;img src=x onerror=alert(1)&gt;"

#: The reasons of the protocol's table of incompatible combinations, word for word.
REASON_3_1 = "Competitive teams vs co-op; different play fields"
REASON_3_3 = "asymmetric match against starships: no symmetric opponent side for the Threshold events"

#: Our words for P07-2; the three things in brackets are the protocol's ("starships, guardians, dedicated AI").
SINGLE_PLAYER_ALONE = (
    "Single Player is a world of its own (starships, guardians, dedicated AI), "
    "so it is never played together with another mode"
)


def link(ruling: str, base: str = "../") -> str:
    """A ruling's link as :func:`estro_rules.html.ruling_link` documents it (the protocol's page is protocol-07/).

    The title is an attribute, so it is escaped (an apostrophe becomes ``&#x27;``).
    """
    entry = RULEBOOK[ruling]
    classes = "estro-ruling estro-interpretation" if entry.interpretation else "estro-ruling"
    return f'<a class="{classes}" href="{base}protocol-07/#{ruling}" title="{escape(entry.title)}">{ruling}</a>'


def links(*rulings: str, base: str = "../") -> str:
    return " ".join(link(r, base) for r in rulings)


# --------------------------------------------------------------------------
# Combination: HTML


def test_one_mode_can_be_played_on_its_own() -> None:
    """P07-1: a mode alone is allowed; the verdict says "on its own", not "together"."""
    assert combination_html(check_combination(["Single Player"]), base="../") == (
        '<p class="estro-verdict estro-ok"><strong>Allowed.</strong> Single Player can be played on its own.</p>'
        f"<p>Rulings: {links('P07-1')}</p>"
    )


def test_two_compatible_modes_can_be_played_together() -> None:
    """No pair of the protocol's table is Zona di Conquista + Cinque Soglie: allowed by P07-1."""
    assert combination_html(check_combination(["Zona di Conquista", "Cinque Soglie"]), base="") == (
        '<p class="estro-verdict estro-ok"><strong>Allowed.</strong> '
        "Zona di Conquista, Cinque Soglie can be played together.</p>"
        f"<p>Rulings: {links('P07-1', base='')}</p>"
    )


def test_one_broken_rule_quotes_the_protocols_reason() -> None:
    """P07-3.1: the first row of the table, its reason quoted with the source's name."""
    assert combination_html(check_combination(["Inferno 2vs2", "Ultimo Bastione"]), base="../") == (
        '<p class="estro-verdict estro-bad"><strong>Not allowed.</strong> '
        "Inferno 2vs2, Ultimo Bastione break 1 rule:</p>"
        '<ul class="estro-reasons">'
        f"<li><strong>Inferno 2vs2 + Ultimo Bastione</strong> — <q>{REASON_3_1}</q> (PROTOCOL_07) {links('P07-3.1')}</li>"
        "</ul>"
        f"<p>Rulings: {links('P07-3.1')}</p>"
    )


def test_every_broken_rule_is_listed_with_its_rulings() -> None:
    """P07-2 and P07-3.3 both forbid Cinque Soglie + Single Player; I-P07-2: the reasons add up."""
    verdict = check_combination(["Cinque Soglie", "Single Player"])
    assert combination_html(verdict, base="../") == (
        '<p class="estro-verdict estro-bad"><strong>Not allowed.</strong> '
        "Cinque Soglie, Single Player break 2 rules:</p>"
        '<ul class="estro-reasons">'
        f"<li><strong>Single Player + Cinque Soglie</strong> — {SINGLE_PLAYER_ALONE} {links('P07-2')}</li>"
        f"<li><strong>Cinque Soglie + Single Player</strong> — <q>{REASON_3_3}</q> (PROTOCOL_07) {links('P07-3.3')}</li>"
        "</ul>"
        f"<p>Rulings: {links('P07-2', 'P07-3.3', 'I-P07-2')}</p>"
    )


def test_one_mode_breaking_a_rule_reads_breaks() -> None:
    """The view reads any verdict: a single mode that breaks a rule takes the singular verb."""
    verdict = CombinationVerdict(
        ("Single Player",), (Violation(("Single Player",), "a reason", ("P07-2",)),), ("P07-2",)
    )
    assert combination_html(verdict, base="") == (
        '<p class="estro-verdict estro-bad"><strong>Not allowed.</strong> Single Player breaks 1 rule:</p>'
        '<ul class="estro-reasons">'
        f"<li><strong>Single Player</strong> — a reason {links('P07-2', base='')}</li>"
        "</ul>"
        f"<p>Rulings: {links('P07-2', base='')}</p>"
    )


def test_combination_html_escapes_names_and_reasons() -> None:
    """A verdict's text is shown as text, never run as HTML."""
    verdict = CombinationVerdict((EVIL, "Cinque Soglie"), (Violation((EVIL, "Cinque Soglie"), EVIL, ("P07-3",)),), ())
    page = combination_html(verdict, base="")
    assert EVIL not in page
    assert page == (
        f'<p class="estro-verdict estro-bad"><strong>Not allowed.</strong> {EVIL_HTML}, Cinque Soglie break 1 rule:</p>'
        '<ul class="estro-reasons">'
        f"<li><strong>{EVIL_HTML} + Cinque Soglie</strong> — {EVIL_HTML} {links('P07-3', base='')}</li>"
        "</ul>"
        "<p>Rulings: </p>"
    )
    allowed = combination_html(CombinationVerdict((EVIL,), (), ("P07-1",)), base="")
    assert allowed.startswith(f'<p class="estro-verdict estro-ok"><strong>Allowed.</strong> {EVIL_HTML} can be')


# --------------------------------------------------------------------------
# Combination: text


def test_combination_text_allowed() -> None:
    assert combination_text(check_combination(["Zona di Conquista", "Inferno 2vs2"])) == (
        "Zona di Conquista + Inferno 2vs2: allowed\n  rulings: P07-1"
    )


def test_combination_text_lists_every_broken_rule() -> None:
    """A quotation of the protocol in quotation marks with the source's name; our words as they are."""
    assert combination_text(check_combination(["Cinque Soglie", "Single Player"])) == (
        "Cinque Soglie + Single Player: not allowed\n"
        f"  - Single Player + Cinque Soglie: {SINGLE_PLAYER_ALONE} [P07-2]\n"
        f"  - Cinque Soglie + Single Player: “{REASON_3_3}” (PROTOCOL_07) [P07-3.3]\n"
        "  rulings: P07-2, P07-3.3, I-P07-2"
    )


def test_combination_text_a_violation_with_several_rulings() -> None:
    verdict = CombinationVerdict(
        ("Single Player", "Inferno 2vs2"),
        (Violation(("Single Player", "Inferno 2vs2"), "a reason", ("P07-2", "I-P07-2")),),
        ("P07-2", "I-P07-2"),
    )
    assert combination_text(verdict) == (
        "Single Player + Inferno 2vs2: not allowed\n"
        "  - Single Player + Inferno 2vs2: a reason [P07-2, I-P07-2]\n"
        "  rulings: P07-2, I-P07-2"
    )


# --------------------------------------------------------------------------
# Destruction

#: The protocol's five steps, as its numbered headings name them.
CARD = "Card destroyed"
NECRO = "NecroToken assigned"
QUADRANTE = "Quadrante dell&#x27;Oblio"  # as HTML text: esc() writes the apostrophe as a character reference
IMBOSCATA = "Imboscata Illusoria"
FESSURA = "Fessura Dimensionale"


def step_html(number: int, effect: str, fires: bool, detail: str, rulings: tuple[str, ...]) -> str:
    state = "estro-fires" if fires else "estro-skipped"
    mark = "fires" if fires else "does not fire"
    return (
        f'<li class="estro-step {state}" data-step="{number}"><strong>{effect}</strong> '
        f'<span class="estro-mark">{mark}</span> — {detail} {links(*rulings)}</li>'
    )


def test_destruction_html_by_the_opponent_face_down_with_an_illusio() -> None:
    """P07-4: steps 1 to 4 fire in the protocol's order; step 5 needs a Fessura self-destruct."""
    result = resolve_destruction(
        Destruction(destroyed_by_opponent=True, face_down=True, illusio_in_hand=True), random.Random(3)
    )
    n = result.steps[2].quadrante_result  # the Tool's draw: the engine's, not the view's
    assert destruction_html(result, base="../") == (
        '<p class="estro-verdict"><strong>Resolves:</strong> '
        f"{CARD} → {NECRO} → {QUADRANTE} → {IMBOSCATA}</p>"
        '<ol class="estro-steps">'
        + step_html(1, CARD, True, "The card is sent to the Incinerator: destruction confirmed.", ("P07-4", "P07-4.1"))
        + step_html(
            2,
            NECRO,
            True,
            "Destroyed by the opponent: the owner receives 1 NecroToken (passive, immediate).",
            ("P07-4", "P07-4.2", "I-P07-1"),
        )
        + step_html(
            3,
            QUADRANTE,
            True,
            f"The owner activates the Quadrante: random effect via Tool (result {n} of the Tool).",
            ("P07-4", "P07-4.3", "I-P07-1", "I-P07-4", "I-P07-6"),
        )
        + step_html(
            4,
            IMBOSCATA,
            True,
            "The card was face-down: the owner places the Illusio from their hand on the field.",
            ("P07-4", "P07-4.4", "I-P07-1"),
        )
        + step_html(5, FESSURA, False, "Not a Fessura self-destruct: no draw.", ("P07-4", "P07-4.5"))
        + "</ol>"
    )


def test_destruction_html_a_fessura_self_destruct_with_nothing_else_in_play() -> None:
    """P07-4.5 fires; the effects left out of the match do not (I-P07-5); step 2 has no opponent."""
    result = resolve_destruction(
        Destruction(fessura_self_destruct=True, in_play=frozenset({"Fessura Dimensionale", "NecroToken"}))
    )
    assert destruction_html(result, base="../") == (
        f'<p class="estro-verdict"><strong>Resolves:</strong> {CARD} → {FESSURA}</p>'
        '<ol class="estro-steps">'
        + step_html(1, CARD, True, "The card is sent to the Incinerator: destruction confirmed.", ("P07-4", "P07-4.1"))
        + step_html(2, NECRO, False, "Not destroyed by the opponent: no NecroToken.", ("P07-4", "P07-4.2"))
        + step_html(
            3,
            QUADRANTE,
            False,
            f"{QUADRANTE} is not in play in this match.",
            ("P07-4", "P07-4.3", "I-P07-5"),
        )
        + step_html(
            4, IMBOSCATA, False, "Imboscata Illusoria is not in play in this match.", ("P07-4", "P07-4.4", "I-P07-5")
        )
        + step_html(
            5,
            FESSURA,
            True,
            "A Fessura self-destruct: the owner draws from the Mazzo Dimensionale.",
            ("P07-4", "P07-4.5", "I-P07-1"),
        )
        + "</ol>"
    )


def test_destruction_html_escapes_a_quadrante_table_entry() -> None:
    """A maintainer's Quadrante table (I-P07-4) is text from a scenario: shown, never run."""
    result = resolve_destruction(Destruction(in_play=frozenset({"Quadrante dell'Oblio"}), quadrante_table=(EVIL,)))
    page = destruction_html(result, base="../")
    assert EVIL not in page
    assert (
        step_html(
            3,
            QUADRANTE,
            True,
            f"The owner activates the Quadrante: random effect via Tool (result 1 of the Tool). Effect: {EVIL_HTML}",
            ("P07-4", "P07-4.3", "I-P07-1", "I-P07-4"),
        )
        in page
    )


def test_destruction_html_escapes_effect_names() -> None:
    """The view reads any result: an effect's name is text too, in the step and in the summary line."""
    step = Step(1, EVIL, True, "detail", ("P07-4.1",))
    assert destruction_html(DestructionResult(Destruction(), (step,)), base="") == (
        f'<p class="estro-verdict"><strong>Resolves:</strong> {EVIL_HTML}</p>'
        '<ol class="estro-steps">'
        f'<li class="estro-step estro-fires" data-step="1"><strong>{EVIL_HTML}</strong> '
        f'<span class="estro-mark">fires</span> — detail {links("P07-4.1", base="")}</li>'
        "</ol>"
    )


def test_destruction_text_marks_each_step() -> None:
    result = resolve_destruction(Destruction(face_down=True, in_play=frozenset()))
    assert destruction_text(result) == (
        "1. FIRES Card destroyed: The card is sent to the Incinerator: destruction confirmed. [P07-4, P07-4.1]\n"
        "2. no    NecroToken assigned: NecroToken is not in play in this match. [P07-4, P07-4.2, I-P07-5]\n"
        "3. no    Quadrante dell'Oblio: Quadrante dell'Oblio is not in play in this match. [P07-4, P07-4.3, I-P07-5]\n"
        "4. no    Imboscata Illusoria: Imboscata Illusoria is not in play in this match. [P07-4, P07-4.4, I-P07-5]\n"
        "5. no    Fessura Dimensionale: Fessura Dimensionale is not in play in this match. [P07-4, P07-4.5, I-P07-5]"
    )
