"""`altay bench cluster`: how many games per second one coordinator stores from a cluster, and
so how many worker cores it keeps busy, against a simulated fleet inside this one process.

The games are real: an arena (built-in bots, 2 players, the game's full length unless
`max_rounds`) is played once here, its logs unsigned and naming the arena, as workers send
them. Then, for each fleet size, the same arena is emptied and played again by a simulated fleet
(`SimulatedFleet`, an `executors.GameExecutor`): each of its workers plays one game at a time
and answers after `game_s` seconds (each game's time drawn within +-20%, seeded) with that
game's answer as a worker encodes it (msgpack bytes: the record and the log). Everything the
coordinator does is the real code: decoding the answer, `intake.RemoteIntake` (the record
checked, the log written, replayed with the engine and signed with a key of this bench's), and
the SQLite commit, one game at a time in the runner's loop. What is not simulated: the network
(a log is tens of KiB; a thousand cores send well under 1 MB/s) and Dask's scheduler.

Each run reports the games/s the fleet offers (workers / game_s), the games/s stored, the
coordinator's busy share, its cost per game by stage, and whether it kept up. The coordinator's
ceiling is its stored games/s when it is saturated; the cores one coordinator keeps busy are that
ceiling times the seconds a real game keeps a core busy (`real_game_s`, for example 30 s: 300
decisions at `--move-ms 100` by bots that use their time).
"""

from __future__ import annotations

import heapq
import random
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from altay_cli.engine.registry import DEFAULT_GAME

from .executors import Played
from .intake import RemoteIntake
from .params import ArenaParams, BotEntry
from .records import GameRecord
from .remote import Answer, decode_answer, decode_record, encode_answer
from .runner import run_arena
from .schedule import ScheduledGame
from .store import ArenaStore
from .worker import LOGS, WorkerSetup

SIMULATED = "sim"  # the worker every simulated game names (its log's meta.worker, the executor's word)


class SimulatedFleet:
    """`workers` simulated cluster workers, one game each at a time, each game answered after
    about `game_s` seconds with its prepared answer (`answers`: game id -> msgpack bytes)."""

    def __init__(self, answers: dict[int, bytes], workers: int, game_s: float, seed: int = 1) -> None:
        self.answers, self.workers, self.game_s = answers, workers, game_s
        self.draw = random.Random(seed)
        self.running: list[tuple[float, int, ScheduledGame, int]] = []  # (due, game id, game, worker)
        self.idle = list(range(workers))
        self.started: set[int] = set()
        self.capacity = workers
        self.decode_s = 0.0
        self.t0 = time.monotonic()
        self.first_answer_s = 0.0  # seconds from t0 to the first answer

    def start(self, slots: int) -> int:
        self.capacity = max(1, min(slots, self.workers))
        return self.capacity

    def free(self) -> int:
        return self.capacity - len(self.running)

    def busy(self) -> int:
        return len(self.running)

    def submit(self, game: ScheduledGame) -> None:
        worker = self.idle.pop()
        # a worker's first game ends at a random phase (a fleet already running), later ones
        # after game_s +-20%
        share = self.draw.uniform(0.05, 1.0) if worker not in self.started else self.draw.uniform(0.8, 1.2)
        self.started.add(worker)
        heapq.heappush(self.running, (time.monotonic() + self.game_s * share, game.game_id, game, worker))

    def wait(self, timeout: float) -> list[Played]:
        now = time.monotonic()
        if self.running and self.running[0][0] > now:
            time.sleep(min(timeout, self.running[0][0] - now))
            now = time.monotonic()
        out = []
        if not self.first_answer_s and self.running and self.running[0][0] <= now:
            self.first_answer_s = self.running[0][0] - self.t0
        while self.running and self.running[0][0] <= now:
            _, _, game, worker = heapq.heappop(self.running)
            self.idle.append(worker)
            t0 = time.perf_counter()
            answer = decode_answer(self.answers[game.game_id])  # as `cluster.DaskExecutor` does
            record = decode_record(answer.record)
            self.decode_s += time.perf_counter() - t0
            out.append(Played(game, record=record, log=answer.log, worker=SIMULATED, cores=1))
        return out

    def in_flight(self) -> dict[str, int]:
        return {}

    def close(self, interrupted: bool) -> None:
        self.running.clear()


def _timed(fn: Callable[..., Any], total: list[float]) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            total[0] += time.perf_counter() - t0

    return timed


def bench_cluster(
    cores: list[int],
    speedup: float = 10.0,
    games: int = 200,
    game: str = DEFAULT_GAME,
    move_ms: int = 100,
    max_rounds: int | None = None,
    seed: int = 1,
    verify_sample: float = 1.0,
) -> dict[str, Any]:
    """The figures (see the module docstring) for a fleet of each size in `cores`, the
    coordinator re-simulating `verify_sample` of the games (`--verify-sample`).

    A real game keeps a core busy for about `decisions x move_ms` (bots that use their time);
    the simulation runs `speedup` times faster: a fleet of C cores is C / speedup simulated
    workers whose games last real / speedup seconds, which offers the coordinator the same games
    per second as the real fleet would."""
    from altay_cli.engine import load_game
    from altay_cli.logsign import generate

    options = {"max_rounds": max_rounds} if max_rounds else {}
    params = ArenaParams(
        bots=(BotEntry("r", "random"), BotEntry("g", "greedy")),
        players=2,
        games=max(1, games // 2),
        seed=seed,
        game=game,
        game_options=options,
    )
    params.validate()
    load_game(game)
    with tempfile.TemporaryDirectory(prefix="altay-bench-cluster-") as tmp:
        folder = Path(tmp) / "arena"
        signer = generate(Path(tmp) / "coordinator.key")
        with ArenaStore.create(folder, params, public_key=signer.public_key_hex) as store:
            schedule = list(store.schedule(params).values())
            # every simulated worker sends these logs: they name one worker, "sim" (meta.worker)
            said = {"address": SIMULATED, "cores": 1, "load": 0.0}
            setup = WorkerSetup(str(folder), params, None, store.arena_id(), store.seed_source(), worker=said)
            t0 = time.perf_counter()
            made = run_arena(store, setup, schedule, 2)  # the real games, as workers play them
            if not made.complete:
                raise RuntimeError(f"the bench's games did not all play: {made.errors[:1]}")
            prepared_s = time.perf_counter() - t0
            records = store.records(params)
            answers = {r.game_id: _answer(folder, r) for r in records}
            log_kib = sum(len(decode_answer(a).log) for a in answers.values()) / len(answers) / 1024
            decisions = sum(r.decisions for r in records) / len(records)
            real_game_s = decisions * move_ms / 1000
            runs = []
            for c in cores:
                workers = max(1, round(c / speedup))
                run = _one_fleet(
                    store,
                    setup,
                    schedule,
                    answers,
                    workers,
                    real_game_s / speedup,
                    signer,
                    seed,
                    verify_sample,
                )
                runs.append({"cores": c, **run})
    # the coordinator's ceiling: games per second of its CPU, at its cheapest measured
    ceiling = round(1000 / min(r["coordinator_cpu_ms_per_game"] for r in runs), 2)
    real_game_s = round(real_game_s, 1)
    return {
        "game": game,
        "games": len(answers),
        "decisions_per_game": round(decisions, 1),
        "log_kib": round(log_kib, 1),
        "move_ms": move_ms,
        "real_game_s": real_game_s,
        "speedup": speedup,
        "verify_sample": verify_sample,
        "prepared_s": round(prepared_s, 1),
        "fleets": runs,
        "ceiling_games_per_s": ceiling,
        "cores_kept_busy": int(ceiling * real_game_s),
    }


def _answer(folder: Path, record: GameRecord) -> bytes:
    import msgspec

    log = (folder / record.log).read_bytes()
    return encode_answer(Answer(record.game_id, SIMULATED, msgspec.msgpack.encode(record), log))


def _one_fleet(
    store: ArenaStore,
    setup: WorkerSetup,
    schedule: list[ScheduledGame],
    answers: dict[int, bytes],
    workers: int,
    game_s: float,
    signer: Any,
    seed: int,
    verify_sample: float = 1.0,
) -> dict[str, Any]:
    """The arena emptied, then played again by `workers` simulated workers."""
    folder = Path(store.folder)
    store.delete_games(sorted(store.done_ids()))
    shutil.rmtree(folder / LOGS, ignore_errors=True)
    (folder / LOGS).mkdir()
    fleet = SimulatedFleet(answers, workers, game_s, seed)
    check, commit = [0.0], [0.0]
    intake = _timed(RemoteIntake(store, store.params(), signer, verify_sample), check)
    record = store.record
    store.record = _timed(record, commit)  # type: ignore[method-assign]
    try:
        t0, cpu0 = time.perf_counter(), time.process_time()
        fleet.t0 = time.monotonic()
        summary = run_arena(store, setup, schedule, workers, executor=fleet, intake=intake)
        wall, cpu = time.perf_counter() - t0, time.process_time() - cpu0
    finally:
        store.record = record  # type: ignore[method-assign]
    if not summary.complete or summary.refused:
        raise RuntimeError(f"the simulated fleet's games were not all stored: {summary.errors[:1]}")
    n = summary.played
    window = max(wall - fleet.first_answer_s, 1e-9)  # from the first answer to the last stored
    offered, stored = workers / game_s, n / window
    return {
        "workers": workers,
        "game_s": game_s,
        "offered_per_s": round(offered, 2),
        "stored_per_s": round(stored, 2),
        "wall_s": round(wall, 2),
        "coordinator_cpu_ms_per_game": round(1000 * cpu / n, 1),
        "coordinator_busy": round(cpu / window, 2),
        "resimulated": sum(w.resimulated is not False for w in store.game_workers().values()),
        "ms_per_game": {
            "decode": round(1000 * fleet.decode_s / n, 1),
            "check_replay_write_sign": round(1000 * check[0] / n, 1),
            "commit": round(1000 * commit[0] / n, 1),
        },
        # (a fleet that offers its games faster than the coordinator stores them is waiting on it)
        "kept_up": stored >= 0.85 * offered,
    }


__all__ = ["SimulatedFleet", "bench_cluster"]
