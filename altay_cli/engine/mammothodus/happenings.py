"""`event_for`: what a clan learns from one step, built as the types of events.py (whose
docstring says what each clan may see).

Compiled by mypyc with `ALTAY_COMPILE=1` (altay_cli/_build.py); the Structs stay in events.py,
interpreted, where msgspec keeps their class options (`omit_defaults`).
"""

from __future__ import annotations

from typing import Any

from .events import Happening, StepEvent

#: log kinds whose card names only the clan concerned (the entry's second field) may see
PRIVATE_CARDS = {"draw"}


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
