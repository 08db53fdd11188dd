"""`altay bench arena`: games per second of a whole arena at several worker counts.

The same arena (built-in random bots, real processes, real logs and database) is played once per
worker count in a temporary folder, so the figures include everything an arena costs: bot
start-up, the referee, log writing and one SQLite commit per game. The parent's own CPU time
per game is reported apart: it is the part that does not scale with workers.
"""

from __future__ import annotations

import os
import resource
import tempfile
import time
from collections.abc import Sequence
from typing import Any

from altay_cli.engine import DEFAULT_GAME

from .params import ArenaParams, BotEntry, match_from_dict
from .runner import run_arena
from .store import ArenaStore
from .worker import WorkerSetup


def _self_cpu_s() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _children_cpu_s() -> float:
    """CPU of this process's finished children and theirs (workers, bots), once waited for."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def bench_arena(
    deals: int = 5,
    players: int = 2,
    n_bots: int = 4,
    workers: Sequence[int] = (1, 2),
    max_rounds: int | None = None,
    bot: str = "random",
    sandbox: str = "auto",
    game: str = DEFAULT_GAME,
    game_options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play C(n_bots, players) x deals x players games of `game` with each worker count; time
    them. `max_rounds`: the game's option (None: the game's default); `game_options`: more of
    the game's options."""
    options = dict(game_options or {})
    if max_rounds is not None:
        options["max_rounds"] = max_rounds
    params = ArenaParams(
        bots=tuple(BotEntry(f"r{i}", f"{bot} {i}") for i in range(n_bots)),
        players=players,
        games=deals,
        match=match_from_dict({"move_ms": 5000, "sandbox": sandbox}),
        game=game,
        game_options=options,
    )
    schedule = params.schedule()
    runs: dict[str, dict[str, float]] = {}
    for k in workers:
        with tempfile.TemporaryDirectory(prefix="altay-bench-arena-") as folder:
            with ArenaStore.create(folder, params) as store:
                cpu0, kids0, t0 = _self_cpu_s(), _children_cpu_s(), time.perf_counter()
                summary = run_arena(store, WorkerSetup(folder=folder, params=params), schedule, k)
                wall, cpu = time.perf_counter() - t0, _self_cpu_s() - cpu0
                kids = _children_cpu_s() - kids0
            if not summary.complete:
                raise RuntimeError(f"bench arena with {k} workers did not complete: {summary.errors}")
            runs[str(k)] = {
                "seconds": round(wall, 3),
                "games_per_s": round(len(schedule) / wall, 3),
                "parent_cpu_ms_per_game": round(1000 * cpu / len(schedule), 3),
                "total_cpu_ms_per_game": round(1000 * (cpu + kids) / len(schedule), 3),
            }
    from altay_cli.referee.sandbox import isolation_for

    out: dict[str, Any] = {
        "game": params.game,
        "sandbox": isolation_for(params.match.sandbox).describe(),
        "games": len(schedule),
        "players": players,
        "bots": f"{n_bots} x {bot}",
        "max_rounds": params.effective_options(params.rules()).get("max_rounds"),
        "cpu_count": os.cpu_count(),
        "workers": runs,
    }
    if "1" in runs:
        base = runs["1"]["games_per_s"]
        out["speedup_vs_1"] = {k: round(v["games_per_s"] / base, 3) for k, v in runs.items() if k != "1"}
    return out
