"""Innovation's card data (groundwork for issue 11): cards.json typed and checked against the
format of RULES.md §16, and the board's icon count by splay (RULES.md §6.3)."""

from __future__ import annotations

import json

import pytest

from altay_cli.engine.innovation.board import Splay, board_icons, pile_icons
from altay_cli.engine.innovation.data import (
    CARDS_FILE,
    CardDataError,
    EffectKind,
    Icon,
    card_named,
    cards,
    load,
    parse,
)


def test_the_card_file_holds_the_whole_base_game() -> None:
    data = load()
    assert len(data.cards) == 105 and sum(len(c.effects) for c in data.cards) == 158
    assert [sum(1 for c in data.cards if c.age == a) for a in range(1, 11)] == [15] + [10] * 9
    assert sum(1 for c in data.cards if c.effects_1e is not None) == 9
    assert sum(1 for c in data.cards for e in c.effects if e.kind is EffectKind.DEMAND) == 34
    assert [s.name for s in data.special_achievements] == [
        "Empire",
        "Monument",
        "Wonder",
        "World",
        "Universe",
    ] or {s.name for s in data.special_achievements} == {"Empire", "Monument", "Wonder", "World", "Universe"}
    oars = card_named("Oars")
    assert oars.effects_for(first_edition=True) == oars.effects_1e != oars.effects


def _broken(change) -> bytes:
    raw = json.loads(CARDS_FILE.read_bytes())
    change(raw)
    return json.dumps(raw).encode()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["cards"].pop(), "ids 0 to 104"),
        (lambda d: d["cards"][0]["icons"].__setitem__(1, "hex"), "exactly one hexagon"),
        (lambda d: d["cards"][0].__setitem__("featured", "clock"), "featured icon"),
        (lambda d: d["cards"][5]["effects"].reverse(), "a demand only first"),
        (lambda d: d["cards"][0].__setitem__("color", "orange"), "not valid"),
        (lambda d: d["cards"][1].__setitem__("age", 2), "age 1 has 14 cards"),
        (lambda d: d["cards"][0].__setitem__("effects_1e", d["cards"][0]["effects"]), "nine changed cards"),
    ],
)
def test_a_broken_card_file_is_refused_with_the_reason(change, words: str) -> None:
    with pytest.raises(CardDataError, match=words):
        parse(_broken(change))


def test_icon_count_by_splay() -> None:
    """RULES.md §6.3 on a real pile: Tools (hex, lightbulb, lightbulb, castle) under Pottery
    (hex, leaf, leaf, leaf). Below the top card an unsplayed pile shows nothing, a left splay
    the bottom-right position, a right splay top-left and bottom-left, an up splay the three
    bottom positions."""
    tools, pottery = card_named("Tools"), card_named("Pottery")
    assert tools.icons == (Icon.HEX, Icon.LIGHTBULB, Icon.LIGHTBULB, Icon.CASTLE)
    assert pottery.icons == (Icon.HEX, Icon.LEAF, Icon.LEAF, Icon.LEAF)
    pile = [tools, pottery]
    expected = {
        Splay.NONE: {Icon.LEAF: 3, Icon.LIGHTBULB: 0, Icon.CASTLE: 0},
        Splay.LEFT: {Icon.LEAF: 3, Icon.LIGHTBULB: 0, Icon.CASTLE: 1},
        Splay.RIGHT: {Icon.LEAF: 3, Icon.LIGHTBULB: 1, Icon.CASTLE: 0},
        Splay.UP: {Icon.LEAF: 3, Icon.LIGHTBULB: 2, Icon.CASTLE: 1},
    }
    for splay, counts in expected.items():
        for icon, n in counts.items():
            assert pile_icons(pile, splay, icon) == n, (splay, icon)
    assert pile_icons([pottery], Splay.UP, Icon.LEAF) == 3, "a single card shows no splay"
    assert board_icons([(pile, Splay.UP), ([card_named("Oars")], Splay.NONE)], Icon.CASTLE) == 1 + 2
    assert board_icons([(pile, Splay.UP)], Icon.HEX) == 0, "the hexagon is never counted"


def test_every_card_has_its_featured_icon_visible_when_on_top() -> None:
    for card in cards():
        assert pile_icons([card], Splay.NONE, card.featured) >= 1
