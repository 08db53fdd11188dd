"""What a cluster worker runs for one game, and the plain bytes that travel each way.

The coordinator sends a `Task` (msgpack: the arena's parameters as JSON, the scheduled game,
the arena's id and seed source; never the signing key) and gets back an `Answer` (msgpack: the
record, itself msgspec-encoded, and the log's bytes), so nothing a worker returns needs pickle
to be read. The game is played with the arena's own `worker.play_game`, in a scratch folder of
the worker's that is removed afterwards; the log is not signed there (the coordinator signs it
once it has checked it). This module imports no Dask: a worker only needs altay installed.
"""

from __future__ import annotations

import os
import tempfile
import threading
import traceback
from pathlib import Path
from typing import Any

import msgspec
import orjson

from .params import ArenaParams
from .records import GameRecord
from .schedule import ScheduledGame
from .ship import ShipRef, rewritten, unit_folder
from .worker import LOGS, GameAborted, WorkerSetup, play_game

#: How often a game on a worker checks that the coordinator still wants it (seconds).
CANCEL_POLL_S = 0.25
#: Scratch folders of games on a worker are made under its Dask working directory, with this prefix.
SCRATCH_PREFIX = "altay-game-"


class Task(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One game to play, as the coordinator sends it."""

    params: bytes  # ArenaParams.to_dict() as JSON
    game: ScheduledGame
    arena_id: str | None
    seed_source: str | None
    #: `--ship`: the bots run from this unit in the worker's cache (checked before the first game)
    ship: ShipRef | None = None


class Answer(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A worker's answer for one game; exactly one of record+log, error, lost is meaningful."""

    game_id: int
    worker: str = ""  # the worker's address, as the worker says (attested, not proven)
    record: bytes = b""  # msgspec msgpack of the GameRecord
    log: bytes = b""  # the finished log, unsigned
    error: str | None = None  # the referee raised: its traceback
    lost: str | None = None  # the game was stopped before its end (its worker was stopping)
    cores: int = 0  # the cores its process may run on, and its machine's load at the game's end
    load: float = 0.0


_task_encoder = msgspec.msgpack.Encoder()
_task_decoder = msgspec.msgpack.Decoder(Task)
_answer_decoder = msgspec.msgpack.Decoder(Answer)
_record_decoder = msgspec.msgpack.Decoder(GameRecord)


def encode_task(
    params: ArenaParams,
    game: ScheduledGame,
    arena_id: str | None,
    seed_source: str | None,
    ship: ShipRef | None = None,
) -> bytes:
    return _task_encoder.encode(Task(orjson.dumps(params.to_dict()), game, arena_id, seed_source, ship))


def encode_answer(answer: Answer) -> bytes:
    return _task_encoder.encode(answer)


def decode_answer(data: object) -> Answer:
    """The worker's answer; ValueError (one sentence) when it is not one."""
    if not isinstance(data, bytes):
        raise ValueError(f"the answer is a {type(data).__name__}, not the bytes of an answer")
    try:
        return _answer_decoder.decode(data)
    except msgspec.DecodeError as exc:
        raise ValueError(f"the answer is not an answer ({exc})") from None


def decode_record(data: bytes) -> GameRecord:
    """The record in an answer, checked as a stored row is; ValueError when it is not one."""
    try:
        record = _record_decoder.decode(data)
    except msgspec.DecodeError as exc:
        raise ValueError(f"the record is not a game record ({exc})") from None
    record.check()
    return record


#: A worker process plays one game at a time, whatever its threads: the referee is not made to
#: run two matches in threads of one process (run one worker process per core: --nworkers).
ONE_GAME = threading.Lock()


def play_remote(task: bytes) -> bytes:
    """Play one game (a Dask task on a worker): the `Answer`'s bytes. Never raises (a raised
    exception would travel pickled); the referee's errors are in the answer."""
    game_id = -1
    where = _worker_address()
    try:
        t = _task_decoder.decode(task)
        game_id = t.game.game_id
        params = ArenaParams.from_dict(orjson.loads(t.params))
        if t.ship is not None:  # the bots run from the shipped unit in this worker's cache
            here = os.path.realpath(unit_folder(t.ship))
            if not os.path.isdir(here):
                return encode_answer(Answer(game_id, where, lost=f"the shipped unit is not in {here}"))
            params = rewritten(params, t.ship, here)
        with ONE_GAME, tempfile.TemporaryDirectory(prefix=SCRATCH_PREFIX, dir=_scratch_root()) as scratch:
            (Path(scratch) / LOGS).mkdir()
            cores, load = _cores_and_load()
            said = {"address": where, "cores": cores, "load": load}  # the log's meta.worker
            setup = WorkerSetup(scratch, params, None, t.arena_id, t.seed_source, worker=said)
            with Cancellation() as cancel:
                try:
                    if cancel.cancelled():
                        raise GameAborted(f"game {game_id} was cancelled before it started")
                    record = play_game(setup, t.game)
                except (GameAborted, KeyboardInterrupt) as exc:
                    return encode_answer(Answer(game_id, where, lost=str(exc) or "cancelled"))
            log = (Path(scratch) / record.log).read_bytes()
        cores, load = _cores_and_load()
        return encode_answer(
            Answer(game_id, where, _task_encoder.encode(record), log, cores=cores, load=load)
        )
    except Exception:
        return encode_answer(Answer(game_id, where, error=traceback.format_exc(limit=8)))


class Cancellation:
    """While inside, in a Dask worker: once the coordinator no longer wants this task (cancelled,
    or its client gone), the game's thread gets a KeyboardInterrupt, on which the referee stops
    the match and reaps its bots as at Ctrl-C (`run_match`). Checked every `CANCEL_POLL_S`;
    outside a worker (no task to watch) it does nothing."""

    def __init__(self) -> None:
        self.thread = threading.get_ident()
        self.lock = threading.Lock()
        self.armed = False
        self.stopped = threading.Event()
        self.worker, self.key = _current_task()

    def cancelled(self) -> bool:
        if self.worker is None:
            return False
        state = self.worker.state.tasks.get(self.key)
        return state is None or state.state in ("cancelled", "released", "forgotten")

    def __enter__(self) -> Cancellation:
        if self.worker is not None:
            self.armed = True
            threading.Thread(target=self._watch, name="altay-cancel", daemon=True).start()
        return self

    def _watch(self) -> None:
        while not self.stopped.wait(CANCEL_POLL_S):
            with self.lock:
                if self.armed and self.cancelled():
                    self.armed = False
                    _raise_in(self.thread, KeyboardInterrupt)
                    return

    def __exit__(self, *exc: object) -> None:
        with self.lock:
            self.armed = False
            self.stopped.set()
            _raise_in(self.thread, None)  # (an interrupt not delivered yet is withdrawn)


def _raise_in(thread: int, exc: type[BaseException] | None) -> None:
    """Raise `exc` in the thread `thread` at its next bytecode (None: withdraw a pending one)."""
    import ctypes

    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), ctypes.py_object(exc) if exc else None)


def _current_task() -> tuple[Any, Any]:
    """(the Dask worker, the key of the task this thread runs), or (None, None) outside one."""
    try:
        from distributed import get_worker

        worker = get_worker()
        return worker, worker.get_current_task()
    except (ImportError, ValueError, AttributeError):
        return None, None


def _cores_and_load() -> tuple[int, float]:
    from .units import cores

    try:
        load = round(os.getloadavg()[0], 2)
    except OSError:
        load = 0.0
    return cores(), load


def _worker_address() -> str:
    try:
        from distributed import get_worker

        return str(get_worker().address)
    except (ImportError, ValueError):
        return ""


def _scratch_root() -> str | None:
    """The Dask worker's own working directory (None: the system's temporary folder)."""
    try:
        from distributed import get_worker

        return str(get_worker().local_directory)
    except (ImportError, ValueError):
        return None


__all__ = ["Answer", "Task", "decode_answer", "decode_record", "encode_answer", "encode_task", "play_remote"]
