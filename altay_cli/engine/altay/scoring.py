"""End-of-game scoring by category (rulebook 'Scoring and winner') and tie-breaks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .data import (
    ACADEMY,
    ACH_LEVEL,
    ACHIEVEMENTS,
    ADJACENCY,
    AMPHITHEATER,
    AQUEDUCT,
    ARK,
    COLOSSUS,
    CONQUEST_MARKERS,
    GREAT_WALL,
    KIND_STARTING,
    KIND_VP,
    MAUSOLEUM,
    NUM_TERRITORIES,
    ROADS,
    SECRET_WONDER_BONUS,
    SIEGE_ENGINE,
    TECH_VP,
    TERRAIN_OF,
    TRIUMPHAL_ARCH,
    WONDER_VP_CAP,
)

if TYPE_CHECKING:
    from .state import GameState

#: Scoring categories in the rulebook's order; ties break on them in this order.
CATEGORIES = (
    "technologies",
    "wonders",
    "action_cards",
    "territories",
    "captured_settlements",
    "conquest_markers",
)


def wonder_value(g: GameState, seat: int, wonder: int) -> int:
    """A wonder's raw end-game VP for `seat`, before the cap of 7."""
    p = g.players[seat]
    owner = g.owner
    count = g.count
    mine = [t for t in range(NUM_TERRITORIES) if owner[t] == seat]
    if wonder == ACADEMY:
        return sum(1 for a in p.done if ACH_LEVEL[a] < 3)
    if wonder == AMPHITHEATER:
        return len(p.owned_cards()) // 4
    if wonder == AQUEDUCT:
        return sum(1 for t in mine if count[t] >= 2)
    if wonder == ARK:
        return sum(1 for t in mine if count[t] == 1)
    if wonder == COLOSSUS:
        return sum(1 for k in p.owned_cards() if KIND_VP[k] > 0)
    if wonder == GREAT_WALL:
        return sum(1 for t in mine if any(owner[u] >= 0 and owner[u] != seat for u in ADJACENCY[t]))
    if wonder == ROADS:
        per_type = [0, 0, 0, 0]
        for t in mine:
            per_type[TERRAIN_OF[t]] += 1
        return max(per_type)
    if wonder == MAUSOLEUM:
        return sum(1 for k in p.owned_cards() if KIND_STARTING[k]) // 2
    if wonder == SIEGE_ENGINE:
        return len(p.cap_settlements)
    if wonder == TRIUMPHAL_ARCH:
        return 1 + len(p.cap_markers) // 2
    raise ValueError(f"not a wonder: {ACHIEVEMENTS[wonder].name}")


def score(g: GameState, seat: int) -> dict[str, int]:
    p = g.players[seat]
    tech = sum(TECH_VP for a in p.done if ACH_LEVEL[a] < 3)
    wonders = 0
    for a in p.done:
        if ACH_LEVEL[a] == 3:
            wonders += min(wonder_value(g, seat, a), WONDER_VP_CAP)
            if a == p.secret:
                wonders += SECRET_WONDER_BONUS
    cards = sum(KIND_VP[k] for k in p.owned_cards())
    territories = 0
    for t in range(NUM_TERRITORIES):
        if g.owner[t] == seat:
            territories += 1 + g.vp_marker[t]
    captured = len(p.cap_settlements)
    markers = sum(CONQUEST_MARKERS[m][0] for m in p.cap_markers) // 3
    out = {
        "technologies": tech,
        "wonders": wonders,
        "action_cards": cards,
        "territories": territories,
        "captured_settlements": captured,
        "conquest_markers": markers,
    }
    out["total"] = sum(out.values())
    return out


def score_all(g: GameState) -> list[dict[str, int]]:
    return [score(g, seat) for seat in range(g.n)]


def rank_seats(scores: Sequence[dict[str, int]], forfeits: Sequence[int] = ()) -> list[int]:
    """1-based ranks: total VP, then the categories in rulebook order; equal keys share a rank.

    Seats that forfeited are ranked after every other seat (sharing the rank after the last).
    """
    out = set(forfeits)
    keys = [(s["total"], *(s[c] for c in CATEGORIES)) for s in scores]
    playing = [seat for seat in range(len(scores)) if seat not in out]
    ranks = []
    for seat, key in enumerate(keys):
        if seat in out:
            ranks.append(len(playing) + 1)
        else:
            ranks.append(1 + sum(1 for other in playing if keys[other] > key))
    return ranks


def final_result(g: GameState) -> dict:
    scores = score_all(g)
    r = rank_seats(scores)
    return {
        "finished": g.is_terminal,
        "end_reason": g.end_reason,
        "rounds": g.round,
        "turns": g.turns,
        "scores": scores,
        "ranks": r,
        "winners": [seat for seat in range(g.n) if r[seat] == 1],
    }
