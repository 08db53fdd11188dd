"""The text command parser of `altay play`: forgiving, exact when it matters, never guessing."""

from __future__ import annotations

import random

import pytest

from altay_cli.engine.altay import (
    Attack,
    Buy,
    ChooseFaction,
    Develop,
    EndTurn,
    Fight,
    GameConfig,
    Place,
    Play,
    Surrender,
    new_game,
)
from altay_cli.engine.altay.notation import command_text, describe, forms, letters, match_command


def chosen(line: str, legal: list) -> list:
    return [legal[i] for i in match_command(line, legal).indices]


def test_every_legal_action_round_trips_through_its_command() -> None:
    """In real games, the command shown for each legal action selects exactly that action."""
    checked = 0
    for seed in range(8):
        g = new_game(GameConfig(players=2 + seed % 3, seed=seed, max_rounds=12, trading=seed % 2 == 0))
        rng = random.Random(seed)
        while not g.is_terminal:
            legal = g.legal_actions()
            all_forms = [forms(a) for a in legal]
            for i, a in enumerate(legal):
                m = match_command(command_text(a), legal, all_forms)
                assert m.indices == [i], f"{command_text(a)!r} selects {[legal[j] for j in m.indices]}"
                assert describe(a)
                checked += 1
            g.apply(legal[rng.randrange(len(legal))])
    assert checked > 3000


MAIN = [
    Play("Hunter", 0),
    Play("Farmer", 0),
    Play("Farmer", 1),
    Play("Craftsman (wood)", 0),
    Play("Craftsman (stone)", 0),
    Play("Shaman", 1, "W"),
    Attack(6, 12, ("Warrior",)),
    Attack(6, 12, ("Warrior", "Warrior")),
    Attack(6, 12, ("Warrior", "Cavalry")),
    Place("Village", "F"),
    Place("achievement", "F"),
    Buy("Farmer", "F"),
    Buy("Worker", "FWS"),
    Buy("Worker", "FWW"),
    Develop("Masonry", "F"),
    Develop("Masonry", "S"),
    Develop("Great Wall", "M"),
    EndTurn(),
    EndTurn("Hunter"),
]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("play Hunter", Play("Hunter", 0)),
        ("PLAY hunter", Play("Hunter", 0)),
        ("pl hun", Play("Hunter", 0)),
        ("play Farmer 1", Play("Farmer", 1)),
        ("play craftsman wood", Play("Craftsman (wood)", 0)),
        ("play Craftsman (stone)", Play("Craftsman (stone)", 0)),
        ("play Shaman 1 W", Play("Shaman", 1, "W")),
        ("play shaman wood", Play("Shaman", 1, "W")),
        ("attack 6 12 Warrior", Attack(6, 12, ("Warrior",))),
        ("attack 6 12 w w", Attack(6, 12, ("Warrior", "Warrior"))),
        ("attack 6 12 cavalry warrior", Attack(6, 12, ("Warrior", "Cavalry"))),
        ("place F Village", Place("Village", "F")),
        ("place village food", Place("Village", "F")),
        ("place f ach", Place("achievement", "F")),
        ("buy Farmer", Buy("Farmer", "F")),
        ("buy Worker SWF", Buy("Worker", "FWS")),
        ("develop masonry s", Develop("Masonry", "S")),
        ("develop great wall M", Develop("Great Wall", "M")),
        ("end", EndTurn()),
        ("pass", EndTurn()),
        ("end hunter", EndTurn("Hunter")),
    ],
)
def test_commands_a_person_would_type(line: str, expected: object) -> None:
    assert chosen(line, MAIN) == [expected]


@pytest.mark.parametrize(
    ("line", "options"),
    [
        ("play Farmer", [Play("Farmer", 0), Play("Farmer", 1)]),
        ("play craftsman", [Play("Craftsman (wood)", 0), Play("Craftsman (stone)", 0)]),
        ("buy Worker", [Buy("Worker", "FWS"), Buy("Worker", "FWW")]),
        ("develop Masonry", [Develop("Masonry", "F"), Develop("Masonry", "S")]),
        (
            "attack 6 12",
            [Attack(6, 12, c) for c in [("Warrior",), ("Warrior", "Warrior"), ("Warrior", "Cavalry")]],
        ),
    ],
)
def test_ambiguous_commands_list_every_fitting_action(line: str, options: list) -> None:
    assert chosen(line, MAIN) == options


@pytest.mark.parametrize(
    "line",
    [
        "play Farmer 2",
        "attack 6 13 Warrior",
        "attack 6 12 Chariot",
        "buy Worker FFF",
        "settle 3",
        "xyzzy",
        "",
    ],
)
def test_commands_that_fit_no_legal_action(line: str) -> None:
    assert chosen(line, MAIN) == []


def test_numbers_are_exact_not_prefixes() -> None:
    legal = [Attack(1, 13, ("Warrior",)), Attack(13, 1, ("Warrior",))]
    assert chosen("attack 1 13", legal) == [Attack(1, 13, ("Warrior",))]
    assert chosen("attack 1 1", legal) == []


def test_defence_and_setup_choices() -> None:
    defend = [Surrender(), Surrender(("Hunter",)), Fight(), Fight(("Warrior",))]
    assert chosen("surrender", defend) == [Surrender()]
    assert chosen("surrender hunter", defend) == [Surrender(("Hunter",))]
    assert chosen("fight", defend) == [Fight()]
    assert chosen("defend warrior", defend) == [Fight(("Warrior",))]
    factions = [ChooseFaction("Earthfolk"), ChooseFaction("Elvenfolk")]
    assert chosen("faction earth", factions) == [ChooseFaction("Earthfolk")]
    assert chosen("elven", factions) == [ChooseFaction("Elvenfolk")]  # no verb: the arguments alone
    assert chosen("e", factions) == []  # neither a verb that fits nor a unique argument


def test_resource_letters() -> None:
    assert letters("swf") == "FWS"
    assert letters("culture") == "C"
    assert letters("FX") is None
    assert letters("") is None
