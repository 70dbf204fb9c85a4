"""``lint CARDS.json [--json]`` in this process, through the command line's ``main``.

The example pool examples/r19/card-pool.json lists its expected findings in ``expect``; the
findings are the product, so the status is 0 whenever the pool parsed, and 2 on bad input with the
message naming the card pool (estro_rules.r19.cli).
"""

from __future__ import annotations

import io
import json

from estro_rules.cli import main
from tests.support import EXAMPLES, example

POOL = str(EXAMPLES / "r19/card-pool.json")


def run_cli(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, stdin=io.StringIO(stdin), err=err)
    return code, out.getvalue(), err.getvalue()


def expected_findings() -> list[tuple[str, str]]:
    return [(f["card"], f["ruling"]) for f in example("r19/card-pool.json")["expect"]["findings"]]


def card_names() -> dict[str, str]:
    return {card["id"]: card["name"] for card in example("r19/card-pool.json")["cards"]}


def test_text_report_one_line_per_finding() -> None:
    code, out, err = run_cli("lint", POOL)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    names = card_names()
    assert [line.split(": [")[0] for line in lines] == [f"{card} {names[card]}" for card, _ in expected_findings()]
    assert [line.split("[")[1].split("]")[0] for line in lines] == [ruling for _, ruling in expected_findings()]
    # R19-8.6: DEF or Rank should never be printed at 0 (a card at 0 or less is destroyed or broken on entry).
    assert lines[0] == (
        "GU-203 Glass Sentinel: [R19-8.6] Its face prints DEF 0: at 0 or less a card is destroyed or broken the "
        "moment it enters, so DEF should never be printed at 0 (§19.7, §19.8)."
    )


def test_json_findings_indented_by_two_with_text_as_written() -> None:
    code, out, err = run_cli("lint", POOL, "--json")
    assert (code, err) == (0, "")
    assert out.startswith('[\n  {\n    "card": "GU-203",\n    "name": "Glass Sentinel",\n    "rule": ')
    assert "(§19.7, §19.8)." in out
    findings = json.loads(out)
    assert [(f["card"], f["ruling"]) for f in findings] == expected_findings()
    assert findings[2]["rule"] == "partly_dead_bonus"


def test_a_pool_from_standard_input() -> None:
    text = (EXAMPLES / "r19/card-pool.json").read_text(encoding="utf-8")
    code, out, err = run_cli("lint", "-", "--json", stdin=text)
    assert (code, err) == (0, "")
    assert [(f["card"], f["ruling"]) for f in json.loads(out)] == expected_findings()


def test_a_missing_pool_is_named_as_a_card_pool() -> None:
    assert run_cli("lint", "no/such/pool.json") == (
        2,
        "",
        "error: no/such/pool.json: no such file; expected an existing card pool file\n",
    )


def test_broken_json_names_the_pool() -> None:
    assert run_cli("lint", "-", stdin="{") == (
        2,
        "",
        "error: pool: line 1, column 2: expecting property name enclosed in double quotes; expected valid JSON\n",
    )
