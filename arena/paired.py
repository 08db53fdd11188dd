"""Cooperative bots compared on the same deals: McNemar's exact test.

In a cooperative game every bot of a `--teams self` (or `both`) arena leads the whole team on
each deal, so two bots' results pair up deal by deal. Deals both won or both lost say nothing
about which bot is better; the test looks only at the deals one won and the other lost. Under
the hypothesis that the two are equally good, each such deal goes either way with probability
1/2, so the p-value is an exact two-sided binomial tail. A win rate of a few percent needs this:
two Wilson intervals of 5% and 15% over 60 deals overlap, yet 10 deals won by one bot alone
against 1 by the other is a clear difference (p 0.012).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

#: The level at which the report calls a difference shown.
LEVEL = 0.05


class PairedTeams(msgspec.Struct, frozen=True):
    """Two bots' team results on the deals each played alone (once)."""

    a: str
    b: str
    deals: int  # deals both played alone, once each
    both_won: int
    a_only: int  # deals a won and b lost
    b_only: int  # deals b won and a lost
    p_value: float  # McNemar's exact two-sided test

    @property
    def verdict(self) -> str:
        if self.p_value >= LEVEL or self.a_only == self.b_only:
            return "no difference shown"
        better = self.a if self.a_only > self.b_only else self.b
        return f"{better} better (p < {LEVEL:g})"


def mcnemar_exact(a_only: int, b_only: int) -> float:
    """The exact two-sided p-value of McNemar's test: the chance, with each discordant deal
    going either way at 1/2, of a split at least as uneven as a_only : b_only."""
    n = a_only + b_only
    if n == 0:
        return 1.0
    k = min(a_only, b_only)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / (1 << n)
    return min(1.0, 2 * tail)


def paired_teams(names: Sequence[str], games: Iterable[tuple[str, int, bool]]) -> list[PairedTeams]:
    """Every pair of `names` (in that order) compared on the deals both played alone exactly
    once; `games` are (bot, deal, won) of the games a bot played in every seat. A deal a bot
    played alone more than once (several seatings) is left out of its pairs: one result each is
    what the test pairs."""
    results: dict[str, dict[int, list[bool]]] = defaultdict(lambda: defaultdict(list))
    for bot, deal, won in games:
        results[bot][deal].append(won)
    once = {bot: {d: r[0] for d, r in deals.items() if len(r) == 1} for bot, deals in results.items()}
    out = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            common = sorted(set(once.get(a, {})) & set(once.get(b, {})))
            if not common:
                continue
            wa = [once[a][d] for d in common]
            wb = [once[b][d] for d in common]
            a_only = sum(1 for x, y in zip(wa, wb, strict=True) if x and not y)
            b_only = sum(1 for x, y in zip(wa, wb, strict=True) if y and not x)
            both = sum(1 for x, y in zip(wa, wb, strict=True) if x and y)
            p_value = round(mcnemar_exact(a_only, b_only), 6)
            out.append(PairedTeams(a, b, len(common), both, a_only, b_only, p_value))
    return out


def paired_as_builtins(pairs: Sequence[PairedTeams]) -> list[dict[str, Any]]:
    return [{**msgspec.to_builtins(p), "verdict": p.verdict} for p in pairs]
