"""Two small kernel contracts: text made safe for a terminal, and the progress line of a long run."""

from __future__ import annotations

import io

import pytest

from estro_rules.progress import EVERY, EXIT_INTERRUPTED, run_until_done, run_with_progress
from estro_rules.text import Quote, one_line, quoted_text, unsafe_characters

# --- Text: the module's comment lists what is unsafe: C0 and C1 controls with DEL, the direction
# marks and overrides (U+061C, U+200E/F, U+202A-E, U+2066-9), the line and paragraph separators
# (U+2028/9) and unpaired surrogates. The characters either side of each range are safe.
UNSAFE = ["\x00", "\x1f", "\x7f", "\x9f", "\u061c", "\u200e", "\u200f", "\u2028", "\u2029", "\u202a", "\u202e"]
UNSAFE += ["\u2066", "\u2069", "\ud800", "\udfff"]
SAFE = [" ", "~", "\xa0", "\u061b", "\u061d", "\u200d", "\u2010", "\u2027", "\u202f", "\u2065", "\u206a", "\ue000"]


@pytest.mark.parametrize("char", UNSAFE)
def test_every_unsafe_character_is_escaped_as_python_writes_it(char: str) -> None:
    assert unsafe_characters(f"a{char}b{char}") == [char]
    assert one_line(f"a{char}b") == f"a{repr(char)[1:-1]}b"
    assert "\\" in one_line(char)


@pytest.mark.parametrize("char", SAFE)
def test_the_characters_beside_each_unsafe_range_stay_as_they_are(char: str) -> None:
    text = f"Ness{char}ie"
    assert unsafe_characters(text) == []
    assert one_line(text) is text


def test_unsafe_characters_are_listed_once_each_in_order() -> None:
    assert unsafe_characters("\n\u202ea\n\x1b\u202e") == ["\n", "\u202e", "\x1b"]


def test_a_quote_is_the_plain_string_and_shows_its_source() -> None:
    quote = Quote("competitive teams vs co-op", "PROTOCOL_07")
    assert quote == "competitive teams vs co-op" and str.__str__(quote) == "competitive teams vs co-op"
    assert quote.source == "PROTOCOL_07"
    assert quoted_text(quote) == "“competitive teams vs co-op” (PROTOCOL_07)"
    assert quoted_text(Quote("x", "Battaglia")) == "“x” (Battaglia)"
    assert quoted_text("our own words") == "our own words"


# --- Progress: a line redrawn after every slice, at most EVERY seconds apart; Ctrl-C keeps what was done.
class Steps:
    """A long run of ``total`` steps, one step a slice; Ctrl-C (KeyboardInterrupt) at step ``stop_at``."""

    unit = "steps"

    def __init__(self, total: int, stop_at: int | None = None) -> None:
        self.n, self.total, self.stop_at = 0, total, stop_at
        self.slices: list[float] = []
        self.closed = 0

    @property
    def done(self) -> bool:
        return self.n >= self.total

    def advance_for(self, seconds: float) -> None:
        self.slices.append(seconds)
        if self.n == self.stop_at:
            raise KeyboardInterrupt
        self.n += 1

    def progress(self) -> tuple[int, int, str]:
        return self.n, self.total, f"{self.n} done"

    def close(self) -> None:
        self.closed += 1


class Flushes(io.StringIO):
    def __init__(self) -> None:
        super().__init__()
        self.flushes = 0

    def flush(self) -> None:
        self.flushes += 1


def test_the_line_is_redrawn_after_every_slice_with_a_bar_in_proportion() -> None:
    err = Flushes()
    run = Steps(3)
    run_with_progress(run, err, width=6)
    assert err.getvalue() == "\r[##....] 1/3  1 done\r[####..] 2/3  2 done\r[######] 3/3  3 done\n"
    assert err.flushes == 3
    assert run.slices == [EVERY] * 3 and EVERY <= 1.0  # the line moves at least every second


def test_a_slice_lasts_as_long_as_asked_and_the_bar_is_30_wide_by_default() -> None:
    err = io.StringIO()
    run = Steps(2)
    run_with_progress(run, err, every=0.5)
    assert run.slices == [0.5, 0.5]
    assert err.getvalue().split("\r")[1] == "[" + "#" * 15 + "." * 15 + "] 1/2  1 done"


def test_a_run_of_no_steps_shows_a_full_bar() -> None:
    class Empty(Steps):
        def progress(self) -> tuple[int, int, str]:
            return 0, 0, "nothing to do"

    err = io.StringIO()
    run_with_progress(Empty(1), err, width=4)
    assert err.getvalue() == "\r[####] 0/0  nothing to do\n"


def test_a_run_already_done_prints_only_the_end_of_the_line() -> None:
    err = io.StringIO()
    run_with_progress(Steps(0), err)
    assert err.getvalue() == "\n"


def test_a_finished_run_exits_0_and_is_closed() -> None:
    run = Steps(2)
    run.close = lambda: setattr(run, "closed", run.closed + 1)  # type: ignore[method-assign]
    assert run_until_done(run, io.StringIO()) == 0
    assert run.closed == 1


def test_ctrl_c_says_how_much_the_result_covers_and_exits_130() -> None:
    run = Steps(5, stop_at=2)
    run.unit = "battles"  # type: ignore[attr-defined]
    run.close = lambda: setattr(run, "closed", run.closed + 1)  # type: ignore[method-assign]
    err = io.StringIO()
    assert run_until_done(run, err) == EXIT_INTERRUPTED == 130
    assert err.getvalue().endswith("\ninterrupted: the result below covers 2 of 5 battles\n")
    assert run.closed == 1


def test_an_interrupted_run_counts_in_its_own_unit_and_is_closed() -> None:
    err = io.StringIO()
    run = Steps(4, stop_at=1)
    assert run_until_done(run, err) == 130
    assert err.getvalue().endswith("\ninterrupted: the result below covers 1 of 4 steps\n")
    assert run.closed == 1
