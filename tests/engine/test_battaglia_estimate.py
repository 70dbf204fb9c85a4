"""Win-probability estimates and a battle's result: each battle of an estimate is a battle with its own seed,
the counts add up, the intervals are Wilson's, and a result says what the battle cost each side.

The expected values come from the definitions (the Wilson score interval's closed forms at 0 and at every
success; ``seed * 2**32 + i``; BAT-10 and I-BAT-13 for the stakes), not from a run of the code.
"""

from __future__ import annotations

import math

import pytest

from estro_rules.battaglia import REFERENCE_LEFT, REFERENCE_RIGHT, Winner, battle, battle_seed, team
from estro_rules.battaglia.parallel import MAX_JOBS, ParallelSimulation, split
from estro_rules.battaglia.rules import MAX_BATTLES, MAX_ESTIMATE_SEED
from estro_rules.battaglia.simulate import Z95, Estimate, Rate, Simulation, estimate, wilson
from estro_rules.battaglia.teams import Team
from estro_rules.errors import ScenarioError
from tests.support.battaglia import cryptid


def coin_flip() -> tuple[Team, Team]:
    """Left wins on 2-6 (15 of 36), right on 8-12 (15 of 36), both die on a 7 (a draw, 6 of 36)."""
    left = cryptid("L", 2, 1, {"when": {"range": [2, 6]}, "effect": {"damage": 1}}, {"when": {"total": 7}, "effect": {"dot": 1, "rolls": 1}})
    right = cryptid("R", 1, 1, {"when": {"range": [8, 12]}, "effect": {"damage": 1}}, {"when": {"total": 7}, "effect": {"dot": 1, "rolls": 1}})
    return team([left], "left"), team([right], "right")


# --------------------------------------------------------------------------
# The Wilson score interval


def test_wilson_interval_at_its_closed_forms() -> None:
    """With no success the interval is [0, z²/(n + z²)]; with every success [n/(n + z²), 1]; 1/2 is symmetric."""
    n = 10
    z2 = Z95 * Z95
    assert wilson(0, n) == (0.0, pytest.approx(z2 / (n + z2)))
    low, high = wilson(n, n)
    assert low == pytest.approx(n / (n + z2)) and high == pytest.approx(1.0)
    assert wilson(0, n, z=1.0) == (0.0, pytest.approx(1 / (n + 1)))
    low, high = wilson(50, 100)
    assert low + high == pytest.approx(1.0) and 0.40 < low < 0.41
    # A wider z widens the interval; more trials narrow it.
    assert wilson(5, 10, z=3.0)[0] < wilson(5, 10)[0] < wilson(50, 100)[0]
    assert wilson(0, 1) == (0.0, pytest.approx(z2 / (1 + z2))) and wilson(1, 1)[0] == pytest.approx(1 / (1 + z2))
    # A rate's interval never leaves [0, 1], not even by a rounding error (0 of 21 and 16 of 16 round past it).
    for trials in range(1, 70):
        for successes in range(trials + 1):
            low, high = wilson(successes, trials)
            assert 0.0 <= low <= high <= 1.0 and low < successes / trials + 1e-12 and high > successes / trials - 1e-12
    # Nothing played: nothing is known.
    assert wilson(0, 0) == (0.0, 1.0) and wilson(3, -1) == (0.0, 1.0)
    assert math.isclose(Z95, 1.96, abs_tol=0.001)


def test_a_rate_is_its_count_over_the_battles_played() -> None:
    est = Estimate(battles=10, played=8, seed=3, left_wins=2, draws=1, right_wins=5)
    assert est.rate("left") == Rate(2, 0.25, *wilson(2, 8))
    assert est.rate("draw") == Rate(1, 0.125, *wilson(1, 8))
    assert est.rate("right") == Rate(5, 0.625, *wilson(5, 8))
    assert est.summary() == "left 25.0%  draw 12.5%  right 62.5%"
    assert not est.complete and Estimate(10, 10, 3, 2, 1, 7).complete
    none = Estimate(battles=10, played=0, seed=0, left_wins=0, draws=0, right_wins=0)
    assert none.rate("left") == Rate(0, 0.0, 0.0, 1.0)
    data = est.to_json()
    assert data == {
        "kind": "battaglia.estimate",
        "battles": 10,
        "played": 8,
        "complete": False,
        "seed": 3,
        "left_wins": 2,
        "draws": 1,
        "right_wins": 5,
        "rates": {k: est.rate(k).to_json() for k in ("left", "draw", "right")},
        "confidence": 0.95,
    }
    low, high = wilson(2, 8)
    assert data["rates"]["left"] == {"count": 2, "rate": 0.25, "low": round(low, 4), "high": round(high, 4)}
    assert Rate(1, 1 / 3, 0.123456, 0.98765).to_json() == {"count": 1, "rate": 0.3333, "low": 0.1235, "high": 0.9877}


# --------------------------------------------------------------------------
# A simulation: battle i is the battle with seed S * 2**32 + i


def test_each_battle_of_an_estimate_is_the_battle_with_its_own_seed() -> None:
    """Battle i of an estimate with seed S is the battle with seed S * 2**32 + i; ``first`` starts further on."""
    left, right = REFERENCE_LEFT, REFERENCE_RIGHT
    assert battle_seed(5, 7) == 5 * 2**32 + 7
    winners = [battle(left, right, seed=5 * 2**32 + i, trace=False).winner for i in range(40)]
    expected = (winners.count(Winner.LEFT), winners.count(Winner.DRAW), winners.count(Winner.RIGHT))
    est = Simulation(left, right, battles=40, seed=5).advance(40)
    assert (est.left_wins, est.draws, est.right_wins) == expected and est.played == 40 and est.seed == 5
    part = Simulation(left, right, battles=15, seed=5, first=25).advance(100)
    tail = winners[25:]
    assert (part.left_wins, part.draws, part.right_wins) == (tail.count(Winner.LEFT), tail.count(Winner.DRAW), tail.count(Winner.RIGHT))
    assert part.played == part.battles == 15


def test_a_simulation_counts_each_outcome_in_its_own_place() -> None:
    """Left wins, draws and right wins each land in their own count (compare with single battles)."""
    left, right = coin_flip()
    sim = Simulation(left, right, battles=300, seed=2)
    est = sim.advance(300)
    outcomes = [battle(left, right, seed=battle_seed(2, i), trace=False).winner for i in range(300)]
    assert (est.left_wins, est.draws, est.right_wins) == (
        outcomes.count(Winner.LEFT),
        outcomes.count(Winner.DRAW),
        outcomes.count(Winner.RIGHT),
    )
    assert min(est.left_wins, est.draws, est.right_wins) > 20  # every outcome happens
    assert sim.progress() == (300, 300, est.summary())


def test_a_simulation_advances_by_whole_battles_and_never_past_the_end() -> None:
    left, right = coin_flip()
    sim = Simulation(left, right, battles=7)
    # A simulation says what it estimates: the two teams it pits against each other, as given.
    assert sim.left is left and sim.right is right and sim.battles == 7
    assert (sim.played, sim.done, sim.seed, sim.first) == (0, False, 0, 0)
    assert sim.advance(7) == Simulation(left, right, battles=7, seed=0, first=0).advance(7)
    sim = Simulation(left, right, battles=7)
    assert sim.advance(0).played == 0 and sim.advance(-3).played == 0
    assert sim.advance(3).played == 3 and not sim.done
    assert sim.progress()[:2] == (3, 7)
    assert sim.advance(10).played == 7 and sim.done and sim.estimate.complete
    assert sim.advance(1).played == 7


def test_a_stopped_simulation_plays_no_more() -> None:
    left, right = coin_flip()
    sim = Simulation(left, right, battles=10)
    sim.advance(4)
    stopped = sim.stop()
    assert stopped.stopped and stopped.played == 4 and sim.done
    assert sim.advance(5).played == 4 and sim.advance_for(0.01).played == 4
    # Stopping a finished simulation is not a cut-short estimate.
    whole = Simulation(left, right, battles=3)
    whole.advance(3)
    assert not whole.stop().stopped


def test_a_simulation_checks_its_numbers() -> None:
    left, right = coin_flip()
    Simulation(left, right, battles=1, seed=MAX_ESTIMATE_SEED)
    Simulation(left, right, battles=MAX_BATTLES)
    Simulation(left, right, battles=10, first=MAX_BATTLES - 10)
    for kwargs, message in (
        ({"battles": 0}, r"^battles: expected a whole number from 1 to 100,000, got 0$"),
        ({"battles": MAX_BATTLES + 1}, r"^battles: expected a whole number from 1 to 100,000, got 100001$"),
        ({"battles": 1, "seed": -1}, r"^seed: "),
        ({"battles": 1, "seed": MAX_ESTIMATE_SEED + 1}, r"^seed: "),
        ({"battles": 1, "first": -1}, r"^first: "),
        ({"battles": 10, "first": MAX_BATTLES - 9}, r"^first: expected a whole number from 0 to 99,990, got 99991$"),
    ):
        with pytest.raises(ScenarioError, match=message):
            Simulation(left, right, **kwargs)


def test_advance_for_sizes_its_batches_to_about_ten_milliseconds() -> None:
    """Batches take about 10 ms by the clock (at least one battle, at most 10,000), and a slice ends with the
    first batch that passes its time."""
    left, right = coin_flip()

    def run(cost: float, seconds: float, count: int = 4) -> tuple[list[int], list[int]]:
        """The batch sizes of ``count`` slices with battles that each "take" ``cost`` seconds, and each slice's count."""
        sim = Simulation(left, right, battles=MAX_BATTLES)
        sizes: list[int] = []

        def advance(count: int) -> Estimate:
            sizes.append(count)
            return Simulation.advance(sim, count)

        sim.advance = advance  # type: ignore[method-assign]
        slices = []
        for _ in range(count):
            before = sim.played
            sim.advance_for(seconds, lambda: sim.played * cost)
            slices.append(sim.played - before)
            # The slice passed its time with its last batch, not before.
            assert slices[-1] * cost >= seconds > (slices[-1] - sizes[-1]) * cost
        return sizes, slices

    # The first batch is 10 battles; then 10 ms' worth: 0.01 / 2**-10 = 10.24 battles, 0.01 / 2**-13 = 81.92.
    sizes, slices = run(2**-10, 0.05)
    assert sizes[0] == 10 and set(sizes[1:]) == {10}
    assert slices == [60, 60, 60, 60]  # 0.05 s is 51.2 battles: the 6th batch passes it
    # A slice whose time is up exactly at the end of a batch ends there (60 battles of 2**-10 s: 60/1024 s).
    _, slices = run(2**-10, 60 / 1024)
    assert slices == [60, 60, 60, 60]
    sizes, _ = run(2**-13, 0.05)
    assert sizes[0] == 10 and set(sizes[1:]) == {81}
    # 30 ms a battle: one battle a batch (never none).
    sizes, slices = run(0.03, 0.05)
    assert set(sizes[1:]) == {1} and slices == [10, 2, 2, 2]
    # Battles that take next to no time: batches of 10,000 at most.
    sizes, slices = run(2**-30, 0.000005, count=1)
    assert sizes == [10, 10_000] and slices == [10_010]


def test_advance_for_plays_on_while_the_clock_stands_still() -> None:
    """A clock that does not move (a coarse timer) still lets an estimate go on, by ever larger batches."""
    left, right = coin_flip()
    sim = Simulation(left, right, battles=1000)
    played = [sim.advance_for(0.0, lambda: 7.0).played for _ in range(4)]
    assert played == [10, 30, 70, 150]


def test_estimate_yields_about_fifty_updates_the_last_complete() -> None:
    left, right = coin_flip()
    updates = list(estimate(left, right, battles=200, seed=1))
    assert [u.played for u in updates] == list(range(4, 201, 4))
    assert updates[-1].complete and not updates[-2].complete
    assert [u.played for u in estimate(left, right, battles=30)] == list(range(1, 31))
    assert [u.played for u in estimate(left, right, battles=30, chunk=12)] == [12, 24, 30]
    assert [u.played for u in estimate(left, right, battles=100, chunk=1)] == list(range(1, 101))
    # With no seed given, the master seed is 0: the same battles as Simulation's default.
    last = list(estimate(left, right, battles=40))[-1]
    assert last.seed == 0 and last == Simulation(left, right, battles=40, seed=0).advance(40)


# --------------------------------------------------------------------------
# Several processes share one estimate


def test_split_covers_every_battle_once_as_evenly_as_can_be() -> None:
    assert split(10, 3) == [(0, 4), (4, 3), (7, 3)]
    assert split(9, 3) == [(0, 3), (3, 3), (6, 3)]
    assert split(2, 4) == [(0, 1), (1, 1)]
    assert split(1, 1) == [(0, 1)]
    for battles, jobs in ((100, 7), (5, 5), (64, 64), (3, 64)):
        ranges = split(battles, jobs)
        covered = [i for first, count in ranges for i in range(first, first + count)]
        assert covered == list(range(battles))
        sizes = [count for _first, count in ranges]
        assert max(sizes) - min(sizes) <= 1 and len(ranges) == min(battles, jobs)


def test_a_parallel_estimate_is_the_same_estimate() -> None:
    left, right = coin_flip()
    shared = ParallelSimulation(left, right, battles=90, seed=4, jobs=3)
    try:
        while not shared.done:
            shared.advance_for(0.5)
    finally:
        shared.close()
    alone = Simulation(left, right, battles=90, seed=4).advance(90)
    assert shared.estimate == alone
    assert shared.progress() == (90, 90, alone.summary())


def test_a_parallel_estimate_checks_its_numbers() -> None:
    left, right = coin_flip()
    for jobs in (0, MAX_JOBS + 1):
        with pytest.raises(ScenarioError, match=r"^--jobs: expected a whole number from 1 to 64"):
            ParallelSimulation(left, right, battles=10, jobs=jobs)
    with pytest.raises(ScenarioError, match=r"^battles: "):
        ParallelSimulation(left, right, battles=0, jobs=2)
    # The seed is checked as for one process: an estimate's seeds stop at 2**31 - 1.
    with pytest.raises(ScenarioError) as alone:
        Simulation(left, right, battles=10, seed=2**31)
    with pytest.raises(ScenarioError) as shared:
        ParallelSimulation(left, right, battles=10, seed=2**31, jobs=2)
    assert str(shared.value) == str(alone.value) and str(alone.value).startswith("seed: ")


def test_a_parallel_estimate_counts_nothing_before_its_first_report() -> None:
    left, right = coin_flip()
    shared = ParallelSimulation(left, right, battles=30, seed=2, jobs=3)
    try:
        assert shared.estimate == Estimate(30, 0, 2, 0, 0, 0)
        assert shared.progress()[:2] == (0, 30) and not shared.done
        # Its processes end with the command that started them, even if it is killed.
        assert [p.daemon for p in shared._processes] == [True, True, True]
    finally:
        shared.close()


def test_a_parallel_estimate_plays_seed_0_on_two_processes_unless_told() -> None:
    left, right = coin_flip()
    shared = ParallelSimulation(left, right, battles=30)
    try:
        assert len(shared._processes) == 2
        while not shared.done:
            shared.advance_for(0.5)
    finally:
        shared.close()
    assert shared.estimate == Simulation(left, right, battles=30, seed=0).advance(30)
    assert shared.estimate.seed == 0


# --------------------------------------------------------------------------
# A battle's result


def test_a_result_says_who_won_what_it_cost_and_whether_it_is_a_win() -> None:
    """BAT-10: a draw costs no lives and is not a win; I-BAT-13: only a loss can cost lives."""
    left = team([cryptid("Nessie", 3, 5, {"when": "every_roll", "effect": {"damage": 4}})], "left")
    right = team([cryptid("Kappa", 2, 4), cryptid("Imp", 1, 3)], "right")
    result = battle(left, right, dice=[[1, 2], [1, 2]])
    # Roll 1: Kappa 4 -> 0, dies; roll 2: Imp 3 -> 0, dies: left wins after 2 rolls on 5 against 0.
    assert result.health == (5, 0) and result.final_health == (5, 0, 0)
    data = result.to_json()
    trace = data.pop("trace")
    assert data == {
        "kind": "battaglia.battle",
        "winner": "left",
        "reason": "side_empty",
        "rolls": 2,
        "turns": 2,
        "health": {"left": 5, "right": 0},
        "start_health": {"left": 5, "right": 7},
        "final_health": {"left": [5], "right": [0, 0]},
        "left": {"costs_life": False, "win": True},
        "right": {"costs_life": True, "win": False},
        "limits": [],
        "rulings": ["BAT-8", "I-BAT-13"],
        "seed": 0,
    }
    assert [r["roll"] for r in trace] == [1, 2] and trace[0]["events"][0]["text"] == "Roll 1: 1 + 2 = 3 (forced)"
    # Without a trace, no trace key; a draw: nobody loses a life, nobody wins.
    draw = battle(team([cryptid("A", 1, 3)]), team([cryptid("B", 1, 3)]), trace=False).to_json()
    assert "trace" not in draw and "trace_cut" not in draw
    assert draw["winner"] == "draw" and draw["left"] == draw["right"] == {"costs_life": False, "win": False}


def test_a_results_events_are_filtered_by_kind_and_by_roll() -> None:
    left = team([cryptid("Nessie", 3, 9, {"when": "every_roll", "effect": {"damage": 1}})])
    right = team([cryptid("Kappa", 2, 3)])
    result = battle(left, right, dice=[[1, 2], [1, 2], [1, 2]])
    assert [e.health for e in result.events("damage")] == [2, 1, 0]
    assert [e.health for e in result.events("damage", until=2)] == [2, 1]
    assert [e.kind for e in result.events(until=1)] == ["roll", "activate", "damage"]
    assert [e.kind for e in result.events("death", "end")] == ["death", "end"]
    assert len(result.events()) == sum(len(r.events) for r in result.trace)


def test_one_process_plays_its_range_and_reports_whole_battles() -> None:
    """A process of a shared estimate plays battles first .. first + count - 1, reports its counts so far after
    each slice, and leaves Ctrl-C to the parent."""
    import signal

    from estro_rules.battaglia.parallel import _play_range

    left, right = coin_flip()
    reports: list[object] = []

    class Reports:
        def put(self, item: object) -> None:
            reports.append(item)

    before = signal.getsignal(signal.SIGINT)
    try:
        _play_range(left, right, 4, 30, 50, 2, Reports())  # type: ignore[arg-type]
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)
    part = Simulation(left, right, battles=50, seed=4, first=30).advance(50)
    assert reports[-1] == (2, (part.left_wins, part.draws, part.right_wins))
    assert all(index == 2 for index, _counts in reports)  # type: ignore[misc]


def test_a_parallel_estimate_whose_processes_die_says_so() -> None:
    shared = ParallelSimulation(REFERENCE_LEFT, REFERENCE_RIGHT, battles=MAX_BATTLES, seed=1, jobs=2)
    try:
        for process in shared._processes:
            process.terminate()
            process.join(5)
        with pytest.raises(RuntimeError, match="^the processes of the estimate stopped before it was complete$"):
            while True:
                shared.advance_for(0.2)
    finally:
        shared.close()
    assert not any(p.is_alive() for p in shared._processes)


def test_a_parallel_estimate_takes_reports_only_for_its_slice() -> None:
    """advance_for returns after about its time even while the processes still play; close stops them."""
    shared = ParallelSimulation(REFERENCE_LEFT, REFERENCE_RIGHT, battles=MAX_BATTLES, seed=1, jobs=2)
    try:
        est = shared.advance_for(0.3)
        assert est.played < MAX_BATTLES and not shared.done
        assert est.left_wins + est.draws + est.right_wins == est.played
        assert est == shared.estimate and est.battles == MAX_BATTLES and est.seed == 1
    finally:
        shared.close()
    assert not any(p.is_alive() for p in shared._processes)
