"""`altay bench view`: the CPU time to write a viewer page, and its size, for a typical game.

A game between the game's own in-process players (greedy where it has one) is played with a
fixed seed and logged; each round then builds its page through every pair of eyes (spectator,
seat 0, all): the replay, the frames, the HTML. The figures are CPU seconds of this process
(time.process_time, so other work on the machine does not count), median and spread over the
rounds.
"""

from __future__ import annotations

import io
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from ..engine import Game
from ..engine.api import Eyes, EyesKind
from ..gamelog import LogWriter, SeatInfo
from .view import build_page

#: The bench's target for a 2-player game's page (the issue's): under 2 s.
TARGET_S = 2.0


def bench_log(game: Game, players: int, seed: int, path: Path) -> Path:
    """Log one game of `game` between its in-process players (greedy where it has one)."""
    from ..interactive.session import Session
    from ..policies import make_policy

    name = "greedy" if "greedy" in game.search.in_process_bots else "random"
    config = game.make_config(players, seed, dict(game.checkbot.quick_game_options) if players == 1 else {})
    seats = [SeatInfo(seat=i, name=f"{name}-{i}", kind="policy") for i in range(players)]
    session = Session(config, seats, game)
    policies = [make_policy(name, game, seed * 10 + i) for i in range(players)]
    g = session.state
    while not g.is_terminal:
        legal = g.legal_actions()
        seat = g.to_move
        assert seat is not None, "a game that is not over has a seat to move"
        session.apply(legal[policies[seat].choose(g, legal)])
        g = session.state
    out = io.BytesIO()
    with LogWriter(out) as writer:
        for line in session.log_lines(source="bench", created=None):
            writer.write(line)
    path.write_bytes(out.getvalue())
    return path


def _spread(values: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(values), 3),
        "min": round(min(values), 3),
        "max": round(max(values), 3),
    }


def bench_view(
    game: Game, players: int = 2, seed: int = 1, rounds: int = 5, log: str | Path | None = None
) -> dict[str, Any]:
    """Time writing the page of one game (`log`, or a game played here) through each eyes."""
    eyes = {
        "spectator": Eyes(EyesKind.SPECTATOR),
        "seat 0": Eyes(EyesKind.SEAT, 0),
        "all": Eyes(EyesKind.ALL),
    }
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(log) if log is not None else bench_log(game, players, seed, Path(tmp) / "bench.jsonl")
        cpu: dict[str, list[float]] = {name: [] for name in eyes}
        sizes: dict[str, int] = {}
        steps = 0
        for _ in range(rounds):
            for name, e in eyes.items():
                started = time.process_time()
                text, data = build_page(path, e)
                (Path(tmp) / "page.html").write_text(text, encoding="utf-8")
                cpu[name].append(time.process_time() - started)
                sizes[name] = len(text.encode("utf-8"))
                steps, players = data.steps, len(data.data["seats"])
    worst = max(statistics.median(v) for v in cpu.values())
    return {
        "game": game.kind.name,
        "players": players,
        "decisions": steps,
        "rounds": rounds,
        "cpu_s": {name: _spread(v) for name, v in cpu.items()},
        "page_mb": {name: round(size / 1e6, 3) for name, size in sizes.items()},
        "target_s": TARGET_S,
        "meets_target": worst < TARGET_S,
    }
