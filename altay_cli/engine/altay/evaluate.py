"""What a search bot needs of Altay besides the rules: a leaf value and a quick playout policy.

`evaluate(g, seat)` scores a position for one seat: its VP (as the final scoring counts them)
plus what is under way (its share of an achievement in development by the resources placed,
resources on settlement cards and in the pool, a little per card owned), less the best other
seat's, squashed into (-1, 1). `playout_action(g, rng)` is the greedy heuristic of
`bots/greedy.py` on the engine's own state and typed actions (no observation is built; the
scores are the same, action for action), ties broken at random: for simulations.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .actions import (
    Action,
    Attack,
    Buy,
    ChooseFaction,
    ChooseStart,
    Commerce,
    Develop,
    EndTurn,
    Fight,
    Philosophy,
    Place,
    Play,
    Release,
    Settle,
    Surrender,
    Trade,
)
from .data import (
    ACH_INDEX,
    ACH_LEVEL,
    ACHIEVEMENTS,
    CONQUEST_MARKERS,
    KIND_TITLE,
    NUM_TERRITORIES,
    SECRET_WONDER_BONUS,
    STRATEGY,
    TITLES,
)
from .scoring import score

if TYPE_CHECKING:
    from .state import GameState

# ---------------------------------------------------------------------------- the greedy policy
BUY_VALUE = {
    "City": 12,
    "Town": 10,
    "Chariot": 8,
    "Worker": 8,
    "Cavalry": 6,
    "Farmer": 5,
    "Woodcutter": 5,
    "Miner": 5,
    "Stonecutter": 4,
    "Scholar": 4,
    "Merchant": 2,
}
COMBAT_ICONS = {"Warrior": 1, "Cavalry": 2, "Chariot": 3}
DEVELOP_VALUE = {
    "Masonry": 9,
    "Strategy": 6,
    "Writing": 5,
    "Engineering": 5,
    "Mathematics": 5,
    "Philosophy": 9,
    "Politics": 8,
    "Leadership": 7,
    "Commerce": 6,
    "Religion": 4,
}
FACTION_VALUE = {"Earthfolk": 4, "Firefolk": 3, "Smallfolk": 2, "Elvenfolk": 1}
_SETTLEMENT_CARDS = frozenset(("Village", "Town", "City"))
_TERRAIN_CARDS = frozenset(("Farmer", "Woodcutter", "Miner", "Stonecutter"))
_STORE_CARDS = frozenset(("Merchant", "Lorekeeper", "Spellweaver"))


def _play_score(a: Play) -> float:
    card, effect = a.card, a.effect
    if card in _SETTLEMENT_CARDS:
        return 900
    if card == "Settler" and effect == 1:
        return 950
    if (card in _STORE_CARDS and effect == 1) or card == "Merchant":
        return 5
    if card in _TERRAIN_CARDS and effect == 1:
        return 850
    if card == "Scholar":
        return 840 if effect == 1 else 700
    if card == "Shaman" and effect == 1:
        return 600
    return 800


def greedy_score(g: GameState, a: Action) -> float:
    """The score `bots/greedy.py` gives an action, computed on the state."""
    scorer = _SCORERS.get(type(a))
    return -1 if scorer is None else scorer(g, a)


def _place_score(g: GameState, a: Place) -> float:
    if a.on == "achievement":
        return 650
    return 700 if a.on in _SETTLEMENT_CARDS else 20


def _settle_score(g: GameState, a: Settle) -> float:
    cell = a.territory
    owner = g.owner[cell]
    if owner < 0:
        value = 10 + 3 * g.vp_marker[cell]
    else:
        value = 2 - g.count[cell]
    return 1000 + value + 0.01 * (NUM_TERRITORIES - cell) + (0.5 if owner == g.seat else 0)


def _buy_score(g: GameState, a: Buy) -> float:
    return 400 + 10 * BUY_VALUE.get(a.card, 1) - len(a.pay)


def _end_score(g: GameState, a: EndTurn) -> float:
    return 0 if a.archive is None else 1


def _attack_score(g: GameState, a: Attack) -> float:
    icons = sum(COMBAT_ICONS.get(c, 0) for c in a.cards)
    m = g.marker[a.to]
    if m >= 0:
        return 750 + 5 * CONQUEST_MARKERS[m][0] - 10 * icons
    margin = g.count[a.from_] + icons - g.count[a.to] - 2
    return 300 + 10 * margin - 5 * icons if margin > 0 else -50


def _develop_score(g: GameState, a: Develop) -> float:
    p = g.players[g.active]
    name = a.achievement
    if p.secret >= 0 and ACH_INDEX[name] == p.secret:
        return 640
    return 600 + DEVELOP_VALUE.get(name, 3)


def _start_score(g: GameState, a: ChooseStart) -> float:
    return 100 - a.territory


def _faction_score(g: GameState, a: ChooseFaction) -> float:
    return FACTION_VALUE[a.faction]


def _defence_score(g: GameState, a: Fight | Surrender) -> float:
    if isinstance(a, Surrender):
        return 10 - len(a.discard)
    combat = g.combat
    assert combat is not None
    _attacker, defender, _f, to, attack, _n = combat
    cards = a.cards
    defence = g.count[to] + (1 if STRATEGY in g.players[defender].done else 0)
    defence += sum(COMBAT_ICONS.get(c, 0) for c in cards)
    if defence > attack:
        return 100 - len(cards)
    if defence == attack:
        return 50 - len(cards)
    return 0


#: The score of each action type (one lookup: playouts score every legal action of every
#: decision); greedy_score gives -1 to a type not here.
_SCORERS: dict[type[Action], Callable[[GameState, Any], float]] = {
    Play: lambda g, a: _play_score(a),
    Place: _place_score,
    Settle: _settle_score,
    Buy: _buy_score,
    EndTurn: _end_score,
    Attack: _attack_score,
    Release: lambda g, a: 780,
    Develop: _develop_score,
    Fight: _defence_score,
    Surrender: _defence_score,
    Philosophy: lambda g, a: 820,
    Commerce: lambda g, a: -10,
    Trade: lambda g, a: 500,
    ChooseStart: _start_score,
    ChooseFaction: _faction_score,
}


def playout_action(g: GameState, rng: random.Random) -> int:
    """The greedy heuristic's choice for whoever decides now, ties broken with `rng`."""
    legal = g.legal_actions()
    if len(legal) == 1:
        return 0
    best = -math.inf
    top: list[int] = []
    for i, a in enumerate(legal):
        s = greedy_score(g, a)
        if s > best:
            best = s
            top = [i]
        elif s == best:
            top.append(i)
    return top[0] if len(top) == 1 else top[rng.randrange(len(top))]


# ---------------------------------------------------------------------------- the leaf value
#: VP a resource is worth where it lies: in the pool it is lost at the end of the turn unless
#: spent; on an achievement or a settlement card it is progress towards VP.
POOL_RESOURCE = 0.15
SETTLEMENT_RESOURCE = 0.4
#: what a finished technology is worth (its VP and its ability) and a wonder (a typical score,
#: under the cap); progress counts for its share of the cost placed
TECH_WORTH = 1.5
WONDER_WORTH = 5.0
#: an owned action card that produces keeps giving (VP cards count in the score already)
CARD_VALUE = 0.25
SCALE = 6.0


def _potential(g: GameState, seat: int) -> float:
    p = g.players[seat]
    value = 0.0
    if p.dev >= 0:
        cost = ACHIEVEMENTS[p.dev].cost.total
        placed = sum(p.dev_placed)
        worth = TECH_WORTH if ACH_LEVEL[p.dev] < 3 else WONDER_WORTH
        if p.dev == p.secret:
            worth += SECRET_WONDER_BONUS
        value += worth * placed / cost
    for tc in p.table:
        if TITLES[KIND_TITLE[tc.kind]].name in _SETTLEMENT_CARDS:
            value += SETTLEMENT_RESOURCE * sum(tc.placed)
    if seat == g.active:
        value += POOL_RESOURCE * sum(p.pool)
    cards = len(p.hand) + len(p.deck) + len(p.discard) + len(p.archive) + len(p.table)
    value += CARD_VALUE * cards
    return value


def value_of(g: GameState, seat: int) -> float:
    """The seat's VP now plus what is under way, in VP."""
    return score(g, seat)["total"] + _potential(g, seat)


def evaluate(g: GameState, seat: int) -> float:
    """The seat's value less the best other seat's, squashed into (-1, 1); once the game is
    over, its final VP only."""
    if g.is_terminal:
        values = [float(score(g, s)["total"]) for s in range(g.n)]
    else:
        values = [value_of(g, s) for s in range(g.n)]
    mine = values[seat]
    best = max(v for s, v in enumerate(values) if s != seat)
    return math.tanh((mine - best) / SCALE)
