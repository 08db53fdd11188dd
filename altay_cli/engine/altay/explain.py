"""Why an action is refused: a message that says what was wrong and what would be right.

Only called on the slow path (an action not in the legal list), so clarity beats speed here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import (
    Abandon,
    Action,
    Attack,
    Buy,
    ChooseFaction,
    ChooseStart,
    Develop,
    EndTurn,
    Engineering,
    Fight,
    Mathematics,
    Place,
    Play,
    Release,
    Settle,
    Surrender,
)
from .data import (
    ACH_INDEX,
    ACH_LEVEL,
    ACHIEVEMENTS,
    ADJACENCY,
    ATK_OF,
    CONQUEST_MARKERS,
    DEF_OF,
    E_ATK,
    E_DEF,
    FACTIONS,
    KIND_INDEX,
    KIND_TITLE,
    KINDS,
    NUM_TERRITORIES,
    RES_INDEX,
    SHOP_TITLES,
    TITLE_INDEX,
    TITLES,
    WRITING,
)
from .state import PH_DEFEND, PH_FACTION, PH_MAIN, PH_OVER, PH_SETTLE, PH_START

if TYPE_CHECKING:
    from .state import GameState

_PHASE_ACTIONS = {
    PH_FACTION: 'a faction choice ({"type": "faction", ...})',
    PH_START: 'a start farmland ({"type": "start", "territory": N})',
    PH_SETTLE: 'a territory for the settlement you built ({"type": "settle", "territory": N})',
    PH_DEFEND: "surrender or fight",
}
_PHASE_TYPES = {
    PH_FACTION: {ChooseFaction},
    PH_START: {ChooseStart},
    PH_SETTLE: {Settle},
    PH_DEFEND: {Surrender, Fight},
}


def _names(items: list[str] | set[str]) -> str:
    return ", ".join(sorted(items)) if items else "none"


def explain_illegal(g: GameState, action: Action) -> str:
    """One sentence: what was wrong with `action` and, where it helps, what would be right."""
    return _specific_reason(g, action) or f"{action!r} is not legal now"


def _specific_reason(g: GameState, a: Action) -> str | None:
    if g.phase == PH_OVER:
        return "the game is over: no more actions are accepted"
    expected = _PHASE_TYPES.get(g.phase)
    if expected is not None and type(a) not in expected:
        return f"seat {g.seat} must now choose {_PHASE_ACTIONS[g.phase]}, not {type(a).__name__}"
    if g.phase == PH_MAIN and type(a) in (ChooseFaction, ChooseStart, Settle, Surrender, Fight):
        return f"{type(a).__name__} is not possible during a turn's main phase"
    handler = _EXPLAINERS.get(type(a))
    return handler(g, a) if handler else None


def _faction(g: GameState, a: ChooseFaction) -> str | None:
    if a.faction not in FACTIONS:
        return f"unknown faction {a.faction!r}; factions are {', '.join(FACTIONS)}"
    return f"{a.faction} is already taken"


def _start(g: GameState, a: ChooseStart) -> str | None:
    t = a.territory
    if not 0 <= t <= 5:
        return f"territory {t} is not a farmland; farmlands are 0 to 5"
    if not g.in_play[t]:
        return f"farmland {t} is not in play with {g.n} players"
    return f"farmland {t} is already taken"


def _settle(g: GameState, a: Settle) -> str | None:
    targets = g.settle_targets(g.active)
    return (
        f"territory {a.territory} is not a legal place: settle in one of your territories with "
        f"fewer than 4 settlements or a free territory next to yours: {targets}"
    )


def _hand_titles(g: GameState, seat: int, with_archive: bool) -> set[str]:
    p = g.players[seat]
    zone = p.hand + p.archive if with_archive else p.hand
    return {TITLES[KIND_TITLE[k]].name for k in zone}


def _play(g: GameState, a: Play) -> str | None:
    if a.card not in TITLE_INDEX:
        return f"unknown card {a.card!r}"
    have = _hand_titles(g, g.active, True)
    if a.card not in have:
        return f"you have no {a.card} in hand or archive; you have: {_names(have)}"
    effects = TITLES[TITLE_INDEX[a.card]].effects
    if not 0 <= a.effect < len(effects):
        return f"{a.card} has effects 0 to {len(effects) - 1}, not {a.effect}"
    kind = effects[a.effect].kind
    if kind in (E_ATK, E_DEF):
        return f'{a.card} is played with an attack action ({{"type": "attack", ...}}), not \'play\''
    return f"{a.card} effect {a.effect} ({kind}) cannot be used now"


def _attack(g: GameState, a: Attack) -> str | None:
    f, t = a.from_, a.to
    if not (0 <= f < NUM_TERRITORIES and 0 <= t < NUM_TERRITORIES):
        return f"territories are numbered 0 to {NUM_TERRITORIES - 1}"
    if g.owner[f] != g.active:
        return f"you have no settlement in territory {f} to attack from"
    if t not in ADJACENCY[f]:
        return f"territory {t} is not adjacent to {f} (adjacent: {list(ADJACENCY[f])})"
    if not g.in_play[t]:
        return f"territory {t} is not in play"
    if f * 32 + t in g.attacked:
        return f"you already attacked from {f} to {t} this turn"
    if not a.cards:
        return "an attack needs at least one card with an attack icon"
    for name in a.cards:
        if name not in TITLE_INDEX or not ATK_OF[TITLE_INDEX[name]]:
            return f"{name!r} has no attack icon; attack cards are Warrior, Cavalry, Chariot"
    m = g.marker[t]
    if m >= 0:
        return (
            f"the attack must exceed the conquest marker's value {CONQUEST_MARKERS[m][0]} "
            f"(or you lack the cards {list(a.cards)})"
        )
    if g.owner[t] < 0 or g.owner[t] == g.active:
        return f"territory {t} has no conquest marker and no opponent settlement to attack"
    return f"you do not hold the cards {list(a.cards)} (in hand or archive)"


def _place(g: GameState, a: Place) -> str | None:
    p = g.players[g.active]
    if a.resource not in RES_INDEX:
        return f"unknown resource {a.resource!r}; resources are F W M S C"
    if not p.pool[RES_INDEX[a.resource]]:
        return f"you have no {a.resource} in your pool"
    if a.on == "achievement":
        if p.dev < 0:
            return "you are not developing an achievement"
        return f"{ACHIEVEMENTS[p.dev].name} does not need another {a.resource}"
    titles = [TITLES[KIND_TITLE[tc.kind]].name for tc in p.table]
    if a.on not in titles:
        return f"you have no {a.on} on the table (on the table: {_names(set(titles))})"
    return f"{a.on} does not take another {a.resource}"


def _release(g: GameState, a: Release) -> str | None:
    return f"{a.card} is not a store card of yours with resources on it"


def _buy(g: GameState, a: Buy) -> str | None:
    t = TITLE_INDEX.get(a.card)
    if t is None or t not in SHOP_TITLES:
        return f"{a.card!r} is not an action card type of the display"
    stack = g.shop[SHOP_TITLES.index(t)]
    if not stack:
        return f"the {a.card} stack is empty"
    if g.bought >> t & 1:
        return f"you already acquired a {a.card} this turn (one copy per type per turn)"
    cost = KINDS[stack[-1]].cost
    return (
        f"the next {a.card} to acquire is {KINDS[stack[-1]].name!r}, costing {cost.text()} "
        f"('*' = W, M or S); payment {a.pay!r} does not match it or your pool lacks it"
    )


def _develop(g: GameState, a: Develop) -> str | None:
    p = g.players[g.active]
    ach = ACH_INDEX.get(a.achievement)
    if ach is None:
        return f"unknown achievement {a.achievement!r}"
    if p.dev >= 0:
        return f"you are already developing {ACHIEVEMENTS[p.dev].name}: one at a time"
    if ach in p.done:
        return f"you already developed {a.achievement}; achievements must be unique"
    level = ACH_LEVEL[ach]
    if level > 1:
        return (
            f"{a.achievement} is level {level}: you may not hold more level-{level} achievements "
            f"than level-{level - 1} ones, or it is not in the display"
        )
    return f"{a.achievement} is not in the display or {a.resource!r} cannot be placed on it"


def _abandon(g: GameState, a: Abandon) -> str | None:
    p = g.players[g.active]
    if p.dev < 0:
        return "you are not developing anything"
    return "a wonder can never be abandoned once started"


def _engineering(g: GameState, a: Engineering) -> str | None:
    if a.card not in KIND_INDEX:
        return f"unknown card {a.card!r}"
    return "Engineering needs the completed technology, once per turn, and that card in hand or archive"


def _mathematics(g: GameState, a: Mathematics) -> str | None:
    return "Mathematics needs the completed technology, once per turn, and that card in hand or archive"


def _end(g: GameState, a: EndTurn) -> str | None:
    p = g.players[g.active]
    if WRITING not in p.done:
        return "archiving a card at the end of the turn needs the Writing technology"
    if p.archive:
        return "your archive already holds a card"
    return f"you have no {a.archive} in hand to archive"


def _defence(g: GameState, a: Fight) -> str | None:
    for name in a.cards:
        if name not in TITLE_INDEX or not DEF_OF[TITLE_INDEX[name]]:
            return f"{name!r} has no defence icon; defence cards are Warrior, Cavalry, Chariot"
    return f"you do not hold the cards {list(a.cards)} (in hand or archive)"


def _surrender(g: GameState, a: Surrender) -> str | None:
    n = g.combat[5] if g.combat else 0
    if len(a.discard) > n:
        return f"you may discard at most {n} cards (as many as the attacker played)"
    return f"you do not hold the cards {list(a.discard)} (in hand or archive)"


_EXPLAINERS = {
    ChooseFaction: _faction,
    ChooseStart: _start,
    Settle: _settle,
    Play: _play,
    Attack: _attack,
    Place: _place,
    Release: _release,
    Buy: _buy,
    Develop: _develop,
    Abandon: _abandon,
    Engineering: _engineering,
    Mathematics: _mathematics,
    EndTurn: _end,
    Fight: _defence,
    Surrender: _surrender,
}
