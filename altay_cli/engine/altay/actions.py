"""Every decision a player can make, as typed values with a stable JSON form.

Each action is a frozen msgspec Struct tagged by its `type` field, so
`{"type": "play", "card": "Farmer", "effect": 1}` decodes to `Play("Farmer", 1)` and back.
Every field is written when encoding; when decoding, unknown fields are ignored and
fields with a default (`effect`, `resource`, `archive`) may be left out.
Cards are named by title (the engine moves the lowest-VP copy of that title) except where the
copy matters (Engineering trashes a card, so it names the kind, e.g. "Chariot (2 VP)").
Resources are the letters F W M S C; a payment is a string of letters, e.g. "FWS".
"""

from __future__ import annotations

from typing import Union, get_args

import msgspec


class Action(msgspec.Struct, frozen=True, tag_field="type"):
    """Base class of all actions."""


# ------------------------------------------------------------------ setup
class ChooseFaction(Action, frozen=True, tag="faction"):
    """Setup: take a faction's starting deck (clockwise from the first player)."""

    faction: str


class ChooseStart(Action, frozen=True, tag="start"):
    """Setup: place your first settlement on a farmland (reverse turn order)."""

    territory: int


# ------------------------------------------------------------------ your turn
class Play(Action, frozen=True, tag="play"):
    """Play a card from hand (or your archive) choosing one of its effects (0-based).

    `resource` is the resource chosen where the effect lets you choose (Shaman).
    """

    card: str
    effect: int = 0
    resource: str | None = None


class Attack(Action, frozen=True, tag="attack"):
    """Attack from one of your territories to an adjacent one, playing these ATK cards."""

    from_: int = msgspec.field(name="from")
    to: int
    cards: tuple[str, ...]


class Place(Action, frozen=True, tag="place"):
    """Move one resource from your pool onto a table card (by title) or 'achievement'."""

    on: str
    resource: str


class Release(Action, frozen=True, tag="release"):
    """Take every resource off a store card back into your pool; the card is discarded."""

    card: str


class Buy(Action, frozen=True, tag="buy"):
    """Acquire the top card of a display stack, paying these resources from your pool."""

    card: str
    pay: str


class Develop(Action, frozen=True, tag="develop"):
    """Start an achievement (from the display, or your secret wonder) placing one resource."""

    achievement: str
    resource: str


class Abandon(Action, frozen=True, tag="abandon"):
    """Discard the technology you are developing (never a wonder)."""


class Settle(Action, frozen=True, tag="settle"):
    """Place a settlement you have just built on a territory."""

    territory: int


class Engineering(Action, frozen=True, tag="engineering"):
    """Engineering, once per turn: trash a hand card (named by kind), then draw 1."""

    card: str


class Mathematics(Action, frozen=True, tag="mathematics"):
    """Mathematics, once per turn: discard a hand card, then draw 1."""

    card: str


class Commerce(Action, frozen=True, tag="commerce"):
    """Commerce, once per turn: spend one resource, produce one of your choice."""

    spend: str
    gain: str


class Philosophy(Action, frozen=True, tag="philosophy"):
    """Philosophy, once per turn: produce one culture."""


class Religion(Action, frozen=True, tag="religion"):
    """Religion, once per turn: move one settlement to an adjacent free or own territory."""

    from_: int = msgspec.field(name="from")
    to: int


class Trade(Action, frozen=True, tag="trade"):
    """Trading variant: pay 5 coins for one resource of your choice."""

    resource: str


class EndTurn(Action, frozen=True, tag="end"):
    """End your turn; with Writing you may archive one hand card (by title)."""

    archive: str | None = None


# ------------------------------------------------------------------ defending
class Surrender(Action, frozen=True, tag="surrender"):
    """Defender: lose the combat, discarding up to as many cards as the attacker played."""

    discard: tuple[str, ...] = ()


class Fight(Action, frozen=True, tag="fight"):
    """Defender: play any number of DEF cards and compare strengths."""

    cards: tuple[str, ...] = ()


AnyAction = Union[  # noqa: UP007 (a runtime union object msgspec can decode into)
    ChooseFaction,
    ChooseStart,
    Play,
    Attack,
    Place,
    Release,
    Buy,
    Develop,
    Abandon,
    Settle,
    Engineering,
    Mathematics,
    Commerce,
    Philosophy,
    Religion,
    Trade,
    EndTurn,
    Surrender,
    Fight,
]
ACTION_TYPES: tuple[type[Action], ...] = get_args(AnyAction)

_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(AnyAction)


def action_to_json(action: Action) -> bytes:
    return _encoder.encode(action)


def action_from_json(data: bytes | str) -> Action:
    """Decode one action; raises msgspec.ValidationError / DecodeError with a clear message."""
    return canonical(_decoder.decode(data))


def _title_order(name: str) -> tuple[int, str]:
    from .data import TITLE_INDEX

    return (TITLE_INDEX.get(name, 1 << 30), name)


def canonical(action: Action) -> Action:
    """The action with its card lists in the engine's order: the cards of `attack`, `fight` and
    `surrender` are multisets, so any order names the same action."""
    if isinstance(action, Attack):
        cards = tuple(sorted(action.cards, key=_title_order))
        return action if cards == action.cards else Attack(action.from_, action.to, cards)
    if isinstance(action, Fight):
        cards = tuple(sorted(action.cards, key=_title_order))
        return action if cards == action.cards else Fight(cards)
    if isinstance(action, Surrender):
        cards = tuple(sorted(action.discard, key=_title_order))
        return action if cards == action.discard else Surrender(cards)
    return action


def action_to_builtins(action: Action) -> dict:
    """The action as JSON-ready data, equal to what decoding its JSON gives (lists, not tuples)."""
    d = msgspec.to_builtins(action)
    for key, value in d.items():
        if type(value) is tuple:
            d[key] = list(value)
    return d


def action_from_builtins(obj: object) -> Action:
    return canonical(msgspec.convert(obj, AnyAction))
