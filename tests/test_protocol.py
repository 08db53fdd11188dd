"""The protocol's types: schema drift, the observation schema against the engine, the codec,
and PROTOCOL.md covering every message, action and status."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import msgspec
import pytest

from altay_cli.engine import load_game
from altay_cli.engine.altay import ACTION_TYPES, AnyAction, GameConfig, action_to_builtins, new_game
from altay_cli.engine.altay.observation import Observation
from altay_cli.engine.altay.static import StaticInfo
from altay_cli.referee.types import FAILURE_STATUSES, LATE_ANSWER
from altay_cli.schema import committed_schema_path, game_schema
from protocol import (
    BOT_MESSAGES,
    REFEREE_MESSAGES,
    ActionAnswer,
    Clock,
    ProtocolError,
    Ready,
    Request,
    decode_bot_message,
    decode_referee_message,
    encode_line,
)
from protocol.schema import SCHEMA_PATH, build_schema
from protocol.schema import main as schema_main

PROTOCOL_MD = Path(__file__).resolve().parent.parent / "protocol" / "PROTOCOL.md"


def test_committed_schema_matches_the_types() -> None:
    committed = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert committed == build_schema(), "protocol/schema.json is stale: run `python -m protocol.schema`"
    assert schema_main(["--check"]) == 0
    game = load_game("altay")
    committed = json.loads(committed_schema_path(game).read_text(encoding="utf-8"))
    assert committed == game_schema(game), "stale: run `altay schema -o protocol/games/altay.schema.json`"


def test_envelope_schema_leaves_every_payload_open() -> None:
    defs = build_schema()["$defs"]
    assert "Play" not in defs and "Observation" not in defs
    assert defs["Request"]["properties"]["observation"] == {}


def test_schema_describes_every_message_and_action() -> None:
    defs = game_schema(load_game("altay"))["$defs"]
    for struct in (*REFEREE_MESSAGES, *BOT_MESSAGES, *ACTION_TYPES, Observation, StaticInfo):
        assert struct.__name__ in defs
    tags = {m["properties"]["type"]["enum"][0] for m in (defs[s.__name__] for s in REFEREE_MESSAGES)}
    assert tags == {"hello", "request", "error", "ping", "game_over", "quit"}


def _random_states(games: int = 12):
    for seed in range(games):
        g = new_game(GameConfig(players=2 + seed % 3, seed=seed, trading=seed % 2 == 0))
        rng = random.Random(seed)
        while not g.is_terminal:
            yield g
            actions = g.legal_actions()
            g.apply(actions[rng.randrange(len(actions))])


def test_observation_is_built_as_its_schema_type() -> None:
    """observation(seat) is an Observation (the schema's type), and its JSON decodes back as one."""
    seen_phases = set()
    decoder = msgspec.json.Decoder(Observation)
    for i, g in enumerate(_random_states()):
        if i % 3:
            continue
        for seat in range(g.n):
            obs = g.observation(seat)
            assert type(obs) is Observation
            assert decoder.decode(msgspec.json.encode(obs)) == obs
            seen_phases.add(obs.phase)
    assert {"choose_faction", "choose_start", "main", "settle", "defend"} <= seen_phases


def test_request_carries_the_engine_data_exactly() -> None:
    g = next(s for i, s in enumerate(_random_states(1)) if i == 40)
    seat = g.to_move
    obs = g.observation(seat)
    line = encode_line(
        Request(
            id=7, seat=seat, clock=Clock(1000, 0, 0), events=[], actions=g.legal_actions(), observation=obs
        )
    )
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert line.startswith(b'{"type":"request","id":7,')  # documented field order
    data = json.loads(line)
    assert data["observation"] == msgspec.to_builtins(obs)
    assert data["actions"] == [action_to_builtins(a) for a in g.legal_actions()]
    assert isinstance(decode_referee_message(line), Request)


def test_bot_messages_decode_and_ignore_unknown_fields() -> None:
    msg = decode_bot_message(b'{"type":"action","id":3,"index":1,"future":{"x":1}}')
    assert msg == ActionAnswer(id=3, index=1)
    line = b'{"type":"action","id":3,"action":{"type":"play","card":"Farmer"}}'
    msg = decode_bot_message(line, AnyAction)
    assert isinstance(msg, ActionAnswer) and msg.action is not None and msg.action.card == "Farmer"
    untyped = decode_bot_message(line)  # the envelope alone leaves the game's payload as JSON values
    assert isinstance(untyped, ActionAnswer) and untyped.action == {"type": "play", "card": "Farmer"}
    assert decode_bot_message(b'{"type":"ready"}') == Ready()


@pytest.mark.parametrize(
    ("line", "status", "words"),
    [
        (b"index 0", "bad_json", "not JSON"),
        (b"[1, 2]", "bad_json", "bot message"),
        (b'{"type":"hello"}', "bad_json", "ready, action or pong"),
        (b'{"id":1,"index":0}', "bad_json", "`type`"),
        (b'{"type":"action","index":0}', "bad_json", "`id`"),
        (b'{"type":"action","id":"1","index":0}', "bad_json", "$.id"),
        (b'{"type":"action","id":1,"action":{"type":"fly"}}', "illegal_action", "not an action"),
        (b'{"type":"action","id":1,"action":{"type":"play"}}', "illegal_action", "card"),
        (b'{"type":"action","id":1,"index":0}\xff', "bad_json", "not JSON"),
    ],
)
def test_bad_lines_are_named(line: bytes, status: str, words: str) -> None:
    with pytest.raises(ProtocolError) as err:
        decode_bot_message(line, AnyAction)
    assert err.value.status == status
    assert words in err.value.detail


def test_protocol_md_documents_everything() -> None:
    """PROTOCOL.md: the envelope (every message and field, every status); Altay's guide: every
    action, observation field and static-information field."""
    text = PROTOCOL_MD.read_text(encoding="utf-8")
    for struct in (*REFEREE_MESSAGES, *BOT_MESSAGES):
        tag = struct.__struct_config__.tag
        assert f'"type": "{tag}"' in text or f'"type":"{tag}"' in text, f"message {tag} not shown"
        for field in struct.__struct_encode_fields__:
            assert f"`{field}`" in text, f"field {field} of {tag} not documented"
    for status in (*FAILURE_STATUSES, LATE_ANSWER):
        assert f"`{status}`" in text, f"status {status} not documented"
    assert "Transcript" in text and '"type":"hello"' in text
    guide = (PROTOCOL_MD.parent / load_game("altay").guide).read_text(encoding="utf-8")
    assert "games/altay.md" in text
    for action in ACTION_TYPES:
        tag = action.__struct_config__.tag
        assert re.search(rf'"type": ?"{tag}"', guide), f"action {tag} has no example"
    for field in Observation.__struct_encode_fields__:
        assert f"`{field}`" in guide, f"observation field {field} not documented"
    for field in StaticInfo.__struct_encode_fields__:
        assert f"`{field}`" in guide, f"static field {field} not documented"
