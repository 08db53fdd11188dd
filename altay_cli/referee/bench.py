"""`altay bench protocol`: the referee's own cost per decision, next to a raw pipe round trip.

A minimal bot (answers index 0 after reading the id from the start of the line, no JSON
parsing) plays whole games through `BotSeat`, so the figures isolate the referee: building the
request from the observation, encoding, writing, reading, decoding and checking the answer.
The engine's `observation(seat)` is timed separately (it is the engine's cost, not the
referee's). For comparison an echo child answers lines of the same size over a bare pipe.
"""

from __future__ import annotations

import os
import shlex
import statistics
import subprocess
import sys
import time
from typing import Any

from altay_cli.engine import Game, load_game

from .seat import BotSeat
from .types import BotSpec, MatchOptions

TARGET_OVERHEAD_US = 50.0

# Reads the id from the line's start: {"type":"request","id":N,...} (field order is fixed).
MINIMAL_BOT = r"""
import sys
out = sys.stdout.buffer
for line in sys.stdin.buffer:
    if line.startswith(b'{"type":"request","id":'):
        rid = line[23:line.index(b",", 23)]
        out.write(b'{"type":"action","id":' + rid + b',"index":0}\n')
    elif line.startswith(b'{"type":"hello"'):
        out.write(b'{"type":"ready","name":"minimal"}\n')
    elif line.startswith(b'{"type":"quit"'):
        break
    else:
        continue
    out.flush()
"""

ECHO_CHILD = r"""
import sys
out = sys.stdout.buffer
for line in sys.stdin.buffer:
    out.write(b'{"type":"action","id":1,"index":0}\n')
    out.flush()
"""


def _stats(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "median": round(statistics.median(ordered), 1),
        "p90": round(ordered[int(0.9 * (len(ordered) - 1))], 1),
        "mean": round(statistics.fmean(ordered), 1),
    }


def raw_round_trip(line: bytes, count: int) -> list[float]:
    """Microseconds per write-line / read-reply exchange with an echo child over bare pipes."""
    proc = subprocess.Popen(
        [sys.executable, "-c", ECHO_CHILD], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0
    )
    assert proc.stdin and proc.stdout
    wfd, rfd = proc.stdin.fileno(), proc.stdout.fileno()
    out: list[float] = []
    try:
        for _ in range(count):
            t = time.perf_counter()
            view = memoryview(line)
            while view:
                view = view[os.write(wfd, view) :]
            buf = b""
            while not buf.endswith(b"\n"):
                buf += os.read(rfd, 4096)
            out.append((time.perf_counter() - t) * 1e6)
    finally:
        proc.stdin.close()
        proc.wait(timeout=5)
        proc.stdout.close()
    return out


def bench_protocol(
    games: int = 4, seed: int = 1, game: Game | None = None, game_options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Play `games` games at the fewest and the most players (with `game_options`, by default
    the game's short-game ones) with minimal bots; time every decision."""
    overhead: list[float] = []
    observation: list[float] = []
    legal: list[float] = []
    total: list[float] = []
    sizes: list[int] = []
    spec = BotSpec("minimal", shlex.join([sys.executable, "-c", MINIMAL_BOT]))
    options = MatchOptions(move_ms=5000)
    game = game or load_game()
    counts = sorted({max(2, game.kind.min_players), game.kind.max_players})
    quick = dict(game.quick_game_options) if game_options is None else game_options
    for players in counts:
        for g in range(games):
            config = game.make_config(players, seed + g, quick)
            seats = [BotSeat(spec, s, game, config, options) for s in range(players)]
            try:
                for s in seats:
                    s.start()
                state = game.new_state(config)
                while not state.is_terminal:
                    mover = state.to_move
                    assert mover is not None
                    t = time.perf_counter()
                    action, answer = seats[mover].decide(state)
                    total.append((time.perf_counter() - t) * 1e6)
                    overhead.append(answer.overhead_us or 0.0)
                    observation.append(answer.observation_us or 0.0)
                    legal.append(answer.legal_us or 0.0)
                    sizes.append(answer.request_bytes or 0)
                    state.apply(action)
                    for s in seats:
                        s.note_action(state, mover, action)
            finally:
                for s in seats:
                    s.close()
    sample = _typical_request(sizes)
    raw = raw_round_trip(sample, min(len(total), 3000))
    over = _stats(overhead)
    with_engine = _stats([a + b + c for a, b, c in zip(overhead, observation, legal)])
    return {
        "decisions": len(total),
        "games": 2 * games,
        "request_bytes": {"median": int(statistics.median(sizes)), "max": max(sizes)},
        "referee_overhead_us": over,
        "engine_observation_us": _stats(observation),
        "engine_legal_actions_us": _stats(legal),
        "overhead_with_engine_us": with_engine,
        "decision_round_trip_us": _stats(total),
        "raw_pipe_round_trip_us": _stats(raw),
        "target_overhead_us": TARGET_OVERHEAD_US,
        "meets_target": over["median"] <= TARGET_OVERHEAD_US,
        "notes": (
            "referee_overhead_us: build the request from the observation, encode, write; read, decode, "
            "validate the answer (bot time excluded). engine_observation_us, engine_legal_actions_us: "
            "observation(seat) and legal_actions(), the engine's cost (legal_actions() is needed "
            "to apply the move anyway). decision_round_trip_us: whole decide() with a minimal bot; "
            "raw_pipe_round_trip_us: the same line size over a bare pipe to an echo child."
        ),
    }


def _typical_request(sizes: list[int]) -> bytes:
    """A line of the median request size (content does not matter to the echo child)."""
    n = int(statistics.median(sizes)) - 1
    return b"x" * n + b"\n"


def bench_sandbox(starts: int = 20, games: int = 10, seed: int = 1) -> dict[str, Any]:
    """What isolation costs: a bot's start-up (spawn to `ready`) and close, and whole games,
    with the sandbox off and on (alternating, so machine noise hits both alike)."""
    from .match import run_match
    from .sandbox import SandboxPolicy, isolation_for

    modes = {"off": SandboxPolicy(mode="off"), "on": SandboxPolicy(mode="on")}
    isolation = isolation_for(modes["on"])  # raises SandboxUnavailable where there is none
    game = load_game()
    config = game.make_config(2, seed, {"max_rounds": 30})
    bots = {
        "minimal": BotSpec("minimal", shlex.join([sys.executable, "-c", MINIMAL_BOT])),
        "random": BotSpec("random", "random"),
    }
    startup: dict[str, dict[str, list[float]]] = {b: {m: [] for m in modes} for b in bots}
    closing: dict[str, list[float]] = {m: [] for m in modes}
    for _ in range(starts):
        for bot, spec in bots.items():
            for mode, policy in modes.items():
                seat = BotSeat(spec, 0, game, config, MatchOptions(sandbox=policy))
                t0 = time.perf_counter()
                seat.start()
                startup[bot][mode].append((time.perf_counter() - t0) * 1000)
                t1 = time.perf_counter()
                seat.close()
                if bot == "minimal":
                    closing[mode].append((time.perf_counter() - t1) * 1000)
    game_s: dict[str, list[float]] = {m: [] for m in modes}
    for g in range(games):
        for mode, policy in modes.items():
            t0 = time.perf_counter()
            result = run_match(
                [bots["random"], bots["random"]],
                game.make_config(2, seed + g, {"max_rounds": 30}),
                MatchOptions(move_ms=5000, sandbox=policy),
            )
            assert result.completed, result.failures
            game_s[mode].append(time.perf_counter() - t0)

    def ms(values: list[float]) -> float:
        return round(statistics.median(values), 2)

    out: dict[str, Any] = {"isolation": isolation.to_dict(), "starts": starts, "games": games}
    for bot in bots:
        off, on = ms(startup[bot]["off"]), ms(startup[bot]["on"])
        out[f"startup_ms_{bot}"] = {"off": off, "on": on, "extra_ms": round(on - off, 2)}
    out["close_ms"] = {m: ms(v) for m, v in closing.items()}
    per_game = {m: statistics.median(v) for m, v in game_s.items()}
    out["games_per_s"] = {m: round(1 / v, 2) for m, v in per_game.items()}
    out["games_per_s_ratio_on_vs_off"] = round(per_game["off"] / per_game["on"], 3)
    return out
