"""The leaderboard: ratings plus per-bot, per-seat and per-role statistics, as plain data.

A cooperative game (every seat shares one result) has no ratings and no head-to-head: its bots
are ranked by their team results over the same deals in every seating (win rate with a 95%
Wilson interval, then the average score). A game counts once per bot however many seats it
took; with `--teams self` or `both`, a bot's self-play games (it alone in every seat) and its
games with other bots are also reported apart ("alone" and "mixed"), and every pair of bots is
compared on the deals both played alone (`paired`: the deals one won and the other lost, and
McNemar's exact test of them, arena.paired): with team win rates of a few percent, the Wilson
intervals of two bots overlap long after the same deals show one better.

Counting rules in competitive games (also in the README):
* wins: a game counts as a win for the seats ranked 1; a win shared by k tied seats counts 1/k
  (so the wins of one game always add up to 1, as half points do in chess);
* place: the seat's rank in the game (1 = best, ties share the better rank, a bot that
  forfeits is ranked last); `avg_place` is its mean;
* score: the seat's final total score (its scores' "total", Altay's VP; a forfeiting seat
  keeps the points it had); `avg_score` is its mean;
* head_to_head[a][b]: over the games a and b played together, the share where a finished ahead
  of b (a tie counts one half).

What is noise and what is not (competitive games; also in the report's footer):
* Rating = mu - 3 sigma. mu is OpenSkill's estimate of a bot's skill and sigma its uncertainty
  about mu (one standard deviation, in rating points): "mu ± sigma" is not a confidence interval,
  and neither is a win rate. mu - 3 sigma is a conservative estimate (see arena.ratings).
* win_rate_95: the 95% Wilson score interval of wins / games, a win shared by k seats counting
  1/k, over the games taken as independent. The seatings of one deal are not quite independent,
  so it is a guide; comparisons between two bots go by the head to head below.
* head_to_head_95[a][b]: the share of their games a finished ahead of b (ties 1/2) with a 95%
  interval that treats each deal as one sample (a cluster): all the games of a and b on one deal
  share its set-up, and in a duplicate format the seatings of one deal are correlated on
  purpose. The interval is Wilson's at an effective number of games (Korn and Graubard 1998,
  the usual interval for a clustered proportion): n_eff = p(1 - p) / v, where v is the
  cluster-robust variance of the share p over the m deals,
  v = m / (m - 1) * sum_d (S_d - p n_d)^2 / n^2 (S_d: a's score, n_d: their games on deal d,
  n = sum n_d; with n_d equal, v is the variance of the mean per-deal score over m). n_eff is
  at most n (the games taken as independent; so also when v = 0, e.g. a clean sweep), is scaled
  by Korn and Graubard's (t_{n-1} / t_{m-1})^2 for the uncertainty of v from few deals, and is
  never below m (each deal one sample: a per-deal score in [0, 1] with mean p has a variance of
  at most p(1 - p)). A single deal is one sample.
  Why Wilson at n_eff rather than the plain normal interval of the mean per-deal score: that one
  is zero wide whenever every deal gives the same score (a clean sweep: "100% [100-100]") and
  spills out of [0, 1] with few deals; the two agree with many deals and p away from 0 and 1.
  In simulations (two equal bots, 5 to 20 deals of 2 or 6 games, independent games, strong deal
  effects, strong seat effects) it called them apart in under 5% of arenas, where Wilson
  over games did in up to 24% with deal effects; the price is width with fewer than ~10 deals.
* indistinguishable: each pair of bots adjacent in the ranking whose order is not shown at 95%.
  When they played together: their head-to-head interval contains 50%. When they never did
  (an incomplete arena): |mu_a - mu_b| <= 1.96 sqrt(sigma_a^2 + sigma_b^2). `adjacent_pairs`
  holds the verdict for every adjacent pair ("indistinguishable", "ordered", or "reversed"
  when the head to head shows the lower-ranked bot ahead). Cooperative boards have none of this.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .paired import paired_as_builtins, paired_teams
from .params import ArenaParams
from .ratings import Rating, Z, compute_ratings
from .records import GameRecord

WILSON_Z = 1.959964  # 95%

#: Student's t 97.5% quantiles for 1 to 30 degrees of freedom (two-sided 95%).
_T_975 = (
    12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
    2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
    2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
)  # fmt: skip


def t_quantile_975(df: int) -> float:
    """Student's t 97.5% quantile: a table to 30 degrees of freedom, then the Cornish-Fisher
    expansion (which agrees with the table to 1e-4 from 20 on)."""
    if df < 1:
        raise ValueError("at least one degree of freedom")
    if df <= len(_T_975):
        return _T_975[df - 1]
    z = WILSON_Z
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


def wilson_interval(wins: float, games: float, z: float = WILSON_Z) -> tuple[float, float] | None:
    """The Wilson score interval of a win rate (sound at 0% and 100% and for few games);
    `games` may be an effective (fractional) number of games."""
    if games <= 0:
        return None
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True, slots=True)
class ShareInterval:
    """A head-to-head share with its 95% interval, the deals as clusters (see the docstring)."""

    share: float
    low: float
    high: float
    games: int
    deals: int
    effective_games: float

    def contains(self, x: float) -> bool:
        return self.low <= x <= self.high

    def as_dict(self) -> dict[str, Any]:
        return {
            "share": round(self.share, 4),
            "interval": [round(self.low, 4), round(self.high, 4)],
            "games": self.games,
            "deals": self.deals,
            "effective_games": round(self.effective_games, 2),
        }


def clustered_share_interval(
    clusters: Sequence[tuple[float, int]], z: float = WILSON_Z
) -> ShareInterval | None:
    """The 95% interval of a share from (score, games) per cluster (one deal): Wilson's interval
    at the effective number of games n_eff = p(1 - p) / v, v the cluster-robust variance of p,
    at most the games n, times (t_{n-1} / t_{m-1})^2, at least the number of clusters m (see the
    module docstring). The interval is at the 95% level whatever `z`'s t quantiles say."""
    clusters = [(score, games) for score, games in clusters if games > 0]
    n = sum(games for _, games in clusters)
    m = len(clusters)
    if n == 0:
        return None
    p = sum(score for score, _ in clusters) / n
    if m < 2:
        n_eff = float(m)  # one deal is one sample: its games may all say the same thing
    else:
        spread = sum((score - p * games) ** 2 for score, games in clusters)
        v = m / (m - 1) * spread / (n * n)
        base = float(n) if v < 1e-12 or p * (1 - p) <= 0 else min(float(n), p * (1 - p) / v)
        n_eff = max(float(m), base * (t_quantile_975(n - 1) / t_quantile_975(m - 1)) ** 2)
    low, high = wilson_interval(p * n_eff, n_eff, z) or (0.0, 1.0)
    return ShareInterval(p, low, high, n, m, n_eff)


def compare_adjacent(
    pair: ShareInterval | None,
    mu: tuple[float, float],
    sigma: tuple[float, float],
    z: float = WILSON_Z,
) -> tuple[str, str, dict[str, Any]]:
    """(verdict, rule, figures) for two bots adjacent in the ranking: `pair` is the upper one's
    head to head against the lower one (None if they never played together), `mu` and `sigma`
    their ratings, the upper one first.

    Verdicts: "indistinguishable", "ordered" (upper shown ahead), "reversed" (lower shown ahead
    in their head to head). Rule "head_to_head" when they played together (their 95% interval
    of the share of games upper finished ahead, against 50%), else "mu" (the two OpenSkill
    estimates within z sqrt(sigma_u^2 + sigma_l^2) of each other).
    """
    if pair is not None:
        figures = pair.as_dict()
        if pair.contains(0.5):
            return "indistinguishable", "head_to_head", figures
        return ("ordered" if pair.low > 0.5 else "reversed"), "head_to_head", figures
    diff = mu[0] - mu[1]
    threshold = z * math.hypot(sigma[0], sigma[1])
    figures = {
        "mu": [round(mu[0], 4), round(mu[1], 4)],
        "sigma": [round(sigma[0], 4), round(sigma[1], 4)],
        "mu_difference": round(diff, 4),
        "threshold": round(threshold, 4),
    }
    if abs(diff) <= threshold:
        return "indistinguishable", "mu", figures
    return ("ordered" if diff > 0 else "reversed"), "mu", figures


#: What the intervals and the verdicts are, in the JSON of a competitive board.
INTERVALS = {
    "win_rate_95": "95% Wilson score interval of wins / games (a win shared by k seats counts 1/k), "
    "the games taken as independent",
    "head_to_head_95": "95% Wilson interval of the share of games finished ahead (ties 1/2) at an "
    "effective number of games, each deal one cluster (cluster-robust variance, Korn-Graubard)",
    "indistinguishable": "adjacent in the ranking and the head-to-head 95% interval contains 50%; "
    "if they never played together, |mu_a - mu_b| <= 1.96 sqrt(sigma_a^2 + sigma_b^2)",
    "sigma": "OpenSkill's uncertainty about mu (one standard deviation, rating points), "
    "not a confidence interval of the win rate",
}


@dataclass(slots=True)
class _Tally:
    games: int = 0
    wins: float = 0.0
    place_sum: int = 0
    score_sum: int = 0

    def add(self, win: float, place: int, score: int) -> None:
        self.games += 1
        self.wins += win
        self.place_sum += place
        self.score_sum += score

    def as_dict(self) -> dict[str, Any]:
        g = self.games
        return {
            "games": g,
            "wins": round(self.wins, 4),
            "win_rate": round(self.wins / g, 4) if g else None,
            "avg_place": round(self.place_sum / g, 4) if g else None,
            "avg_score": round(self.score_sum / g, 3) if g else None,
            "avg_vp": round(self.score_sum / g, 3) if g else None,  # its old name, for scripts
        }


@dataclass(slots=True)
class _BotStats:
    total: _Tally = field(default_factory=_Tally)
    seats: dict[int, _Tally] = field(default_factory=lambda: defaultdict(_Tally))
    roles: dict[str, _Tally] = field(default_factory=lambda: defaultdict(_Tally))
    alone: _Tally = field(default_factory=_Tally)  # cooperative: the bot in every seat
    mixed: _Tally = field(default_factory=_Tally)  # cooperative: with other bots
    forfeits: int = 0
    failures: Counter[str] = field(default_factory=Counter)
    think_ms: float = 0.0


def _rounded_interval(t: _Tally) -> list[float] | None:
    interval = wilson_interval(t.wins, t.games)
    return [round(interval[0], 4), round(interval[1], 4)] if interval else None


def win_shares(ranks: Sequence[int]) -> list[float]:
    """1/k for each of the k seats ranked first, 0 for the others."""
    k = sum(1 for r in ranks if r == 1)
    return [1.0 / k if r == 1 else 0.0 for r in ranks]


def build_leaderboard(params: ArenaParams, records: Sequence[GameRecord], scheduled: int) -> dict[str, Any]:
    """Everything `altay arena` reports, from the stored games (sorted here by game id)."""
    game = params.rules()
    cooperative = game.kind.cooperative
    roles = list(game.deals.role_choices_for(params.options_for(game)))
    records = sorted(records, key=lambda r: r.game_id)
    names = [b.name for b in params.bots]
    players = params.players
    stats = {name: _BotStats() for name in names}
    seat_tally: defaultdict[int, _Tally] = defaultdict(_Tally)
    role_tally: defaultdict[str, _Tally] = defaultdict(_Tally)
    pair_score: dict[str, defaultdict[str, float]] = {a: defaultdict(float) for a in names}
    pair_games: dict[str, Counter[str]] = {a: Counter() for a in names}
    # (a, b) -> deal -> [a's score against b, games]: the deals as clusters for the intervals
    pair_deals: dict[tuple[str, str], dict[int, list[float]]] = defaultdict(dict)
    end_reasons: Counter[str] = Counter()
    failures_total: Counter[str] = Counter()
    duration = 0.0
    alone_games: list[tuple[str, int, bool]] = []  # cooperative: (bot, deal, won) of a bot in every seat

    for rec in records:
        shares = (
            [1.0 if rec.team == "won" else 0.0] * len(rec.ranks) if cooperative else win_shares(rec.ranks)
        )
        forfeits = set(rec.forfeits)
        end_reasons[rec.end_reason or "unfinished"] += 1
        duration += rec.duration_s
        counted: set[str] = set()
        alone = len(set(rec.bots)) == 1
        if cooperative and alone:
            alone_games.append((rec.bots[0], rec.deal, rec.team == "won"))
        totals = rec.totals
        for seat, bot in enumerate(rec.bots):
            st = stats[bot]
            place, score, role = rec.ranks[seat], totals[seat], rec.roles[seat]
            if not cooperative:
                st.total.add(shares[seat], place, score)
            elif bot not in counted:  # a team game counts once per bot, whatever its seats
                counted.add(bot)
                st.total.add(shares[seat], place, score)
                (st.alone if alone else st.mixed).add(shares[seat], place, score)
            st.seats[seat].add(shares[seat], place, score)
            st.roles[role].add(shares[seat], place, score)
            seat_tally[seat].add(shares[seat], place, score)
            role_tally[role].add(shares[seat], place, score)
            if seat in forfeits:
                st.forfeits += 1
            if seat < len(rec.think_ms):
                st.think_ms += rec.think_ms[seat]
            for other_seat, other in enumerate(rec.bots):
                if other_seat != seat:
                    pair_games[bot][other] += 1
                    mine, theirs = place, rec.ranks[other_seat]
                    points = 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
                    pair_score[bot][other] += points
                    if not cooperative and other != bot:
                        cell = pair_deals[bot, other].setdefault(rec.deal, [0.0, 0])
                        cell[0] += points
                        cell[1] += 1
        for f in rec.failures:
            stats[rec.bots[f["seat"]]].failures[f.get("status", "?")] += 1
            failures_total[f.get("status", "?")] += 1

    role_order = roles + sorted({r for st in stats.values() for r in st.roles} - set(roles))
    rows = []
    if cooperative:
        ratings = None

        def team_key(n: str) -> tuple[float, float, int]:
            t = stats[n].total
            rate = t.wins / t.games if t.games else -1.0
            return (-rate, -(t.score_sum / t.games if t.games else 0.0), names.index(n))

        order = sorted(names, key=team_key)
    else:
        ratings = compute_ratings(names, ((r.bots, r.ranks) for r in records))
        order = sorted(names, key=lambda n: (-ratings[n].ordinal, -ratings[n].mu, names.index(n)))
    for place, name in enumerate(order, start=1):
        st = stats[name]
        row: dict[str, Any] = {
            "place": place,
            "bot": name,
            "command": next(b.command for b in params.bots if b.name == name),
        }
        if ratings is not None:
            rating = ratings[name]
            row.update(ordinal=round(rating.ordinal, 4), mu=round(rating.mu, 4), sigma=round(rating.sigma, 4))
        row.update(st.total.as_dict())
        row["win_rate_95"] = _rounded_interval(st.total)
        if cooperative:
            row["alone"] = {**st.alone.as_dict(), "win_rate_95": _rounded_interval(st.alone)}
            row["mixed"] = {**st.mixed.as_dict(), "win_rate_95": _rounded_interval(st.mixed)}
        row.update(
            forfeits=st.forfeits,
            failures=dict(sorted(st.failures.items())),
            think_s=round(st.think_ms / 1000, 3),
            seats=[st.seats[s].as_dict() for s in range(players)],
            roles={r: st.roles[r].as_dict() for r in role_order if r in st.roles and r},
        )
        rows.append(row)
    head_to_head = (
        {}
        if cooperative
        else {
            a: {b: round(pair_score[a][b] / pair_games[a][b], 4) for b in names if pair_games[a][b]}
            for a in names
        }
    )
    board: dict[str, Any] = {
        "arena": {
            "game": game.kind.name,
            "cooperative": cooperative,
            "role_name": game.kind.role_name,
            "roles": [r for r in role_order if r],
            "game_options": params.effective_options(game),
            "bots": [
                {"name": b.name, "command": b.command, "stage": b.stage, "conditions": dict(b.conditions)}
                for b in params.bots
            ],
            "gauntlet": params.gauntlet,
            "players": players,
            "deals": params.games,
            "seed": params.seed,
            "seed_scheme": params.seed_scheme,
            "seatings": params.seatings,
            "teams": params.teams,
            "match": {
                "move_ms": params.match.move_ms,
                "bank_ms": params.match.bank_ms,
                "increment_ms": params.match.increment_ms,
                "on_failure": params.match.on_failure,
                "sandbox": params.match.sandbox.conditions(),
            },
            "games_scheduled": scheduled,
            "games_played": len(records),
            "complete": len(records) == scheduled,
            "game_seconds": round(duration, 3),
        },
        "rating": (
            {"model": "team results", "order": "win rate, then average score"}
            if cooperative
            else {
                "model": "openskill PlackettLuce",
                "ordinal": f"mu - {Z:g} sigma",
                "order": "game id",
                "sigma": INTERVALS["sigma"],
            }
        ),
        "leaderboard": rows,
        "seats": [{"seat": s, **seat_tally[s].as_dict()} for s in range(players)],
        "roles": {r: role_tally[r].as_dict() for r in role_order if r in role_tally and r},
        "head_to_head": head_to_head,
        "end_reasons": dict(sorted(end_reasons.items())),
        "failures": dict(sorted(failures_total.items())),
    }
    if ratings is not None:
        _add_intervals(board, names, order, ratings, pair_deals)
    if cooperative:  # the bots in team order: each pair reads "the better placed against the other"
        board["paired"] = paired_as_builtins(paired_teams(order, alone_games))
    return with_old_names(board)


def with_old_names(board: dict[str, Any]) -> dict[str, Any]:
    """The board with `factions` beside `roles` (each bot's and the whole board's per-role
    tallies), the name earlier versions wrote, for the scripts that read it."""
    for row in board["leaderboard"]:
        row["factions"] = row["roles"]
    board["factions"] = board["roles"]
    return board


def _add_intervals(
    board: dict[str, Any],
    names: list[str],
    order: list[str],
    ratings: dict[str, Rating],
    pair_deals: dict[tuple[str, str], dict[int, list[float]]],
) -> None:
    """A competitive board's head-to-head intervals and the verdicts on adjacent bots."""
    intervals: dict[tuple[str, str], ShareInterval] = {}
    for (a, b), deals in pair_deals.items():
        interval = clustered_share_interval([(score, int(games)) for score, games in deals.values()])
        if interval is not None:
            intervals[a, b] = interval
    board["head_to_head_95"] = {
        a: {b: intervals[a, b].as_dict() for b in names if (a, b) in intervals} for a in names
    }
    adjacent = []
    for place, (upper, lower) in enumerate(itertools.pairwise(order), start=1):
        ru, rl = ratings[upper], ratings[lower]
        verdict, rule, figures = compare_adjacent(
            intervals.get((upper, lower)), (ru.mu, rl.mu), (ru.sigma, rl.sigma)
        )
        adjacent.append(
            {
                "pair": [upper, lower],
                "places": [place, place + 1],
                "verdict": verdict,
                "rule": rule,
                "figures": figures,
            }
        )
    board["adjacent_pairs"] = adjacent
    board["indistinguishable"] = [
        {k: v for k, v in p.items() if k != "verdict"}
        for p in adjacent
        if p["verdict"] == "indistinguishable"
    ]
    below = {p["pair"][1]: p["pair"][0] for p in board["indistinguishable"]}
    for row in board["leaderboard"]:
        row["indistinguishable_from"] = below.get(row["bot"])
    board["intervals"] = dict(INTERVALS)
