"""Mammothodus's stand-in data (data.json) against every ruling of RULINGS.md it stands in for.
The loader's refusal of a broken file: tests/test_mammothodus_validate.py and its corpus."""

from __future__ import annotations

import json
from collections import Counter

from altay_cli.engine.mammothodus.data import DATA_FILE, Color, figurines_for, load

D = load()
M = D.map


def neighbours(t: int) -> set[int]:
    return {b for a, b in M.adjacency if a == t} | {a for a, b in M.adjacency if b == t}


def test_every_section_names_its_ruling() -> None:
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    rulings = (DATA_FILE.parent / "RULINGS.md").read_text(encoding="utf-8")
    for name, section in raw.items():
        if isinstance(section, dict):
            assert section.get("ruling"), f"section {name} names no ruling"
            for r in section["ruling"]:
                assert r == "rulebook" or f"| {r} |" in rulings, f"{name}: ruling {r} is not in RULINGS.md"


def test_m1_twenty_one_territories_with_a_bare_centre() -> None:
    assert len(M.territories) == 21
    centre = M.territories[M.centre]
    assert centre.region is None and centre.color is None and centre.ring == "centre"


def test_m2_two_rings_four_regions_of_five() -> None:
    inner = [t.id for t in M.territories if t.ring == "inner"]
    outer = [t.id for t in M.territories if t.ring == "outer"]
    assert inner == list(range(1, 9)) and outer == list(range(9, 21))
    assert neighbours(0) == set(inner)
    for i in inner:
        assert {(i - 2) % 8 + 1, i % 8 + 1} <= neighbours(i)
    for j in outer:
        assert {9 + (j - 10) % 12, 9 + (j - 8) % 12} <= neighbours(j)
    regions = Counter(t.region for t in M.territories if t.region)
    assert regions == {"N": 5, "E": 5, "S": 5, "W": 5}
    # in the north, inner 1 touches outer 9 and 10, inner 2 touches 10 and 11
    assert {9, 10} <= neighbours(1) and {10, 11} <= neighbours(2) and 11 not in neighbours(1)
    assert len(M.adjacency) == 8 + 8 + 12 + 16


def test_m3_each_colour_five_times_and_in_every_region() -> None:
    colours = Counter(t.color for t in M.territories if t.color)
    assert colours == {c: 5 for c in Color}
    for region in M.regions:
        assert {t.color for t in M.territories if t.region == region} == set(Color)
    assert M.centre_activates is False


def test_m4_trails_on_the_outer_ring_one_initial_per_colour() -> None:
    assert M.initial_trails == (10, 13, 16, 19)
    assert {M.territories[t].color for t in M.initial_trails} == set(Color)
    assert sorted(M.trail_positions.values()) == [9, 11, 12, 14, 15, 17, 18, 20]
    assert sorted(M.trail_positions) == [str(i) for i in range(1, 9)]


def test_m5_to_m8_decks() -> None:
    assert D.clan_deck.cards == {Color.RED: 3, Color.GREEN: 3, Color.YELLOW: 3, Color.BLUE: 3}
    kinds = Counter(c.kind for c in D.adaptation.cards)
    assert kinds == {"extra_action": 4, "double": 4, "wild": 2, "draw3": 2} and D.adaptation.market == 4
    assert {c.color for c in D.adaptation.cards if c.kind == "double"} == set(Color)
    assert D.degradation.cards == 12
    assert D.human_deck.cards == {"red": 3, "green": 3, "yellow": 3, "blue": 3, "new_trail": 2}


def test_m9_portal_fragments() -> None:
    frags = D.portal.fragments
    assert len(frags) == 8 and D.portal.open_at_start == 4
    types = D.portal.shard_types
    for f in frags[:4]:
        assert [c.shard for c in f.lines] == [types[(f.id + j) % 4] for j in range(4)]
    for f in frags[4:]:
        assert all((c.region is not None) != (c.color is not None) for c in f.lines)
    assert {bool(f.lines[0].region) for f in frags[4:]} == {True, False}  # regions and colours alternate


def test_m10_to_m14_shards_spirits_population() -> None:
    assert len(D.shards.types) * D.shards.per_type == 20
    assert [(s.name, s.dice, s.min) for s in D.spirits.cards] == [
        ("Earth", 2, 4),
        ("Wind", 2, 5),
        ("Progenitors", 3, 4),
    ]
    p = D.population
    assert (p.start, p.min, p.max, p.lose_below) == (7, -4, 16, -4)
    assert figurines_for(7) == 2  # the starting population fields two figurines
    assert [figurines_for(x) for x in (-4, 0, 1, 4, 5, 8, 9, 12, 13, 16)] == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]
    assert (D.degradation_track.boxes, D.degradation_track.start) == (4, 0)


def test_m15_m16_m19_advanced_and_dice() -> None:
    assert D.talents.tokens == 3 and len(D.talents.names) == 5
    assert len(D.discoveries.cards) == 5
    assert D.dice.cap is None and D.dice.hit == 4
    assert (D.limits.tribes, D.limits.spirits, D.limits.places_of_power) == (12, 3, 4)
