"""Every decision of Innovation as a typed value with a stable JSON form.

A turn's actions are `draw`, `meld`, `achieve` and `dogma`; set-up asks each player for a
`first_meld`. Everything a card asks is one of the answers below, chosen from the legal list
of the decision (the observation's `decision` says what is asked): a `card` by name, a
`blind` pick of another player's hidden card by owner and value (R39), a `color`, two
`colors`, a `player`, a `value`, an `option`, `yes` to an optional step, or `pass` (decline
an optional step, or stop picking cards). Cards are named by title.
"""

from __future__ import annotations

from typing import Any

import msgspec

from .frames import Ask, AskKind
from .tables import COLOR_NAMES, NAME


class Action(msgspec.Struct, frozen=True, tag_field="type"):
    """Base class of all actions."""


class FirstMeld(Action, frozen=True, tag="first_meld"):
    """Set-up: the card of your two to meld first (kept secret until everyone has picked)."""

    card: str


class Draw(Action, frozen=True, tag="draw"):
    """Draw a card of the value of your highest top card (1 with an empty board)."""


class Meld(Action, frozen=True, tag="meld"):
    """Meld a card from your hand."""

    card: str


class Achieve(Action, frozen=True, tag="achieve"):
    """Claim the standard achievement of this age (score >= 5 x age, a top card >= age)."""

    age: int


class Dogma(Action, frozen=True, tag="dogma"):
    """Execute the dogma effects of one of your top cards."""

    card: str


class PickCard(Action, frozen=True, tag="card"):
    """A card the decision asks for, by title ("hidden" in an event when you may not see it)."""

    card: str


class PickBlind(Action, frozen=True, tag="blind"):
    """A card of another player's hidden zone, chosen by owner and value (R39)."""

    player: int
    age: int


class PickColor(Action, frozen=True, tag="color"):
    color: str


class PickColors(Action, frozen=True, tag="colors"):
    """Two different colours (Empiricism)."""

    colors: tuple[str, str]


class PickPlayer(Action, frozen=True, tag="player"):
    player: int


class PickValue(Action, frozen=True, tag="value"):
    value: int


class PickOption(Action, frozen=True, tag="option"):
    """One of the alternatives the decision names (its `labels`)."""

    option: str


class Yes(Action, frozen=True, tag="yes"):
    """Do the optional step."""


class Pass(Action, frozen=True, tag="pass"):
    """Decline the optional step, or stop picking cards."""


AnyAction = (
    FirstMeld
    | Draw
    | Meld
    | Achieve
    | Dogma
    | PickCard
    | PickBlind
    | PickColor
    | PickColors
    | PickPlayer
    | PickValue
    | PickOption
    | Yes
    | Pass
)
TOP_LEVEL = (Draw, Meld, Achieve, Dogma)
HIDDEN = "hidden"


def answer_action(ask: Ask, i: int) -> Any:
    """The action that answers `ask` with its option number i."""
    x = ask.options[i]
    kind = ask.kind
    if kind is AskKind.CARD:
        return PickCard(NAME[x])
    if kind is AskKind.COLOR:
        return PickColor(COLOR_NAMES[x])
    if kind is AskKind.PLAYER:
        return PickPlayer(x)
    if kind is AskKind.VALUE:
        return PickValue(x)
    if kind is AskKind.YES:
        return Yes()
    if kind is AskKind.BLIND:
        return PickBlind(x[0], x[1])
    if kind is AskKind.COLORS:
        return PickColors((COLOR_NAMES[x[0]], COLOR_NAMES[x[1]]))
    return PickOption(ask.labels[x])


_decode = msgspec.json.Decoder(AnyAction)


def action_from_builtins(data: Any) -> Any:
    return msgspec.convert(data, AnyAction)


def action_to_builtins(action: Any) -> dict[str, Any]:
    return msgspec.to_builtins(action)


def canonical(action: Any) -> Any:
    """Card titles in any case name the card; colours in any case (the legal list's form)."""
    from .tables import BY_LOWER

    if isinstance(action, (FirstMeld, Meld, Dogma, PickCard)):
        c = BY_LOWER.get(action.card.strip().lower())
        if c is not None and NAME[c] != action.card:
            return type(action)(NAME[c])
    if isinstance(action, PickColor):
        return PickColor(action.color.strip().lower())
    if isinstance(action, PickColors):
        return PickColors((action.colors[0].strip().lower(), action.colors[1].strip().lower()))
    return action
