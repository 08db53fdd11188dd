"""Legal action generation: the finite, deterministic list for whoever must decide now.

The order is stable (by action family, then by card/territory/resource order), so an index
into the list means the same action on every machine.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
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
from .data import (
    ACH_LEVEL,
    ACHIEVEMENTS,
    ADJACENCY,
    ARCHIVE_AS_HAND,
    ARCHIVE_CAPACITY,
    ARCHIVE_USABLE_ON_DEFENCE,
    ATK_OF,
    COINS_PER_RESOURCE,
    COLLECT_OF,
    COMBAT_TITLES,
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
    KIND_TITLE,
    KINDS,
    LEADERSHIP,
    MATHEMATICS,
    MAX_SETTLEMENTS_PER_TERRITORY,
    NUM_TERRITORIES,
    PHILOSOPHY,
    RELIGION,
    RESOURCES,
    SHOP_TITLES,
    STORE_OF,
    TITLE_INDEX,
    TITLES,
    WRITING,
    Cost,
)
from .observation import Phase

if TYPE_CHECKING:
    from .state import GameState, PlayerState

C = 4
VILLAGE = TITLE_INDEX["Village"]
_TITLE_NAMES = tuple(t.name for t in TITLES)


#: per title, each effect as legal_main reads it: its kind, the terrain of an E_TERRAIN effect
#: (else -1), its Play action and its Play actions naming each resource (Shaman): actions are
#: frozen, so one of each serves every state
_PLAYS: tuple[tuple[tuple[str, int, Play, tuple[Play, ...]], ...], ...] = tuple(
    tuple(
        (
            eff.kind,
            eff.pair()[1] if eff.kind == E_TERRAIN else -1,
            Play(_TITLE_NAMES[t], i),
            tuple(Play(_TITLE_NAMES[t], i, res) for res in RESOURCES),
        )
        for i, eff in enumerate(title.effects)
    )
    for t, title in enumerate(TITLES)
)


def generate_legal(g: GameState) -> list[Action]:
    by_phase = _LEGAL_BY_PHASE.get(g.phase)  # a dict, not a chain of Phase.X: enum lookups cost
    return by_phase(g) if by_phase is not None else []


def _legal_settle(g: GameState) -> list[Action]:
    return [Settle(t) for t in g.settle_targets(g.active)]


def _legal_faction(g: GameState) -> list[Action]:
    taken = {p.faction for p in g.players}
    return [ChooseFaction(f) for i, f in enumerate(FACTIONS) if i not in taken]


def _legal_start(g: GameState) -> list[Action]:
    return [ChooseStart(t) for t in free_farmlands(g)]


def free_farmlands(g: GameState) -> list[int]:
    return [t for t in range(6) if g.in_play[t] and g.owner[t] < 0]


# ---------------------------------------------------------------------------- main phase
def legal_main(g: GameState) -> list[Action]:
    seat = g.active
    p = g.players[seat]
    out: list[Action] = []
    pool = p.pool
    reserve = g.reserve

    # Title counts in hand and archive (archived cards play as if in hand).
    counts: dict[int, int] = {}
    for k in p.hand:
        t = KIND_TITLE[k]
        counts[t] = counts.get(t, 0) + 1
    for k in p.archive:
        t = KIND_TITLE[k]
        counts[t] = counts.get(t, 0) + 1
    titles = sorted(counts)

    # 1. Play a card for one of its effects.
    on_table = {KIND_TITLE[tc.kind] for tc in p.table}
    for t in titles:
        for kind, terrain, play, by_resource in _PLAYS[t]:
            if kind in (E_PRODUCE, E_DRAW):
                out.append(play)
            elif kind == E_TERRAIN:
                if g.unused_terrain(seat, terrain) > 0:
                    out.append(play)
            elif kind in (E_STORE, E_COLLECT):
                if t not in on_table:
                    out.append(play)
            elif kind == E_SETTLER_FILL:
                if VILLAGE in on_table and g.unused_terrain(seat, FARMLAND) > 0:
                    out.append(play)
            elif kind == E_SHAMAN and len(p.cap_markers) > p.consumed:
                for r in range(5):
                    if reserve[r]:
                        out.append(by_resource[r])

    # 2. Attack.
    combat = [(t, counts.get(t, 0)) for t in COMBAT_TITLES]
    if any(c for _, c in combat):
        legal_attacks(g, seat, p, combat, out)

    # 3. Place a pool resource on a table card or the achievement in development.
    if any(pool):
        for r in range(5):
            if not pool[r]:
                continue
            res = RESOURCES[r]
            for tc in p.table:
                if accepts_table(tc.kind, tc.placed, r):
                    out.append(Place(_TITLE_NAMES[KIND_TITLE[tc.kind]], res))
            if p.dev >= 0 and accepts(ACHIEVEMENTS[p.dev].cost, p.dev_placed, r):
                out.append(Place("achievement", res))

    # 4. Release a store card.
    for tc in p.table:
        if STORE_OF[KIND_TITLE[tc.kind]] is not None and any(tc.placed):
            out.append(Release(_TITLE_NAMES[KIND_TITLE[tc.kind]]))

    # 5. Buy a card.
    if any(pool):
        bought = g.bought
        for si, stack in enumerate(g.shop):
            t = SHOP_TITLES[si]
            if stack and not bought >> t & 1:
                out.extend(_buys(t, stack[-1], pool))

    # 6. Develop an achievement; abandon a technology.
    if p.dev < 0:
        if any(pool):
            legal_develop(g, p, out)
    elif ACH_LEVEL[p.dev] < 3:
        out.append(Abandon())

    # 7. Technology abilities.
    done = p.done
    used = g.once_used
    if done:
        held = p.hand + p.archive if ARCHIVE_AS_HAND else p.hand  # archived cards as if in hand
        if ENGINEERING in done and not used >> ENGINEERING & 1 and held:
            for k in sorted(set(held)):
                out.append(Engineering(KINDS[k].name))
        if MATHEMATICS in done and not used >> MATHEMATICS & 1 and held:
            for t in sorted({KIND_TITLE[k] for k in held}):
                out.append(Mathematics(_TITLE_NAMES[t]))
        if COMMERCE in done and not used >> COMMERCE & 1:
            for r in range(5):
                if pool[r]:
                    for r2 in range(5):
                        if r2 != r and reserve[r2]:
                            out.append(Commerce(RESOURCES[r], RESOURCES[r2]))
        if PHILOSOPHY in done and not used >> PHILOSOPHY & 1 and reserve[C]:
            out.append(Philosophy())
        if RELIGION in done and not used >> RELIGION & 1:
            legal_religion(g, seat, out)

    # 8. Trading variant: 5 coins for a resource.
    if p.coins >= COINS_PER_RESOURCE:
        for r in range(5):
            if reserve[r]:
                out.append(Trade(RESOURCES[r]))

    # 9. End the turn (with Writing: optionally archive one hand card).
    out.append(EndTurn())
    if WRITING in done and len(p.archive) < ARCHIVE_CAPACITY and p.hand:
        for t in sorted({KIND_TITLE[k] for k in p.hand}):
            out.append(EndTurn(_TITLE_NAMES[t]))
    return out


def accepts(cost: Cost, placed: list[int], r: int) -> bool:
    """Whether one more `r` fits on a card with this cost and these resources placed."""
    exact = cost.exact
    if placed[r] < exact[r]:
        return True
    if cost.wms and 1 <= r <= 3:
        overflow = 0
        for x in (1, 2, 3):
            if placed[x] > exact[x]:
                overflow += placed[x] - exact[x]
        return overflow < cost.wms
    return False


def is_filled(cost: Cost, placed: list[int]) -> bool:
    return sum(placed) == cost.total


def accepts_table(kind: int, placed: list[int], r: int) -> bool:
    t = KIND_TITLE[kind]
    store = STORE_OF[t]
    if store is not None:
        capacity, only = store
        return sum(placed) < capacity and (only < 0 or only == r)
    collect = COLLECT_OF[t]
    return collect is not None and accepts(collect[0], placed, r)


def payments(cost: Cost, pool: list[int]) -> list[str]:
    """Every distinct way to pay `cost` from `pool`, as canonical letter strings."""
    exact = cost.exact
    for r in range(5):
        if pool[r] < exact[r]:
            return []
    base = "".join(RESOURCES[r] * exact[r] for r in range(5))
    w = cost.wms
    if not w:
        return [base]
    spare = [pool[r] - exact[r] for r in (1, 2, 3)]
    if sum(spare) < w:
        return []
    out = []
    for a in range(min(w, spare[0]), -1, -1):
        for b in range(min(w - a, spare[1]), -1, -1):
            c = w - a - b
            if c <= spare[2]:
                extra = [exact[0], exact[1] + a, exact[2] + b, exact[3] + c, exact[4]]
                out.append("".join(RESOURCES[r] * extra[r] for r in range(5)))
    return out


#: (title, kind, pool) -> the Buy actions paying for it: actions are frozen, so one tuple serves
#: every state with that pool (emptied when full: pools are small, so it rarely is)
_BUYS: dict[tuple[int, int, tuple[int, ...]], tuple[Buy, ...]] = {}
_CACHE_LIMIT = 1 << 16


def _buys(title: int, kind: int, pool: list[int]) -> tuple[Buy, ...]:
    """Every way to buy the card `kind` of display stack `title` from `pool`, as `payments`."""
    key = (title, kind, tuple(pool))
    buys = _BUYS.get(key)
    if buys is None:
        cost = KINDS[kind].cost
        assert cost is not None, "the display holds no starting card"
        name = _TITLE_NAMES[title]
        buys = tuple(Buy(name, pay) for pay in payments(cost, pool))
        if len(_BUYS) >= _CACHE_LIMIT:
            _BUYS.clear()
        _BUYS[key] = buys
    return buys


def level_allows(p: PlayerState, level: int) -> bool:
    """No more achievements of a level than of the level below (completed or in development)."""
    if level == 1:
        return True
    have = [0, 0, 0, 0]
    for a in p.done:
        have[ACH_LEVEL[a]] += 1
    if p.dev >= 0:
        have[ACH_LEVEL[p.dev]] += 1
    return have[level] + 1 <= have[level - 1]


def legal_develop(g: GameState, p: PlayerState, out: list[Action]) -> None:
    pool = p.pool
    zero = [0, 0, 0, 0, 0]
    for level in (1, 2, 3):
        if not level_allows(p, level):
            continue
        candidates = [stack[0] for stack in g.ach_display[level]]
        if level == 3 and not p.secret_revealed and p.secret >= 0:
            candidates.append(p.secret)
        for a in candidates:
            if a in p.done:
                continue
            cost = ACHIEVEMENTS[a].cost
            for r in range(5):
                if pool[r] and accepts(cost, zero, r):
                    out.append(Develop(ACHIEVEMENTS[a].name, RESOURCES[r]))


def attack_strength_bonus(p: PlayerState) -> int:
    return 1 if LEADERSHIP in p.done else 0


def legal_attacks(
    g: GameState, seat: int, p: PlayerState, combat: list[tuple[int, int]], out: list[Action]
) -> None:
    owner = g.owner
    count = g.count
    marker = g.marker
    in_play = g.in_play
    attacked = g.attacked
    bonus = attack_strength_bonus(p)
    options = _attack_options(tuple(combat))
    if not options:
        return
    for f in range(NUM_TERRITORIES):
        if owner[f] != seat:
            continue
        for t in ADJACENCY[f]:
            if not in_play[t] or f * 32 + t in attacked:
                continue
            m = marker[t]
            if m >= 0:
                need = CONQUEST_MARKERS[m][0]
                base = count[f] + bonus
                for cards, icons in options:
                    if base + icons > need:
                        out.append(Attack(f, t, cards))
            elif owner[t] >= 0 and owner[t] != seat:
                for cards, _ in options:
                    out.append(Attack(f, t, cards))


_ATTACK_OPTIONS: dict[tuple[tuple[int, int], ...], list[tuple[tuple[str, ...], int]]] = {}


def _attack_options(combat: tuple[tuple[int, int], ...]) -> list[tuple[tuple[str, ...], int]]:
    """`card_multisets` of the combat cards held, once per holding (the caller only reads it)."""
    options = _ATTACK_OPTIONS.get(combat)
    if options is None:
        options = card_multisets(list(combat), None, ATK_OF)
        if len(_ATTACK_OPTIONS) >= _CACHE_LIMIT:
            _ATTACK_OPTIONS.clear()
        _ATTACK_OPTIONS[combat] = options
    return options


def card_multisets(
    counts: list[tuple[int, int]], max_size: int | None, icons_of: tuple[int, ...]
) -> list[tuple[tuple[str, ...], int]]:
    """Non-empty sub-multisets of titles (as name tuples) with their total icons."""
    ranges = [range(c + 1) for _, c in counts]
    out = []
    for picks in product(*ranges):
        size = sum(picks)
        if size == 0 or (max_size is not None and size > max_size):
            continue
        names: list[str] = []
        icons = 0
        for (t, _), k in zip(counts, picks):
            if k:
                names.extend([_TITLE_NAMES[t]] * k)
                icons += icons_of[t] * k
        out.append((tuple(names), icons))
    return out


def legal_religion(g: GameState, seat: int, out: list[Action]) -> None:
    owner = g.owner
    for f in range(NUM_TERRITORIES):
        if owner[f] != seat:
            continue
        for t in ADJACENCY[f]:
            if not g.in_play[t] or g.marker[t] >= 0:
                continue
            o = owner[t]
            if o == -1 or (o == seat and g.count[t] < MAX_SETTLEMENTS_PER_TERRITORY):
                out.append(Religion(f, t))


# ---------------------------------------------------------------------------- defending
def legal_defend(g: GameState) -> list[Action]:
    assert g.combat is not None, "a defence answers an attack"
    _attacker, defender, _f, _t, _atk, ncards = g.combat
    p = g.players[defender]
    zones = p.hand + p.archive if ARCHIVE_USABLE_ON_DEFENCE else p.hand
    counts: dict[int, int] = {}
    for k in zones:
        t = KIND_TITLE[k]
        counts[t] = counts.get(t, 0) + 1
    out: list[Action] = [Surrender()]
    for names, _ in card_multisets(sorted(counts.items()), ncards, DEF_OF):
        out.append(Surrender(names))
    out.append(Fight())
    defence = [(t, counts[t]) for t in sorted(counts) if DEF_OF[t]]
    for names, _ in card_multisets(defence, None, DEF_OF):
        out.append(Fight(names))
    return out


_LEGAL_BY_PHASE: dict[str, Callable[[GameState], list[Action]]] = {
    Phase.MAIN: legal_main,
    Phase.SETTLE: _legal_settle,
    Phase.DEFEND: legal_defend,
    Phase.FACTION: _legal_faction,
    Phase.START: _legal_start,
}
