"""The parent side of an arena run: an executor fed one game at a time.

The parent gives the executor (`executors.GameExecutor`: by default `ForkPool`, a pool of
forked worker processes; `cluster.DaskExecutor` with --cluster) the next missing game of the
schedule whenever it has a free slot, and stores each finished game in the database as soon as
it arrives (one transaction per game). It never plays a game itself, so locally its own cost
per game is one pickle each way and one SQLite commit.

A worker that dies without answering (it should not: bot failures are the referee's business
and come back as ordinary results), or whose answer the intake refuses, has its game played
again once; a game that raises in the referee is reported and left unplayed, so a later
--resume tries it again.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

from .executors import ExecutorLost, GameExecutor, Intake, Played, Refused
from .records import GameRecord
from .schedule import ScheduledGame
from .store import ArenaStore, WorkerSaid
from .worker import LOGS, PlayFn, WorkerSetup, play_game, worker_main

WORKER_RETRIES = 1
STOP_GRACE_S = 5.0

# fork: workers start in milliseconds and share the parent's imports. The parent runs no
# threads (the progress display is refreshed from this loop), so forking is safe.
_CTX = mp.get_context("fork")


@dataclass(slots=True)
class RunSummary:
    scheduled: int
    already_done: int
    played: int = 0
    errors: list[str] = field(default_factory=list)
    interrupted: bool = False
    stopped: bool = False  # the caller's `stop` said enough (an SPRT decided): the rest is not played
    elapsed_s: float = 0.0
    refused: list[str] = field(default_factory=list)  # games whose answer was refused

    @property
    def done(self) -> int:
        return self.already_done + self.played

    @property
    def complete(self) -> bool:
        return self.done == self.scheduled

    @property
    def games_per_s(self) -> float:
        return self.played / self.elapsed_s if self.elapsed_s > 0 else 0.0


class Progress:
    """What the runner reports to (a display, a test); every method is optional to override."""

    def start(self, total: int, done: int, workers: int) -> None: ...

    def game_done(self, record: GameRecord) -> None: ...

    def game_error(self, game_id: int, message: str) -> None: ...

    def tick(self) -> None: ...

    def worker_game(self, worker: str, record: GameRecord | None) -> None:
        """A game came back from a cluster worker: stored (`record`), or lost or failed (None)."""

    def in_flight(self, games: dict[str, int]) -> None:
        """The games running now on each cluster worker (called with each tick, on a cluster)."""

    def close(self) -> None: ...


@dataclass(slots=True)
class _Worker:
    proc: Any  # multiprocessing Process
    conn: Connection
    game: ScheduledGame | None = None


def _said(played: Played, resimulated: bool | None) -> WorkerSaid | None:
    """The cluster worker a game was played on, as it said (None: played locally)."""
    return WorkerSaid(played.worker, played.cores, played.load, resimulated) if played.worker else None


def _raise_interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def run_arena(
    store: ArenaStore,
    setup: WorkerSetup,
    schedule: Sequence[ScheduledGame],
    concurrency: int,
    progress: Progress | None = None,
    play: PlayFn = play_game,
    stop: Callable[[GameRecord], bool] | None = None,
    executor: GameExecutor | None = None,
    intake: Intake | None = None,
) -> RunSummary:
    """Play every game of `schedule` that has no row in `store`. Ctrl-C/SIGTERM stop it cleanly.

    `stop(record)`, asked after each stored game, ends the run early when it returns True: no
    further game starts, and the games already being played finish and are stored.
    `executor` plays the games (default: a `ForkPool` of `concurrency` processes running
    `play`); `intake` turns each game it returns into the record to store, or refuses it
    (`executors.Refused`: the game is played again once, then reported)."""
    progress = progress or Progress()
    done = store.done_ids()
    todo = deque(g for g in schedule if g.game_id not in done)
    summary = RunSummary(scheduled=len(schedule), already_done=len(schedule) - len(todo))
    (Path(setup.folder) / LOGS).mkdir(parents=True, exist_ok=True)
    pool = executor if executor is not None else ForkPool(setup, play)
    retries: dict[int, int] = {}
    started = time.perf_counter()
    in_main = threading.current_thread() is threading.main_thread()  # signals: main thread only
    old_term = signal.signal(signal.SIGTERM, _raise_interrupt) if in_main else None
    interrupted = False
    try:
        if not todo:
            return summary
        slots = pool.start(max(1, min(concurrency, len(todo))))
        progress.start(summary.scheduled, summary.already_done, slots)
        _feed(pool, todo)
        while pool.busy():
            for played in pool.wait(0.5):
                lost = played.lost
                if lost is None and played.error is None:
                    try:
                        accepted = intake(played) if intake is not None else None
                    except Refused as exc:
                        lost = str(exc)
                        summary.refused.append(f"game {played.game.game_id}: {lost}")
                    else:
                        record = played.record if accepted is None else accepted.record
                        assert record is not None
                        resimulated = None if accepted is None else accepted.resimulated
                        store.record(record, _said(played, resimulated))
                        summary.played += 1
                        progress.game_done(record)
                        if played.worker:
                            progress.worker_game(played.worker, record)
                        if stop is not None and not summary.stopped and stop(record):
                            summary.stopped = True
                            todo.clear()
                        continue
                game = played.game
                if played.worker:
                    progress.worker_game(played.worker, None)
                if played.refused and lost is not None:
                    summary.refused.append(f"game {game.game_id}: {lost}")
                if lost is not None:  # died without an answer, or refused: play it again once
                    if retries.get(game.game_id, 0) < WORKER_RETRIES:
                        retries[game.game_id] = retries.get(game.game_id, 0) + 1
                        if not summary.stopped:
                            todo.appendleft(game)
                        continue
                    message = f"game {game.game_id}: {lost} (twice)"
                else:
                    error = (played.error or "").rstrip()
                    message = f"game {game.game_id}: the referee raised an error:\n{error}"
                summary.errors.append(message)
                progress.game_error(game.game_id, message)
            _feed(pool, todo)
            where = pool.in_flight()
            if where:
                progress.in_flight(where)
            progress.tick()
    except KeyboardInterrupt:
        summary.interrupted = interrupted = True
    except ExecutorLost as exc:
        summary.interrupted = interrupted = True
        summary.errors.append(str(exc))
    finally:
        if in_main:
            signal.signal(signal.SIGTERM, old_term)
        summary.elapsed_s = time.perf_counter() - started
        pool.close(interrupted)
        progress.close()
    return summary


def _feed(pool: GameExecutor, todo: deque[ScheduledGame]) -> None:
    """Give the executor the next games, as many as it takes now."""
    while todo and pool.free() > 0:
        pool.submit(todo.popleft())


class ForkPool:
    """The local executor: forked worker processes, each playing one game at a time with
    `play` and writing its log into the arena's logs folder."""

    def __init__(self, setup: WorkerSetup, play: PlayFn = play_game) -> None:
        self.setup, self.play = setup, play
        self.workers: list[_Worker] = []

    def start(self, slots: int) -> int:
        self.workers = [_start_worker(self.setup, self.play) for _ in range(slots)]
        return slots

    def free(self) -> int:
        return sum(w.game is None for w in self.workers)

    def busy(self) -> int:
        return sum(w.game is not None for w in self.workers)

    def in_flight(self) -> dict[str, int]:
        return {}  # (local workers: the bar's count says it)

    def submit(self, game: ScheduledGame) -> None:
        w = next(w for w in self.workers if w.game is None)
        w.game = game
        with contextlib.suppress(OSError):  # if it died, its sentinel will show it
            w.conn.send(game)

    def wait(self, timeout: float) -> list[Played]:
        busy = [w for w in self.workers if w.game is not None]
        handles: list[Any] = [w.conn for w in busy] + [w.proc.sentinel for w in busy]
        ready = wait(handles, timeout=timeout) if busy else []
        out: list[Played] = []
        for w in busy:
            game = w.game
            assert game is not None
            if w.conn in ready:
                try:
                    msg = w.conn.recv()
                except (EOFError, OSError):
                    msg = None
                if msg is not None:
                    w.game = None
                    out.append(_played(game, msg))
                    continue
            if w.conn in ready or w.proc.sentinel in ready:
                w.proc.join(timeout=1)
                out.append(Played(game, lost=f"worker process died (exit code {w.proc.exitcode})"))
                self.workers[self.workers.index(w)] = _start_worker(self.setup, self.play)
        return out

    def close(self, interrupted: bool) -> None:
        for w in self.workers:  # idle workers are told to finish; busy ones are stopped
            if w.game is None:
                with contextlib.suppress(OSError):
                    w.conn.send(None)
        _shutdown(self.workers)


def _played(game: ScheduledGame, msg: tuple[Any, ...]) -> Played:
    """A worker's answer: ("done", game id, record) or ("error", game id, traceback)."""
    if msg[0] == "done":
        return Played(game, record=msg[2])
    return Played(game, error=str(msg[2]))


def _start_worker(setup: WorkerSetup, play: PlayFn) -> _Worker:
    parent, child = _CTX.Pipe(duplex=True)
    proc = _CTX.Process(target=worker_main, args=(child, setup, play, os.getpid()), daemon=True)
    proc.start()
    child.close()
    return _Worker(proc, parent)


def _shutdown(workers: list[_Worker]) -> None:
    """End every worker: idle ones were told to finish; busy ones (interrupted run) get SIGTERM,
    which unwinds their match so the referee reaps the bots. Whatever is left after the grace
    period, or at once after a second Ctrl-C, is killed."""
    hurry: list[int] = []
    in_main = threading.current_thread() is threading.main_thread()
    old_int = signal.signal(signal.SIGINT, lambda signum, frame: hurry.append(signum)) if in_main else None
    try:
        for w in workers:
            if w.game is not None and w.proc.is_alive():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(w.proc.pid, signal.SIGTERM)
        deadline = time.monotonic() + STOP_GRACE_S
        for w in workers:
            while w.proc.is_alive() and not hurry and time.monotonic() < deadline:
                w.proc.join(timeout=0.05)
            if w.proc.is_alive():
                w.proc.kill()
                w.proc.join()
            w.conn.close()
    finally:
        if in_main:
            signal.signal(signal.SIGINT, old_int)
