"""Re-simulate a game log and check it step by step: the proof that a logged game happened.

    verdict = replay_log("game.jsonl", strict=True, public_key=None)
    verdict.status      # "valid", "invalid" (the engine disagrees) or "unreadable"
    verdict.divergence  # the FIRST step where log and engine differ, with both sides

What is checked, in order (protocol/LOG-FORMAT.md has the table of every field):
  * the file: a regular file of sane size, every line a log line, the header first (with 1 to
    64 players: a header claiming more is unreadable before anything is sized by it);
  * the chain (format 2 on): every line after the header names the hash of the line before it,
    so an inserted, deleted, reordered or edited line breaks the chain where it happened; a
    signature line, if any, must be last and valid (and, with `public_key`, made by that key);
  * the seat table: one seat per player, numbered from 0, each named;
  * the seed: format 2 and 3 logs reveal it in the result line, where it must match the
    header's commitment (a truncated log can be checked with `seed` given);
  * every decision: its number follows the previous one, the logged seat is the one to move,
    the action is legal and written as the referee writes it (`index`, when present, points to
    it; a "default" decision plays the first legal action), the state digest after it is the
    logged one (with `strict`, the conservation invariants hold too);
  * every failure line: a known status with a consequence the referee gives it, its seat (the
    seat asked at that decision), where it stands (between the decisions it belongs to), and
    that decision statuses agree with it ("default" and "retry" decisions have their failure
    lines, "ok" ones have none);
  * the result: every field derived again: decision count, final digest, finished, end reason,
    rounds, turns, scores, ranks, winners, forfeits and a cooperative game's team result, as the
    referee derives them from the replayed game and the forfeit lines (each forfeit exactly one
    failure line with that consequence where the game stopped); a game the engine ended is
    finished; the failures it lists are the failure lines, field for field, in their order
    (format 2 results may group them seat by seat instead).
What replay cannot derive (times, CPU, info, stderr, names, commands, failure details, meta)
is attested: only a signature covers it, which a valid unsigned log's verdict says in a note.

Verdicts and exit codes: 0 valid; 1 invalid (a readable log the engine disagrees with, a broken
chain or signature, a wrong result); 2 unreadable (missing, not a regular file, empty, a line
that is not a log line, a bad header, or truncated, i.e. no result line: the decisions it holds
are still checked when the seed is known, and a divergence among them makes it 1).

`simulate=False` (the chain mode, for a coordinator that re-simulates only a sample of the games
a cluster sends it) checks everything above but the engine's part: the file, the chain and the
signature, the seat table, the seed against its commitment, the initial digest, each decision's
number and seat range, every failure line (its status, consequence and place, but not that its
seat was the one asked), the decision statuses against the failure lines, and the result line
against the log's own records: its decisions count, its final digest (the last decision's), its
forfeits (the failure lines that forfeit, one per seat) and its failures (the failure lines).
What only the engine can say (that each action was legal, each digest right, the scores, ranks,
rounds, turns and roles derived) is then the log's word: `Verdict.simulated` is False.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from .engine import ConfigError, EndReason, Game, IllegalAction, Outcome, State, UnknownGame, load_game
from .gamelog import (
    CHAINED_FORMAT,
    FAILURE_ORDER_FORMAT,
    Decision,
    Failure,
    Header,
    LogError,
    ReadLine,
    Result,
    Signature,
    Stderr,
    line_hash,
    read_lines,
    seed_commitment,
    to_json_bytes,
)
from .records import FATAL, RECOVERABLE, Consequence, DecisionStatus, FailureStatus

VALID, INVALID, UNREADABLE = "valid", "invalid", "unreadable"
#: The referee's end reason for a match stopped by Ctrl-C/SIGTERM (the game may be over or not).
ABORTED = EndReason.ABORTED
EXIT_CODES = {VALID: 0, INVALID: 1, UNREADABLE: 2}

#: Called after each verified decision: (decision, state before it, state after it).
StepObserver = Callable[[Decision, State, State], None]


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
    field: str | None = None  # the line's field that disagrees, when one does (LOG-FORMAT.md)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "message": self.message,
            "line": self.line,
            "step": self.step,
            "field": self.field,
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
    state: State | None = None  # the engine's state after the verified decisions
    game: Game | None = None  # the game the log is of
    divergence: Divergence | None = None
    truncated: bool = False
    notes: list[str] = field(default_factory=list)
    elapsed_s: float = 0.0
    chained: bool = False  # format 2 on: every line hash-chained to the one before
    signed_by: str | None = None  # fingerprint of the key whose valid signature ends the log
    seed: int | None = None  # the game's seed, once known (revealed by the result line)
    #: False: checked in the chain mode (`simulate=False`): no decision was re-simulated, and
    #: `state` is the game's initial state, not its final one.
    simulated: bool = True

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
            "chained": self.chained,
            "simulated": self.simulated,
            "signed_by": self.signed_by,
            "seed": self.seed,
            "attested": {
                "fields": {line: list(fields) for line, fields in ATTESTED_FIELDS.items()},
                "covered_by_signature": self.signed_by is not None,
            },
        }
        if h is not None:
            out["game"] = h.game
            out["config"] = msgspec.to_builtins(h.config)
            out["source"] = h.source
            out["names"] = [s.name for s in sorted(h.seats, key=lambda s: s.seat)]
        if g is not None and self.game is not None and self.simulated:  # (chain only: g is the first state)
            out["rounds"] = self.game.outcome(g).rounds
            out["roles"] = [r or None for r in self.game.roles(g)]
            out["factions"] = out["roles"]  # the old name of "roles", kept for scripts that read it
        if self.result is not None:
            out["result"] = msgspec.to_builtins(self.result)
        out["failures"] = [msgspec.to_builtins(f) for f in self.failures]
        return out


def _json(obj: Any) -> str:
    return to_json_bytes(obj).decode()


def _as_json(obj: Any) -> Any:
    """`obj` as JSON gives it back (a game's builtins may hold tuples where JSON has lists)."""
    return msgspec.json.decode(msgspec.json.encode(obj))


class _Stop(Exception):
    def __init__(self, verdict_status: str, divergence: Divergence) -> None:
        self.status = verdict_status
        self.divergence = divergence


Lines = list[ReadLine]  # (line number, raw bytes, parsed line)

#: The fields replay cannot derive from the game, by line (LOG-FORMAT.md marks them "attested"):
#: only a signature covers them. Every other field is re-derived and checked exactly.
ATTESTED_FIELDS: dict[str, tuple[str, ...]] = {
    "header": (
        "format_version",
        "engine_version",
        "altay_version",
        "protocol_version",
        "source",
        "created",
        "meta",
        "log_id",
        "seed_source",
    ),
    "seat": ("name", "command", "kind", "player", "process_since", "process_games"),
    "decision": ("request_id", "time_ms", "overhead_us", "cpu_ms", "info"),
    "failure": ("status", "detail", "request_id"),
    "stderr": ("seat", "text", "truncated", "bytes_total"),
    "result": ("end_reason",),
}
UNSIGNED_NOTE = (
    "attested fields (times, CPU, info, stderr, names, failure details, meta) are covered by a "
    "signature alone: this log is unsigned"
)


def replay_log(
    path: str | Path,
    *,
    strict: bool = False,
    on_step: StepObserver | None = None,
    public_key: str | None = None,
    seed: int | None = None,
    simulate: bool = True,
) -> Verdict:
    """Re-simulate the log at `path`; see the module docstring for what is checked.

    `public_key` (raw hex, see logsign.load_public_key): the log must end with a valid
    signature by that key. `seed`: the seed of a sealed log that has no result line.
    `simulate=False`: the chain mode (the module docstring says what it leaves out).
    """
    started = time.perf_counter()
    verdict = Verdict(UNREADABLE, "", str(path), simulated=simulate)
    try:
        _replay(Path(path), verdict, strict, on_step, public_key, seed)
    except _Stop as stop:
        verdict.status = stop.status
        verdict.divergence = stop.divergence
        where = f"line {stop.divergence.line}: " if stop.divergence.line else ""
        verdict.message = where + stop.divergence.message
        if verdict.notes and stop.divergence.kind in ("digest", "initial_digest", "illegal_action"):
            verdict.message += f" (note: {verdict.notes[0]})"
    except LogError as exc:
        verdict.status = UNREADABLE
        verdict.message = str(exc)
    verdict.elapsed_s = time.perf_counter() - started
    return verdict


def _replay(
    path: Path,
    verdict: Verdict,
    strict: bool,
    on_step: StepObserver | None,
    public_key: str | None,
    seed: int | None,
) -> None:
    lines, cut = read_lines(path)
    header = lines[0][2]
    assert isinstance(header, Header)  # read_lines checks the first line
    verdict.header = header
    verdict.chained = header.format_version >= CHAINED_FORMAT
    try:
        game = load_game(header.game)
    except UnknownGame as exc:
        raise LogError(f"the log is of a game this referee does not know: {exc}", lines[0][0]) from None
    verdict.game = game
    if header.engine_version != game.kind.version:
        verdict.notes.append(
            f"the log was written by {game.kind.name} engine {header.engine_version}, "
            f"this is engine {game.kind.version}"
        )
    if not verdict.chained:
        verdict.notes.append("unchained (format 1): edits to its lines cannot be detected")
    body = _check_chain(lines, verdict, public_key)
    _check_seats(header, lines[0][0], game)
    result_line = next((line for _, _, line in body if isinstance(line, Result)), None)
    game_seed = _game_seed(header, result_line, seed, lines)
    if game_seed is None:
        n = sum(isinstance(line, Decision) for _, _, line in body)
        raise LogError(
            f"truncated: the log ends after {n} decisions without its result line, which reveals "
            "the sealed seed; give the seed (altay replay LOG --seed N) to check its decisions"
        )
    verdict.seed = game_seed
    try:
        g = game.new_state(header.game_config(game, game_seed))
    except (ConfigError, ValueError, TypeError) as exc:
        raise LogError(f"the header's configuration is not valid: {exc}", lines[0][0]) from None
    verdict.state = g
    _check(game, g, header, lines[0][0], body, verdict, strict, on_step)
    if not verdict.simulated and verdict.result is not None:
        verdict.status = VALID
        verdict.message = (
            f"valid (chain mode): the chain and the result agree with the log's {len(verdict.decisions)} "
            "decisions, which were not re-simulated"
        )
        return
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
        if verdict.chained and verdict.signed_by is None:
            verdict.notes.append(UNSIGNED_NOTE)


def _check_chain(lines: Lines, verdict: Verdict, public_key: str | None) -> Lines:
    """Check the hash chain and the signature; returns the lines between header and signature."""
    from .logsign import fingerprint, verify_chain

    header = lines[0][2]
    assert isinstance(header, Header)  # read_lines checks the first line
    body = lines[1:]
    signature: Signature | None = None
    sig_line = 0
    for i, (lineno, _, line) in enumerate(body):
        if isinstance(line, Signature):
            if i != len(body) - 1:
                raise _Stop(
                    INVALID, Divergence("signature", "a signature line that is not the last line", lineno)
                )
            signature, sig_line = line, lineno
        elif isinstance(line, Header):
            raise _Stop(INVALID, Divergence("extra_line", "a second header line inside the log", lineno))
    if verdict.chained:
        for (prev_no, prev_raw, _), (lineno, _, line) in zip(lines, body):
            assert not isinstance(line, Header)  # a second header stopped the loop above
            if line.prev != line_hash(prev_raw):
                raise _Stop(
                    INVALID,
                    Divergence(
                        "chain",
                        f"the hash chain breaks here: this line does not follow line {prev_no} as written "
                        f"(line {prev_no} or this one was edited, or lines were inserted, deleted or "
                        "reordered between them)",
                        lineno,
                        expected=line.prev,
                        actual=line_hash(prev_raw),
                    ),
                )
    elif signature is not None:
        raise _Stop(INVALID, Divergence("signature", "a signature in an unchained (format 1) log", sig_line))
    if signature is not None:
        assert signature.prev is not None
        if signature.algorithm != "ed25519" or not verify_chain(
            signature.public_key, signature.prev, signature.signature
        ):
            raise _Stop(
                INVALID,
                Divergence(
                    "signature", "the signature does not verify: the log was changed after signing", sig_line
                ),
            )
        verdict.signed_by = fingerprint(signature.public_key)
        body = body[:-1]
    if public_key is not None:
        wanted = fingerprint(public_key)
        if signature is None:
            raise _Stop(
                INVALID,
                Divergence("signature", f"the log is not signed; key {wanted} was required", None),
            )
        if signature.public_key.lower() != public_key.lower():
            raise _Stop(
                INVALID,
                Divergence(
                    "signature",
                    f"the log is signed by key {verdict.signed_by}, not by the required key {wanted}",
                    sig_line,
                    expected=wanted,
                    actual=verdict.signed_by,
                ),
            )
    del header
    return body


def _check_seats(header: Header, lineno: int, game: Game) -> None:
    players = header.players
    if players is None:
        raise LogError(
            f"the header's configuration is not valid: players is {header.config.get('players')!r}", lineno
        )
    numbers = [s.seat for s in header.seats]
    if numbers != list(range(players)):
        raise _Stop(
            INVALID,
            Divergence(
                "seat_table",
                f"the header's seats are {numbers}; a {players}-player game has seats 0 to {players - 1}, "
                "each once, in order",
                lineno,
                expected=numbers,
                actual=list(range(players)),
                field="seats",
            ),
        )
    unnamed = [s.seat for s in header.seats if not s.name.strip()]
    if unnamed:
        raise _Stop(
            INVALID, Divergence("seat_table", f"seat {unnamed[0]} has no name", lineno, field="seats")
        )
    _check_players(header, lineno, game)


def _check_players(header: Header, lineno: int, game: Game) -> None:
    """Seats played by one player (`player`, the first of its seats): each names a first seat
    that names itself and the same player, and only where the rules allow it (cooperative games)."""
    seats = header.seats
    for s in seats:
        if s.player is msgspec.UNSET or s.player == s.seat:
            continue
        lead = seats[s.player]
        problem = None
        if lead.player != lead.seat:
            problem = f"seat {s.seat} names seat {lead.seat} as its player's first seat; that seat does not"
        elif (lead.name, lead.command, lead.kind) != (s.name, s.command, s.kind):
            problem = f"seat {s.seat} is said to be played by seat {lead.seat}'s player, but names another"
        elif not game.kind.cooperative:
            problem = (
                f"seats {lead.seat} and {s.seat} are played by one player, which {game.kind.name} (a "
                "competitive game) does not allow"
            )
        if problem is not None:
            raise _Stop(INVALID, Divergence("seat_table", problem, lineno, field="seats"))


def _game_seed(header: Header, result: Result | None, given: int | None, lines: Lines) -> int | None:
    """The seed: in the header (format 1), or revealed by the result line and checked against
    the header's commitment (format 2); `given` for a sealed log without its result."""
    logged_seed = header.config.get("seed")
    result_no = next((no for no, _, line in lines if line is result), None)
    if logged_seed is not None:
        if header.seed_commitment is not None:
            raise _Stop(
                INVALID,
                Divergence(
                    "seed", "the header has both a seed and a seed commitment", 1, field="seed_commitment"
                ),
            )
        if not isinstance(logged_seed, int) or isinstance(logged_seed, bool):
            raise LogError(f"the header's seed must be an integer, not {logged_seed!r}", 1)
        if result is not None and (result.seed, result.seed_nonce) not in ((None, None), (logged_seed, None)):
            raise _Stop(
                INVALID,
                Divergence(
                    "seed",
                    "the result line's seed (or seed_nonce) is not the header's seed, which was never sealed",
                    result_no,
                    expected=[result.seed, result.seed_nonce],
                    actual=[logged_seed, None],
                    field="seed",
                ),
            )
        return logged_seed
    if header.seed_commitment is None:
        raise _Stop(
            INVALID,
            Divergence(
                "seed", "the header has neither a seed nor a seed commitment", 1, field="seed_commitment"
            ),
        )
    if result is None:
        return given
    if result.seed is None or result.seed_nonce is None:
        missing = "seed" if result.seed is None else "seed_nonce"
        raise _Stop(
            INVALID,
            Divergence("seed", f"the result line does not reveal the {missing}", result_no, field=missing),
        )
    if seed_commitment(result.seed, result.seed_nonce) != header.seed_commitment:
        raise _Stop(
            INVALID,
            Divergence(
                "seed",
                "the seed and seed_nonce revealed by the result line do not match the header's "
                "seed_commitment",
                result_no,
                expected=header.seed_commitment,
                actual=seed_commitment(result.seed, result.seed_nonce),
                field="seed",
            ),
        )
    if given is not None and given != result.seed:
        raise _Stop(
            INVALID,
            Divergence(
                "seed", f"--seed {given}, but the log's seed is {result.seed}", result_no, field="seed"
            ),
        )
    return result.seed


def _check(
    game: Game,
    g: State,
    header: Header,
    header_line: int,
    body: Lines,
    verdict: Verdict,
    strict: bool,
    on_step: StepObserver | None,
) -> None:
    digest = g.digest()
    if digest != header.initial_digest:
        raise _Stop(
            INVALID,
            Divergence(
                "initial_digest",
                "the initial state differs from the header's initial_digest: the configuration, "
                "the seed or the digest was edited, or the log comes from different rules",
                line=header_line,
                expected=header.initial_digest,
                actual=digest,
                field="initial_digest",
            ),
        )
    n_players = header.players or 0
    stderr_seats: set[int] = set()
    for lineno, _, line in body:
        if isinstance(line, Decision):
            if verdict.result is not None:
                raise _Stop(INVALID, Divergence("extra_line", "a decision after the result line", lineno))
            if verdict.simulated:
                _decision(game, g, line, lineno, verdict, strict, on_step)
            else:
                _logged_decision(line, lineno, n_players, verdict)
        elif isinstance(line, Failure):
            if verdict.result is not None:
                raise _Stop(INVALID, Divergence("extra_line", "a failure line after the result line", lineno))
            _failure_line(line, lineno, n_players, len(verdict.decisions), g if verdict.simulated else None)
            verdict.failures.append(line)
        elif isinstance(line, Stderr):
            if verdict.result is not None:
                raise _Stop(INVALID, Divergence("extra_line", "a stderr line after the result line", lineno))
            _seat_in_range(line.seat, n_players, lineno, "stderr")
            if line.seat in stderr_seats:
                raise _Stop(
                    INVALID,
                    Divergence(
                        "extra_line", f"a second stderr line for seat {line.seat}", lineno, field="seat"
                    ),
                )
            lead = header.seats[line.seat].first_seat
            if lead != line.seat:  # a program's stderr is its own, logged under its first seat
                message = f"a stderr line for seat {line.seat}, whose program's is logged under seat {lead}"
                raise _Stop(INVALID, Divergence("extra_line", message, lineno, field="seat"))
            stderr_seats.add(line.seat)
            verdict.stderr.append(line)
        elif isinstance(line, Result):
            if verdict.result is not None:
                raise _Stop(INVALID, Divergence("extra_line", "a second result line", lineno))
            if verdict.simulated:
                _result(game, g, line, lineno, verdict)
            else:
                _logged_result(header, line, lineno, verdict)
            verdict.result = line
    _decision_statuses(verdict, body)


def _seat_in_range(seat: int, n: int, lineno: int, what: str) -> None:
    if not 0 <= seat < n:
        message = f"a {what} line for seat {seat} in a {n}-player game"
        raise _Stop(INVALID, Divergence("extra_line", message, lineno, field="seat"))


def _decision(
    game: Game,
    g: State,
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
            Divergence(
                "sequence",
                f"decision n={d.n} where n={n} was expected: {what}",
                lineno,
                n,
                d.n,
                n,
                field="n",
            ),
        )
    if g.is_terminal:
        raise _Stop(
            INVALID,
            Divergence(
                "game_over",
                f"decision {n}: the game is already over (end reason {game.outcome(g).end_reason}) "
                "but the log goes on",
                lineno,
                n,
                d.action,
                None,
                field="action",
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
                field="seat",
            ),
        )
    try:
        action = game.action_from_builtins(d.action)
    except ValueError as exc:
        raise _Stop(
            INVALID,
            Divergence(
                "bad_action",
                f"decision {n}: not a valid action object: {exc}",
                lineno,
                n,
                d.action,
                field="action",
            ),
        ) from None
    if d.index is not None and not (0 <= d.index < len(legal) and legal[d.index] == action):
        at = legal[d.index] if 0 <= d.index < len(legal) else None
        said = "out of range" if at is None else f"points to {_json(game.action_to_builtins(at))}"
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
                field="index",
            ),
        )
    chosen = legal[d.index] if d.index is not None else next((a for a in legal if a == action), None)
    written = None if chosen is None else _as_json(game.action_to_builtins(chosen))
    if written is not None and written != d.action:
        raise _Stop(
            INVALID,
            Divergence(
                "bad_action",
                f"decision {n}: the action is not written as the referee writes that legal action "
                f"({_json(written)}): a field was added or changed that the game ignores",
                lineno,
                n,
                d.action,
                written,
                len(legal),
                field="action",
            ),
        )
    if d.status == DecisionStatus.DEFAULT and action != legal[0]:
        raise _Stop(
            INVALID,
            Divergence(
                "failures",
                f"decision {n}: status 'default', but the action is not the first legal action, which is "
                f"what the referee plays for a seat that failed ({_json(game.action_to_builtins(legal[0]))})",
                lineno,
                n,
                d.action,
                game.action_to_builtins(legal[0]),
                len(legal),
                field="action",
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
                field="action",
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
                field="digest",
            ),
        )
    if strict:
        problems = game.check_invariants(g)
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


def _logged_decision(d: Decision, lineno: int, n_players: int, verdict: Verdict) -> None:
    """The chain mode's check of a decision: its number follows the previous one and its seat
    is one of the game's (whether it was that seat's turn, and its action legal, is the
    engine's to say: `_decision`)."""
    n = len(verdict.decisions)
    if d.n != n:
        raise _Stop(
            INVALID,
            Divergence(
                "sequence", f"decision n={d.n} where n={n} was expected", lineno, n, d.n, n, field="n"
            ),
        )
    _seat_in_range(d.seat, n_players, lineno, "decision")
    verdict.decisions.append(d)


def _logged_result(header: Header, r: Result, lineno: int, verdict: Verdict) -> None:
    """The chain mode's check of the result line against the log's own lines: the decisions
    count, the final digest (the last decision's, or the initial one), the forfeits and the
    failures (what the engine derives from the state is `_result`'s)."""

    def diverge(field: str, logged: Any, found: Any, message: str) -> _Stop:
        return _Stop(INVALID, Divergence("result", message, lineno, None, logged, found, field=field))

    n = len(verdict.decisions)
    if r.decisions != n:
        message = f"the result line's decisions ({r.decisions}) differs from the {n} decisions logged"
        raise diverge("decisions", r.decisions, n, message)
    last = verdict.decisions[-1].digest if verdict.decisions else header.initial_digest
    if r.final_digest != last:
        raise diverge(
            "final_digest", r.final_digest, last, "the result line's final_digest is not the last decision's"
        )
    forfeits = sorted(f.seat for f in verdict.failures if f.consequence == Consequence.FORFEIT)
    if r.forfeits != forfeits:
        raise diverge(
            "forfeits", r.forfeits, forfeits, "the result line's forfeits are not the failure lines' forfeits"
        )
    if (r.forfeits and r.end_reason != EndReason.FORFEIT) or (
        not r.forfeits and r.end_reason == EndReason.FORFEIT
    ):
        raise diverge(
            "end_reason", r.end_reason, forfeits, f"the end reason {r.end_reason!r} does not fit the forfeits"
        )
    if r.finished and r.forfeits:
        raise diverge(
            "finished", r.finished, forfeits, "the result says the game finished, yet lists forfeits"
        )
    listed = list(r.failures)
    logged_lines = [failure_entry(f) for f in verdict.failures]
    old = header.format_version < FAILURE_ORDER_FORMAT
    by_seat = [failure_entry(f) for f in sorted(verdict.failures, key=lambda f: f.seat)]
    if listed != logged_lines and not (old and listed == by_seat):
        raise diverge(
            "failures", listed, logged_lines, "the result line's failures differ from the failure lines"
        )


#: The result line's fields replay derives from the replayed game and the failure lines, in the
#: order they are compared (after decisions, final_digest and the forfeits' own checks).
RESULT_FIELDS = (
    "finished",
    "end_reason",
    "rounds",
    "turns",
    "scores",
    "ranks",
    "winners",
    "forfeits",
    "team",
)
FAILURE_FIELDS = ("seat", "status", "detail", "n", "request_id", "consequence")
CONSEQUENCES = frozenset(Consequence)
STATUSES = frozenset(FailureStatus)
#: Statuses after which a bot cannot answer again (play then plays its first legal action).
DEAD = FATAL


def derived_outcome(game: Game, g: State, failures: list[Failure], end_reason: str | None) -> Outcome:
    """The outcome the referee derives for the replayed state `g`: the seats its forfeit lines
    name forfeit; a game the engine ended is finished; only a game stopped before its end without
    a forfeit can be "aborted" (Ctrl-C) or saved unfinished, and the log's end reason says which
    (the one bit of the result that is attested, see LOG-FORMAT.md)."""
    forfeits = sorted({f.seat for f in failures if f.consequence == Consequence.FORFEIT})
    aborted = not forfeits and not g.is_terminal and end_reason == ABORTED
    return game.outcome(g, forfeits, aborted)


def failure_entry(f: Failure) -> dict[str, Any]:
    """A failure line as the result line lists it."""
    return {k: getattr(f, k) for k in FAILURE_FIELDS}


def _result(game: Game, g: State, r: Result, lineno: int, verdict: Verdict) -> None:
    def diverge(field: str, logged: Any, computed: Any, message: str | None = None) -> _Stop:
        message = message or f"the result line's {field} differs from the replayed game"
        return _Stop(INVALID, Divergence("result", message, lineno, None, logged, computed, field=field))

    n = len(verdict.decisions)
    if r.decisions != n:
        raise diverge(
            "decisions",
            r.decisions,
            n,
            f"the result line's decisions ({r.decisions}) differs from the {n} decisions replayed",
        )
    digest = g.digest()
    if r.final_digest != digest:
        raise diverge("final_digest", r.final_digest, digest)
    now = game.outcome(g)
    if r.finished and not g.is_terminal:
        raise diverge(
            "finished",
            r.finished,
            False,
            f"the result says the game finished ({r.end_reason}) but after {n} decisions it is not over: "
            f"seat {g.to_move} must still decide",
        )
    if not r.finished and g.is_terminal:
        raise diverge(
            "finished",
            r.finished,
            True,
            f"the result says the game did not finish ({r.end_reason}), but the engine ended it "
            f"({now.end_reason}): a game the engine finished is finished",
        )
    _forfeits(g, r, lineno, verdict)
    expected = derived_outcome(game, g, verdict.failures, r.end_reason)
    for name in RESULT_FIELDS:
        logged, computed = getattr(r, name), getattr(expected, name)
        if name == "team" and computed is not None:
            computed = str(computed)
        if logged != computed:
            raise diverge(name, logged, computed)
    listed = list(r.failures)
    logged_lines = [failure_entry(f) for f in verdict.failures]
    if listed != logged_lines:
        header = verdict.header
        old = header is not None and header.format_version < FAILURE_ORDER_FORMAT
        by_seat = [failure_entry(f) for f in sorted(verdict.failures, key=lambda f: f.seat)]
        if not (old and listed == by_seat):
            raise diverge(
                "failures",
                listed,
                logged_lines,
                "the result line's failures differ from the failure lines: it must list each of them, "
                "field for field, in the order of the lines",
            )


def _forfeits(g: State, r: Result, lineno: int, verdict: Verdict) -> None:
    """Every forfeit has exactly one failure line with that consequence, where the game stopped."""

    def bad(field: str, message: str, logged: Any = None, computed: Any = None) -> _Stop:
        return _Stop(INVALID, Divergence("forfeit", message, lineno, None, logged, computed, field=field))

    if r.forfeits != sorted(set(r.forfeits)):
        raise bad("forfeits", "the forfeits are not a sorted list of distinct seats", r.forfeits)
    players = g.config.players
    for seat in r.forfeits:
        if not 0 <= seat < players:
            raise bad(
                "forfeits",
                f"the result says seat {seat} forfeited; this game has seats 0 to {players - 1}",
                seat,
            )
    lines = [f for f in verdict.failures if f.consequence == Consequence.FORFEIT]
    seats = sorted(f.seat for f in lines)
    if seats != r.forfeits:
        missing = sorted(set(r.forfeits) - set(seats))
        if missing:
            message = f"the result says seat {missing[0]} forfeited, but no failure line says so"
        else:
            message = (
                "the failure lines forfeit "
                + ", ".join(f"seat {s}" for s in seats)
                + (", which the result does not list" if len(seats) == len(set(seats)) else " (twice)")
            )
        raise bad("forfeits", message, r.forfeits, seats)
    n = len(verdict.decisions)
    for f in lines:
        if f.n is None:
            if n != 0:
                raise bad("n", f"seat {f.seat} forfeited at the start, but {n} decisions were played", f.n, n)
        elif f.n != n or f.seat != g.to_move:
            raise bad(
                "n" if f.n != n else "seat",
                f"seat {f.seat} forfeited at decision {f.n}, but the game stopped at decision {n} "
                f"with seat {g.to_move} to move",
                [f.seat, f.n],
                [g.to_move, n],
            )
    if r.finished and r.forfeits:
        raise bad("finished", "the result says the game finished, yet lists forfeits", r.forfeits, [])
    if r.forfeits and r.end_reason != EndReason.FORFEIT:
        raise bad(
            "end_reason", f"seats forfeited, but the end reason is {r.end_reason!r}", r.end_reason, "forfeit"
        )
    if not r.forfeits and r.end_reason == EndReason.FORFEIT:
        raise bad("end_reason", "the end reason is forfeit, but nobody forfeited", r.end_reason, None)
    if not r.finished and not r.forfeits and r.end_reason not in (ABORTED, None):
        raise bad(
            "end_reason",
            f"an unfinished game without forfeits ends as aborted (or saved), not {r.end_reason!r}",
            r.end_reason,
            ABORTED,
        )


def _allowed_consequences(status: str) -> frozenset[str]:
    """What the referee can do about a failure of `status` (PROTOCOL.md, "Failures")."""
    if status == FailureStatus.LATE_ANSWER:
        return frozenset({Consequence.DISCARDED})
    if status in RECOVERABLE:
        return frozenset({Consequence.RETRY, Consequence.DEFAULT_ACTION, Consequence.FORFEIT})
    return frozenset({Consequence.DEFAULT_ACTION, Consequence.FORFEIT})  # play: a dead bot is played for


def _failure_line(f: Failure, lineno: int, n_players: int, decided: int, g: State | None) -> None:
    """A failure line belongs between the decisions around it (at decision `decided`, `g` being
    the state before it), to the seat asked there, with a consequence its status allows (`g`
    None: the chain mode, which does not know which seat was asked)."""

    def bad(field: str, message: str, logged: Any = None, computed: Any = None) -> _Stop:
        return _Stop(INVALID, Divergence("failures", message, lineno, f.n, logged, computed, field=field))

    _seat_in_range(f.seat, n_players, lineno, "failure")
    if f.status not in STATUSES:
        raise bad("status", f"unknown failure status {f.status!r}", f.status)
    if f.consequence not in CONSEQUENCES:
        raise bad("consequence", f"unknown consequence {f.consequence!r}", f.consequence)
    allowed = _allowed_consequences(f.status)
    if f.consequence not in allowed:
        raise bad(
            "consequence",
            f"a {f.status} failure with the consequence {f.consequence!r}, which the referee never gives "
            f"it (only {', '.join(sorted(allowed))})",
            f.consequence,
            sorted(allowed),
        )
    if f.n is not None and f.n != decided:
        raise bad(
            "n",
            f"a failure at decision {f.n} stands where decision {decided} is pending (moved or invented?)",
            f.n,
            decided,
        )
    if f.n is None and decided != 0:
        raise bad("n", "a failure at the start (no decision) after decisions were played", f.n, decided)
    if g is not None and f.n is not None and f.consequence != Consequence.FORFEIT and f.seat != g.to_move:
        # (a forfeit's seat is checked with the result, where the game stopped)
        raise bad(
            "seat",
            f"a failure of seat {f.seat} at decision {f.n}, where seat {g.to_move} was asked: only the seat "
            "asked to decide can fail there",
            f.seat,
            g.to_move,
        )


def _decision_statuses(verdict: Verdict, body: Lines) -> None:
    """Decision statuses agree with the failure lines, both ways."""
    at: dict[tuple[int, int | None], list[Failure]] = {}
    for f in verdict.failures:
        at.setdefault((f.seat, f.n), []).append(f)
    line_of = {id(line): no for no, _, line in body}
    dead_since: dict[int, int] = {}  # seat -> decision number from which it is played for
    for f in verdict.failures:
        if f.consequence == Consequence.DEFAULT_ACTION and f.status in DEAD:
            dead_since.setdefault(f.seat, -1 if f.n is None else f.n)
    decisions = {(d.seat, d.n): d for d in verdict.decisions}
    forfeited = {(f.seat, f.n) for f in verdict.failures if f.consequence == Consequence.FORFEIT}
    # A game stopped (Ctrl-C), saved or cut off while a decision was being asked: its failures so
    # far stand without the decision they would have led to.
    r = verdict.result
    stopped = r is None or (not r.finished and not r.forfeits and r.end_reason in (ABORTED, None))
    pending = len(verdict.decisions) if stopped else None
    for d in verdict.decisions:
        here = [f.consequence for f in at.get((d.seat, d.n), [])]
        defaults, retries = here.count(Consequence.DEFAULT_ACTION), here.count(Consequence.RETRY)
        lineno = line_of.get(id(d))
        dead = d.seat in dead_since and dead_since[d.seat] < d.n
        if d.status == DecisionStatus.DEFAULT:
            ok = defaults == 1 or (defaults == 0 and dead)
        elif d.status == DecisionStatus.RETRY:
            ok = retries >= 1 and defaults == 0
        elif d.status == DecisionStatus.OK:
            ok = defaults == 0 and retries == 0
        else:
            raise _Stop(
                INVALID,
                Divergence(
                    "failures", f"decision {d.n}: unknown status {d.status!r}", lineno, field="status"
                ),
            )
        if not ok:
            raise _Stop(
                INVALID,
                Divergence(
                    "failures",
                    f"decision {d.n} of seat {d.seat} has status {d.status!r}, which the consequences of its "
                    f"failure lines do not bear out ({defaults} default_action, {retries} retry)",
                    lineno,
                    d.n,
                    d.status,
                    here,
                    field="status",
                ),
            )
    for f in verdict.failures:
        if f.n is None or f.consequence not in ("default_action", "retry"):
            continue
        asked = decisions.get((f.seat, f.n))
        wanted = "default" if f.consequence == "default_action" else "retry"
        if asked is not None and asked.status == wanted:
            continue
        if f.consequence == "retry" and (f.seat, f.n) in forfeited:
            continue  # retried, then forfeited when the retries ran out
        if asked is None and f.n == pending:
            continue
        raise _Stop(
            INVALID,
            Divergence(
                "failures",
                f"a {f.consequence} failure of seat {f.seat} at decision {f.n} without a {wanted!r} "
                "decision of that seat there",
                line_of.get(id(f)),
                f.n,
                field="consequence",
            ),
        )
