"""State transitions: one function per action type, called only with a legal action.

`GameState.apply` checks legality against the generated list first, so these functions
trust their input. `explain_illegal` builds the message for a refused action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

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
from .config import SETUP_RECOMMENDED
from .data import (
    ACH_INDEX,
    ACH_LEVEL,
    ACHIEVEMENTS,
    ARCHIVE_USABLE_ON_DEFENCE,
    ATK_OF,
    COINS_PER_RESOURCE,
    COLLECT_OF,
    COMMERCE,
    CONQUEST_MARKERS,
    DEF_OF,
    E_COLLECT,
    E_DRAW,
    E_PRODUCE,
    E_SETTLER_FILL,
    E_SHAMAN,
    E_STORE,
    E_TERRAIN,
    ENGINEERING,
    FACTIONS,
    FARMLAND,
    HAND_SIZE,
    KIND_INDEX,
    KIND_TITLE,
    LEADERSHIP,
    MASONRY,
    MATHEMATICS,
    PHILOSOPHY,
    RECOMMENDED_FARMLANDS,
    RELIGION,
    RES_INDEX,
    SHOP_TITLES,
    STARTING_DECKS,
    STRATEGY,
    TECH_CARRIES_SETTLEMENT,
    TITLE_INDEX,
    TITLES,
)
from .legal import is_filled
from .observation import EndReason, Phase

if TYPE_CHECKING:
    from .state import GameState, PlayerState

VILLAGE = TITLE_INDEX["Village"]
_TURN_PHASES = frozenset((Phase.MAIN, Phase.SETTLE, Phase.DEFEND))  # set membership: enum lookups cost
C = 4


def apply_action(g: GameState, action: Action) -> None:
    _HANDLERS[type(action)](g, action)
    if g.end_trigger is None and g.phase in _TURN_PHASES:
        check_end_trigger(g)


def check_end_trigger(g: GameState) -> None:
    """The game ends after the round in which a player has nothing left to place or no board presence."""
    for i, p in enumerate(g.players):
        if p.on_board == 0:
            g.end_trigger = EndReason.NO_SETTLEMENTS_ON_BOARD
            return
        if p.supply == 0 and not p.dev_settlement and not (i == g.active and g.pending_builds):
            g.end_trigger = EndReason.SETTLEMENTS_EXHAUSTED
            return


# ---------------------------------------------------------------------------- setup
def _faction(g: GameState, a: ChooseFaction) -> None:
    g.players[g.seat].faction = FACTIONS.index(a.faction)
    g.setup_queue.pop(0)
    if g.setup_queue:
        g.seat = g.setup_queue[0]
    else:
        begin_start_choice(g)


def _start(g: GameState, a: ChooseStart) -> None:
    place_start(g, g.seat, a.territory)
    g.setup_queue.pop(0)
    if g.setup_queue:
        g.seat = g.setup_queue[0]
    else:
        finish_setup(g)


def begin_start_choice(g: GameState) -> None:
    """After factions: start farmlands in reverse order, or the recommended ones."""
    order = [(g.first + i) % g.n for i in range(g.n)]
    if g.config.setup == SETUP_RECOMMENDED:
        for seat, t in zip(order, RECOMMENDED_FARMLANDS[g.n]):
            place_start(g, seat, t)
        finish_setup(g)
        return
    g.phase = Phase.START
    g.setup_queue = order[::-1]
    g.seat = g.setup_queue[0]


def place_start(g: GameState, seat: int, t: int) -> None:
    """Place the first settlement; the conquest marker there is discarded, value ignored."""
    p = g.players[seat]
    if g.marker[t] >= 0:
        g.box_markers.append(g.marker[t])
        g.box_markers.sort()
        g.marker[t] = -1
    p.supply -= 1
    g.put_settlement(seat, t)


def finish_setup(g: GameState) -> None:
    """Shuffle starting decks, draw opening hands, and begin the first player's turn."""
    for p in g.players:
        p.deck = list(STARTING_DECKS[p.faction])
        g.rng.shuffle(p.deck)
        g.draw(p, HAND_SIZE)
    g.setup_queue = []
    g.phase = Phase.MAIN
    g.active = g.seat = g.first
    g.round = 1


# ---------------------------------------------------------------------------- cards
def take_card(p: PlayerState, title: int) -> int:
    """Take a card of `title` from hand, else from the archive (hand first is never worse)."""
    kind = p.take_title_from(p.hand, title)
    if kind < 0:
        kind = p.take_title_from(p.archive, title)
    return kind


def _play(g: GameState, a: Play) -> None:
    p = g.players[g.active]
    title = TITLE_INDEX[a.card]
    eff = TITLES[title].effects[a.effect]
    kind = take_card(p, title)
    ek = eff.kind
    if ek in (E_STORE, E_COLLECT):
        p.lay_on_table(kind)
        return
    p.discard.append(kind)
    if ek == E_PRODUCE:
        g.produce(p, eff.number(), 1)
    elif ek == E_TERRAIN:
        res, terrain = eff.pair()
        g.terrain_used[terrain] += 1
        g.produce(p, res, 2)
    elif ek == E_DRAW:
        g.draw(p, 1)
    elif ek == E_SETTLER_FILL:
        g.terrain_used[FARMLAND] += 1
        i = p.table_index(VILLAGE)
        complete_collect(g, p, i)
    elif ek == E_SHAMAN:
        p.consumed += 1
        assert a.resource is not None, "a legal Shaman play names its resource"
        g.produce(p, RES_INDEX[a.resource], 1)


def complete_collect(g: GameState, p: PlayerState, i: int) -> None:
    """A settlement card is filled: its resources return to the reserve, then build."""
    tc = p.table.pop(i)
    for r in range(5):
        g.reserve[r] += tc.placed[r]
    p.discard.append(tc.kind)
    collect = COLLECT_OF[KIND_TITLE[tc.kind]]
    assert collect is not None, "only a settlement card is collected"
    g.queue_builds(p, collect[1])


def _place(g: GameState, a: Place) -> None:
    p = g.players[g.active]
    r = RES_INDEX[a.resource]
    p.pool[r] -= 1
    if a.on == "achievement":
        p.dev_placed[r] += 1
        if is_filled(ACHIEVEMENTS[p.dev].cost, p.dev_placed):
            complete_achievement(g, p)
        return
    i = p.table_index(TITLE_INDEX[a.on])
    tc = p.table[i]
    tc.placed[r] += 1
    collect = COLLECT_OF[KIND_TITLE[tc.kind]]
    if collect is not None and is_filled(collect[0], tc.placed):
        complete_collect(g, p, i)


def complete_achievement(g: GameState, p: PlayerState) -> None:
    a = p.dev
    for r in range(5):
        g.reserve[r] += p.dev_placed[r]
    p.dev_placed = [0, 0, 0, 0, 0]
    p.done.append(a)
    p.dev = -1
    builds = 0
    if p.dev_settlement:
        p.dev_settlement = False
        p.supply += 1  # back in hand for a moment, then placed like any built settlement
        builds += 1
    if a == MASONRY:
        builds += 1
    if builds:
        g.queue_builds(p, builds)


def _release(g: GameState, a: Release) -> None:
    p = g.players[g.active]
    i = p.table_index(TITLE_INDEX[a.card])
    tc = p.table.pop(i)
    for r in range(5):
        p.pool[r] += tc.placed[r]
    p.discard.append(tc.kind)


def _buy(g: GameState, a: Buy) -> None:
    p = g.players[g.active]
    title = TITLE_INDEX[a.card]
    stack = g.shop[SHOP_TITLES.index(title)]
    for ch in a.pay:
        r = RES_INDEX[ch]
        p.pool[r] -= 1
        g.reserve[r] += 1
    p.discard.append(stack.pop())
    g.bought |= 1 << title


def _develop(g: GameState, a: Develop) -> None:
    p = g.players[g.active]
    ach = ACH_INDEX[a.achievement]
    level = ACH_LEVEL[ach]
    if ach == p.secret and not p.secret_revealed:
        p.secret_revealed = True
    else:
        display = g.ach_display[level]
        for i, stack in enumerate(display):
            if stack[0] == ach:
                stack[1] -= 1
                if stack[1] == 0:
                    display.pop(i)
                    g.refill_display(level)
                break
    p.dev = ach
    p.dev_placed = [0, 0, 0, 0, 0]
    if level < 3 and TECH_CARRIES_SETTLEMENT and p.supply > 0:
        p.supply -= 1
        p.dev_settlement = True
    r = RES_INDEX[a.resource]
    p.pool[r] -= 1
    p.dev_placed[r] += 1
    if is_filled(ACHIEVEMENTS[ach].cost, p.dev_placed):
        complete_achievement(g, p)


def _abandon(g: GameState, a: Abandon) -> None:
    p = g.players[g.active]
    for r in range(5):
        g.reserve[r] += p.dev_placed[r]
    p.dev_placed = [0, 0, 0, 0, 0]
    if p.dev_settlement:
        p.dev_settlement = False
        p.supply += 1
    p.abandoned.append(p.dev)
    p.dev = -1


def _settle(g: GameState, a: Settle) -> None:
    g.put_settlement(g.active, a.territory)
    g.pending_builds -= 1
    g.resolve_builds()


# ---------------------------------------------------------------------------- technologies
def _engineering(g: GameState, a: Engineering) -> None:
    p = g.players[g.active]
    kind = KIND_INDEX[a.card]
    (p.hand if kind in p.hand else p.archive).remove(kind)  # archived cards are as if in hand
    p.trashed.append(kind)
    g.once_used |= 1 << ENGINEERING
    g.draw(p, 1)


def _mathematics(g: GameState, a: Mathematics) -> None:
    p = g.players[g.active]
    p.discard.append(take_card(p, TITLE_INDEX[a.card]))
    g.once_used |= 1 << MATHEMATICS
    g.draw(p, 1)


def _commerce(g: GameState, a: Commerce) -> None:
    p = g.players[g.active]
    r = RES_INDEX[a.spend]
    p.pool[r] -= 1
    g.reserve[r] += 1
    g.once_used |= 1 << COMMERCE
    g.produce(p, RES_INDEX[a.gain], 1)


def _philosophy(g: GameState, a: Philosophy) -> None:
    g.once_used |= 1 << PHILOSOPHY
    g.produce(g.players[g.active], C, 1)


def _religion(g: GameState, a: Religion) -> None:
    g.once_used |= 1 << RELIGION
    g.lose_settlement(g.active, a.from_)
    g.put_settlement(g.active, a.to)


def _trade(g: GameState, a: Trade) -> None:
    p = g.players[g.active]
    p.coins -= COINS_PER_RESOURCE
    g.produce(p, RES_INDEX[a.resource], 1)


# ---------------------------------------------------------------------------- combat
def _attack(g: GameState, a: Attack) -> None:
    seat = g.active
    p = g.players[seat]
    g.attacked.add(a.from_ * 32 + a.to)
    icons = 0
    for name in a.cards:
        title = TITLE_INDEX[name]
        p.discard.append(take_card(p, title))
        icons += ATK_OF[title]
    strength = g.count[a.from_] + icons + (1 if LEADERSHIP in p.done else 0)
    m = g.marker[a.to]
    if m >= 0:
        value, res = CONQUEST_MARKERS[m]
        g.marker[a.to] = -1
        p.cap_markers.append(m)
        if res >= 0:
            g.produce(p, res, 1)
        g.last_combat = {
            "attacker": seat,
            "defender": None,
            "from": a.from_,
            "to": a.to,
            "cards": list(a.cards),
            "attack": strength,
            "defence": value,
            "winner": seat,
        }
        return
    defender = g.owner[a.to]
    g.combat = (seat, defender, a.from_, a.to, strength, len(a.cards))
    g.last_combat = None
    g.phase = Phase.DEFEND
    g.seat = defender


def _defend_done(g: GameState, surrendered: bool, cards: tuple[str, ...]) -> None:
    assert g.combat is not None, "a defence answers an attack"
    attacker, defender, f, t, strength, _n = g.combat
    d = g.players[defender]
    icons = 0
    for name in cards:
        title = TITLE_INDEX[name]
        d.discard.append(
            take_card(d, title) if ARCHIVE_USABLE_ON_DEFENCE else d.take_title_from(d.hand, title)
        )
        icons += DEF_OF[title]
    if surrendered:
        defence = None
        winner = attacker
    else:
        defence = g.count[t] + icons + (1 if STRATEGY in d.done else 0)
        winner = attacker if strength > defence else defender if defence > strength else -1
    if winner == attacker:
        g.lose_settlement(defender, t)
        g.players[attacker].cap_settlements.append(defender)
    elif winner == defender:
        g.lose_settlement(attacker, f)
        d.cap_settlements.append(attacker)
    g.draw(d, len(cards))
    g.last_combat = {
        "attacker": attacker,
        "defender": defender,
        "from": f,
        "to": t,
        "attack": strength,
        "surrendered": surrendered,
        "defence": defence,
        "defender_cards": len(cards),
        "winner": None if winner < 0 else winner,
    }
    g.combat = None
    g.phase = Phase.MAIN
    g.seat = g.active


def _surrender(g: GameState, a: Surrender) -> None:
    _defend_done(g, True, a.discard)


def _fight(g: GameState, a: Fight) -> None:
    _defend_done(g, False, a.cards)


# ---------------------------------------------------------------------------- end of turn
def _end(g: GameState, a: EndTurn) -> None:
    p = g.players[g.active]
    if a.archive is not None:
        p.archive.append(p.take_title_from(p.hand, TITLE_INDEX[a.archive]))
    pool = p.pool
    if g.config.trading:
        p.coins += sum(pool)
    for r in range(5):
        g.reserve[r] += pool[r]
    p.pool = [0, 0, 0, 0, 0]
    p.discard.extend(p.hand)
    p.hand = []
    g.end_turn_draw(p)
    g.turns += 1
    g.bought = 0
    g.attacked = set()
    g.terrain_used = [0, 0, 0, 0]
    g.once_used = 0
    g.last_combat = None
    nxt = (g.active + 1) % g.n
    if nxt == g.first:
        if g.end_trigger is not None:
            finish(g, g.end_trigger)
            return
        if g.round >= g.config.max_rounds:
            finish(g, EndReason.ROUND_LIMIT)
            return
        g.round += 1
    g.active = g.seat = nxt


def finish(g: GameState, reason: str) -> None:
    g.phase = Phase.OVER
    g.end_reason = reason


_HANDLERS: dict[type, Callable] = {
    ChooseFaction: _faction,
    ChooseStart: _start,
    Play: _play,
    Attack: _attack,
    Place: _place,
    Release: _release,
    Buy: _buy,
    Develop: _develop,
    Abandon: _abandon,
    Settle: _settle,
    Engineering: _engineering,
    Mathematics: _mathematics,
    Commerce: _commerce,
    Philosophy: _philosophy,
    Religion: _religion,
    Trade: _trade,
    EndTurn: _end,
    Surrender: _surrender,
    Fight: _fight,
}
