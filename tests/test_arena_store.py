"""The results store, the folder session rules, and the runner with in-process fake games."""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

import orjson
import pytest

from arena.params import ArenaParams, ArenaUsageError, BotEntry
from arena.records import GameRecord
from arena.runner import Progress, run_arena
from arena.schedule import ScheduledGame
from arena.session import ArenaBusy, FolderLock, open_arena
from arena.store import ArenaStore, StoreError
from arena.worker import WorkerSetup, log_name

PARAMS = ArenaParams(
    bots=(BotEntry("a", "random"), BotEntry("b", "greedy"), BotEntry("c", "random")),
    players=2,
    games=3,
    game_options={"max_rounds": 5},
)


def fake_play(setup: WorkerSetup, game: ScheduledGame) -> GameRecord:
    """A stand-in for a real match: the lower bot index wins; writes a one-line log."""
    p = setup.params
    names = [p.bots[i].name for i in game.seats]
    ranks = [1 + sorted(game.seats).index(i) for i in game.seats]
    log = Path(setup.folder) / log_name(game.game_id)
    log.write_text(f'{{"type": "header", "game": {game.game_id}}}\n')
    time.sleep(0.005)
    return GameRecord(
        game_id=game.game_id,
        deal=game.deal,
        group=game.group,
        seating=game.seating,
        seed=game.seed,
        bots=names,
        roles=list(game.roles),
        ranks=ranks,
        scores=[{"total": 10 - r} for r in ranks],
        end_reason="round_limit",
        completed=True,
        rounds=5,
        turns=10,
        decisions=10,
        duration_s=0.005,
        think_ms=[1.0] * len(names),
        log=log_name(game.game_id),
    )


def dies_once_play(setup: WorkerSetup, game: ScheduledGame) -> GameRecord:
    """Kills its own worker process the first time it meets game 4."""
    marker = Path(setup.folder) / "died-once"
    if game.game_id == 4 and not marker.exists():
        marker.touch()
        os._exit(3)
    return fake_play(setup, game)


def raises_play(setup: WorkerSetup, game: ScheduledGame) -> GameRecord:
    if game.game_id == 2:
        raise RuntimeError("referee bug on purpose")
    return fake_play(setup, game)


class Recorder(Progress):
    def __init__(self) -> None:
        self.started: tuple[int, int, int] | None = None
        self.done: list[int] = []
        self.errors: list[str] = []

    def start(self, total: int, done: int, workers: int) -> None:
        self.started = (total, done, workers)

    def game_done(self, record: GameRecord) -> None:
        self.done.append(record.game_id)

    def game_error(self, game_id: int, message: str) -> None:
        self.errors.append(message)


def _row_counts(folder: Path) -> dict[int, int]:
    conn = sqlite3.connect(folder / "arena.sqlite")
    try:
        return dict(conn.execute("SELECT game_id, COUNT(*) FROM games GROUP BY game_id").fetchall())
    finally:
        conn.close()


def test_store_round_trip_and_unique_ids(tmp_path: Path) -> None:
    store = ArenaStore.create(tmp_path, PARAMS)
    assert store.params() == PARAMS
    assert store.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    (tmp_path / "logs").mkdir()
    rec = fake_play(WorkerSetup(str(tmp_path), PARAMS), PARAMS.schedule()[1])
    rec.failures = [{"seat": 1, "status": "timeout", "detail": "no answer", "n": 3, "consequence": "forfeit"}]
    rec.forfeits = [1]
    store.record(rec)
    assert store.done_ids() == {1}
    assert store.records() == [rec]
    with pytest.raises(sqlite3.IntegrityError):
        store.record(rec)
    assert store.count() == 1  # the failed duplicate left nothing behind
    rows = store.conn.execute("SELECT seat, bot, rank, forfeit FROM seats ORDER BY seat").fetchall()
    assert rows == [(0, rec.bots[0], rec.ranks[0], 0), (1, rec.bots[1], rec.ranks[1], 1)]
    assert store.conn.execute("SELECT bot, status FROM failures").fetchall() == [(rec.bots[1], "timeout")]
    store.close()
    with ArenaStore.open(tmp_path) as again:
        assert again.records() == [rec]
        assert again.conn.execute("SELECT rounds, turns FROM games").fetchall() == [(5, 10)]
        for turns in (-1, True, "10"):  # a damaged row's turns: a sentence, never a traceback
            record = {**rec.to_dict(), "turns": turns}
            again.conn.execute("UPDATE games SET record = ?", (orjson.dumps(record).decode(),))
            with pytest.raises(StoreError, match=r"the row of game 1 is damaged \(turns"):
                again.records()
    with pytest.raises(StoreError, match="already holds"):
        ArenaStore.create(tmp_path, PARAMS)
    with pytest.raises(StoreError, match="no arena"):
        ArenaStore.open(tmp_path / "elsewhere")


def test_open_arena_rules(tmp_path: Path) -> None:
    folder = tmp_path / "a"
    store, params = open_arena(folder, PARAMS, resume=False)
    store.close()
    with pytest.raises(ArenaUsageError, match=r"already holds an arena \(0/18 games played\).*--resume"):
        open_arena(folder, PARAMS, resume=False)
    other = ArenaParams(bots=PARAMS.bots, players=2, games=3, seed=5, match=PARAMS.match)
    with pytest.raises(ArenaUsageError, match="--seed: stored 1, given 5"):
        open_arena(folder, other, resume=True)
    store, params = open_arena(folder, None, resume=True)
    assert params == PARAMS
    store.close()
    bigger = PARAMS.with_games(5)
    store, params = open_arena(folder, bigger, resume=True)
    assert params == bigger and store.params() == bigger
    store.close()
    with pytest.raises(ArenaUsageError, match="no arena"):
        open_arena(tmp_path / "none", None, resume=True)


def test_folder_lock_is_exclusive(tmp_path: Path) -> None:
    with FolderLock(tmp_path), pytest.raises(ArenaBusy, match=f"pid {os.getpid()}"):
        FolderLock(tmp_path).acquire()
    with FolderLock(tmp_path):
        pass


@pytest.mark.parametrize("concurrency", [1, 3])
def test_runner_plays_every_game_once(tmp_path: Path, concurrency: int) -> None:
    store = ArenaStore.create(tmp_path, PARAMS)
    schedule = PARAMS.schedule()
    rec = Recorder()
    summary = run_arena(store, WorkerSetup(str(tmp_path), PARAMS), schedule, concurrency, rec, play=fake_play)
    assert summary.complete and summary.played == len(schedule) == 18
    assert rec.started == (18, 0, concurrency)
    assert sorted(rec.done) == list(range(18))
    assert _row_counts(tmp_path) == {g: 1 for g in range(18)}
    assert all((tmp_path / log_name(g)).is_file() for g in range(18))
    # Nothing left to do: a second run plays nothing and starts no worker.
    again = run_arena(store, WorkerSetup(str(tmp_path), PARAMS), schedule, concurrency, play=fake_play)
    assert again.played == 0 and again.complete
    store.close()


def test_runner_plays_only_missing_games(tmp_path: Path) -> None:
    store = ArenaStore.create(tmp_path, PARAMS)
    schedule = PARAMS.schedule()
    setup = WorkerSetup(str(tmp_path), PARAMS)
    (tmp_path / "logs").mkdir()
    for g in (0, 5, 17):
        store.record(fake_play(setup, schedule[g]))
    rec = Recorder()
    summary = run_arena(store, setup, schedule, 2, rec, play=fake_play)
    assert summary.already_done == 3 and summary.played == 15 and summary.complete
    assert sorted(rec.done) == sorted(set(range(18)) - {0, 5, 17})
    assert _row_counts(tmp_path) == {g: 1 for g in range(18)}
    store.close()


def test_runner_retries_a_game_whose_worker_died(tmp_path: Path) -> None:
    store = ArenaStore.create(tmp_path, PARAMS)
    schedule = PARAMS.schedule()
    summary = run_arena(
        store, WorkerSetup(str(tmp_path), PARAMS), schedule, 2, Recorder(), play=dies_once_play
    )
    assert (tmp_path / "died-once").exists()
    assert summary.complete and not summary.errors
    assert _row_counts(tmp_path) == {g: 1 for g in range(18)}
    store.close()


def test_runner_reports_a_referee_error_and_leaves_the_game_missing(tmp_path: Path) -> None:
    store = ArenaStore.create(tmp_path, PARAMS)
    schedule = PARAMS.schedule()
    rec = Recorder()
    summary = run_arena(store, WorkerSetup(str(tmp_path), PARAMS), schedule, 2, rec, play=raises_play)
    assert not summary.complete and summary.done == 17
    assert len(summary.errors) == 1 and "referee bug on purpose" in summary.errors[0]
    assert rec.errors == summary.errors
    assert 2 not in store.done_ids()
    # Resuming (with a working referee) plays exactly that game.
    summary = run_arena(store, WorkerSetup(str(tmp_path), PARAMS), schedule, 2, rec, play=fake_play)
    assert summary.played == 1 and summary.complete
    store.close()


@pytest.mark.parametrize("read_only", [False, True])
def test_a_snapshot_reads_one_moment_while_the_arena_stores_games(tmp_path: Path, read_only: bool) -> None:
    """A report made while the arena runs reads inside one snapshot: a game stored meanwhile by
    the arena's own connection (its row and its seats) is not half seen (the row missing, its
    seats there), nor seen at all until the snapshot ends."""
    writer = ArenaStore.create(tmp_path, PARAMS)
    (tmp_path / "logs").mkdir()
    first, second = PARAMS.schedule()[1], PARAMS.schedule()[2]
    writer.record(fake_play(WorkerSetup(str(tmp_path), PARAMS), first))
    with ArenaStore.open(tmp_path, read_only=read_only) as reader, reader.snapshot():
        assert reader.done_ids() == {1}
        writer.record(fake_play(WorkerSetup(str(tmp_path), PARAMS), second))
        seats = {row[0] for row in reader.conn.execute("SELECT DISTINCT game_id FROM seats")}
        assert reader.done_ids() == {1} and seats == {1} and len(reader.records()) == 1
    with ArenaStore.open(tmp_path, read_only=read_only) as reader, reader.snapshot():
        assert reader.done_ids() == {1, 2}
    writer.close()
