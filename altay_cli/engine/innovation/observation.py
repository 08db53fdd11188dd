"""What one seat may know (RULES.md §12): the only way hidden information leaves the state.

Boards are public (R36); hands and score piles are shown to their owner, and to everyone
else as the ages on the card backs, with the titles they know (a revealed card, one they
gave); standard achievements show their age only, to everyone; the supply shows how many
cards each age has left, and where in it lie the cards this seat knows (ones it returned).

A spectator (`spectate`, seat -1) sees what every seat may know: the titles of the cards that
every seat knows where they lie (a revealed card, still known to all), no first meld before
the reveal and no decision's prompt.

These are the types (the protocol's schema is generated from them); observe.py builds them.
"""

from __future__ import annotations

import msgspec

from .data import Color, CountedIcon, Edition, SpecialName, Splay
from .frames import AskKind, Purpose
from .state import EndReason, Phase


class Settings(msgspec.Struct):
    """The configuration a bot may know (sent in `hello.game`)."""

    players: int
    edition: Edition
    max_turns: int  # the game is adjudicated by score after this many turns


class CardRef(msgspec.Struct, omit_defaults=True):
    """A card in a hidden zone: its age (on the back), and its title when you know it."""

    age: int
    card: str | None = None


class Pile(msgspec.Struct):
    """One colour pile, bottom to top (the last card is the top card), and its splay."""

    color: Color
    splay: Splay
    cards: list[str]


class KnownSupplyCard(msgspec.Struct):
    """A supply card you know: `depth` 0 is the next card drawn from that age."""

    age: int
    depth: int
    card: str


class Special(msgspec.Struct):
    name: SpecialName
    owner: int | None  # None while available


class PlayerView(msgspec.Struct):
    seat: int
    hand: list[CardRef]
    score_pile: list[CardRef]
    score: int  # the total value of the score pile (public: card backs show ages)
    board: list[Pile]  # the five colours, in order blue red green yellow purple
    icons: dict[str, int]  # visible icons by name, the six of CountedIcon (RULES.md §6.3)
    achievements: list[int]  # the ages of the standard achievements claimed
    specials: list[SpecialName]  # special achievements claimed
    achievement_count: int
    tucked: int  # cards tucked this turn (Monument)
    scored: int  # cards scored this turn (Monument)


class Decision(msgspec.Struct, omit_defaults=True):
    """A decision in the middle of an effect: who decides, for which card's effect and what.
    `prompt` is shown to the deciding seat only; the legal answers are the request's list."""

    seat: int
    kind: AskKind  # what the answers are: card, blind, color, colors, player, value, option, yes
    purpose: Purpose  # what they are for: return, transfer, meld, score, tuck, splay, ...
    card: str | None = None  # the card whose effect asks
    effect: int | None = None  # that effect's index (0-based, printed order)
    executing: int | None = None  # the player carrying out the effect ("you" in its text)
    optional: bool = False  # `pass` is among the answers
    prompt: str | None = None
    labels: list[str] = []
    picked: int | None = None  # several cards picked one at a time: how many so far
    min: int | None = None  # ... how many must be picked in all (null: every one there is)
    max: int | None = None  # ... and how many may be (null: any number)


class DogmaState(msgspec.Struct):
    """The Dogma action in progress (public)."""

    activator: int
    card: str
    featured: CountedIcon
    vulnerable: list[int]  # fewer featured icons than the activator: demands reach them
    sharing: list[int]  # at least as many: they share the non-demand effects


class Result(msgspec.Struct):
    end_reason: EndReason
    winners: list[int]
    card: str | None = None  # the card that won the game, if one did


class Observation(msgspec.Struct):
    seat: int  # -1: a spectator's (what every seat may know)
    edition: Edition  # "3e" or "1e": which texts of the nine changed cards are played
    phase: Phase  # first_meld, play, over
    to_move: int | None
    active: int  # whose turn it is
    turn: int  # turns begun so far
    actions_left: int  # this turn, counting the one in progress
    achievements_to_win: int
    supply: list[int]  # cards left in ages 1..10 (index 0 is age 1)
    supply_known: list[KnownSupplyCard]
    available_achievements: list[int]  # ages of the standard achievements still on the table
    specials: list[Special]
    players: list[PlayerView]
    first_meld: str | None  # set-up: the card you picked (others' picks stay hidden)
    decision: Decision | None
    dogma: DogmaState | None
    result: Result | None


#: the seat number of a spectator's observation
SPECTATOR = -1
