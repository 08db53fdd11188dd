"""Components, cards and board data against the rulebook and ALTAY-FACTS.md."""

from collections import Counter

import pytest

from altay_cli.engine.altay import data as d


def test_resources_and_settlements() -> None:
    assert d.RESOURCES == ("F", "W", "M", "S", "C")
    assert d.TOKENS_PER_RESOURCE * 5 == 80
    assert d.SETTLEMENTS_PER_PLAYER == 15


def test_board_has_23_territories_with_41_symmetric_adjacencies() -> None:
    assert d.NUM_TERRITORIES == 23
    edges = {frozenset((a, b)) for a in range(23) for b in d.ADJACENCY[a]}
    assert len(edges) == 41
    for a in range(23):
        for b in d.ADJACENCY[a]:
            assert a in d.ADJACENCY[b], f"{a}-{b} not symmetric"
            assert a != b


def test_terrain_types() -> None:
    assert [d.TERRAINS[d.TERRAIN_OF[t]] for t in (0, 5, 6, 11, 12, 17, 18, 22)] == [
        "farmland", "farmland", "forest", "forest", "hill", "hill", "mountain", "mountain",
    ]  # fmt: skip
    assert Counter(d.TERRAIN_OF) == {0: 6, 1: 6, 2: 6, 3: 5}


def test_river_crossings_and_strait_are_adjacent() -> None:
    assert 19 in d.ADJACENCY[13]  # the strait
    assert 13 in d.ADJACENCY[19]


@pytest.mark.parametrize(
    ("players", "out"),
    [(2, {0, 3, 6, 9, 12, 15, 18, 19}), (3, {2, 8, 10, 14, 21}), (4, set())],
)
def test_out_of_play_territories(players: int, out: set[int]) -> None:
    assert d.OUT_OF_PLAY[players] == out


def test_conquest_markers() -> None:
    markers = Counter(d.CONQUEST_MARKERS)
    assert len(d.CONQUEST_MARKERS) == 33
    assert markers[(1, -1)] == 12
    assert sum(n for (v, _), n in markers.items() if v == 2) == 12
    assert {r for (v, r) in markers if v == 2} == {d.F, d.W, d.M, d.S}
    assert all(markers[(2, r)] == 3 for r in (d.F, d.W, d.M, d.S))
    assert sum(n for (v, _), n in markers.items() if v == 3) == 9
    assert all(markers[(3, r)] == 3 for r in (d.W, d.M, d.S))


def test_starting_decks() -> None:
    decks = {f: Counter(d.KINDS[k].name for k in deck) for f, deck in zip(d.FACTIONS, d.STARTING_DECKS)}
    assert decks["Earthfolk"] == {"Settler": 1, "Digger": 1, "Hunter": 3, "Village": 2, "Warrior": 3}
    assert decks["Elvenfolk"] == {"Hunter": 5, "Lorekeeper": 2, "Village": 1, "Warrior": 2}
    assert decks["Firefolk"] == {"Hunter": 3, "Shaman": 1, "Village": 2, "Warrior": 4}
    assert decks["Smallfolk"] == {
        "Craftsman (wood)": 1, "Craftsman (stone)": 1, "Hunter": 4, "Spellweaver": 1,
        "Village": 1, "Warrior": 2,
    }  # fmt: skip
    for deck in d.STARTING_DECKS:
        assert len(deck) == 10
        assert all(d.KINDS[k].cost is None and d.KINDS[k].vp == 0 for k in deck)


@pytest.mark.parametrize(
    ("name", "cost"),
    [
        ("Farmer", "F"), ("Woodcutter", "F"), ("Miner", "F"), ("Stonecutter", "F"),
        ("Scholar", "FF"), ("Merchant", "FF*"), ("Merchant (1 VP)", "FFC*"),
        ("Cavalry", "FM"), ("Cavalry (1 VP)", "FMC"), ("Town", "FW"), ("Town (1 VP)", "FWC"),
        ("Worker", "F**"), ("Worker (1 VP)", "FC**"), ("Chariot", "MM"), ("Chariot (1 VP)", "MMC"),
        ("Chariot (2 VP)", "MMCC"), ("City", "WW"), ("City (1 VP)", "WWC"), ("City (2 VP)", "WWCC"),
    ],
)  # fmt: skip
def test_action_card_costs(name: str, cost: str) -> None:
    assert d.KINDS[d.KIND_INDEX[name]].cost.text() == cost


def test_eleven_action_types_of_eight_copies_and_ten_printed_vp() -> None:
    assert len(d.ACTION_TYPES) == 11
    assert d.COPIES_PER_TYPE * 11 == 88
    total_vp = sum(sum(vps) for _, _, vps in d.ACTION_TYPES)
    assert total_vp == 10


@pytest.mark.parametrize(
    ("name", "level", "cost"),
    [
        ("Engineering", 1, "WWSS"), ("Masonry", 1, "FFSS"), ("Mathematics", 1, "MMSS"),
        ("Strategy", 1, "FFMM"), ("Writing", 1, "FFWW"), ("Commerce", 2, "FWMSC"),
        ("Politics", 2, "MSSCC"), ("Leadership", 2, "MMSCC"), ("Philosophy", 2, "CCC"),
        ("Religion", 2, "FFSCC"), ("Academy", 3, "SSSSCC"), ("Amphitheater", 3, "FWMSCC"),
        ("Aqueduct", 3, "WMSCCC"), ("Ark", 3, "WWWMMC"), ("Colossus", 3, "CCCC"),
        ("Great Wall", 3, "MMSSSC"), ("Roads", 3, "WWWSCC"), ("Mausoleum", 3, "CCC***"),
        ("Siege Engine", 3, "MMMSCC"), ("Triumphal Arch", 3, "MMMSSC"),
    ],
)  # fmt: skip
def test_achievements(name: str, level: int, cost: str) -> None:
    a = d.ACHIEVEMENTS[d.ACH_INDEX[name]]
    assert a.level == level
    assert a.cost.text() == cost


def test_fifty_achievement_cards() -> None:
    techs = sum(1 for a in d.ACHIEVEMENTS if a.level < 3)
    wonders = sum(1 for a in d.ACHIEVEMENTS if a.level == 3)
    assert techs == 10 and wonders == 10
    assert techs * 4 + wonders == 50


def test_rulings_are_named_data() -> None:
    assert d.VP_MARKER_TERRITORIES == {4: (18, 19, 21), 3: (18, 19, 20), 2: (20, 21, 22)}
    assert d.RECOMMENDED_FARMLANDS == {4: (0, 2, 3, 5), 3: (1, 3, 5), 2: (1, 4)}
    for players, farmlands in d.RECOMMENDED_FARMLANDS.items():
        assert not set(farmlands) & d.OUT_OF_PLAY[players]
        assert all(d.TERRAIN_OF[t] == d.FARMLAND for t in farmlands)
    for players, vps in d.VP_MARKER_TERRITORIES.items():
        assert not set(vps) & d.OUT_OF_PLAY[players]
        assert all(d.TERRAIN_OF[t] == d.MOUNTAIN for t in vps)
    assert d.WONDER_VP_CAP == 7 and d.SECRET_WONDER_BONUS == 3
