"""Every action card's effects, and the rulebook's Stonecutter example."""

import pytest

from altay_cli.engine.altay import Attack, IllegalAction, Place, Play, Release, check_invariants
from altay_cli.engine.altay.data import ADJACENCY, KIND_INDEX
from altay_cli.engine.altay.observe import resources_text
from tests.helpers_engine import clear, game, put, set_hand, set_marker, set_pool


def pool(g, seat=None) -> str:
    return resources_text(g.players[g.active if seat is None else seat].pool)


# ----------------------------------------------------------------- the rulebook's example
def test_stonecutter_example_two_mountains_produce_four_stone() -> None:
    g = game()
    s = g.active
    set_hand(g, s, ["Stonecutter", "Stonecutter"])
    clear(g, 20)
    clear(g, 22)
    put(g, s, 20)
    put(g, s, 22)
    g.apply(Play("Stonecutter", 1))
    g.apply(Play("Stonecutter", 1))
    assert pool(g) == "SSSS"
    assert check_invariants(g) == []


def test_stonecutter_example_one_mountain_produces_three_stone() -> None:
    g = game()
    s = g.active
    set_hand(g, s, ["Stonecutter", "Stonecutter"])
    clear(g, 20)
    put(g, s, 20)
    g.apply(Play("Stonecutter", 1))
    assert pool(g) == "SS"
    assert Play("Stonecutter", 1) not in g.legal_actions(), "each mountain is used once a turn"
    with pytest.raises(IllegalAction):
        g.apply(Play("Stonecutter", 1))
    g.apply(Play("Stonecutter", 0))
    assert pool(g) == "SSS"


def test_terrain_bonus_resets_next_turn_and_needs_a_territory_of_that_type() -> None:
    g = game()
    s = g.active
    set_hand(g, s, ["Miner", "Woodcutter"])
    # only farmland at start: no hill, no forest bonus
    assert Play("Miner", 1) not in g.legal_actions()
    assert Play("Woodcutter", 1) not in g.legal_actions()
    clear(g, 13)
    put(g, s, 13)
    assert Play("Miner", 1) in g.legal_actions()
    g.apply(Play("Miner", 1))
    assert pool(g) == "MM"
    assert g.terrain_used[2] == 1


@pytest.mark.parametrize(
    ("card", "effect", "produced"),
    [
        ("Hunter", 0, "F"),
        ("Digger", 0, "M"),
        ("Digger", 1, "S"),
        ("Craftsman (wood)", 0, "W"),
        ("Craftsman (stone)", 0, "S"),
        ("Settler", 0, "F"),
        ("Lorekeeper", 0, "C"),
        ("Spellweaver", 0, "C"),
        ("Shaman", 0, "C"),
        ("Farmer", 0, "F"),
        ("Farmer", 1, "FF"),  # the start territory is a farmland
        ("Woodcutter", 0, "W"),
        ("Miner", 0, "M"),
        ("Stonecutter", 0, "S"),
        ("Scholar", 0, "C"),
        ("Worker", 0, "W"),
        ("Worker", 1, "M"),
        ("Worker", 2, "S"),
    ],
)
def test_production_cards(card: str, effect: int, produced: str) -> None:
    g = game(players=4)  # every faction's cards are in the game
    set_hand(g, g.active, [card])
    g.apply(Play(card, effect))
    assert pool(g) == produced
    p = g.players[g.active]
    assert p.hand == [] and p.discard[-1] == KIND_INDEX[card], "played cards go to the discard pile"


def test_production_from_an_empty_reserve_produces_nothing() -> None:
    g = game()
    s = g.active
    other = 1 - s
    set_hand(g, s, ["Hunter"])
    set_pool(g, other, "F" * 16)  # every food token is elsewhere
    g.players[other].pool = [0] * 5
    g.players[other].table = []
    from altay_cli.engine.altay.state import TableCard

    store = TableCard(KIND_INDEX["Merchant"], [16, 0, 0, 0, 0])  # hold them on a card
    g.players[other].table.append(store)
    assert g.reserve[0] == 0
    g.apply(Play("Hunter", 0))
    assert pool(g) == ""


def test_scholar_draws_a_card() -> None:
    g = game()
    s = g.active
    set_hand(g, s, ["Scholar"])
    top = g.players[s].deck[-1]
    g.apply(Play("Scholar", 1))
    assert g.players[s].hand == [top]


def test_warrior_cavalry_chariot_are_played_by_attacking_not_by_play() -> None:
    g = game()
    set_hand(g, g.active, ["Warrior", "Cavalry", "Chariot"])
    assert not [a for a in g.legal_actions() if isinstance(a, Play)]
    with pytest.raises(IllegalAction, match="attack"):
        g.apply(Play("Warrior", 0))


# ----------------------------------------------------------------- settlement cards
@pytest.mark.parametrize(
    ("card", "resources", "built"),
    [("Village", "FF", 1), ("Town", "W", 1), ("City", "FW", 2)],
)
def test_settlement_cards_collect_then_build(card: str, resources: str, built: int) -> None:
    g = game()
    s = g.active
    set_hand(g, s, [card])
    set_pool(g, s, resources + "M")
    g.apply(Play(card, 0))
    p = g.players[s]
    assert [tc.kind for tc in p.table] == [KIND_INDEX[card]]
    assert Place(card, "M") not in g.legal_actions(), "only the printed resources"
    reserve_before = g.reserve[:]
    for i, ch in enumerate(resources):
        g.apply(Place(card, ch))
        if i < len(resources) - 1:
            assert g.phase == "main"
    assert g.phase == "settle"
    assert p.table == [] and p.discard[-1] == KIND_INDEX[card]
    assert sum(g.reserve) == sum(reserve_before) + len(resources), "collected resources return"
    supply = p.supply
    for _ in range(built):
        t = g.legal_actions()[0].territory
        g.apply(g.legal_actions()[0])
        assert g.owner[t] == s
    assert g.phase == "main"
    assert p.supply == supply
    assert check_invariants(g) == []


def test_collect_over_several_turns() -> None:
    g = game()
    s = g.active
    set_hand(g, s, ["Village"])
    set_pool(g, s, "F")
    g.apply(Play("Village", 0))
    g.apply(Place("Village", "F"))
    from altay_cli.engine.altay import EndTurn

    g.apply(EndTurn())
    assert [resources_text(tc.placed) for tc in g.players[s].table] == ["F"], "stays on the table"
    while g.active != s:
        g.apply(EndTurn())
    set_pool(g, s, "F")
    g.apply(Place("Village", "F"))
    assert g.phase == "settle"


def test_only_one_table_card_of_a_title() -> None:
    g = game()
    s = g.active
    set_hand(g, s, ["Village", "Village"])
    g.apply(Play("Village", 0))
    assert Play("Village", 0) not in g.legal_actions()


def test_settler_fills_a_village_using_a_farmland() -> None:
    g = game(factions=("Earthfolk", "Elvenfolk"))
    s = g.active
    set_hand(g, s, ["Settler", "Village", "Farmer"])
    assert Play("Settler", 1) not in g.legal_actions(), "needs a Village in play"
    g.apply(Play("Village", 0))
    g.apply(Play("Settler", 1))
    assert g.phase == "settle", "the Village completes at once"
    g.apply(g.legal_actions()[0])
    assert Play("Farmer", 1) not in g.legal_actions(), "the farmland was used"


# ----------------------------------------------------------------- store cards
def test_lorekeeper_stores_one_culture_only() -> None:
    g = game()
    s = g.active
    set_hand(g, s, ["Lorekeeper"])
    set_pool(g, s, "FC")
    g.apply(Play("Lorekeeper", 1))
    legal = g.legal_actions()
    assert Place("Lorekeeper", "F") not in legal
    g.apply(Place("Lorekeeper", "C"))
    assert Place("Lorekeeper", "C") not in g.legal_actions()


def test_spellweaver_stores_one_of_any() -> None:
    g = game(factions=("Smallfolk", "Earthfolk"))
    s = g.active
    set_hand(g, s, ["Spellweaver"])
    set_pool(g, s, "MM")
    g.apply(Play("Spellweaver", 1))
    g.apply(Place("Spellweaver", "M"))
    assert Place("Spellweaver", "M") not in g.legal_actions()


def test_merchant_stores_two_and_release_takes_all_and_discards() -> None:
    from altay_cli.engine.altay import EndTurn

    g = game()
    s = g.active
    set_hand(g, s, ["Merchant"])
    set_pool(g, s, "WMS")
    g.apply(Play("Merchant", 0))
    g.apply(Place("Merchant", "W"))
    g.apply(Place("Merchant", "S"))
    assert Place("Merchant", "M") not in g.legal_actions(), "capacity 2"
    g.apply(EndTurn())
    p = g.players[s]
    assert resources_text(p.table[0].placed) == "WS", "stored resources survive the turn"
    while g.active != s:
        g.apply(EndTurn())
    g.apply(Release("Merchant"))
    assert pool(g) == "WS"
    assert p.table == [] and p.discard[-1] == KIND_INDEX["Merchant"]


def test_resources_on_cards_cannot_be_spent() -> None:
    from altay_cli.engine.altay import Buy

    g = game()
    s = g.active
    set_hand(g, s, ["Merchant"])
    set_pool(g, s, "F")
    g.apply(Play("Merchant", 0))
    g.apply(Place("Merchant", "F"))
    assert not [a for a in g.legal_actions() if isinstance(a, Buy)]


# ----------------------------------------------------------------- Shaman
def test_shaman_consumes_a_captured_marker_for_any_resource() -> None:
    g = game(factions=("Firefolk", "Smallfolk"))
    s = g.active
    home = next(t for t in range(23) if g.owner[t] == s)
    target = next(t for t in ADJACENCY[home] if g.in_play[t])
    set_marker(g, target, 1)
    set_hand(g, s, ["Shaman", "Warrior", "Shaman"])
    assert not [a for a in g.legal_actions() if a == Play("Shaman", 1, "M")], "no marker yet"
    g.apply(Attack(home, target, ("Warrior",)))
    assert Play("Shaman", 1, "M") in g.legal_actions()
    g.apply(Play("Shaman", 1, "M"))
    assert pool(g) == "M"
    p = g.players[s]
    assert p.consumed == 1 and len(p.cap_markers) == 1, "consumed markers still count at scoring"
    assert not [a for a in g.legal_actions() if isinstance(a, Play) and a.effect == 1], "once only"
    assert g.scores()[s]["conquest_markers"] == 0  # 1 point of markers // 3


# ----------------------------------------------------------------- terrain bonuses are per territory
def _two_forests():
    """The active seat holds forests 7 and 8 and two Woodcutters; forest 7 is attackable from 2."""
    g = game(factions=("Earthfolk", "Smallfolk"))
    s = g.active
    for t in (7, 8):
        clear(g, t)
        put(g, s, t)
    set_hand(g, s, ["Woodcutter", "Woodcutter"])
    return g, s


def test_each_forest_gives_its_bonus_once_a_turn() -> None:
    g, s = _two_forests()
    g.apply(Play("Woodcutter", 1))
    assert Play("Woodcutter", 1) in g.legal_actions(), "the second forest is still unused"
    g.apply(Play("Woodcutter", 1))
    assert g.unused_terrain(s, 1) == 0 and check_invariants(g) == []


def test_losing_a_forest_does_not_cost_the_other_its_bonus() -> None:
    """Ruling TERRAIN_BONUS_PER_TERRITORY: with one bonus used and one forest lost, the forest left
    is unused (the bonus is taken to have used the lost one: the player's choice, made when it
    first matters); the old count per terrain type would have left no bonus at all."""
    g, s = _two_forests()
    g.apply(Play("Woodcutter", 1))
    g.lose_settlement(s, 7)  # as an attack lost on a tie, or Religion leaving it, would
    g._legal = None
    assert g.unused_terrain(s, 1) == 1
    assert Play("Woodcutter", 1) in g.legal_actions()
    g.apply(Play("Woodcutter", 1))
    assert g.unused_terrain(s, 1) == 0


def test_another_seats_loss_changes_nothing_for_the_active_seat() -> None:
    g, s = _two_forests()
    other = 1 - s
    clear(g, 9)
    put(g, other, 9)
    g.apply(Play("Woodcutter", 1))
    g.lose_settlement(other, 9)
    assert g.unused_terrain(s, 1) == 1 and g.terrain_used[1] == 1
