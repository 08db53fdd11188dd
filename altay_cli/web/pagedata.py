"""The viewer page's data: a game log re-simulated by the replayer, step by step, through eyes.

`page_data(log, eyes)` runs `replay_log` (the same checks as `altay replay`) with an observer
that records, for every verified decision, what `eyes` may see: the frame after it, the
decision's text, and for entitled eyes (all, or the deciding seat's own) its legal actions, the
bot's info text and failure details. Step 0 is the start; step i the state after i decisions.

A log that does not verify is shown up to its last good step, with the verdict's message: when
the chain or the signature breaks (checked before any decision is replayed), the lines before
the break are replayed alone, as a truncated log, to find the good steps.

The data, one JSON object (the page's `altay-data` script; the format is in web/README.md):
    format, game {name, title, cooperative, drawing}, eyes {kind, seat, text}, log {...},
    verdict {status, message, kind, steps, notes}, seats [...], statics, note, frames [...],
    steps {to_move, turn_at}, turns [...], decisions [...], pending [...], stderr [...],
    result {...} | null, seed
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import Game, State
from ..engine.api import Drawing, Eyes, EyesKind
from ..gamelog import Decision, Failure, Header, LogError, Result, read_lines, seed_commitment
from ..replay import INVALID, UNREADABLE, VALID, Verdict, replay_log
from .clocks import ClockReplay
from .eyes import EYES_TEXT, decision_text, entitled, frame_of, has_spectator_view
from .frames import Encoder, as_json

#: The page data's format version (web/README.md).
DATA_FORMAT = 1
#: Seat colours: Okabe and Ito's palette, told apart with colour-blindness; labels and
#: patterns tell them apart without colour at all.
SEAT_COLORS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
SEAT_PATTERNS = ("solid", "stripes", "dots", "cross", "waves", "grid", "checks", "rings")
#: Divergences whose message names no action or card: every pair of eyes may read them.
PUBLIC_DIVERGENCES = frozenset(
    {"chain", "signature", "seed", "seat_table", "sequence", "extra_line", "initial_digest", "wrong_seat"}
)


class ViewError(ValueError):
    """The log cannot be shown at all; the message says why in one sentence."""


@dataclass
class PageData:
    data: dict[str, Any]
    verdict: Verdict

    @property
    def steps(self) -> int:
        """Decisions shown (the page has steps 0 to this)."""
        return len(self.data["decisions"])


def seats_of(header: Header) -> list[dict[str, Any]]:
    """Seats as the page describes them to a drawing: {seat, name, label, color, pattern, fill}."""
    out = []
    for s in sorted(header.seats, key=lambda s: s.seat):
        i = s.seat
        out.append(
            {
                "seat": i,
                "name": s.name,
                "kind": s.kind,
                "label": f"P{i}",
                "color": SEAT_COLORS[i % len(SEAT_COLORS)],
                "pattern": SEAT_PATTERNS[i % len(SEAT_PATTERNS)],
                "fill": f"url(#altay-seat-{i})",
            }
        )
    return out


class _Recorder:
    """The replay's observer: what the eyes see at each step."""

    def __init__(self, game: Game, drawing: Drawing | None, eyes: Eyes) -> None:
        self.game, self.drawing, self.eyes = game, drawing, eyes
        self.frames = Encoder()
        self.to_move: list[int | None] = []
        self.turn_keys: list[tuple[str, int] | None] = []
        self.decisions: list[tuple[Decision, dict[str, Any]]] = []

    def state(self, state: State) -> None:
        self.frames.add(frame_of(self.game, self.drawing, state, self.eyes))
        self.to_move.append(state.to_move)
        turn = self.game.text.turn_of(state)
        self.turn_keys.append(None if turn is None else (str(turn[0]), int(turn[1])))

    def __call__(self, d: Decision, before: State, after: State) -> None:
        if not self.to_move:
            self.state(before)
        game = self.game
        action = game.action_from_builtins(d.action)
        entry: dict[str, Any] = {
            "n": d.n,
            "seat": d.seat,
            "status": d.status,
            "text": decision_text(game, self.drawing, after, d.seat, action, self.eyes),
        }
        if entitled(self.eyes, d.seat):
            legal = before.legal_actions()
            entry["legal"] = [game.text.command_text(a) for a in legal]
            if d.index is not None and 0 <= d.index < len(legal):
                entry["chosen"] = d.index
            else:
                entry["chosen"] = next((i for i, a in enumerate(legal) if a == action), None)
            if d.info:
                entry["info"] = d.info
        for key in ("time_ms", "cpu_ms"):
            value = getattr(d, key)
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                entry[key] = value
        self.decisions.append((d, entry))
        self.state(after)


def _turns(keys: list[tuple[str, int] | None]) -> tuple[list[dict[str, Any]], list[int]]:
    """The turns (each new (label, seat) pair, with its first step) and each step's turn."""
    turns: list[dict[str, Any]] = []
    at: list[int] = []
    last: tuple[str, int] | None = None
    for step, key in enumerate(keys):
        if key is not None and key != last:
            turns.append({"label": key[0], "seat": key[1], "step": step})
        last = key if key is not None else last
        at.append(len(turns) - 1 if key is not None else -1)
    return turns, at


def _failure(f: Failure, eyes: Eyes) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": f.seat, "n": f.n, "status": f.status, "consequence": f.consequence}
    if entitled(eyes, f.seat):
        out["detail"] = f.detail
    return out


def _verdict_message(verdict: Verdict, eyes: Eyes) -> str:
    d = verdict.divergence
    if d is None or eyes.kind == EyesKind.ALL or d.kind in PUBLIC_DIVERGENCES:
        return verdict.message
    where = f"line {d.line}: " if d.line else ""
    at = f"decision {d.step}: " if d.step is not None else ""
    return (
        f"{where}{at}the log and the engine disagree here ({d.kind}); the details may name what "
        "these eyes may not see (`altay view --view all` shows them)"
    )


def _status(verdict: Verdict) -> str:
    if verdict.status == VALID:
        return "valid"
    if verdict.truncated_only:
        return "truncated"
    return "invalid" if verdict.status == INVALID else "unreadable"


def _result(game: Game, r: Result) -> dict[str, Any]:
    return {
        "end_reason": r.end_reason,
        "end_text": game.text.end_reason_text(r.end_reason),
        "finished": r.finished,
        "rounds": r.rounds,
        "turns": r.turns,
        "length_text": game.text.length_text(r.rounds, r.turns),  # in the game's count ("37 turns")
        "scores": r.scores,
        "ranks": r.ranks,
        "winners": r.winners,
        "forfeits": r.forfeits,
        "team": r.team,
        "headers": game.text.score_headers(),
    }


def _prefix_seed(path: Path, header: Header, given: int | None) -> int | None:
    """The seed of a log whose chain breaks: the header's (format 1), or the result line's when
    it matches the header's commitment, or the one given."""
    if given is not None:
        return given
    seed = header.config.get("seed")
    if isinstance(seed, int) and not isinstance(seed, bool):
        return seed
    try:
        lines, _ = read_lines(path)
    except LogError:
        return None
    for _, _, line in lines:
        if not isinstance(line, Result) or line.seed is None or line.seed_nonce is None:
            continue
        if seed_commitment(line.seed, line.seed_nonce) == header.seed_commitment:
            return line.seed
    return None


def _replay_prefix(path: Path, verdict: Verdict, recorder: _Recorder, seed: int | None) -> Verdict | None:
    """When the chain or signature broke at line L (checked before any decision), replay the
    lines before L alone to find the good steps; the verdict of that replay (None: nothing)."""
    d = verdict.divergence
    if d is None or d.kind not in ("chain", "signature") or verdict.header is None:
        return None
    try:
        lines, _ = read_lines(path)
    except LogError:
        return None
    # a chain break at line L means line L - 1 or L was edited: neither is trusted
    end = None if d.line is None else d.line - (1 if d.kind == "chain" else 0)
    keep = [raw for no, raw, _ in lines if end is None or no < end]
    seed = _prefix_seed(path, verdict.header, seed)
    fd, tmp = tempfile.mkstemp(suffix=".jsonl")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(b"".join(raw + b"\n" for raw in keep))
        return replay_log(tmp, on_step=recorder, seed=seed)
    finally:
        os.unlink(tmp)


def _start_state(game: Game, verdict: Verdict) -> State | None:
    """The initial state, when the header's configuration and seed give its logged digest."""
    h = verdict.header
    if h is None or verdict.seed is None:
        return None
    try:
        state = game.new_state(h.game_config(game, verdict.seed))
    except (ValueError, TypeError):
        return None
    return state if state.digest() == h.initial_digest else None


def page_data(
    path: str | Path, eyes: Eyes, *, seed: int | None = None, public_key: str | None = None
) -> PageData:
    """Replay the log at `path` and record what `eyes` may see of it; ViewError when nothing of
    it can be shown (no such file, not a log, an unknown game, a sealed truncated log without
    its seed...)."""
    from ..engine import UnknownGame, load_game
    from ..gamelog import read_header

    path = Path(path)
    try:
        header = read_header(path)
    except LogError as exc:
        raise ViewError(str(exc)) from None
    try:
        game = load_game(header.game)
    except UnknownGame as exc:
        raise ViewError(f"the log is of a game this altay does not know: {exc}") from None
    players = header.players or 0
    if eyes.kind == EyesKind.SEAT and not (eyes.seat is not None and 0 <= eyes.seat < players):
        raise ViewError(f"--view seat {eyes.seat}: the seats of this log are 0 to {players - 1}")
    drawing = game.drawing
    recorder = _Recorder(game, drawing, eyes)
    try:
        verdict = replay_log(path, on_step=recorder, public_key=public_key, seed=seed)
        shown = verdict
        if not recorder.to_move:
            prefix = _replay_prefix(path, verdict, recorder, seed)
            if prefix is not None and prefix.header is not None:
                shown = prefix
    except NotImplementedError as exc:  # a drawing for eyes its game cannot serve
        raise ViewError(f"{game.kind.title} cannot be shown through {eyes.label} eyes: {exc}") from None
    if verdict.header is None:
        raise ViewError(verdict.message)
    if not recorder.to_move:
        start = _start_state(game, shown)
        if start is not None:
            recorder.state(start)
    if shown.status == UNREADABLE and not shown.truncated and not recorder.to_move:
        message = verdict.message
        if "truncated" in message:
            message += "; `altay view LOG --seed N` shows it"
        raise ViewError(message)
    return PageData(_assemble(path, game, drawing, eyes, verdict, shown, recorder), verdict)


def _assemble(
    path: Path,
    game: Game,
    drawing: Drawing | None,
    eyes: Eyes,
    verdict: Verdict,
    shown: Verdict,
    recorder: _Recorder,
) -> dict[str, Any]:
    header = verdict.header
    assert header is not None
    decisions = [entry for _, entry in recorder.decisions]
    clocks = ClockReplay(header, shown.failures)
    at: dict[tuple[int, int | None], list[Failure]] = {}
    for f in shown.failures:
        at.setdefault((f.seat, f.n), []).append(f)
    logged = set()
    for d, entry in recorder.decisions:
        clock = clocks.step(d)
        if clock is not None:
            entry["clock"] = clock
        failures = at.get((d.seat, d.n), [])
        if failures:
            entry["failures"] = [_failure(f, eyes) for f in failures]
            logged.add((d.seat, d.n))
    steps = len(decisions)
    pending = [
        {**_failure(f, eyes), "step": min(steps, f.n if f.n is not None else 0)}
        for f in shown.failures
        if (f.seat, f.n) not in logged
    ]
    turns, turn_at = _turns(recorder.turn_keys)
    config = shown.state.config if shown.state is not None else None
    state = shown.state
    first_seats = {s.seat: s.first_seat for s in header.seats}
    own = first_seats.get(eyes.seat) if eyes.seat is not None else None
    stderr = [
        {"seat": s.seat, "text": s.text, "truncated": s.truncated, "bytes_total": s.bytes_total}
        for s in shown.stderr
        if eyes.kind == EyesKind.ALL or s.seat == own
    ]
    valid = verdict.status == VALID and verdict.result is not None
    over = state is not None and (state.is_terminal or bool(verdict.result and verdict.result.forfeits))
    show_seed = verdict.seed is not None and (eyes.kind == EyesKind.ALL or (valid and over))
    note = None
    spectating = drawing is None and eyes.kind == EyesKind.SPECTATOR
    if spectating and state is not None and not has_spectator_view(game, state):
        note = (
            f"{game.kind.title} does not say what a spectator may know, so a spectator is shown "
            "none of its state; `--view seat N` shows what a seat was sent, `--view all` everything"
        )
    eyes_text = EYES_TEXT[eyes.kind]
    if eyes.kind == EyesKind.SEAT:
        name = next((s.name for s in header.seats if s.seat == eyes.seat), "?")
        eyes_text = f"seat {eyes.seat} ({name}): what it was sent"
    div = verdict.divergence
    return {
        "format": DATA_FORMAT,
        "game": {
            "name": game.kind.name,
            "title": game.kind.title,
            "cooperative": game.kind.cooperative,
            "drawing": drawing is not None,
        },
        "eyes": {"kind": str(eyes.kind), "seat": eyes.seat, "text": eyes_text},
        "log": {
            "file": path.name,
            "config": game.text.describe_config(config) if config is not None else None,
            "source": header.source,
            "created": header.created,
            "log_id": header.log_id,
            "chained": verdict.chained,
            "signed_by": verdict.signed_by,
        },
        "verdict": {
            "status": _status(verdict),
            "message": _verdict_message(verdict, eyes),
            "kind": div.kind if div is not None else None,
            "line": div.line if div is not None else None,
            "steps": steps,
            "notes": list(verdict.notes),
        },
        "seats": seats_of(header),
        "statics": as_json(drawing.static(config)) if drawing is not None and config is not None else None,
        "note": note,
        "frames": recorder.frames.stored,
        "steps": {"to_move": recorder.to_move, "turn_at": turn_at},
        "turns": turns,
        "decisions": decisions,
        "pending": pending,
        "stderr": stderr,
        "result": _result(game, verdict.result) if valid and verdict.result is not None else None,
        "seed": verdict.seed if show_seed else None,
    }
