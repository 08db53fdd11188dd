"""Ranks and results when a game ends normally, on a forfeit, or on an abort."""

from __future__ import annotations

from altay_cli.engine import CATEGORIES


def rank_seats(scores: list[dict[str, int]], forfeits: list[int] | None = None) -> list[int]:
    """1-based ranks: total VP, then the categories in rulebook order; equal keys share a rank.

    Seats that forfeited are ranked after every other seat (sharing the rank after the last).
    """
    out = set(forfeits or ())
    keys = [(s["total"], *(s[c] for c in CATEGORIES)) for s in scores]
    playing = [seat for seat in range(len(scores)) if seat not in out]
    ranks = []
    for seat, key in enumerate(keys):
        if seat in out:
            ranks.append(len(playing) + 1)
        else:
            ranks.append(1 + sum(1 for other in playing if keys[other] > key))
    return ranks


def winners(ranks: list[int], forfeits: list[int] | None = None) -> list[int]:
    out = set(forfeits or ())
    return [seat for seat, r in enumerate(ranks) if r == 1 and seat not in out]
