"""Altay's knowledge in the open: the static information in `hello`, `altay rules` and the
committed REFERENCE.md all come from the engine's data, and cover all of it."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from altay_cli.commands.rules import rules
from altay_cli.engine import load_game
from altay_cli.engine.altay import data
from altay_cli.engine.altay.reference import reference_markdown
from altay_cli.engine.altay.static import static_info

REFERENCE = Path(data.__file__).with_name("REFERENCE.md")


def test_the_committed_reference_is_current() -> None:
    assert REFERENCE.read_text(encoding="utf-8") == reference_markdown(), (
        "REFERENCE.md is stale: run `altay rules > altay_cli/engine/altay/REFERENCE.md`"
    )


def test_static_information_covers_the_engines_data() -> None:
    info = static_info()
    assert [t.id for t in info.territories] == list(range(data.NUM_TERRITORIES))
    for t in info.territories:
        assert t.adjacent == list(data.ADJACENCY[t.id]) and t.terrain == data.TERRAINS[data.TERRAIN_OF[t.id]]
        for n in (2, 3, 4):
            assert (n in t.out_of_play_with) == (t.id in data.OUT_OF_PLAY[n])
            assert (n in t.vp_marker_with) == (t.id in data.VP_MARKER_TERRITORIES[n])
    assert [k.kind for k in info.kinds] == [k.name for k in data.KINDS]
    assert {a.name for a in info.achievements} == {a.name for a in data.ACHIEVEMENTS}
    assert all(a.effect for a in info.achievements)
    assert [c.name for c in info.scoring] == list(
        data.SCORING_RULES[i][0] for i in range(len(data.SCORING_RULES))
    )
    from altay_cli.engine.altay.scoring import CATEGORIES

    assert [c.name for c in info.scoring] == list(CATEGORIES), "scoring rules in the engine's tie-break order"


def test_every_ruling_constant_is_listed_with_its_explanation() -> None:
    source = Path(data.__file__).read_text(encoding="utf-8")
    section = source[
        source.index(
            "# --------------------------------------------------------------------------- rulings"
        ) :
    ]
    names = [line.split(":")[0] for line in section.splitlines() if ": Final" in line and line[:1].isupper()]
    listed = {r.name: r for r in static_info().rulings}
    assert names and list(listed) == names
    for name, ruling in listed.items():
        assert ruling.text, f"{name} has no explanation"
        assert json.loads(json.dumps(ruling.value)) is not None or ruling.value is None
    assert listed["ARCHIVE_USABLE_ON_DEFENCE"].value is True
    assert "lose or leave" in listed["TERRAIN_BONUS_PER_TERRITORY"].text


def test_the_reference_names_every_card_achievement_and_ruling() -> None:
    text = reference_markdown()
    for name in (
        [t.name for t in data.TITLES] + [k.name for k in data.KINDS] + [a.name for a in data.ACHIEVEMENTS]
    ):
        assert name in text, name
    for ruling in static_info().rulings:
        assert f"`{ruling.name}`" in text


def test_altay_rules_prints_the_reference_and_json() -> None:
    runner = CliRunner()
    text = runner.invoke(rules, [])
    assert text.exit_code == 0 and text.output == reference_markdown()
    as_json = runner.invoke(rules, ["--json"])
    assert as_json.exit_code == 0
    assert json.loads(as_json.output)["territories"][0]["adjacent"] == list(data.ADJACENCY[0])


def test_hello_carries_the_static_information() -> None:
    game = load_game("altay")
    static = game.static_info(game.make_config(2, 1))
    assert static is static_info()


def test_the_guides_complete_request_is_what_the_referee_sends() -> None:
    """protocol/games/altay.md shows a whole request, no elisions; it is the committed fixture,
    and the fixture is byte for byte the line the referee builds for that position."""
    from tests.golden.request_fixture import FIXTURE, request_line

    line = FIXTURE.read_bytes()
    assert line == request_line(), "run `python -m tests.golden.request_fixture` and update the guide"
    guide = (FIXTURE.parent / "altay.md").read_text(encoding="utf-8")
    block = guide.split("## A complete request", 1)[1].split("```json\n", 1)[1].split("\n```", 1)[0]
    assert json.loads(block) == json.loads(line)
    assert "..." not in block and "ELIDED" not in block
