"""The health chart above the stepper, read as the SVG it is: what it promises (views._chart), not
where the code happens to put things. Its size: 360 × 200 units, text 16 units high; each side's total
health after each roll, one point per roll and one for the start, evenly spaced from the y axis to the
end of the x axis; height linear in health, 0 on the x axis and the top value at the top of the y axis;
the end values in a right margin of their own, one line (1.25 × 16) apart, the higher total's moving up.

Every battle's totals below are worked out by hand from the rules: every-roll abilities resolve at step
3 in threat order (BAT-6.3, BAT-6.4) and hit the highest-threat enemy (BAT-4); a cryptid at 0 is down
and does not act (I-BAT-3); a side with no cryptids left loses (BAT-8); with no damage possible the
battle ends (BAT-9).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from estro_rules.battaglia import battle, battle_html, team
from estro_rules.battaglia.results import BattleResult
from estro_rules.battaglia.teams import Team
from estro_rules.battaglia.views import CHART_MIN_ROLLS, _chart
from tests.support.battaglia import cryptid, on

SVG = "{http://www.w3.org/2000/svg}"
FONT = 16
"""The text's height, in the chart's units."""
LINE = 1.25 * FONT
"""One line of text: how far apart the two end labels are at least."""
PRINTED = 0.051
"""Coordinates are printed to a tenth of a unit."""


def every_roll(damage: int) -> dict[str, object]:
    return on("every_roll", {"damage": damage})


def three_rolls() -> BattleResult:
    """The Yeti (threat 5) acts first: 1 to the Wolf, then the Wolf 3 to the Yeti, on every roll. Health
    after each roll: Wolf 30 → 29 → 28 → 27, Yeti 9 → 6 → 3 → 0; the left side wins after 3 rolls."""
    wolf = cryptid("Wolf", 3, 30, every_roll(3))
    return battle(team([wolf]), team([cryptid("Yeti", 5, 9, every_roll(1))]))


def ten_rolls() -> BattleResult:
    """The Ogre (threat 5) hits the Imp for 1, the Imp the Ogre for 2, on every roll: Ogre 20, 18, ..., 0
    after roll 10, Imp 12, 11, ..., 2; the right side wins. The ends, 0 and 2 of 20, are close."""
    ogre = cryptid("Ogre", 5, 20, every_roll(1))
    return battle(team([ogre]), team([cryptid("Imp", 3, 12, every_roll(2))]))


def four_rolls() -> BattleResult:
    """The Golem (threat 5) hits the Archer for 2, the Archer the Golem for 10, on every roll: Archer 12,
    10, 8, 6, 4, Golem 40, 30, 20, 10, 0; the left side wins. The ends, 4 and 0 of 40, are close."""
    archer = cryptid("Archer", 3, 12, every_roll(10))
    return battle(team([archer]), team([cryptid("Golem", 5, 40, every_roll(2))]))


def no_damage(left_health: int, right_health: int) -> BattleResult:
    """No abilities on either side: after roll 1 neither can damage the other, and the battle ends."""
    return battle(team([cryptid("Yeti", 3, left_health)]), team([cryptid("Kappa", 2, right_health)]))


@dataclass(frozen=True)
class Chart:
    """A chart's figure and its SVG, with what the tests read of them."""

    figure: ET.Element
    svg: ET.Element

    @property
    def texts(self) -> dict[str, ET.Element]:
        """Each text of the chart by what it says (no two say the same in these battles)."""
        found = {t.text or "": t for t in self.svg.iter(f"{SVG}text")}
        assert len(found) == len(self.svg.findall(f"{SVG}text"))
        return found

    @property
    def y_labels(self) -> dict[str, float]:
        """The y axis's labels, right-aligned left of it: what each says, and its baseline."""
        start, _ = self.origin
        return {
            t.text or "": float(t.get("y", ""))
            for t in self.svg.iter(f"{SVG}text")
            if t.get("text-anchor") == "end" and float(t.get("x", "")) < start
        }

    def axis(self, horizontal: bool) -> tuple[float, float, float, float]:
        [axis] = [
            (float(a.get("x1", "")), float(a.get("y1", "")), float(a.get("x2", "")), float(a.get("y2", "")))
            for a in self.svg.findall(f"{SVG}line")
            if (a.get("y1") == a.get("y2")) == horizontal
        ]
        return axis

    @property
    def origin(self) -> tuple[float, float]:
        """Where the axes meet: the y axis's x, the x axis's y."""
        x1, y1, _, _ = self.axis(horizontal=True)
        return x1, y1

    @property
    def x_end(self) -> float:
        return self.axis(horizontal=True)[2]

    @property
    def y_top(self) -> float:
        return self.axis(horizontal=False)[1]

    def line(self, side: str) -> ET.Element:
        [polyline] = self.svg.findall(f"{SVG}polyline[@class='estro-line-{side}']")
        return polyline

    def points(self, side: str) -> list[tuple[float, float]]:
        pairs = [p.split(",") for p in self.line(side).get("points", "").split(" ")]
        return [(float(a), float(b)) for a, b in pairs]

    def at(self, label: str) -> tuple[float, float]:
        text = self.texts[label]
        return float(text.get("x", "")), float(text.get("y", ""))


def chart(result: BattleResult) -> Chart:
    page = _chart(result)
    [figure] = re.findall(r"<figure.*?</figure>", page)
    root = ET.fromstring(figure.replace("<svg ", f'<svg xmlns="{SVG[1:-1]}" ', 1))
    [svg] = root.findall(f"{SVG}svg")
    return Chart(root, svg)


def height_of(c: Chart, total: int, top: int) -> float:
    """The y of a total on a chart whose top value is ``top``: linear, 0 on the x axis, ``top`` at the
    top of the y axis."""
    _, base = c.origin
    return base - (base - c.y_top) * total / top


def close(a: float, b: float, within: float = PRINTED) -> bool:
    return abs(a - b) <= within


# --------------------------------------------------------------------------
# The frame


def test_the_chart_is_360_by_200_units_with_text_16_high() -> None:
    svg = chart(three_rolls()).svg
    assert svg.get("viewBox") == "0 0 360 200"
    assert svg.get("font-size") == "16"
    assert svg.get("class") == "estro-health-chart"  # the stylesheet keeps it to 360 px


def test_the_chart_is_an_image_named_by_its_title() -> None:
    svg = chart(three_rolls()).svg
    name = "Total health of each side after each roll"
    assert svg.get("role") == "img" and svg.get("aria-label") == name
    assert [t.text for t in svg.findall(f"{SVG}title")] == [name]


def test_the_chart_is_a_figure_with_the_legend_as_its_caption() -> None:
    figure = chart(three_rolls()).figure
    assert figure.get("class") == "estro-chart"
    assert [child.tag for child in figure] == [f"{SVG}svg", "figcaption"]
    caption = figure.find("figcaption")
    assert caption is not None and caption.get("class") == "estro-legend" and list(caption) == []
    assert (caption.text or "").startswith("Solid line: left side (L); dashed line: right side (R).")


def test_the_chart_has_no_stray_text_between_its_parts() -> None:
    c = chart(three_rolls())
    for element in (c.figure, c.svg):
        assert not (element.text or "").strip()
        assert not any((child.tail or "").strip() for child in element)


# --------------------------------------------------------------------------
# The lines


def test_the_left_line_is_solid_and_the_right_dashed() -> None:
    c = chart(three_rolls())
    assert c.line("left").get("stroke-dasharray") == "none"
    dashes = (c.line("right").get("stroke-dasharray") or "").split()
    assert len(dashes) == 2 and all(float(d) > 0 for d in dashes)


def test_each_line_has_a_point_for_the_start_and_one_per_roll() -> None:
    for result, rolls in ((three_rolls(), 3), (ten_rolls(), 10), (no_damage(4, 4), 1)):
        c = chart(result)
        assert result.rolls == rolls
        assert len(c.points("left")) == len(c.points("right")) == rolls + 1


def test_the_points_are_evenly_spaced_from_the_y_axis_to_the_end_of_the_x_axis() -> None:
    for result, rolls in ((three_rolls(), 3), (ten_rolls(), 10), (no_damage(4, 4), 1)):
        c = chart(result)
        start, _ = c.origin
        expected = [start + (c.x_end - start) * i / rolls for i in range(rolls + 1)]
        for side in ("left", "right"):
            assert all(close(x, e) for (x, _), e in zip(c.points(side), expected, strict=True))


def test_the_axes_meet_where_both_lines_start() -> None:
    c = chart(three_rolls())
    start, base = c.origin
    x1, y1, x2, y2 = c.axis(horizontal=False)
    assert x1 == x2 == start and y1 < y2 == base
    # The start: the Wolf's 30 (the top value) and the Yeti's 9.
    assert c.points("left")[0] == (start, y1) and c.points("right")[0][0] == start


def test_the_plot_ends_left_of_a_right_margin_inside_the_chart() -> None:
    c = chart(three_rolls())
    start, _ = c.origin
    assert 0 < start < c.x_end < 360
    # The end labels, in the margin: right of the plot and of the roll count under its end.
    for label in ("L 27", "R 0"):
        x, _ = c.at(label)
        assert c.x_end < x < 360


def test_height_is_linear_in_total_health_from_0_on_the_x_axis_to_the_top_value() -> None:
    c = chart(three_rolls())
    # Top value 30, the Wolf's start; the Yeti ends at 0, on the x axis.
    for side, totals in (("left", [30, 29, 28, 27]), ("right", [9, 6, 3, 0])):
        assert all(close(y, height_of(c, v, 30)) for (_, y), v in zip(c.points(side), totals, strict=True))


def test_the_top_value_is_the_highest_total_of_either_side() -> None:
    # The left's 30 in one battle, the right's 40 (the Golem) in the other.
    for result, top, left, right in (
        (three_rolls(), 30, [30, 29, 28, 27], [9, 6, 3, 0]),
        (four_rolls(), 40, [12, 10, 8, 6, 4], [40, 30, 20, 10, 0]),
    ):
        c = chart(result)
        assert list(c.y_labels) == [str(top), "0"]
        assert all(close(y, height_of(c, v, top)) for (_, y), v in zip(c.points("left"), left, strict=True))
        assert all(close(y, height_of(c, v, top)) for (_, y), v in zip(c.points("right"), right, strict=True))


def test_the_top_value_is_1_at_least() -> None:
    # Two cryptids of 1 health: the top value is 1, and both lines run along the top of the y axis.
    c = chart(no_damage(1, 1))
    assert list(c.y_labels) == ["1", "0"]
    assert {y for _, y in c.points("left") + c.points("right")} == {c.y_top}
    # Two teams built without cryptids (the reader refuses them, battle() does not): no health at all,
    # still a top value of 1, both lines on the x axis.
    empty = chart(battle(Team(()), Team(()), dice=[[1, 2]]))
    assert list(empty.y_labels) == ["1", "0"]
    assert {y for _, y in empty.points("left") + empty.points("right")} == {empty.origin[1]}


# --------------------------------------------------------------------------
# The labels


def centred_on(label_y: float, value_y: float) -> bool:
    """Whether a label's baseline sits a third of the text's height below ``value_y``: its digits, about
    two thirds of the text's height, are then centred on it."""
    return close(label_y, value_y + FONT / 3)


def test_the_y_axis_labels_say_the_top_value_and_0_each_level_with_its_height() -> None:
    c = chart(three_rolls())
    assert list(c.y_labels) == ["30", "0"]
    assert centred_on(c.y_labels["30"], c.y_top)
    assert centred_on(c.y_labels["0"], c.origin[1])


def test_the_x_axis_says_the_number_of_rolls_under_its_end() -> None:
    c = chart(ten_rolls())
    count = c.texts["10"]
    assert count.get("text-anchor") == "end" and close(float(count.get("x", "")), c.x_end)
    # Below the axis: the whole text, 16 units high, under it.
    assert float(count.get("y", "")) - FONT >= c.origin[1]


def test_a_one_roll_battle_has_one_step_on_the_x_axis() -> None:
    c = chart(no_damage(4, 5))
    assert c.texts["1"].get("text-anchor") == "end"
    assert [x for x, _ in c.points("left")] == [c.origin[0], c.x_end]


def test_the_axes_are_named_health_at_the_top_left_and_roll_under_the_x_axis() -> None:
    c = chart(three_rolls())
    start, base = c.origin
    # "health" on the top line, from the left edge.
    x, y = c.at("health")
    assert 0 <= x < start and y == FONT
    # "roll" centred under the x axis, below the roll count (a text 16 high each), inside the chart.
    x, y = c.at("roll")
    assert c.texts["roll"].get("text-anchor") == "middle" and close(x, (start + c.x_end) / 2, 0.5)
    _, count = c.at("3")
    assert count - FONT >= base and y - FONT >= count and y <= 200


def test_the_legend_names_each_sides_total_at_the_start_and_the_end() -> None:
    [legend] = chart(three_rolls()).figure.iter("figcaption")
    assert legend.text == (
        "Solid line: left side (L); dashed line: right side (R). Start: left 30, right 9; end: left 27, right 0."
    )


# --------------------------------------------------------------------------
# The end labels


def test_the_end_labels_name_each_sides_last_total_beside_its_line_end() -> None:
    # 27 of 30 and 0: far apart, each label level with its own line's end, in the right margin.
    c = chart(three_rolls())
    for label, side, total in (("L 27", "left", 27), ("R 0", "right", 0)):
        x, y = c.at(label)
        end_x, end_y = c.points(side)[-1]
        assert x > end_x == c.x_end
        assert close(end_y, height_of(c, total, 30)) and centred_on(y, end_y)


def test_close_end_labels_are_a_line_apart_the_higher_total_moving_up() -> None:
    # Right 2 of 20 ends above left 0 by a tenth of the plot's height, which is under 200: less than the
    # 20 units of a line. The left's label stays level with its end; the right's moves up, a line above.
    c = chart(ten_rolls())
    (_, left), (_, right) = c.at("L 0"), c.at("R 2")
    assert centred_on(left, c.origin[1])
    assert close(right, left - LINE)
    # Left 4 of 40 ends above right 0, again by a tenth of the plot's height: the left's label moves up.
    c = chart(four_rolls())
    (_, left), (_, right) = c.at("L 4"), c.at("R 0")
    assert centred_on(right, c.origin[1])
    assert close(left, right - LINE)


def test_on_equal_end_totals_the_left_label_goes_above() -> None:
    # 4 and 4: both lines end at the same point. The labels read top down L, R, as in the legend.
    c = chart(no_damage(4, 4))
    (_, left), (_, right) = c.at("L 4"), c.at("R 4")
    assert centred_on(right, c.y_top)
    assert close(left, right - LINE)


def test_the_view_draws_the_chart_from_four_rolls_on() -> None:
    """Over one to three rolls the table of both teams at the start and the end says what a chart would:
    the view draws none; from four rolls on it draws the chart above."""
    assert CHART_MIN_ROLLS == 4
    short = three_rolls()
    assert short.rolls == 3 and "<figure" not in battle_html(short, base="")
    wolf = cryptid("Wolf", 3, 30, every_roll(3))
    longer = battle(team([wolf]), team([cryptid("Yeti", 5, 12, every_roll(1))]))
    assert longer.rolls == 4  # the Yeti's 12 health, 3 a roll
    page = battle_html(longer, base="")
    assert page.count("<figure") == 1 and _chart(longer) in page
