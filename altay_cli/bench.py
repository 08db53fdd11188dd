"""Engine benchmark: random games in-process; per-decision and per-clone costs."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from .engine import Game, load_game


def play_random_game(players: int, seed: int, game: Game | None = None) -> tuple[int, str]:
    """Play one game with uniform random choices; return the number of decisions and how the
    game ended."""
    game = game or load_game()
    g = game.new_state(game.make_config(players, seed))
    rng = random.Random(seed)
    decisions = 0
    while not g.is_terminal:
        actions = g.legal_actions()
        g.apply(actions[rng.randrange(len(actions))])
        decisions += 1
    return decisions, str(game.outcome(g).end_reason)


def machine() -> dict[str, Any]:
    """What the figures were measured on: CPU model, cores, Python, whether bots are sandboxed
    (with the default policy) and whether the engines run compiled."""
    import os
    import platform
    import sys

    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        usable = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        usable = os.cpu_count() or 1
    from .referee.sandbox import SandboxPolicy, SandboxUnavailable, isolation_for

    try:
        sandbox = isolation_for(SandboxPolicy()).describe()
    except SandboxUnavailable as exc:
        sandbox = f"unavailable ({exc})"
    return {
        "cpu": model,
        "cores": os.cpu_count(),
        "usable_cores": usable,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": f"{platform.system()} {platform.release()}",
        "sandbox": sandbox,
        "compiled_engine_modules": _compiled(),
        "executable": sys.executable,
    }


def _compiled() -> int:
    """How many engine modules are compiled extensions here (an opt-in build), loaded or not:
    the extension files beside the engines' sources."""
    from pathlib import Path

    engines = Path(__file__).resolve().parent / "engine"
    return sum(1 for _ in engines.rglob("*.so")) + sum(1 for _ in engines.rglob("*.pyd"))


def spread(values: list[float], digits: int = 2) -> dict[str, float]:
    """Median and spread (lowest, highest) of several rounds' figures."""
    return {
        "median": round(statistics.median(values), digits),
        "min": round(min(values), digits),
        "max": round(max(values), digits),
    }


def _random_step(g: Any, rng: random.Random) -> None:
    actions = g.legal_actions()
    g.apply(actions[rng.randrange(len(actions))])


def bench_engine(
    games: int = 20, seed: int = 1, game: Game | None = None, rounds: int = 5, playout_steps: int = 20
) -> dict[str, Any]:
    """Time the engine in CPU time (time.process_time: other work on the machine does not
    count), `rounds` times over the same work, and report the median and spread of the rounds.

    Each round plays `games` uniformly random 2-player games (legal_actions plus apply per
    decision: the loop holds nothing else), then times clone, digest and observation(seat to
    move) on the states those games passed through (every 7th), and 20-step playouts (clone,
    then `playout_steps` random legal+apply steps, fewer where the game ends) from them.
    Games per second at the most players are reported apart, from one round."""
    game = game or load_game()
    players = max(2, game.kind.min_players)
    us_decision: list[float] = []
    clone: list[float] = []
    digest: list[float] = []
    observation: list[float] = []
    playouts: list[float] = []
    endings: dict[str, int] = {}
    decisions = 0
    for r in range(rounds):
        states = [game.new_state(game.make_config(players, seed + i)) for i in range(games)]
        rngs = [random.Random(seed + i) for i in range(games)]
        n = 0
        cpu = 0.0
        for g, rng in zip(states, rngs, strict=True):
            start = time.process_time()
            while not g.is_terminal:
                _random_step(g, rng)
                n += 1
            cpu += time.process_time() - start
            if r == 0:
                reason = str(game.outcome(g).end_reason)
                endings[reason] = endings.get(reason, 0) + 1
        decisions = n
        us_decision.append(1e6 * cpu / n)
        samples = _mid_game_states(game, players, seed, games)
        clone.append(_per_call(samples, lambda s: s.clone(), 20))
        digest.append(_per_call(samples, lambda s: s.digest(), 5))
        observation.append(_per_call(samples, lambda s: s.observation(s.to_move), 5))
        playouts.append(_playouts_per_s(samples, playout_steps, seed + r))
    out: dict[str, Any] = {
        "game": game.kind.name,
        "players": players,
        "games_per_round": games,
        "rounds": rounds,
        "seed": seed,
        "decisions_per_round": decisions,
        "decisions_per_game": round(decisions / games, 1),
        "end_reasons": ", ".join(f"{k} {v}" for k, v in sorted(endings.items(), key=lambda kv: -kv[1])),
        "legal_apply_cpu_us": spread(us_decision),
        "decisions_per_s": round(1e6 / statistics.median(us_decision)),
        "clone_cpu_us": spread(clone),
        "digest_cpu_us": spread(digest),
        "observation_cpu_us": spread(observation),
        f"playouts_{playout_steps}_steps_per_s": spread(playouts, 0),
    }
    most = game.kind.max_players
    start = time.process_time()
    for i in range(games):
        play_random_game(most, seed + i, game)
    out[f"games_per_s_{most}p"] = round(games / max(time.process_time() - start, 1e-9), 2)
    out["games_per_s_2p"] = round(1e6 / (statistics.median(us_decision) * decisions / games), 2)
    out["notes"] = (
        "CPU time (process_time), median [min, max] over rounds of the same seeded games; "
        "legal_apply: legal_actions() plus apply() per decision of uniformly random 2-player games; "
        "clone, digest, observation(seat to move): on every 7th state of those games; playouts: "
        f"clone then {playout_steps} random legal+apply steps from those states."
    )
    return out


def _mid_game_states(game: Game, players: int, seed: int, games: int) -> list[Any]:
    """Every 7th non-terminal state of the seeded random games (the same each call)."""
    out: list[Any] = []
    for i in range(games):
        g = game.new_state(game.make_config(players, seed + i))
        rng = random.Random(seed + i)
        step = 0
        while not g.is_terminal:
            if step % 7 == 3:
                out.append(g.clone())
            _random_step(g, rng)
            step += 1
    return out


def _per_call(states: list[Any], work: Callable[[Any], object], repeat: int) -> float:
    """CPU microseconds per call of `work` on each state, over `repeat` passes."""
    start = time.process_time()
    for _ in range(repeat):
        for s in states:
            work(s)
    return 1e6 * (time.process_time() - start) / (len(states) * repeat)


def _playouts_per_s(samples: list[Any], steps: int, seed: int) -> float:
    """Playouts per CPU second: clone a state, then `steps` random steps (or to the end)."""
    rng = random.Random(seed)
    start = time.process_time()
    for s in samples:
        g = s.clone()
        for _ in range(steps):
            if g.is_terminal:
                break
            _random_step(g, rng)
    return len(samples) / max(time.process_time() - start, 1e-9)


def bench_bots(games: int = 6, seed: int = 1, rounds: int = 3, game: Game | None = None) -> dict:
    """The CPU time of the game's in-process bots (greedy...) per decision, the bot's own choice
    only (its observation is built outside the timing, as a bot process receives it): each round
    plays `games` games with that bot in every seat at the most players. Reports, per bot, the
    median over rounds of each round's median, 99th percentile and slowest decision, and the
    spread (lowest-highest) of the rounds' slowest."""
    import msgspec

    from .policies import FunctionPolicy

    game = game or load_game()
    players = game.kind.max_players
    out: dict = {"game": game.kind.name, "players": players, "games_per_round": games, "rounds": rounds}
    for name, target in game.search.in_process_bots.items():
        medians: list[float] = []
        p99s: list[float] = []
        slowest: list[float] = []
        decisions = 0
        for _ in range(rounds):  # the same games each round: the spread is the machine's
            times: list[float] = []
            for i in range(games):
                bot = FunctionPolicy(game, target, seed + i)
                g = game.new_state(game.make_config(players, seed + i))
                while not g.is_terminal:
                    actions = g.legal_actions()
                    legal = [game.action_to_builtins(a) for a in actions]
                    seat = g.to_move
                    assert seat is not None, "a game that is not over has a seat to move"
                    observation = msgspec.to_builtins(g.observation(seat))
                    start = time.process_time()
                    index = int(bot.function(observation, legal, bot.rng))
                    times.append(time.process_time() - start)
                    g.apply(actions[index])
            decisions += len(times)
            times.sort()
            medians.append(statistics.median(times))
            p99s.append(times[min(len(times) - 1, int(0.99 * len(times)))])
            slowest.append(times[-1])
        out[f"{name}_decisions"] = decisions
        out[f"{name}_cpu_us_median"] = round(1e6 * statistics.median(medians), 1)
        out[f"{name}_cpu_us_p99"] = round(1e6 * statistics.median(p99s), 1)
        out[f"{name}_cpu_ms_slowest"] = round(1e3 * statistics.median(slowest), 2)
        out[f"{name}_cpu_ms_slowest_spread"] = f"{1e3 * min(slowest):.2f}-{1e3 * max(slowest):.2f}"
    return out
