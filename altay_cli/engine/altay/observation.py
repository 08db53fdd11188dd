"""The observation a bot receives, as typed Structs: the single source of truth.

`GameState.observation(seat)` builds these types (observe.py), the referee encodes them as they
are, and the JSON Schema is generated from them, so the three cannot disagree.
Resources are the letters F W M S C (food, wood, metal, stone, culture); a string such as "FFW"
is a multiset of resources. Seats are 0-based.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

import msgspec
from msgspec import Meta


class Phase(StrEnum):
    """Who must decide what (the observation's `phase`)."""

    FACTION = "choose_faction"
    START = "choose_start"
    MAIN = "main"
    SETTLE = "settle"
    DEFEND = "defend"
    OVER = "game_over"


class EndReason(StrEnum):
    """How a game of Altay ends by its rules (the referee adds forfeit and aborted)."""

    SETTLEMENTS_EXHAUSTED = "settlements_exhausted"
    NO_SETTLEMENTS_ON_BOARD = "no_settlements_on_board"
    ROUND_LIMIT = "round_limit"


# The fixed vocabularies of the observation, as enums in the JSON Schema (test_altay_guide.py
# checks each against the engine's data, so they cannot drift from it).
Resource = Literal["F", "W", "M", "S", "C"]
Terrain = Literal["farmland", "forest", "hill", "mountain"]
Faction = Literal["Earthfolk", "Elvenfolk", "Firefolk", "Smallfolk"]
SetupMode = Literal["choose", "recommended"]
AchievementLevel = Literal[1, 2, 3]
LEVEL_KEYS = Meta(extra_json_schema={"propertyNames": {"enum": ["1", "2", "3"]}})
TERRAIN_KEYS = Meta(extra_json_schema={"propertyNames": {"enum": ["farmland", "forest", "hill", "mountain"]}})


class Settings(msgspec.Struct):
    """The game configuration a bot may know (never the seed: it would reveal hidden cards)."""

    players: int
    factions: Annotated[list[Faction] | None, Meta(description="preset factions by seat, or null: choose")]
    setup: Annotated[SetupMode, Meta(description="'choose' (start farmlands are decisions) or 'recommended'")]
    trading: bool
    max_rounds: int


class Marker(msgspec.Struct):
    """A conquest marker: captured by attacking its territory; value 1-3, maybe a resource."""

    value: int
    resource: Annotated[Resource | None, Meta(description="the resource it yields when captured, or null")]


class Territory(msgspec.Struct):
    """One of the 23 map territories (id 0-22)."""

    id: int
    terrain: Terrain
    in_play: Annotated[bool, Meta(description="false for territories unused at this player count")]
    owner: Annotated[int | None, Meta(description="seat occupying it, or null")]
    settlements: int
    marker: Annotated[Marker | None, Meta(description="conquest marker still on it, or null")]
    vp: Annotated[int, Meta(description="VP marker value on this territory (0 if none)")]


class DisplayStack(msgspec.Struct):
    """One stack of the action card display (buy its top card with `buy`)."""

    card: Annotated[str, Meta(description="the card title of this stack")]
    count: int
    top: Annotated[str | None, Meta(description="the top card's kind, e.g. 'City (2 VP)'; null if empty")]
    cost: Annotated[str | None, Meta(description="cost of the top card; '*' is any of W M S")]
    vp: int | None


class AchievementStack(msgspec.Struct):
    name: str
    count: int


class Turn(msgspec.Struct):
    """What the active player has already done this turn."""

    bought: list[str]
    attacked: Annotated[list[list[int]], Meta(description="[from, to] pairs attacked this turn")]
    terrain_used: Annotated[dict[Terrain, int], TERRAIN_KEYS]
    abilities_used: Annotated[list[str], Meta(description="once-per-turn technologies used")]
    settlements_to_place: int


class Combat(msgspec.Struct, kw_only=True):
    """The combat waiting for the defender's answer (phase 'defend')."""

    attacker: int
    defender: int
    from_: int = msgspec.field(name="from")
    to: int
    attack: Annotated[int, Meta(description="the attacker's strength")]
    cards: Annotated[int, Meta(description="how many cards the attacker played")]


class LastCombat(msgspec.Struct, kw_only=True, omit_defaults=True):
    """The outcome of the last combat this turn.

    Capturing a neutral conquest marker: `defender` is null and `cards` lists the attack cards.
    Against a player: `surrendered` and `defender_cards` are present instead.
    """

    attacker: int
    defender: int | None
    from_: int = msgspec.field(name="from")
    to: int
    attack: int
    defence: Annotated[int | None, Meta(description="null when the defender surrendered")]
    winner: Annotated[int | None, Meta(description="winning seat, null on a tie")]
    cards: list[str] | None = None
    surrendered: bool | None = None
    defender_cards: int | None = None


class TableCard(msgspec.Struct):
    """A card played on the table (stores, buildings) and the resources placed on it."""

    card: str
    kind: str
    resources: str


class Developing(msgspec.Struct):
    """The achievement a player is developing."""

    name: str
    level: AchievementLevel
    cost: str
    placed: str
    settlement: bool


class PublicPlayer(msgspec.Struct):
    """What everyone knows about a seat: hidden zones appear only as sizes."""

    seat: int
    faction: Faction | None
    supply: Annotated[int, Meta(description="settlements not yet built")]
    on_board: int
    removed_settlements: int
    hand_size: int
    deck_size: int
    discard_size: int
    archive_size: int
    trashed_size: int
    pool: Annotated[str, Meta(description="resources produced this turn and not yet spent")]
    coins: int
    table: list[TableCard]
    completed: list[str]
    developing: Developing | None
    secret_wonder: Annotated[str | None, Meta(description="only once revealed (being developed)")]
    captured_settlements: Annotated[list[int], Meta(description="the seat of each captured settlement")]
    captured_markers: list[Marker]
    consumed_markers: int


class PrivateZones(msgspec.Struct):
    """The receiving seat's own hidden zones (card kinds, sorted; never the deck order)."""

    hand: list[str]
    archive: list[str]
    discard: list[str]
    deck: list[str]
    trashed: list[str]
    secret_wonder: str | None


class Observation(msgspec.Struct):
    """`GameState.observation(seat)`: the public state plus the receiving seat's private zones."""

    seat: int
    num_players: int
    phase: Phase
    to_move: int | None
    active: Annotated[int, Meta(description="whose turn it is (the defender decides mid-attack)")]
    first_player: int
    round: int
    max_rounds: int
    trading: bool
    end_triggered: Annotated[EndReason | None, Meta(description="why the last round is being played")]
    end_reason: Annotated[EndReason | None, Meta(description="why the game ended")]
    reserve: Annotated[str, Meta(description="resource tokens left in the common reserve")]
    board: list[Territory]
    display: list[DisplayStack]
    achievements: Annotated[
        dict[str, list[AchievementStack]],
        Meta(description="face-up achievements by level '1' '2' '3'"),
        LEVEL_KEYS,
    ]
    achievement_decks: Annotated[dict[str, int], LEVEL_KEYS]
    turn: Turn
    combat: Combat | None
    last_combat: LastCombat | None
    players: list[PublicPlayer]
    you: PrivateZones


class SpectatorObservation(msgspec.Struct):
    """What every seat may know, and nothing one seat alone knows (`Game.spectator_observation`):
    an `Observation` without `seat` and `you` (its other fields are the same for every seat, and
    are exactly these). No hand, no card of a hidden zone (only their sizes), no deck order, no
    secret wonder until it is revealed, no achievement deck."""

    num_players: int
    phase: Phase
    to_move: int | None
    active: int
    first_player: int
    round: int
    max_rounds: int
    trading: bool
    end_triggered: EndReason | None
    end_reason: EndReason | None
    reserve: str
    board: list[Territory]
    display: list[DisplayStack]
    achievements: Annotated[dict[str, list[AchievementStack]], LEVEL_KEYS]
    achievement_decks: Annotated[dict[str, int], LEVEL_KEYS]
    turn: Turn
    combat: Combat | None
    last_combat: LastCombat | None
    players: list[PublicPlayer]
