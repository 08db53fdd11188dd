"""Checking an arena folder whole (`altay arena verify` from Python): every stored row against
the schedule, every log replayed and compared with its rows, signed by the arena's key; then,
if asked, forgetting the games with a problem so that a resume plays exactly them again.

    from arena.verify import verify
    found = verify(folder)                       # raises ArenaUsageError: no usable arena
    found.problems, found.orphans, found.bad     # integrity.Problem lists; game ids to replay
    verify(folder, forget_bad=True).forgotten    # their rows gone, their logs set aside

Nothing is printed: the command prints a `Verification`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from .params import ArenaParams, ArenaUsageError

if TYPE_CHECKING:
    from .integrity import Problem
    from .records import GameRecord
    from .store import ArenaStore


class VerifyProgress(Protocol):
    """A progress display over the stored games."""

    def advance(self, game_id: int) -> None: ...

    def close(self) -> None: ...


@dataclass(slots=True)
class Verification:
    """What `verify` found (and forgot)."""

    folder: Path
    params: ArenaParams
    records: list[GameRecord]  # the stored games checked
    key: str | None  # the key every log must be signed by (None: none)
    notes: list[str]  # where that key comes from
    problems: list[Problem]  # merged, the arena-wide ones with them
    orphans: list[Problem]  # logs without a row
    seed_source: str | None
    guessable: bool  # the organiser's master seed is small enough to search
    bad: list[int]  # games with a problem that playing them again repairs
    arena_wide: list[Problem]
    forgotten: list[int] = field(default_factory=list)
    aside: Path | None = None  # where their logs were moved


def verify(
    folder: Path,
    public_key: str | None = None,
    forget_bad: bool = False,
    progress: Callable[[int], VerifyProgress] | None = None,
) -> Verification:
    """Check the arena in `folder` (every log signed by `public_key`, hex, when given; a signed
    arena's own key in any case); with `forget_bad`, forget the games with a problem, under
    the folder's lock. `progress(total)` makes a display advanced once per game checked."""
    from altay_cli.records import GUESSABLE_SEED_BITS

    from .driver import locked
    from .integrity import ARENA, REPLAYABLE, expectations, full_check, merged, orphan_logs, row_problems
    from .store import ArenaStore, StoreError

    given = public_key
    lock = None
    if forget_bad and ArenaStore.exists(folder):  # (no arena: the open below says so)
        lock = locked(folder)
    try:
        try:
            store = ArenaStore.open(folder, migrate=forget_bad)
        except StoreError as exc:
            raise ArenaUsageError(str(exc)) from None
        with store:
            try:
                params = store.params()
                records = store.records(params)
                key, notes, problems = arena_key(store, records, given)
                problems += row_problems(store, params)
                expected = expectations(store, params, records)
            except StoreError as exc:
                raise ArenaUsageError(str(exc)) from None
            bar = progress(len(records)) if progress is not None else None
            try:
                advance = bar.advance if bar is not None else None
                problems += full_check(folder, records, key, on_game=advance, expected=expected)
            finally:
                if bar is not None:
                    bar.close()
            problems = merged(problems)
            orphans = orphan_logs(folder, records)
            source = store.seed_source()
            guessable = params.seed < 1 << GUESSABLE_SEED_BITS and source != "system"
            bad = sorted({p.game_id for p in problems if p.kind in REPLAYABLE and p.game_id is not None})
            arena_wide = [p for p in problems if p.kind == ARENA]
            found = Verification(
                folder, params, records, key, notes, problems, orphans, source, guessable, bad, arena_wide
            )
            if forget_bad and bad:
                if arena_wide:
                    raise ArenaUsageError(
                        f"--forget-bad: {arena_wide[0].detail}; forgetting games cannot repair that"
                    )
                from .session import set_aside_logs

                try:
                    found.aside = set_aside_logs(folder, bad)
                except (ArenaUsageError, OSError) as exc:
                    raise ArenaUsageError(f"--forget-bad: {exc}") from None
                store.delete_games(bad)
                found.forgotten = bad
            return found
    finally:
        if lock is not None:
            lock.release()


def arena_key(
    store: ArenaStore, records: list[Any], given: str | None
) -> tuple[str | None, list[str], list[Any]]:
    """The key every log of the arena must be signed by (None: no signature required), notes
    saying where it comes from, and arena-wide problems (a --public-key that is not the
    arena's recorded key)."""
    from altay_cli.logsign import fingerprint

    from .integrity import ARENA, Problem, logged_key
    from .store import SIGNED, UNKNOWN

    signing = store.signing()
    notes: list[str] = []
    problems: list[Any] = []
    if signing.state == SIGNED:
        assert signing.public_key is not None
        recorded = signing.public_key.lower()
        if given is not None and given.lower() != recorded:
            problems.append(
                Problem(
                    None,
                    ARENA,
                    f"--public-key is key {fingerprint(given)}, but this arena recorded key "
                    f"{fingerprint(recorded)} when it was created: its logs are checked against "
                    f"{fingerprint(given)}",
                )
            )
            return given.lower(), notes, problems
        notes.append(
            f"signed arena: every log must be signed by key {fingerprint(recorded)} (recorded in the arena)"
        )
        return recorded, notes, problems
    if signing.state == UNKNOWN:
        inferred = logged_key(store.folder, records)
        if given is not None:
            return given.lower(), notes, problems
        if inferred is not None:
            notes.append(
                f"made before altay recorded whether an arena signs: its logs are signed by key "
                f"{fingerprint(inferred)}, so every log must be"
            )
        return inferred, notes, problems
    if given is not None:
        notes.append("this arena was started without --sign-key: its logs are not signed")
        return given.lower(), notes, problems
    return None, notes, problems


__all__ = ["Verification", "arena_key", "verify"]
