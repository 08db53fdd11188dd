"""Playing an arena's games on a Dask cluster (`altay arena ... --cluster tls://HOST:8786`).

The machine that runs the command is the coordinator: it keeps the database, the logs and the
signing key, and connects to a Dask scheduler as a client. Each scheduled game becomes one Dask
task (`remote.play_remote`) whose answer is plain bytes; `intake.RemoteIntake` checks and stores
it. What this module makes sure of:

* the address: a scheduler on another machine is reached only over TLS with certificates
  (`address_problem` says why not, in one sentence); plain tcp:// only on this machine;
* no pickle from the cluster reaches the coordinator: the client's serializers and deserializers
  are msgpack only (Dask's documented `Client(serializers=, deserializers=)`), it subscribes to
  no event topics (Dask's default `warn` handler unpickles what a worker logs), and while it is
  connected Dask's own unpickling function refuses (`no_unpickling`): Dask decodes a
  `__Pickled__` frame whatever the deserializers say (dask/distributed#9283);
* every worker has the arena's bots and altay version (`check_workers`, arena/units.py), and
  only those play; each worker process plays one game at a time and a machine no more than its
  cores (a Dask resource per game, `units.share_cores`), so clocks stay fair; games are handed
  out in schedule order.

Dask's scheduler itself trusts its workers (a worker can run code in the scheduler's process):
run it under another user than the coordinator, which holds the signing key (arena/CLUSTER.md).
"""

from __future__ import annotations

import contextlib
import functools
import os
import queue
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from altay_cli.gamelog import MAX_LOG_BYTES
from altay_cli.netaddr import is_loopback

from .executors import ExecutorLost, Played
from .params import ArenaParams, ArenaUsageError
from .remote import decode_answer, decode_record, encode_task, play_remote
from .schedule import ScheduledGame
from .ship import Shipment, ship_worker
from .units import SLOT, Inspection, claim_slots, inspect_worker, share_cores

if TYPE_CHECKING:
    from distributed import Client

CONNECT_TIMEOUT_S = 30.0  # the scheduler must answer, and one worker join, within this
RESULT_TIMEOUT_S = 120.0  # fetching one finished game's answer (a few hundred KiB)
SCHEMES = ("tcp", "tls")
INSTALL_HINT = "pip install 'altay[cluster]'"

#: The most bytes a worker's answer for one game may be: its log (no larger than the largest log
#: replay reads, `gamelog.MAX_LOG_BYTES`, 256 MiB), its record (whose failures are the log's own
#: failure lines, so no larger than the log) and a few fields. A larger answer is refused before
#: it is decoded, and before it is fetched when the scheduler knows its size.
MAX_ANSWER_BYTES = 2 * MAX_LOG_BYTES + (64 << 10)

IN_FLIGHT_EVERY_S = 2.0  # how often the progress display asks the scheduler where games run
INSPECT_TIMEOUT_S = 300.0  # every worker hashing the bots' units (a large --bot-ro venv takes a while)

#: What a worker runs for one game (tests replace it with a dishonest worker's function).
TASK: Callable[[bytes], bytes] = play_remote
#: What a worker runs to say what it is before the first game.
INSPECT: Callable[[bytes], bytes] = inspect_worker
#: What a checked worker runs to hold its game slots.
CLAIM: Callable[[bytes], bytes] = claim_slots
#: What a worker runs to check, or receive, the bots' shipped unit (`--ship`).
SHIP: Callable[[bytes], bytes] = ship_worker


def _encode_int(n: int) -> bytes:
    import msgspec

    return msgspec.msgpack.encode(n)


class PickleRefused(TypeError):
    """Dask tried to unpickle something the cluster sent the coordinator."""


@dataclass(frozen=True, slots=True)
class ClusterOptions:
    """Where the scheduler is, and the TLS files to reach it (`--cluster`, `--cluster-ca`, ...)."""

    address: str
    tls_ca: str | None = None  # the CA that signed the scheduler's and the workers' certificates
    tls_cert: str | None = None  # this coordinator's certificate
    tls_key: str | None = None  # and its private key
    #: The share of the games re-simulated by the coordinator (`--verify-sample`; see intake.py).
    verify_sample: float = 1.0
    #: `--ship`: send the bots' units to the workers (arena/ship.py) instead of requiring them there
    ship: bool = False

    @property
    def tls_files(self) -> tuple[str | None, str | None, str | None]:
        return self.tls_ca, self.tls_cert, self.tls_key


def _split(address: str) -> tuple[str, str, int] | None:
    scheme, sep, rest = address.partition("://")
    host, colon, port = rest.rpartition(":")
    if not sep or scheme not in SCHEMES or not colon or not host or not port.isdigit():
        return None
    if not 0 < int(port) < 65536:
        return None
    return scheme, host.strip("[]"), int(port)


def address_problem(options: ClusterOptions) -> str | None:
    """Why the coordinator will not connect to this scheduler (one sentence), or None."""
    address = options.address
    parts = _split(address)
    if parts is None:
        return f"--cluster {address!r}: give the scheduler's address as tls://HOST:PORT (or tcp://localhost:PORT)"
    scheme, host, port = parts
    given = [f for f in options.tls_files if f is not None]
    if scheme == "tcp" and not is_loopback(host):
        return (
            f"--cluster {address}: a scheduler on another machine is reached only over TLS: use "
            f"tls://{host}:{port} with --cluster-ca, --cluster-cert and --cluster-key (anyone who "
            "can reach a plain tcp:// scheduler can run code on its workers)"
        )
    if scheme == "tcp" and given:
        return f"--cluster {address}: --cluster-ca, --cluster-cert and --cluster-key need a tls:// address"
    if scheme == "tls" and len(given) < 3:
        return (
            f"--cluster {address}: TLS needs --cluster-ca (the CA that signed the scheduler's and "
            "workers' certificates), --cluster-cert and --cluster-key (this coordinator's)"
        )
    for flag, path in zip(("--cluster-ca", "--cluster-cert", "--cluster-key"), given, strict=False):
        if not os.path.isfile(path):
            return f"{flag} {path}: no such file"
    return None


#: Dask's loggers that would print a traceback for what the coordinator refuses and reports in
#: a sentence of its own (an answer it will not deserialize, a scheduler that does not answer).
QUIET_LOGGERS = ("distributed.protocol.core", "distributed.client", "distributed.utils_comm")


@contextmanager
def quiet_dask() -> Iterator[None]:
    """While inside, Dask's loggers above say nothing (the coordinator reports instead)."""
    import logging

    loggers = [logging.getLogger(name) for name in QUIET_LOGGERS]
    saved = [lg.disabled for lg in loggers]
    for lg in loggers:
        lg.disabled = True
    try:
        yield
    finally:
        for lg, was in zip(loggers, saved, strict=True):
            lg.disabled = was


@contextmanager
def no_unpickling() -> Iterator[None]:
    """While inside, Dask's unpickling function refuses in this process (see the module docstring)."""
    import distributed.protocol.pickle as dask_pickle

    original = dask_pickle.loads

    def refuse(x: Any, *, buffers: Any = ()) -> Any:
        raise PickleRefused("the cluster sent a pickle, and the coordinator unpickles nothing it sends")

    dask_pickle.loads = refuse
    try:
        yield
    finally:
        dask_pickle.loads = original


class ClusterSession:
    """The coordinator's connection to the scheduler, made safe (see the module docstring)."""

    def __init__(self, options: ClusterOptions) -> None:
        problem = address_problem(options)
        if problem is not None:
            raise ArenaUsageError(problem)
        try:
            from distributed import Client
        except ImportError:
            raise ArenaUsageError(f"--cluster needs Dask's distributed package: {INSTALL_HINT}") from None
        self.options = options
        self.checked: dict[str, Inspection] | None = None  # the workers check_workers accepted
        self.slots: dict[str, int] = {}  # games each checked worker plays at once (threads, at most cores)
        self.shipment: Shipment | None = None  # `--ship`: the bots' units as sent to the workers
        self.notes: list[str] = []  # what the check did that the organiser should hear of
        self._guard = contextlib.ExitStack()
        self._guard.enter_context(no_unpickling())
        self._guard.enter_context(quiet_dask())
        try:
            self.client = _quiet_client(Client)(
                options.address,
                security=_security(options),
                serializers=["msgpack"],
                deserializers=["msgpack"],
                direct_to_workers=False,
                timeout=CONNECT_TIMEOUT_S,
                set_as_default=False,
            )
        except (OSError, TimeoutError) as exc:
            self._guard.close()
            raise ArenaUsageError(f"--cluster {options.address}: no scheduler answered ({exc})") from None
        except BaseException:
            self._guard.close()
            raise
        try:
            self.client.wait_for_workers(1, timeout=CONNECT_TIMEOUT_S)
        except (OSError, TimeoutError):
            self.close()
            raise ArenaUsageError(
                f"--cluster {options.address}: no worker joined the scheduler within "
                f"{CONNECT_TIMEOUT_S:.0f} s"
            ) from None

    def threads(self) -> int:
        """Games the cluster plays at once: the slots of its checked workers still there (before
        `check_workers`: all its workers' threads)."""
        client: Any = self.client  # (distributed's API is only partly typed)
        with self.lost():
            found = client.nthreads()
        if self.checked is not None:  # each checked worker still there: its slots
            return sum(n for w, n in self.slots.items() if w in found)
        return sum(int(n) for n in found.values())

    def check_workers(self, params: ArenaParams) -> dict[str, Inspection]:
        """Ask every worker what it is (`units.inspect_worker`) before the first game: its altay
        version and, for each program bot, the paths and content hashes of its unit, all of which
        must be the coordinator's; a usage error names the first worker and path that differ.
        Games then go to these workers only (one that joins later plays in the next run)."""
        from .units import decode_inspection, difference, encode_inspect_task, inspect_here, program_bots

        bots = program_bots(params)
        here = inspect_here(bots)
        for unit in here.units:
            if unit.problem is not None:
                raise ArenaUsageError(f"bot {unit.bot}: {unit.problem}")
        client: Any = self.client
        with self.lost():
            workers = sorted(client.nthreads())
        if self.options.ship:
            from .ship import build

            self.shipment = build(params, os.getcwd())
            if self.shipment is not None:
                self._ship(self.shipment, workers)
        ref = None if self.shipment is None else self.shipment.ref
        task = encode_inspect_task(bots, ship=ref)
        with self.lost():
            futures = {
                w: client.submit(
                    INSPECT,
                    task,
                    workers=[w],
                    allow_other_workers=False,
                    pure=False,
                    key=f"altay-inspect-{w}-{os.urandom(6).hex()}",
                )
                for w in workers
            }
        found: dict[str, Inspection] = {}
        try:
            for w, future in futures.items():
                try:
                    there = decode_inspection(future.result(timeout=INSPECT_TIMEOUT_S))
                except (OSError, TimeoutError):
                    raise
                except Exception as exc:  # PickleRefused, a worker gone, an answer that is not one
                    raise ArenaUsageError(
                        f"--cluster {self.options.address}: worker {w} did not say what it is ({exc})"
                    ) from None
                why = difference(w, here, there, functools.partial(self._tree, w, bots))
                if why is not None:
                    if ref is not None and there.version == here.version:  # (interpreters are not shipped)
                        why += " (--ship sends the bots' folders and --bot-ro paths, not their interpreter)"
                    raise ArenaUsageError(why)
                found[w] = there
        except (OSError, TimeoutError) as exc:
            raise ArenaUsageError(
                f"--cluster {self.options.address}: the workers did not answer within "
                f"{INSPECT_TIMEOUT_S:.0f} s ({type(exc).__name__})"
            ) from None
        finally:
            for future in futures.values():
                with contextlib.suppress(Exception):
                    future.release()
        self._claim(found)
        self.checked = found
        return found

    def _ship(self, shipment: Shipment, workers: list[str]) -> None:
        """Make sure every worker's cache holds the unit intact: ask each (`ship.ship_worker`),
        and send the archive to those without a copy, or with one that differed (removed there)."""
        from .ship import decode_ship_answer, encode_ship_task

        client: Any = self.client
        for w in workers:
            for archive in (b"", shipment.archive):
                with self.lost():
                    future = client.submit(
                        SHIP,
                        encode_ship_task(shipment.ref, archive),
                        workers=[w],
                        allow_other_workers=False,
                        pure=False,
                        key=f"altay-ship-{w}-{os.urandom(6).hex()}",
                    )
                try:
                    answer = decode_ship_answer(future.result(timeout=INSPECT_TIMEOUT_S))
                except (OSError, TimeoutError) as exc:
                    raise ArenaUsageError(
                        f"--ship: worker {w} did not take the bots' unit within "
                        f"{INSPECT_TIMEOUT_S:.0f} s ({type(exc).__name__})"
                    ) from None
                except Exception as exc:  # PickleRefused, a worker gone, an answer that is not one
                    raise ArenaUsageError(
                        f"--ship: worker {w} did not say whether it has the bots' unit ({exc})"
                    ) from None
                finally:
                    with contextlib.suppress(Exception):
                        future.release()
                if answer.status == "tampered":
                    self.notes.append(
                        f"--ship: worker {w}'s cached copy of the bots' unit differed "
                        f"({answer.detail}); sent again"
                    )
                if answer.status in ("cached", "unpacked"):
                    break
                if answer.status == "refused" or archive:
                    raise ArenaUsageError(
                        f"--ship: worker {w} refused the bots' unit {shipment.ref.sha256[:16]}: "
                        f"{answer.detail or answer.status}"
                    )

    def _claim(self, found: dict[str, Inspection]) -> None:
        """Give the checked workers their game slots (`units.share_cores`)."""
        client: Any = self.client
        self.slots = share_cores(found)
        with self.lost():
            futures = [
                client.submit(CLAIM, _encode_int(n), workers=[w], allow_other_workers=False, pure=False)
                for w, n in self.slots.items()
            ]
            try:
                for future in futures:
                    if future.result(timeout=INSPECT_TIMEOUT_S) != b"ok":
                        raise ArenaUsageError(
                            f"--cluster {self.options.address}: a worker took no game slots"
                        )
            finally:
                for future in futures:
                    with contextlib.suppress(Exception):
                        future.release()

    def _tree(self, worker: str, bots: list[tuple[str, str, list[str]]], folder: str) -> dict[str, str]:
        """What `worker` has in `folder`, file by file (`units.tree`), to name the one that differs."""
        from .units import decode_inspection, encode_inspect_task

        client: Any = self.client
        task = encode_inspect_task(bots, folder, None if self.shipment is None else self.shipment.ref)
        future = client.submit(INSPECT, task, workers=[worker], allow_other_workers=False, pure=False)
        try:
            return decode_inspection(future.result(timeout=INSPECT_TIMEOUT_S)).units[0].paths
        except Exception:  # (the sentence then names the folder)
            return {}
        finally:
            future.release()

    @contextmanager
    def lost(self) -> Iterator[None]:
        """A connection lost inside becomes `ExecutorLost`, saying the scheduler is gone."""
        try:
            yield
        except (OSError, TimeoutError) as exc:
            raise ExecutorLost(
                f"the cluster's scheduler {self.options.address} is gone ({type(exc).__name__}: {exc})"
            ) from None

    def close(self) -> None:
        client: Any = self.client
        try:
            client.close(timeout=10)
        finally:
            self._guard.close()


def _quiet_client(base: type[Client]) -> type[Client]:
    """A Client subclass that subscribes to no event topic (Dask's default `warn` handler
    unpickles the message a worker logs; `print` prints it on the coordinator)."""

    class QuietClient(base):  # type: ignore[valid-type,misc]
        _default_event_handlers: dict[str, Any] = {}

    return QuietClient


def _security(options: ClusterOptions) -> Any:
    if not options.address.startswith("tls://"):
        return None
    from distributed import security

    make: Any = security.Security  # (untyped)
    return make(
        tls_ca_file=options.tls_ca,
        tls_client_cert=options.tls_cert,
        tls_client_key=options.tls_key,
        require_encryption=True,
    )


class DaskExecutor:
    """The arena's games as Dask tasks (`executors.GameExecutor`), one per game slot at most."""

    def __init__(
        self,
        session: ClusterSession,
        params: ArenaParams,
        arena_id: str | None,
        seed_source: str | None,
    ) -> None:
        self.session = session
        self.client: Any = session.client  # (distributed's API is only partly typed)
        self.params, self.arena_id, self.seed_source = params, arena_id, seed_source
        self.task = TASK
        self.futures: dict[Any, ScheduledGame] = {}  # distributed.Future -> its game
        self._done: queue.Queue[Any] = queue.Queue()  # futures finished, erred or cancelled
        self.limit = 1
        self.capacity = 1
        self._asked = 0.0  # when the scheduler was last asked where games run
        self._none_since: float | None = None  # since when no checked worker is left
        self._where: dict[str, int] = {}

    def start(self, slots: int) -> int:
        self.limit = slots
        self.capacity = max(1, min(slots, self.session.threads()))
        return self.capacity

    def free(self) -> int:
        return self.capacity - len(self.futures)

    def busy(self) -> int:
        return len(self.futures)

    def in_flight(self) -> dict[str, int]:
        """This arena's games running on each worker, as the scheduler says (asked at most every
        `IN_FLIGHT_EVERY_S`; {} when it does not answer)."""
        now = time.monotonic()
        if now - self._asked >= IN_FLIGHT_EVERY_S:
            self._asked = now
            ours = {f.key for f in self.futures}
            try:
                running = self.client.processing()
            except Exception:  # (the scheduler is gone: `wait` says so)
                return self._where
            self._where = {w: n for w, keys in running.items() if (n := sum(k in ours for k in keys))}
        return self._where

    def submit(self, game: ScheduledGame) -> None:
        ship = None if self.session.shipment is None else self.session.shipment.ref
        task = encode_task(self.params, game, self.arena_id, self.seed_source, ship)
        key = f"altay-game-{game.game_id}-{os.urandom(6).hex()}"
        with self.session.lost():
            checked = None if self.session.checked is None else sorted(self.session.slots)
            future = self.client.submit(
                self.task,
                task,
                pure=False,
                key=key,
                workers=checked,
                allow_other_workers=False,
                resources=None if checked is None else {SLOT: 1},
            )
        self.futures[future] = game
        future.add_done_callback(self._done.put)  # (called in the client's thread)

    def wait(self, timeout: float) -> list[Played]:
        if not self.futures:
            return []
        done = []
        try:
            done.append(self._done.get(timeout=timeout))
            while True:
                done.append(self._done.get_nowait())
        except queue.Empty:
            pass
        out = []
        finished = [f for f in done if f in self.futures and f.status == "finished"]
        holders, sizes = self._holders(finished), self._sizes(finished)
        for future in done:
            game = self.futures.pop(future, None)
            if game is None:  # (a future cancelled at close)
                continue
            played = self._answer(future, game, sizes.get(future.key))
            held = holders.get(future.key)
            if held and played.worker != held:  # where it ran is the scheduler's word, not the worker's
                played = replace(played, worker=held)
            out.append(played)
            future.release()
        if not done:  # workers left: as many games in flight as slots (up to the limit)
            slots = self.session.threads()
            self.capacity = max(1, min(self.limit, slots))
            self._check_someone_plays(slots)
        return out

    def _check_someone_plays(self, slots: int) -> None:
        """Games go to the checked workers only: once none of them has been there for
        `CONNECT_TIMEOUT_S`, the run stops as interrupted (`--resume` checks the workers there
        are then), rather than wait for ever."""
        if slots or self.session.checked is None or not self.futures:
            self._none_since = None
            return
        now = time.monotonic()
        if self._none_since is None:
            self._none_since = now
        elif now - self._none_since >= CONNECT_TIMEOUT_S:
            raise ExecutorLost(
                f"no worker checked at the start is left on the cluster {self.session.options.address} "
                "(workers that joined since are checked when the arena resumes)"
            )

    def _holders(self, futures: list[Any]) -> dict[Any, str]:
        """The worker that holds each finished future's answer, as the scheduler says ({} when
        it does not answer: the workers' own word stands)."""
        if not futures:
            return {}
        try:
            found = self.client.who_has(futures)
        except Exception:
            return {}
        return {key: str(where[0]) for key, where in dict(found).items() if where}

    def _sizes(self, futures: list[Any]) -> dict[Any, int]:
        """The size of each finished future's answer, as the scheduler says ({} when it does
        not answer: the answer's own length is then checked once fetched)."""
        if not futures:
            return {}
        try:
            found = self.client.nbytes(keys=[f.key for f in futures], summary=False)
        except Exception:
            return {}
        return {key: n for key, n in dict(found).items() if type(n) is int}

    def _answer(self, future: Any, game: ScheduledGame, size: int | None = None) -> Played:
        """What came back for `game`, decoded without pickle (a refusal is a lost game); an
        answer larger than `MAX_ANSWER_BYTES` is refused unread (unfetched when its `size` is
        known)."""
        if future.status != "finished":  # its error travels pickled: never read
            return Played(game, lost=f"its task ended {future.status} on the cluster")
        if size is not None and size > MAX_ANSWER_BYTES:
            return Played(game, lost=_too_large(size), refused=True)
        try:
            data = future.result(timeout=RESULT_TIMEOUT_S)
        except TypeError as exc:  # PickleRefused, or Dask's "only able to deserialize msgpack"
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            return Played(
                game,
                lost=f"its answer is not plain bytes, and the coordinator reads no pickle ({first})",
                refused=True,
            )
        except Exception as exc:
            return Played(game, lost=f"its answer could not be fetched ({type(exc).__name__}: {exc})")
        if isinstance(data, bytes | bytearray | memoryview) and len(data) > MAX_ANSWER_BYTES:
            return Played(game, lost=_too_large(len(data)), refused=True)
        try:
            answer = decode_answer(data)
            if answer.game_id != game.game_id:
                raise ValueError(f"the answer is game {answer.game_id}'s")
            if answer.error is not None:
                return Played(game, error=answer.error, worker=answer.worker)
            if answer.lost is not None:
                return Played(game, lost=answer.lost, worker=answer.worker)
            record = decode_record(answer.record)
        except ValueError as exc:
            return Played(game, lost=f"its answer is refused: {exc}", refused=True)
        return Played(
            game, record=record, log=answer.log, worker=answer.worker, cores=answer.cores, load=answer.load
        )

    def close(self, interrupted: bool) -> None:
        """Cancel the games in flight: a game running on a worker sees it within a quarter of a
        second (`remote.Cancellation`) and stops as at Ctrl-C, its bots reaped there."""
        if self.futures:
            with contextlib.suppress(Exception):  # the scheduler is gone: nothing to cancel
                self.client.cancel(list(self.futures), force=True)
            self.futures.clear()


def _too_large(size: int) -> str:
    return (
        f"its answer is {size} bytes, more than the {MAX_ANSWER_BYTES} an answer may be "
        "(a log no larger than replay reads, and its record)"
    )


__all__ = [
    "MAX_ANSWER_BYTES",
    "ClusterOptions",
    "ClusterSession",
    "DaskExecutor",
    "PickleRefused",
    "address_problem",
    "no_unpickling",
]
