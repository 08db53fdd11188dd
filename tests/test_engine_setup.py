"""Setup (rulebook steps 1-13) for 2, 3 and 4 players, with and without player choices."""

from collections import Counter

import pytest

from altay_cli.engine.altay import (
    ChooseFaction,
    ChooseStart,
    ConfigError,
    GameConfig,
    check_invariants,
    new_game,
)
from altay_cli.engine.altay import data as d
from altay_cli.engine.altay.state import Phase

PLAYERS = [2, 3, 4]


@pytest.mark.parametrize("n", PLAYERS)
def test_action_display_two_per_type_per_player_vp_on_top(n: int) -> None:
    g = new_game(GameConfig(players=n, seed=5, setup="recommended"))
    for stack, title in zip(g.shop, d.SHOP_TITLES):
        assert len(stack) == 2 * n
        vps = [d.KIND_VP[k] for k in stack]  # bottom -> top
        assert vps == sorted(vps), "VP copies lie on top, highest last"
        printed = [vp for name, _, v in d.ACTION_TYPES if d.TITLE_INDEX[name] == title for vp in v]
        assert sorted(v for v in vps if v) == sorted(printed), "VP copies are always included"
    chariot = g.shop[d.SHOP_TITLES.index(d.TITLE_INDEX["Chariot"])]
    assert [d.KINDS[k].name for k in chariot[-2:]] == ["Chariot (1 VP)", "Chariot (2 VP)"]


@pytest.mark.parametrize("n", PLAYERS)
def test_achievement_decks_and_displays(n: int) -> None:
    for seed in range(20):
        g = new_game(GameConfig(players=n, seed=seed, setup="recommended"))
        for level in (1, 2):
            cards = Counter(g.ach_deck[level])
            for a, c in g.ach_display[level]:
                cards[a] += c
            assert cards == {a: n for a in d.ACH_OF_LEVEL[level]}, "one technology per player"
        wonders = list(g.ach_deck[3]) + [a for a, c in g.ach_display[3] for _ in range(c)]
        wonders += [p.secret for p in g.players]
        assert sorted(wonders) == list(d.ACH_OF_LEVEL[3]), "all wonders are used"
        for level in (1, 2, 3):
            shown = [a for a, _ in g.ach_display[level]]
            assert len(shown) == 3 and len(set(shown)) == 3, "three different cards visible"
        assert all(c == 1 for _, c in g.ach_display[3])


def test_duplicate_technologies_stack_in_the_display() -> None:
    stacked = 0
    for seed in range(60):
        g = new_game(GameConfig(players=4, seed=seed, setup="recommended"))
        stacked += sum(1 for _, c in g.ach_display[1] + g.ach_display[2] if c > 1)
    assert stacked > 0, "with 4 copies per type some reveals must stack"


@pytest.mark.parametrize("n", PLAYERS)
def test_markers_and_vp_markers(n: int) -> None:
    g = new_game(GameConfig(players=n, seed=11, setup="recommended"))
    starts = set(d.RECOMMENDED_FARMLANDS[n])
    for t in range(23):
        m = g.marker[t]
        if not g.in_play[t]:
            assert t in d.OUT_OF_PLAY[n]
            assert m == -1 and g.count[t] == 0
        elif t in starts:
            assert m == -1 and g.count[t] == 1, "the start marker is discarded"
        elif d.TERRAIN_OF[t] == d.MOUNTAIN:
            assert d.CONQUEST_MARKERS[m][0] == 3
        else:
            assert d.CONQUEST_MARKERS[m][0] in (1, 2)
    assert [t for t in range(23) if g.vp_marker[t]] == sorted(d.VP_MARKER_TERRITORIES[n])
    assert check_invariants(g) == []


@pytest.mark.parametrize("n", PLAYERS)
def test_players_get_decks_hands_settlements_and_a_secret_wonder(n: int) -> None:
    g = new_game(GameConfig(players=n, seed=3, setup="recommended"))
    shown = {a for a, _ in g.ach_display[3]}
    for seat, p in enumerate(g.players):
        assert p.faction == seat  # recommended: factions in seat order
        assert len(p.hand) == 5 and len(p.deck) == 5 and not p.discard
        assert Counter(p.hand + p.deck) == Counter(d.STARTING_DECKS[p.faction])
        assert p.supply == 14 and p.on_board == 1
        assert d.ACH_LEVEL[p.secret] == 3 and p.secret not in shown
        assert not p.secret_revealed
    assert len({p.secret for p in g.players}) == n


def test_recommended_farmlands_in_turn_order_from_the_first_player() -> None:
    for seed in range(8):
        g = new_game(GameConfig(players=4, seed=seed, setup="recommended"))
        order = [(g.first + i) % 4 for i in range(4)]
        assert [g.owner[t] for t in (0, 2, 3, 5)] == order
        assert g.phase == Phase.MAIN and g.to_move == g.first and g.active == g.first


def test_first_player_is_drawn_from_the_seed() -> None:
    firsts = {new_game(GameConfig(players=4, seed=s, setup="recommended")).first for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    a = new_game(GameConfig(players=3, seed=99))
    b = new_game(GameConfig(players=3, seed=99))
    assert a.first == b.first and a.digest() == b.digest()


def test_faction_choice_clockwise_then_start_choice_in_reverse_order() -> None:
    g = new_game(GameConfig(players=3, seed=21))
    first = g.first
    assert g.phase == Phase.FACTION
    order = []
    for want in ("Smallfolk", "Firefolk", "Earthfolk"):
        order.append(g.to_move)
        legal = g.legal_actions()
        assert ChooseFaction(want) in legal
        g.apply(ChooseFaction(want))
    assert order == [first, (first + 1) % 3, (first + 2) % 3]
    assert g.phase == Phase.START
    starts = []
    for t in (1, 3, 5):
        starts.append(g.to_move)
        assert sorted(a.territory for a in g.legal_actions()) == [
            x for x in (0, 1, 3, 4, 5) if g.owner[x] < 0
        ], "only free farmlands in play (2 is out of play with 3 players)"
        g.apply(ChooseStart(t))
    assert starts == order[::-1]
    assert g.phase == Phase.MAIN and g.to_move == first
    assert [d.FACTIONS[p.faction] for p in g.players][first] == "Smallfolk"
    for t, seat in zip((1, 3, 5), starts):
        assert g.owner[t] == seat and g.marker[t] == -1
    assert check_invariants(g) == []


def test_taken_faction_is_no_longer_offered() -> None:
    g = new_game(GameConfig(players=2, seed=1))
    g.apply(ChooseFaction("Firefolk"))
    assert ChooseFaction("Firefolk") not in g.legal_actions()
    assert len(g.legal_actions()) == 3


def test_factions_given_skip_the_faction_choice_only() -> None:
    g = new_game(GameConfig(players=2, seed=1, factions=("Smallfolk", "Earthfolk")))
    assert g.phase == Phase.START
    assert [d.FACTIONS[p.faction] for p in g.players] == ["Smallfolk", "Earthfolk"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 5}, "players must be 2, 3 or 4"),
        ({"players": 2, "factions": ("Earthfolk",)}, "one faction per player"),
        ({"players": 2, "factions": ("Earthfolk", "Dwarves")}, "unknown faction"),
        ({"players": 2, "factions": ("Earthfolk", "Earthfolk")}, "once"),
        ({"setup": "fast"}, "setup must be one of"),
        ({"max_rounds": 0}, "max_rounds"),
    ],
)
def test_bad_configurations_are_refused_clearly(kwargs: dict, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        new_game(GameConfig(**kwargs))
