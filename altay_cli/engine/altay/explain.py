"""Why an action is refused: a message that says what was wrong and what would be right.

Only called on the slow path (an action not in the legal list), so clarity beats speed here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .actions import (
    Abandon,
    Action,
    Attack,
    Buy,
    ChooseFaction,
    ChooseStart,
    Commerce,
    Develop,
    EndTurn,
    Engineering,
    Fight,
    Mathematics,
    Philosophy,
    Place,
    Play,
    Release,
    Religion,
    Settle,
    Surrender,
    Trade,
)
from .data import (
    ACH_INDEX,
    ACH_LEVEL,
    ACHIEVEMENTS,
    ADJACENCY,
    ATK_OF,
    COINS_PER_RESOURCE,
    COMMERCE,
    CONQUEST_MARKERS,
    DEF_OF,
    E_ATK,
    E_DEF,
    ENGINEERING,
    FACTIONS,
    KIND_INDEX,
    KIND_TITLE,
    KINDS,
    MATHEMATICS,
    MAX_SETTLEMENTS_PER_TERRITORY,
    NUM_TERRITORIES,
    PHILOSOPHY,
    RELIGION,
    RES_INDEX,
    SHOP_TITLES,
    TITLE_INDEX,
    TITLES,
    WRITING,
)
from .notation import command_text, effect_text
from .observation import Phase

if TYPE_CHECKING:
    from .state import GameState

_PHASE_ACTIONS = {
    Phase.FACTION: "a faction (`faction NAME`, type faction)",
    Phase.START: "a start farmland (`start N`, type start)",
    Phase.SETTLE: "a territory for the settlement just built (`settle N`, type settle)",
    Phase.DEFEND: "surrender or fight (an attack waits for its answer)",
}
#: what an action that belongs to another phase is called, and when it is possible
_OUT_OF_PHASE = {
    ChooseFaction: ("Choosing a faction", "factions are chosen during the set-up"),
    ChooseStart: ("Choosing a start farmland", "start farmlands are chosen during the set-up"),
    Settle: ("Settle", "a settlement is placed right after a card or a technology builds it"),
    Surrender: ("Surrender", "it answers an opponent's attack on your territory"),
    Fight: ("Fight", "it answers an opponent's attack on your territory"),
}
_PHASE_TYPES: dict[Phase, set[type[Action]]] = {
    Phase.FACTION: {ChooseFaction},
    Phase.START: {ChooseStart},
    Phase.SETTLE: {Settle},
    Phase.DEFEND: {Surrender, Fight},
}


def _names(items: list[str] | set[str]) -> str:
    return ", ".join(sorted(items)) if items else "none"


def _numbers(items: list[int] | tuple[int, ...]) -> str:
    return ", ".join(str(i) for i in items) if items else "none"


def _cards(names: tuple[str, ...] | list[str]) -> str:
    return " + ".join(names) if names else "no cards"


def explain_illegal(g: GameState, action: Action) -> str:
    """One sentence: what was wrong with `action` and, where it helps, what would be right."""
    return _specific_reason(g, action) or f"`{command_text(action)}` is not legal now"


def _specific_reason(g: GameState, a: Action) -> str | None:
    if g.phase == Phase.OVER:
        return "the game is over: no more actions are accepted"
    expected = _PHASE_TYPES.get(g.phase)
    if expected is not None and type(a) not in expected:
        verb = command_text(a).split()[0]
        return f"seat {g.seat} must now choose {_PHASE_ACTIONS[g.phase]}, not `{verb}`"
    if g.phase == Phase.MAIN and type(a) in _OUT_OF_PHASE:
        name, when = _OUT_OF_PHASE[type(a)]
        return f"{name} is not possible during a turn's main phase: {when}"
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
        f"fewer than {MAX_SETTLEMENTS_PER_TERRITORY} settlements or a free territory (no settlement, "
        f"no conquest marker) next to yours: {_numbers(targets)}"
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
    effect = effects[a.effect]
    if effect.kind in (E_ATK, E_DEF):
        return f'{a.card} is played with an attack action ({{"type": "attack", ...}}), not \'play\''
    return f"{a.card} effect {a.effect} ({effect_text(effect)}) cannot be used now: {_effect_blocked(g, a)}"


def _effect_blocked(g: GameState, a: Play) -> str:
    """Why a card effect the player could choose has nothing to act on now."""
    from .data import E_COLLECT, E_SETTLER_FILL, E_SHAMAN, E_STORE, E_TERRAIN, TERRAINS

    effect = TITLES[TITLE_INDEX[a.card]].effects[a.effect]
    p = g.players[g.active]
    if effect.kind == E_TERRAIN:
        terrain = TERRAINS[effect.pair()[1]]
        return f"each {terrain} you occupy gives its bonus once per turn, and you have none unused"
    if effect.kind in (E_STORE, E_COLLECT):
        return f"you already have a {a.card} on the table (one card of a title at a time)"
    if effect.kind == E_SETTLER_FILL:
        return "it needs a Village on your table and a farmland of yours not used this turn"
    if effect.kind == E_SHAMAN:
        if len(p.cap_markers) <= p.consumed:
            return "you have no captured conquest marker left to consume"
        if a.resource is None or a.resource not in RES_INDEX:
            return "name the resource to produce (F W M S C)"
        return f"the reserve has no {a.resource} left"
    return "its effect has nothing to act on"


def _attack(g: GameState, a: Attack) -> str | None:
    f, t = a.from_, a.to
    if not (0 <= f < NUM_TERRITORIES and 0 <= t < NUM_TERRITORIES):
        return f"territories are numbered 0 to {NUM_TERRITORIES - 1}"
    if g.owner[f] != g.active:
        return f"you have no settlement in territory {f} to attack from"
    if t not in ADJACENCY[f]:
        return f"territory {t} is not adjacent to {f} (adjacent: {_numbers(ADJACENCY[f])})"
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
            f"(or you lack the cards {_cards(a.cards)})"
        )
    if g.owner[t] < 0 or g.owner[t] == g.active:
        return f"territory {t} has no conquest marker and no opponent settlement to attack"
    return f"you do not hold the cards {_cards(a.cards)} (in hand or archive)"


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
    from .legal import payments

    t = TITLE_INDEX.get(a.card)
    if t is None or t not in SHOP_TITLES:
        return f"{a.card!r} is not an action card type of the display"
    stack = g.shop[SHOP_TITLES.index(t)]
    if not stack:
        return f"the {a.card} stack is empty"
    if g.bought >> t & 1:
        return f"you already acquired a {a.card} this turn (one copy per type per turn)"
    cost = KINDS[stack[-1]].cost
    assert cost is not None, "the display holds no starting card"
    pool = g.players[g.active].pool
    ways = payments(cost, pool)
    held = "".join(r * n for r, n in zip(RES_INDEX, pool, strict=True)) or "nothing"
    fix = f"pay {' or '.join(ways)}" if ways else f"your pool holds {held}"
    return (
        f"the next {a.card} to acquire is {KINDS[stack[-1]].name!r}, costing {cost.text()} "
        f"('*' = W, M or S); payment {a.pay!r} does not match it or your pool lacks it: {fix}"
    )


def _develop(g: GameState, a: Develop) -> str | None:
    from .legal import accepts, level_allows

    p = g.players[g.active]
    ach = ACH_INDEX.get(a.achievement)
    if ach is None:
        return f"unknown achievement {a.achievement!r}"
    if p.dev >= 0:
        return f"you are already developing {ACHIEVEMENTS[p.dev].name}: one at a time"
    if ach in p.done:
        return f"you already developed {a.achievement}; achievements must be unique"
    level = ACH_LEVEL[ach]
    shown = [stack[0] for stack in g.ach_display[level]]
    secret = level == 3 and not p.secret_revealed and p.secret == ach
    if ach not in shown and not secret:
        names = ", ".join(ACHIEVEMENTS[x].name for x in shown) or "none"
        return f"{a.achievement} is not in the display (level {level} shows {names})"
    if not level_allows(p, level):
        return (
            f"{a.achievement} is level {level}: you may not hold more level-{level} achievements "
            f"than level-{level - 1} ones (completed or in development)"
        )
    r = RES_INDEX.get(a.resource)
    if r is None:
        return f"unknown resource {a.resource!r}; resources are F W M S C"
    if not p.pool[r]:
        return f"you have no {a.resource} in your pool to place on it"
    cost = ACHIEVEMENTS[ach].cost
    if not accepts(cost, [0, 0, 0, 0, 0], r):
        return f"{a.achievement} costs {cost.text()}: it takes no {a.resource}"
    return f"{a.achievement} cannot be started with {a.resource} now"


def _abandon(g: GameState, a: Abandon) -> str | None:
    p = g.players[g.active]
    if p.dev < 0:
        return "you are not developing anything"
    return "a wonder can never be abandoned once started"


def _technology(g: GameState, tech: int) -> str | None:
    """Why a once-per-turn technology cannot be used now, if it is the technology itself."""
    name = ACHIEVEMENTS[tech].name
    if tech not in g.players[g.active].done:
        return f"you have not completed the technology {name}"
    if g.once_used >> tech & 1:
        return f"you already used {name} this turn (once per turn)"
    return None


def _engineering(g: GameState, a: Engineering) -> str | None:
    if a.card not in KIND_INDEX:
        return f"unknown card {a.card!r}: Engineering names a card kind, e.g. 'Chariot (2 VP)'"
    return _technology(g, ENGINEERING) or f"you hold no {a.card} in hand or archive to trash"


def _mathematics(g: GameState, a: Mathematics) -> str | None:
    if a.card not in TITLE_INDEX:
        return f"unknown card {a.card!r}"
    return _technology(g, MATHEMATICS) or f"you hold no {a.card} in hand or archive to discard"


def _commerce(g: GameState, a: Commerce) -> str | None:
    if a.spend not in RES_INDEX or a.gain not in RES_INDEX:
        return "Commerce spends one resource letter and gains another (F W M S C)"
    reason = _technology(g, COMMERCE)
    if reason:
        return reason
    if a.spend == a.gain:
        return "Commerce turns one resource into a different one"
    if not g.players[g.active].pool[RES_INDEX[a.spend]]:
        return f"you have no {a.spend} in your pool to spend"
    return f"the reserve has no {a.gain} left"


def _philosophy(g: GameState, a: Philosophy) -> str | None:
    return _technology(g, PHILOSOPHY) or "the reserve has no C left"


def _religion(g: GameState, a: Religion) -> str | None:
    reason = _technology(g, RELIGION)
    if reason:
        return reason
    f, t = a.from_, a.to
    if not (0 <= f < NUM_TERRITORIES and 0 <= t < NUM_TERRITORIES):
        return f"territories are numbered 0 to {NUM_TERRITORIES - 1}"
    if g.owner[f] != g.active:
        return f"you have no settlement in territory {f} to move"
    if t not in ADJACENCY[f] or not g.in_play[t]:
        return f"territory {t} is not adjacent to {f} and in play (adjacent: {_numbers(ADJACENCY[f])})"
    if g.marker[t] >= 0:
        return f"territory {t} still has a conquest marker"
    if g.owner[t] not in (-1, g.active):
        return f"territory {t} is held by an opponent"
    return f"territory {t} already holds {MAX_SETTLEMENTS_PER_TERRITORY} settlements"


def _trade(g: GameState, a: Trade) -> str | None:
    if not g.config.trading:
        return "trading coins for resources is the optional Trading rule, not in play in this game"
    if a.resource not in RES_INDEX:
        return f"unknown resource {a.resource!r}; resources are F W M S C"
    coins = g.players[g.active].coins
    if coins < COINS_PER_RESOURCE:
        return f"a resource costs {COINS_PER_RESOURCE} coins and you have {coins}"
    return f"the reserve has no {a.resource} left"


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
    return f"you do not hold the cards {_cards(a.cards)} (in hand or archive)"


def _surrender(g: GameState, a: Surrender) -> str | None:
    n = g.combat[5] if g.combat else 0
    if len(a.discard) > n:
        return f"you may discard at most {n} cards (as many as the attacker played)"
    return f"you do not hold the cards {_cards(a.discard)} (in hand or archive)"


#: the explainer of each action type (it takes an action of that type)
_EXPLAINERS: dict[type[Action], Callable[[GameState, Any], str | None]] = {
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
    Commerce: _commerce,
    Philosophy: _philosophy,
    Religion: _religion,
    Trade: _trade,
    EndTurn: _end,
    Fight: _defence,
    Surrender: _surrender,
}
