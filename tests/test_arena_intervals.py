"""What is noise and what is not in the arena leaderboard: the win-share and head-to-head 95%
intervals, the verdict on adjacent bots, and how the report shows them (issue 13)."""

from __future__ import annotations

import csv
import io
import math
import random

import orjson
import pytest
from rich.console import Console

from arena.leaderboard import (
    WILSON_Z,
    build_leaderboard,
    clustered_share_interval,
    compare_adjacent,
    t_quantile_975,
    wilson_interval,
)
from arena.params import ArenaParams, BotEntry
from arena.records import GameRecord
from arena.report import leaderboard_tables, to_csv, to_json

Z2 = WILSON_Z**2


def _rec(game_id: int, deal: int, bots: list[str], ranks: list[int], **kw) -> GameRecord:
    n = len(bots)
    base = dict(
        game_id=game_id,
        deal=deal,
        group=0,
        seating=game_id % n,
        seed=deal,
        bots=bots,
        roles=["Earthfolk", "Elvenfolk", "Firefolk", "Smallfolk"][:n],
        ranks=ranks,
        scores=[{"total": 10 * (n - r)} for r in ranks],
        end_reason="round_limit",
        completed=True,
        rounds=3,
        decisions=40,
        duration_s=0.1,
    )
    base.update(kw)
    return GameRecord(**base)


def _params(names: list[str], players: int = 2, deals: int = 4, **kw) -> ArenaParams:
    return ArenaParams(bots=tuple(BotEntry(n, "random") for n in names), players=players, games=deals, **kw)


def _duel(a: str, b: str, a_ahead: list[int]) -> list[GameRecord]:
    """A two-bot, two-seat arena: deal d is played twice (a in seat 0, then in seat 1), and a
    finishes ahead in a_ahead[d] of those two games."""
    recs = []
    for deal, wins in enumerate(a_ahead):
        for seating in range(2):
            a_won = seating < wins
            bots = [a, b] if seating == 0 else [b, a]
            a_seat = bots.index(a)
            ranks = [1, 2] if (a_seat == 0) == a_won else [2, 1]
            recs.append(_rec(2 * deal + seating, deal, bots, ranks, seating=seating))
    return recs


def _board(names: list[str], recs: list[GameRecord], players: int = 2, deals: int = 4) -> dict:
    return build_leaderboard(_params(names, players, deals), recs, len(recs))


def _text(board: dict, width: int = 200) -> str:
    console = Console(width=width, record=True)
    console.print(leaderboard_tables(board))
    return console.export_text()


def _wilson_by_hand(p: float, n: float) -> tuple[float, float]:
    denom = 1 + Z2 / n
    centre = (p + Z2 / (2 * n)) / denom
    half = WILSON_Z * math.sqrt(p * (1 - p) / n + Z2 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


# ----------------------------------------------------------------------------- the numbers
@pytest.mark.parametrize(
    ("df", "t"),
    [
        (1, 12.7062),
        (3, 3.1824),
        (9, 2.2622),
        (19, 2.0930),
        (30, 2.0423),
        (39, 2.0227),
        (60, 2.0003),
        (120, 1.9799),
    ],
)
def test_t_quantiles_match_the_tables(df: int, t: float) -> None:
    assert t_quantile_975(df) == pytest.approx(t, abs=1e-4)


def test_clean_sweep_over_40_games_by_hand() -> None:
    """20 deals, a ahead in all 40 games: v = 0, so n_eff = n (t_39 / t_19)^2; Wilson at p = 1."""
    interval = clustered_share_interval([(2.0, 2)] * 20)
    assert interval is not None
    n_eff = 40 * (2.0227 / 2.0930) ** 2  # = 37.36
    assert interval.effective_games == pytest.approx(n_eff, abs=0.01)
    assert interval.share == 1.0 and interval.high == pytest.approx(1.0)
    assert interval.low == pytest.approx(n_eff / (n_eff + Z2), abs=1e-4)  # Wilson's lower end at p = 1
    assert interval.low == pytest.approx(0.9068, abs=1e-3) and not interval.contains(0.5)


def test_clustered_interval_by_hand() -> None:
    """10 deals of 2 games, a's score per deal 2 2 1 2 1 2 0 2 1 2: p = 15/20.
    sum_d (S_d - 2p)^2 = 6 (0.5^2) + 3 (0.5^2) + 1.5^2 = 4.5; v = 10/9 * 4.5 / 20^2 = 0.0125;
    p(1-p) / v = 0.1875 / 0.0125 = 15 (below n = 20); times (t_19 / t_9)^2; above m = 10."""
    interval = clustered_share_interval([(float(s), 2) for s in (2, 2, 1, 2, 1, 2, 0, 2, 1, 2)])
    assert interval is not None
    n_eff = 15 * (2.0930 / 2.2622) ** 2  # = 12.84
    assert interval.share == 0.75 and interval.games == 20 and interval.deals == 10
    assert interval.effective_games == pytest.approx(n_eff, abs=0.01)
    low, high = _wilson_by_hand(0.75, n_eff)
    assert (interval.low, interval.high) == pytest.approx((low, high), abs=1e-4)
    assert (interval.low, interval.high) == pytest.approx((0.4768, 0.9081), abs=1e-3)
    # Wider than Wilson over the 20 games as if independent: the deals differ more than that.
    plain = wilson_interval(15, 20)
    assert plain is not None and interval.high - interval.low > plain[1] - plain[0]


def test_few_deals_fall_back_to_one_sample_per_deal() -> None:
    """4 deals, scores 2 1 2 0 (p = 5/8): p(1-p)/v = 4.09, times (t_7 / t_3)^2 = 2.26, below
    m = 4: so each deal counts as one sample, Wilson at n = 4. One deal alone is one sample."""
    interval = clustered_share_interval([(2.0, 2), (1.0, 2), (2.0, 2), (0.0, 2)])
    assert interval is not None and interval.effective_games == 4.0
    assert (interval.low, interval.high) == pytest.approx(_wilson_by_hand(0.625, 4), abs=1e-6)
    assert (interval.low, interval.high) == pytest.approx((0.2194, 0.9081), abs=1e-3)
    one = clustered_share_interval([(6.0, 6)])
    assert one is not None and one.effective_games == 1.0 and one.contains(0.5)
    assert clustered_share_interval([]) is None


def test_seat_effects_are_not_counted_against_the_bots() -> None:
    """Every deal 1 of 2 (each bot wins from seat 0): v = 0 and 0 < p < 1, so n_eff = n."""
    interval = clustered_share_interval([(1.0, 2)] * 10)
    assert interval is not None and interval.share == 0.5
    assert interval.effective_games == pytest.approx(20 * (2.0930 / 2.2622) ** 2, abs=0.01)


def test_the_mu_rule_for_bots_that_never_met() -> None:
    verdict, rule, figures = compare_adjacent(None, (25.0, 20.0), (3.0, 2.0))
    assert (verdict, rule) == ("indistinguishable", "mu")
    assert figures["threshold"] == pytest.approx(1.96 * math.sqrt(13), abs=1e-3)  # 7.07 > 5
    assert compare_adjacent(None, (30.0, 20.0), (2.0, 2.0))[0] == "ordered"  # 10 > 5.54
    assert compare_adjacent(None, (20.0, 30.0), (2.0, 2.0))[0] == "reversed"
    sweep = clustered_share_interval([(0.0, 2)] * 20)  # the lower bot always ahead
    assert compare_adjacent(sweep, (30.0, 20.0), (1.0, 1.0))[:2] == ("reversed", "head_to_head")


# ----------------------------------------------------------------------------- whole boards
def test_two_copies_of_one_random_bot_cannot_be_told_apart() -> None:
    """The complaint of issue 13: two copies of one bot, a few deals, different ratings."""
    rng = random.Random(13)
    a_ahead = [sum(rng.random() < 0.5 for _ in range(2)) for _ in range(4)]
    board = _board(["r1", "r2"], _duel("r1", "r2", a_ahead))
    top, second = board["leaderboard"]
    assert top["ordinal"] != second["ordinal"]  # the ratings differ ...
    assert [p["pair"] for p in board["indistinguishable"]] == [[top["bot"], second["bot"]]]  # ... noise
    flagged = board["indistinguishable"][0]
    assert flagged["rule"] == "head_to_head" and flagged["places"] == [1, 2]
    low, high = flagged["figures"]["interval"]
    assert low <= 0.5 <= high and flagged["figures"]["deals"] == 4 and flagged["figures"]["games"] == 8
    assert top["indistinguishable_from"] is None and second["indistinguishable_from"] == top["bot"]
    text = _text(board)
    assert f"≈2 │ {second['bot']}" in text
    assert f"≈ Cannot be told apart (95%): {top['bot']} and {second['bot']} (head to head " in text
    assert "8 games on 4 deals)" in text


def test_a_bot_that_wins_every_game_is_told_apart() -> None:
    board = _board(["strong", "weak"], _duel("strong", "weak", [2] * 20), deals=20)
    assert [r["bot"] for r in board["leaderboard"]] == ["strong", "weak"]
    assert board["indistinguishable"] == []
    (pair,) = board["adjacent_pairs"]
    assert pair["verdict"] == "ordered" and pair["rule"] == "head_to_head"
    h = board["head_to_head_95"]["strong"]["weak"]
    assert h["share"] == 1.0 and h["games"] == 40 and h["deals"] == 20
    assert h["interval"][0] == pytest.approx(0.9068, abs=1e-3) and h["interval"][0] > 0.5
    back = board["head_to_head_95"]["weak"]["strong"]  # the same interval seen from the other side
    assert back["share"] == 0.0 and back["interval"] == pytest.approx(
        [1 - h["interval"][1], 1 - h["interval"][0]]
    )
    assert board["head_to_head"] == {"strong": {"weak": 1.0}, "weak": {"strong": 0.0}}  # unchanged
    assert board["leaderboard"][1]["indistinguishable_from"] is None
    text = _text(board)
    assert "Every bot is told apart from the next one (95%)." in text and "≈2" not in text


def test_head_to_head_pools_the_games_of_one_deal() -> None:
    """Three players, three bots, two deals of three seatings: a pair meets 3 times per deal,
    and the deal, not the group or the seating, is the cluster."""
    names = ["a", "b", "c"]
    recs = []
    orders = [["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"]]
    for deal in range(2):
        for s, bots in enumerate(orders):
            ranks = [{"a": 1, "b": 2, "c": 3}[x] if deal == 0 else {"a": 2, "b": 1, "c": 3}[x] for x in bots]
            recs.append(_rec(3 * deal + s, deal, bots, ranks, seating=s))
    board = _board(names, recs, players=3, deals=2)
    ab = board["head_to_head_95"]["a"]["b"]
    assert (ab["share"], ab["games"], ab["deals"]) == (0.5, 6, 2)
    # Deal scores 3 and 0 of 3: v = 2/1 * (1.5^2 + 1.5^2) / 36 = 0.25, p(1-p)/v = 1 < m = 2.
    assert ab["effective_games"] == 2.0
    assert ab["interval"] == pytest.approx([round(x, 4) for x in _wilson_by_hand(0.5, 2)])
    ac = board["head_to_head_95"]["a"]["c"]  # a ahead of c in all 6: n_eff = 6 (t_5 / t_1)^2, at least 2
    assert (ac["share"], ac["effective_games"]) == (1.0, 2.0)


def test_bots_that_never_met_are_compared_by_mu() -> None:
    """An incomplete arena: a beat b and c, b and c never played together."""
    recs = _duel("a", "b", [2, 2, 2]) + [
        _rec(10 + i, deal, bots, ranks)
        for i, (deal, bots, ranks) in enumerate(
            [(d, ["a", "c"], [1, 2]) for d in range(3)] + [(d, ["c", "a"], [2, 1]) for d in range(3)]
        )
    ]
    board = build_leaderboard(_params(["a", "b", "c"], 2, 3), recs, 18)
    assert board["leaderboard"][0]["bot"] == "a"
    second, third = (r["bot"] for r in board["leaderboard"][1:])
    assert "c" not in board["head_to_head_95"]["b"]
    flagged = {tuple(p["pair"]): p for p in board["indistinguishable"]}
    p = flagged[second, third]
    assert p["rule"] == "mu"
    f = p["figures"]
    assert abs(f["mu_difference"]) <= f["threshold"]
    assert f["threshold"] == pytest.approx(WILSON_Z * math.hypot(*f["sigma"]), abs=1e-3)
    assert "never played together; mu" in _text(board)


# ----------------------------------------------------------------------------- the report
def test_footer_explains_rating_sigma_and_intervals() -> None:
    board = _board(
        ["r1", "r2", "r3"], _duel("r1", "r2", [1, 2, 0, 1]) + _duel("r2", "r3", [1, 1, 1, 2]), deals=4
    )
    text = _text(board)
    assert "Win % [95%]" in text and "Head to head: how often the row bot finished ahead" in text
    assert "mu - 3 sigma: a conservative skill estimate, in rating points (not a win rate)" in text
    assert "sigma is OpenSkill's uncertainty about mu (one standard deviation), not a confidence" in text
    assert "interval of the win rate" in text
    assert "a win shared by k tied seats counting 1/k; 95% Wilson interval over the games as if" in text
    assert "95% interval taking the games of one deal as one sample" in text
    assert "cannot be told apart from the bot just above at 95%: their head-to-head interval" in text
    # The head-to-head cells carry their intervals: "50% [xx-yy]".
    h = board["head_to_head_95"]["r1"]["r2"]
    low, high = h["interval"]
    assert f"{100 * h['share']:.0f}% [{100 * low:.0f}-{100 * high:.0f}]" in text
    # The main table's win share: "xx% [lo%, hi%]".
    row = board["leaderboard"][0]
    lo, hi = row["win_rate_95"]
    assert f"{100 * row['win_rate']:.0f}% [{100 * lo:.0f}%, {100 * hi:.0f}%]" in text


def test_a_pair_against_the_ranking_is_said() -> None:
    board = _board(["strong", "weak"], _duel("strong", "weak", [2] * 20), deals=20)
    board["adjacent_pairs"][0]["verdict"] = "reversed"  # as if the head to head contradicted the ratings
    assert (
        "Against the ranking (95%): strong and weak (head to head 100% [91-100%], 40 games on 20 deals)"
        in (_text(board))
    )


def test_json_and_csv_carry_the_intervals() -> None:
    board = _board(["r1", "r2"], _duel("r1", "r2", [1, 2, 1, 1]))
    parsed = orjson.loads(to_json(board))
    for key in ("head_to_head", "head_to_head_95", "indistinguishable", "adjacent_pairs", "intervals"):
        assert key in parsed
    assert set(parsed["head_to_head_95"]["r1"]["r2"]) == {
        "share",
        "interval",
        "games",
        "deals",
        "effective_games",
    }
    assert "not a confidence interval" in parsed["rating"]["sigma"]
    assert all("win_rate_95" in r and "indistinguishable_from" in r for r in parsed["leaderboard"])
    rows = list(csv.DictReader(io.StringIO(to_csv(board))))
    assert len(rows) == 2 and list(rows[0])[-1] == "indistinguishable_from"
    assert rows[0]["indistinguishable_from"] == "" and rows[1]["indistinguishable_from"] == rows[0]["bot"]
    assert float(rows[0]["win_rate_low"]) <= float(rows[0]["win_rate"]) <= float(rows[0]["win_rate_high"])


def test_cooperative_boards_are_unchanged() -> None:
    params = _params(["a", "b"], 2, 2, game="mammothodus")
    seatings = [["a", "b"], ["b", "a"]]
    recs = [
        _rec(
            i,
            i // 2,
            seatings[i % 2],
            [1, 1],
            team="won" if i < 3 else "lost",
            roles=["Mammoths", "Bisons"],
        )
        for i in range(4)
    ]
    board = build_leaderboard(params, recs, 4)
    assert set(board) == {
        "arena",
        "rating",
        "leaderboard",
        "seats",
        "roles",
        "factions",
        "head_to_head",
        "end_reasons",
        "failures",
        "paired",
    }
    assert board["paired"] == []  # mixed teams only: no bot led a deal alone, nothing to pair
    assert board["head_to_head"] == {} and board["rating"]["model"] == "team results"
    assert all("indistinguishable_from" not in r for r in board["leaderboard"])
    assert "indistinguishable_from" not in to_csv(board).splitlines()[0]
    text = _text(board)
    assert "Win % [95% interval]" in text and "95% Wilson score interval of the win rate" in text
    assert "≈" not in text and "Head to head" not in text and "told apart" not in text
