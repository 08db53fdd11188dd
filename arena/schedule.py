"""The arena schedule: which bots play which deal in which seats, as a pure function.

Definitions (the same text is in `altay arena --help` and the README):

* A **group** is a set of N bots (N = players per game) taken from the M bots of the arena:
  every one of the C(M, N) combinations, in lexicographic order of the bots' positions on the
  command line.
* A **deal** is one game set-up: the engine seed plus one role per seat (Altay: a faction; a
  game whose seats have no roles deals none). Deal d (0-based) uses a seed derived from the
  arena's master seed with a keyed hash (HMAC-SHA256, keyed by the master seed), so knowing
  one deal's seed says nothing about another's (arenas made before this used `arena_seed + d`,
  and keep doing so when resumed); its roles are drawn from that seed by the game (`Game.deals.deal`,
  see `deal_roles`; Altay: N distinct factions) and stay with the *seat*. The game's deal
  fixes the rest of the set-up (Altay: the recommended start farmlands), and the engine draws
  the first player, the decks and the displays from the seed, so the deal fixes all the set-up
  luck (later reshuffles depend on the play, since they share the game's one generator).
  Every group plays the same deals.
* A **seating** puts the group's bots into the seats. With `rotate` (the default) there are N
  seatings, the cyclic rotations: in rotation r, seat s is played by group member (s + r) mod N.
  Each bot thus plays every seat of the deal once, with that seat's role, turn position and
  cards (like duplicate bridge: the luck of the deal cancels out). With `permute` there are N!
  seatings (every permutation, lexicographic), which also balances who sits after whom, at the
  price of (N-1)! times more games.
* **Teams** (cooperative games only, `--teams`): `mixed` (the default) plays the groups above;
  `self` lets each bot alone take every seat of a deal (one game per bot and deal: the bot's
  result as a whole team); `both` plays the mixed groups, then the self-play teams.
* `--games G` is the number of deals. Total games = G x (C(M, N) x (N or N!) for mixed teams,
  plus M for self-play teams).
* Game ids count from 0 in the order: deal, then group, then seating. The id of a game does not
  depend on G, so an arena can be extended with more deals later, and an interrupted arena has
  played whole early deals rather than one group only.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from altay_cli.engine import Game, load_game

SEATINGS = ("rotate", "permute")
#: Who plays together: the groups of distinct bots, each bot alone in every seat, or both.
TEAMS = ("mixed", "self", "both")
#: How deal seeds come from the master seed: "keyed" (HMAC; the default) or "sequential"
#: (master + deal, the scheme of arenas made before version 2 of the parameters).
SEED_SCHEMES = ("keyed", "sequential")


@dataclass(frozen=True, slots=True)
class ScheduledGame:
    """One game of the schedule. `seats[s]` is the index (in the arena's bot list) of seat s."""

    game_id: int
    deal: int
    group: int
    seating: int
    seed: int
    seats: tuple[int, ...]
    roles: tuple[str, ...]  # each seat's role in the deal (Game.deals.config_roles; Altay's factions)


def deal_seed(arena_seed: int, deal: int, scheme: str = "keyed") -> int:
    """The engine seed of a deal (63 bits): HMAC-SHA256 keyed by the master seed, so one game's
    seed reveals neither the master seed nor any other game's (a bot that knew a seed would
    know every hidden card of that game). `altay match --seed` replays a deal from its seed."""
    if scheme == "sequential":
        return arena_seed + deal
    if scheme != "keyed":
        raise ValueError(f"seed scheme must be one of {', '.join(SEED_SCHEMES)}, not {scheme!r}")
    key = arena_seed.to_bytes(16, "big", signed=True)
    digest = hmac.new(key, f"altay-arena-deal:{deal}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def deal_roles(
    seed: int, players: int, game: Game | None = None, options: Mapping[str, Any] | None = None
) -> tuple[str, ...]:
    """The role of each seat of a deal (Altay: its faction): the game's fair random set-up for
    (seed, players) with the arena's game options (Mammothodus's clans are named by its --data file)."""
    game = game or load_game()
    return tuple(game.deals.config_roles(game.deals.deal(seed, players, options)))


def seatings(players: int, mode: str) -> list[tuple[int, ...]]:
    """Seatings as tuples of group positions: seating[s] = position in the group of seat s."""
    if mode == "rotate":
        return [tuple((s + r) % players for s in range(players)) for r in range(players)]
    if mode == "permute":
        return list(itertools.permutations(range(players)))
    raise ValueError(f"seatings must be one of {', '.join(SEATINGS)}, not {mode!r}")


def groups(n_bots: int, players: int) -> list[tuple[int, ...]]:
    return list(itertools.combinations(range(n_bots), players))


def _check_teams(teams: str) -> None:
    if teams not in TEAMS:
        raise ValueError(f"teams must be one of {', '.join(TEAMS)}, not {teams!r}")


#: Game ids of bots added to an arena later (`--resume --add`) start at stage x STAGE_SPAN, so
#: the ids of the games already played never change, whatever is added or extended.
STAGE_SPAN = 1_000_000

Plan = list[tuple[tuple[int, ...], list[tuple[int, ...]]]]  # (members, their seatings) per group


def stage_plans(
    n_bots: int,
    players: int,
    mode: str = "rotate",
    teams: str = "mixed",
    stages: Sequence[int] | None = None,
    gauntlet: int | None = None,
) -> dict[int, Plan]:
    """The groups each stage plays on every deal, with their seatings.

    Stage 0 is the bots the arena started with; stage k the bots added by the k-th `--add`. A
    stage's groups are those with at least one of its bots and the others from earlier stages
    (so an added bot plays exactly the games it is in). With a gauntlet bot, only the groups
    that include it; self-play teams (cooperative games) are each bot alone, in its stage.
    """
    _check_teams(teams)
    stages = list(stages) if stages is not None else [0] * n_bots
    if len(stages) != n_bots:
        raise ValueError(f"{len(stages)} stages for {n_bots} bots")
    all_seatings = seatings(players, mode)
    plans: dict[int, Plan] = {}
    for stage in sorted(set(stages)):
        eligible = [b for b in range(n_bots) if stages[b] <= stage]
        plan: Plan = []
        if teams != "self":
            for members in itertools.combinations(eligible, players):
                if not any(stages[b] == stage for b in members):
                    continue
                if gauntlet is not None and gauntlet not in members:
                    continue
                plan.append((members, all_seatings))
        if teams != "mixed":
            plan.extend(((b,) * players, all_seatings[:1]) for b in eligible if stages[b] == stage)
        plans[stage] = plan
    return plans


def games_per_deal(
    n_bots: int,
    players: int,
    mode: str,
    teams: str = "mixed",
    stages: Sequence[int] | None = None,
    gauntlet: int | None = None,
) -> int:
    plans = stage_plans(n_bots, players, mode, teams, stages, gauntlet)
    return sum(len(seats) for plan in plans.values() for _, seats in plan)


def build_schedule(
    n_bots: int,
    players: int,
    games: int,
    seed: int,
    mode: str = "rotate",
    scheme: str = "keyed",
    game: Game | None = None,
    teams: str = "mixed",
    stages: Sequence[int] | None = None,
    gauntlet: int | None = None,
    options: Mapping[str, Any] | None = None,
) -> list[ScheduledGame]:
    """Every game of the arena, in game-id order. Deterministic in its arguments (`options`: the
    game's options, which its deals are made with)."""
    game = game or load_game()
    low, high = game.kind.min_players, game.kind.max_players
    _check_teams(teams)
    if not low <= players <= high:
        raise ValueError(f"players must be {low} to {high}, not {players}")
    if teams != "mixed" and not game.kind.cooperative:
        raise ValueError(f"teams {teams!r} is for cooperative games; {game.kind.name} is not one")
    if teams != "self" and n_bots < players:
        raise ValueError(f"{players}-player games need at least {players} bots, not {n_bots}")
    if n_bots < 1:
        raise ValueError("an arena needs at least one bot")
    if games < 1:
        raise ValueError(f"games (deals) must be at least 1, not {games}")
    if gauntlet is not None and not 0 <= gauntlet < n_bots:
        raise ValueError(f"the gauntlet bot must be one of the {n_bots} bots")
    plans = stage_plans(n_bots, players, mode, teams, stages, gauntlet)
    deals = []
    for deal in range(games):
        s = deal_seed(seed, deal, scheme)
        deals.append((deal, s, deal_roles(s, players, game, options)))
    schedule: list[ScheduledGame] = []
    for stage, plan in plans.items():
        game_id = stage * STAGE_SPAN
        for deal, s, roles in deals:
            for g, (members, group_seatings) in enumerate(plan):
                for k, seating in enumerate(group_seatings):
                    schedule.append(
                        ScheduledGame(
                            game_id=game_id,
                            deal=deal,
                            group=g,
                            seating=k,
                            seed=s,
                            seats=tuple(members[pos] for pos in seating),
                            roles=roles,
                        )
                    )
                    game_id += 1
    return schedule


def pair_seats(players: int, deal: int) -> tuple[int, int]:
    """The seats of NEW and BASE in the first game of a deal's pair (the second swaps them):
    every unordered pair of seats in turn, so over C(N, 2) deals each seat pairing is played."""
    pairs = list(itertools.combinations(range(players), 2))
    return pairs[deal % len(pairs)]


def build_pair_schedule(
    players: int,
    pairs: int,
    seed: int,
    scheme: str = "keyed",
    game: Game | None = None,
    options: Mapping[str, Any] | None = None,
) -> list[ScheduledGame]:
    """An SPRT's games: bot 0 (NEW) and bot 1 (BASE), bots 2.. the fillers in the other seats in
    order. Deal d is played twice, with NEW and BASE swapping seats (game ids 2d and 2d + 1), so
    the luck of the deal cancels out within each pair."""
    game = game or load_game()
    low, high = game.kind.min_players, game.kind.max_players
    if not max(2, low) <= players <= high:
        raise ValueError(f"players must be {max(2, low)} to {high}, not {players}")
    if pairs < 1:
        raise ValueError(f"pairs must be at least 1, not {pairs}")
    schedule: list[ScheduledGame] = []
    for deal in range(pairs):
        s = deal_seed(seed, deal, scheme)
        roles = deal_roles(s, players, game, options)
        a, b = pair_seats(players, deal)
        fillers = iter(range(2, players))
        base_seats = [0 if seat == a else 1 if seat == b else -1 for seat in range(players)]
        seats = tuple(x if x >= 0 else next(fillers) for x in base_seats)
        mirrored = tuple(1 if x == 0 else 0 if x == 1 else x for x in seats)
        for k, arrangement in enumerate((seats, mirrored)):
            schedule.append(
                ScheduledGame(
                    game_id=2 * deal + k,
                    deal=deal,
                    group=0,
                    seating=k,
                    seed=s,
                    seats=arrangement,
                    roles=roles,
                )
            )
    return schedule
