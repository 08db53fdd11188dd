"""protocol/games/altay.md teaches Altay (issue 21): the goal and the end, the turn, every decision
with what it needs, what it does and an example, and every value of every enumerated field, each
of which is also an `enum` of the generated schema and agrees with the engine's data.
(test_protocol.py checks that every field is named; test_altay_reference.py that the complete
request is what the referee sends.)"""

from __future__ import annotations

import json
import re
import typing
from pathlib import Path
from typing import Any

import pytest

from altay_cli.engine import load_game
from altay_cli.engine.altay import observation as obs
from altay_cli.engine.altay import static
from altay_cli.engine.altay.actions import ACTION_TYPES
from altay_cli.engine.altay.data import ACHIEVEMENTS, FACTIONS, RESOURCES, TERRAINS
from altay_cli.engine.altay.observation import EndReason, Phase

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "protocol" / "games" / "altay.md").read_text(encoding="utf-8")
SCHEMA = json.loads((ROOT / "protocol" / "games" / "altay.schema.json").read_text(encoding="utf-8"))
DEFS = SCHEMA["$defs"]


def values(literal: Any) -> list[Any]:
    return list(typing.get_args(literal))


def test_the_vocabularies_are_the_engines_data() -> None:
    assert values(obs.Resource) == list(RESOURCES)
    assert values(obs.Terrain) == list(TERRAINS)
    assert values(obs.Faction) == list(FACTIONS)
    assert values(obs.SetupMode) == ["choose", "recommended"]
    assert set(values(static.Timing)) == {a.timing for a in ACHIEVEMENTS if a.timing}
    assert values(obs.AchievementLevel) == sorted({a.level for a in ACHIEVEMENTS})


def _enum(schema: dict[str, Any]) -> list[Any]:
    """The values an enumerated property takes (through a $ref or a nullable anyOf)."""
    if "$ref" in schema:
        return _enum(DEFS[schema["$ref"].rsplit("/", 1)[1]])
    if "anyOf" in schema:
        return [v for option in schema["anyOf"] for v in _enum(option)]
    if "items" in schema:
        return _enum(schema["items"])
    return schema.get("enum", [])


ENUMERATED = [
    ("Observation", "phase", [p.value for p in Phase]),
    ("Observation", "end_triggered", [e.value for e in EndReason]),
    ("Observation", "end_reason", [e.value for e in EndReason]),
    ("Territory", "terrain", list(TERRAINS)),
    ("Marker", "resource", list(RESOURCES)),
    ("PublicPlayer", "faction", list(FACTIONS)),
    ("Developing", "level", [1, 2, 3]),
    ("Settings", "setup", ["choose", "recommended"]),
    ("Settings", "factions", list(FACTIONS)),
    ("StaticInfo", "resources", list(RESOURCES)),
    ("StaticInfo", "terrains", list(TERRAINS)),
    ("TerritoryInfo", "terrain", list(TERRAINS)),
    ("FactionInfo", "name", list(FACTIONS)),
    ("AchievementInfo", "timing", ["once_per_turn", "continuous", "end_of_turn", "instant"]),
    ("AchievementInfo", "level", [1, 2, 3]),
]


@pytest.mark.parametrize(("struct", "field", "expected"), ENUMERATED)
def test_every_enumerated_field_is_an_enum_of_the_schema_and_the_guide_lists_its_values(
    struct: str, field: str, expected: list[Any]
) -> None:
    assert sorted(_enum(DEFS[struct]["properties"][field]), key=str) == sorted(expected, key=str)
    if isinstance(expected[0], str):
        missing = [v for v in expected if f"`{v}`" not in GUIDE and f'"{v}"' not in GUIDE]
        assert not missing, f"the guide never lists {missing} for {struct}.{field}"


@pytest.mark.parametrize(
    ("struct", "field", "keys"),
    [
        ("Observation", "achievements", ["1", "2", "3"]),
        ("Observation", "achievement_decks", ["1", "2", "3"]),
        ("Turn", "terrain_used", list(TERRAINS)),
    ],
)
def test_maps_with_fixed_keys_name_them_in_the_schema(struct: str, field: str, keys: list[str]) -> None:
    assert DEFS[struct]["properties"][field]["propertyNames"]["enum"] == keys


def test_the_guide_says_how_to_win_how_it_ends_and_how_a_turn_goes() -> None:
    brief = GUIDE.split("## The game in brief", 1)[1].split("\n## ", 1)[0]
    for part in ("**Goal.**", "**How it ends.**", "**Set-up.**", "**A turn.**"):
        assert part in brief
    for category in load_game("altay").static_info(None).scoring:
        assert category.name.split("_")[0] in brief.lower(), category.name
    for reason in EndReason:
        assert f"`{reason.value}`" in brief


def test_every_decision_has_what_it_needs_what_it_does_and_an_example() -> None:
    table = GUIDE.split("| `type` | fields | example | needs | does |", 1)[1].split("\n\n", 1)[0]
    rows = {line.split("|")[1].strip().strip("`"): line for line in table.splitlines()[1:]}
    for action in ACTION_TYPES:
        tag = action.__struct_config__.tag
        cells = [c.strip() for c in rows[tag].split("|")[1:-1]]
        assert len(cells) == 5 and all(cells), tag
        example = json.loads(cells[2].strip("`"))
        assert load_game("altay").action_from_builtins(example).__struct_config__.tag == tag
        assert len(cells[3]) > 15 and len(cells[4]) > 15, tag  # words, not a dash


def test_every_effect_text_has_a_form_the_guide_names() -> None:
    """A bot reads what an effect does from its text: every title's effects take one of the forms
    the guide lists for `hello.static.titles`, with its numbers and resource letters."""
    row = next(line for line in GUIDE.splitlines() if line.startswith("| `titles` |"))
    forms = [f.replace("settlement(s)", "settlement") for f in re.findall(r"`([^`]+)`", row)]
    number, letter = r"\d+", "[" + "".join(RESOURCES) + "]"
    patterns = []
    for form in forms:
        body = (
            re.escape(form).replace("N", number).replace("R", letter).replace(r"\ FF", r"\ " + letter + "+")
        )
        patterns.append(re.compile(body.replace("settlement", "settlements?")))
    for title in load_game("altay").static_info(None).titles:
        for effect in title.effects:
            assert any(p.fullmatch(effect) for p in patterns), (
                f"{title.title}: {effect!r} has no form in the guide"
            )
