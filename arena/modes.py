"""What differs between a round robin and an SPRT played on the same machinery: when a run may
stop before its schedule is played, and what its end means. Plain Python, no printing: the
commands show the status lines and turn an `Outcome` into an exit code.

    from arena.modes import SprtRun
    run = SprtRun()
    run.finished(store, params)                     # decided already: nothing more to play
    stop = run.stopper(store, params, print)        # the runner's `stop` hook
    run.outcome(store, params, complete=True)       # Outcome.H1, H0, UNDECIDED (or None)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .params import ArenaParams
    from .records import GameRecord
    from .sprt_results import SprtTracker
    from .store import ArenaStore

#: The least time between two SPRT status lines (the deciding one is always given).
STATUS_EVERY_S = 2.0


class Outcome(StrEnum):
    """How a run that was not interrupted ended."""

    COMPLETE = "complete"  # a round robin: every scheduled game is stored
    H1 = "h1"  # an SPRT accepted H1: NEW is stronger
    H0 = "h0"  # an SPRT accepted H0: NEW is not stronger by elo1
    UNDECIDED = "undecided"  # an SPRT played every pair without a decision


class ArenaRun:
    """A round robin: every scheduled game is played."""

    command = "arena"

    def finished(self, store: ArenaStore, params: ArenaParams) -> bool:
        """True when nothing more needs playing even though scheduled games are missing."""
        return False

    def stopper(
        self, store: ArenaStore, params: ArenaParams, status: Callable[[str], None] | None
    ) -> Callable[[GameRecord], bool] | None:
        """The runner's `stop` hook (None: play every game); `status` is given status lines."""
        return None

    def outcome(self, store: ArenaStore, params: ArenaParams, complete: bool) -> Outcome | None:
        """How the run ended when it was not interrupted; None: games are missing."""
        return Outcome.COMPLETE if complete else None


class SprtRun(ArenaRun):
    """An SPRT (`ArenaParams.sprt`): the pairs are played until the test decides."""

    command = "sprt"

    def finished(self, store: ArenaStore, params: ArenaParams) -> bool:
        from .sprt import Verdict

        return self.tracker(store, params).status().verdict is not Verdict.CONTINUE

    @staticmethod
    def tracker(store: ArenaStore, params: ArenaParams) -> SprtTracker:
        """The test over the games stored so far, in game-id order."""
        from .sprt_results import SprtTracker

        tracker = SprtTracker(params)
        tracker.add_all(sorted(store.records(params), key=lambda r: r.game_id))
        return tracker

    def stopper(
        self, store: ArenaStore, params: ArenaParams, status: Callable[[str], None] | None
    ) -> Callable[[GameRecord], bool]:
        """Stops the runner once the test decides; gives `status` a line at most every
        `STATUS_EVERY_S` seconds, and the deciding one."""
        from .sprt import Verdict

        tracker = self.tracker(store, params)
        last = [0.0]

        def stop(record: GameRecord) -> bool:
            if not tracker.add(record):
                return False
            decided = tracker.status().verdict is not Verdict.CONTINUE
            now = time.monotonic()
            if status is not None and (decided or now - last[0] >= STATUS_EVERY_S):
                last[0] = now
                status(tracker.line())
            return decided

        return stop

    def outcome(self, store: ArenaStore, params: ArenaParams, complete: bool) -> Outcome | None:
        from .sprt import Verdict

        verdict = self.tracker(store, params).status().verdict
        if verdict is Verdict.H1:
            return Outcome.H1
        if verdict is Verdict.H0:
            return Outcome.H0
        return Outcome.UNDECIDED if complete else None
