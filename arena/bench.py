"""`altay bench arena`: games per second of a whole arena at several worker counts.

The same arena (built-in random bots, real processes, real logs and database) is played once per
worker count in a temporary folder, so the figures include everything an arena costs: bot
start-up, the referee, log writing and one SQLite commit per game. The parent's own CPU time
per game is reported apart: it is the part that does not scale with workers.

`modes`: "kept" (an arena's default: a bot that says `many_games` keeps its process between the
games of a worker) and "fresh" (`--fresh-bots`: every game starts its bots). Both are played in
each of `rounds` rounds, alternating which goes first, and each figure is the median over the
rounds with its range; the CPU is every process's (the arena, its workers, their bots), the
games the same seeded ones in every run.
"""

from __future__ import annotations

import hashlib
import os
import resource
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import orjson

from altay_cli.engine import DEFAULT_GAME

from .params import ArenaParams, BotEntry, match_from_dict
from .runner import run_arena
from .store import ArenaStore
from .worker import LOGS, WorkerSetup


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
    modes: Sequence[str] = ("kept",),
    rounds: int = 1,
) -> dict[str, Any]:
    """Play C(n_bots, players) x deals x players games of `game` with each worker count and mode
    (see the module docstring), `rounds` times; time them. `max_rounds`: the game's option (None:
    the game's default); `game_options`: more of the game's options."""
    if not modes or any(m not in MODES for m in modes) or len(set(modes)) != len(modes):
        raise ValueError(f"modes are some of {', '.join(MODES)}, each once, not {list(modes)}")
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
    samples: dict[str, dict[str, list[dict[str, float]]]] = {m: {} for m in modes}
    digests: set[str] = set()
    for k in workers:
        for r in range(rounds):
            for mode in modes if r % 2 == 0 else tuple(reversed(modes)):
                one, digest = _one_run(params, schedule, k, fresh=mode == "fresh")
                samples[mode].setdefault(str(k), []).append(one)
                digests.add(digest)
    if len(digests) != 1:
        raise RuntimeError(
            f"bench arena: the same games ended differently across runs ({len(digests)} digests)"
        )
    by_mode = {m: {k: _median(runs) for k, runs in samples[m].items()} for m in modes}
    runs = by_mode[modes[0]]
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
        "mode": modes[0],
        "rounds": rounds,
        "digest": digests.pop(),  # of every game's final state: the same in every run and mode
    }
    if len(modes) > 1:
        out["modes"] = by_mode
        if "kept" in by_mode and "fresh" in by_mode:
            out["kept_vs_fresh"] = {
                k: round(by_mode["kept"][k]["games_per_s"] / v["games_per_s"], 3)
                for k, v in by_mode["fresh"].items()
            }
    if "1" in runs:
        base = runs["1"]["games_per_s"]
        out["speedup_vs_1"] = {k: round(v["games_per_s"] / base, 3) for k, v in runs.items() if k != "1"}
    return out


MODES = ("kept", "fresh")


def _one_run(params: ArenaParams, schedule: list[Any], k: int, fresh: bool) -> tuple[dict[str, float], str]:
    """One arena's figures, and a digest of every game's final state."""
    with tempfile.TemporaryDirectory(prefix="altay-bench-arena-") as folder:
        with ArenaStore.create(folder, params) as store:
            cpu0, kids0, t0 = _self_cpu_s(), _children_cpu_s(), time.perf_counter()
            setup = WorkerSetup(folder=folder, params=params, fresh_bots=fresh)
            summary = run_arena(store, setup, schedule, k)
            wall, cpu = time.perf_counter() - t0, _self_cpu_s() - cpu0
            kids = _children_cpu_s() - kids0
        if not summary.complete:
            raise RuntimeError(f"bench arena with {k} workers did not complete: {summary.errors}")
        digest = _final_digests(Path(folder))
    return {
        "seconds": wall,
        "games_per_s": len(schedule) / wall,
        "parent_cpu_ms_per_game": 1000 * cpu / len(schedule),
        "total_cpu_ms_per_game": 1000 * (cpu + kids) / len(schedule),
    }, digest


def _final_digests(folder: Path) -> str:
    h = hashlib.sha256()
    for log in sorted((folder / LOGS).glob("*.jsonl")):
        last = log.read_bytes().rstrip(b"\n").rsplit(b"\n", 1)[-1]
        h.update(log.name.encode() + b"=" + orjson.loads(last)["final_digest"].encode() + b";")
    return h.hexdigest()[:16]


def _median(runs: list[dict[str, float]]) -> dict[str, Any]:
    """Each figure's median over the rounds (rounded), and with several rounds its [min, max]."""
    out: dict[str, Any] = {}
    for key in runs[0]:
        values = [r[key] for r in runs]
        out[key] = round(statistics.median(values), 3)
        if len(values) > 1:
            out[f"{key}_range"] = [round(min(values), 3), round(max(values), 3)]
    return out
