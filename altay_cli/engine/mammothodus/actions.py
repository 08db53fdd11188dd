"""Every decision of Mammothodus as a typed value with a stable JSON form.

Set-up asks each clan for its `start` figurines (two in the stand-in). A turn's Ancients' phase asks for an
`action` (move, attack, population, development, degradation, activate), then for each
figurine used (`figurine`) the cards played on it (`card`, one at a time, `pass` to stop);
allies answer with `card` or `pass` to assist. A move goes `step` by `step` and may take or
drop a `shard`; an attack's dice may be re-rolled (`reroll` marks a die, `roll` re-rolls the
marked ones for one population) and its successes assigned (`hit`). Development takes
adaptation cards (`adapt`); activating a place of power names its portal `line`. At a
generation change a clan may `place`, `remove` and `swap` figurines. When humans or a spirit
could go two ways, the active clan picks (`direct`). Figurines are named by their colour.

With the advanced talents, set-up also asks each clan for its `talent`; in its Ancients' phase a
clan may discard a card for a talent `token` next to one of its figurines and `put` it in a
territory; a token's owner decides to `use` it when its moment comes (RULINGS.md M63-M79).
"""

from __future__ import annotations

from typing import Any

import msgspec

from .vocabulary import ActionName, AdaptChoice, CardName, ColorName, TalentName


class Action(msgspec.Struct, frozen=True, tag_field="type"):
    """Base class of all actions."""


class Start(Action, frozen=True, tag="start"):
    """Set-up: the figurines (limits.figurines_at_start, by colour) that start in the centre."""

    colors: tuple[ColorName, ...]


class ChooseAction(Action, frozen=True, tag="action"):
    """The one action of this turn: move, attack, population, development, degradation or
    activate (a place of power)."""

    action: ActionName


class Figurine(Action, frozen=True, tag="figurine"):
    """Act with this figurine of your clan (by its colour) next."""

    color: ColorName


class Card(Action, frozen=True, tag="card"):
    """Play (or, at the end of a turn, discard) this card of your hand: a colour, "wild",
    "double:COLOUR", "extra:COLOUR", "draw3" or "degradation"."""

    card: CardName


class Step(Action, frozen=True, tag="step"):
    """Move the figurine one territory, to this adjacent one."""

    to: int


class Shard(Action, frozen=True, tag="shard"):
    """Take an open shard of this type where the figurine is (`take`), or put down the one it
    carries (`take` null)."""

    take: str | None


class Reroll(Action, frozen=True, tag="reroll"):
    """Mark this die (its index in the roll) to be rolled again."""

    die: int


class Roll(Action, frozen=True, tag="roll"):
    """Roll the marked dice again, for one population."""


class Hit(Action, frozen=True, tag="hit"):
    """Spend successes on a target in the attacked territory: "tribe" or a spirit's name."""

    target: str


class Adapt(Action, frozen=True, tag="adapt"):
    """Take an adaptation card: one of the market's (by name) or "deck" (the top card)."""

    card: AdaptChoice


class Line(Action, frozen=True, tag="line"):
    """The portal line (0, 1, ...: one per place of power) whose place of power you activate."""

    line: int


class Place(Action, frozen=True, tag="place"):
    """Generation change: put this figurine on the field in this territory."""

    color: ColorName
    territory: int


class Remove(Action, frozen=True, tag="remove"):
    """Generation change: take this figurine off the field."""

    color: ColorName


class Swap(Action, frozen=True, tag="swap"):
    """Generation change: two figurines on the field trade places (their specialisations)."""

    a: ColorName
    b: ColorName


class Direct(Action, frozen=True, tag="direct"):
    """Send a human tribe or a spirit (`who`: "tribe" or its name) that could go several ways to
    this territory."""

    who: str
    to: int


class Talent(Action, frozen=True, tag="talent"):
    """Set-up (advanced): your clan's talent, one of data.talents.names (spirit_block,
    protection, trap, bait, trail_lock)."""

    name: TalentName


class Token(Action, frozen=True, tag="token"):
    """Discard this card of your hand (one that counts as the figurine's colour) for a talent
    token next to your figurine of this colour (a "double" card gives two)."""

    card: CardName
    color: ColorName


class Put(Action, frozen=True, tag="put"):
    """Put a talent token in this territory (where the figurine stands, or adjacent)."""

    to: int


class Use(Action, frozen=True, tag="use"):
    """Activate `n` of your `talent` tokens in territory `at` (only traps are ever used several
    at once); the tokens leave the field."""

    talent: TalentName
    at: int
    n: int


class Pass(Action, frozen=True, tag="pass"):
    """Decline, or stop (playing cards, moving, re-rolling, assisting)."""


AnyAction = (
    Start
    | ChooseAction
    | Figurine
    | Card
    | Step
    | Shard
    | Reroll
    | Roll
    | Hit
    | Adapt
    | Line
    | Place
    | Remove
    | Swap
    | Direct
    | Talent
    | Token
    | Put
    | Use
    | Pass
)


def action_from_builtins(data: Any) -> Any:
    return msgspec.convert(data, AnyAction)


def action_to_builtins(action: Any) -> dict[str, Any]:
    return msgspec.to_builtins(action)
