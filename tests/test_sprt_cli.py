"""`altay sprt`: paired games until the test decides, as real bot subprocesses through the referee."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from altay_cli.engine import load_game
from arena.modes import ArenaRun, Outcome, SprtRun
from arena.params import ArenaParams, ArenaUsageError, BotEntry, SprtSpec
from arena.records import GameRecord
from arena.schedule import build_pair_schedule, pair_seats
from arena.sprt_results import SprtTracker, game_score

HERE = Path(__file__).parent
CRASH = f"{sys.executable} {HERE / 'arena_bots' / 'crash_bot.py'}"


def altay(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", "from altay_cli.cli import main; main()", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


# ----------------------------------------------------------------------------- the schedule


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pairs_swap_new_and_base_on_one_deal_and_keep_the_fillers(players: int) -> None:
    sched = build_pair_schedule(players, 12, seed=9)
    assert [g.game_id for g in sched] == list(range(24))
    met = set()
    for first, second in zip(sched[::2], sched[1::2]):
        assert first.deal == second.deal and first.seed == second.seed and first.roles == second.roles
        a, b = first.seats.index(0), first.seats.index(1)
        assert (second.seats.index(0), second.seats.index(1)) == (b, a)
        assert (a, b) == pair_seats(players, first.deal)
        met.add((a, b))
        for seat in range(players):  # the fillers stay put, in order
            if seat not in (a, b):
                assert first.seats[seat] == second.seats[seat] >= 2
        assert sorted(first.seats) == list(range(players))
    assert len(met) == players * (players - 1) // 2  # NEW and BASE meet in every pair of seats
    assert len({g.seed for g in sched}) == 12


def _record(game_id: int, bots: list[str], ranks: list[int]) -> GameRecord:
    n = len(bots)
    return GameRecord(
        game_id=game_id,
        deal=game_id // 2,
        group=0,
        seating=game_id % 2,
        seed=1,
        bots=bots,
        roles=[""] * n,
        ranks=ranks,
        scores=[{"total": 0} for _ in bots],
        end_reason="x",
        completed=True,
        rounds=1,
        decisions=1,
        duration_s=0.1,
        log="",
    )


def test_a_game_scores_new_against_base_only_and_pairs_count_when_complete() -> None:
    params = ArenaParams(
        bots=(BotEntry("n", "random"), BotEntry("b", "random"), BotEntry("f", "random")),
        players=3,
        games=5,
        sprt=SprtSpec(0, 50),
    )
    params.validate()
    # NEW second behind a filler but ahead of BASE: a win; equal ranks: a draw
    assert game_score(params, _record(0, ["f", "n", "b"], [1, 2, 3])) == 1.0
    assert game_score(params, _record(1, ["f", "b", "n"], [1, 2, 2])) == 0.5
    assert game_score(params, _record(2, ["b", "f", "n"], [1, 2, 3])) == 0.0
    t = SprtTracker(params)
    assert t.add(_record(0, ["f", "n", "b"], [1, 2, 3])) is False  # half a pair: no change
    assert t.pentanomial.pairs == 0
    assert t.add(_record(3, ["b", "n", "f"], [2, 1, 3])) is False  # another deal's half
    assert t.add(_record(1, ["f", "b", "n"], [1, 2, 2])) is True
    assert t.pentanomial.counts == (0, 0, 0, 1, 0) and t.wdl["win"] == 2 and t.wdl["draw"] == 1
    assert "1 pairs (3 games)" in t.line()


def test_pairs_count_in_schedule_order_whatever_order_their_games_arrive_in() -> None:
    """80 pairs (seeded), NEW a little stronger: fed in schedule order and in five shuffled
    orders, the tracker counts the same prefix of pairs and gives the same verdict, the first
    prefix's that decides (computed here pair by pair); a pair missing a game stops the count."""
    import random as rnd

    from arena.sprt import EloModel, Pentanomial, sprt_status

    two = (BotEntry("n", "random"), BotEntry("b", "random"))
    params = ArenaParams(bots=two, players=2, games=80, sprt=SprtSpec(0, 100, alpha=0.1, beta=0.1))
    draw = rnd.Random(25)
    records = []
    for game_id in range(160):
        ahead = draw.random() < 0.62  # NEW ahead of BASE in this game
        seats = ["n", "b"] if game_id % 2 == 0 else ["b", "n"]
        ranks = [1, 2] if (seats[0] == "n") == ahead else [2, 1]
        records.append(_record(game_id, seats, ranks))
    p, first = Pentanomial(), None
    for deal in range(80):
        p = p.add(game_score(params, records[2 * deal]) + game_score(params, records[2 * deal + 1]))
        spec = params.sprt
        assert spec is not None
        if (
            sprt_status(p, spec.elo0, spec.elo1, spec.alpha, spec.beta, EloModel.LOGISTIC).verdict.value
            != "continue"
        ):
            first = (deal + 1, p.counts)
            break
    assert first is not None and first[0] < 70  # it decides well before the end: pairs lie beyond it
    in_order = SprtTracker(params)
    in_order.add_all(records)
    assert (in_order.counted, in_order.pentanomial.counts) == first and in_order.decided
    for seed in range(5):
        shuffled = records[:]
        rnd.Random(seed).shuffle(shuffled)
        t = SprtTracker(params)
        t.add_all(shuffled)
        assert (t.counted, t.pentanomial.counts, t.status().verdict) == (
            *first,
            in_order.status().verdict,
        )
    gap = SprtTracker(params)
    gap.add_all(r for r in records if r.game_id != 7)  # pair 3 misses a game: counting stops there
    assert gap.counted == 3 and not gap.decided and len(gap.waiting) == 76


def test_sprt_parameters_are_checked_with_clear_messages() -> None:
    two = (BotEntry("n", "random"), BotEntry("b", "random"))
    with pytest.raises(ArenaUsageError, match="below --elo1"):
        ArenaParams(bots=two, players=2, games=5, sprt=SprtSpec(10, 0)).validate()
    with pytest.raises(ArenaUsageError, match="alpha"):
        ArenaParams(bots=two, players=2, games=5, sprt=SprtSpec(0, 10, alpha=0.7)).validate()
    with pytest.raises(ArenaUsageError, match="filler"):
        ArenaParams(bots=two, players=3, games=5, sprt=SprtSpec(0, 10)).validate()
    with pytest.raises(ArenaUsageError, match="cooperative"):
        ArenaParams(bots=two, players=2, games=5, sprt=SprtSpec(0, 10), game="mammothodus").validate()
    p = ArenaParams(bots=two, players=2, games=5, sprt=SprtSpec(0, 10, model="normalized"))
    assert ArenaParams.from_dict(p.to_dict()) == p
    assert len(p.schedule()) == 10 and load_game("altay")


# ----------------------------------------------------------------------------- the command


def test_a_stronger_bot_is_accepted_and_the_test_stops_at_once(tmp_path: Path) -> None:
    out = tmp_path / "s"
    r = altay(
        "sprt",
        "greedy",
        "random",
        "--elo0",
        "0",
        "--elo1",
        "150",
        "--seed",
        "4",
        "-j",
        "2",
        "--move-ms",
        "2000",
        "--out",
        str(out),
    )
    assert r.returncode == 0, r.stderr
    assert "H1 accepted" in r.stdout and "LLR" in r.stdout and "Pairs:" in r.stdout, r.stdout
    assert "sprt:" in r.stderr and "LOS" in r.stderr  # the status as it goes
    board = orjson.loads(altay("sprt", "--resume", "--out", str(out), "--json").stdout)
    assert board["verdict"] == "H1" and board["decided"] and board["llr"] >= board["upper"] == 2.9444
    assert board["pairs"] < 40 and board["games"] <= 2 * board["pairs"] + 2  # stopped early
    assert board["wins"] + board["draws"] + board["losses"] == board["games"]
    # resuming a decided test plays nothing and gives the same verdict; the folder is an arena
    again = altay("sprt", "--resume", "--out", str(out))
    assert again.returncode == 0 and "already decided" in again.stderr
    assert altay("arena", "verify", str(out)).returncode == 0


def test_a_crashing_new_bot_loses_every_game_and_h0_is_accepted(tmp_path: Path) -> None:
    r = altay(
        "sprt",
        f"new={CRASH}",
        "base=random",
        "--elo1",
        "100",
        "--seed",
        "5",
        "-j",
        "2",
        "--out",
        str(tmp_path / "c"),
        "--json",
    )
    assert r.returncode == 3, r.stderr
    board = orjson.loads(r.stdout)
    assert board["verdict"] == "H0" and board["losses"] == board["games"] > 0
    assert sum(board["failures"]["new"].values()) == board["games"] and not board["failures"]["base"]
    from arena.store import ArenaStore

    with ArenaStore.open(tmp_path / "c") as store:  # the same rule, from Python
        params = store.params()
        assert SprtRun().finished(store, params) and not ArenaRun().finished(store, params)
        assert SprtRun().outcome(store, params, complete=False) is Outcome.H0


def test_no_decision_within_max_pairs_then_resume_extends(tmp_path: Path) -> None:
    out = tmp_path / "u"
    args = ("sprt", "a=random 1", "b=random 2", "--elo0", "0", "--elo1", "5", "--seed", "6", "-j", "2")
    r = altay(*args, "--max-pairs", "2", "--out", str(out), "--json")
    assert r.returncode == 4, r.stderr
    board = orjson.loads(r.stdout)
    assert board["pairs"] == 2 and board["exhausted"] and board["verdict"] == "continue"
    r = altay("sprt", "--resume", "--out", str(out), "--max-pairs", "3")
    assert r.returncode == 4 and "Pairs: 3" in r.stdout and "no decision within --max-pairs 3" in r.stdout
    r = altay("sprt", "--resume", "--out", str(out), "--elo1", "9")
    assert r.returncode == 2 and "SPRT: stored" in r.stderr


def test_more_players_need_fillers_and_bad_usage_is_a_clear_error(tmp_path: Path) -> None:
    r = altay(
        "sprt",
        "greedy",
        "greedy",
        "--filler",
        "random",
        "--elo1",
        "400",
        "--max-pairs",
        "3",
        "--seed",
        "7",
        "-j",
        "2",
        "--out",
        str(tmp_path / "f"),
        "--json",
    )
    assert r.returncode in (0, 3, 4), r.stderr
    board = orjson.loads(r.stdout)
    names = [board["sprt"]["new"]["name"], board["sprt"]["base"]["name"]]
    assert names == ["greedy-new", "greedy-base"] and board["sprt"]["players"] == 3
    for bad, message in [
        (["sprt", "greedy"], "give two bots"),
        (["sprt", "greedy", "random", "--elo0", "5", "--elo1", "5"], "below --elo1"),
        (["sprt", "greedy", "random", "-p", "3"], "filler"),
        (["sprt", "a=random", "b=random", "--game", "mammothodus"], "cooperative"),
        (["sprt", "greedy", "nope=./no_such_bot"], "no_such_bot"),
        (["sprt", "--resume", "--out", str(tmp_path / "none")], "no sprt"),
    ]:
        r = altay(*bad, "--out", str(tmp_path / "bad")) if "--out" not in bad else altay(*bad)
        assert r.returncode == 2, (bad, r.stderr)
        assert message in r.stderr and "Traceback" not in r.stderr, (bad, r.stderr)
    assert "pentanomial" in altay("sprt", "--help").stdout
