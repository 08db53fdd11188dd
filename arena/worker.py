"""A worker process: receives scheduled games over a pipe, plays each with the referee, sends back
the GameRecord. Long-lived (one fork per worker, not per game); every game starts a fresh engine
state. A bot that says `many_games` at `ready` keeps its process from one game of the worker to
the next (the worker's KeptBots pool, referee/kept.py; the arena's folder, where every log lies,
is hidden from every bot, so the sandbox a process started in fits every later game), unless the
run asked for fresh bots; every other bot starts afresh for each game.

Signals: SIGINT is ignored (Ctrl-C reaches the arena's whole process group; the parent decides
what to do; bots run in their own sessions and never see it). SIGTERM raises KeyboardInterrupt
inside the running match, which is how the referee expects to be stopped: its cleanup reaps the
bots. On Linux the worker also gets SIGTERM when the parent dies (even by SIGKILL), so no orphan
keeps writing a log that a resumed arena will write again. After SIGTERM a worker sends nothing.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import signal
import traceback
from collections.abc import Callable
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING, Any

from altay_cli.engine import EndReason

from .params import ArenaParams
from .records import GameRecord
from .schedule import ScheduledGame

if TYPE_CHECKING:
    from altay_cli.gamelog import Failure
    from altay_cli.referee import MatchOptions

LOGS = "logs"
FAILURE_DETAIL_CAP = 500  # characters of a failure's detail kept in the row (the log has it whole)
PR_SET_PDEATHSIG = 1
ABORTED = EndReason.ABORTED  # the referee's end reason for a match stopped by Ctrl-C/SIGTERM


class GameAborted(Exception):
    """The match was stopped before its end: it is not a result and is never stored."""


@dataclass(frozen=True, slots=True)
class WorkerSetup:
    """What every game of a worker shares: the arena folder, parameters and signing key, and
    what each log's header says of the arena (its id, and where its master seed came from)."""

    folder: str
    params: ArenaParams
    sign_key: str | None = None  # path of the organiser's private key: logs are signed
    arena_id: str | None = None  # written into each log's header (meta.arena), with the game id
    seed_source: str | None = None  # records.SeedSource of the master seed, for each log's header
    fresh_bots: bool = False  # start every bot afresh for each game, even one that says many_games
    #: on a cluster, the worker playing: {"address", "cores", "load"} at the game's start, written
    #: into each log's header as `meta.worker` (signed with the rest by the coordinator)
    worker: dict[str, Any] | None = None


_signers: dict[str, Any] = {}
#: The worker's processes kept between its games (None: every bot starts afresh; see worker_main).
_kept: Any = None


def _signer(path: str | None) -> Any:
    """The worker's signer, loaded once per process (the command checked the key already)."""
    if path is None:
        return None
    if path not in _signers:
        from altay_cli.logsign import load_signer

        _signers[path] = load_signer(path)
    return _signers[path]


def file_digest(path: Path) -> tuple[str, int]:
    """SHA-256 (hex) and size of a finished log, kept with its row: a changed log shows at once."""
    import hashlib

    h = hashlib.sha256()
    size = 0
    with open(path, "rb") as fh:
        while chunk := fh.read(1 << 20):
            h.update(chunk)
            size += len(chunk)
    return h.hexdigest(), size


PlayFn = Callable[[WorkerSetup, ScheduledGame], GameRecord]


def log_name(game_id: int) -> str:
    return f"{LOGS}/{game_id:06d}.jsonl"


def clear_log_path(folder: Path, game_id: int) -> Path:
    """The path of a game's log, ready to be created anew: whatever is there (the partial log of
    a game in flight when the arena stopped, or a link someone put there) is removed, never
    followed; the log is then created exclusively (O_EXCL | O_NOFOLLOW), so the arena never
    writes through a link or into a file it did not create. OSError when `logs` is not a plain
    folder of the arena's."""
    import stat

    logs = folder / LOGS
    st = os.lstat(logs)
    if not stat.S_ISDIR(st.st_mode):
        raise OSError(f"{logs} is not a plain folder (a link or a file): the arena writes no log there")
    path = folder / log_name(game_id)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)
    return path


def play_game(setup: WorkerSetup, game: ScheduledGame) -> GameRecord:
    """Play one scheduled game with real bot processes under the referee's clocks and policies."""
    from altay_cli.engine import load_game
    from altay_cli.records import SeedSource
    from altay_cli.referee import BotSpec, run_match

    p = setup.params
    m = p.match
    rules = load_game(p.game)
    config = rules.deals.deal(game.seed, p.players, p.options_for(rules))
    folder = Path(setup.folder).absolute()

    def options_for(conditions: MatchOptions) -> MatchOptions:
        # No bot may read the arena's folder (database, logs) nor the signing key.
        return replace(conditions, sandbox=conditions.sandbox.with_hidden(folder, setup.sign_key))

    options = options_for(m)
    entries = [p.bots[i] for i in game.seats]
    own = [options_for(e.conditions_over(m)) if e.conditions else None for e in entries]
    bots = [BotSpec(e.name, e.command) for e in entries]
    together: dict[int, list[int]] = {}  # one arena bot in several seats (a self-play team): one program
    for seat, bot in enumerate(game.seats):
        together.setdefault(bot, []).append(seat)
    log = log_name(game.game_id)
    signer = _signer(setup.sign_key)
    identity: dict[str, Any] = {}
    if setup.arena_id:
        identity["arena"] = {"id": setup.arena_id, "game": game.game_id}
    if setup.worker is not None:
        identity["worker"] = setup.worker
    result = run_match(
        bots,
        config,
        options,
        log_path=clear_log_path(folder, game.game_id),
        source="arena",
        signer=signer,
        game=rules,
        seat_options=own if any(own) else None,
        players=list(together.values()),
        seed_source=SeedSource(setup.seed_source) if setup.seed_source else None,
        log_meta=identity or None,
        exclusive_log=True,
        kept=_kept_for(game.game_id),
    )
    if result.end_reason == ABORTED:
        raise GameAborted(f"game {game.game_id} was aborted (the worker was stopped)")
    log_sha256, log_bytes = file_digest(folder / log)
    return GameRecord(
        game_id=game.game_id,
        deal=game.deal,
        group=game.group,
        seating=game.seating,
        seed=game.seed,
        bots=[b.name for b in bots],
        roles=list(result.roles) or list(game.roles),
        team=result.team,
        ranks=list(result.ranks),
        scores=[dict(s) for s in result.scores],
        end_reason=result.end_reason,
        completed=result.completed,
        rounds=result.rounds,
        turns=result.turns,
        decisions=result.decisions,
        duration_s=round(result.duration_s, 4),
        forfeits=list(result.forfeits),
        failures=[_failure(f) for f in result.failures],
        think_ms=[round(t, 2) for t in result.think_ms],
        log=log,
        log_sha256=log_sha256,
        log_bytes=log_bytes,
    )


def _kept_for(game_id: int) -> Any:
    """The worker's pool, told the id of the game about to be played (None without one)."""
    if _kept is not None:
        _kept.label_next(game_id)
    return _kept


def _failure(failure: Failure) -> dict[str, Any]:
    f = failure.as_entry()
    detail = f["detail"]
    if isinstance(detail, str) and len(detail) > FAILURE_DETAIL_CAP:
        f["detail"] = detail[:FAILURE_DETAIL_CAP] + "..."
    return f


def _die_with_parent() -> None:
    """Ask Linux to send SIGTERM to this process when its parent dies (no-op elsewhere)."""
    with contextlib.suppress(Exception):
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


_stopping = False


def _stop(signum: int, frame: object) -> None:
    global _stopping
    _stopping = True
    raise KeyboardInterrupt


def worker_main(conn: Connection, setup: WorkerSetup, play: PlayFn, parent_pid: int) -> None:
    """Serve games until told to stop: each message in is a ScheduledGame (or None = finish).
    The bot processes kept between games are stopped whichever way it ends."""
    global _kept
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop)
    _die_with_parent()
    if os.getppid() != parent_pid:  # the parent died before prctl took effect
        return
    from altay_cli.referee.kept import KeptBots

    _kept = None if setup.fresh_bots else KeptBots()
    try:
        _serve(conn, setup, play)
    finally:
        if _kept is not None:
            _kept.close()
            _kept = None


def _serve(conn: Connection, setup: WorkerSetup, play: PlayFn) -> None:
    try:
        while True:
            game = conn.recv()
            if game is None:
                return
            message: tuple[str, int, GameRecord | str]
            try:
                message = ("done", game.game_id, play(setup, game))
            except Exception:
                message = ("error", game.game_id, traceback.format_exc(limit=8))
            if _stopping:  # the match may have ended early because of the stop: not a result
                return
            conn.send(message)
    except (EOFError, BrokenPipeError, KeyboardInterrupt):
        return
