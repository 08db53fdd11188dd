"""What one person at `altay play --web` may see of the game now: a snapshot, as JSON builtins.

Built from the same pieces as the viewer's pages (`eyes.frame_of`, `eyes.decision_text`,
`pagedata.seats_of`), through the eyes of one of the person's seats (the one to move when it is
theirs, else the first), so a person is never sent what their seats may not know: no other
seat's legal actions, info texts, failure details or stderr, and the seed only once the game is
over. The snapshot holds the whole frame (a page opened late needs nothing else).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine.api import Eyes
from ..gamelog import Header, Result
from .eyes import decision_text, frame_of, seat_eyes
from .frames import as_json
from .pagedata import seats_of

if TYPE_CHECKING:
    from ..interactive.app import PlaySession
    from ..interactive.session import Step

#: action fields that name a territory or a card: a click on a drawn element with that
#: `data-territory` / `data-card` (or `data-achievement`) picks the actions naming it
TERRITORY_FIELDS = frozenset({"territory", "from", "to"})
CARD_FIELDS = frozenset({"card", "cards", "achievement"})


@dataclass
class Person:
    """One person at the table: their seats (the first one leads) and their token."""

    seats: tuple[int, ...]
    token: str
    #: decision texts already built for these eyes: (the step, the seat whose eyes, the entry)
    texts: list[tuple[Step, int, dict[str, Any]]] = field(default_factory=list)
    #: the drawing's statics, drawn once per configuration (a load may bring another)
    statics: tuple[Any, Any] | None = None

    @property
    def lead(self) -> int:
        return self.seats[0]


@dataclass(frozen=True)
class Clocks:
    """The bot seats' conditions, as `play` was given them."""

    move_ms: int
    no_timeout: bool


def marks(builtins: Any) -> dict[str, list[str]]:
    """What a drawn element may name of an action: {"territory": [...], "card": [...]}."""
    out: dict[str, list[str]] = {"territory": [], "card": []}
    if not isinstance(builtins, dict):
        return out
    for key, value in builtins.items():
        kind = "territory" if key in TERRITORY_FIELDS else "card" if key in CARD_FIELDS else None
        if kind is None:
            continue
        for item in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(item, (str, int)) and not isinstance(item, bool):
                out[kind].append(str(item))
    return out


def result_of(play: PlaySession, result: Result) -> dict[str, Any]:
    """The result as the viewer's page data holds it (web/README.md)."""
    text = play.game.text
    return {
        "end_reason": result.end_reason,
        "end_text": text.end_reason_text(result.end_reason),
        "finished": result.finished,
        "length_text": text.length_text(result.rounds, result.turns),
        "scores": result.scores,
        "ranks": result.ranks,
        "winners": result.winners,
        "forfeits": result.forfeits,
        "team": result.team,
        "headers": text.score_headers(),
    }


def undo_owner(play: PlaySession) -> int | None:
    """The seat of the decision `undo` would take back (the last one a person made), or None.
    Only its person may take it back: a page never undoes another person's move."""
    point = play.session.undo_point(play.humans, 1)
    return None if point is None else play.session.steps[point].seat


def eyes_seat(play: PlaySession, person: Person) -> int:
    """The seat whose eyes the person looks through: the one to move if it is theirs."""
    to_move = play.session.state.to_move
    return to_move if to_move in person.seats else person.lead


def decision_entries(play: PlaySession, person: Person) -> list[dict[str, Any]]:
    """Every decision so far as the person may know it (built once per step and eyes)."""
    game, drawing = play.game, play.game.drawing
    steps = play.session.steps
    kept = 0
    while kept < min(len(steps), len(person.texts)) and person.texts[kept][0] is steps[kept]:
        kept += 1
    del person.texts[kept:]
    for step in steps[kept:]:
        seat = step.seat if step.seat in person.seats else person.lead
        eyes = seat_eyes(seat)
        entry = {
            "n": step.n,
            "seat": step.seat,
            "status": step.status,
            "text": decision_text(game, drawing, step.after, step.seat, step.action, eyes),
        }
        if step.decision.time_ms is not None:
            entry["time_ms"] = round(step.decision.time_ms, 1)
        person.texts.append((step, seat, entry))
    return [entry for _, _, entry in person.texts]


def snapshot(
    play: PlaySession,
    person: Person,
    version: int,
    clocks: Clocks,
    waiting_since_ms: float | None,
    message: str | None = None,
) -> dict[str, Any]:
    """Everything the person's page shows now (the page's `state` event)."""
    session, game = play.session, play.game
    drawing = game.drawing
    state = session.state
    seat = eyes_seat(play, person)
    eyes: Eyes = seat_eyes(seat)
    steps = session.steps
    previous_state = steps[-2].after if len(steps) >= 2 else game.new_state(session.config)
    header = Header.of(game, session.config, seats=session.seats, initial_digest=session.initial_digest)
    seats = seats_of(header)
    for entry in seats:
        spec = play.specs[entry["seat"]]
        entry["you"] = entry["seat"] in person.seats
        entry["kind_text"] = "you" if entry["you"] else spec.kind  # human, bot or policy
        entry["clock"] = _clock_text(spec.kind, clocks)
    to_move = state.to_move
    mine = to_move is not None and to_move in person.seats and not state.is_terminal
    legal = []
    if mine:
        for i, action in enumerate(state.legal_actions()):
            builtins = game.action_to_builtins(action)
            legal.append({"index": i, "text": game.text.command_text(action), "marks": marks(builtins)})
    decisions = decision_entries(play, person)
    turn = game.text.turn_of(state)
    over = state.is_terminal
    failures = [
        {"seat": f.seat, "n": f.n, "status": str(f.status), "consequence": f.consequence}
        for f in session.failures
    ]
    return {
        "version": version,
        "game": {
            "name": game.kind.name,
            "title": game.kind.title,
            "cooperative": game.kind.cooperative,
            "drawing": drawing is not None,
            "config": game.text.describe_config(session.config),
        },
        "eyes": {"kind": "seat", "seat": seat, "text": f"seat {seat}: what it may see"},
        "you": list(person.seats),
        "seats": seats,
        "statics": statics_of(play, person),
        "frame": frame_of(game, drawing, state, eyes),
        "previous": frame_of(game, drawing, previous_state, eyes) if steps else None,
        "step": len(steps),
        "to_move": to_move,
        "turn": None if turn is None else {"label": str(turn[0]), "seat": int(turn[1])},
        "mine": mine,
        "legal": legal,
        "decisions": decisions,
        "failures": failures,
        "undo": not over and undo_owner(play) in person.seats,
        "waiting_since_ms": waiting_since_ms,
        "over": over,
        "result": result_of(play, session.result_line()) if over else None,
        "seed": session.config.seed if over else None,
        "message": message,
    }


def statics_of(play: PlaySession, person: Person) -> Any:
    """The drawing's public data of the game's configuration (None: no drawing)."""
    drawing, config = play.game.drawing, play.session.config
    if drawing is None:
        return None
    if person.statics is None or person.statics[0] is not config:
        person.statics = (config, as_json(drawing.static(config)))
    return person.statics[1]


def _clock_text(kind: str, clocks: Clocks) -> str:
    if kind != "bot":
        return "no time limit"
    if clocks.no_timeout:
        return "bot: no time limit (--no-timeout)"
    return f"bot: {clocks.move_ms / 1000:g} s a move"
