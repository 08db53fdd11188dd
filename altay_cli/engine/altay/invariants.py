"""Conservation checks: nothing is created or lost except where a rule says so.

`check_invariants(g)` returns a list of violations (empty when the state is sound). The
property tests run it after every action; `altay replay --strict` can run it on a log.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .data import (
    ACH_LEVEL,
    COPIES_PER_TYPE,
    MAX_SETTLEMENTS_PER_TERRITORY,
    NUM_ACHIEVEMENTS,
    NUM_MARKERS,
    NUM_TERRITORIES,
    SETTLEMENTS_PER_PLAYER,
    SHOP_TITLES,
    STARTING_DECKS,
    TITLE_KINDS,
    TOKENS_PER_RESOURCE,
    VP_MARKER_TERRITORIES,
)
from .observation import Phase

if TYPE_CHECKING:
    from .state import GameState

TECH_COPIES_PRINTED = 4


def expected_cards(g: GameState) -> Counter[int]:
    """Every action card kind in this game: the 11 types' copies plus the dealt starting decks."""
    want: Counter[int] = Counter()
    for title in SHOP_TITLES:
        kinds = TITLE_KINDS[title]
        want[kinds[0]] += COPIES_PER_TYPE - (len(kinds) - 1)
        for k in kinds[1:]:
            want[k] += 1
    if g.phase not in (Phase.FACTION, Phase.START):
        for p in g.players:
            want.update(STARTING_DECKS[p.faction])
    return want


def check_invariants(g: GameState) -> list[str]:
    errors: list[str] = []

    # Resource tokens: 16 of each, in the reserve, pools, table cards or achievements.
    total = g.reserve[:]
    for p in g.players:
        for r in range(5):
            total[r] += p.pool[r] + p.dev_placed[r] + sum(tc.placed[r] for tc in p.table)
    if total != [TOKENS_PER_RESOURCE] * 5:
        errors.append(f"resource tokens {total} != 16 of each")
    for seat, p in enumerate(g.players):
        if seat != g.active and any(p.pool):
            errors.append(f"seat {seat} holds a pool {p.pool} outside its turn")
        if min(p.pool) < 0 or min(g.reserve) < 0:
            errors.append("negative resource count")

    # Settlements: 15 per player, wherever they are.
    captured_from = Counter(s for p in g.players for s in p.cap_settlements)
    for seat, p in enumerate(g.players):
        on_board = sum(g.count[t] for t in range(NUM_TERRITORIES) if g.owner[t] == seat)
        if on_board != p.on_board:
            errors.append(f"seat {seat}: on_board counter {p.on_board} != board {on_board}")
        in_transit = g.pending_builds if seat == g.active else 0
        n = p.supply + on_board + int(p.dev_settlement) + in_transit + captured_from[seat] + p.removed
        if n != SETTLEMENTS_PER_PLAYER:
            errors.append(f"seat {seat}: settlements account for {n}, not {SETTLEMENTS_PER_PLAYER}")
        if p.supply < 0:
            errors.append(f"seat {seat}: negative supply")
    for t in range(NUM_TERRITORIES):
        c, o = g.count[t], g.owner[t]
        if not 0 <= c <= MAX_SETTLEMENTS_PER_TERRITORY:
            errors.append(f"territory {t} holds {c} settlements")
        if (c == 0) != (o == -1):
            errors.append(f"territory {t}: owner {o} with {c} settlements")
        if c and (g.marker[t] >= 0 or not g.in_play[t]):
            errors.append(f"territory {t}: settlements beside a marker or out of play")

    # Action cards.
    have: Counter[int] = Counter(g.box_kinds)
    for stack in g.shop:
        have.update(stack)
    for p in g.players:
        have.update(p.hand)
        have.update(p.deck)
        have.update(p.discard)
        have.update(p.archive)
        have.update(p.trashed)
        have.update(tc.kind for tc in p.table)
    if have != expected_cards(g):
        diff = (have - expected_cards(g)) + (expected_cards(g) - have)
        errors.append(f"action cards do not add up (difference {dict(diff)})")

    # Achievement cards.
    ach: Counter[int] = Counter(g.box_achievements)
    for level in (1, 2, 3):
        ach.update(g.ach_deck[level])
        for a, c in g.ach_display[level]:
            ach[a] += c
    for p in g.players:
        ach.update(p.done)
        ach.update(p.abandoned)
        if p.dev >= 0:
            ach[p.dev] += 1
        if p.secret >= 0 and not p.secret_revealed:
            ach[p.secret] += 1
    for a in range(NUM_ACHIEVEMENTS):
        want = TECH_COPIES_PRINTED if ACH_LEVEL[a] < 3 else 1
        if ach[a] != want:
            errors.append(f"achievement {a}: {ach[a]} copies, not {want}")

    # Conquest markers: each of the 33 exactly once.
    markers = [m for m in g.marker if m >= 0] + g.box_markers
    for p in g.players:
        markers.extend(p.cap_markers)
        if not 0 <= p.consumed <= len(p.cap_markers):
            errors.append("consumed more conquest markers than captured")
    if sorted(markers) != list(range(NUM_MARKERS)):
        errors.append(f"conquest markers do not add up ({len(markers)} found)")

    # Victory point markers stay where setup put them.
    vp = [t for t in range(NUM_TERRITORIES) if g.vp_marker[t]]
    if vp != sorted(VP_MARKER_TERRITORIES[g.n]):
        errors.append(f"VP markers on {vp}")
    return errors
