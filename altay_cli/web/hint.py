"""The `altay view` command line for a log, as match, replay and arena print it."""

from __future__ import annotations

import shlex
from pathlib import Path


def page_path(log: str | Path, eyes_suffix: str = "") -> Path:
    """Where `altay view` writes a log's page by default: beside it, `.html` for `.jsonl`
    (`game.seat-1.html` for seat 1's eyes, `game.all.html` for all)."""
    log = Path(log)
    stem = log.name[: -len(log.suffix)] if log.suffix else log.name
    return log.with_name(stem + (f".{eyes_suffix}" if eyes_suffix else "") + ".html")


def view_command(log: str | Path) -> str:
    """`altay view LOG -o PAGE`, quoted for a shell."""
    return f"altay view {shlex.quote(str(log))} -o {shlex.quote(str(page_path(log)))}"


def view_hint(log: str | Path) -> str:
    """One line telling how to watch the game of `log` in a browser."""
    return f"watch it in a browser: {view_command(log)} --open"
