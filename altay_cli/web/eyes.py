"""What a pair of eyes may see of one step: the frame drawn and the decision's text.

The page and the leak tests use these functions, so what is tested is what is written. A game
with a `Drawing` answers both; for a game without one the generic frame is the game's own
view of the state: `state.to_dict()` for all eyes, `state.observation(seat)` for a seat's, and
`Game.spectator_observation(state)` for a spectator's (a game that has none shows a spectator
nothing: None).
"""

from __future__ import annotations

from typing import Any

from ..engine import Game, State
from ..engine.api import Drawing, Eyes, EyesKind
from .frames import as_json

SPECTATOR = Eyes(EyesKind.SPECTATOR)
ALL = Eyes(EyesKind.ALL)

#: How the page says whose eyes it shows.
EYES_TEXT = {
    EyesKind.SPECTATOR: "spectator: what every seat may know",
    EyesKind.SEAT: "what this seat was sent",
    EyesKind.ALL: "all: the full state, every hidden card",
}


def seat_eyes(seat: int) -> Eyes:
    return Eyes(EyesKind.SEAT, seat)


def entitled(eyes: Eyes, seat: int | None) -> bool:
    """Whether `eyes` may see a seat's private side of a decision (legal actions, info text,
    failure details, stderr): all eyes, or that seat's own."""
    return eyes.kind == EyesKind.ALL or (eyes.kind == EyesKind.SEAT and eyes.seat == seat)


def has_spectator_view(game: Game, state: State) -> bool:
    """Whether `game` says what a spectator may know (Game.spectator_observation)."""
    try:
        game.spectator_observation(state)
    except NotImplementedError:
        return False
    return True


def frame_of(game: Game, drawing: Drawing | None, state: State, eyes: Eyes) -> Any:
    """The frame drawn at `state` through `eyes`, as JSON builtins (None: nothing may be shown)."""
    if drawing is not None:
        return as_json(drawing.frame(state, eyes))
    if eyes.kind == EyesKind.ALL:
        return as_json(state.to_dict())
    if eyes.kind == EyesKind.SEAT:
        assert eyes.seat is not None
        return as_json(state.observation(eyes.seat))
    try:
        return as_json(game.spectator_observation(state))
    except NotImplementedError:
        return None


def decision_text(
    game: Game, drawing: Drawing | None, after: State, seat: int, action: Any, eyes: Eyes
) -> str:
    """The decision `seat` took (`after`: the state after it) as `eyes` may know it. Without a
    drawing: the game's command text for entitled eyes, else only who decided."""
    if drawing is not None:
        return drawing.decision_text(after, seat, action, eyes)
    if entitled(eyes, seat):
        return game.text.command_text(action)
    return f"P{seat} decided"
