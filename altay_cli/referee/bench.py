"""`altay bench protocol`: the referee's own cost per decision, next to a raw pipe round trip.

A minimal bot (answers index 0 after reading the id from the start of the line, no JSON
parsing) plays whole games through `BotSeat`, so the figures isolate the referee: building the
request from the observation, encoding, writing, reading, decoding and checking the answer.
The engine's `observation(seat)` is timed separately (it is the engine's cost, not the
referee's). For comparison an echo child answers lines of the same size over a bare pipe.
"""

from __future__ import annotations

import os
import random
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from altay_cli.engine import Game, load_game

from .clock import CPU_CHECK_SLICE_S
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
    quick = dict(game.checkbot.quick_game_options) if game_options is None else game_options
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


def cgroup_read_cost(
    rounds: int = 3, games: int = 2, seed: int = 1, game: Game | None = None, reads: int = 2000
) -> dict[str, Any]:
    """What reading each bot's cgroup CPU time around every decision (Answer.cpu_ms) costs the
    referee, in its own CPU time (time.process_time: the referee's user + system time, the
    bots' excluded), per decide() call.

    Each of `rounds` rounds plays `games` 2-player games with minimal bots; every decision is
    made with the reads or without them, at random (seeded), so machine noise hits both alike.
    The figures are the mean per decision of each kind in a round, then the median and the
    spread (lowest, highest) over the rounds. `reads` times the read alone on a live bot's
    cgroup. Needs a cgroup per bot (the default limits give one where the machine lets the
    referee create it); without one, nothing is read and it says so."""
    from .sandbox import runtime

    game = game or load_game()
    spec = BotSpec("minimal", shlex.join([sys.executable, "-c", MINIMAL_BOT]))
    options = MatchOptions(move_ms=5000)
    quick = dict(game.checkbot.quick_game_options)
    groups = runtime().cgroups
    rng = random.Random(seed)
    per_mode: dict[bool, list[float]] = {True: [], False: []}
    decisions = 0
    for r in range(rounds):
        used = {True: 0.0, False: 0.0}
        count = {True: 0, False: 0}
        for g in range(games):
            config = game.make_config(2, seed + r * games + g, quick)
            _referee_cpu_of_game(game, config, spec, options, rng, used, count)
        for read in (True, False):
            per_mode[read].append(used[read] / max(1, count[read]) * 1e6)
        decisions += count[True] + count[False]

    def spread(values: list[float]) -> dict[str, float]:
        return {
            "median": round(statistics.median(values), 1),
            "min": round(min(values), 1),
            "max": round(max(values), 1),
        }

    extra = [a - b for a, b in zip(per_mode[True], per_mode[False], strict=True)]
    return {
        "cgroup": groups.description if groups is not None and groups.accounts_cpu else None,
        "rounds": rounds,
        "decisions": decisions,
        "referee_cpu_us_per_decision_with_reads": spread(per_mode[True]),
        "referee_cpu_us_per_decision_without_reads": spread(per_mode[False]),
        "extra_cpu_us_per_decision": spread(extra),
        "one_read_cpu_us": _time_reads(game, spec, options, reads),
        "notes": (
            "the referee's CPU time (process_time) per decide() call, minimal bots, decisions "
            "made at random with or without the two cgroup reads that give Answer.cpu_ms; extra "
            "= with - without, per round (a negative end of the spread is noise). one_read_cpu_us: "
            "one read of the bot's CPU counter (cpuacct.usage or cpu.stat), timed alone. Under "
            f"--clock cpu the referee also reads it once per {CPU_CHECK_SLICE_S * 1000:.0f} ms of "
            "waiting for an answer."
        ),
    }


def _referee_cpu_of_game(
    game: Game,
    config: Any,
    spec: BotSpec,
    options: MatchOptions,
    rng: random.Random,
    used: dict[bool, float],
    count: dict[bool, int],
) -> None:
    """Play one game, each decision with or without the CPU reads (at random); add the
    referee's CPU seconds in decide() and the decisions to `used` and `count` by kind."""
    seats = [BotSeat(spec, s, game, config, options) for s in range(config.players)]
    try:
        for s in seats:
            s.start()
        state = game.new_state(config)
        while not state.is_terminal:
            mover = state.to_move
            assert mover is not None
            read = rng.random() < 0.5
            seats[mover].read_cpu = read
            t = time.process_time()
            action, _ = seats[mover].decide(state)
            used[read] += time.process_time() - t
            count[read] += 1
            state.apply(action)
            for s in seats:
                s.note_action(state, mover, action)
    finally:
        for s in seats:
            s.close()


def _time_reads(game: Game, spec: BotSpec, options: MatchOptions, reads: int) -> float | None:
    """Microseconds of the referee's CPU per read of a live bot's cgroup CPU counter."""
    seat = BotSeat(spec, 0, game, game.make_config(2, 1, dict(game.checkbot.quick_game_options)), options)
    try:
        seat.start()
        process = seat.process
        if process is None or process.cgroup_cpu_seconds() is None:
            return None
        t = time.process_time()
        for _ in range(reads):
            process.cgroup_cpu_seconds()
        return round((time.process_time() - t) / reads * 1e6, 2)
    finally:
        seat.close()


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
    out["launch_plan_cpu_us"] = launch_plan_cost(list(bots["random"].resolved().argv))
    return out


def launch_plan_cost(argv: list[str], rounds: int = 7, per_round: int = 200) -> dict[str, float]:
    """The referee's CPU for planning one sandboxed launch (what the bot sees: binds, checks of
    its interpreter, masks found by identity), with a log and an arena folder to hide: median
    and spread over rounds."""
    from .sandbox import SandboxPolicy, bwrap_arguments, runtime

    rt = runtime()
    assert rt.bwrap is not None
    policy = SandboxPolicy(mode="on", hidden=("/nonexistent-log.jsonl", "/nonexistent-arena"))
    cwd = os.getcwd()
    samples = []
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(per_round):
            bwrap_arguments(rt.bwrap, argv, policy, cwd)
        samples.append(1e6 * (time.process_time() - start) / per_round)
    median = statistics.median(samples)
    return {"median": round(median, 1), "low": round(min(samples), 1), "high": round(max(samples), 1)}


def _startup_cpu_ms(game_name: str) -> float:
    """CPU milliseconds of a fresh interpreter that imports what `altay match` needs and loads
    the game (rusage of the finished child; a game registered in this process only is
    registered there too, from the same import path)."""
    import resource

    from altay_cli.engine.registry import GAMES

    code = (
        "import altay_cli.cli, altay_cli.referee.match\n"
        "from altay_cli.engine import load_game, register_game\n"
        f"register_game({game_name!r}, {GAMES[game_name]!r})\n"
        f"load_game({game_name!r})\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", code], check=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return 1000 * cpu


def _marker(marks: list[float]) -> Callable[[Any, Any], None]:
    """An on_decision callback that notes the referee's CPU time after each decision."""

    def mark(_state: Any, _record: Any) -> None:
        marks.append(time.process_time())

    return mark


def bench_match(
    game: Game | None = None,
    rounds: int = 3,
    games: int = 2,
    seed: int = 1,
    game_options: dict[str, Any] | None = None,
    startups: int = 3,
) -> dict[str, Any]:
    """What a real 2-player match costs the referee: `run_match` (a log written, the sandbox as
    the default policy sets it) between two minimal bot processes, the referee process's CPU
    time (time.process_time, the bots' excluded) read around and inside the match.

    Steady state: the CPU from the first decision to the last, per decision (set-up and the
    end excluded). Per-game set-up: the CPU before the first decision (bots' launch plans, the
    log's header, the handshakes) less one steady decision, plus the CPU after the last
    (results, closing the bots and log). Start-up: a fresh interpreter importing what `altay
    match` needs and loading the game. Each round plays `games` seeded games (the same each
    round); figures are the median and spread over rounds."""
    import tempfile

    from altay_cli.bench import spread

    from .match import run_match
    from .sandbox import isolation_for

    game = game or load_game()
    options = MatchOptions(move_ms=5000)
    spec = BotSpec("minimal", shlex.join([sys.executable, "-c", MINIMAL_BOT]))
    extra = dict(game_options or {})
    steady: list[float] = []
    setup: list[float] = []
    whole: list[float] = []
    decisions = 0
    for _ in range(rounds):
        marks: list[float] = []
        steady_cpu = setup_cpu = whole_cpu = 0.0
        steps = 0
        with tempfile.TemporaryDirectory(prefix="altay-bench-match-") as folder:
            for g in range(games):
                config = game.make_config(2, seed + g, extra)
                marks.clear()
                start = time.process_time()
                result = run_match(
                    [spec, spec],
                    config,
                    options,
                    log_path=os.path.join(folder, f"{g}.jsonl"),
                    game=game,
                    on_decision=_marker(marks),
                )
                end = time.process_time()
                if not result.completed or len(marks) < 2:
                    raise RuntimeError(f"bench match game {g} did not complete: {result.failures}")
                per = (marks[-1] - marks[0]) / (len(marks) - 1)
                steady_cpu += marks[-1] - marks[0]
                setup_cpu += (marks[0] - start - per) + (end - marks[-1])
                whole_cpu += end - start
                steps += len(marks)
        decisions = steps
        steady.append(1e6 * steady_cpu / (steps - games))
        setup.append(1000 * setup_cpu / games)
        whole.append(1e6 * whole_cpu / steps)
    startup = [_startup_cpu_ms(game.kind.name) for _ in range(startups)]
    per_game = decisions / games
    median_whole = statistics.median(whole) + 1000 * statistics.median(startup) / per_game
    return {
        "game": game.kind.name,
        "players": 2,
        "bots": "minimal (answers index 0, no JSON parsing)",
        "sandbox": isolation_for(options.sandbox).describe(),
        "game_options": extra,
        "games_per_round": games,
        "rounds": rounds,
        "decisions_per_game": round(per_game, 1),
        "steady_cpu_us_per_decision": spread(steady, 1),
        "setup_cpu_ms_per_game": spread(setup, 2),
        "match_cpu_us_per_decision": spread(whole, 1),
        "startup_cpu_ms": spread(startup, 1),
        "process_cpu_us_per_decision": round(median_whole, 1),
        "notes": (
            "the referee process's CPU (process_time; bots excluded) in run_match between two "
            "minimal bot processes, a log written: steady = first to last decision, per decision; "
            "setup = before the first decision (launch, header, handshakes) less one decision, "
            "plus after the last (closing); match = the whole run_match per decision; startup = "
            "a fresh interpreter importing altay match and loading the game; process = match plus "
            "startup spread over one game's decisions. Median [min, max] over rounds."
        ),
    }
