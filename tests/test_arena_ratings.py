"""Ratings against the published Weng-Lin formulas, and the leaderboard's counting rules."""

from __future__ import annotations

import csv
import io
import math
import random

import orjson
import pytest

from arena.leaderboard import build_leaderboard, win_shares
from arena.params import ArenaParams, BotEntry
from arena.ratings import BETA, MU, SIGMA, compute_ratings
from arena.records import GameRecord
from arena.report import leaderboard_tables, to_csv, to_json


def weng_lin_plackett_luce(
    mus: list[float], sigmas: list[float], ranks: list[int], beta: float = BETA, kappa: float = 1e-4
) -> list[tuple[float, float]]:
    """Algorithm 4 of Weng & Lin (2011), JMLR 12, one player per team, written from the paper:

    c = sqrt(sum(sigma_i^2 + beta^2)); C_q = sum over r(s) >= r(q) of exp(mu_s / c);
    A_q = number of teams sharing q's rank; for each i, over q with r(q) <= r(i):
    Omega_i = sigma_i^2/c * sum((delta_qi - e_i/C_q) / A_q),
    Delta_i = gamma_i * sigma_i^2/c^2 * sum(e_i/C_q * (1 - e_i/C_q) / A_q), gamma_i = sigma_i/c;
    mu_i += Omega_i, sigma_i *= sqrt(max(1 - Delta_i, kappa)).
    (openskill 6.2 also has code giving tied teams the mean of their mu changes, but it compares
    each updated rating with itself, so it changes nothing: the paper's figures are what it gives.)
    """
    n = len(mus)
    c = math.sqrt(sum(s * s + beta * beta for s in sigmas))
    e = [math.exp(m / c) for m in mus]
    big_c = [sum(e[s] for s in range(n) if ranks[s] >= ranks[q]) for q in range(n)]
    a = [sum(1 for s in range(n) if ranks[s] == ranks[q]) for q in range(n)]
    out = []
    for i in range(n):
        omega = delta = 0.0
        for q in range(n):
            if ranks[q] <= ranks[i]:
                p = e[i] / big_c[q]
                omega += ((1.0 if q == i else 0.0) - p) / a[q]
                delta += p * (1 - p) / a[q]
        s2 = sigmas[i] ** 2
        omega *= s2 / c
        delta *= (sigmas[i] / c) * s2 / c**2
        out.append((mus[i] + omega, sigmas[i] * math.sqrt(max(1 - delta, kappa))))
    return out


def test_one_game_two_players_by_hand() -> None:
    # From the prior: c^2 = 2 (sigma^2 + beta^2); the winner gains sigma^2 / (2c).
    c = math.sqrt(2 * (SIGMA**2 + BETA**2))
    gain = SIGMA**2 / (2 * c)
    new_sigma = SIGMA * math.sqrt(1 - (SIGMA / c) * SIGMA**2 / c**2 / 4)
    r = compute_ratings(["w", "l"], [(["w", "l"], [1, 2])])
    assert r["w"].mu == pytest.approx(MU + gain, abs=1e-9)
    assert r["l"].mu == pytest.approx(MU - gain, abs=1e-9)
    assert r["w"].sigma == pytest.approx(new_sigma, abs=1e-9) == r["l"].sigma
    # The same figures written out: 27.6352, 22.3648, 8.0655.
    assert (round(r["w"].mu, 4), round(r["l"].mu, 4), round(r["w"].sigma, 4)) == (27.6352, 22.3648, 8.0655)
    assert r["w"].ordinal == pytest.approx(r["w"].mu - 3 * r["w"].sigma)


def test_sequence_of_multiplayer_games_matches_the_paper() -> None:
    games = [
        (["a", "b", "c"], [1, 2, 3]),
        (["c", "a", "d", "b"], [2, 1, 4, 3]),
        (["d", "b"], [1, 2]),
        (["a", "b", "c", "d"], [1, 2, 2, 4]),  # a tie between b and c
        (["b", "d", "a"], [3, 1, 1]),  # a shared win
    ]
    expected = {n: (MU, SIGMA) for n in "abcd"}
    for bots, ranks in games:
        before = [expected[b] for b in bots]
        after = weng_lin_plackett_luce([m for m, _ in before], [s for _, s in before], ranks)
        expected.update(zip(bots, after, strict=True))
    r = compute_ratings("abcd", games)
    for name in "abcd":
        assert (r[name].mu, r[name].sigma) == pytest.approx(expected[name], abs=1e-9), name


def _tie_game_setup() -> list[tuple[list[str], list[int]]]:
    # Games where b and c always have equal ratings at the moment they tie.
    return [(["a", "b", "c"], [1, 2, 2]), (["a", "b", "c"], [3, 1, 1])]


def test_ties_give_equal_updates() -> None:
    r = compute_ratings("abc", _tie_game_setup())
    assert r["b"].mu == pytest.approx(r["c"].mu) and r["b"].sigma == pytest.approx(r["c"].sigma)


def test_ratings_depend_on_order_so_leaderboard_sorts_by_game_id() -> None:
    params = ArenaParams(
        bots=(BotEntry("a", "x"), BotEntry("b", "y"), BotEntry("c", "z")), players=2, games=1
    )
    recs = [
        _rec(i, [["a", "b"], ["b", "c"], ["c", "a"]][i % 3], [1, 2] if i % 4 else [2, 1]) for i in range(24)
    ]
    shuffled = recs[:]
    random.Random(1).shuffle(shuffled)
    b1 = build_leaderboard(params, recs, 24)
    b2 = build_leaderboard(params, shuffled, 24)
    assert b1 == b2
    swapped = compute_ratings(["a", "b", "c"], [(r.bots, r.ranks) for r in shuffled])
    ordered = compute_ratings(["a", "b", "c"], [(r.bots, r.ranks) for r in recs])
    assert swapped != ordered  # so the sort above is what makes the leaderboard reproducible


def _rec(game_id: int, bots: list[str], ranks: list[int], **kw) -> GameRecord:
    n = len(bots)
    base = dict(
        game_id=game_id,
        deal=0,
        group=0,
        seating=game_id % n,
        seed=1,
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


def test_win_shares() -> None:
    assert win_shares([1, 2, 3]) == [1, 0, 0]
    assert win_shares([1, 1, 3]) == [0.5, 0.5, 0]
    assert win_shares([2, 1, 1, 1]) == pytest.approx([0, 1 / 3, 1 / 3, 1 / 3])


def _board():
    params = ArenaParams(
        bots=(BotEntry("good", "g"), BotEntry("mid", "m"), BotEntry("bad", "b")), players=3, games=2
    )
    recs = [
        _rec(0, ["good", "mid", "bad"], [1, 2, 3]),
        _rec(1, ["mid", "bad", "good"], [2, 3, 1]),
        _rec(2, ["bad", "good", "mid"], [3, 1, 1]),  # shared win
        _rec(
            3,
            ["good", "mid", "bad"],
            [2, 1, 3],
            forfeits=[2],
            failures=[{"seat": 2, "status": "crash", "detail": "exit code 3", "consequence": "forfeit"}],
        ),
    ]
    return build_leaderboard(params, recs, scheduled=6)


def test_leaderboard_counts() -> None:
    board = _board()
    rows = {r["bot"]: r for r in board["leaderboard"]}
    assert [r["bot"] for r in board["leaderboard"]] == ["good", "mid", "bad"]
    assert [r["place"] for r in board["leaderboard"]] == [1, 2, 3]
    good, mid, bad = rows["good"], rows["mid"], rows["bad"]
    assert good["games"] == mid["games"] == bad["games"] == 4
    assert good["wins"] == 2.5 and mid["wins"] == 1.5 and bad["wins"] == 0
    assert good["win_rate"] == 0.625
    assert good["avg_place"] == pytest.approx((1 + 1 + 1 + 2) / 4)
    assert bad["forfeits"] == 1 and bad["failures"] == {"crash": 1}
    assert board["failures"] == {"crash": 1}
    assert good["seats"][0] == {
        "games": 2,
        "wins": 1.0,
        "win_rate": 0.5,
        "avg_place": 1.5,
        "avg_score": 15.0,
        "avg_vp": 15.0,  # the old name, kept beside it
    }
    assert good["seats"][1]["wins"] == 0.5
    assert board["seats"][0]["games"] == 4 and sum(s["wins"] for s in board["seats"]) == pytest.approx(4)
    assert sum(f["wins"] for f in board["roles"].values()) == pytest.approx(4)
    assert board["factions"] == board["roles"] and good["factions"] == good["roles"]  # old name
    assert board["head_to_head"]["good"]["mid"] == pytest.approx((1 + 1 + 0.5 + 0) / 4)
    assert board["head_to_head"]["mid"]["good"] == pytest.approx(1 - (1 + 1 + 0.5 + 0) / 4)
    assert board["arena"]["games_played"] == 4 and board["arena"]["complete"] is False
    assert board["leaderboard"][0]["ordinal"] > board["leaderboard"][1]["ordinal"]


def test_report_formats() -> None:
    board = _board()
    parsed = orjson.loads(to_json(board))
    assert parsed["leaderboard"][0]["bot"] == "good"
    rows = list(csv.DictReader(io.StringIO(to_csv(board))))
    assert [r["bot"] for r in rows] == ["good", "mid", "bad"]
    assert rows[2]["failures_crash"] == "1" and rows[0]["failures_timeout"] == "0"
    assert float(rows[0]["win_rate"]) == 0.625
    assert rows[0]["seat0_win_rate"] == "0.5"
    from rich.console import Console

    console = Console(width=140, record=True)
    console.print(leaderboard_tables(board))
    text = console.export_text()
    assert "Arena leaderboard (altay): 3 players, 3 bots, 4/6 games (INCOMPLETE)" in text
    assert "1 crash" in text and "Per seat" in text and "Per faction" in text and "Head to head" in text
