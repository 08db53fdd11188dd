"""A game in progress with its full action history: apply, undo, save as a game log, load.

The engine is deterministic, so the history *is* the game: undo truncates the history and
re-simulates it from the configuration, and a saved log is re-simulated (and checked by the
replayer) to continue it. The session holds the full state; callers show players only
`state.observation(seat)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from ..engine import Game, IllegalAction, Outcome, State, game_of_config, load_game
from ..gamelog import (
    Answer,
    Decision,
    Failure,
    Header,
    LogLine,
    LogWriter,
    Result,
    SeatInfo,
    Stderr,
    now_iso,
)

if TYPE_CHECKING:
    from ..logsign import Signer


@dataclass
class Step:
    """One applied decision: its log record, the action itself, and the state right after it
    (what the step revealed, and to whom, is asked of that state)."""

    decision: Decision
    action: Any
    after: Any

    @property
    def n(self) -> int:
        return self.decision.n

    @property
    def seat(self) -> int:
        return self.decision.seat

    @property
    def status(self) -> str:
        return self.decision.status


class LoadError(ValueError):
    """A log cannot be continued: says why (the replayer's verdict when it does not verify)."""


class Session:
    def __init__(
        self,
        config: Any,
        seats: list[SeatInfo],
        game: Game | None = None,
        seed_source: str | None = None,
    ) -> None:
        self.game = game or game_of_config(config)
        self.config = config
        self.seats = seats
        #: records.SeedSource of the configuration's seed, written in the log header (None: unknown)
        self.seed_source = None if seed_source is None else str(seed_source)
        self.state: State = self.game.new_state(config)
        self.initial_digest = self.state.digest()
        self.steps: list[Step] = []
        self.failures: list[Failure] = []
        self.stderr: dict[int, Stderr] = {}  # bots' captured stderr, written before the result

    # ------------------------------------------------------------------ playing
    def apply(self, action: Any, answer: Answer | None = None) -> Step:
        """Apply an action of the seat to move, with how it came about (a person's answer by
        default); IllegalAction (nothing changes) if it is not legal."""
        g = self.state
        seat = g.to_move
        legal = g.legal_actions()
        try:
            index = legal.index(action)
        except ValueError:
            index = -1
        g.apply(action)  # raises IllegalAction with the engine's reason when index == -1
        assert seat is not None
        answer = msgspec.structs.replace(answer or Answer(), index=index)
        decision = Decision.of(
            len(self.steps), seat, self.game.action_to_builtins(action), g.digest(), answer
        )
        step = Step(decision, action, g.clone())
        self.steps.append(step)
        return step

    def record_failure(self, failure: Failure) -> None:
        self.failures.append(failure)

    # ------------------------------------------------------------------ undo
    def truncate(self, keep: int) -> None:
        """Keep the first `keep` decisions and re-simulate the game from its configuration."""
        keep = max(0, min(keep, len(self.steps)))
        g = self.steps[keep - 1].after.clone() if keep else self.game.new_state(self.config)
        self.state = g
        self.steps = self.steps[:keep]
        self.failures = [f for f in self.failures if f.n is None or f.n < keep]

    def undo_point(self, seats: set[int], count: int = 1) -> int | None:
        """History length that takes back the last `count` decisions made by `seats`, or None."""
        found = 0
        for i in range(len(self.steps) - 1, -1, -1):
            if self.steps[i].seat in seats:
                found += 1
                if found == count:
                    return i
        return None

    # ------------------------------------------------------------------ logs
    def log_lines(
        self, source: str = "play", created: str | None = "now", meta: dict[str, Any] | None = None
    ) -> list[LogLine]:
        """The game as gamelog lines; an unfinished game ends with a provisional result."""
        header = Header.of(
            self.game,
            self.config,
            seats=self.seats,
            initial_digest=self.initial_digest,
            source=source,
            created=now_iso() if created == "now" else created,
            meta=meta or {},
            seed_source=self.seed_source,
        )
        lines: list[LogLine] = [header]
        failures_at: dict[int, list[Failure]] = {}
        for f in self.failures:  # a failure at the start (n null) comes before any decision
            failures_at.setdefault(f.n if f.n is not None else 0, []).append(f)
        for n, step in enumerate(self.steps):
            lines.extend(failures_at.pop(n, []))
            lines.append(step.decision)
        for rest in failures_at.values():
            lines.extend(rest)
        lines.extend(self.stderr[seat] for seat in sorted(self.stderr))
        lines.append(self.result_line())
        return lines

    def outcome(self) -> Outcome:
        return self.game.outcome(self.state)

    def result_line(self) -> Result:
        return Result.of(
            self.outcome(),
            final_digest=self.state.digest(),
            decisions=len(self.steps),
            failures=[f.as_entry() for f in self.failures],
        )

    def save(self, path: str | Path, signer: Signer | None = None) -> Path:
        """Write the game log (seed sealed until its result line; signed with `signer`)."""
        with LogWriter(path, signer=signer) as writer:
            for line in self.log_lines():
                writer.write(line)
        return Path(path)

    @classmethod
    def load(cls, path: str | Path, seats: list[SeatInfo] | None = None, seed: int | None = None) -> Session:
        """Continue a game log: it must replay cleanly (a cut-off log is fine up to its end,
        given the `seed` its missing result line would have revealed)."""
        from ..replay import replay_log

        verdict = replay_log(path, seed=seed)
        if verdict.header is None or (not verdict.ok and not verdict.truncated_only):
            message = verdict.message.replace("altay replay LOG --seed N", "altay play --load LOG --seed N")
            raise LoadError(f"cannot continue {path}: {message}")
        header = verdict.header
        try:  # a log that replays has a game, a configuration and actions this altay knows
            game = load_game(header.game)
            config = header.game_config(game, verdict.seed)
            session = cls(config, seats if seats is not None else header.seats, game, header.seed_source)
            for d in verdict.decisions:
                answer = Answer(
                    request_id=d.request_id,
                    time_ms=d.time_ms,
                    overhead_us=d.overhead_us,
                    status=d.status,
                    info=d.info,
                )
                session.apply(game.action_from_builtins(d.action), answer)
        except (ValueError, LookupError, IllegalAction) as exc:
            raise LoadError(f"cannot continue {path}: {exc}") from None
        session.failures = list(verdict.failures)
        session.stderr = {s.seat: s for s in verdict.stderr}
        return session
