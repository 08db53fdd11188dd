"""Mammothodus: every ruling of RULINGS.md as a named, tested behaviour.

The rulings below had no test naming them. Each has a scenario here (`test_m<NN>_...`) that
sets up a position with the other Mammothodus test files' helpers and checks what the ruling
states, so that it fails if the ruling were implemented differently; or, where an existing test
already exercises exactly that behaviour, the table names it instead of a duplicate. In the
tables, `here` is this file and `humans`, `generation`, `talents` are
tests/test_mammothodus_<name>.py.

| ruling | test |
| --- | --- |
| M1 | here::test_m1_the_centre_has_no_shard_no_trail_and_no_place_of_power |
| M4 | here::test_m4_four_initial_trails_eight_tokens_and_the_ninth_loses |
| M5 | here::test_m5_each_clan_deals_from_its_own_deck_of_three_cards_per_colour |
| M6 | here::test_m6_twelve_adaptation_cards_a_market_of_four_refilled_at_the_end_of_turn |
| M7 | here::test_m7_twelve_degradation_cards_and_the_thirteenth_loses |
| M8 | here::test_m8_fourteen_human_cards_a_fragment_flips_at_each_reshuffle |
| M9 | here::test_m9_four_of_eight_fragments_open_and_their_lines_add_up |
| M10 | here::test_m10_twenty_shards_one_per_territory_all_face_down |
| M11 | here::test_m11_the_spirits_dice |
| M16 | here::test_m16_the_five_discoveries_one_per_reshuffle |
| M17 | here::test_m17_activation_by_territory_tribes_before_spirits |
| M18 | here::test_m18_each_clan_is_a_seat_with_a_turn_and_a_deck_of_its_own |
| M19 | here::test_m19_no_cap_on_the_attack_dice |
| M20 | here::test_m20_no_figurine_bonus_when_activating_a_place_of_power |
| M24 | humans::test_m24_attack_plus_one_does_not_strengthen_spirits |
| M25 | humans::test_m25_appear_move_then_move_attack |
| M40 | here::test_m40_a_destroyed_spirits_card_is_shuffled_back |
| M42 | here::test_m42_shards_open_where_the_movers_stop_only |
| M46 | here::test_m46_region_colour_and_shard_cells_of_a_line_accumulate |
| M47 | here::test_m47_a_wild_cards_colour_is_never_asked |
| M48 | here::test_m48_allies_help_with_adaptation_cards_of_the_actions_colour |
| M51 | generation::test_m51_a_generation_change_that_leaves_the_deck_empty_stops_the_draw |
| M53 | generation::test_m53_at_most_three_swaps |
| M54 | generation::test_m54_acted_marks_and_carried_shards_stay_with_the_place |
| M54 | generation::test_m54_a_removed_figurine_leaves_its_shard |
| M56 | generation::test_m56_a_hand_above_four_keeps_its_cards |
| M58 | generation::test_m58_placing_does_not_turn_over_a_shard |
| M60 | here::test_m60_each_clan_in_seat_order_picks_its_two_starting_figurines |
| M61 | here::test_m61_the_first_player_is_drawn_from_the_seed |
| M62 | here::test_m62_the_turn_limit_loses |
| M65 | here::test_m65_which_cards_pay_for_a_talent_token |
| M69 | here::test_m69_token_owners_are_asked_clockwise_and_only_when_it_matters |

The rulings below are named elsewhere only as the end of a range, which the last test does not
count as naming them; their tests:

| ruling | test |
| --- | --- |
| M50 | generation::test_m50_an_empty_adaptation_deck_leaves_the_market_short |
| M64 | talents::test_tokens_are_offered_between_figurines_and_after_the_last |
| M67 | talents::test_m67_a_token_rules_out_the_degradation_action |
| M67 | talents::test_m67_a_degradation_turn_allows_no_token |

M27 is not a ruling: RULINGS.md skips the number (the turn limit was M27 before it became M62).

Last, `test_every_ruling_is_named_in_a_test_file`: every ruling number in RULINGS.md's tables
must appear as a word (M<NN>, not as the end of a range) in some tests/test_mammothodus_*.py,
so a new ruling without a test fails.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from altay_cli.engine import load_game
from altay_cli.engine.mammothodus import ancients, data, humans, machine, ops
from altay_cli.engine.mammothodus.actions import (
    Card,
    ChooseAction,
    Figurine,
    Hit,
    Pass,
    Start,
    Step,
    Token,
    Use,
)
from altay_cli.engine.mammothodus.ancients import BONUS_ACTIONS
from altay_cli.engine.mammothodus.data import Cell, Fragment, load
from altay_cli.engine.mammothodus.frames import Frame
from altay_cli.engine.mammothodus.machine import START_PAIRS, MammothodusState
from altay_cli.engine.mammothodus.state import COLORS, OFF, GameState, MammothodusConfig, Phase, Result

from .test_mammothodus_ancients import (
    asked,
    dice,
    do,
    done,
    figs,
    opts,
    set_hand,
    shard,
    start,
    with_fragments,
)
from .test_mammothodus_ancients import spirit as spirit_at
from .test_mammothodus_generation import answer
from .test_mammothodus_generation import run as run_routine
from .test_mammothodus_humans import new as humans_game
from .test_mammothodus_humans import pops, put, tribes_at
from .test_mammothodus_humans import run as human_phase
from .test_mammothodus_humans import spirit as summoned
from .test_mammothodus_talents import ancients_phase, humans_phase, tokens
from .test_mammothodus_talents import new as talents_game
from .test_mammothodus_talents import set_hand as talent_hand

D = load()
GAME = load_game("mammothodus")
RULINGS = Path(ancients.__file__).with_name("RULINGS.md")
SPIRITS = [s.name for s in D.spirits.cards]
EARTH, WIND, PROGENITORS = (SPIRITS.index(n) for n in ("Earth", "Wind", "Progenitors"))
RED, GREEN, YELLOW, BLUE = range(4)


# ---------------------------------------------------------------------------- building positions
def field(monkeypatch: pytest.MonkeyPatch, players: int = 2, seed: int = 5) -> MammothodusState:
    """The human tests' game past its set-up (no tribes, no figurines), emptied further as the
    Ancients' tests empty it: no shard on the map, every hand back in its deck."""
    g: MammothodusState = humans_game(monkeypatch, players=players, seed=seed)
    g.shard_at = [-1] * len(g.shard_at)
    g.shard_open = [False] * len(g.shard_open)
    for clan in g.clans:
        clan.deck += clan.hand
        clan.hand = []
    g.active, g.log = 0, []
    return g


def fresh(players: int, seed: int = 1, **options: bool) -> MammothodusState:
    """A game as `new_game` deals it, before any set-up decision."""
    return machine.new_game(MammothodusConfig(players=players, seed=seed, **options))


def humans_again(g: GameState, me: int = 0) -> None:
    """One more human phase of clan `me` with whatever card is on top of the human deck."""
    g.active = me
    g.log = []
    g.stack = [Frame("humans", me)]
    g._legal = None
    machine._run(g)


# ---------------------------------------------------------------------------- the stand-in components
def test_m1_the_centre_has_no_shard_no_trail_and_no_place_of_power() -> None:
    g = fresh(4)
    centre = g.tables.centre
    assert len(g.tribes) == len(D.map.territories) == 21  # the 21 territories include the centre
    assert ops.region_of(g, centre) is None and ops.color_of(g, centre) is None
    assert centre not in g.shard_at and sorted(g.shard_at) == list(range(1, 21))
    assert centre not in g.trails and centre not in D.map.trail_positions.values()
    g.portal_open = 0  # no open fragment: every line asks nothing
    for line in range(len(g.places)):
        assert ancients.line_met(g, line, 1)  # any other territory would do...
        assert not ancients.line_met(g, line, centre)  # ...never the centre
    assert not humans.activates(g, centre, "red") and humans.activates(g, 10, "red")


def test_m4_four_initial_trails_eight_tokens_and_the_ninth_loses(monkeypatch: pytest.MonkeyPatch) -> None:
    g = fresh(2)
    assert g.trails == [10, 13, 16, 19]
    assert {t: n for t, n in enumerate(g.tribes) if n} == {10: 1, 13: 1, 16: 1, 19: 1}
    assert sorted(g.trail_tokens) == list(range(1, 9))  # TRAIL_TOKENS = 8, one per number
    g = humans_game(monkeypatch)
    opened = []
    for _ in range(8):
        human_phase(g, "new_trail")
        assert not g.stack and g.result is None
        opened.append(g.trails[-1])
    assert sorted(opened) == [9, 11, 12, 14, 15, 17, 18, 20]  # the potential trails, the outer ring
    human_phase(g, "new_trail")  # a 9th token must be placed
    assert g.result is Result.LOST and g.end_reason == "too_many_trails"


def test_m5_each_clan_deals_from_its_own_deck_of_three_cards_per_colour() -> None:
    g = fresh(4, seed=9)
    for clan in g.clans:
        assert len(clan.hand) == 4 and len(clan.deck) == 8 and clan.discard == []
        assert Counter(clan.hand + clan.deck) == {"red": 3, "green": 3, "yellow": 3, "blue": 3}
    assert len({tuple(c.deck) for c in g.clans}) > 1  # four decks, each shuffled on its own


def test_m6_twelve_adaptation_cards_a_market_of_four_refilled_at_the_end_of_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g = fresh(2)
    assert len(g.market) == 4 and len(g.adaptation_deck) == 8
    assert sorted(g.market + g.adaptation_deck) == list(range(12))
    names = Counter(data.adaptation_name(i) for i in range(12))
    assert names == {
        **{f"extra:{c}": 1 for c in COLORS},
        **{f"double:{c}": 1 for c in COLORS},
        "wild": 2,
        "draw3": 2,
    }
    g = field(monkeypatch)
    taken = g.market.pop()  # a development point took a market card: the gap stays for now
    g.clans[0].hand = [g.clans[0].deck.pop() for _ in range(4)]
    g.clans[0].hand.append(data.adaptation_name(taken))
    top = g.adaptation_deck[-1]
    run_routine(g, "end_turn", 0)
    answer(g, Pass())  # no discard
    assert not g.stack and len(g.market) == 4 and g.market[-1] == top and len(g.adaptation_deck) == 7
    assert ("market", data.adaptation_name(top)) in g.log


def test_m7_twelve_degradation_cards_and_the_thirteenth_loses() -> None:
    g = fresh(2)
    assert g.degradation_supply == D.degradation.cards == 12
    for _ in range(12):
        ops.take_degradation(g, 0)
    assert g.degradation_supply == 0 and g.clans[0].discard.count("degradation") == 12
    with pytest.raises(ops.GameEnded):
        ops.take_degradation(g, 1)
    assert g.result is Result.LOST and g.end_reason == "no_degradation_cards"


def test_m8_fourteen_human_cards_a_fragment_flips_at_each_reshuffle(monkeypatch: pytest.MonkeyPatch) -> None:
    g = humans_game(monkeypatch)  # no figurine, no place of power: the humans have no target (M21)
    assert Counter(g.human_deck) == {"red": 3, "green": 3, "yellow": 3, "blue": 3, "new_trail": 2}
    assert g.human_discard == [] and g.portal_open == 4
    for n in range(14):
        humans_again(g)
        assert not g.stack and g.result is None, n
        g.tribes = [0] * 21  # keep the 13th tribe away; appearing is not what this test is about
        assert g.portal_open == 4
    assert g.human_deck == [] and len(g.human_discard) == 14
    humans_again(g)  # the 15th card: the deck is rebuilt, the leftmost closed fragment flips
    assert g.portal_open == 5 and ("portal_flip", g.portal[4], 5) in g.log
    assert len(g.human_deck) == 13 and len(g.human_discard) == 1


def test_m9_four_of_eight_fragments_open_and_their_lines_add_up() -> None:
    g = fresh(2, seed=4)
    assert sorted(g.portal) == [f.id for f in D.portal.fragments] == list(range(1, 9))
    assert g.portal_open == D.portal.open_at_start == 4
    frags = {f.id: f for f in D.portal.fragments}

    def asked_for(line: int, opened: int) -> tuple[Counter[str], set[str], set[str]]:
        shards: Counter[str] = Counter()
        regions: set[str] = set()
        colours: set[str] = set()
        for fid in g.portal[:opened]:
            cell = frags[fid].lines[line]
            shards.update([cell.shard] if cell.shard else [])
            regions.update([cell.region] if cell.region else [])
            colours.update([str(cell.color)] if cell.color else [])
        return shards, regions, colours

    for line in range(4):  # one line per place of power, on every fragment
        assert ancients.line_conditions(g, line) == asked_for(line, 4)
    g.human_deck, g.human_discard = [], ["blue"]
    humans_again(g)  # a reshuffle opens the fifth: its cells join every line's conditions
    assert g.portal_open == 5
    for line in range(4):
        assert ancients.line_conditions(g, line) == asked_for(line, 5) != asked_for(line, 4)


def test_m10_twenty_shards_one_per_territory_all_face_down() -> None:
    g = fresh(3, seed=2)
    assert len(g.shard_at) == D.shards.per_type * len(D.shards.types) == 20
    assert sorted(g.shard_at) == list(range(1, 21))  # one in each territory but the centre
    assert Counter(g.shard_type) == {k: 5 for k in range(4)}  # four types of five
    assert not any(g.shard_open)  # face down until an Ancient ends a move there (M42)


def test_m11_the_spirits_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    g = field(monkeypatch)
    for card in (EARTH, WIND, PROGENITORS):
        spirit_at(g, 6, card)
    assert ancients.hit_options(g, 6, (5,), ()) == []  # the rulebook: {5} does not destroy the Stone spirit
    assert ancients.hit_options(g, 6, (5, 4), ()) == [Hit("Earth")]  # {5, 4} does
    assert ancients.hit_options(g, 6, (5, 5), ()) == [Hit("Earth"), Hit("Wind")]  # Wind: 2 dice of 5+
    assert ancients.hit_options(g, 6, (4, 4, 4), ()) == [Hit("Earth"), Hit("Progenitors")]  # 3 of 4+
    assert ancients.hit_options(g, 6, (4, 4, 3), ()) == [Hit("Earth")]
    # an attack with {5, 4} destroys the Earth spirit (and only it); it returns to the supply
    figs(g, 0, red=6)
    set_hand(g, 0, ["red"])  # one card and the red figurine's bonus: two dice
    dice(monkeypatch, 5, 4)
    start(g)
    do(g, ChooseAction("attack"), Figurine("red"))
    asked(g, "reroll")
    do(g, Pass())
    assert opts(g) == [Hit("Earth"), Pass()]
    do(g, Hit("Earth"))
    done(g)
    assert sorted(g.spirit_on) == [WIND, PROGENITORS] and g.spirit_deck == [EARTH]


def test_m16_the_five_discoveries_one_per_reshuffle(monkeypatch: pytest.MonkeyPatch) -> None:
    g = humans_game(monkeypatch, discoveries=True)
    assert sorted(g.discovery_deck) == list(range(5))
    assert set(D.discoveries.cards) == {
        "move_attack",
        "defence_plus_1",
        "attack_plus_1",
        "appear_move",
        "degradation_plus_2",
    }
    order = list(reversed(g.discovery_deck))  # the next one is the end
    revealed = []
    for n in range(6):
        g.human_deck, g.human_discard = [], ["blue"]
        humans_again(g)
        assert not g.stack and g.result is None
        g.tribes = [0] * 21
        revealed += [e[1] for e in g.log if e[0] == "discovery"]
        assert len(revealed) == min(n + 1, 5)  # one at each reshuffle, none once all are out
    assert revealed == [D.discoveries.cards[i] for i in order] and g.discovery_deck == []
    kept = sorted(D.discoveries.cards[i] for i in g.discoveries)
    assert kept == sorted(set(D.discoveries.cards) - {"degradation_plus_2"})  # M26: that one leaves play
    assert g.clans[0].deck.count("degradation") == 2  # M26: into the deck


def test_m17_activation_by_territory_tribes_before_spirits(monkeypatch: pytest.MonkeyPatch) -> None:
    """A green card: the green territories 1, 8, 13, 14, 15 act in ascending order, in each the
    tribes before the spirits; a tribe at a place of power summons and the others there idle;
    the spirit it summons does not act on this card; yellow T2 does not act at all."""
    g = humans_game(monkeypatch)
    put(g, 0, RED, 1)
    g.tribes[1] = 1
    summoned(g, EARTH, 1)
    put(g, 1, RED, 8)
    g.tribes[8] = 2
    g.places[0] = 13
    g.tribes[13] = 2
    put(g, 0, GREEN, 15)
    summoned(g, WIND, 15)
    put(g, 1, GREEN, 2)
    g.tribes[2] = 3  # yellow: not activated by green
    dice(monkeypatch, 6, 2)
    human_phase(g, "green")
    assert not g.stack and g.result is None
    acting = [e for e in g.log if e[0] in ("tribe_attack", "tribe_idle", "tribe_move", "spirit")]
    assert acting == [
        ("tribe_attack", 1, 1, 0),
        ("spirit", "attack", 1, 6),
        ("tribe_attack", 8, 2, 0),
        ("spirit", "summon", 13, PROGENITORS),
        ("tribe_idle", 13, 1),
        ("spirit", "attack", 15, 2),
    ]
    assert pops(g) == [7 - 1 - 3 - 1, 7 - 2]  # T2's three tribes never attacked clan 1
    assert tribes_at(g) == {1: 1, 2: 3, 8: 2, 13: 2}  # 13: one summoned, then the green trail's spawn


def test_m18_each_clan_is_a_seat_with_a_turn_and_a_deck_of_its_own() -> None:
    """One policy plays all three seats (one player may hold several clans); each clan takes
    its own turn in seat order from the first, each turn a human card then that clan's action,
    and each clan keeps its own twelve cards."""
    state = GAME.new_state(GAME.make_config(3, 11, {"max_turns": 9}))
    rng = random.Random(11)
    turns: list[tuple[int, int]] = []
    cards_per_turn: Counter[int] = Counter()
    while not state.is_terminal:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        for e in state.log:
            if e[0] == "turn":
                turns.append((e[1], e[2]))
            elif e[0] == "human_card":
                cards_per_turn[turns[-1][1]] += 1
            elif e[0] == "action":
                assert e[1] == turns[-1][0]  # the action of a turn is the active clan's
        for clan in state.clans:
            held = Counter(clan.deck + clan.hand + clan.discard)
            assert {c: held[c] for c in COLORS} == {c: 3 for c in COLORS}
    assert len(turns) >= 6, state.end_reason
    assert [s for s, _ in turns] == [(state.first + i) % 3 for i in range(len(turns))]
    assert [n for _, n in turns] == list(range(1, len(turns) + 1))
    assert all(cards_per_turn[n] == 1 for _, n in turns)


def test_m19_no_cap_on_the_attack_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    assert D.dice.cap is None
    g = field(monkeypatch)
    figs(g, 0, red=6)  # red T6
    figs(g, 1, red=5)  # next door
    g.tribes[6] = 1
    set_hand(g, 0, ["red", "red", "red", "double:red"])
    set_hand(g, 1, ["red"])
    dice(monkeypatch, *[1] * 7)
    start(g)
    do(g, ChooseAction("attack"), Figurine("red"), Card("double:red"), Card("red"), Card("red"), Card("red"))
    asked(g, "assist", seat=1)
    do(g, Card("red"))
    asked(g, "reroll")
    assert ("dice", 0, 6, (1,) * 7) in g.log  # 5 cards + the bonus + 1 ally card: 7 dice, not 5


def test_m20_no_figurine_bonus_when_activating_a_place_of_power(monkeypatch: pytest.MonkeyPatch) -> None:
    """A blue figurine pays one blue card for a place costing two; the ally passes. A bonus
    would make two: there is none (M20), so nothing is activated and the card goes back."""
    assert "activate" not in BONUS_ACTIONS and "degradation" not in BONUS_ACTIONS
    g = field(monkeypatch)
    g.portal = [5, 6, 1, 2, 3, 4, 7, 8]
    g.portal_open = 2  # line 0: a green northern territory (T1), no shard
    g.places[1] = 13  # one place is active: the next costs two
    figs(g, 0, blue=1)
    figs(g, 1, red=2)
    set_hand(g, 0, ["blue"])
    set_hand(g, 1, ["blue"])
    start(g)
    do(g, ChooseAction("activate"), Figurine("blue"))
    asked(g, "assist", seat=1)
    do(g, Pass())
    done(g)
    assert not any(e[0] == "bonus" for e in g.log)
    assert g.places == [-1, 13, -1, -1] and ("activation_failed", 0, 0, 1) in g.log
    assert g.clans[0].hand == ["blue"]
    # the same figurine developing does get its bonus (the four basic actions only)
    g = field(monkeypatch)
    figs(g, 0, blue=1, red=0)
    set_hand(g, 0, ["blue"])
    start(g)
    do(g, ChooseAction("development"), Figurine("blue"))
    done(g)
    assert ("bonus", 0, "blue", "development") in g.log and g.clans[0].degradation == 2


# ---------------------------------------------------------------------------- the Ancients' phase
def test_m40_a_destroyed_spirits_card_is_shuffled_back(monkeypatch: pytest.MonkeyPatch) -> None:
    assert ancients.SPIRIT_CARD_SHUFFLED_BACK is True
    for shuffled in (True, False):  # the ruling, then its alternative (the card on top)
        if not shuffled:
            monkeypatch.setattr(ancients, "SPIRIT_CARD_SHUFFLED_BACK", False)
        g = field(monkeypatch, seed=5)
        spirit_at(g, 6, WIND)
        figs(g, 0, red=6)
        set_hand(g, 0, ["red"])
        dice(monkeypatch, 5, 6)
        start(g)
        do(g, ChooseAction("attack"), Figurine("red"), Pass())
        appended = [*g.spirit_deck, WIND]
        expected = appended[:]
        g.rng.fork().shuffle(expected)
        assert expected != appended  # this seed's shuffle moves the card: the test can tell
        do(g, Hit("Wind"))
        done(g)
        assert g.spirits == [] and g.spirit_deck == (expected if shuffled else appended)


def test_m42_shards_open_where_the_movers_stop_only(monkeypatch: pytest.MonkeyPatch) -> None:
    g = field(monkeypatch)
    figs(g, 0, red=4, yellow=7)  # red in blue T4 moves; yellow in red T7 stays
    set_hand(g, 0, ["green", "green", "green"])
    passed = shard(g, 3, "sun", face_up=False)
    stopped = shard(g, 12, "moon", face_up=False)
    stayed = shard(g, 7, "star", face_up=False)
    start(g)
    do(g, ChooseAction("move"), Figurine("red"), Card("green"), Pass())  # two cards: two steps
    do(g, Step(3), Step(12))
    asked(g, "figurine")
    assert opts(g) == [Figurine("yellow"), Pass()]
    assert not g.shard_open[stopped]  # not before the action ends
    do(g, Pass())
    done(g)
    assert g.shard_open[stopped] and ("shard_open", 12, "moon") in g.log
    assert not g.shard_open[passed] and not g.shard_open[stayed]


def test_m46_region_colour_and_shard_cells_of_a_line_accumulate(monkeypatch: pytest.MonkeyPatch) -> None:
    g = field(monkeypatch)
    g.portal = [1, 4, 5, 6, 2, 3, 7, 8]
    g.portal_open = 4  # line 0: a moon (1), a sun (4), the north (5), green (6): T1
    shard(g, 1, "moon")
    assert not ancients.line_met(g, 0, 1)  # the sun is missing
    sun = shard(g, 1, "sun", face_up=False)
    assert not ancients.line_met(g, 0, 1)  # face down does not count
    g.shard_open[sun] = True
    assert ancients.line_met(g, 0, 1)
    shard(g, 2, "moon")
    shard(g, 2, "sun")
    assert not ancients.line_met(g, 0, 2)  # T2 is northern but yellow
    shard(g, 13, "moon")
    shard(g, 13, "sun")
    assert not ancients.line_met(g, 0, 13)  # T13 is green but eastern
    g.portal_open = 5  # fragment 2 adds a star to line 0
    assert not ancients.line_met(g, 0, 1)
    shard(g, 1, "star")
    assert ancients.line_met(g, 0, 1)
    # two region cells that disagree make the line impossible anywhere
    with_fragments(g, Fragment(9, (Cell(region="E"), Cell(region="E"), Cell(region="S"), Cell(region="W"))))
    g.portal = [5, 9, 1, 2, 3, 4, 6, 7, 8]
    g.portal_open = 2
    for t in range(1, 21):
        assert not ancients.line_met(g, 0, t)
    assert ancients.line_met(g, 2, 5)  # line 2: south twice, which T5 is


def test_m47_a_wild_cards_colour_is_never_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    g = field(monkeypatch)
    figs(g, 0, green=6)  # green figurine in red T6
    set_hand(g, 0, ["wild", "green"])
    start(g)
    do(g, ChooseAction("move"), Figurine("green"))
    asked(g, "card")
    assert opts(g) == [Card("green"), Card("wild")]
    do(g, Card("wild"))
    asked(g, "card")  # the next card, not a question about the wild's colour
    assert opts(g) == [Card("green"), Pass()]
    do(g, Pass())
    asked(g, "step")  # the wild counted as a move card: one card and the green bonus
    do(g, Step(5), Step(4))
    done(g)
    assert g.clans[0].figurines[GREEN] == 4
    assert g.clans[0].hand == ["green"] and g.clans[0].discard == ["wild"]


def test_m48_allies_help_with_adaptation_cards_of_the_actions_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    g = field(monkeypatch)
    figs(g, 0, red=4)
    figs(g, 1, red=3)  # next door
    g.tribes[4] = 1
    set_hand(g, 0, ["red"])
    set_hand(g, 1, ["extra:red", "double:red", "double:blue", "wild", "blue", "extra:blue"])
    dice(monkeypatch, *[1] * 6)
    start(g)
    do(g, ChooseAction("attack"), Figurine("red"))
    asked(g, "assist", seat=1)
    assert opts(g) == [Card("double:red"), Card("extra:red"), Card("wild"), Pass()]  # red ones, and wild
    do(g, Card("double:red"), Card("extra:red"), Card("wild"))
    asked(g, "reroll")
    assert ("dice", 0, 4, (1,) * 6) in g.log  # 1 card + bonus + the ally's 2 + 1 + 1
    assert sorted(g.clans[1].hand) == ["blue", "double:blue", "extra:blue"]


# ---------------------------------------------------------------------------- set-up and the game's bounds
def test_m60_each_clan_in_seat_order_picks_its_two_starting_figurines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(machine, "_begin", lambda g: None)
    seed = next(s for s in range(50) if fresh(3, s).first != 0)  # the set-up ignores who plays first
    g = fresh(3, seed)
    assert len(START_PAIRS) == 6
    picks = [("green", "blue"), ("red", "yellow"), ("yellow", "blue")]
    for seat, pair in enumerate(picks):
        assert g.phase is Phase.SETUP and g.to_move == seat
        assert machine.legal_actions(g) == [Start(p) for p in START_PAIRS]
        machine.apply(g, Start(pair))
        clan = g.clans[seat]
        assert [COLORS[k] for k in clan.on_field()] == [c for c in COLORS if c in pair]
        assert all(clan.figurines[COLORS.index(c)] == g.tables.centre for c in pair)
        assert all(clan.figurines[k] == OFF for k in range(4) if COLORS[k] not in pair)  # on the track
    assert all(c.figurines.count(g.tables.centre) == 2 for c in g.clans)


def test_m61_the_first_player_is_drawn_from_the_seed() -> None:
    for players in (1, 2, 3, 4):
        firsts = [fresh(players, seed).first for seed in range(40)]
        assert all(0 <= f < players for f in firsts)
        assert set(firsts) == set(range(players))  # it varies with the seed
        assert firsts == [fresh(players, seed).first for seed in range(40)]  # and the seed fixes it
    g = fresh(3, 7)
    for _ in range(3):
        machine.apply(g, Start(("red", "green")))
    assert g.turn == 1 and g.active == g.first and ("turn", g.first, 1) in g.log


def test_m62_the_turn_limit_loses() -> None:
    assert MammothodusConfig().max_turns == 400
    state = GAME.new_state(GAME.make_config(2, 5, {"max_turns": 3}))
    rng = random.Random(5)
    while not state.is_terminal:
        assert state.turn <= 3
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert state.result is Result.LOST and state.end_reason == "turn_limit" and state.turn == 3


# ---------------------------------------------------------------------------- talents
def test_m65_which_cards_pay_for_a_talent_token(monkeypatch: pytest.MonkeyPatch) -> None:
    g = talents_game(monkeypatch, "trap", "bait")
    figs(g, 0, red=4, green=1)  # the yellow and blue figurines are off the field
    talent_hand(g, 0, ["extra:red", "double:green", "blue", "extra:blue", "degradation", "draw3"])
    ancients_phase(g)
    asked(g, "action")
    assert [o for o in opts(g) if isinstance(o, Token)] == [
        Token("extra:red", "red"),  # one token
        Token("double:green", "green"),  # two
    ]  # not blue (no blue figurine on the field), never degradation nor draw3
    do(g, Token("double:green", "green"))
    asked(g, "put")
    do(g, opts(g)[0])
    asked(g, "put")  # the second token of the double card, next to the same figurine
    do(g, opts(g)[-1])
    assert g.talent_reserve[0] == 1 and "double:green" in g.clans[0].discard
    do(g, Token("extra:red", "red"))
    asked(g, "put")
    do(g, opts(g)[0])
    asked(g, "action")
    assert g.talent_reserve[0] == 0 and sum(len(t) for t in g.talents) == 3
    assert g.clans[0].discard == ["double:green", "extra:red"]
    assert not any(isinstance(o, Token) for o in opts(g))


def test_m69_token_owners_are_asked_clockwise_and_only_when_it_matters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(machine, "TALENTS_DISTINCT", False)  # M63's alternative: a talent twice
    for first_uses in (False, True):
        g = talents_game(monkeypatch, "trap", "bait", "trap")
        figs(g, 1, red=15)
        g.tribes[14] = 1  # a green card sends it into T15
        tokens(g, 0, 15)
        tokens(g, 2, 15)
        dice(monkeypatch, 6)
        humans_phase(g, "green", me=1)  # clan 1's turn: clockwise, clan 2 then clan 0
        asked(g, "use", 2)
        if first_uses:
            do(g, Use("trap", 15, 1))  # the first that uses tokens settles it: clan 0 is not asked
        else:
            do(g, Pass())
            asked(g, "use", 0)
            do(g, Use("trap", 15, 1))
        done(g)
        assert g.tribes[15] == 0 and ("tribe", "destroyed", 15) in g.log
        assert g.talents[15] == ([0] if first_uses else [2])
    # a protection where no Ancient stands would change nothing: its owner is not asked
    monkeypatch.setattr(machine, "TALENTS_DISTINCT", True)
    g = talents_game(monkeypatch, "protection", "trap")
    figs(g, 1, red=15)
    g.tribes[14] = 1
    tokens(g, 0, 14)
    humans_phase(g, "green", me=1)
    done(g)
    assert g.tribes[15] == 1 and g.talents[14] == [0]


# ---------------------------------------------------------------------------- every ruling has a test
def test_every_ruling_is_named_in_a_test_file() -> None:
    rows = re.findall(r"^\| M(\d+) \|", RULINGS.read_text(encoding="utf-8"), flags=re.MULTILINE)
    rulings = sorted({int(n) for n in rows})
    assert len(rulings) == len(rows) and {1, 20, 21, 76} <= set(rulings)
    named: set[int] = set()
    for path in sorted(Path(__file__).parent.glob("test_mammothodus_*.py")):
        text = re.sub(r"M\d+\s*-\s*M\d+", " ", path.read_text(encoding="utf-8"))  # a range names none
        named.update(int(n) for n in re.findall(r"\bM(\d+)\b", text))
    missing = [f"M{n}" for n in rulings if n not in named]
    assert not missing, f"rulings no tests/test_mammothodus_*.py names: {', '.join(missing)}"
