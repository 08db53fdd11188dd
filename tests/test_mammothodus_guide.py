"""Mammothodus's guide for bot authors (protocol/games/mammothodus.md) teaches the game and stays
true: the way to win comes first; the map is described from the data file; every action, every
decision kind, every event, every field of the observation and of `hello` is documented, with
every value of every enumerated field, and those values are enums in the generated schema; the
complete request it shows is the committed fixture, byte for byte what the referee builds.

    python -m tests.test_mammothodus_guide     # rewrite protocol/games/mammothodus-request.json

(then paste it, pretty-printed, in the guide's "A complete request"). `altay rules --game
mammothodus` prints the Markdown reference generated from the data. A few seconds."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import msgspec

from altay_cli.engine import load_game
from altay_cli.engine.mammothodus import humans
from altay_cli.engine.mammothodus import observation as obs_types
from altay_cli.engine.mammothodus.actions import AnyAction, Card, ChooseAction, Figurine, Shard, Step
from altay_cli.engine.mammothodus.data import adaptation_name, load
from altay_cli.engine.mammothodus.game import END_REASONS
from altay_cli.engine.mammothodus.state import ACTIONS, COLORS
from altay_cli.engine.mammothodus.static import StaticInfo
from altay_cli.engine.mammothodus.vocabulary import (
    ActionName,
    AdaptationName,
    CardName,
    DiscoveryName,
    EndReasonName,
    HappeningKind,
    HumanCardName,
    PhaseName,
    Purpose,
    ResultName,
    TalentName,
    values,
)
from altay_cli.schema import game_schema
from protocol import Clock, Event, Request, encode_line
from tests.play_helpers import REPO, run_altay

GAME = load_game("mammothodus")
GAMES_DIR = REPO / "protocol" / "games"
GUIDE = GAMES_DIR / "mammothodus.md"
FIXTURE = GAMES_DIR / "mammothodus-request.json"
#: the program of the fixture leads both clans of a 2-clan game (seed 14)
SEED, LED = 14, (0, 1)


def _pick(state: Any) -> Any:
    """A fixed, simple policy: pick up shards, move, act with a figurine, play a card, step."""
    legal = state.legal_actions()
    for wanted in (
        lambda a: isinstance(a, Shard) and a.take is not None,
        lambda a: isinstance(a, ChooseAction) and a.action == "move",
        lambda a: isinstance(a, Figurine),
        lambda a: isinstance(a, Card) and a.card != "draw3",
        lambda a: isinstance(a, Step),
    ):
        for a in legal:
            if wanted(a):
                return a
    return legal[0]


def request_line() -> bytes:
    """The first request of a 2-clan game (seed 14) that one program plays as both clans, in which
    a figurine moves carrying a shard: events since that seat's previous request, legal actions
    and observation exactly as BotSeat builds them."""
    state = GAME.new_state(GAME.make_config(2, SEED))
    events: dict[int, list[Event]] = {s: [] for s in LED}
    asked = 0  # the program's requests so far (it plays every decision)
    while True:
        seat = state.to_move
        assert seat is not None, "the game ended before the position"
        moving = GAME.player_observation(state, seat, LED).moving
        if moving is not None and moving.carries is not None:
            break
        events[seat] = []
        asked += 1
        action = _pick(state)
        state.apply(action)
        for viewer in LED:
            seen = GAME.event_for(state, seat, action, viewer)
            if seen is not None:
                events[viewer].append(Event(seat=seat, action=seen))
    request = Request(
        id=asked + 1,
        seat=seat,
        clock=Clock(move_ms=1000, bank_ms=0, increment_ms=0),
        events=events[seat],
        actions=state.legal_actions(),
        observation=GAME.player_observation(state, seat, LED),
    )
    return encode_line(request)


def _guide() -> str:
    return GUIDE.read_text(encoding="utf-8")


def _prose() -> str:
    """The guide without its complete request."""
    return _guide().split("## A complete request", 1)[0]


# ---------------------------------------------------------------------------- the request
def test_the_guides_complete_request_is_what_the_referee_sends() -> None:
    line = FIXTURE.read_bytes()
    assert line == request_line(), "run `python -m tests.test_mammothodus_guide` and update the guide"
    block = _guide().split("## A complete request", 1)[1].split("```json\n", 1)[1].split("\n```", 1)[0]
    assert json.loads(block) == json.loads(line)
    assert "..." not in block and "ELIDED" not in block
    request = json.loads(line)
    observation = request["observation"]
    assert observation["moving"]["carries"] is not None and observation["team_hands"]
    assert msgspec.json.decode(json.dumps(observation).encode(), type=obs_types.Observation)


# ---------------------------------------------------------------------------- what it teaches
def test_the_way_to_win_comes_first() -> None:
    text = _guide()
    sections = re.findall(r"^## (.+)$", text, re.MULTILINE)
    assert sections[0] == "How the team wins", sections
    first = text.split("## How the team wins", 1)[1].split("\n## ", 1)[0]
    for words in ("places of power", "centre", "portal line"):
        assert words in first
    assert "## How the team loses" in text and sections.index("How the team loses") == 1
    for reason in END_REASONS:
        if reason in values(EndReasonName):
            assert f"`{reason}`" in text, f"end reason {reason} not documented"


def test_the_guide_covers_the_game_in_depth() -> None:
    prose = _prose()
    for section in (
        "How the team wins",
        "How the team loses",
        "The map",
        "A turn",
        "The human phase",
        "The Ancients' phase",
        "The generation change",
        "Settings",
        "Static information",
        "Actions",
        "Decisions",
        "Events",
        "The observation",
        "One player, several clans",
        "Strategy",
        "A complete request",
    ):
        assert re.search(rf"^##+ {re.escape(section)}", _guide(), re.MULTILINE), section
    assert len(prose.splitlines()) >= 350, "the guide's prose is too short to teach the game"


def test_the_map_is_described_from_the_data() -> None:
    prose, d = _prose(), load()
    assert "the data file's" in prose
    m = d.map
    today = (
        f"{len(m.territories)} territories",
        f"{len(m.regions)} regions",
        f"{len(d.portal.fragments)} fragments",
        f"{d.limits.places_of_power} places of power",
    )
    for figure in today:
        assert figure in prose, f"the example figure {figure!r} does not match data.json"
    assert "today" in prose


def test_every_action_and_decision_kind_is_taught() -> None:
    prose = _prose()
    for action in AnyAction.__args__:  # type: ignore[attr-defined]
        tag = action.__struct_config__.tag
        assert f'"type":"{tag}"' in prose, f"action {tag} has no example"
    decisions = prose.split("## Decisions", 1)[1].split("\n## ", 1)[0]
    for purpose in values(Purpose):
        assert re.search(rf"^### `{purpose}`", decisions, re.MULTILINE), f"decision {purpose} not taught"
    for block in re.split(r"^### ", decisions, flags=re.MULTILINE)[1:]:
        assert "Example" in block or "example" in block, block.splitlines()[0]


def test_every_field_and_value_is_documented() -> None:
    prose = _prose()
    structs = [
        obj for obj in vars(obs_types).values() if isinstance(obj, type) and issubclass(obj, msgspec.Struct)
    ]
    assert len(structs) >= 18
    for struct in structs:
        for field in struct.__struct_encode_fields__:
            assert f"`{field}`" in prose, f"{struct.__name__}.{field} is not documented"
    for field in StaticInfo.__struct_encode_fields__:
        assert f"`{field}`" in prose
    for section in load().__struct_encode_fields__:
        assert f"`{section}`" in prose, f"hello.static.data.{section} is not documented"
    for kind in (
        PhaseName,
        Purpose,
        ActionName,
        CardName,
        HumanCardName,
        TalentName,
        DiscoveryName,
        ResultName,
        EndReasonName,
        HappeningKind,
    ):
        for value in values(kind):
            assert f"`{value}`" in prose, f"the value {value!r} is not documented"


def test_the_vocabularies_are_the_engines() -> None:
    d = load()
    assert values(ActionName) == ACTIONS
    # the names the engine acts on (humans.py), of which a data file uses some or all
    talents = {humans.SPIRIT_BLOCK, humans.PROTECTION, humans.TRAP, humans.BAIT, humans.TRAIL_LOCK}
    assert set(values(TalentName)) == talents >= set(d.talents.names)
    discoveries = {
        humans.MOVE_ATTACK,
        humans.DEFENCE_PLUS_1,
        humans.ATTACK_PLUS_1,
        humans.APPEAR_MOVE,
        humans.DEGRADATION_PLUS_2,
    }
    assert set(values(DiscoveryName)) == discoveries >= set(d.discoveries.cards)
    assert set(END_REASONS) <= set(values(EndReasonName))
    adaptation = {f"{kind}:{c}" for kind in ("extra", "double") for c in COLORS} | {"wild", "draw3"}
    assert {adaptation_name(i) for i in range(len(d.adaptation.cards))} <= adaptation
    assert adaptation == set(values(AdaptationName))
    assert set(values(CardName)) == {*COLORS, *adaptation, "degradation"}
    assert set(values(HumanCardName)) == {*COLORS, "new_trail"} >= set(d.human_deck.cards)
    engine = Path(GAME.__module__.replace(".", "/")).parent
    call = re.compile(r'\bask\(\s*g,\s*[\w.]+,\s*(?:\[[^\]]*\]|[\w.]+\([^)]*\)|[\w.]+),\s*"(\w+)"')
    asked = set()
    for path in (REPO / engine).glob("*.py"):
        asked |= set(call.findall(path.read_text(encoding="utf-8")))
    assert asked | {"start", "talent"} == set(values(Purpose)), asked


def test_the_schema_lists_the_enumerations() -> None:
    defs = game_schema(GAME)["$defs"]

    def enum(node: dict[str, Any]) -> set[str]:
        if "enum" in node:
            return set(node["enum"])
        if "items" in node:
            return enum(node["items"])
        for key in ("anyOf", "oneOf"):
            for sub in node.get(key, []):
                if enum(sub):
                    return enum(sub)
        return set()

    assert enum(defs["Decision"]["properties"]["purpose"]) == set(values(Purpose))
    assert enum(defs["Observation"]["properties"]["phase"]) == set(values(PhaseName))
    assert enum(defs["Observation"]["properties"]["market"]) == set(values(AdaptationName))
    assert enum(defs["Observation"]["properties"]["human_discard"]) == set(values(HumanCardName))
    assert enum(defs["Observation"]["properties"]["actions_taken"]) == set(values(ActionName))
    assert enum(defs["ClanView"]["properties"]["hand"]) == set(values(CardName))
    assert enum(defs["ClanView"]["properties"]["talent"]) == set(values(TalentName))
    assert enum(defs["Outcome"]["properties"]["reason"]) == set(values(EndReasonName))
    assert enum(defs["Happening"]["properties"]["what"]) == set(values(HappeningKind))
    assert enum(defs["ChooseAction"]["properties"]["action"]) == set(values(ActionName))
    assert enum(defs["Card"]["properties"]["card"]) == set(values(CardName))


# ---------------------------------------------------------------------------- altay rules
def test_rules_prints_a_markdown_reference_from_the_data() -> None:
    r = run_altay(["rules", "--game", "mammothodus"])
    assert r.returncode == 0, r.stderr
    text = r.stdout
    assert text.startswith("# Mammothodus: rules reference") and text == GAME.text.reference()
    d = load()
    for heading in ("How the team wins", "How the team loses", "The map", "Cards", "The portal", "Spirits"):
        assert f"## {heading}" in text
    rows = [line for line in text.splitlines() if re.match(r"\| (centre|T\d+) \|", line)]
    assert len(rows) == len(d.map.territories)
    assert all(len(row.split("|")[5].strip()) > 1 for row in rows), "a territory without neighbours"
    assert len(re.findall(r"^\| M\d+ \|", text, re.MULTILINE)) == len(GAME.static_info(None).rulings)
    r = run_altay(["rules", "--game", "mammothodus", "--json"])
    assert json.loads(r.stdout) == json.loads(msgspec.json.encode(GAME.static_info(None)))


if __name__ == "__main__":
    FIXTURE.write_bytes(request_line())
    print(f"wrote {FIXTURE}", file=sys.stderr)
