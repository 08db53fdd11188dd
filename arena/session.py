"""Opening an arena folder: create it, or resume it after checking the parameters match; and
one lock per folder so two arenas never write the same database and logs."""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Callable
from pathlib import Path

from .params import ArenaParams, ArenaUsageError, differences
from .store import SIGNED, UNKNOWN, UNSIGNED, ArenaStore, Signing, StoreError
from .worker import LOGS

LOCK_NAME = "arena.lock"


class ArenaBusy(Exception):
    """Another arena process is running in this folder."""


class FolderLock:
    """An exclusive flock on the arena directory itself, released by the kernel when the process
    (and its forked workers) exit, however they exit, so a killed arena never leaves a stale
    lock. The directory cannot be swapped under a running arena the way a lock file could be
    deleted and recreated; `arena.lock` only tells a second arena which pid holds the lock."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.path = folder / LOCK_NAME
        self._fd: int | None = None

    def acquire(self) -> None:
        fd = os.open(self.folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            pid = _read_pid(self.path)
            raise ArenaBusy(
                f"another arena (pid {pid}) is running in {self.folder}; "
                "wait for it, or stop it (Ctrl-C) and then --resume"
            ) from None
        self._fd = fd
        with contextlib.suppress(OSError):
            _write_plain(self.path, str(os.getpid()).encode())

    def release(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> FolderLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _read_pid(path: Path) -> str:
    """The pid a running arena wrote in its lock file ("?" for anything else; never through a link)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return "?"
    try:
        text = os.read(fd, 32).decode("ascii", "replace").strip()
    except OSError:
        text = ""
    finally:
        os.close(fd)
    return text if text.isascii() and text.isdigit() else "?"


def _write_plain(path: Path, data: bytes) -> None:
    """Write `path` only if it is (or becomes) a plain file: never through a symbolic link, never
    into a FIFO or device (OSError then, and nothing is written)."""
    import stat

    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, 0o644)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path} is not a plain file")
        os.ftruncate(fd, 0)
        os.write(fd, data)
    finally:
        os.close(fd)


def logs_folder_problem(folder: Path) -> str | None:
    """Why the arena must not write logs into `folder`/logs: it is a link or not a folder."""
    from .store import plain_folder_problem

    return plain_folder_problem(folder / LOGS)


def open_arena(
    folder: Path,
    given: ArenaParams | None,
    resume: bool,
    overlay: Callable[[ArenaParams], ArenaParams] | None = None,
    public_key: str | None = None,
    seed_source: str | None = None,
    command: str = "arena",
) -> tuple[ArenaStore, ArenaParams]:
    """The store and the parameters to run with.

    New arena: `given` is required and the folder must hold no arena; the database records
    `public_key` (the arena signs its logs with it: hex, or None) and `seed_source`. --resume:
    the folder must hold one (an older schema is migrated); `given` (or, when None,
    `overlay(stored)`: the stored parameters with the options given on the command line) must
    match the stored parameters, except that a larger --games extends the arena and --add adds
    bots (a new stage: only their games are played); the arena must be resumable (see
    `check_resumable`: its signing kept with `public_key`, its master seed and rows unedited).
    """
    if not resume:
        if given is None:
            raise ArenaUsageError("give the bots, e.g. altay arena a=random b=greedy --players 2 --games 4")
        if ArenaStore.exists(folder):
            with ArenaStore.open(folder) as old:
                stored = old.params()
                n, total = old.played(stored), len(old.schedule(stored))
            if n == total:
                raise ArenaUsageError(
                    f"{folder} already holds a complete arena ({n} games); show it with "
                    f"altay arena report {folder}, extend it with altay arena --resume --out {folder} "
                    "--games MORE_DEALS, or choose another --out"
                )
            raise ArenaUsageError(
                f"{folder} already holds an arena ({n}/{total} games played); finish it with "
                f"altay arena --resume --out {folder}, or choose another --out"
            )
        return ArenaStore.create(folder, given, public_key=public_key, seed_source=seed_source), given
    if not ArenaStore.exists(folder):
        raise ArenaUsageError(f"--resume: no arena in {folder} (no arena.sqlite); start it without --resume")
    store = ArenaStore.open(folder, migrate=True)
    try:
        stored = store.params()
        if given is None:
            given = overlay(stored) if overlay else stored
        diffs = differences(stored, given)
        if diffs:
            raise ArenaUsageError(
                f"--resume: the arena in {folder} was started with other parameters:\n  "
                + "\n  ".join(diffs)
                + f"\nresume it with its own parameters: altay arena --resume --out {folder}"
            )
        check_resumable(store, stored, public_key, command)  # before anything is written
        if given.games > stored.games or len(given.bots) > len(stored.bots):
            store.set_params(given)  # more deals, or bots added (--add)
        return store, given
    except (ArenaUsageError, StoreError):
        store.close()
        raise


def resume_signing(store: ArenaStore, public_key: str | None, command: str = "arena") -> Signing:
    """Check that a resumed arena keeps its signing: a signed arena needs its own key, an
    unsigned one no key. An arena made before the signing record is decided by its stored logs
    (signed if any is) and recorded now. ArenaUsageError says which option to give."""
    from altay_cli.logsign import fingerprint

    from .integrity import logged_key

    signing = store.signing()
    folder = store.folder
    if signing.state == UNKNOWN:
        params = store.params()
        key = logged_key(folder, store.records(params))
        if key is None and store.played(params) == 0:
            key = public_key  # nothing played yet: this run decides
        signing = Signing(SIGNED, key) if key else Signing(UNSIGNED)
        recorded_now = True
    else:
        recorded_now = False
    if signing.state == SIGNED:
        assert signing.public_key is not None
        wanted = fingerprint(signing.public_key)
        if public_key is None:
            raise ArenaUsageError(
                f"the {command} in {folder} signs its logs (key {wanted}): resume it with "
                f"--sign-key FILE, the private key it was started with, e.g. "
                f"altay {command} --resume --out {folder} --sign-key FILE"
            )
        if public_key.lower() != signing.public_key.lower():
            raise ArenaUsageError(
                f"--sign-key is key {fingerprint(public_key)}, but the {command} in {folder} signs "
                f"its logs with key {wanted}: give the private key it was started with"
            )
    elif signing.state == UNSIGNED and public_key is not None:
        raise ArenaUsageError(
            f"the {command} in {folder} was started without --sign-key, so its logs are unsigned: "
            f"resume it without --sign-key (or start a new {command} to sign every game)"
        )
    if recorded_now:
        store.set_signing(signing.public_key)
    return signing


def resume_seed_problem(store: ArenaStore, params: ArenaParams) -> str | None:
    """Why an arena must not be resumed: its master seed is not the one it was created with, or
    stored games were played from seeds it does not derive (its parameters or rows were edited)."""
    if store.seed_matches(params) is False:
        return (
            f"the master seed in the parameters of {store.folder} is not the one the arena was "
            "created with: its database was edited; restore it, or start a new arena"
        )
    schedule = store.schedule(params)
    wrong = [r.game_id for r in store.records(params) if r.seed != schedule[r.game_id].seed]
    if wrong:
        shown = ", ".join(map(str, wrong[:5])) + (" ..." if len(wrong) > 5 else "")
        return (
            f"{len(wrong)} stored game(s) of {store.folder} ({shown}) were not played from the seeds "
            "the arena's master seed derives: its database was edited; see altay arena verify "
            f"{store.folder}"
        )
    return None


SET_ASIDE = "set-aside"


def set_aside_logs(folder: Path, game_ids: list[int]) -> Path | None:
    """Move the logs of games about to be forgotten into `folder`/set-aside/<time>/ (kept as
    evidence, out of the way of the games played again); links are moved, never followed.
    Returns the folder they went to (None: none of them had a log)."""
    import datetime as dt
    import stat

    from .worker import log_name

    present = [g for g in game_ids if os.path.lexists(folder / log_name(g))]
    if not present:
        return None
    base = folder / SET_ASIDE
    try:
        os.mkdir(base)
    except FileExistsError:
        if not stat.S_ISDIR(os.lstat(base).st_mode):
            raise ArenaUsageError(f"{base} is not a plain folder (a link or a file); move it away") from None
    except OSError as exc:
        raise ArenaUsageError(f"cannot make {base}: {exc.strerror}") from None
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%S")
    for n in range(1000):
        target = base / (stamp if n == 0 else f"{stamp}-{n}")
        try:
            os.mkdir(target)
            break
        except FileExistsError:
            continue
    else:
        raise ArenaUsageError(f"cannot make a new folder in {base}")
    for game_id in present:
        src = folder / log_name(game_id)
        try:
            os.rename(src, target / src.name)
        except OSError as exc:
            raise ArenaUsageError(f"cannot move {src} to {target}: {exc.strerror}") from None
    return target


def check_resumable(store: ArenaStore, params: ArenaParams, public_key: str | None, command: str) -> None:
    """Refuse to go on with an arena whose signing would change, or whose master seed, stored
    games or logs' seeds were edited (ArenaUsageError, one sentence); an older arena's signing
    is recorded. The stored logs are read once (`integrity.quick_check`); what is wrong with
    them is left in `store.log_problems`, for --resume to play those games again."""
    from .integrity import ARENA, WRONG_SEED, quick_check, row_problems

    signing = resume_signing(store, public_key, command)
    problem = resume_seed_problem(store, params)
    if problem:
        raise ArenaUsageError(f"--resume refused: {problem}")
    logs = quick_check(store.folder, store.records(params), signing.public_key, store.schedule(params))
    seeds = [p for p in logs if p.kind == WRONG_SEED]
    if seeds:
        raise ArenaUsageError(
            f"--resume refused: {len(seeds)} stored game(s) of {store.folder} were played from seeds "
            f"the arena's master seed does not derive (game {seeds[0].game_id}: {seeds[0].detail}): "
            f"its database was edited; see altay arena verify {store.folder}"
        )
    store.log_problems = logs
    rows = [p for p in row_problems(store, params) if p.kind != ARENA]
    if rows:
        first = rows[0]
        folder = store.folder
        raise ArenaUsageError(
            f"--resume refused: {len(rows)} problem(s) in the database of {folder} "
            f"(game {first.game_id}: {first.detail}); see them with altay arena verify {folder}, "
            f"and forget those games with altay arena verify {folder} --forget-bad"
        )
