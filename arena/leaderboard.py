"""The leaderboard: ratings plus per-bot, per-seat and per-role statistics, as plain data.

A cooperative game (every seat shares one result) has no ratings and no head-to-head: its bots
are ranked by their team results over the same deals in every seating (win rate with a 95%
Wilson interval, then the average score). A game counts once per bot however many seats it
took; with `--teams self` or `both`, a bot's self-play games (it alone in every seat) and its
games with other bots are also reported apart ("alone" and "mixed").

Counting rules in competitive games (also in the README):
* wins: a game counts as a win for the seats ranked 1; a win shared by k tied seats counts 1/k
  (so the wins of one game always add up to 1, as half points do in chess);
* place: the seat's rank in the game (1 = best, ties share the better rank, a bot that
  forfeits is ranked last); `avg_place` is its mean;
* VP: the seat's final total victory points (a forfeiting seat keeps the points it had);
* head_to_head[a][b]: over the games a and b played together, the share where a finished ahead
  of b (a tie counts one half).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .params import ArenaParams
from .ratings import Z, compute_ratings
from .records import GameRecord

WILSON_Z = 1.959964  # 95%


def wilson_interval(wins: float, games: int, z: float = WILSON_Z) -> tuple[float, float] | None:
    """The Wilson score interval of a win rate (sound at 0% and 100% and for few games)."""
    if games <= 0:
        return None
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(slots=True)
class _Tally:
    games: int = 0
    wins: float = 0.0
    place_sum: int = 0
    vp_sum: int = 0

    def add(self, win: float, place: int, vp: int) -> None:
        self.games += 1
        self.wins += win
        self.place_sum += place
        self.vp_sum += vp

    def as_dict(self) -> dict[str, Any]:
        g = self.games
        return {
            "games": g,
            "wins": round(self.wins, 4),
            "win_rate": round(self.wins / g, 4) if g else None,
            "avg_place": round(self.place_sum / g, 4) if g else None,
            "avg_vp": round(self.vp_sum / g, 3) if g else None,
        }


@dataclass(slots=True)
class _BotStats:
    total: _Tally = field(default_factory=_Tally)
    seats: dict[int, _Tally] = field(default_factory=lambda: defaultdict(_Tally))
    factions: dict[str, _Tally] = field(default_factory=lambda: defaultdict(_Tally))
    alone: _Tally = field(default_factory=_Tally)  # cooperative: the bot in every seat
    mixed: _Tally = field(default_factory=_Tally)  # cooperative: with other bots
    forfeits: int = 0
    failures: Counter = field(default_factory=Counter)
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
    roles = list(game.role_choices())
    records = sorted(records, key=lambda r: r.game_id)
    names = [b.name for b in params.bots]
    players = params.players
    stats = {name: _BotStats() for name in names}
    seat_tally = defaultdict(_Tally)
    faction_tally = defaultdict(_Tally)
    pair_score: dict[str, Counter] = {a: Counter() for a in names}
    pair_games: dict[str, Counter] = {a: Counter() for a in names}
    end_reasons: Counter = Counter()
    failures_total: Counter = Counter()
    duration = 0.0

    for rec in records:
        shares = (
            [1.0 if rec.team == "won" else 0.0] * len(rec.ranks) if cooperative else win_shares(rec.ranks)
        )
        forfeits = set(rec.forfeits)
        end_reasons[rec.end_reason or "unfinished"] += 1
        duration += rec.duration_s
        counted: set[str] = set()
        alone = len(set(rec.bots)) == 1
        for seat, bot in enumerate(rec.bots):
            st = stats[bot]
            place, vp, faction = rec.ranks[seat], rec.vp[seat], rec.factions[seat]
            if not cooperative:
                st.total.add(shares[seat], place, vp)
            elif bot not in counted:  # a team game counts once per bot, whatever its seats
                counted.add(bot)
                st.total.add(shares[seat], place, vp)
                (st.alone if alone else st.mixed).add(shares[seat], place, vp)
            st.seats[seat].add(shares[seat], place, vp)
            st.factions[faction].add(shares[seat], place, vp)
            seat_tally[seat].add(shares[seat], place, vp)
            faction_tally[faction].add(shares[seat], place, vp)
            if seat in forfeits:
                st.forfeits += 1
            if seat < len(rec.think_ms):
                st.think_ms += rec.think_ms[seat]
            for other_seat, other in enumerate(rec.bots):
                if other_seat != seat:
                    pair_games[bot][other] += 1
                    mine, theirs = place, rec.ranks[other_seat]
                    pair_score[bot][other] += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
        for f in rec.failures:
            stats[rec.bots[f["seat"]]].failures[f.get("status", "?")] += 1
            failures_total[f.get("status", "?")] += 1

    role_order = roles + sorted({f for st in stats.values() for f in st.factions} - set(roles))
    rows = []
    if cooperative:
        ratings = None

        def team_key(n: str) -> tuple:
            t = stats[n].total
            rate = t.wins / t.games if t.games else -1.0
            return (-rate, -(t.vp_sum / t.games if t.games else 0.0), names.index(n))

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
            factions={f: st.factions[f].as_dict() for f in role_order if f in st.factions and f},
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
    return {
        "arena": {
            "game": game.kind.name,
            "cooperative": cooperative,
            "role_name": game.kind.role_name,
            "roles": [f for f in role_order if f],
            "game_options": params.options_for(game),
            "bots": [{"name": b.name, "command": b.command} for b in params.bots],
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
                "sandbox": params.match.sandbox_policy().conditions(),
            },
            "games_scheduled": scheduled,
            "games_played": len(records),
            "complete": len(records) == scheduled,
            "game_seconds": round(duration, 3),
        },
        "rating": (
            {"model": "team results", "order": "win rate, then average score"}
            if cooperative
            else {"model": "openskill PlackettLuce", "ordinal": f"mu - {Z:g} sigma", "order": "game id"}
        ),
        "leaderboard": rows,
        "seats": [{"seat": s, **seat_tally[s].as_dict()} for s in range(players)],
        "factions": {f: faction_tally[f].as_dict() for f in role_order if f in faction_tally and f},
        "head_to_head": head_to_head,
        "end_reasons": dict(sorted(end_reasons.items())),
        "failures": dict(sorted(failures_total.items())),
    }
