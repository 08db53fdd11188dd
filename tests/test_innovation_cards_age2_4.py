"""Scenario tests for the effects of ages 2, 3 and 4 (and the 1st-edition Fermenting and Feudalism)."""

from __future__ import annotations

from altay_cli.engine.innovation.state import GameState
from altay_cli.engine.innovation.tables import EMPIRE, WONDER, WORLD, card_id
from tests.innovation_helpers import (
    board,
    decide,
    dogma,
    free_draw_taken,
    hand,
    moved,
    names,
    on_top,
    options,
    pile,
    revealed,
    scenario,
    score_pile,
    splay,
    top,
)


def hand_of(g: GameState, p: int) -> list[str]:
    return names(g.players[p].hand)


def score_of(g: GameState, p: int) -> list[str]:
    return names(g.players[p].score)


def at_supply_bottom(g: GameState, age: int, *titles: str) -> bool:
    """The bottom cards of supply pile `age`, the last returned first."""
    return [card_id(t) for t in titles] == g.supply[age][: len(titles)]


def idle(g: GameState) -> bool:
    return g.pending is None and not g.stack


# ============================================================================ age 2
def test_calendar_draws_two_3s_with_more_score_cards_than_hand_cards() -> None:
    g = scenario()
    board(g, 0, "Calendar")
    score_pile(g, 0, "Tools", "Writing")
    hand(g, 0, "Sailing")
    on_top(g, "Alchemy", "Translation")
    dogma(g, 0, "Calendar")
    assert hand_of(g, 0) == ["Alchemy", "Sailing", "Translation"]
    assert idle(g)


def test_calendar_nothing_when_score_pile_not_larger() -> None:
    g = scenario()
    board(g, 0, "Calendar")
    score_pile(g, 0, "Tools")
    hand(g, 0, "Sailing")
    dogma(g, 0, "Calendar")
    assert hand_of(g, 0) == ["Sailing"]
    assert moved(g, "draw") == []


def test_mathematics_return_then_draw_and_meld_one_higher() -> None:
    g = scenario()
    board(g, 0, "Mathematics")
    hand(g, 0, "Writing", "Calendar")
    on_top(g, "Philosophy")
    dogma(g, 0, "Mathematics")
    assert set(options(g)) == {"Writing", "Calendar", "pass"}
    decide(g, "Writing")
    assert pile(g, 0, "purple") == ["Philosophy"]
    assert hand_of(g, 0) == ["Calendar"]
    assert at_supply_bottom(g, 1, "Writing")


def test_mathematics_declined() -> None:
    g = scenario()
    board(g, 0, "Mathematics")
    hand(g, 0, "Writing")
    dogma(g, 0, "Mathematics")
    decide(g, "pass")
    assert hand_of(g, 0) == ["Writing"]
    assert moved(g, "meld") == [] and idle(g)


def test_construction_demand_two_cards_then_draw_a_2() -> None:
    g = scenario()
    board(g, 0, "Construction")  # 3 castles; player 1 has none: vulnerable
    hand(g, 1, "Writing", "Sailing", "Agriculture")
    on_top(g, "Calendar")
    dogma(g, 0, "Construction")
    decide(g, "Writing", "Sailing", seat=1)
    assert hand_of(g, 0) == ["Sailing", "Writing"]
    assert hand_of(g, 1) == ["Agriculture", "Calendar"]


def test_construction_demand_all_cards_if_fewer_and_draw_even_with_none() -> None:
    g = scenario(players=3)
    board(g, 0, "Construction")
    hand(g, 1, "Writing")
    on_top(g, "Calendar", "Mathematics")
    dogma(g, 0, "Construction")
    assert hand_of(g, 0) == ["Writing"]
    assert hand_of(g, 1) == ["Calendar"]
    assert hand_of(g, 2) == ["Mathematics"]  # nothing to give, draws anyway
    assert idle(g)


def test_construction_nobody_vulnerable() -> None:
    g = scenario()
    board(g, 0, "Construction")
    board(g, 1, "Masonry")  # 3 castles: shares
    hand(g, 1, "Writing", "Sailing")
    dogma(g, 0, "Construction")
    assert hand_of(g, 1) == ["Sailing", "Writing"]
    assert hand_of(g, 0) == []
    assert moved(g, "draw") == [] and g.specials[EMPIRE] == -1


def test_construction_claims_empire_with_only_five_top_cards() -> None:
    g = scenario()
    board(g, 0, "Construction", "Writing", "Sailing", "Agriculture", "Mysticism")
    board(g, 1, "Pottery", "Archery")
    dogma(g, 0, "Construction")
    assert g.specials[EMPIRE] == 0
    assert EMPIRE in g.players[0].achieved


def test_construction_no_empire_when_another_player_has_five_top_cards() -> None:
    g = scenario()
    board(g, 0, "Construction", "Writing", "Sailing", "Agriculture", "Mysticism")
    board(g, 1, "Pottery", "Oars", "Clothing", "Canal Building", "Code of Laws")
    dogma(g, 0, "Construction")
    assert g.specials[EMPIRE] == -1


def test_road_building_two_melds_and_exchange_red_for_green() -> None:
    g = scenario()
    board(g, 0, "Road Building", "Writing")
    hand(g, 0, "Oars", "Clothing")
    board(g, 1, "Sailing")  # no castle: does not share
    dogma(g, 0, "Road Building")
    decide(g, "Oars", "Clothing")
    assert set(options(g)) == {"player 1", "pass"}
    decide(g, "player 1")
    assert pile(g, 0, "red") == ["Road Building"]
    assert pile(g, 1, "red") == ["Oars"]
    assert pile(g, 0, "green") == ["Clothing", "Sailing"]
    assert pile(g, 1, "green") == []


def test_road_building_red_moves_even_without_green() -> None:
    g = scenario()
    board(g, 0, "Road Building")
    hand(g, 0, "Oars", "Clothing")
    board(g, 1, "Writing")
    dogma(g, 0, "Road Building")
    decide(g, "Clothing", "Oars", "player 1")
    assert pile(g, 0, "red") == ["Road Building"]
    assert pile(g, 1, "red") == ["Oars"]
    assert pile(g, 0, "green") == ["Clothing"]


def test_road_building_one_meld_no_transfer_option() -> None:
    g = scenario()
    board(g, 0, "Road Building")
    hand(g, 0, "Oars", "Clothing")
    board(g, 1, "Sailing")
    dogma(g, 0, "Road Building")
    decide(g, "Oars")
    assert "pass" in options(g)
    decide(g, "pass")
    assert idle(g)
    assert pile(g, 0, "red") == ["Road Building", "Oars"]
    assert hand_of(g, 0) == ["Clothing"]
    assert pile(g, 1, "green") == ["Sailing"]


def test_road_building_transfer_declined() -> None:
    g = scenario()
    board(g, 0, "Road Building")
    hand(g, 0, "Oars", "Clothing")
    board(g, 1, "Sailing")
    dogma(g, 0, "Road Building")
    decide(g, "Oars", "Clothing", "pass")
    assert pile(g, 0, "red") == ["Road Building", "Oars"]
    assert pile(g, 1, "green") == ["Sailing"]
    assert idle(g)


def test_currency_scores_a_2_per_different_value() -> None:
    g = scenario()
    board(g, 0, "Currency")
    hand(g, 0, "Writing", "Sailing", "Calendar")
    on_top(g, "Mathematics", "Philosophy")
    dogma(g, 0, "Currency")
    decide(g, "Writing", "Calendar", "Sailing")
    assert hand_of(g, 0) == []
    assert score_of(g, 0) == ["Mathematics", "Philosophy"]
    assert at_supply_bottom(g, 1, "Sailing", "Writing")


def test_currency_declined() -> None:
    g = scenario()
    board(g, 0, "Currency")
    hand(g, 0, "Writing", "Calendar")
    dogma(g, 0, "Currency")
    decide(g, "pass")
    assert hand_of(g, 0) == ["Calendar", "Writing"] and score_of(g, 0) == []


def test_mapmaking_demand_and_draw_and_score() -> None:
    g = scenario()
    board(g, 0, "Mapmaking")  # 2 crowns; player 1 none
    score_pile(g, 1, "Writing", "Calendar")
    on_top(g, "Sailing")
    dogma(g, 0, "Mapmaking")
    assert score_of(g, 1) == ["Calendar"]
    assert score_of(g, 0) == ["Sailing", "Writing"]
    assert moved(g, "score", 0) == ["Sailing"]


def test_mapmaking_sharer_also_scores_after_a_transfer() -> None:
    g = scenario(players=3)
    board(g, 0, "Mapmaking")
    score_pile(g, 1, "Writing")
    board(g, 2, "Code of Laws")  # 2 crowns: shares
    on_top(g, "Sailing", "Tools", "Calendar")
    dogma(g, 0, "Mapmaking")
    assert score_of(g, 2) == ["Sailing"]
    assert score_of(g, 0) == ["Tools", "Writing"]
    assert free_draw_taken(g) and hand_of(g, 0) == ["Calendar"]  # Mapmaking's value


def test_mapmaking_vulnerable_without_a_1() -> None:
    g = scenario()
    board(g, 0, "Mapmaking")
    score_pile(g, 1, "Calendar")
    dogma(g, 0, "Mapmaking")
    assert score_of(g, 1) == ["Calendar"] and score_of(g, 0) == []


def test_mapmaking_nobody_vulnerable() -> None:
    g = scenario()
    board(g, 0, "Mapmaking")
    board(g, 1, "Code of Laws")
    score_pile(g, 1, "Writing")
    dogma(g, 0, "Mapmaking")
    assert score_of(g, 1) == ["Writing"] and score_of(g, 0) == []
    assert moved(g, "draw") == []


def test_canal_building_exchanges_highest_cards() -> None:
    g = scenario()
    board(g, 0, "Canal Building")
    hand(g, 0, "Calendar", "Mathematics", "Writing")
    score_pile(g, 0, "Tools", "Sailing")
    dogma(g, 0, "Canal Building")
    decide(g, "yes")
    assert hand_of(g, 0) == ["Sailing", "Tools", "Writing"]
    assert score_of(g, 0) == ["Calendar", "Mathematics"]
    assert moved(g, "exchange") != []


def test_canal_building_empty_score_pile_hand_still_moves() -> None:
    g = scenario()
    board(g, 0, "Canal Building")
    hand(g, 0, "Calendar", "Writing")
    dogma(g, 0, "Canal Building")
    decide(g, "yes")
    assert hand_of(g, 0) == ["Writing"]
    assert score_of(g, 0) == ["Calendar"]


def test_canal_building_declined() -> None:
    g = scenario()
    board(g, 0, "Canal Building")
    hand(g, 0, "Calendar")
    score_pile(g, 0, "Tools")
    dogma(g, 0, "Canal Building")
    decide(g, "pass")
    assert hand_of(g, 0) == ["Calendar"] and score_of(g, 0) == ["Tools"]


def _fermenting_board(g: GameState) -> None:
    board(g, 0, "Fermenting", "Archery", "Sailing", "The Wheel")
    splay(g, 0, "green", "left")  # Sailing's bottom-right leaf shows: green has a visible leaf


def test_fermenting_draws_a_2_per_colour_with_a_leaf() -> None:
    g = scenario()
    _fermenting_board(g)  # yellow and green show leaves (3 leaves in all); red does not
    on_top(g, "Calendar", "Mathematics", "Philosophy")
    dogma(g, 0, "Fermenting")
    assert hand_of(g, 0) == ["Calendar", "Mathematics"]


def test_fermenting_first_edition_draws_a_2_per_two_leaves() -> None:
    g = scenario(edition="1e")
    _fermenting_board(g)  # 3 leaves: one 2
    on_top(g, "Calendar", "Mathematics")
    dogma(g, 0, "Fermenting")
    assert hand_of(g, 0) == ["Calendar"]


def test_monotheism_demand_and_tucks() -> None:
    g = scenario()
    board(g, 0, "Archery", "Monotheism")  # 5 castles
    board(g, 1, "Writing", "Sailing", "Code of Laws")  # no castles
    on_top(g, "Tools", "Pottery")
    dogma(g, 0, "Monotheism")
    assert set(options(g)) == {"Writing", "Sailing"}  # purple is on the activator's board
    decide(g, "Sailing", seat=1)
    assert score_of(g, 0) == ["Sailing"]
    assert pile(g, 1, "green") == []
    assert pile(g, 1, "blue") == ["Tools", "Writing"]  # the 1 is tucked under
    assert pile(g, 0, "blue") == ["Pottery"]  # the non-demand's tuck
    assert moved(g, "tuck") == ["Tools", "Pottery"]


def test_monotheism_vulnerable_without_an_eligible_card() -> None:
    g = scenario()
    board(g, 0, "Oars", "Monotheism")
    board(g, 1, "Archery")  # 2 castles, red: the activator has red
    on_top(g, "Tools")
    dogma(g, 0, "Monotheism")
    assert pile(g, 1, "red") == ["Archery"] and score_of(g, 0) == []
    assert moved(g, "tuck") == ["Tools"]  # only the activator's non-demand tuck


def test_monotheism_nobody_vulnerable_sharer_tucks_and_free_draw() -> None:
    g = scenario()
    board(g, 0, "Monotheism")
    board(g, 1, "Masonry", "Writing")
    on_top(g, "Tools", "Pottery", "Calendar")
    dogma(g, 0, "Monotheism")
    assert pile(g, 1, "blue") == ["Tools", "Writing"]
    assert pile(g, 1, "yellow") == ["Masonry"]
    assert pile(g, 0, "blue") == ["Pottery"]
    assert free_draw_taken(g) and hand_of(g, 0) == ["Calendar"]


def test_philosophy_splay_and_score() -> None:
    g = scenario()
    board(g, 0, "Philosophy", "Tools", "Writing")
    hand(g, 0, "Sailing")
    dogma(g, 0, "Philosophy")
    assert set(options(g)) == {"blue", "pass"}
    decide(g, "blue")
    assert g.players[0].splay[0] == 1
    decide(g, "Sailing")
    assert score_of(g, 0) == ["Sailing"] and hand_of(g, 0) == []


def test_philosophy_declined() -> None:
    g = scenario()
    board(g, 0, "Philosophy", "Tools", "Writing")
    hand(g, 0, "Sailing")
    dogma(g, 0, "Philosophy")
    decide(g, "pass", "pass")
    assert g.players[0].splay[0] == 0
    assert hand_of(g, 0) == ["Sailing"] and score_of(g, 0) == [] and idle(g)


# ============================================================================ age 3
def _alchemy_board(g: GameState) -> None:
    board(g, 0, "Alchemy", "Masonry", "Archery")  # 2 + 3 + 2 castles: two 4s


def test_alchemy_keeps_non_red_cards_then_melds_and_scores() -> None:
    g = scenario()
    _alchemy_board(g)
    hand(g, 0, "Writing")
    on_top(g, "Experimentation", "Invention")
    dogma(g, 0, "Alchemy")
    assert set(revealed(g)) == {"Experimentation", "Invention"}
    assert set(options(g)) == {"Writing", "Experimentation", "Invention"}  # meld one
    decide(g, "Invention")
    decide(g, "Writing")  # score one
    assert pile(g, 0, "green") == ["Invention"]
    assert score_of(g, 0) == ["Writing"]
    assert hand_of(g, 0) == ["Experimentation"]


def test_alchemy_red_card_returns_the_whole_hand() -> None:
    g = scenario()
    _alchemy_board(g)
    hand(g, 0, "Writing")
    on_top(g, "Experimentation", "Colonialism")
    dogma(g, 0, "Alchemy")
    decide(g, "Colonialism")  # the order of the two 4s
    assert hand_of(g, 0) == []
    assert at_supply_bottom(g, 4, "Experimentation", "Colonialism")
    assert at_supply_bottom(g, 1, "Writing")
    assert idle(g)  # the second effect finds an empty hand


def test_alchemy_fewer_than_three_castles_draws_nothing() -> None:
    g = scenario()
    board(g, 0, "Alchemy")
    hand(g, 0, "Writing")
    dogma(g, 0, "Alchemy")
    assert moved(g, "draw") == []
    assert pile(g, 0, "blue") == ["Alchemy", "Writing"]  # the only card is melded
    assert score_of(g, 0) == []


def test_translation_melds_score_pile_and_claims_world() -> None:
    g = scenario()
    board(g, 0, "Translation")
    score_pile(g, 0, "Writing", "Tools", "Sailing")
    dogma(g, 0, "Translation")
    decide(g, "yes")
    assert set(options(g)) == {"Writing", "Tools"}  # E01: Sailing is alone on green: melded first
    decide(g, "Tools")
    assert pile(g, 0, "blue") == ["Translation", "Tools", "Writing"]
    assert pile(g, 0, "green") == ["Sailing"]
    assert score_of(g, 0) == []
    assert g.specials[WORLD] == 0  # Writing and Sailing both have a crown


def test_translation_declined_and_no_world_with_a_crownless_top() -> None:
    g = scenario()
    board(g, 0, "Translation", "Archery")
    score_pile(g, 0, "Writing")
    dogma(g, 0, "Translation")
    decide(g, "pass")
    assert score_of(g, 0) == ["Writing"]
    assert g.specials[WORLD] == -1


def test_engineering_demand_takes_castle_tops_fixed_at_start() -> None:
    g = scenario()
    board(g, 0, "Oars", "Engineering", "Masonry")  # 5 castles
    board(g, 1, "Metalworking", "Archery", "Tools", "Sailing")  # 3 castles
    dogma(g, 0, "Engineering")
    assert score_of(g, 0) == ["Archery", "Tools"]
    assert pile(g, 1, "red") == ["Metalworking"]  # uncovered: not taken (R16)
    assert pile(g, 1, "green") == ["Sailing"]
    assert set(options(g)) == {"red", "pass"}
    decide(g, "red")
    assert g.players[0].splay[1] == 1


def test_engineering_nobody_vulnerable_splay_declined() -> None:
    g = scenario()
    board(g, 0, "Oars", "Engineering")
    board(g, 1, "The Wheel")
    dogma(g, 0, "Engineering")
    assert pile(g, 1, "green") == ["The Wheel"] and score_of(g, 0) == []
    decide(g, "pass")
    assert g.players[0].splay[1] == 0 and idle(g)


def test_optics_crown_card_draws_and_scores_a_4() -> None:
    g = scenario()
    board(g, 0, "Optics")
    on_top(g, "Translation", "Experimentation")
    dogma(g, 0, "Optics")
    assert pile(g, 0, "blue") == ["Translation"]
    assert score_of(g, 0) == ["Experimentation"]


def test_optics_no_crown_gives_a_score_card_to_a_lower_opponent() -> None:
    g = scenario(players=3)
    board(g, 0, "Optics")
    score_pile(g, 0, "Writing", "Calendar")
    score_pile(g, 2, "Tools")
    score_pile(g, 1, "Alchemy")  # 3: not lower than 3
    on_top(g, "Engineering")
    dogma(g, 0, "Optics")
    assert pile(g, 0, "red") == ["Optics", "Engineering"]
    assert set(options(g)) == {"Writing", "Calendar"}  # only player 2 is lower: no choice asked
    decide(g, "Calendar")
    assert score_of(g, 0) == ["Writing"]
    assert score_of(g, 2) == ["Calendar", "Tools"]


def test_optics_choose_between_lower_opponents() -> None:
    g = scenario(players=3)
    board(g, 0, "Optics")
    score_pile(g, 0, "Writing")
    on_top(g, "Engineering")
    dogma(g, 0, "Optics")
    assert set(options(g)) == {"player 1", "player 2"}
    decide(g, "player 1")
    assert score_of(g, 1) == ["Writing"] and score_of(g, 0) == []


def test_optics_no_lower_opponent() -> None:
    g = scenario()
    board(g, 0, "Optics")
    score_pile(g, 0, "Writing")
    score_pile(g, 1, "Tools")
    on_top(g, "Engineering")
    dogma(g, 0, "Optics")
    assert score_of(g, 0) == ["Writing"] and score_of(g, 1) == ["Tools"] and idle(g)


def test_compass_demand_both_halves() -> None:
    g = scenario()
    board(g, 0, "Compass", "Writing", "Oars")  # 2 + 1 + 1 crowns
    board(g, 1, "Pottery", "Clothing", "Archery")  # 1 crown
    dogma(g, 0, "Compass")
    assert pile(g, 0, "blue") == ["Writing", "Pottery"]  # Clothing is green: not offered
    assert pile(g, 1, "red") == ["Archery", "Oars"]  # the only leafless top left
    assert pile(g, 1, "green") == ["Clothing"]


def test_compass_second_half_happens_alone() -> None:
    g = scenario()
    board(g, 0, "Compass", "Writing", "Oars")
    board(g, 1, "Archery")
    dogma(g, 0, "Compass")
    assert set(options(g)) == {"Writing", "Oars"}
    decide(g, "Writing", seat=1)
    assert pile(g, 1, "blue") == ["Writing"]
    assert pile(g, 0, "blue") == []
    assert pile(g, 1, "red") == ["Archery"]


def test_compass_nobody_vulnerable() -> None:
    g = scenario()
    board(g, 0, "Compass")
    board(g, 1, "Pottery", "Sailing")  # 2 crowns
    dogma(g, 0, "Compass")
    assert pile(g, 1, "blue") == ["Pottery"] and pile(g, 0, "blue") == []
    assert pile(g, 0, "green") == ["Compass"]


def test_paper_splay_then_draw_per_left_splay() -> None:
    g = scenario()
    board(g, 0, "Sailing", "Paper", "Tools", "Writing", "Archery", "Oars")
    splay(g, 0, "red", "left")
    on_top(g, "Experimentation", "Invention", "Navigation")
    dogma(g, 0, "Paper")
    assert set(options(g)) == {"green", "blue", "pass"}
    decide(g, "green")
    assert g.players[0].splay[2] == 1
    assert hand_of(g, 0) == ["Experimentation", "Invention"]  # red and green are splayed left


def test_paper_declined_counts_existing_left_splays() -> None:
    g = scenario()
    board(g, 0, "Sailing", "Paper", "Archery", "Oars")
    splay(g, 0, "red", "left")
    on_top(g, "Experimentation")
    dogma(g, 0, "Paper")
    decide(g, "pass")
    assert g.players[0].splay[2] == 0
    assert hand_of(g, 0) == ["Experimentation"]


def test_machinery_demand_exchanges_hands_then_scores_a_castle_card() -> None:
    g = scenario()
    board(g, 0, "Machinery")  # 2 leaves
    hand(g, 0, "Calendar", "Mathematics", "Tools")
    hand(g, 1, "Writing", "Sailing")
    dogma(g, 0, "Machinery")
    assert hand_of(g, 1) == ["Calendar", "Mathematics"]
    # the activator now holds Tools, Writing, Sailing; Tools is the only castle card
    assert score_of(g, 0) == ["Tools"]
    assert hand_of(g, 0) == ["Sailing", "Writing"]
    assert idle(g)  # no red pile: no splay to offer


def test_machinery_demand_with_empty_hand_still_takes() -> None:
    g = scenario()
    board(g, 0, "Machinery")
    hand(g, 0, "Calendar", "Writing")
    dogma(g, 0, "Machinery")
    assert hand_of(g, 1) == ["Calendar"]
    assert hand_of(g, 0) == ["Writing"]


def test_machinery_nobody_vulnerable_no_castle_reveals_and_offers_splay() -> None:
    g = scenario()
    board(g, 0, "Machinery", "Archery", "Oars")
    board(g, 1, "Pottery")  # 3 leaves: shares
    hand(g, 0, "Writing", "Sailing")
    dogma(g, 0, "Machinery")
    assert hand_of(g, 1) == []
    assert set(revealed(g)) == {"Writing", "Sailing"}
    assert set(options(g)) == {"red", "pass"}
    decide(g, "red")
    assert g.players[0].splay[1] == 1 and hand_of(g, 0) == ["Sailing", "Writing"]


def test_medicine_demand_swaps_activators_lowest_for_your_highest() -> None:
    g = scenario()
    board(g, 0, "Medicine")  # 2 leaves
    score_pile(g, 0, "Writing", "Tools", "Calendar")
    score_pile(g, 1, "Alchemy", "Translation", "Sailing")
    dogma(g, 0, "Medicine")
    decide(g, "Tools", seat=0)
    assert set(options(g)) == {"Alchemy", "Translation"}
    decide(g, "Alchemy", seat=1)
    assert score_of(g, 0) == ["Alchemy", "Calendar", "Writing"]
    assert score_of(g, 1) == ["Sailing", "Tools", "Translation"]


def test_medicine_one_empty_score_pile() -> None:
    g = scenario()
    board(g, 0, "Medicine")
    score_pile(g, 1, "Alchemy", "Sailing")
    dogma(g, 0, "Medicine")
    assert score_of(g, 0) == ["Alchemy"] and score_of(g, 1) == ["Sailing"]


def test_medicine_nobody_vulnerable() -> None:
    g = scenario()
    board(g, 0, "Medicine")
    board(g, 1, "Pottery")
    score_pile(g, 0, "Writing")
    score_pile(g, 1, "Alchemy")
    dogma(g, 0, "Medicine")
    assert score_of(g, 0) == ["Writing"] and score_of(g, 1) == ["Alchemy"]


def test_medicine_survives_a_json_round_trip_mid_effect() -> None:
    g = scenario()
    board(g, 0, "Medicine")
    score_pile(g, 0, "Writing", "Tools")
    score_pile(g, 1, "Alchemy", "Translation")
    dogma(g, 0, "Medicine")
    decide(g, "Writing", seat=0)
    h = GameState.from_dict(g.to_dict())
    h.trace = []
    assert h.digest() == g.digest()
    decide(h, "Translation", seat=1)
    assert score_of(h, 0) == ["Tools", "Translation"] and score_of(h, 1) == ["Alchemy", "Writing"]


def test_education_returns_highest_and_draws_two_above_the_rest() -> None:
    g = scenario()
    board(g, 0, "Education")
    score_pile(g, 0, "Alchemy", "Writing")
    on_top(g, "Translation")
    dogma(g, 0, "Education")
    assert set(options(g)) == {"Alchemy", "pass"}
    decide(g, "Alchemy")
    assert hand_of(g, 0) == ["Translation"]
    assert score_of(g, 0) == ["Writing"]
    assert at_supply_bottom(g, 3, "Alchemy")


def test_education_empty_score_pile_after_return_draws_a_2() -> None:
    g = scenario()
    board(g, 0, "Education")
    score_pile(g, 0, "Alchemy")
    on_top(g, "Calendar")
    dogma(g, 0, "Education")
    decide(g, "Alchemy")
    assert hand_of(g, 0) == ["Calendar"] and score_of(g, 0) == []


def test_education_declined() -> None:
    g = scenario()
    board(g, 0, "Education")
    score_pile(g, 0, "Alchemy")
    dogma(g, 0, "Education")
    decide(g, "pass")
    assert score_of(g, 0) == ["Alchemy"] and hand_of(g, 0) == []


def _feudalism_setup(edition: str) -> GameState:
    g = scenario(edition=edition)
    board(g, 0, "Feudalism", "Archery")  # 4 castles
    board(g, 1, "Agriculture", "Domestication")  # 2 castles: vulnerable
    splay(g, 1, "yellow", "left")
    hand(g, 1, "Masonry", "Writing")
    return g


def test_feudalism_demand_gives_castle_card_and_unsplays_its_colour() -> None:
    g = _feudalism_setup("3e")
    dogma(g, 0, "Feudalism")
    assert hand_of(g, 0) == ["Masonry"]
    assert hand_of(g, 1) == ["Writing"]
    assert g.players[1].splay[3] == 0


def test_feudalism_first_edition_demand_does_not_unsplay() -> None:
    g = _feudalism_setup("1e")
    dogma(g, 0, "Feudalism")
    assert hand_of(g, 0) == ["Masonry"]
    assert g.players[1].splay[3] == 1


def test_feudalism_no_castle_card_reveals_hand() -> None:
    g = scenario()
    board(g, 0, "Feudalism", "Archery")
    hand(g, 1, "Writing", "Sailing")
    dogma(g, 0, "Feudalism")
    assert set(revealed(g)) == {"Writing", "Sailing"}
    assert hand_of(g, 1) == ["Sailing", "Writing"] and hand_of(g, 0) == []


def test_feudalism_nobody_vulnerable_and_splay() -> None:
    g = scenario()
    board(g, 0, "Mysticism", "Feudalism")
    board(g, 1, "Masonry", "The Wheel")  # 6 castles against 2: shares
    hand(g, 1, "Domestication")
    dogma(g, 0, "Feudalism")
    assert hand_of(g, 1) == ["Domestication"]
    # player 1 shares the splay but has no pile of two: nothing to ask; the activator is asked
    assert set(options(g)) == {"purple", "pass"}
    decide(g, "purple")
    assert g.players[0].splay[4] == 1


def test_feudalism_first_edition_splay_declined() -> None:
    g = scenario(edition="1e")
    board(g, 0, "Mysticism", "Feudalism")
    dogma(g, 0, "Feudalism")
    decide(g, "pass")
    assert g.players[0].splay[4] == 0 and idle(g)


# ============================================================================ age 4
def test_experimentation_draws_and_melds_a_5() -> None:
    g = scenario()
    board(g, 0, "Experimentation")
    on_top(g, "Coal")
    dogma(g, 0, "Experimentation")
    assert pile(g, 0, "red") == ["Coal"]


def test_printing_press_return_and_draw_two_above_purple_then_splay() -> None:
    g = scenario()
    board(g, 0, "Writing", "Printing Press", "Philosophy")
    score_pile(g, 0, "Tools")
    on_top(g, "Colonialism")
    dogma(g, 0, "Printing Press")
    decide(g, "Tools")
    assert hand_of(g, 0) == ["Colonialism"] and score_of(g, 0) == []
    assert at_supply_bottom(g, 1, "Tools")
    assert set(options(g)) == {"blue", "pass"}
    decide(g, "blue")
    assert g.players[0].splay[0] == 2


def test_printing_press_without_purple_draws_a_2_and_declines_splay() -> None:
    g = scenario()
    board(g, 0, "Writing", "Printing Press")
    score_pile(g, 0, "Tools")
    on_top(g, "Calendar")
    dogma(g, 0, "Printing Press")
    decide(g, "Tools", "pass")
    assert hand_of(g, 0) == ["Calendar"]
    assert g.players[0].splay[0] == 0


def test_printing_press_declined() -> None:
    g = scenario()
    board(g, 0, "Printing Press")
    score_pile(g, 0, "Tools")
    dogma(g, 0, "Printing Press")
    decide(g, "pass")
    assert score_of(g, 0) == ["Tools"] and hand_of(g, 0) == [] and idle(g)


def test_colonialism_tucks_again_while_crowns() -> None:
    g = scenario()
    board(g, 0, "Colonialism")
    on_top(g, "Translation", "Compass", "Alchemy", "Optics")
    dogma(g, 0, "Colonialism")
    assert moved(g, "tuck") == ["Translation", "Compass", "Alchemy"]
    assert pile(g, 0, "blue") == ["Alchemy", "Translation"]
    assert pile(g, 0, "green") == ["Compass"]


def test_colonialism_single_pass() -> None:
    g = scenario()
    board(g, 0, "Colonialism")
    on_top(g, "Alchemy", "Translation")
    dogma(g, 0, "Colonialism")
    assert moved(g, "tuck") == ["Alchemy"]


def test_gunpowder_demand_and_draw_and_score() -> None:
    g = scenario()
    board(g, 0, "Gunpowder")  # 2 factories
    board(g, 1, "Archery", "Writing")
    on_top(g, "Calendar")
    dogma(g, 0, "Gunpowder")
    assert score_of(g, 0) == ["Archery", "Calendar"]
    assert pile(g, 1, "red") == []


def test_gunpowder_vulnerable_without_castle_top() -> None:
    g = scenario()
    board(g, 0, "Gunpowder")
    board(g, 1, "Writing")
    dogma(g, 0, "Gunpowder")
    assert score_of(g, 0) == [] and pile(g, 1, "blue") == ["Writing"]


def test_gunpowder_nobody_vulnerable() -> None:
    g = scenario()
    board(g, 0, "Gunpowder")
    board(g, 1, "Colonialism", "Masonry")
    dogma(g, 0, "Gunpowder")
    assert score_of(g, 0) == [] and score_of(g, 1) == []
    assert pile(g, 1, "yellow") == ["Masonry"]


def test_invention_splay_right_then_draw_and_score_a_4() -> None:
    g = scenario()
    board(g, 0, "Invention", "Tools", "Writing", "Archery", "Oars")
    splay(g, 0, "blue", "left")
    splay(g, 0, "red", "left")
    on_top(g, "Experimentation")
    dogma(g, 0, "Invention")
    assert set(options(g)) == {"blue", "red", "pass"}
    decide(g, "red")
    assert g.players[0].splay[1] == 2 and g.players[0].splay[0] == 1
    assert score_of(g, 0) == ["Experimentation"]
    assert g.specials[WONDER] == -1


def test_invention_declined_and_claims_wonder() -> None:
    g = scenario()
    board(g, 0, "Tools", "Writing", "Archery", "Oars", "Sailing", "Invention")
    board(g, 0, "Agriculture", "Masonry", "Mysticism", "Code of Laws")
    for color in ("blue", "red", "green", "yellow", "purple"):
        splay(g, 0, color, "left")
    dogma(g, 0, "Invention")
    decide(g, "pass")
    assert score_of(g, 0) == []
    assert g.specials[WONDER] == 0


def test_navigation_demand_takes_a_2_or_3() -> None:
    g = scenario()
    board(g, 0, "Navigation")  # 3 crowns
    score_pile(g, 1, "Writing", "Calendar", "Alchemy", "Experimentation")
    dogma(g, 0, "Navigation")
    assert set(options(g)) == {"Calendar", "Alchemy"}
    decide(g, "Alchemy", seat=1)
    assert score_of(g, 0) == ["Alchemy"]
    assert score_of(g, 1) == ["Calendar", "Experimentation", "Writing"]


def test_navigation_nobody_vulnerable() -> None:
    g = scenario()
    board(g, 0, "Navigation")
    board(g, 1, "Translation")
    score_pile(g, 1, "Calendar")
    dogma(g, 0, "Navigation")
    assert score_of(g, 1) == ["Calendar"] and score_of(g, 0) == []


def test_anatomy_demand_returns_score_card_and_top_card_of_that_value() -> None:
    g = scenario()
    board(g, 0, "Anatomy")  # 3 leaves
    board(g, 1, "Writing", "Archery", "Currency")  # 1 leaf
    score_pile(g, 1, "Tools")
    dogma(g, 0, "Anatomy")
    assert set(options(g)) == {"Writing", "Archery"}
    decide(g, "Archery", seat=1)
    assert score_of(g, 1) == []
    assert pile(g, 1, "red") == [] and pile(g, 1, "blue") == ["Writing"]
    assert at_supply_bottom(g, 1, "Archery", "Tools")


def test_anatomy_no_top_of_that_value() -> None:
    g = scenario()
    board(g, 0, "Anatomy")
    board(g, 1, "Currency")
    score_pile(g, 1, "Tools")
    dogma(g, 0, "Anatomy")
    assert score_of(g, 1) == [] and pile(g, 1, "green") == ["Currency"]
    assert at_supply_bottom(g, 1, "Tools")


def test_anatomy_nobody_vulnerable() -> None:
    g = scenario()
    board(g, 0, "Anatomy")
    board(g, 1, "Pottery")
    score_pile(g, 1, "Tools")
    dogma(g, 0, "Anatomy")
    assert score_of(g, 1) == ["Tools"] and moved(g, "return") == []


def test_perspective_returns_then_scores_one_per_two_lightbulbs() -> None:
    g = scenario()
    board(g, 0, "Perspective", "Writing")  # 4 lightbulbs: two cards
    hand(g, 0, "Sailing", "Agriculture", "Archery", "Calendar")
    dogma(g, 0, "Perspective")
    decide(g, "Sailing")
    decide(g, "Agriculture", "Calendar")
    assert score_of(g, 0) == ["Agriculture", "Calendar"]
    assert hand_of(g, 0) == ["Archery"]
    assert at_supply_bottom(g, 1, "Sailing")


def test_perspective_all_cards_if_fewer() -> None:
    g = scenario()
    board(g, 0, "Perspective", "Writing")
    hand(g, 0, "Sailing", "Agriculture")
    dogma(g, 0, "Perspective")
    decide(g, "Sailing")
    assert score_of(g, 0) == ["Agriculture"] and hand_of(g, 0) == []


def test_perspective_declined() -> None:
    g = scenario()
    board(g, 0, "Perspective")
    hand(g, 0, "Sailing")
    dogma(g, 0, "Perspective")
    decide(g, "pass")
    assert hand_of(g, 0) == ["Sailing"] and score_of(g, 0) == []


def test_enterprise_demand_transfer_then_draw_and_meld_a_4_then_splay() -> None:
    g = scenario()
    board(g, 0, "Enterprise", "Clothing", "Writing")  # 3 + 1 + 1 crowns
    board(g, 1, "Sailing", "City States")  # 2 + 2 crowns: vulnerable; City States is purple
    on_top(g, "Experimentation")
    dogma(g, 0, "Enterprise")
    assert pile(g, 0, "green") == ["Clothing", "Sailing"] and pile(g, 1, "green") == []
    assert pile(g, 1, "purple") == ["City States"]
    assert pile(g, 1, "blue") == ["Experimentation"]
    assert set(options(g)) == {"green", "pass"}
    decide(g, "green")
    assert g.players[0].splay[2] == 2


def test_enterprise_vulnerable_without_candidate() -> None:
    g = scenario()
    board(g, 0, "Enterprise")
    board(g, 1, "City States")
    dogma(g, 0, "Enterprise")
    assert pile(g, 1, "purple") == ["City States"] and moved(g, "draw") == []
    assert idle(g)


def test_enterprise_nobody_vulnerable_splay_declined() -> None:
    g = scenario()
    board(g, 0, "Enterprise", "Clothing", "Sailing")
    board(g, 1, "Translation", "Navigation")  # 6 crowns against 5: shares
    dogma(g, 0, "Enterprise")
    assert pile(g, 1, "blue") == ["Translation"] and pile(g, 1, "green") == ["Navigation"]
    decide(g, "pass")
    assert g.players[0].splay[2] == 0


def test_reformation_tucks_one_per_two_leaves_then_splays() -> None:
    g = scenario()
    board(g, 0, "Mysticism", "Reformation", "Pottery")  # 6 leaves: three cards
    hand(g, 0, "Writing", "Archery", "Sailing", "Agriculture")
    dogma(g, 0, "Reformation")
    decide(g, "yes")
    decide(g, "Writing", "Archery", "Sailing")
    assert hand_of(g, 0) == ["Agriculture"]
    assert pile(g, 0, "blue") == ["Writing", "Pottery"]
    assert pile(g, 0, "red") == ["Archery"]
    assert pile(g, 0, "green") == ["Sailing"]
    assert set(options(g)) == {"purple", "pass"}
    decide(g, "purple")
    assert g.players[0].splay[4] == 2


def test_reformation_declined() -> None:
    g = scenario()
    board(g, 0, "Mysticism", "Reformation")
    hand(g, 0, "Writing", "Archery")
    dogma(g, 0, "Reformation")
    decide(g, "pass", "pass")
    assert hand_of(g, 0) == ["Archery", "Writing"]
    assert g.players[0].splay[4] == 0 and idle(g)


def test_reformation_sharer_tucks_and_gives_free_draw() -> None:
    g = scenario()
    board(g, 0, "Reformation")  # 3 leaves: one card
    board(g, 1, "Anatomy")  # 3 leaves: shares, one card
    hand(g, 1, "Writing")
    on_top(g, "Experimentation")
    dogma(g, 0, "Reformation")
    decide(g, "yes", seat=1)
    assert pile(g, 1, "blue") == ["Writing"]
    assert idle(g) and free_draw_taken(g)
    assert hand_of(g, 0) == ["Experimentation"]
    assert top(g, 1, "yellow") == "Anatomy"
