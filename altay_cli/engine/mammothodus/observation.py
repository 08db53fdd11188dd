"""What one clan may know: the whole map (tribes, spirits, figurines and the open shard each
carries in a move, open shards and how many are still face down, trails, places of power),
every clan's public state (population, degradation marker, figurines, card counts, discard
pile), its own hand, the open portal fragments, the adaptation market, the spirit card on top of
the face-up spirit stack (M77) and the decision being asked. Hidden: other clans' hands (M78),
every deck's order, the spirit cards under the top one, face-down shards, the next human card
and trail token.

With the advanced talents, everything about them is public: each clan's talent and the tokens in
its reserve (`ClanView.talent`, `talent_tokens`), every token on the field with its owner and
talent (`TerritoryView.talents`), and the territories a protection guards this turn
(`TerritoryView.protected`). Without talents these fields are absent (or null).

`spectate` is what every clan may know: the observation of no seat, with no hand and no prompt
(`Game.spectator_observation`, the web viewer's spectator eyes, `view(state, None, ...)`).

These are the types (the protocol's schema is generated from them); observe.py builds them."""

from __future__ import annotations

from typing import Any

import msgspec

from .vocabulary import (
    ActionName,
    AdaptationName,
    CardName,
    ColorName,
    DiscoveryName,
    EndReasonName,
    HumanCardName,
    PhaseName,
    Purpose,
    ResultName,
    TalentName,
)

#: M77: "Shuffle the spirit cards and put them in a stack next to the field, face up", while a
#: summoning says "Draw a random spirit card". A face-up stack shows its top card, so the card
#: drawn is known before it is drawn. Reading: the shuffle is the randomness; the stack lies face
#: up, its top card public (`Observation.spirit_next`), and a summoning takes that top card; the
#: cards under it stay unseen (their order; which ones they are follows from the map). A destroyed
#: spirit's card is shuffled back (M40), which shows a new top card. False: the engine's earlier
#: reading, a face-down stack (`spirit_next` null).
SPIRIT_STACK_FACE_UP = True
#: M78: a clan sees its own hand (and, when one player leads several clans, theirs: M18), and of
#: every other clan only the number of cards in its hand; decks are face down, discard piles face
#: up. False: every hand is public (a team that shows its cards).
OTHER_HANDS_HIDDEN = True


class Settings(msgspec.Struct):
    players: int  # clans in play
    discoveries: bool
    talents: bool
    max_turns: int


class FigurineView(msgspec.Struct, omit_defaults=True):
    clan: int
    color: ColorName  # its bonus action's colour
    carries: str | None = None  # the type of the open shard it carries in a move (absent: none)


class TokenView(msgspec.Struct):
    """A talent token on the field."""

    clan: int  # its owner
    talent: TalentName  # the owner's talent


class TerritoryView(msgspec.Struct, omit_defaults=True):
    id: int
    region: str | None  # one of data.map.regions; None for the centre
    color: ColorName | None  # None for the centre
    tribes: int = 0
    spirits: list[str] = []  # spirit names (data.spirits.cards)
    ancients: list[FigurineView] = []
    open_shards: list[str] = []  # face-up shard types lying here (a carried one too)
    closed_shards: int = 0  # face-down shards (their type is hidden)
    trail: bool = False
    place: int | None = None  # the portal line whose place of power stands here
    talents: list[TokenView] = []  # talent tokens lying here (advanced)
    protected: bool = False  # a protection token was used here this turn (advanced, M71)


class ClanView(msgspec.Struct, omit_defaults=True):
    seat: int
    name: str
    population: int
    figurines_supported: int  # what the population supports at the next generation change (M12)
    degradation: int  # the degradation defence marker (M13)
    figurines: dict[ColorName, int | None]  # colour -> territory, None when off the field
    hand: list[CardName] | None  # your own hand; None for another clan's
    hand_size: int
    deck_size: int
    discard: list[CardName]  # face up
    acted: list[ColorName]  # figurines that acted in the action in progress (this turn)
    talent: TalentName | None = None  # advanced: its talent (None before it chose, or without talents)
    talent_tokens: int | None = None  # advanced: talent tokens in its reserve (None without talents)


class TeamHand(msgspec.Struct):
    """The hand of another clan the same player leads (`Game.player_observation`)."""

    clan: int
    hand: list[CardName]


class CellView(msgspec.Struct, omit_defaults=True):
    """One condition of a portal line on a face-up fragment: exactly one field is set."""

    shard: str | None = None
    region: str | None = None
    color: ColorName | None = None


class FragmentView(msgspec.Struct):
    id: int
    lines: list[CellView]  # one per portal line


class Decision(msgspec.Struct, omit_defaults=True):
    seat: int
    purpose: Purpose
    optional: bool = False
    prompt: str | None = None  # for the deciding seat only


class AllyCard(msgspec.Struct):
    clan: int
    card: CardName


class Playing(msgspec.Struct):
    """The figurine whose cards are being played in the action in progress."""

    clan: int
    action: ActionName
    figurine: ColorName
    territory: int  # where it stood when its cards were played (allies are judged from here)
    cards: list[CardName]  # its clan's cards on it, in the order played
    points: int  # what those cards count for
    allies: list[AllyCard]  # the allies' cards, in the order played
    ally_points: int
    bonus: bool  # its colour is the action's: +1 once a card of its clan is on it
    line: int | None  # activate: the portal line chosen (else None)
    cost: int | None  # activate: the points the activation needs (else None)


class Moving(msgspec.Struct):
    """The figurine in motion (a move action's effect)."""

    clan: int
    figurine: ColorName
    territory: int  # where it stands now
    steps_left: int
    carries: str | None  # the shard type it carries (None: none)
    handled_here: list[str]  # shard types taken or put down in this territory already (M41)


class AttackRoll(msgspec.Struct):
    """The dice of an attack in progress."""

    clan: int
    territory: int
    dice: list[int]  # the results, in order (a re-roll's die keeps its place)
    marked: list[int]  # indexes (0-based) of the dice marked to be rolled again
    used: list[int]  # indexes of the dice already spent on hits
    tribe_min: int  # the result that destroys a tribe (4; 5 with +1 TO DEFENCE)


class Directing(msgspec.Struct):
    """Humans that could go several ways, waiting for the active clan to send them."""

    who: str  # "tribe", or the spirit's name
    at: int  # the territory it leaves
    left: int  # tribes of that territory still to move with this card (1 for a spirit)


class HumanPhase(msgspec.Struct):
    """The human phase in progress."""

    card: HumanCardName  # the human card revealed this turn
    tribe_moved: bool  # a tribe moved: no tribe appears on the trails at the end
    directing: Directing | None


class GenerationChange(msgspec.Struct):
    """A clan's generation change in progress."""

    clan: int
    swaps_left: int  # respecialisation swaps still allowed (M53)
    then_draw: int  # cards the clan still draws from its new deck once the change is over


class TokenPlacement(msgspec.Struct):
    """Talent tokens being put next to a figurine (advanced)."""

    clan: int
    figurine: ColorName
    left: int  # tokens still to put for the card discarded


class Progress(msgspec.Struct):
    """A routine in progress: the engine's own name and locals, for debugging (every fact a
    decision needs has a named field of the observation)."""

    routine: str
    clan: int
    v: dict[str, Any]


class Outcome(msgspec.Struct):
    result: ResultName
    reason: EndReasonName


class Observation(msgspec.Struct):
    seat: int  # the clan observing (-1: a spectator, see `spectate`)
    phase: PhaseName
    to_move: int | None
    active: int
    turn: int
    territories: list[TerritoryView]
    clans: list[ClanView]
    human_deck: int  # cards left before the next reshuffle
    human_discard: list[HumanCardName]  # revealed since the last reshuffle (the last: this turn's)
    trail_tokens: int  # face-down trail tokens left
    portal_open: list[FragmentView]  # the face-up fragments, left to right
    portal_closed: int
    places: list[int | None]  # per portal line: the territory of its place of power
    market: list[AdaptationName]
    adaptation_deck: int
    degradation_supply: int
    spirits_in_supply: int
    spirit_next: str | None  # the spirit card face up on top of the stack: the next summoned (M77)
    discoveries: list[DiscoveryName]
    decision: Decision | None
    humans: HumanPhase | None  # the human phase in progress
    actions_taken: list[ActionName]  # the active clan's actions this turn, in order
    playing: Playing | None
    moving: Moving | None
    attack: AttackRoll | None
    adaptation_points: int | None  # development points left to take adaptation cards with
    generation: GenerationChange | None
    token_placement: TokenPlacement | None
    progress: list[Progress]
    result: Outcome | None
    team_hands: list[TeamHand] | None = None  # the other clans this player leads, their hands


#: `Observation.seat` of the spectator's observation: every seat's public view, no seat's own
SPECTATOR = -1
