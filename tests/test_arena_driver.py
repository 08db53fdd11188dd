"""The arena's and the SPRT's run driver from Python (`arena.driver.run`), not through click:
real bot subprocesses (a built-in bot and tests/arena_bots/crash_bot.py) under the referee,
the folder created, resumed and refused as `altay arena` and `altay sprt` do. Each test plays
a handful of short games (seconds)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from altay_cli.referee import MatchOptions
from arena.driver import RunOptions, RunResult, RunShow, run
from arena.modes import Outcome
from arena.params import ArenaParams, ArenaUsageError, BotEntry, SprtSpec
from arena.store import ArenaStore
from arena.verify import verify

HERE = Path(__file__).parent
CRASH = f"{sys.executable} {HERE / 'arena_bots' / 'crash_bot.py'}"
SHORT = {"max_rounds": 2}  # Altay, two rounds: a game takes a fraction of a second


class Recorder(RunShow):
    """Keeps what a run shows, to assert on it."""

    def __init__(self) -> None:
        self.notes: list[str] = []
        self.warnings: list[str] = []
        self.statuses: list[str] = []
        self.results_seen: list[int] = []

    def note(self, text: str) -> None:
        self.notes.append(text)

    def warn(self, text: str) -> None:
        self.warnings.append(text)

    def status(self, line: str) -> None:
        self.statuses.append(line)

    def results(self, store: ArenaStore, params: ArenaParams, scheduled: int) -> None:
        self.results_seen.append(len(store.records(params)))


def arena_params(**extra: object) -> ArenaParams:
    fields: dict = {
        "bots": (BotEntry("crash", CRASH), BotEntry("rnd", "random 3")),
        "players": 2,
        "games": 2,
        "seed": 11,
        "game_options": SHORT,
        "match": MatchOptions(move_ms=5000),
        **extra,
    }
    return ArenaParams(**fields)


def test_a_round_robin_runs_from_python_and_resumes(tmp_path: Path) -> None:
    folder = tmp_path / "a"
    show = Recorder()
    result = run(folder, arena_params(), RunOptions(concurrency=2), show=show)
    assert isinstance(result, RunResult) and result.command == "arena"
    assert result.outcome is Outcome.COMPLETE and not result.interrupted and not result.errors
    assert result.scheduled == result.stored == result.played == 4  # 2 deals x 2 rotations
    assert show.results_seen == [4] and show.notes[0].startswith(f"arena {folder}: 2 bots, 2 players")
    assert any("played 4 games" in n for n in show.notes)
    with ArenaStore.open(folder) as store:
        records = store.records(store.params())
    assert sorted(r.game_id for r in records) == [0, 1, 2, 3]
    for r in records:  # the crashing bot loses every game, wherever it sits
        crash = r.bots.index("crash")
        assert r.ranks[crash] > r.ranks[1 - crash] and r.failures
        assert (folder / "logs" / f"{r.game_id:06d}.jsonl").is_file()
    # resumed with nothing missing: nothing is played, the outcome is the same
    again = run(folder, None, RunOptions(resume=True, quiet=True), show=(quiet := Recorder()))
    assert again.outcome is Outcome.COMPLETE and again.played == 0 and again.stored == 4
    assert quiet.notes == [] and quiet.results_seen == [4]
    # resumed with more deals (the stored parameters, changed): only the new deal's games
    more = run(folder, None, RunOptions(resume=True), overlay=lambda p: arena_params(games=3))
    assert more.outcome is Outcome.COMPLETE and more.played == 2 and more.stored == more.scheduled == 6


def test_bad_usage_is_one_sentence_and_leaves_no_folder(tmp_path: Path) -> None:
    missing = arena_params(bots=(BotEntry("x", "./no-such-bot"), BotEntry("rnd", "random")))
    with pytest.raises(ArenaUsageError, match=r"bot x=\./no-such-bot"):
        run(tmp_path / "m", missing)
    assert not (tmp_path / "m").exists()
    with pytest.raises(ArenaUsageError, match="--resume: no arena in"):
        run(tmp_path / "r", None, RunOptions(resume=True))
    run(tmp_path / "d", arena_params(games=1), RunOptions(concurrency=1))
    with pytest.raises(ArenaUsageError, match="already holds a complete arena"):
        run(tmp_path / "d", arena_params(games=1))
    with pytest.raises(ArenaUsageError, match="other parameters"):
        run(tmp_path / "d", arena_params(games=1, seed=12), RunOptions(resume=True))


def test_an_sprt_runs_from_python_and_stops_once_it_decides(tmp_path: Path) -> None:
    folder = tmp_path / "s"
    params = arena_params(
        bots=(BotEntry("new", CRASH), BotEntry("base", "random 3")),
        games=40,
        sprt=SprtSpec(elo0=0, elo1=100),
    )
    show = Recorder()
    result = run(folder, params, RunOptions(concurrency=2), show=show)  # the rule: SprtRun
    assert result.command == "sprt" and result.outcome is Outcome.H0  # NEW crashes: not stronger
    assert 0 < result.stored < result.scheduled == 80  # stopped early, pairs left unplayed
    assert show.statuses and "LLR" in show.statuses[-1]  # the status lines, the deciding one last
    assert show.notes[0].startswith(f"sprt {folder}: 2 bots, 2 players, 40 pairs -> 80 games")
    # resumed: already decided, nothing played, the same verdict
    again = run(folder, None, RunOptions(resume=True), show=(second := Recorder()))
    assert again.outcome is Outcome.H0 and again.played == 0 and again.command == "sprt"
    assert "already decided" in second.notes[0] and not second.statuses


def test_verify_from_python_finds_a_changed_log_and_forgets_exactly_its_game(tmp_path: Path) -> None:
    folder = tmp_path / "v"
    run(folder, arena_params(games=1), RunOptions(concurrency=2))
    found = verify(folder)
    assert len(found.records) == 2 and not found.problems and not found.orphans and found.key is None
    assert found.guessable  # master seed 11, given by the organiser
    log = folder / "logs" / "000001.jsonl"
    log.write_bytes(log.read_bytes() + b"\n")
    found = verify(folder)
    assert found.bad == [1] and {p.game_id for p in found.problems} == {1} and not found.forgotten
    forgot = verify(folder, forget_bad=True)
    assert forgot.forgotten == [1] and forgot.aside is not None and forgot.aside.is_dir()
    again = run(folder, None, RunOptions(resume=True))
    assert again.played == 1 and again.outcome is Outcome.COMPLETE and not verify(folder).problems
    with pytest.raises(ArenaUsageError):
        verify(tmp_path / "none")
