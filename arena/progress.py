"""Progress on stderr: a rich bar on a terminal, a plain line every few seconds otherwise.

Neither display starts a thread (rich's auto-refresh is off; the runner calls `tick` twice a
second), so the runner may fork replacement workers at any time. stdout is never written, so
`--json`/`--csv` output stays clean.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.progress import Progress as RichProgress
from rich.text import Text

from altay_cli.textsafe import safe_markup, safe_text

from .records import GameRecord
from .runner import Progress

PLAIN_EVERY_S = 5.0


def _session_rate(task: Task) -> float | None:
    """Games per second played in this session (games stored by an earlier run do not count)."""
    played: float = task.completed - task.fields.get("start_done", 0)
    elapsed = task.elapsed
    if not played or not elapsed:
        return None
    return played / elapsed


class _RateColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        rate = _session_rate(task)
        return Text("-- games/s" if rate is None else f"{rate:.2f} games/s", style="cyan")


class _LeftColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        rate = _session_rate(task)
        remaining = (task.total or 0) - task.completed
        text = "-:--:--" if rate is None else _fmt_s(remaining / rate)
        return Text(f"{text} left", style="cyan")


def _fmt_s(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


class _Counts:
    def __init__(self) -> None:
        self.failures = 0
        self.errors = 0

    def note(self, record: GameRecord) -> None:
        self.failures += len(record.failures)

    def suffix(self) -> str:
        parts = []
        if self.failures:
            parts.append(f"{self.failures} bot failure{'s' * (self.failures != 1)}")
        if self.errors:
            parts.append(f"{self.errors} error{'s' * (self.errors != 1)}")
        return ", ".join(parts)


#: Workers shown one by one in a progress line; past this, the slowest and the most failing.
WORKERS_SHOWN = 6


class _Workers:
    """Per cluster worker: games in flight, games stored and their rate, failures (bot failures
    in its games, and its games lost or failed)."""

    def __init__(self) -> None:
        self.t0 = time.monotonic()
        self.games: dict[str, int] = {}
        self.failures: dict[str, int] = {}
        self.playing: dict[str, int] = {}

    def game(self, worker: str, record: GameRecord | None) -> None:
        self.games.setdefault(worker, 0)
        if record is not None:
            self.games[worker] += 1
        failed = 1 if record is None else len(record.failures)
        if failed:
            self.failures[worker] = self.failures.get(worker, 0) + failed

    def text(self, now: float) -> str:
        """`2 workers, 1.20 games/s: tcp://a:1 1 playing 6 games 0.60/s, ...` ("" off a cluster)."""
        names = sorted(set(self.games) | set(self.playing))
        if not names:
            return ""
        elapsed = max(now - self.t0, 1e-9)

        def one(w: str) -> str:
            failed = self.failures.get(w, 0)
            return (
                f"{safe_text(w, 60)} {self.playing.get(w, 0)} playing {self.games.get(w, 0)} games "
                f"{self.games.get(w, 0) / elapsed:.2f}/s" + (f" {failed} failed" if failed else "")
            )

        head = f"{len(names)} workers, {sum(self.games.values()) / elapsed:.2f} games/s"
        if len(names) <= WORKERS_SHOWN:
            return f"{head}: " + ", ".join(one(w) for w in names)
        slowest = min(names, key=lambda w: self.games.get(w, 0))
        worst = max(names, key=lambda w: self.failures.get(w, 0))
        return f"{head}; slowest {one(slowest)}; most failures {one(worst)}"


class BarProgress(Progress):
    """A rich progress bar: done/total, games per second, elapsed and time left."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console(stderr=True)
        self.counts = _Counts()
        self.bar = RichProgress(
            TextColumn("[bold]arena"),
            BarColumn(),
            MofNCompleteColumn(),
            _RateColumn(),
            TimeElapsedColumn(),
            _LeftColumn(),
            TextColumn("[yellow]{task.fields[note]}"),
            console=self.console,
            auto_refresh=False,
        )
        self.task: TaskID | None = None
        self.workers = _Workers()

    def worker_game(self, worker: str, record: GameRecord | None) -> None:
        self.workers.game(worker, record)

    def in_flight(self, games: dict[str, int]) -> None:
        self.workers.playing = games

    def start(self, total: int, done: int, workers: int) -> None:
        self.bar.start()
        self.task = self.bar.add_task("arena", total=total, completed=done, note="", start_done=done)
        self.bar.refresh()

    def game_done(self, record: GameRecord) -> None:
        self.counts.note(record)
        assert self.task is not None, "start() comes first"
        self.bar.update(self.task, advance=1, note=self.counts.suffix())
        self.bar.refresh()

    def game_error(self, game_id: int, message: str) -> None:
        self.counts.errors += 1
        self.bar.console.print(f"[red]{safe_markup(message, 4000, keep_newlines=True)}")
        assert self.task is not None, "start() comes first"
        self.bar.update(self.task, note=self.counts.suffix())

    def tick(self) -> None:
        text = self.workers.text(time.monotonic())
        if text and self.task is not None:
            suffix = self.counts.suffix()
            self.bar.update(self.task, note=safe_markup(f"{suffix}; {text}" if suffix else text))
        self.bar.refresh()

    def close(self) -> None:
        self.bar.stop()


class LineProgress(Progress):
    """For logs and pipes: `arena: 120/480 games, 3.10 games/s, 0:01:56 left` every few seconds."""

    def __init__(self, stream: TextIO | None = None, every_s: float = PLAIN_EVERY_S) -> None:
        self.stream = stream or sys.stderr
        self.every_s = every_s
        self.counts = _Counts()
        self.total = self.done = self.start_done = 0
        self.t0 = self.last = 0.0
        self.workers = _Workers()

    def worker_game(self, worker: str, record: GameRecord | None) -> None:
        self.workers.game(worker, record)

    def in_flight(self, games: dict[str, int]) -> None:
        self.workers.playing = games

    def start(self, total: int, done: int, workers: int) -> None:
        self.total, self.done, self.start_done = total, done, done
        self.t0 = self.last = time.monotonic()

    def game_done(self, record: GameRecord) -> None:
        self.counts.note(record)
        self.done += 1
        self.tick()

    def game_error(self, game_id: int, message: str) -> None:
        self.counts.errors += 1
        self._print(safe_text(message, 4000, keep_newlines=True))

    def tick(self) -> None:
        now = time.monotonic()
        if now - self.last >= self.every_s:
            self.last = now
            self._print(self.line(now))

    def line(self, now: float) -> str:
        played, elapsed = self.done - self.start_done, now - self.t0
        rate = played / elapsed if elapsed > 0 else 0.0
        left = f", {_fmt_s((self.total - self.done) / rate)} left" if rate > 0 else ""
        suffix = self.counts.suffix()
        workers = self.workers.text(now)
        return (
            f"arena: {self.done}/{self.total} games, {rate:.2f} games/s{left}"
            + (f" ({suffix})" if suffix else "")
            + (f"\n  workers: {workers}" if workers else "")
        )

    def close(self) -> None:
        if self.total:
            self._print(self.line(time.monotonic()))

    def _print(self, text: str) -> None:
        print(text, file=self.stream, flush=True)


class QuietProgress(Progress):
    """Errors only."""

    def game_error(self, game_id: int, message: str) -> None:
        print(safe_text(message, 4000, keep_newlines=True), file=sys.stderr, flush=True)


def make_progress(quiet: bool = False) -> Progress:
    if quiet:
        return QuietProgress()
    if sys.stderr.isatty():
        return BarProgress()
    return LineProgress()
