"""The arena schedule and parameters: pure functions, no processes."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest

from altay_cli.engine.altay import SETUP_RECOMMENDED, GameConfig, new_game
from altay_cli.engine.altay.data import FACTIONS
from altay_cli.referee import MatchOptions
from arena.params import ArenaParams, ArenaUsageError, BotEntry, differences, parse_bot
from arena.schedule import build_schedule, deal_roles, deal_seed, games_per_deal


@pytest.mark.parametrize(
    ("bots", "players", "mode"),
    [
        (2, 2, "rotate"),
        (4, 2, "rotate"),
        (5, 3, "rotate"),
        (4, 4, "rotate"),
        (4, 3, "permute"),
        (4, 4, "permute"),
    ],
)
def test_schedule_size_and_balance(bots: int, players: int, mode: str) -> None:
    games = 3
    sched = build_schedule(bots, players, games, seed=7, mode=mode)
    per_group = players if mode == "rotate" else math.factorial(players)
    assert (
        len(sched)
        == math.comb(bots, players) * games * per_group
        == games * games_per_deal(bots, players, mode)
    )
    assert [g.game_id for g in sched] == list(range(len(sched)))
    # Every bot plays every seat equally often, and within one (deal, group) it plays each seat
    # exactly once in rotate mode (and (N-1)! times in permute mode).
    seat_counts = Counter((bot, seat) for g in sched for seat, bot in enumerate(g.seats))
    assert len(set(seat_counts.values())) == 1
    by_deal_group: dict[tuple[int, int], list] = {}
    for g in sched:
        by_deal_group.setdefault((g.deal, g.group), []).append(g)
        assert len(set(g.seats)) == players
        assert g.seed == deal_seed(7, g.deal)
        assert g.roles == deal_roles(g.seed, players)
    for games_of in by_deal_group.values():
        assert len({g.seats for g in games_of}) == per_group  # all seatings distinct
        members = set(games_of[0].seats)
        for seat in range(players):
            seen = Counter(g.seats[seat] for g in games_of)
            assert set(seen) == members and len(set(seen.values())) == 1


def test_deal_seeds_come_from_a_keyed_hash_of_the_master_seed() -> None:
    """One game's seed says nothing about another's: no arithmetic link between deals, 63 bits."""
    seeds = [deal_seed(7, d) for d in range(200)]
    assert len(set(seeds)) == 200 and all(0 <= s < 2**63 for s in seeds)
    assert not any(b - a == 1 for a, b in itertools.pairwise(seeds))
    assert seeds[0] != deal_seed(8, 0)  # another master seed, other deals
    assert deal_seed(7, 0) == deal_seed(7, 0)  # and deterministic, so arenas resume
    # Arenas made before keyed seeds keep their own scheme.
    assert [deal_seed(7, d, "sequential") for d in range(3)] == [7, 8, 9]
    old = build_schedule(3, 2, 2, seed=7, scheme="sequential")
    assert {g.seed for g in old} == {7, 8}
    with pytest.raises(ValueError, match="seed scheme"):
        deal_seed(7, 0, "clever")


def test_every_group_plays_the_same_deals() -> None:
    sched = build_schedule(4, 2, 2, seed=3)
    deals = {(g.deal, g.seed, g.roles) for g in sched}
    assert len(deals) == 2
    groups_per_deal = Counter(g.deal for g in sched)
    assert groups_per_deal == {0: 12, 1: 12}
    assert {g.seats for g in sched if g.deal == 0} == {g.seats for g in sched if g.deal == 1}
    assert {frozenset(g.seats) for g in sched} == {frozenset(c) for c in itertools.combinations(range(4), 2)}


def test_schedule_is_deterministic_and_ids_do_not_depend_on_games() -> None:
    a = build_schedule(5, 3, 4, seed=11)
    assert a == build_schedule(5, 3, 4, seed=11)
    longer = build_schedule(5, 3, 6, seed=11)
    assert longer[: len(a)] == a  # extending an arena keeps every played game valid
    assert build_schedule(5, 3, 4, seed=12) != a


def test_deal_roles_are_distinct_valid_and_vary() -> None:
    seen = set()
    for seed in range(40):
        for players in (2, 3, 4):
            f = deal_roles(seed, players)
            assert len(f) == len(set(f)) == players
            assert set(f) <= set(FACTIONS)
            seen.add(f)
            assert f == deal_roles(seed, players)
    # 2-player deals use all four factions, not only the first two.
    assert {x for f in seen if len(f) == 2 for x in f} == set(FACTIONS)


def test_a_deal_is_a_valid_engine_configuration() -> None:
    for g in build_schedule(3, 3, 2, seed=5):
        game = new_game(GameConfig(players=3, seed=g.seed, factions=g.roles, setup=SETUP_RECOMMENDED))
        assert [FACTIONS[p.faction] for p in game.players] == list(g.roles)
        assert not game.is_terminal


def test_schedule_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError, match="at least 3 bots"):
        build_schedule(2, 3, 1, seed=1)
    with pytest.raises(ValueError, match="seatings"):
        build_schedule(2, 2, 1, seed=1, mode="shuffle")


def test_parse_bot() -> None:
    assert parse_bot("a=random") == BotEntry("a", "random")
    assert parse_bot("js=node bots/x.js --fast") == BotEntry("js", "node bots/x.js --fast")
    assert parse_bot("greedy") == BotEntry("greedy", "greedy")
    for bad in ("=random", "a=", "python3 bot.py", "bots/x.py"):
        with pytest.raises(ArenaUsageError, match="name=command"):
            parse_bot(bad)


def _params(**kw) -> ArenaParams:
    base = dict(bots=(BotEntry("a", "random"), BotEntry("b", "greedy")), players=2, games=4)
    base.update(kw)
    return ArenaParams(**base)


def test_params_validation_messages() -> None:
    with pytest.raises(ArenaUsageError, match="need at least 3 bots"):
        _params(players=3).validate()
    with pytest.raises(ArenaUsageError, match="unique"):
        _params(bots=(BotEntry("a", "random"), BotEntry("a", "greedy"))).validate()
    with pytest.raises(ArenaUsageError, match="not valid"):
        _params(bots=(BotEntry("a b", "random"), BotEntry("c", "greedy"))).validate()
    _params().validate()


def test_params_round_trip_and_differences() -> None:
    p = _params(seed=9, match=MatchOptions(move_ms=250), game_options={"max_rounds": 8})
    assert ArenaParams.from_dict(p.to_dict()) == p
    assert differences(p, p) == []
    assert differences(p, p.with_games(10)) == []  # growing is allowed
    other = _params(seed=9, games=2, match=MatchOptions(move_ms=300), game_options={"max_rounds": 8})
    diffs = differences(p, other)
    assert any(d.startswith("--games") for d in diffs)
    assert any(d.startswith("--move-ms: stored 250, given 300") for d in diffs)
    assert differences(
        p, _params(seed=9, bots=(BotEntry("a", "random"), BotEntry("b", "random")), match=p.match)
    )[0].startswith("bots:")


def test_a_games_options_differ_only_where_the_games_played_would() -> None:
    """The game's options are compared as the games are played with them: an option typed
    with its default is no difference, another value is, named by its flag."""
    plain = _params()
    assert differences(plain, _params(game_options={"max_rounds": 60, "trading": False})) == []
    assert differences(plain, _params(game_options={"max_rounds": 8, "trading": True})) == [
        "--trading: stored False, given True",
        "--max-rounds: stored 60, given 8",
    ]
    inno = _params(game="innovation", game_options={"max_turns": 4})
    assert differences(inno, _params(game="innovation")) == ["--max-turns: stored 4, given 1000"]
    assert plain.effective_options(plain.rules()) == {"trading": False, "max_rounds": 60}
    assert inno.effective_options(inno.rules()) == {"edition": "3e", "max_turns": 4}


def test_stored_parameters_of_old_arenas_keep_altays_options_as_the_games() -> None:
    """Arenas made before a game's options were all its own stored Altay's --max-rounds and
    --trading with the clocks, in every game's arena: read as the game's options where the
    game has them, so an old arena resumes and deals as it did."""
    old = _params(seed=9, game_options={}).to_dict()
    old["match"].update(max_rounds=8, trading=True)
    read = ArenaParams.from_dict(old)
    assert read.game_options == {"max_rounds": 8, "trading": True} and read.match == MatchOptions()
    assert differences(read, _params(seed=9, game_options={"max_rounds": 8, "trading": True})) == []
    deal = read.rules().deals.deal(5, 2, read.options_for(read.rules()))
    assert (deal.max_rounds, deal.trading) == (8, True)
    inno = _params(game="innovation", game_options={"max_turns": 4}).to_dict()
    inno["match"].update(max_rounds=60, trading=False)  # Altay's, never Innovation's
    assert ArenaParams.from_dict(inno).game_options == {"max_turns": 4}
    unknown = {**old, "game": "chess"}  # this altay's validate() says so
    assert ArenaParams.from_dict(unknown).game_options == {}


def test_self_play_teams_put_one_bot_in_every_seat_once_per_deal() -> None:
    from altay_cli.engine import load_game

    coop = load_game("mammothodus")
    sched = build_schedule(3, 2, 4, seed=5, game=coop, teams="self")
    assert len(sched) == 3 * 4 == 4 * games_per_deal(3, 2, "rotate", "self")
    assert {g.seats for g in sched} == {(0, 0), (1, 1), (2, 2)}
    for deal in range(4):
        assert sorted(g.seats[0] for g in sched if g.deal == deal) == [0, 1, 2]
    both = build_schedule(3, 2, 4, seed=5, game=coop, teams="both")
    assert len(both) == 4 * games_per_deal(3, 2, "rotate", "both") == 4 * (3 * 2 + 3)
    mixed = build_schedule(3, 2, 4, seed=5, game=coop)
    # the mixed games keep their deals and seats; self-play follows each deal's mixed games
    assert [(g.deal, g.seats) for g in both if len(set(g.seats)) > 1] == [(g.deal, g.seats) for g in mixed]
    assert [g.game_id for g in both] == list(range(len(both)))
    # one bot is a whole team in self-play, even for more seats than bots
    assert {g.seats for g in build_schedule(1, 4, 2, seed=5, game=coop, teams="self")} == {(0, 0, 0, 0)}


def test_self_play_is_refused_where_every_seat_plays_for_itself() -> None:
    with pytest.raises(ValueError, match="cooperative"):
        build_schedule(2, 2, 1, seed=1, teams="self")
    with pytest.raises(ValueError, match="teams"):
        build_schedule(2, 2, 1, seed=1, teams="solo")
    p = ArenaParams(bots=(BotEntry("a", "random"), BotEntry("b", "random")), players=2, games=1, teams="both")
    with pytest.raises(ArenaUsageError, match="cooperative games"):
        p.validate()
    coop = ArenaParams(bots=(BotEntry("a", "random"),), players=2, games=1, game="mammothodus")
    with pytest.raises(ArenaUsageError, match="--teams self"):
        coop.validate()
    alone = ArenaParams(bots=(BotEntry("a", "random"),), players=2, games=1, game="mammothodus", teams="self")
    alone.validate()
    assert ArenaParams.from_dict(alone.to_dict()) == alone
    assert any("teams" in d for d in differences(alone, coop))
