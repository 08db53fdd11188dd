"""Gauntlets, bots added to an arena (`--resume --add`), per-bot conditions (`--set`) and
`--config FILE`: the schedule as pure functions, then real arenas with real bot processes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from altay_cli.referee import MatchOptions
from altay_cli.referee.sandbox import SandboxPolicy
from arena.params import ArenaParams, ArenaUsageError, BotEntry, differences
from arena.schedule import STAGE_SPAN, build_schedule, games_per_deal

HERE = Path(__file__).parent
LATE = f"{sys.executable} {HERE / 'bad_bots' / 'late_answer.py'} 0.3 1"  # one answer after 0.3 s


def altay(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", "from altay_cli.cli import main; main()", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


# ----------------------------------------------------------------------------- the schedule


@pytest.mark.parametrize(("bots", "players"), [(4, 2), (5, 3), (4, 4)])
def test_a_gauntlet_plays_only_the_groups_with_its_bot(bots: int, players: int) -> None:
    full = build_schedule(bots, players, 3, seed=1)
    only = build_schedule(bots, players, 3, seed=1, gauntlet=1)
    assert only and all(1 in g.seats for g in only)
    assert {(g.deal, g.seats) for g in only} == {(g.deal, g.seats) for g in full if 1 in g.seats}
    assert len(only) == 3 * games_per_deal(bots, players, "rotate", gauntlet=1)
    assert [g.game_id for g in only] == list(range(len(only)))


def test_added_bots_play_only_their_games_and_old_ids_never_move() -> None:
    old = build_schedule(3, 2, 4, seed=2)
    grown = build_schedule(4, 2, 4, seed=2, stages=[0, 0, 0, 1])
    first = [g for g in grown if g.game_id < STAGE_SPAN]
    assert first == old  # the games already played keep their ids, deals and seats
    added = [g for g in grown if g.game_id >= STAGE_SPAN]
    assert added and all(3 in g.seats for g in added)
    assert {frozenset(g.seats) for g in added} == {frozenset({0, 3}), frozenset({1, 3}), frozenset({2, 3})}
    assert len(added) == 4 * 3 * 2
    # more deals later extend both stages; a second addition is a third stage
    longer = build_schedule(4, 2, 6, seed=2, stages=[0, 0, 0, 1])
    assert [g for g in longer if g.deal < 4] == [g for g in grown]
    third = build_schedule(5, 2, 4, seed=2, stages=[0, 0, 0, 1, 2])
    assert min(g.game_id for g in third if 4 in g.seats) == 2 * STAGE_SPAN
    # with a gauntlet, an added bot meets only the gauntlet bot
    gauntlet = build_schedule(4, 2, 2, seed=2, stages=[0, 0, 0, 1], gauntlet=0)
    assert {frozenset(g.seats) for g in gauntlet if g.game_id >= STAGE_SPAN} == {frozenset({0, 3})}


def test_adding_is_the_one_change_of_bots_a_resume_accepts() -> None:
    two = (BotEntry("a", "random"), BotEntry("b", "random"))
    stored = ArenaParams(bots=two, players=2, games=2)
    grown = stored.with_added([BotEntry("c", "greedy")])
    assert grown.bots[-1].stage == 1 and grown.stages == [0, 0, 1]
    assert differences(stored, grown) == []
    assert differences(stored, ArenaParams(bots=(*two, BotEntry("c", "greedy")), players=2, games=2))
    assert ArenaParams.from_dict(grown.to_dict()) == grown
    again = grown.with_added([BotEntry("d", "random")])
    assert again.stages == [0, 0, 1, 2] and differences(grown, again) == []


def test_per_bot_conditions_are_checked_and_kept() -> None:
    own = BotEntry("a", "random", conditions=(("bank_ms", 500), ("move_ms", 2000)))
    p = ArenaParams(bots=(own, BotEntry("b", "random")), players=2, games=1)
    p.validate()
    assert own.conditions_over(p.match) == MatchOptions(move_ms=2000, bank_ms=500)
    limited = BotEntry("a", "random", conditions=(("bot_memory", 256), ("bot_network", True)))
    assert limited.conditions_over(p.match).sandbox == SandboxPolicy(memory_mb=256, network=True)
    assert ArenaParams.from_dict(p.to_dict()) == p
    for bad, message in [
        (("on_failure", "retry"), "cannot be set per bot"),
        (("move_ms", 0), "at least 1"),
        (("bot_memory", -5), ">= 0"),
        (("bot_network", "yes"), "true or false"),
    ]:
        entry = BotEntry("a", "random", conditions=(bad,))
        with pytest.raises(ArenaUsageError, match=message):
            ArenaParams(bots=(entry, BotEntry("b", "random")), players=2, games=1).validate()
    with pytest.raises(ArenaUsageError, match="no bot of that name"):
        ArenaParams(bots=(own, BotEntry("b", "random")), players=2, games=1, gauntlet="z").validate()


# ----------------------------------------------------------------------------- real arenas


def test_config_gauntlet_and_add_end_to_end(tmp_path: Path) -> None:
    config = tmp_path / "ladder.toml"
    config.write_text(
        "players = 2\ngames = 2\nseed = 5\nconcurrency = 2\nmove-ms = 2000\n\n[bots]\n"
        'g = "greedy"\nr1 = "random 1"\nr2 = { command = "random 2", move-ms = 1500, bot-memory = 512 }\n'
    )
    out = tmp_path / "a"
    r = altay("arena", "--config", str(config), "--gauntlet", "g", "--out", str(out), "-q", "--json")
    assert r.returncode == 0, r.stderr
    board = orjson.loads(r.stdout)
    assert board["arena"]["games_played"] == 2 * 2 * 2  # g-r1 and g-r2, 2 deals, 2 seatings
    assert board["head_to_head"]["r1"].get("r2") is None  # never met
    header = orjson.loads((out / "logs").glob("*.jsonl").__next__().read_text().splitlines()[0])
    assert header["meta"]["options"]["move_ms"] == 2000
    own = [o for o in header["meta"].get("seat_options", {}).values()]
    assert all(o["move_ms"] == 1500 for o in own)
    # --add: only the new bot's games (against the gauntlet bot), with its own clock
    r = altay(
        "arena",
        "--resume",
        "--out",
        str(out),
        "--add",
        "r3=random 3",
        "--set",
        "r3.move-ms=900",
        "-q",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    board = orjson.loads(r.stdout)
    rows = {row["bot"]: row for row in board["leaderboard"]}
    assert rows["r3"]["games"] == 4 and rows["g"]["games"] == 12 and rows["r1"]["games"] == 4
    assert altay("arena", "verify", str(out)).returncode == 0
    # a typo in a name, a bot added without --resume, bots given with --add: clear errors
    for bad, message in [
        (["arena", "a=random", "b=random", "--set", "c.move-ms=5"], "no bot named c"),
        (["arena", "a=random", "b=random", "--add", "c=random"], "--add extends an arena"),
        (["arena", "a=random", "--resume", "--out", str(out), "--add", "c=random"], "give only the new bots"),
        (["arena", "--resume", "--out", str(out), "--add", "g=random"], "unique"),
        (["arena", "a=random", "b=random", "--gauntlet", "z"], "no bot of that name"),
        (["arena", "--config", str(tmp_path / "missing.toml")], "cannot read"),
    ]:
        r = altay(*bad)
        assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr, (bad, r.stderr)


def test_a_bot_s_own_clock_is_the_one_enforced(tmp_path: Path) -> None:
    """Two copies of a bot that answers its first request after 0.3 s: the one whose own clock is
    0.1 s forfeits every game; the other, on the arena's 2 s, never does."""
    r = altay(
        "arena",
        f"fast={LATE}",
        f"slow={LATE}",
        "--set",
        "fast.move-ms=100",
        "--move-ms",
        "2000",
        "--games",
        "2",
        "-j",
        "2",
        "--seed",
        "3",
        "--out",
        str(tmp_path / "c"),
        "-q",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    rows = {row["bot"]: row for row in orjson.loads(r.stdout)["leaderboard"]}
    assert rows["fast"]["forfeits"] == rows["fast"]["games"] == 4
    assert rows["slow"]["forfeits"] == 0
    assert rows["fast"]["failures"].get("timeout") == 4
