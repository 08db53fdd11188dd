"""Re-simulate a game log and check it step by step: the proof that a logged game happened.

    verdict = replay_log("game.jsonl", strict=True)
    verdict.status      # "valid", "invalid" (the engine disagrees) or "unreadable"
    verdict.divergence  # the FIRST step where log and engine differ, with both sides

What is checked, in order: the header (format, version, a valid configuration) and the initial
state digest; for every decision, that its number follows the previous one, the logged seat is
the one to move, the action is legal (and `index`, when present, points to that action in the
legal list), and the state digest after applying it equals the logged one (with `strict`, also
the engine's conservation invariants); at the end, the result line's decision count, rounds,
turns, final digest, end reason, scores, ranks and winners. A result with `finished: false`
(a forfeit, or a game saved unfinished by `altay play`) must describe a game that is not over,
with the provisional scores of that position.

Verdicts and exit codes: 0 valid; 1 invalid (a readable log the engine disagrees with: a
divergence, a gap in the decision numbers, a wrong result); 2 unreadable (missing or empty
file, a line that is not JSON or not a log line, a bad header, or a truncated log, i.e. one
without its result line: the decisions it holds are still checked and a divergence among them
is reported as invalid, since that is the stronger finding).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import orjson

from .engine import (
    ENGINE_VERSION,
    Action,
    ConfigError,
    GameState,
    IllegalAction,
    action_from_builtins,
    check_invariants,
    new_game,
)
from .gamelog import (
    LOG_FORMAT,
    LOG_FORMAT_VERSION,
    Decision,
    Failure,
    Header,
    LogError,
    Result,
    Stderr,
    parse_line,
)

VALID, INVALID, UNREADABLE = "valid", "invalid", "unreadable"
#: The referee's end reason for a match stopped by Ctrl-C/SIGTERM (the game may be over or not).
ABORTED = "aborted"
EXIT_CODES = {VALID: 0, INVALID: 1, UNREADABLE: 2}

#: Called after each verified decision: (decision, state before it, state after it).
StepObserver = Callable[[Decision, GameState, GameState], None]


@dataclass
class Divergence:
    """Where the log and the engine first disagree."""

    kind: str  # initial_digest, sequence, game_over, wrong_seat, bad_action, illegal_action,
    # index_mismatch, digest, invariant, result, extra_line
    message: str
    line: int | None = None  # line number in the file (1-based)
    step: int | None = None  # decision number n
    expected: Any = None  # what the log says
    actual: Any = None  # what the engine computes
    legal_count: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "message": self.message,
            "line": self.line,
            "step": self.step,
            "log_says": self.expected,
            "engine_says": self.actual,
            "legal_count": self.legal_count,
        }


@dataclass
class Verdict:
    status: str
    message: str
    path: str
    header: Header | None = None
    decisions: list[Decision] = field(default_factory=list)  # the verified decisions
    failures: list[Failure] = field(default_factory=list)
    stderr: list[Stderr] = field(default_factory=list)
    result: Result | None = None
    state: GameState | None = None  # the engine's state after the verified decisions
    divergence: Divergence | None = None
    truncated: bool = False
    notes: list[str] = field(default_factory=list)
    elapsed_s: float = 0.0

    @property
    def ok(self) -> bool:
        return self.status == VALID

    @property
    def exit_code(self) -> int:
        return EXIT_CODES[self.status]

    @property
    def truncated_only(self) -> bool:
        """The log was cut off, but everything it holds verifies (a game can continue from it)."""
        return self.truncated and self.divergence is None and self.header is not None

    def to_dict(self) -> dict[str, Any]:
        h = self.header
        g = self.state
        out: dict[str, Any] = {
            "verdict": self.status,
            "exit_code": self.exit_code,
            "path": self.path,
            "message": self.message,
            "decisions_verified": len(self.decisions),
            "truncated": self.truncated,
            "divergence": self.divergence.to_dict() if self.divergence else None,
            "notes": self.notes,
            "elapsed_s": round(self.elapsed_s, 4),
        }
        if h is not None:
            out["config"] = msgspec.to_builtins(h.config)
            out["source"] = h.source
            out["names"] = [s.name for s in sorted(h.seats, key=lambda s: s.seat)]
        if g is not None:
            out["rounds"] = g.round
            out["factions"] = factions_of(g)
        if self.result is not None:
            out["result"] = msgspec.to_builtins(self.result)
        out["failures"] = [msgspec.to_builtins(f) for f in self.failures]
        return out


def ranks_with_forfeits(scores: list[dict[str, int]], forfeits: list[int]) -> tuple[list[int], list[int]]:
    """Ranks and winners as the referee computes them: forfeiting seats rank last."""
    from .referee.results import rank_seats, winners

    ranks = rank_seats(scores, forfeits)
    return ranks, winners(ranks, forfeits)


def _json(obj: Any) -> str:
    return orjson.dumps(obj).decode()


def factions_of(g: GameState) -> list[str | None]:
    from .engine.data import FACTIONS

    return [FACTIONS[p.faction] if p.faction >= 0 else None for p in g.players]


class _Stop(Exception):
    def __init__(self, verdict_status: str, divergence: Divergence) -> None:
        self.status = verdict_status
        self.divergence = divergence


def _read(path: Path) -> tuple[list[tuple[int, Any]], bool]:
    """Parse the log's lines as (line number, LogLine); True if the last line was cut off."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise LogError(f"cannot read {path}: {exc.strerror or exc}") from exc
    raw_lines = data.split(b"\n")
    out: list[tuple[int, Any]] = []
    for lineno, raw in enumerate(raw_lines, start=1):
        if not raw.strip():
            continue
        try:
            out.append((lineno, parse_line(raw, lineno)))
        except LogError:
            last = lineno == len(raw_lines) and not data.endswith(b"\n")
            if last and out:
                return out, True  # a partly written last line: the log was cut off mid-line
            raise
    if not out:
        raise LogError(f"{path} is empty: a game log starts with a header line")
    first = out[0][1]
    if not isinstance(first, Header):
        raise LogError('the first line must be the header ({"type": "header", ...})', out[0][0])
    if first.format != LOG_FORMAT:
        raise LogError(f"format is {first.format!r}, expected {LOG_FORMAT!r}", out[0][0])
    if first.format_version > LOG_FORMAT_VERSION:
        raise LogError(
            f"log format version {first.format_version} is newer than this altay "
            f"({LOG_FORMAT_VERSION}); upgrade altay to read it",
            out[0][0],
        )
    return out, False


def replay_log(
    path: str | Path,
    *,
    strict: bool = False,
    on_step: StepObserver | None = None,
) -> Verdict:
    """Re-simulate the log at `path`; see the module docstring for what is checked."""
    started = time.perf_counter()
    p = Path(path)
    verdict = Verdict(UNREADABLE, "", str(path))
    try:
        lines, cut = _read(p)
    except LogError as exc:
        verdict.message = str(exc)
        verdict.elapsed_s = time.perf_counter() - started
        return verdict
    header: Header = lines[0][1]
    verdict.header = header
    if header.engine_version != ENGINE_VERSION:
        verdict.notes.append(
            f"the log was written by engine {header.engine_version}, this is engine {ENGINE_VERSION}"
        )
    try:
        g = new_game(header.config)
    except ConfigError as exc:
        verdict.message = f"line {lines[0][0]}: the header's configuration is not valid: {exc}"
        verdict.elapsed_s = time.perf_counter() - started
        return verdict
    verdict.state = g
    try:
        _check(g, lines, verdict, strict, on_step)
        if verdict.result is None:
            verdict.truncated = True
            n = len(verdict.decisions)
            where = "mid-line" if cut else "without a result line"
            verdict.message = (
                f"truncated: the log ends {where} after {n} decisions (the writer was stopped or "
                f"the file was cut); all {n} decisions present verify"
            )
        else:
            verdict.status = VALID
            verdict.message = f"valid: {len(verdict.decisions)} decisions replay exactly"
    except _Stop as stop:
        verdict.status = stop.status
        verdict.divergence = stop.divergence
        where = f"line {stop.divergence.line}: " if stop.divergence.line else ""
        verdict.message = where + stop.divergence.message
        if verdict.notes and stop.divergence.kind in ("digest", "initial_digest", "illegal_action"):
            verdict.message += f" (note: {verdict.notes[0]})"
    verdict.elapsed_s = time.perf_counter() - started
    return verdict


def _check(
    g: GameState,
    lines: list[tuple[int, Any]],
    verdict: Verdict,
    strict: bool,
    on_step: StepObserver | None,
) -> None:
    header: Header = lines[0][1]
    digest = g.digest()
    if digest != header.initial_digest:
        raise _Stop(
            INVALID,
            Divergence(
                "initial_digest",
                "the initial state differs from the header's initial_digest: the configuration "
                "or the digest was edited, or the log comes from different rules",
                line=lines[0][0],
                expected=header.initial_digest,
                actual=digest,
            ),
        )
    n_players = header.config.players
    for lineno, line in lines[1:]:
        if isinstance(line, Decision):
            if verdict.result is not None:
                raise _Stop(INVALID, Divergence("extra_line", "a decision after the result line", lineno))
            _decision(g, line, lineno, verdict, strict, on_step)
        elif isinstance(line, Failure):
            _seat_in_range(line.seat, n_players, lineno, "failure")
            verdict.failures.append(line)
        elif isinstance(line, Stderr):
            _seat_in_range(line.seat, n_players, lineno, "stderr")
            verdict.stderr.append(line)
        elif isinstance(line, Result):
            if verdict.result is not None:
                raise _Stop(INVALID, Divergence("extra_line", "a second result line", lineno))
            _result(g, line, lineno, verdict)
            verdict.result = line
        else:  # another header
            raise _Stop(INVALID, Divergence("extra_line", "a second header line inside the log", lineno))


def _seat_in_range(seat: int, n: int, lineno: int, what: str) -> None:
    if not 0 <= seat < n:
        message = f"a {what} line for seat {seat} in a {n}-player game"
        raise _Stop(INVALID, Divergence("extra_line", message, lineno))


def _decision(
    g: GameState,
    d: Decision,
    lineno: int,
    verdict: Verdict,
    strict: bool,
    on_step: StepObserver | None,
) -> None:
    n = len(verdict.decisions)
    if d.n != n:
        what = (
            f"decisions {n} to {d.n - 1} are missing (lines removed?)"
            if d.n > n
            else "it repeats or goes back (lines duplicated or reordered?)"
        )
        raise _Stop(
            INVALID,
            Divergence("sequence", f"decision n={d.n} where n={n} was expected: {what}", lineno, n, d.n, n),
        )
    if g.is_terminal:
        raise _Stop(
            INVALID,
            Divergence(
                "game_over",
                f"decision {n}: the game is already over (end reason {g.end_reason}) but the log goes on",
                lineno,
                n,
                d.action,
                None,
            ),
        )
    legal = g.legal_actions()
    if d.seat != g.to_move:
        raise _Stop(
            INVALID,
            Divergence(
                "wrong_seat",
                f"decision {n}: the log says seat {d.seat} decides, the engine says seat {g.to_move} must",
                lineno,
                n,
                d.seat,
                g.to_move,
                len(legal),
            ),
        )
    try:
        action: Action = action_from_builtins(d.action)
    except msgspec.ValidationError as exc:
        raise _Stop(
            INVALID,
            Divergence("bad_action", f"decision {n}: not a valid action object: {exc}", lineno, n, d.action),
        ) from None
    if d.index is not None and not (0 <= d.index < len(legal) and legal[d.index] == action):
        at = legal[d.index] if 0 <= d.index < len(legal) else None
        from .engine import action_to_builtins

        said = "out of range" if at is None else f"points to {_json(action_to_builtins(at))}"
        if action in legal:
            said += f"; the action is at index {legal.index(action)}"
        raise _Stop(
            INVALID,
            Divergence(
                "index_mismatch",
                f"decision {n}: index {d.index} {said} (of {len(legal)} legal actions), "
                f"but the logged action is {_json(d.action)}",
                lineno,
                n,
                d.index,
                legal.index(action) if action in legal else None,
                len(legal),
            ),
        )
    before = g.clone() if on_step is not None else g
    try:
        g.apply(action)
    except IllegalAction as exc:
        raise _Stop(
            INVALID,
            Divergence(
                "illegal_action",
                f"decision {n}: seat {d.seat} plays {_json(d.action)}, "
                f"which the engine refuses: {exc.reason}",
                lineno,
                n,
                d.action,
                exc.reason,
                len(legal),
            ),
        ) from None
    digest = g.digest()
    if digest != d.digest:
        raise _Stop(
            INVALID,
            Divergence(
                "digest",
                f"decision {n}: after seat {d.seat} plays {_json(d.action)} the state digest differs "
                "(the log was edited, or it comes from different rules)",
                lineno,
                n,
                d.digest,
                digest,
                len(legal),
            ),
        )
    if strict:
        problems = check_invariants(g)
        if problems:
            raise _Stop(
                INVALID,
                Divergence(
                    "invariant",
                    f"decision {n}: the engine's invariants fail: {'; '.join(problems)}",
                    lineno,
                    n,
                    None,
                    problems,
                ),
            )
    verdict.decisions.append(d)
    if on_step is not None:
        on_step(d, before, g)


def _result(g: GameState, r: Result, lineno: int, verdict: Verdict) -> None:
    def diverge(what: str, logged: Any, computed: Any) -> _Stop:
        message = f"the result line's {what} differs from the replayed game"
        return _Stop(INVALID, Divergence("result", message, lineno, None, logged, computed))

    n = len(verdict.decisions)
    if r.decisions != n:
        raise diverge(f"decision count ({r.decisions} logged, {n} replayed)", r.decisions, n)
    digest = g.digest()
    if r.final_digest != digest:
        raise diverge("final_digest", r.final_digest, digest)
    if r.rounds != g.round or r.turns != g.turns:
        raise diverge("rounds/turns", [r.rounds, r.turns], [g.round, g.turns])
    if r.finished:
        if not g.is_terminal:
            raise _Stop(
                INVALID,
                Divergence(
                    "result",
                    f"the result says the game finished ({r.end_reason}) but after {n} decisions it is not "
                    f"over: seat {g.to_move} must still decide",
                    lineno,
                    None,
                    r.end_reason,
                    None,
                ),
            )
        final = g.result()
        if r.end_reason != final["end_reason"]:
            raise diverge("end_reason", r.end_reason, final["end_reason"])
        if r.scores != final["scores"]:
            raise diverge("scores", r.scores, final["scores"])
    else:
        if g.is_terminal and r.end_reason != ABORTED:
            raise _Stop(
                INVALID,
                Divergence(
                    "result",
                    f"the result says the game did not finish, but the engine ended it ({g.end_reason})",
                    lineno,
                    None,
                    r.end_reason,
                    g.end_reason,
                ),
            )
        provisional = g.scores()
        if r.scores != provisional:
            raise diverge("provisional scores", r.scores, provisional)
    ranks, winners = ranks_with_forfeits(r.scores, r.forfeits)
    if r.ranks != ranks or r.winners != winners:
        raise diverge(
            "ranks/winners", {"ranks": r.ranks, "winners": r.winners}, {"ranks": ranks, "winners": winners}
        )
    for seat in r.forfeits:
        if not 0 <= seat < g.n:
            raise diverge(f"forfeit seat {seat}", seat, None)
        if not any(f.seat == seat for f in verdict.failures):
            raise _Stop(
                INVALID,
                Divergence(
                    "result",
                    f"the result says seat {seat} forfeited, but the log has no failure line for seat {seat}",
                    lineno,
                    None,
                    r.forfeits,
                    [f.seat for f in verdict.failures],
                ),
            )
