"""The parent side of an arena run: a pool of worker processes fed one game at a time.

The parent assigns each idle worker the next missing game of the schedule, waits on the
workers' pipes and process sentinels, and stores each finished game in the database as soon
as its record arrives (one transaction per game). It never plays a game itself, so its own
cost per game is one pickle each way and one SQLite commit.

A worker that dies without answering (it should not: bot failures are the referee's business
and come back as ordinary results) is replaced and its game retried once; a game that raises
in the referee is reported and left unplayed, so a later --resume tries it again.
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

from .records import GameRecord
from .schedule import ScheduledGame
from .store import ArenaStore
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

    def close(self) -> None: ...


@dataclass(slots=True)
class _Worker:
    proc: Any  # multiprocessing Process
    conn: Connection
    game: ScheduledGame | None = None


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
) -> RunSummary:
    """Play every game of `schedule` that has no row in `store`. Ctrl-C/SIGTERM stop it cleanly.

    `stop(record)`, asked after each stored game, ends the run early when it returns True: no
    further game starts, and the games already being played finish and are stored."""
    progress = progress or Progress()
    done = store.done_ids()
    todo = deque(g for g in schedule if g.game_id not in done)
    summary = RunSummary(scheduled=len(schedule), already_done=len(schedule) - len(todo))
    (Path(setup.folder) / LOGS).mkdir(parents=True, exist_ok=True)
    n_workers = max(1, min(concurrency, len(todo)))
    workers: list[_Worker] = []
    retries: dict[int, int] = {}
    started = time.perf_counter()
    in_main = threading.current_thread() is threading.main_thread()  # signals: main thread only
    old_term = signal.signal(signal.SIGTERM, _raise_interrupt) if in_main else None
    try:
        if not todo:
            return summary
        workers = [_start_worker(setup, play) for _ in range(n_workers)]
        progress.start(summary.scheduled, summary.already_done, n_workers)
        for w in workers:
            _assign(w, todo)
        while any(w.game is not None for w in workers):
            busy = [w for w in workers if w.game is not None]
            handles: list[Any] = [w.conn for w in busy] + [w.proc.sentinel for w in busy]
            ready = wait(handles, timeout=0.5)
            for w in busy:
                if w.conn in ready:
                    try:
                        msg = w.conn.recv()
                    except (EOFError, OSError):
                        msg = None
                    if msg is not None:
                        record = _handle(msg, w, store, summary, progress)
                        if record is not None and stop is not None and not summary.stopped and stop(record):
                            summary.stopped = True
                            todo.clear()
                        _assign(w, todo)
                        continue
                if w.conn in ready or w.proc.sentinel in ready:
                    # Died without an answer: retry its game once in a fresh worker.
                    game = w.game
                    assert game is not None
                    w.proc.join(timeout=1)
                    code = w.proc.exitcode
                    if retries.get(game.game_id, 0) < WORKER_RETRIES:
                        retries[game.game_id] = retries.get(game.game_id, 0) + 1
                        todo.appendleft(game)
                    else:
                        message = f"game {game.game_id}: worker process died (exit code {code}) twice"
                        summary.errors.append(message)
                        progress.game_error(game.game_id, message)
                    new = _start_worker(setup, play)
                    workers[workers.index(w)] = new
                    _assign(new, todo)
            progress.tick()
    except KeyboardInterrupt:
        summary.interrupted = True
    finally:
        if in_main:
            signal.signal(signal.SIGTERM, old_term)
        summary.elapsed_s = time.perf_counter() - started
        _shutdown(workers)
        progress.close()
    return summary


def _start_worker(setup: WorkerSetup, play: PlayFn) -> _Worker:
    parent, child = _CTX.Pipe(duplex=True)
    proc = _CTX.Process(target=worker_main, args=(child, setup, play, os.getpid()), daemon=True)
    proc.start()
    child.close()
    return _Worker(proc, parent)


def _assign(w: _Worker, todo: deque[ScheduledGame]) -> None:
    """Give the worker the next game, or tell it to finish."""
    w.game = todo.popleft() if todo else None
    with contextlib.suppress(OSError):  # if it died, its sentinel will show it
        w.conn.send(w.game)


def _handle(
    msg: tuple[Any, ...], w: _Worker, store: ArenaStore, summary: RunSummary, progress: Progress
) -> GameRecord | None:
    kind, game_id = msg[0], msg[1]
    if kind == "done":
        record: GameRecord = msg[2]
        store.record(record)
        summary.played += 1
        progress.game_done(record)
        return record
    else:
        message = f"game {game_id}: the referee raised an error:\n{msg[2].rstrip()}"
        summary.errors.append(message)
        progress.game_error(game_id, message)
        return None


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
