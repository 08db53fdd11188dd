"""Requests without what `hello` said (`ready`'s `omit_static`): a bot that asks gets each
observation without the game's static fields and nothing else changed; a bot that does not ask
gets the whole observation; the built-in bots that ask play the same with either form; check-bot
says so. Real bot processes over the real protocol; about 20 s in all."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import msgspec
import orjson
import pytest

from altay_cli.engine import Game, load_game
from altay_cli.referee import BotSeat, BotSpec, MatchOptions
from altay_cli.referee.bench import MINIMAL_BOT
from altay_cli.referee.compliance import check_bot
from altay_cli.referee.seat import without_static

BOTS = Path(__file__).resolve().parent.parent / "bots"
GAMES = ("altay", "innovation", "mammothodus")


def _requests_of(game: Game, command: str, seed: int, decisions: int) -> list[dict[str, Any]]:
    """The requests seat 0 is sent in the first `decisions` decisions of a seeded game whose
    every action is the first legal one (the other seat played in process)."""
    config = game.make_config(2, seed)
    seat = BotSeat(BotSpec("b", command), 0, game, config, MatchOptions())
    sent: list[dict[str, Any]] = []
    seat.on_send = lambda kind, line: sent.append(orjson.loads(line)) if kind == "request" else None
    state = game.new_state(config)
    try:
        seat.start()
        asked = 0
        while not state.is_terminal and asked < decisions:
            mover = state.to_move
            if mover == 0:
                seat.decide(state)  # what it answers is not played: both games stay the same
                asked += 1
            action = state.legal_actions()[0]
            state.apply(action)
            seat.note_action(state, mover, action)
    finally:
        seat.close()
    return sent


def _lean(full: dict[str, Any], fields: dict[str, tuple[str, ...]]) -> dict[str, Any]:
    out = dict(full)
    for name, inner in fields.items():
        if inner:
            out[name] = [{k: v for k, v in item.items() if k not in inner} for item in full[name]]
        else:
            del out[name]
    return out


@pytest.mark.parametrize("name", GAMES)
def test_a_bot_that_asks_gets_the_observation_without_the_static_fields_and_no_other_change(
    tmp_path: Path, name: str
) -> None:
    game = load_game(name)
    fields = dict(game.static_observation_fields)
    minimal = tmp_path / "minimal.py"  # never asks: the whole observation, as before
    minimal.write_text(MINIMAL_BOT)
    whole = _requests_of(game, f"{sys.executable} {minimal}", seed=3, decisions=12)
    lean = _requests_of(game, "random", seed=3, decisions=12)  # bots/random_bot.py asks
    assert len(whole) == len(lean) == 12
    for full, short in zip(whole, lean, strict=True):
        assert short == {**full, "observation": _lean(full["observation"], fields)}
        assert list(short["observation"]) == [k for k in full["observation"] if fields.get(k) != ()]
        if fields:
            assert set(fields) <= set(full["observation"])
            assert len(orjson.dumps(short)) < len(orjson.dumps(full))
        else:
            assert short == full  # a game with nothing static in its observation: the same request


def test_without_static_keeps_values_and_order_for_structs_and_dicts() -> None:
    class Cell(msgspec.Struct):
        id: int
        terrain: str
        owner: int | None

    class Obs(msgspec.Struct):
        seat: int
        num_players: int
        board: list[Cell]
        round: int

    obs = Obs(seat=1, num_players=2, board=[Cell(0, "hill", None), Cell(1, "forest", 1)], round=4)
    fields = {"num_players": (), "board": ("terrain",)}
    expected = {"seat": 1, "board": [{"id": 0, "owner": None}, {"id": 1, "owner": 1}], "round": 4}
    assert msgspec.json.encode(without_static(obs, fields)) == msgspec.json.encode(expected)
    assert without_static(msgspec.to_builtins(obs), fields) == expected
    memo: dict = {}  # kept between requests: an element that changed is copied again
    assert msgspec.json.encode(without_static(obs, fields, memo)) == msgspec.json.encode(expected)
    moved = msgspec.structs.replace(obs, board=[Cell(0, "hill", 2), Cell(1, "forest", 1)])
    again = without_static(moved, fields, memo)
    assert again == {**expected, "board": [{"id": 0, "owner": 2}, {"id": 1, "owner": 1}]}
    assert again["board"][1] is memo["board"][1][1]  # the unchanged one reused


@pytest.mark.parametrize("name", ["altay", "innovation"])
def test_the_greedy_heuristics_choose_the_same_from_either_form(name: str) -> None:
    """What the lean requests leave out the greedy bot reads from hello (or never needs): the
    same choice in 300 seeded positions at 2 to 4 players."""
    sys.path.insert(0, str(BOTS))
    try:
        import greedy
        import innovation_greedy
    finally:
        sys.path.remove(str(BOTS))
    game = load_game(name)
    fields = game.static_observation_fields
    rng = random.Random(5)
    compared = 0
    for seed in range(30):
        config = game.make_config(2 + seed % 3, seed)
        static = msgspec.to_builtins(game.static_info(config))
        state = game.new_state(config)
        while not state.is_terminal and compared < 10 * (seed + 1):
            seat = state.to_move
            obs = game.player_observation(state, seat, (seat,))
            full = msgspec.to_builtins(obs)
            short = msgspec.to_builtins(without_static(obs, fields))
            actions = msgspec.to_builtins(state.legal_actions())
            if name == "innovation":
                db = innovation_greedy.card_db(static)
                assert innovation_greedy.Ctx(short, db).to_win == full["achievements_to_win"]
                a = innovation_greedy.choose(full, actions, random.Random(seed), static)
                b = innovation_greedy.choose(short, actions, random.Random(seed), static)
            else:
                a = greedy.choose(full, actions, random.Random(seed))
                b = greedy.choose(short, actions, random.Random(seed))
            assert a == b
            compared += 1
            state.apply(state.legal_actions()[rng.randrange(len(actions))])
    assert compared == 300


def test_check_bot_says_when_a_bot_asks_and_plays_it_so() -> None:
    checks = {c.name: c for c in check_bot("random", players=2, game=load_game("altay"))}
    assert checks["handshake"].passed
    assert "leave out num_players, max_rounds, trading, board" in checks["handshake"].detail
    assert checks["game"].passed, checks["game"].detail
    plain = {c.name: c for c in check_bot("greedy", players=2, game=load_game("mammothodus"))}
    assert "nothing to leave out" in plain["handshake"].detail


@pytest.mark.parametrize("name", GAMES)
def test_the_committed_schema_validates_the_requests_of_a_bot_that_asks(tmp_path: Path, name: str) -> None:
    """protocol/games/NAME.schema.json: a real request to a bot that asks is a `RequestOmitStatic`
    (and a referee message), a real request to one that does not a `Request`; where the game
    leaves fields out, neither form passes for the other, and every field that stays is still
    required. Real bot processes (the random bot asks, the minimal one does not); ~10 s in all."""
    import jsonschema

    from altay_cli.schema import committed_schema_path

    game = load_game(name)
    document = orjson.loads(committed_schema_path(game).read_bytes())

    def definition(name: str) -> jsonschema.Draft202012Validator:
        return jsonschema.Draft202012Validator({"$ref": f"#/$defs/{name}", "$defs": document["$defs"]})

    whole_form, lean_form, any_line = (
        definition("Request"),
        definition("RequestOmitStatic"),
        (jsonschema.Draft202012Validator(document)),
    )
    fields = dict(game.static_observation_fields)
    minimal = tmp_path / "minimal.py"
    minimal.write_text(MINIMAL_BOT)
    for seed in (3, 8):
        lean = _requests_of(game, "random", seed=seed, decisions=25)
        whole = _requests_of(game, f"{sys.executable} {minimal}", seed=seed, decisions=25)
        assert len(lean) == len(whole) > 0  # 25, or fewer where the game ends first
        for short, full in zip(lean, whole, strict=True):
            lean_form.validate(short)
            any_line.validate(short)
            whole_form.validate(full)
            any_line.validate(full)
            assert whole_form.is_valid(short) == (not fields)
            kept = next(k for k in short["observation"] if k not in fields)
            broken = {**short, "observation": {k: v for k, v in short["observation"].items() if k != kept}}
            assert not lean_form.is_valid(broken)
    if fields:
        assert "ObservationOmitStatic" in document["$defs"]
    else:
        assert "ObservationOmitStatic" not in document["$defs"]


def test_a_static_field_the_observation_does_not_have_is_refused() -> None:
    """A game's `static_observation_fields` that names no field of its observation fails the
    schema's generation (a typo would otherwise leave a field required that is never sent)."""
    from protocol.schema import build_schema

    game = load_game("altay")
    kwargs: dict[str, Any] = {"observation": game.observation_type, "game": "altay"}
    with pytest.raises(ValueError, match="no field 'no_such_field'"):
        build_schema(**kwargs, omitted={"no_such_field": ()})
    with pytest.raises(ValueError, match="no field 'no_such_key'"):
        build_schema(**kwargs, omitted={"board": ("no_such_key",)})
    with pytest.raises(ValueError, match="not a list of definitions"):
        build_schema(**kwargs, omitted={"num_players": ("x",)})
