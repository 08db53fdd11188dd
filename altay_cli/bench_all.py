"""`altay bench all`: every bench for every game, one table (or one JSON object), the machine named.

The README's speed figures come from this command: rerun it to regenerate them all. Each bench
keeps its own command (`altay bench engine|match|protocol|bots|view|arena|sandbox`) with the
same figures; here they run with fixed sizes (`quick`: the smallest that still measures each
figure, for a test of the shape, never of the values).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .engine import Game, game_names, load_game


@dataclass(frozen=True)
class Sizes:
    """How much work each bench does."""

    engine_games: int
    rounds: int
    match_games: int
    protocol_games: int
    bots_games: int
    view_rounds: int
    arena_deals: int
    arena_bots: int
    arena_workers: tuple[int, ...]
    sandbox_starts: int
    startups: int  # fresh interpreters timed for the process start-up
    sandbox_games: int
    quick_games: bool  # play the games' short versions (check-bot's options) where it matters


FULL = Sizes(
    engine_games=20,
    rounds=5,
    match_games=2,
    protocol_games=4,
    bots_games=4,
    view_rounds=3,
    arena_deals=2,
    arena_bots=4,
    arena_workers=(1, 2),
    sandbox_starts=10,
    startups=3,
    sandbox_games=4,
    quick_games=False,
)
QUICK = Sizes(
    engine_games=1,
    rounds=2,
    match_games=1,
    protocol_games=1,
    bots_games=1,
    view_rounds=1,
    arena_deals=1,
    arena_bots=2,
    arena_workers=(1,),
    sandbox_starts=1,
    startups=1,
    sandbox_games=1,
    quick_games=True,
)


def bench_game(game: Game, sizes: Sizes, seed: int) -> dict[str, Any]:
    """Every per-game bench of `game`."""
    from arena.bench import bench_arena

    from .bench import bench_bots, bench_engine
    from .referee.bench import bench_match, bench_protocol
    from .web.bench import bench_view

    short = dict(game.checkbot.quick_game_options) if sizes.quick_games else {}
    return {
        "engine": bench_engine(games=sizes.engine_games, seed=seed, game=game, rounds=sizes.rounds),
        "match": bench_match(
            game,
            rounds=sizes.rounds,
            games=sizes.match_games,
            seed=seed,
            game_options=short,
            startups=sizes.startups,
        ),
        "protocol": bench_protocol(games=sizes.protocol_games, seed=seed, game=game, game_options=short),
        "bots": bench_bots(games=sizes.bots_games, seed=seed, rounds=sizes.rounds, game=game),
        "view": bench_view(game, players=2, seed=seed, rounds=sizes.view_rounds),
        "replay": bench_replay(game, seed=seed, rounds=sizes.rounds),
        "arena": bench_arena(
            deals=sizes.arena_deals,
            n_bots=sizes.arena_bots,
            workers=sizes.arena_workers,
            game=game.kind.name,
            game_options=short,
            modes=("kept", "fresh"),
        ),
    }


def bench_replay(game: Game, seed: int, rounds: int) -> dict[str, Any]:
    """`altay replay`'s speed: the CPU to re-verify a logged 2-player game between the game's
    own in-process players (the view bench's game), per decision, median and spread over rounds."""
    import tempfile
    import time
    from pathlib import Path

    from .bench import spread
    from .replay import VALID, replay_log
    from .web.bench import bench_log

    with tempfile.TemporaryDirectory(prefix="altay-bench-replay-") as tmp:
        path = bench_log(game, 2, seed, Path(tmp) / "game.jsonl")
        per_s: list[float] = []
        decisions = 0
        for _ in range(rounds):
            start = time.process_time()
            verdict = replay_log(path)
            cpu = time.process_time() - start
            if verdict.status != VALID:
                raise RuntimeError(f"bench replay: the bench's own log does not verify: {verdict.message}")
            decisions = len(verdict.decisions)
            per_s.append(decisions / max(cpu, 1e-9))
    return {
        "game": game.kind.name,
        "decisions": decisions,
        "rounds": rounds,
        "decisions_per_s": spread(per_s, 0),
    }


def bench_all(quick: bool = False, seed: int = 1, games: list[str] | None = None) -> dict[str, Any]:
    """Run every bench for every game (or `games`), then the sandbox's cost once; name the machine."""
    from .bench import machine
    from .referee.bench import bench_sandbox, cgroup_read_cost
    from .referee.sandbox import SandboxUnavailable

    sizes = QUICK if quick else FULL
    names = games or game_names()
    out: dict[str, Any] = {
        "command": "altay bench all" + (" --quick" if quick else ""),
        "machine": machine(),
        "sizes": sizes.__dict__ | {"arena_workers": list(sizes.arena_workers)},
        "seed": seed,
        "games": {name: bench_game(load_game(name), sizes, seed) for name in names},
    }
    out["cgroup_cpu_read"] = cgroup_read_cost(
        rounds=sizes.rounds, games=sizes.match_games, seed=seed, game=load_game(names[0])
    )
    try:
        out["sandbox"] = bench_sandbox(starts=sizes.sandbox_starts, games=sizes.sandbox_games, seed=seed)
    except SandboxUnavailable as exc:
        out["sandbox"] = {"unavailable": str(exc)}
    out["summary"] = summary(out)
    return out


def _median(value: Any) -> Any:
    return value["median"] if isinstance(value, dict) and "median" in value else value


#: The headline rows of `bench all`'s table: a label and where its figure is in a game's results.
ROWS: list[tuple[str, Callable[[dict[str, Any]], Any]]] = [
    ("engine: legal+apply CPU µs/decision", lambda r: r["engine"]["legal_apply_cpu_us"]),
    ("engine: decisions/s (CPU)", lambda r: r["engine"]["decisions_per_s"]),
    ("engine: clone CPU µs", lambda r: r["engine"]["clone_cpu_us"]),
    ("engine: digest CPU µs", lambda r: r["engine"]["digest_cpu_us"]),
    ("engine: observation CPU µs", lambda r: r["engine"]["observation_cpu_us"]),
    ("engine: 20-step playouts/s, 2 players", lambda r: r["engine"]["playouts_20_steps_per_s"]),
    ("match: referee steady CPU µs/decision", lambda r: r["match"]["steady_cpu_us_per_decision"]),
    ("match: per-game set-up CPU ms", lambda r: r["match"]["setup_cpu_ms_per_game"]),
    ("match: whole match CPU µs/decision", lambda r: r["match"]["match_cpu_us_per_decision"]),
    ("match: process start-up CPU ms", lambda r: r["match"]["startup_cpu_ms"]),
    (
        "match: with start-up, over one game, CPU µs/decision",
        lambda r: r["match"]["process_cpu_us_per_decision"],
    ),
    ("match: decisions per game", lambda r: r["match"]["decisions_per_game"]),
    (
        "protocol: referee overhead µs (in loop, wall)",
        lambda r: _median(r["protocol"]["referee_overhead_us"]),
    ),
    ("protocol: observation µs (in loop, wall)", lambda r: _median(r["protocol"]["engine_observation_us"])),
    (
        "protocol: legal actions µs (in loop, wall)",
        lambda r: _median(r["protocol"]["engine_legal_actions_us"]),
    ),
    ("protocol: request bytes (median)", lambda r: r["protocol"]["request_bytes"]["median"]),
    ("bots: greedy CPU µs/decision, most players", lambda r: r["bots"].get("greedy_cpu_us_median")),
    ("view: a 2-player page, CPU s, all eyes", lambda r: r["view"]["cpu_s"]["all"]),
    ("replay: decisions/s (CPU)", lambda r: r["replay"]["decisions_per_s"]),
    (
        "arena (4 random bots, 2 players, kept between games): games/s, 1 worker",
        lambda r: r["arena"]["workers"]["1"]["games_per_s"],
    ),
    (
        "arena: CPU ms/game of all its processes, 1 worker",
        lambda r: r["arena"]["workers"]["1"]["total_cpu_ms_per_game"],
    ),
    (
        "arena, bots started afresh each game (--fresh-bots): games/s, 1 worker",
        lambda r: r["arena"]["modes"]["fresh"]["1"]["games_per_s"],
    ),
    (
        "arena, bots started afresh: CPU ms/game, 1 worker",
        lambda r: r["arena"]["modes"]["fresh"]["1"]["total_cpu_ms_per_game"],
    ),
]


def summary(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The headline figures: row label -> game -> figure (a spread where there are rounds)."""
    return {label: {name: get(r) for name, r in result["games"].items()} for label, get in ROWS}


def _number(x: float) -> str:
    """A figure as the README prints it: three significant digits or so, thousands separated."""
    if abs(x) >= 100:
        return f"{x:,.0f}"
    if abs(x) >= 10:
        return f"{x:.1f}".removesuffix(".0")
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _figure(value: Any) -> str:
    if isinstance(value, dict) and "median" in value:
        return f"{_number(value['median'])} [{_number(value['min'])}, {_number(value['max'])}]"
    if isinstance(value, bool) or value is None:
        return "-" if value is None else str(value)
    if isinstance(value, (int, float)):
        return _number(value)
    return str(value)


def _once(result: dict[str, Any]) -> list[str]:
    """The figures measured once, not per game: the sandbox's cost, reading a bot's CPU time."""
    out: list[str] = []
    sandbox = result["sandbox"]
    if "unavailable" in sandbox:
        out.append(f"Sandbox: unavailable here ({sandbox['unavailable']}).")
    else:
        start = sandbox["startup_ms_random"]
        plan = sandbox["launch_plan_cpu_us"]
        out.append(
            f"Sandbox (`bench sandbox`, wall time, median of {sandbox['starts']}): the Python random "
            f"bot's start-up {_number(start['off'])} ms off, {_number(start['on'])} ms on; random "
            f"2-player Altay games at {sandbox['games_per_s_ratio_on_vs_off']}x the games/s; "
            f"planning one sandboxed launch {_number(plan['median'])} µs of CPU."
        )
    cost = result["cgroup_cpu_read"]
    if cost["cgroup"] is None:
        out.append("Reading a bot's CPU time: no cgroup with CPU accounting here.")
    else:
        out.append(
            f"Reading each bot's CPU time per decision ({cost['cgroup']}, `bench protocol "
            f"--cpu-rounds`): {_figure(cost['extra_cpu_us_per_decision'])} µs of the referee's CPU "
            f"per decision, beside {_figure(cost['referee_cpu_us_per_decision_without_reads'])} µs "
            f"without; one read {_figure(cost['one_read_cpu_us'])} µs."
        )
    return out


def markdown(result: dict[str, Any]) -> str:
    """The headline table as the README holds it (a column per game), then the machine."""
    names = list(result["games"])
    lines = [
        "| figure | " + " | ".join(names) + " |",
        "|---|" + "---|" * len(names),
    ]
    for label, row in result["summary"].items():
        lines.append(f"| {label} | " + " | ".join(_figure(row[name]) for name in names) + " |")
    m = result["machine"]
    for line in _once(result):
        lines += ["", line]
    lines += [
        "",
        f"`{result['command']}`, seed {result['seed']}, median [lowest, highest] of "
        f"{result['sizes']['rounds']} rounds where there are rounds: {m['cpu']}, {m['cores']} cores "
        f"({m['usable_cores']} usable), {m['python']}, {m['platform']}, compiled engine modules: "
        f"{m['compiled_engine_modules']}; {m['sandbox']}.",
    ]
    return "\n".join(lines) + "\n"
