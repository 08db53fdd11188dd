"""A turn's mechanics: acquiring, building, end of turn, trading, the end of the game, scoring."""

import pytest

from altay_cli.engine.altay import Buy, EndTurn, IllegalAction, Place, Play, Settle, Trade, check_invariants
from altay_cli.engine.altay.data import KIND_INDEX, KINDS
from altay_cli.engine.altay.observe import resources_text
from altay_cli.engine.altay.scoring import rank_seats
from tests.helpers_engine import clear, game, put, set_hand, set_pool, shop_top


def buys(g) -> list[Buy]:
    return [a for a in g.legal_actions() if isinstance(a, Buy)]


# ----------------------------------------------------------------- acquiring cards
def test_buy_pays_the_cost_and_puts_the_card_in_the_discard_pile() -> None:
    g = game()
    s = g.active
    set_pool(g, s, "FF")
    reserve = g.reserve[0]
    g.apply(Buy("Farmer", "F"))
    p = g.players[s]
    assert p.discard[-1] == KIND_INDEX["Farmer"]
    assert resources_text(p.pool) == "F" and g.reserve[0] == reserve + 1


def test_one_copy_of_each_type_per_turn() -> None:
    g = game()
    s = g.active
    set_pool(g, s, "FFF")
    g.apply(Buy("Farmer", "F"))
    assert not [a for a in buys(g) if a.card == "Farmer"]
    with pytest.raises(IllegalAction, match="one copy per type per turn"):
        g.apply(Buy("Farmer", "F"))
    g.apply(Buy("Miner", "F"))  # another type is fine


def test_vp_copies_are_bought_first_and_cost_one_culture_per_vp() -> None:
    g = game()
    s = g.active
    assert KINDS[shop_top(g, "Chariot")].name == "Chariot (2 VP)"
    set_pool(g, s, "MMC")
    assert not [a for a in buys(g) if a.card == "Chariot"], "the top copy costs MMCC"
    set_pool(g, s, "MMCC")
    g.apply(Buy("Chariot", "MMCC"))
    assert KINDS[shop_top(g, "Chariot")].name == "Chariot (1 VP)"
    assert g.scores()[s]["action_cards"] == 2


def test_wild_costs_list_every_payment() -> None:
    g = game()
    s = g.active
    g.shop[8] = [KIND_INDEX["Worker"]] * 4  # plain Workers on top for this test
    set_pool(g, s, "FWMS")
    pays = sorted(a.pay for a in buys(g) if a.card == "Worker")
    assert pays == ["FMS", "FWM", "FWS"]
    set_pool(g, s, "FWW")
    assert [a.pay for a in buys(g) if a.card == "Worker"] == ["FWW"]


def test_empty_stack_cannot_be_bought() -> None:
    g = game()
    s = g.active
    g.box_kinds.extend(g.shop[0])
    g.shop[0] = []
    set_pool(g, s, "F")
    assert not [a for a in buys(g) if a.card == "Farmer"]
    assert g.observation(s).display[0].count == 0


# ----------------------------------------------------------------- building
def build_with_village(g, s) -> None:
    set_hand(g, s, ["Village"])
    set_pool(g, s, "FF")
    g.apply(Play("Village", 0))
    g.apply(Place("Village", "F"))
    g.apply(Place("Village", "F"))


def test_settlement_placement_rules() -> None:
    g = game()
    s = g.active
    home = next(t for t in range(23) if g.owner[t] == s)
    build_with_village(g, s)
    assert g.legal_actions() == [Settle(home)], "neighbours all hold conquest markers"
    clear(g, 7 if home == 1 else 16)
    free = 7 if home == 1 else 16
    assert [a.territory for a in g.legal_actions()] == sorted([home, free])
    g.apply(Settle(free))
    assert g.owner[free] == s


def test_max_four_settlements_per_territory() -> None:
    g = game()
    s = g.active
    home = next(t for t in range(23) if g.owner[t] == s)
    put(g, s, home, 3)
    build_with_village(g, s)
    assert Settle(home) not in g.legal_actions()


def test_settlement_with_no_legal_place_is_removed_from_the_game() -> None:
    g = game()
    s = g.active
    home = next(t for t in range(23) if g.owner[t] == s)
    put(g, s, home, 3)
    supply = g.players[s].supply
    build_with_village(g, s)
    assert g.phase == "main", "no decision: nowhere to place"
    assert g.players[s].removed == 1 and g.players[s].supply == supply - 1
    assert check_invariants(g) == []


def test_cannot_settle_next_to_an_opponent_only_territory() -> None:
    g = game()
    s = g.active
    o = 1 - s
    home = next(t for t in range(23) if g.owner[t] == s)
    target = 7 if home == 1 else 16
    clear(g, target)
    put(g, o, target)
    build_with_village(g, s)
    assert Settle(target) not in g.legal_actions()


# ----------------------------------------------------------------- end of turn
def test_end_of_turn_discards_resources_and_hand_and_draws_five() -> None:
    g = game()
    s = g.active
    set_hand(g, s, ["Hunter", "Hunter"])
    g.apply(Play("Hunter", 0))
    reserve = g.reserve[:]
    p = g.players[s]
    g.apply(EndTurn())
    assert p.pool == [0] * 5 and g.reserve[0] == reserve[0] + 1
    assert len(p.hand) == 5
    assert g.active == 1 - s and g.to_move == 1 - s


def test_reshuffle_only_when_a_draw_needs_it() -> None:
    g = game()
    s = g.active
    p = g.players[s]
    g.apply(EndTurn())  # draws the last 5 of the deck
    assert p.deck == [] and len(p.discard) == 5, "no reshuffle just because the deck is empty"
    while g.active != s:
        g.apply(EndTurn())
    g.apply(EndTurn())
    assert len(p.hand) == 5 and len(p.deck) == 5 and p.discard == [], "reshuffled to draw"


def test_drawing_from_empty_deck_and_discard_draws_nothing() -> None:
    g = game()
    s = g.active
    p = g.players[s]
    p.archive.extend(p.deck)  # park every card where draws cannot reach
    p.deck = []
    assert g.draw(p, 3) == 0


def test_no_hand_limit() -> None:
    g = game()
    s = g.active
    p = g.players[s]
    g.draw(p, 5)
    assert len(p.hand) == 10


# ----------------------------------------------------------------- trading variant
def test_trading_turns_leftovers_into_coins_and_five_coins_into_a_resource() -> None:
    g = game(trading=True)
    s = g.active
    set_pool(g, s, "FFFWM")
    g.apply(EndTurn())
    p = g.players[s]
    assert p.coins == 5 and p.pool == [0] * 5
    assert check_invariants(g) == []
    while g.active != s:
        g.apply(EndTurn())
    assert Trade("C") in g.legal_actions()
    g.apply(Trade("C"))
    assert p.coins == 0 and resources_text(p.pool) == "C"
    assert not [a for a in g.legal_actions() if isinstance(a, Trade)]


def test_without_trading_no_coins() -> None:
    g = game()
    s = g.active
    set_pool(g, s, "FFFFF")
    g.apply(EndTurn())
    assert g.players[s].coins == 0


# ----------------------------------------------------------------- end of the game
def test_last_settlement_placed_ends_the_game_after_the_round() -> None:
    g = game(players=3)
    s = g.active
    p = g.players[s]
    home = next(t for t in range(23) if g.owner[t] == s)
    put(g, s, home, 2)
    # move all but one supply settlement into a dummy pile (captured by another player)
    other = (s + 1) % 3
    while p.supply > 1:
        p.supply -= 1
        g.players[other].cap_settlements.append(s)
    build_with_village(g, s)
    assert g.end_trigger is None, "a settlement still waits to be placed"
    g.apply(g.legal_actions()[0])
    assert g.end_trigger == "settlements_exhausted"
    turns = 0
    while not g.is_terminal:
        g.apply(EndTurn())
        turns += 1
    assert turns == 3, "every player gets the same number of turns"
    assert g.end_reason == "settlements_exhausted" and g.round == 1
    assert check_invariants(g) == []


def test_a_settlement_on_an_achievement_still_has_to_be_placed() -> None:
    from altay_cli.engine.altay import Develop
    from tests.helpers_engine import bring_to_display

    g = game()
    s = g.active
    p = g.players[s]
    other = 1 - s
    while p.supply > 1:
        p.supply -= 1
        g.players[other].cap_settlements.append(s)
    bring_to_display(g, "Writing")
    set_pool(g, s, "F")
    g.apply(Develop("Writing", "F"))
    assert p.supply == 0 and p.dev_settlement
    assert g.end_trigger is None


def test_round_limit_adjudicates() -> None:
    g = game(max_rounds=2)
    while not g.is_terminal:
        g.apply(EndTurn())
    assert g.end_reason == "round_limit" and g.round == 2 and g.turns == 4
    assert g.result()["finished"]


# ----------------------------------------------------------------- scoring
def test_territories_score_one_plus_their_vp_marker() -> None:
    g = game()
    s = g.active
    clear(g, 20)
    put(g, s, 20, 2)
    assert g.vp_marker[20] == 1
    assert g.scores()[s]["territories"] == 1 + 2


def test_conquest_markers_score_one_per_three_points() -> None:
    g = game()
    s = g.active
    from altay_cli.engine.altay.data import CONQUEST_MARKERS

    p = g.players[s]
    threes = [m for m in g.box_markers if CONQUEST_MARKERS[m][0] == 3][:2]
    two = next(m for m in g.box_markers if CONQUEST_MARKERS[m][0] == 2)
    p.cap_markers.extend([*threes, two])
    assert g.scores()[s]["conquest_markers"] == 8 // 3


def test_ties_break_on_categories_in_rulebook_order_then_share() -> None:
    base = {
        "technologies": 0, "wonders": 0, "action_cards": 0, "territories": 0,
        "captured_settlements": 0, "conquest_markers": 0,
    }  # fmt: skip
    a = {**base, "technologies": 2, "territories": 3, "total": 5}
    b = {**base, "wonders": 4, "territories": 1, "total": 5}
    c = {**base, "territories": 5, "total": 5}
    assert rank_seats([a, b, c]) == [1, 2, 3]
    assert rank_seats([c, dict(c), b]) == [2, 2, 1]
    assert rank_seats([a, dict(a)]) == [1, 1], "still tied: shared"
    higher = {**base, "territories": 9, "total": 9}
    assert rank_seats([a, higher]) == [2, 1], "total VP first"


def test_result_reports_scores_ranks_and_reason() -> None:
    g = game(max_rounds=1)
    while not g.is_terminal:
        g.apply(EndTurn())
    r = g.result()
    assert set(r) >= {"scores", "ranks", "winners", "end_reason", "rounds", "turns", "finished"}
    assert all(s["total"] == sum(v for k, v in s.items() if k != "total") for s in r["scores"])
