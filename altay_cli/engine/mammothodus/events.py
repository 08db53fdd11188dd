"""What a seat learns from one step: the step's decision and what followed (the human card,
tribes moving, attacks, dice, spirits, trails, population changes, generation changes...).
Nearly everything in Mammothodus happens in the open; the cards a clan draws are named for
that clan only (the others learn how many).

These are the types (the protocol's schema is generated from them); happenings.py builds them
(`event_for`)."""

from __future__ import annotations

from typing import Any

import msgspec

from .actions import AnyAction
from .vocabulary import HappeningKind


class Happening(msgspec.Struct, omit_defaults=True):
    """One thing that happened: `what` (human_card, tribe, spirit, population, trail, dice,
    draw, ...) and its values, in the order the engine logs them (see the game's guide)."""

    what: HappeningKind
    values: list[Any] = []


class StepEvent(msgspec.Struct):
    action: AnyAction
    happened: list[Happening]
