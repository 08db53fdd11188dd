"""Opening an arena folder: create it, or resume it after checking the parameters match; and
one lock per folder so two arenas never write the same database and logs."""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Callable
from pathlib import Path

from .params import ArenaParams, ArenaUsageError, differences
from .store import ArenaStore, StoreError

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
            try:
                pid = self.path.read_text().strip() or "?"
            except OSError:
                pid = "?"
            raise ArenaBusy(
                f"another arena (pid {pid}) is running in {self.folder}; "
                "wait for it, or stop it (Ctrl-C) and then --resume"
            ) from None
        self._fd = fd
        with contextlib.suppress(OSError):
            self.path.write_text(str(os.getpid()))

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


def open_arena(
    folder: Path,
    given: ArenaParams | None,
    resume: bool,
    overlay: Callable[[ArenaParams], ArenaParams] | None = None,
) -> tuple[ArenaStore, ArenaParams]:
    """The store and the parameters to run with.

    New arena: `given` is required and the folder must hold no arena. --resume: the folder must
    hold one; `given` (or, when None, `overlay(stored)`: the stored parameters with the options
    given on the command line) must match the stored parameters, except that a larger --games
    extends the arena and --add adds bots (a new stage: only their games are played).
    """
    if not resume:
        if given is None:
            raise ArenaUsageError("give the bots, e.g. altay arena a=random b=greedy --players 2 --games 4")
        if ArenaStore.exists(folder):
            with ArenaStore.open(folder) as old:
                n, total = old.count(), len(old.params().schedule())
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
        return ArenaStore.create(folder, given), given
    if not ArenaStore.exists(folder):
        raise ArenaUsageError(f"--resume: no arena in {folder} (no arena.sqlite); start it without --resume")
    store = ArenaStore.open(folder)
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
        if given.games > stored.games or len(given.bots) > len(stored.bots):
            store.set_params(given)  # more deals, or bots added (--add)
        return store, given
    except (ArenaUsageError, StoreError):
        store.close()
        raise
