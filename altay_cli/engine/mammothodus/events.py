"""What a seat learns from one step: the step's decision and what followed (the human card,
tribes moving, attacks, dice, spirits, trails, population changes, generation changes...).
Nearly everything in Mammothodus happens in the open; the cards a clan draws are named for
that clan only (the others learn how many)."""

from __future__ import annotations

from typing import Any

import msgspec

from .actions import AnyAction
from .vocabulary import HappeningKind

#: log kinds whose card names only the clan concerned (the entry's second field) may see
PRIVATE_CARDS = {"draw"}


class Happening(msgspec.Struct, omit_defaults=True):
    """One thing that happened: `what` (human_card, tribe, spirit, population, trail, dice,
    draw, ...) and its values, in the order the engine logs them (see the game's guide)."""

    what: HappeningKind
    values: list[Any] = []


class StepEvent(msgspec.Struct):
    action: AnyAction
    happened: list[Happening]


def _public(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_public(v) for v in value]
    return value


def happening(entry: tuple[Any, ...], viewer: int) -> Happening | None:
    kind = entry[0]
    if kind == "answer":
        return None
    values = [_public(v) for v in entry[1:]]
    if kind in PRIVATE_CARDS and values and values[0] != viewer:
        values = [values[0], *(None if isinstance(v, str) else v for v in values[1:])]
    elif kind == "adapt" and values[-1] == "deck" and values[0] != viewer:
        values = [values[0], None, "deck"]  # a card taken from the face-down deck
    return Happening(kind, values)


def event_for(g: Any, seat: int, action: Any, viewer: int) -> StepEvent:
    happened = [h for h in (happening(e, viewer) for e in g.log) if h is not None]
    return StepEvent(action, happened)
