"""Achievements: developing, completing, limits, every technology's effect, every wonder's VP."""

import msgspec
import pytest

from altay_cli.engine.altay import (
    Abandon,
    Commerce,
    Develop,
    EndTurn,
    Engineering,
    IllegalAction,
    Mathematics,
    Philosophy,
    Place,
    Play,
    Religion,
    check_invariants,
)
from altay_cli.engine.altay.data import ACH_INDEX, ACHIEVEMENTS, KIND_INDEX
from altay_cli.engine.altay.observe import resources_text
from altay_cli.engine.altay.scoring import wonder_value
from tests.helpers_engine import (
    bring_to_display,
    clear,
    complete,
    game,
    put,
    set_hand,
    set_pool,
)


def develop_and_fill(g, name: str, first: str, rest: str) -> None:
    bring_to_display(g, name)
    set_pool(g, g.active, first + rest)
    g.apply(Develop(name, first))
    for ch in rest:
        g.apply(Place("achievement", ch))


# ----------------------------------------------------------------- developing
def test_taking_a_technology_needs_a_matching_resource_and_carries_a_settlement() -> None:
    g = game()
    s = g.active
    bring_to_display(g, "Masonry")
    set_pool(g, s, "M")
    assert Develop("Masonry", "M") not in g.legal_actions(), "Masonry takes F and S only"
    set_pool(g, s, "F")
    supply = g.players[s].supply
    g.apply(Develop("Masonry", "F"))
    p = g.players[s]
    assert p.dev == ACH_INDEX["Masonry"] and resources_text(p.dev_placed) == "F"
    assert p.supply == supply - 1 and p.dev_settlement
    assert check_invariants(g) == []


def test_no_resource_no_achievement() -> None:
    g = game()
    set_pool(g, g.active, "")
    assert not [a for a in g.legal_actions() if isinstance(a, Develop)]


def test_completing_a_technology_returns_resources_and_places_its_settlement() -> None:
    g = game()
    s = g.active
    reserve = g.reserve[:]
    develop_and_fill(g, "Writing", "F", "FWW")
    p = g.players[s]
    assert ACH_INDEX["Writing"] in p.done and p.dev == -1
    assert g.reserve == reserve, "placed resources went back to the reserve"
    assert g.phase == "settle"
    g.apply(g.legal_actions()[0])
    assert g.phase == "main" and p.on_board == 2 and not p.dev_settlement


def test_one_achievement_at_a_time_and_abandon() -> None:
    g = game()
    s = g.active
    bring_to_display(g, "Writing", "Strategy")
    set_pool(g, s, "FFW")
    g.apply(Develop("Writing", "F"))
    assert not [a for a in g.legal_actions() if isinstance(a, Develop)]
    g.apply(Place("achievement", "W"))
    supply = g.players[s].supply
    reserve_f, reserve_w = g.reserve[0], g.reserve[1]
    g.apply(Abandon())
    p = g.players[s]
    assert p.dev == -1 and p.abandoned == [ACH_INDEX["Writing"]]
    assert p.supply == supply + 1, "its settlement returns to the supply"
    assert (g.reserve[0], g.reserve[1]) == (reserve_f + 1, reserve_w + 1), "its resources return"
    assert Develop("Strategy", "F") in g.legal_actions(), "a new one may start at once"
    bring_to_display(g, "Writing")
    assert Develop("Writing", "F") in g.legal_actions(), "another copy may be taken later"
    assert check_invariants(g) == []


def test_achievements_are_unique() -> None:
    g = game(players=4)
    s = g.active
    complete(g, s, "Masonry")
    bring_to_display(g, "Masonry")
    set_pool(g, s, "FS")
    assert not [a for a in g.legal_actions() if isinstance(a, Develop) and a.achievement == "Masonry"]


def developable(g, level: int) -> set[str]:
    return {
        a.achievement
        for a in g.legal_actions()
        if isinstance(a, Develop) and ACHIEVEMENTS[ACH_INDEX[a.achievement]].level == level
    }


def test_level_limits() -> None:
    g = game()
    s = g.active
    set_pool(g, s, "FWMSC")
    bring_to_display(g, "Philosophy")
    assert not developable(g, 2) and not developable(g, 3), "level 1 first"
    complete(g, s, "Writing")
    assert "Philosophy" in developable(g, 2), "one level 1 allows one level 2"
    assert not developable(g, 3)
    complete(g, s, "Philosophy")
    assert not developable(g, 2), "no more level 2 than level 1"
    secret = ACHIEVEMENTS[g.players[s].secret].name
    wonders = developable(g, 3)
    assert secret in wonders, "after a level 2: the secret wonder"
    assert len(wonders) == 4, "or one of the three in the display"


def test_display_refills_with_stacking_when_a_type_runs_out() -> None:
    g = game(players=4, seed=2)
    s = g.active
    level_1 = g.ach_display[1]
    name = ACHIEVEMENTS[level_1[0][0]].name
    count = level_1[0][1]
    deck_before = len(g.ach_deck[1])
    first = next(ch for ch in "FWMSC" if ACHIEVEMENTS[ACH_INDEX[name]].cost.exact["FWMSC".index(ch)])
    set_pool(g, s, first)
    g.apply(Develop(name, first))
    shown = [a for a, _ in g.ach_display[1]]
    assert len(shown) == 3 and len(set(shown)) == 3
    if count == 1:
        assert ACH_INDEX[name] not in shown and len(g.ach_deck[1]) < deck_before
    else:
        assert ACH_INDEX[name] in shown and len(g.ach_deck[1]) == deck_before
    assert check_invariants(g) == []


# ----------------------------------------------------------------- wonders
def test_secret_wonder_is_revealed_when_started_and_never_abandoned() -> None:
    g = game()
    s = g.active
    complete(g, s, "Writing")
    complete(g, s, "Philosophy")
    p = g.players[s]
    secret = ACHIEVEMENTS[p.secret]
    assert msgspec.to_builtins(g.observation(1 - s))["players"][s]["secret_wonder"] is None
    assert msgspec.to_builtins(g.observation(s))["you"]["secret_wonder"] == secret.name
    res = next(ch for i, ch in enumerate("FWMSC") if secret.cost.exact[i])
    set_pool(g, s, res)
    g.apply(Develop(secret.name, res))
    assert p.secret_revealed
    assert msgspec.to_builtins(g.observation(1 - s))["players"][s]["secret_wonder"] == secret.name
    assert Abandon() not in g.legal_actions()
    with pytest.raises(IllegalAction, match="never be abandoned"):
        g.apply(Abandon())
    assert not p.dev_settlement, "wonders carry no settlement"


def test_developing_a_display_wonder_keeps_the_secret_one() -> None:
    g = game()
    s = g.active
    complete(g, s, "Writing")
    complete(g, s, "Philosophy")
    p = g.players[s]
    secret = p.secret
    wonder = ACHIEVEMENTS[g.ach_display[3][0][0]]
    res = next(ch for i, ch in enumerate("FWMSC") if wonder.cost.exact[i])
    set_pool(g, s, res)
    g.apply(Develop(wonder.name, res))
    assert p.secret == secret and not p.secret_revealed


def test_mausoleum_takes_any_wood_metal_or_stone() -> None:
    g = game()
    s = g.active
    complete(g, s, "Writing")
    complete(g, s, "Philosophy")
    bring_to_display(g, "Mausoleum")
    set_pool(g, s, "WMSMC")
    g.apply(Develop("Mausoleum", "M"))
    legal = g.legal_actions()
    assert Place("achievement", "W") in legal and Place("achievement", "S") in legal
    g.apply(Place("achievement", "M"))
    g.apply(Place("achievement", "W"))
    assert Place("achievement", "S") not in g.legal_actions(), "three wild slots are full"
    assert Place("achievement", "C") in g.legal_actions()


# ----------------------------------------------------------------- technologies
def test_masonry_places_an_extra_settlement() -> None:
    g = game()
    s = g.active
    develop_and_fill(g, "Masonry", "F", "FSS")
    placed = 0
    while g.phase == "settle":
        g.apply(g.legal_actions()[0])
        placed += 1
    assert placed == 2, "the technology's settlement plus Masonry's"
    assert g.players[s].on_board == 3


def test_engineering_trashes_a_card_and_draws() -> None:
    g = game()
    s = g.active
    complete(g, s, "Engineering")
    set_hand(g, s, ["Hunter", "Warrior"])
    top = g.players[s].deck[-1]
    g.apply(Engineering("Hunter"))
    p = g.players[s]
    assert p.trashed == [KIND_INDEX["Hunter"]] and sorted(p.hand) == sorted([KIND_INDEX["Warrior"], top])
    assert not [a for a in g.legal_actions() if isinstance(a, Engineering)], "once per turn"
    assert check_invariants(g) == []


def test_mathematics_discards_a_card_and_draws() -> None:
    g = game()
    s = g.active
    complete(g, s, "Mathematics")
    set_hand(g, s, ["Hunter"])
    g.apply(Mathematics("Hunter"))
    p = g.players[s]
    assert p.discard[-1] == KIND_INDEX["Hunter"] and len(p.hand) == 1
    assert not [a for a in g.legal_actions() if isinstance(a, Mathematics)]


@pytest.mark.parametrize("technology", ["Engineering", "Mathematics"])
def test_engineering_and_mathematics_reach_the_archive(technology: str) -> None:
    """Ruling ARCHIVE_AS_HAND: an archived card is as if in hand for these technologies too."""
    g = game()
    s = g.active
    complete(g, s, technology)
    set_hand(g, s, ["Warrior"])
    p = g.players[s]
    p.archive.append(p.deck.pop(p.deck.index(KIND_INDEX["Hunter"])))
    g._legal = None
    action = Engineering("Hunter") if technology == "Engineering" else Mathematics("Hunter")
    assert action in g.legal_actions()
    g.apply(action)
    assert p.archive == [] and KIND_INDEX["Warrior"] in p.hand
    assert check_invariants(g) == []


def test_writing_archives_a_card_played_in_a_later_turn() -> None:
    g = game()
    s = g.active
    complete(g, s, "Writing")
    set_hand(g, s, ["Hunter", "Village"])
    assert EndTurn("Village") in g.legal_actions()
    g.apply(EndTurn("Village"))
    p = g.players[s]
    assert p.archive == [KIND_INDEX["Village"]] and len(p.hand) == 5
    while g.active != s:
        g.apply(EndTurn())
    assert not [a for a in g.legal_actions() if isinstance(a, EndTurn) and a.archive], "archive holds one"
    set_hand(g, s, [])
    assert Play("Village", 0) in g.legal_actions(), "archived cards play as if in hand"
    g.apply(Play("Village", 0))
    assert p.archive == []


def test_politics_draws_one_extra_card_at_end_of_turn() -> None:
    g = game()
    s = g.active
    complete(g, s, "Politics")
    g.apply(EndTurn())
    assert len(g.players[s].hand) == 6


def test_commerce_exchanges_one_resource_once_per_turn() -> None:
    g = game()
    s = g.active
    complete(g, s, "Commerce")
    set_pool(g, s, "FF")
    g.apply(Commerce("F", "C"))
    assert resources_text(g.players[s].pool) == "FC"
    assert not [a for a in g.legal_actions() if isinstance(a, Commerce)]


def test_philosophy_produces_culture_once_per_turn() -> None:
    g = game()
    s = g.active
    complete(g, s, "Philosophy")
    g.apply(Philosophy())
    assert resources_text(g.players[s].pool) == "C"
    assert Philosophy() not in g.legal_actions()
    g.apply(EndTurn())
    while g.active != s:
        g.apply(EndTurn())
    assert Philosophy() in g.legal_actions(), "available again next turn"


def test_religion_moves_a_settlement_to_an_adjacent_free_territory() -> None:
    g = game()
    s = g.active
    home = next(t for t in range(23) if g.owner[t] == s)
    complete(g, s, "Religion")
    assert not [a for a in g.legal_actions() if isinstance(a, Religion)], "markers everywhere"
    clear(g, 7 if home == 1 else 16)
    target = 7 if home == 1 else 16
    g.apply(Religion(home, target))
    assert g.owner[home] == -1 and g.owner[target] == s and g.count[target] == 1
    assert not [a for a in g.legal_actions() if isinstance(a, Religion)]
    assert check_invariants(g) == []


def test_strategy_and_leadership_are_continuous_combat_bonuses() -> None:
    # exercised in test_engine_combat (test_strategy_adds_one_defence_when_fighting,
    # test_leadership_adds_one_attack_icon); here: they have no action of their own
    g = game()
    s = g.active
    complete(g, s, "Strategy")
    complete(g, s, "Leadership")
    kinds = {type(a).__name__ for a in g.legal_actions()}
    assert kinds <= {"Play", "EndTurn", "Attack", "Buy"}


# ----------------------------------------------------------------- wonder scoring
def wonder_game():
    g = game()
    s = g.active
    return g, s


def test_academy_counts_completed_technologies() -> None:
    g, s = wonder_game()
    for name in ("Writing", "Masonry", "Philosophy"):
        complete(g, s, name)
    assert wonder_value(g, s, ACH_INDEX["Academy"]) == 3


def test_amphitheater_one_per_four_cards_owned() -> None:
    g, s = wonder_game()
    assert wonder_value(g, s, ACH_INDEX["Amphitheater"]) == 10 // 4
    p = g.players[s]
    p.trashed.append(p.deck.pop())  # trashed cards are gone
    p.trashed.append(p.deck.pop())
    assert wonder_value(g, s, ACH_INDEX["Amphitheater"]) == 8 // 4


def test_aqueduct_and_ark_count_territories_by_settlements() -> None:
    g, s = wonder_game()
    for t in (7, 13, 20):
        clear(g, t)
    put(g, s, 7, 2)
    put(g, s, 13, 3)
    put(g, s, 20, 1)
    assert wonder_value(g, s, ACH_INDEX["Aqueduct"]) == 2
    assert wonder_value(g, s, ACH_INDEX["Ark"]) == 2  # the start farmland and 20


def test_colossus_counts_vp_cards_owned() -> None:
    g, s = wonder_game()
    set_hand(g, s, ["Chariot (2 VP)", "City (1 VP)", "Chariot"])
    assert wonder_value(g, s, ACH_INDEX["Colossus"]) == 2
    assert g.scores()[s]["action_cards"] == 3


def test_great_wall_counts_own_territories_next_to_an_opponent() -> None:
    g, s = wonder_game()
    o = 1 - s
    for t in (7, 2, 8, 14):
        clear(g, t)
    put(g, s, 7)
    put(g, s, 8)
    put(g, o, 2)
    assert wonder_value(g, s, ACH_INDEX["Great Wall"]) == 2  # 7 and 8 touch 2


def test_roads_scores_the_best_terrain_type() -> None:
    g, s = wonder_game()
    for t in (7, 8, 11, 13):
        clear(g, t)
    for t in (7, 8, 11):
        put(g, s, t)
    put(g, s, 13)
    assert wonder_value(g, s, ACH_INDEX["Roads"]) == 3  # three forests


def test_mausoleum_one_per_two_starting_cards() -> None:
    g, s = wonder_game()
    assert wonder_value(g, s, ACH_INDEX["Mausoleum"]) == 5
    p = g.players[s]
    p.trashed.append(p.deck.pop())
    assert wonder_value(g, s, ACH_INDEX["Mausoleum"]) == 4


def test_siege_engine_and_triumphal_arch() -> None:
    g, s = wonder_game()
    p = g.players[s]
    p.cap_settlements.extend([1 - s] * 3)
    assert wonder_value(g, s, ACH_INDEX["Siege Engine"]) == 3
    assert wonder_value(g, s, ACH_INDEX["Triumphal Arch"]) == 1
    p.cap_markers.extend(g.box_markers[:5])
    assert wonder_value(g, s, ACH_INDEX["Triumphal Arch"]) == 1 + 5 // 2


def test_wonder_vp_capped_at_seven_plus_three_for_the_secret_wonder() -> None:
    g, s = wonder_game()
    p = g.players[s]
    p.cap_settlements.extend([1 - s] * 9)  # Siege Engine would be worth 9
    bring_to_display(g, "Siege Engine")  # (moves it out of any secret hand)
    complete(g, s, "Siege Engine")
    assert g.scores()[s]["wonders"] == 7
    p.secret, p.secret_revealed = ACH_INDEX["Siege Engine"], True  # as if it were the secret one
    assert g.scores()[s]["wonders"] == 10


def test_uncompleted_wonders_score_nothing() -> None:
    g, s = wonder_game()
    p = g.players[s]
    p.dev = ACH_INDEX["Colossus"]
    assert g.scores()[s]["wonders"] == 0
