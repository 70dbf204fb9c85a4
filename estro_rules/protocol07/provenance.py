"""Where PROTOCOL_07's rulings come from: its source document, how it is read, the paragraphs each ruling
restates, and the basis of each interpretation (see :mod:`estro_rules.sources`).

>>> SOURCE.records["P07-2"]
(Source(document='PROTOCOL_07', section='INFO', paragraph=2, fingerprint='3b26ad77d11e8641'),)
"""

from __future__ import annotations

from ..sources import NotARule, Reader, Shape, Source, SourceDocument, all_capitals
from .rulebook import RULEBOOK

P07 = "PROTOCOL_07"
"""The document, by its title line."""

RESOLUTION_ORDER = "RESOLUTION ORDER — DESTRUCTION"
INCOMPATIBLE = "INCOMPATIBLE COMBINATIONS"

SOURCE = SourceDocument(
    Reader(P07, Shape.LINES, all_capitals, ("MODE COMBINATIONS", "INFO", RESOLUTION_ORDER, INCOMPATIBLE)),
    RULEBOOK.keyed(
        {
            "P07-1": (Source(P07, "INFO", 1, "e6aa6023a1f03ed2"),),
            "P07-2": (Source(P07, "INFO", 2, "3b26ad77d11e8641"),),
            "P07-3": (
                Source(P07, INCOMPATIBLE, 1, "4916c1b24ea32bb1"),
                Source(P07, INCOMPATIBLE, 2, "8aae87d6ce15afaf"),
                Source(P07, INCOMPATIBLE, 3, "788e18cf3dff365d"),
                Source(P07, INCOMPATIBLE, 4, "3f5f6218d7265174"),
                Source(P07, INCOMPATIBLE, 5, "2341f38c020dc453"),
                Source(P07, INCOMPATIBLE, 6, "60dbc8a780b772c3"),
            ),
            "P07-3.1": (Source(P07, INCOMPATIBLE, 3, "788e18cf3dff365d"),),
            "P07-3.2": (Source(P07, INCOMPATIBLE, 4, "3f5f6218d7265174"),),
            "P07-3.3": (Source(P07, INCOMPATIBLE, 5, "2341f38c020dc453"),),
            "P07-3.4": (Source(P07, INCOMPATIBLE, 6, "60dbc8a780b772c3"),),
            "P07-4": (
                Source(P07, RESOLUTION_ORDER, 1, "97b27291c2df2148"),
                Source(P07, RESOLUTION_ORDER, 2, "327909ab713b1ddb"),
                Source(P07, RESOLUTION_ORDER, 3, "e165455eca3fded5"),
                Source(P07, RESOLUTION_ORDER, 4, "0137b250899ca94f"),
                Source(P07, RESOLUTION_ORDER, 5, "ff2e8788a055e5b7"),
                Source(P07, RESOLUTION_ORDER, 6, "8838a7b8c678642b"),
            ),
            "P07-4.1": (
                Source(P07, RESOLUTION_ORDER, 2, "327909ab713b1ddb"),
                Source(P07, RESOLUTION_ORDER, 7, "0d683176f1985a69"),
                Source(P07, RESOLUTION_ORDER, 8, "4826141e8c33ef99"),
            ),
            "P07-4.2": (
                Source(P07, RESOLUTION_ORDER, 3, "e165455eca3fded5"),
                Source(P07, RESOLUTION_ORDER, 9, "d70a5e5060c4e04b"),
                Source(P07, RESOLUTION_ORDER, 10, "860b9e8e5de693c3"),
            ),
            "P07-4.3": (
                Source(P07, RESOLUTION_ORDER, 4, "0137b250899ca94f"),
                Source(P07, RESOLUTION_ORDER, 11, "6a253386d2bb263f"),
                Source(P07, RESOLUTION_ORDER, 12, "c5d74fada35a4573"),
            ),
            "P07-4.4": (
                Source(P07, RESOLUTION_ORDER, 5, "ff2e8788a055e5b7"),
                Source(P07, RESOLUTION_ORDER, 13, "db4c527033e2b8b2"),
                Source(P07, RESOLUTION_ORDER, 14, "12f49abe9846f6a9"),
            ),
            "P07-4.5": (
                Source(P07, RESOLUTION_ORDER, 6, "8838a7b8c678642b"),
                Source(P07, RESOLUTION_ORDER, 15, "92b4c2ec32fd90b4"),
                Source(P07, RESOLUTION_ORDER, 16, "785ea6ed107dbb36"),
            ),
        }
    ),
    not_rules=(
        NotARule(
            Source(P07, "MODE COMBINATIONS", 1, "a62d8b77dd3a7ece"),
            "the protocol's subtitle: it says what the document covers and states no rule",
        ),
    ),
    bases=RULEBOOK.keyed(
        {
            "I-P07-1": "Three destruction steps speak of “the player” without saying whose side is meant, and the Fessura "
            "step names nobody; the Imboscata step can only concern the owner's own face-down card, so all four are read "
            "as acting for the owner.",
            "I-P07-2": "The protocol lists its combination rules but not what to report when one set of modes breaks "
            "several of them, and hiding all but the first would leave a player guessing, so every broken rule is reported.",
            "I-P07-3": "The protocol defines five modes and says nothing about any other name; treating an unknown name "
            "as combinable would silently approve a typo, so it is refused with the list of known modes.",
            "I-P07-4": "The Quadrante's random effect goes through the Tool, whose table the protocol does not publish; "
            "the engine draws a seeded, replayable result number and invents no effect text.",
            "I-P07-5": "The protocol orders effects that belong to particular cards and modes, and a match need not have "
            "them all; an effect that is not in the match cannot resolve, so its step is passed over in the order.",
            "I-P07-6": "The protocol gives the Quadrante no table and no number of results, yet a draw needs a range; "
            "1 to 6, one die, is the smallest familiar one, and a table supplied as data replaces it.",
            "I-P07-7": "The protocol states the NecroToken's condition and the Fessura's as two conditions and never says "
            "whether one destruction can meet both; reading a self-destruct as the card destroying itself, it is not a "
            "destruction by the opponent, so asking for both is refused.",
        }
    ),
)
"""PROTOCOL_07: every source ruling → the paragraphs it restates; every interpretation → its basis."""
