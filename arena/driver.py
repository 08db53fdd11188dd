"""Running an arena or an SPRT in its folder, start to end: check the bots, open (or resume)
the folder under its lock, forget stored games whose logs went bad, play the missing games in
worker processes, and say how it ended. The rule of the run (`arena.modes`: a round robin, or
an SPRT that stops once it decides) is given; what the run shows (notes, warnings, progress,
results) goes to a `RunShow`, which shows nothing unless a caller (the commands) prints.

Usage from Python (bot commands as `altay arena` takes them):

    from arena.driver import RunOptions, run
    from arena.params import ArenaParams, BotEntry
    params = ArenaParams(bots=(BotEntry("a", "random"), BotEntry("b", "greedy")), players=2, games=2)
    result = run(folder, params, RunOptions(concurrency=2))
    result.outcome        # Outcome.COMPLETE (an SPRT's params: SprtRun's H1, H0 or UNDECIDED)
    run(folder, None, RunOptions(resume=True))    # go on with the arena stored in folder

Bad usage raises `ArenaUsageError` with one sentence saying what would be right.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from altay_cli.records import SeedSource

from .modes import ArenaRun, Outcome, SprtRun
from .params import ArenaParams, ArenaUsageError

if TYPE_CHECKING:
    from altay_cli.logsign import Signer
    from altay_cli.referee.sandbox import SandboxPolicy

    from .cluster import ClusterOptions, ClusterSession
    from .runner import Progress
    from .session import FolderLock
    from .store import ArenaStore


@dataclass(frozen=True, slots=True)
class RunOptions:
    """How to run, beyond the arena's own parameters (none of these is stored)."""

    resume: bool = False  # go on with the arena in the folder (params: None, or matching it)
    concurrency: int | None = None  # games at once (worker processes); None: the CPU count
    signer: Signer | None = None  # signs every log; a signed arena needs its key to resume
    quiet: bool = False  # no notes (warnings still go to `RunShow.warn`)
    #: where a new arena's master seed came from (written in its database; None: unknown)
    seed_source: SeedSource | None = SeedSource.ORGANISER
    #: play the games on this Dask cluster (None: in local worker processes); see arena/cluster.py
    cluster: ClusterOptions | None = None
    #: start every bot afresh for each game (otherwise a bot that says `many_games` at `ready`
    #: keeps its process between the games of a worker; results are the same either way)
    fresh_bots: bool = False


class RunShow:
    """What a run shows; this one shows nothing (every method may be overridden)."""

    def note(self, text: str) -> None:
        """A note on what the run does (never given when `RunOptions.quiet`)."""

    def warn(self, text: str) -> None:
        """A warning: unsandboxed bots, a guessable seed, stored games to play again."""

    def display(self) -> Progress:
        """The runner's progress display."""
        from .progress import QuietProgress

        return QuietProgress()

    def status(self, line: str) -> None:
        """A status line of a run that may stop early (an SPRT's LLR and estimate; never given
        when `RunOptions.quiet`)."""

    def results(self, store: ArenaStore, params: ArenaParams, scheduled: int) -> None:
        """The results, from the open store, once the run ends (interrupted or not)."""


@dataclass(slots=True)
class RunResult:
    """How a run ended. `outcome` is None when it was interrupted or games are missing."""

    folder: Path
    params: ArenaParams
    command: str  # "arena" or "sprt"
    scheduled: int  # games in the schedule
    stored: int = 0  # games stored in the folder at the end
    played: int = 0  # games played by this run
    elapsed_s: float = 0.0
    interrupted: bool = False
    outcome: Outcome | None = None
    errors: list[str] = field(default_factory=list)  # games the referee could not play
    store_error: str | None = None  # the database could not be written: the run stopped
    refused: list[str] = field(default_factory=list)  # cluster games whose answer was refused

    @property
    def games_per_s(self) -> float:
        return self.played / self.elapsed_s if self.elapsed_s > 0 else 0.0


def run(
    folder: Path,
    given: ArenaParams | None,
    options: RunOptions | None = None,
    overlay: Callable[[ArenaParams], ArenaParams] | None = None,
    rule: ArenaRun | None = None,
    show: RunShow | None = None,
) -> RunResult:
    """Run (or, with `options.resume`, go on with) the arena in `folder`.

    `given`: the parameters (None on resume: the stored ones, or `overlay(stored)`, the
    stored ones with what the caller changed); `rule`: by default an SPRT's for parameters
    with `sprt`, else a round robin's."""
    from .runner import run_arena
    from .session import logs_folder_problem, open_arena
    from .store import ArenaStore, StoreError
    from .worker import WorkerSetup

    options = options or RunOptions()
    mode = rule or (SprtRun() if given is not None and given.sprt else ArenaRun())  # (resume: below)
    show = show or RunShow()
    cmd = mode.command
    signer = options.signer
    public_key = signer.public_key_hex if signer else None
    if given is not None:
        check_bots(given)  # fail on a missing bot before creating the folder
        _check_isolation(given.match.sandbox, options, show)
        _check_clock(given.match.clock, given.match.sandbox)
    if folder.exists() and not folder.is_dir():
        raise ArenaUsageError(f"--out {folder} is a file, not a folder")
    if options.resume and not ArenaStore.exists(folder):
        raise ArenaUsageError(f"--resume: no {cmd} in {folder} (no arena.sqlite); start it without --resume")
    problem = logs_folder_problem(folder)
    if problem:
        raise ArenaUsageError(problem)
    session = _connect(options.cluster)
    try:
        if session is not None and given is not None:  # every worker has the bots: before any folder
            session.check_workers(given)
            _say_notes(session, show)
        lock = locked(folder, "--out ")
    except BaseException:
        if session is not None:
            session.close()
        raise
    try:
        try:
            source = None if options.resume or options.seed_source is None else str(options.seed_source)
            store, params = open_arena(folder, given, options.resume, overlay, public_key, source, cmd)
        except StoreError as exc:
            raise ArenaUsageError(str(exc)) from None
        if rule is None and params.sprt and not isinstance(mode, SprtRun):  # an SPRT resumed
            mode = SprtRun()
            cmd = mode.command
        with store:
            try:
                params.validate()
                if options.resume:
                    _check_isolation(params.match.sandbox, options, show)
                    _check_clock(params.match.clock, params.match.sandbox)
                _warn_guessable_seed(store, params, show)
                if options.resume:
                    _replay_broken_games(store, params, public_key, show)
                    if session is not None:
                        session.check_workers(params)
                        _say_notes(session, show)
            except StoreError as exc:
                raise ArenaUsageError(str(exc)) from None
            schedule = list(store.schedule(params).values())
            concurrency = options.concurrency or os.cpu_count() or 1
            if session is not None:  # as many games as the checked workers have slots (at most -j)
                concurrency = min(options.concurrency or len(schedule), session.threads())
            done = store.played(params)
            finished = mode.finished(store, params)
            if done < len(schedule) and not finished:
                check_bots(params)  # (relative paths: resume from the folder the arena started in)
            workers = min(concurrency, max(1, len(schedule) - done))
            note = show.note if not options.quiet else _silent
            note(
                f"{cmd} {folder}: {len(params.bots)} bot{'s' * (len(params.bots) != 1)}, "
                f"{params.players} player{'s' * (params.players != 1)}, "
                f"{params.games} {'pairs' if params.sprt else 'deals'} -> {len(schedule)} games "
                f"({done} already played)"
                + (", already decided" if finished else f", {workers} worker{'s' * (workers != 1)}")
                + (f" on the cluster {session.options.address}" if session is not None else ""),
            )
            setup = WorkerSetup(
                folder=str(folder),
                params=params,
                sign_key=signer.path if signer else None,
                arena_id=store.arena_id(),
                seed_source=store.seed_source(),
                fresh_bots=options.fresh_bots,
            )
            display, stop = (
                show.display(),
                mode.stopper(store, params, None if options.quiet else show.status),
            )
            result = RunResult(folder, params, cmd, len(schedule))
            executor, intake = _remote(session, store, params, signer)
            try:
                summary = run_arena(
                    store,
                    setup,
                    [] if finished else schedule,
                    concurrency,
                    display,
                    stop=stop,
                    executor=executor,
                    intake=intake,
                )
            except sqlite3.Error as exc:  # disk full, folder removed, ...: finished games are safe
                result.store_error = str(exc)
                return result
            show.results(store, params, len(schedule))
            if summary.played:
                note(
                    f"played {summary.played} games in {summary.elapsed_s:.1f} s "
                    f"({summary.games_per_s:.2f} games/s); results in {folder}",
                )
                _note_view(note, folder)
            result.stored = store.played(params)
            result.played, result.elapsed_s = summary.played, summary.elapsed_s
            result.interrupted, result.errors = summary.interrupted, list(summary.errors)
            result.refused = list(summary.refused)
            for line in summary.refused:
                show.warn(f"refused: {line}")
            if not summary.interrupted:
                result.outcome = mode.outcome(store, params, result.stored >= len(schedule))
            return result
    finally:
        lock.release()
        if session is not None:
            session.close()


def _connect(cluster: ClusterOptions | None) -> ClusterSession | None:
    """The coordinator's session with the cluster's scheduler (None: games are played locally);
    a usage error for an address it refuses or a scheduler that does not answer."""
    if cluster is None:
        return None
    from .cluster import ClusterSession

    return ClusterSession(cluster)


def _remote(
    session: ClusterSession | None, store: ArenaStore, params: ArenaParams, signer: Signer | None
) -> tuple[Any, Any]:
    """The cluster's executor and the coordinator's intake of its games (None, None: local)."""
    if session is None:
        return None, None
    from .cluster import DaskExecutor
    from .intake import RemoteIntake

    sample = session.options.verify_sample
    store.set_verify_sample(sample)
    if session.shipment is not None:  # recorded with the arena's parameters: what was shipped
        ref = session.shipment.ref
        store.set_shipped({"sha256": ref.sha256, "bytes": len(session.shipment.archive), "roots": ref.roots})
    executor = DaskExecutor(session, params, store.arena_id(), store.seed_source())
    return executor, RemoteIntake(store, params, signer, sample)


def _say_notes(session: ClusterSession, show: Any) -> None:
    for line in session.notes:
        show.warn(line)
    session.notes.clear()


def _silent(text: str) -> None:
    """A note not given (quiet)."""


def stored_seed(folder: Path) -> int | None:
    """The master seed of the arena in `folder` (None: there is none; `run` says so)."""
    from .store import ArenaStore, StoreError

    if not ArenaStore.exists(folder):
        return None
    try:
        with ArenaStore.open(folder) as store:
            return store.params().seed
    except StoreError as exc:
        raise ArenaUsageError(str(exc)) from None


def locked(folder: Path, what: str = "") -> FolderLock:
    """The arena folder's lock, taken (a usage error when another arena holds it)."""
    from .session import ArenaBusy, FolderLock

    try:
        lock = FolderLock(folder)
        lock.acquire()
    except ArenaBusy as exc:
        raise ArenaUsageError(str(exc)) from None
    except OSError as exc:
        raise ArenaUsageError(f"{what}{folder}: {exc.strerror or exc}") from None
    return lock


def check_bots(params: ArenaParams) -> None:
    """A usage error naming the bot whose command cannot start (missing file, not on PATH, ...)
    or that the sandbox would refuse to start (what it needs lies outside what bots may see)."""
    from altay_cli.referee.botcmd import BotCommand, BotCommandError
    from altay_cli.referee.sandbox import refusal

    for b in params.bots:
        try:
            parsed = BotCommand.parse(b.command, b.name)
        except BotCommandError as exc:
            raise ArenaUsageError(f"bot {b.name}={b.command}: {exc}") from None
        why = refusal(list(parsed.argv), b.conditions_over(params.match).sandbox)
        if why is not None:
            raise ArenaUsageError(f"bot {b.name}: {why}")


def _check_isolation(policy: SandboxPolicy, options: RunOptions, show: RunShow) -> None:
    """--sandbox on without a sandbox is a usage error; unsandboxed bots are said (not quiet)."""
    from altay_cli.referee.sandbox import SandboxUnavailable, isolation_for

    try:
        isolation = isolation_for(policy)
    except SandboxUnavailable as exc:
        raise ArenaUsageError(str(exc)) from None
    if not isolation.sandboxed and not options.quiet:
        show.warn(f"warning: {isolation.describe()}")


def _check_clock(clock: str, policy: SandboxPolicy) -> None:
    """--clock cpu where this machine cannot read each bot's CPU time is a usage error."""
    from altay_cli.referee.clock import cpu_clock_problem

    problem = cpu_clock_problem(policy) if clock == "cpu" else None
    if problem is not None:
        raise ArenaUsageError(problem)


def _note_view(note: Callable[[str], None], folder: Path) -> None:
    """How to watch one of the arena's games (its first log) in a browser."""
    from altay_cli.web.hint import view_hint

    logs = sorted(
        (p for p in (folder / "logs").glob("*.jsonl") if p.stem.isdigit()), key=lambda p: int(p.stem)
    )
    if logs:
        note(view_hint(logs[0]))


def _warn_guessable_seed(store: ArenaStore, params: ArenaParams, show: RunShow) -> None:
    """The organiser's guessable master seed, said out loud at every start (bots always play)."""
    from altay_cli.seeds import guessable_seed_warning

    if store.seed_source() == "system":
        return
    warning = guessable_seed_warning(params.seed, programs_play=True)
    if warning:
        show.warn(warning)


def _replay_broken_games(
    store: ArenaStore, params: ArenaParams, public_key: str | None, show: RunShow
) -> None:
    """Games whose log is missing, changed, does not replay or (in a signed arena) is not signed
    by the arena's key are forgotten, their logs set aside: resume plays them again."""
    from altay_cli.textsafe import safe_text

    from .integrity import quick_check
    from .session import set_aside_logs

    problems = store.log_problems
    if problems is None:
        problems = quick_check(store.folder, store.records(params), public_key, store.schedule(params))
    ids = sorted({p.game_id for p in problems if p.game_id is not None})
    if not ids:
        return
    aside = set_aside_logs(store.folder, ids)
    store.delete_games(ids)

    shown = "; ".join(f"game {p.game_id}: {safe_text(p.detail, 200)}" for p in problems[:10])
    more = f" (and {len(problems) - 10} more)" if len(problems) > 10 else ""
    where = f"; their logs are kept in {aside}" if aside else ""
    show.warn(
        f"{len(ids)} stored game(s) will be played again, their logs do not match: {shown}{more}{where}"
    )


__all__ = ["RunOptions", "RunResult", "RunShow", "check_bots", "locked", "run", "stored_seed"]
