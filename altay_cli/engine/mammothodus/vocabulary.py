"""The closed vocabularies of Mammothodus's protocol: every value a field of an action, an
observation or an event can take when the engine's code (not data.json) fixes the list. They are
Literal types, so the generated JSON Schema lists them as enums and a decoded value stays a plain
string. Lists that data.json owns (regions, shard types, spirit names) stay strings: the guide
names the static field that lists them.

A test (tests/test_mammothodus_guide.py) checks that each list matches the engine's own
constants and that the guide documents every value."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Literal, TypeGuard, TypeVar, get_args

#: a figurine, a territory's landscape, a clan card, a human card's colour
ColorName = Literal["red", "green", "yellow", "blue"]
#: the six actions of the Ancients' phase (state.ACTIONS)
ActionName = Literal["move", "attack", "population", "development", "degradation", "activate"]
#: an adaptation card as a hand holds it (data.adaptation_name)
AdaptationName = Literal[
    "extra:red",
    "extra:green",
    "extra:yellow",
    "extra:blue",
    "double:red",
    "double:green",
    "double:yellow",
    "double:blue",
    "wild",
    "draw3",
]
#: every card a clan's hand, deck or discard pile can hold
CardName = Literal[ColorName, AdaptationName, "degradation"]  # nested Literals flatten
#: what `adapt` may take: a market card by name, or the top of the adaptation deck
AdaptChoice = Literal[AdaptationName, "deck"]
#: a human action card
HumanCardName = Literal["red", "green", "yellow", "blue", "new_trail"]
#: the Ancient talents (advanced; humans.py acts on each by name)
TalentName = Literal["spirit_block", "protection", "trap", "bait", "trail_lock"]
#: the human discoveries (advanced; humans.py acts on each by name)
DiscoveryName = Literal["move_attack", "defence_plus_1", "attack_plus_1", "appear_move", "degradation_plus_2"]
PhaseName = Literal["setup", "play", "over"]
ResultName = Literal["won", "lost"]
#: why a game ended by its own rules (game.END_REASONS)
EndReasonName = Literal[
    "portal_opened",
    "too_many_tribes",
    "too_many_spirits",
    "too_many_trails",
    "no_degradation_cards",
    "population_exhausted",
    "population_below_minimum",
    "turn_limit",
    "no_adaptation_cards",
    "no_human_cards",
    "humans_without_target",
    "portal_track_exhausted",
]
#: what a decision asks (`decision.purpose`): set-up's two, then the routines' questions
Purpose = Literal[
    "start",
    "talent",
    "action",
    "extra",
    "figurine",
    "card",
    "assist",
    "line",
    "step",
    "reroll",
    "hit",
    "adapt",
    "degradation",
    "discard",
    "place",
    "remove",
    "swap",
    "direct",
    "put",
    "use",
]
#: every kind of happening an event reports (`events[].action.happened[].what`)
HappeningKind = Literal[
    "turn",
    "start",
    "talent",
    "human_card",
    "human_reshuffle",
    "portal_flip",
    "discovery",
    "trail",
    "tribe",
    "tribe_move",
    "tribe_attack",
    "tribe_idle",
    "tribe_stay",
    "tribe_removed",
    "no_movement",
    "spirit",
    "spirit_move",
    "spirit_stay",
    "population",
    "action",
    "no_action",
    "extra_action",
    "acts",
    "play",
    "assist",
    "take_back",
    "bonus",
    "draw3",
    "move",
    "shard_take",
    "shard_drop",
    "shard_dropped",
    "shard_open",
    "dice",
    "reroll",
    "hit",
    "development",
    "adapt",
    "adapt_declined",
    "adapt_none",
    "activation_failed",
    "place_of_power",
    "discard",
    "draw",
    "draw_stopped",
    "market",
    "generation",
    "degradation_check",
    "degradation",
    "place",
    "remove",
    "swap",
    "new_deck",
    "talent_card",
    "token",
    "talent_used",
    "summon_blocked",
    "protection",
    "protected",
    "protection_bonus",
    "trap",
    "bait",
    "bait_hold",
    "trail_locked",
    "end",
]


def values(kind: object) -> tuple[str, ...]:
    """The strings a Literal type allows, in order."""
    return tuple(str(v) for v in get_args(kind))


# ---------------------------------------------------------------------------- checked words
# The engine keeps these words as plain strings; data.json and saved states are read through the
# checks below once, so the engine's own values carry their vocabulary's type.
_CARDS = frozenset(get_args(CardName))
_ADAPTATIONS = frozenset(get_args(AdaptationName))
_HUMAN_CARDS = frozenset(get_args(HumanCardName))
_TALENTS = frozenset(get_args(TalentName))
_DISCOVERIES = frozenset(get_args(DiscoveryName))
_END_REASONS = frozenset(get_args(EndReasonName))
_PURPOSES = frozenset(get_args(Purpose))
#: the words of some vocabularies, in order, with their type
CARD_NAMES: tuple[CardName, ...] = get_args(CardName)
TALENT_NAMES: tuple[TalentName, ...] = get_args(TalentName)


def is_card(word: str) -> TypeGuard[CardName]:
    return word in _CARDS


def is_adaptation(word: str) -> TypeGuard[AdaptationName]:
    return word in _ADAPTATIONS


def is_human_card(word: str) -> TypeGuard[HumanCardName]:
    return word in _HUMAN_CARDS


def is_talent(word: str) -> TypeGuard[TalentName]:
    return word in _TALENTS


def is_discovery(word: str) -> TypeGuard[DiscoveryName]:
    return word in _DISCOVERIES


def is_end_reason(word: str) -> TypeGuard[EndReasonName]:
    return word in _END_REASONS


def is_purpose(word: str) -> TypeGuard[Purpose]:
    return word in _PURPOSES


W = TypeVar("W", bound=str)


def checked_words(words: Iterable[object], check: Callable[[str], TypeGuard[W]], what: str) -> list[W]:
    """`words` as words of a vocabulary (`check` tells one); ValueError naming the first that is
    not (`what`: "card", "talent"...)."""
    out: list[W] = []
    for word in words:
        if not isinstance(word, str) or not check(word):
            raise ValueError(f"{word!r} is not a {what}")
        out.append(word)
    return out
