"""Cooperative bots compared on the same deals (arena.paired): McNemar's exact test and the pairs
the leaderboard reports (the real `--teams self` arena: tests/test_mammothodus_cli.py)."""

from __future__ import annotations

import math
import random

import pytest

from arena.paired import PairedTeams, mcnemar_exact, paired_as_builtins, paired_teams


def _binomial_two_sided(x: int, y: int) -> float:
    """The same p-value the long way: every split of the discordant deals at 1/2 whose
    probability is at most the observed one's."""
    n = x + y
    if n == 0:
        return 1.0
    observed = math.comb(n, x)
    return min(1.0, sum(math.comb(n, i) for i in range(n + 1) if math.comb(n, i) <= observed) / 2**n)


@pytest.mark.parametrize(("x", "y", "p"), [(10, 1, 0.01171875), (6, 0, 0.03125), (5, 0, 0.0625), (3, 3, 1.0)])
def test_mcnemar_exact_known_values(x: int, y: int, p: float) -> None:
    assert mcnemar_exact(x, y) == pytest.approx(p)
    assert mcnemar_exact(y, x) == pytest.approx(p)  # two-sided: symmetric


def test_mcnemar_exact_agrees_with_the_binomial_tails() -> None:
    rng = random.Random(7)
    for _ in range(200):
        x, y = rng.randrange(0, 30), rng.randrange(0, 30)
        assert mcnemar_exact(x, y) == pytest.approx(_binomial_two_sided(x, y)), (x, y)
    assert mcnemar_exact(0, 0) == 1.0


def test_pairs_count_only_the_deals_both_led_alone_once() -> None:
    games = [
        # deal 0: both won; deal 1: only s; deal 2: only g; deals 3-9: only s; deal 10: g twice
        ("s", 0, True), ("g", 0, True),
        ("s", 1, True), ("g", 1, False),
        ("s", 2, False), ("g", 2, True),
        *[("s", d, True) for d in range(3, 10)], *[("g", d, False) for d in range(3, 10)],
        ("s", 10, False), ("g", 10, True), ("g", 10, True),  # two seatings: left out
        ("r", 0, False),  # r played one deal
    ]  # fmt: skip
    pairs = paired_teams(["s", "g", "r"], games)
    assert [(p.a, p.b) for p in pairs] == [("s", "g"), ("s", "r"), ("g", "r")]
    sg = pairs[0]
    assert (sg.deals, sg.both_won, sg.a_only, sg.b_only) == (10, 1, 8, 1)
    assert sg.p_value == round(mcnemar_exact(8, 1), 6) and sg.p_value < 0.05
    assert sg.verdict == "s better (p < 0.05)"
    sr = pairs[1]
    assert (sr.deals, sr.both_won, sr.a_only, sr.b_only, sr.p_value) == (1, 0, 1, 0, 1.0)
    assert sr.verdict == "no difference shown"
    # the worse bot named first: the verdict names the better one all the same
    assert PairedTeams("g", "s", 10, 1, 1, 8, sg.p_value).verdict == "s better (p < 0.05)"
    assert paired_as_builtins(pairs)[0] == {
        "a": "s", "b": "g", "deals": 10, "both_won": 1, "a_only": 8, "b_only": 1,
        "p_value": sg.p_value, "verdict": "s better (p < 0.05)",
    }  # fmt: skip


def test_bots_that_never_shared_a_deal_are_not_paired() -> None:
    assert paired_teams(["a", "b"], [("a", 0, True), ("b", 1, False)]) == []
    assert paired_teams(["a"], [("a", 0, True)]) == []
