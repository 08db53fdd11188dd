"""The conformance suite every registered game passes (as PettingZoo's api_test and OpenSpiel's
random_sim_test do): the seam's promises, checked on random playouts at every player count.

A new game registered in altay_cli/engine/registry.py runs here with no test of its own.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import msgspec
import orjson
import pytest

from altay_cli.engine import Game, IllegalAction, NotationError, State, game_names, load_game
from altay_cli.gamelog import SeatInfo
from altay_cli.interactive.session import Session
from altay_cli.replay import VALID, replay_log
from altay_cli.schema import game_schema
from protocol import (
    Clock,
    ClockSettings,
    Event,
    GameKindInfo,
    GameOver,
    GameResult,
    Hello,
    Request,
    encode_line,
)
from tests.conftest import TOY_GAME

GAMES = game_names()
PLAYOUTS_PER_COUNT = 8
SAMPLE_EVERY = 7  # check the costlier properties at every 7th state


def player_counts(game: Game) -> range:
    return range(game.kind.min_players, game.kind.max_players + 1)


def configs(game: Game, games: int = PLAYOUTS_PER_COUNT) -> list[Any]:
    return [game.make_config(n, 1000 * n + i) for n in player_counts(game) for i in range(games)]


def playout(game: Game, config: Any, seed: int, visit=None) -> tuple[State, list[int]]:
    """A random game to its end; `visit(state, n)` sees every state before its decision."""
    state = game.new_state(config)
    rng = random.Random(seed)
    moves: list[int] = []
    while not state.is_terminal:
        if visit is not None:
            visit(state, len(moves))
        legal = state.legal_actions()
        assert legal, f"{game.kind.name}: seat {state.to_move} must decide but has no legal action"
        i = rng.randrange(len(legal))
        state.apply(legal[i])
        moves.append(i)
        assert len(moves) < 100_000, "runaway game"
    return state, moves


@cache
def sampled_states(name: str, wanted: int = 1200) -> list[State]:
    """Copies of states from random games at every player count: about one in SAMPLE_EVERY, from
    as many games as it takes to have `wanted` of them (short games give fewer each)."""
    game = load_game(name)
    states: list[State] = []
    picker = random.Random(name)

    def keep(state: State, n: int) -> None:
        if picker.randrange(SAMPLE_EVERY) == 0:
            states.append(state.clone())

    counts = list(player_counts(game))
    seed = 0
    while len(states) < wanted and seed < 20_000:
        config = game.make_config(counts[seed % len(counts)], 7919 * seed + 1)
        playout(game, config, seed=seed, visit=keep)
        seed += 1
    return states


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest) -> Game:
    return load_game(request.param)


# ---------------------------------------------------------------------------- the game's kind
def test_kind_is_consistent(game: Game) -> None:
    kind = game.kind
    assert kind.name in GAMES and load_game(kind.name) is game
    assert 1 <= kind.min_players <= kind.max_players and kind.version
    assert game.text.views().get("full") and game.text.views().get("compact")
    assert msgspec.json.encode(game.static_info(game.make_config(kind.min_players, 1)))


# ---------------------------------------------------------------------------- playouts
def test_random_playouts_at_every_player_count(game: Game) -> None:
    endings: dict[str, int] = {}
    for i, config in enumerate(configs(game)):

        def check(state: State, n: int, config: Any = config) -> None:
            if n % SAMPLE_EVERY == 0:
                assert game.check_invariants(state) == [], f"{config} decision {n}"

        state, _ = playout(game, config, seed=i, visit=check)
        assert game.check_invariants(state) == []
        outcome = game.outcome(state)
        players = config.players
        assert outcome.finished and outcome.end_reason and outcome.forfeits == []
        assert len(outcome.scores) == len(outcome.ranks) == players
        assert min(outcome.ranks) == 1 and all(1 <= r <= players for r in outcome.ranks)
        assert (
            outcome.winners == [s for s in range(players) if outcome.ranks[s] == 1] or game.kind.cooperative
        )
        assert all("total" in s for s in outcome.scores)
        if game.kind.cooperative:
            assert outcome.team is not None and len(set(outcome.ranks)) == 1
        endings[outcome.end_reason] = endings.get(outcome.end_reason, 0) + 1
    assert sum(endings.values()) == len(configs(game))


def test_a_forfeit_ranks_the_seat_last_and_ends_unfinished(game: Game) -> None:
    config = game.make_config(game.kind.max_players, 5)
    state = game.new_state(config)
    outcome = game.outcome(state, forfeits=[0])
    assert not outcome.finished and outcome.forfeits == [0] and 0 not in outcome.winners
    if not game.kind.cooperative:
        assert outcome.ranks[0] == max(outcome.ranks)


def test_same_seed_and_actions_give_the_same_digests(game: Game) -> None:
    for i, config in enumerate(configs(game, 2)):
        first, moves = playout(game, config, seed=i)
        again = game.new_state(config)
        for m in moves:
            again.apply(again.legal_actions()[m])
        assert again.digest() == first.digest()
        assert orjson.dumps(again.to_dict()) == orjson.dumps(first.to_dict())


_DIGEST_SCRIPT = """
import json, random, sys
from altay_cli.engine import load_game
game = load_game(sys.argv[1])
out = []
for n in range(game.kind.min_players, game.kind.max_players + 1):
    state = game.new_state(game.make_config(n, 77 + n))
    rng = random.Random(n)
    for _ in range(300):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    out.append(state.digest())
print(json.dumps(out))
"""


def test_determinism_across_interpreters(game: Game) -> None:
    results = []
    root = Path(__file__).resolve().parent.parent
    for hash_seed in ("0", "4242"):
        # a fresh interpreter knows the toy game through ALTAY_GAMES, as a plugin would be known
        env = {
            **os.environ,
            "PYTHONHASHSEED": hash_seed,
            "ALTAY_GAMES": f"{TOY_GAME}=tests.toygame",
            "PYTHONPATH": str(root),
        }
        proc = subprocess.run(
            [sys.executable, "-c", _DIGEST_SCRIPT, game.kind.name],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        results.append(json.loads(proc.stdout))
    assert results[0] == results[1]


def test_states_round_trip_through_json(game: Game) -> None:
    for state in sampled_states(game.kind.name)[::9]:
        data = orjson.loads(orjson.dumps(state.to_dict()))
        again = game.state_from_dict(data)
        assert again.digest() == state.digest() and again.legal_actions() == state.legal_actions()
        assert msgspec.json.encode(again.observation(0)) == msgspec.json.encode(state.observation(0))
    with pytest.raises(ValueError):
        game.state_from_dict({"not": "a state"})


# ---------------------------------------------------------------------------- apply and clone
def test_an_illegal_action_leaves_the_state_unchanged(game: Game) -> None:
    states = sampled_states(game.kind.name)
    seen: list[Any] = []
    for state in states:
        seen.extend(state.legal_actions()[:3])
    tried = 0
    for state in states[::3]:
        legal = state.legal_actions()
        foreign = next((a for a in seen if a not in legal), None)
        if foreign is None:
            continue
        before, legal_before = state.digest(), list(legal)
        with pytest.raises(IllegalAction) as err:
            state.apply(foreign)
        assert err.value.reason
        assert state.digest() == before and state.legal_actions() == legal_before
        tried += 1
    assert tried > 10


def test_legal_actions_are_in_canonical_form(game: Game) -> None:
    for state in sampled_states(game.kind.name)[::3]:
        for action in state.legal_actions():
            assert game.canonical_action(action) == action
            assert game.action_from_builtins(game.action_to_builtins(action)) == action


def test_clones_are_independent(game: Game) -> None:
    for state in sampled_states(game.kind.name)[::5]:
        before = state.digest()
        copy = state.clone()
        assert copy.digest() == before
        action = copy.legal_actions()[-1]
        copy.apply(action)
        assert state.digest() == before, "applying to a clone changed the original"
        other = state.clone()
        other.apply(action)
        assert other.digest() == copy.digest()


# ---------------------------------------------------------------------------- hidden information
def test_observations_ignore_what_a_seat_may_not_see(game: Game) -> None:
    """Perturbing what a seat may not know (the game says what that is) changes nothing it sees."""
    changed = 0
    for k, state in enumerate(sampled_states(game.kind.name)[::2]):
        for seat in range(state.config.players):
            other = game.search.perturb_hidden(state, seat, seed=k * 31 + seat)
            if other is None:
                return  # a game without hidden information
            changed += other.digest() != state.digest()
            assert msgspec.json.encode(other.observation(seat)) == msgspec.json.encode(
                state.observation(seat)
            )
            if state.to_move == seat:
                assert other.legal_actions() == state.legal_actions()
    assert changed > 0, "the perturbation never changed anything: the test would prove nothing"


def test_events_tell_a_seat_only_its_due(game: Game) -> None:
    """What a viewer learns from a step depends only on what it may know once the step is done:
    the same event whatever is rearranged of what it may not see (a card someone else drew, a
    hand passed between two others). The step's consequences may depend on hidden cards (a
    draw-and-meld shows the card drawn), so the twin is a perturbation of the state after the
    step. Events encode as the game's event type."""
    decoder = msgspec.json.Decoder(game.event_type)
    for state in sampled_states(game.kind.name)[::4]:
        seat = state.to_move
        assert seat is not None
        action = state.legal_actions()[0]
        after = state.clone()
        after.apply(action)
        for viewer in range(state.config.players):
            seen = game.event_for(after, seat, action, viewer)
            if seen is None:
                continue
            decoder.decode(msgspec.json.encode(seen))
            twin = game.search.perturb_hidden(after, viewer, seed=seat)
            if twin is not None:
                assert msgspec.json.encode(game.event_for(twin, seat, action, viewer)) == msgspec.json.encode(
                    seen
                )


# ---------------------------------------------------------------------------- notation
def test_notation_round_trip(game: Game) -> None:
    """parse(command_text(a)) names a, for every legal action of hundreds of states."""
    checked = 0
    for state in sampled_states(game.kind.name):
        legal = state.legal_actions()
        for action in legal:
            text = game.text.command_text(action)
            try:
                index = game.text.parse(state, text)
            except NotationError as exc:
                pytest.fail(f"{text!r} does not parse back: {exc.message}")
            assert legal[index] == action, f"{text!r} parses as {game.text.command_text(legal[index])!r}"
            assert game.text.describe(action)
            checked += 1
    assert len(sampled_states(game.kind.name)) >= 1000 and checked > 2000


def test_notation_errors_are_precise(game: Game) -> None:
    state = sampled_states(game.kind.name)[5]
    with pytest.raises(NotationError) as err:
        game.text.parse(state, "zzqx-not-a-command 99")
    assert err.value.message


# ---------------------------------------------------------------------------- the protocol
@cache
def validator(name: str) -> jsonschema.Draft202012Validator:
    schema = game_schema(load_game(name))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _kind(game: Game) -> GameKindInfo:
    return GameKindInfo(**msgspec.structs.asdict(game.kind))


def test_every_message_validates_against_the_games_schema(game: Game) -> None:
    check = validator(game.kind.name)
    config = game.make_config(game.kind.min_players, 3)
    hello = Hello(
        protocol_version=1,
        seat=0,
        seats=[0],
        num_players=config.players,
        name="x",
        game=game.public_settings(config),
        clock=ClockSettings(1000, 0, 0, 10000),
        max_line_bytes=1_000_000,
        kind=_kind(game),
        static=game.static_info(config),
    )
    check.validate(json.loads(encode_line(hello)))
    for k, state in enumerate(sampled_states(game.kind.name)[::2]):
        seat = state.to_move
        assert seat is not None
        previous = state.clone()
        events = []
        if previous.legal_actions():
            action = previous.legal_actions()[0]
            previous.apply(action)
            seen = game.event_for(previous, seat, action, (seat + 1) % state.config.players)
            if seen is not None:
                events.append(Event(seat=seat, action=seen))
        request = Request(
            id=k + 1,
            seat=seat,
            clock=Clock(1000, 0, 0),
            events=events,
            actions=state.legal_actions(),
            observation=state.observation(seat),
        )
        check.validate(json.loads(encode_line(request)))
    outcome = game.outcome(sampled_states(game.kind.name)[-1])
    over = GameOver(
        seat=0,
        seats=[0],
        result=GameResult(
            completed=outcome.finished,
            end_reason=str(outcome.end_reason),
            rounds=outcome.rounds,
            scores=outcome.scores,
            ranks=outcome.ranks,
            winners=outcome.winners,
            forfeits=outcome.forfeits,
        ),
    )
    check.validate(json.loads(encode_line(over)))


def test_the_schema_refuses_what_is_not_an_action(game: Game) -> None:
    check = validator(game.kind.name)
    with pytest.raises(jsonschema.ValidationError):
        check.validate({"type": "action", "id": 1, "action": {"type": "no-such-action-type"}})


# ---------------------------------------------------------------------------- logs
def test_every_log_replays(game: Game, tmp_path: Path) -> None:
    for i, config in enumerate(configs(game, 1)):
        seats = [SeatInfo(seat=s, name=f"random-{s}", kind="policy") for s in range(config.players)]
        session = Session(config, seats, game)
        rng = random.Random(i)
        while not session.state.is_terminal:
            legal = session.state.legal_actions()
            session.apply(legal[rng.randrange(len(legal))])
        path = session.save(tmp_path / f"{i}.jsonl")
        verdict = replay_log(path, strict=True)
        assert verdict.status == VALID, verdict.message
        assert verdict.header is not None and verdict.header.game == game.kind.name
        loaded = Session.load(path)
        assert loaded.state.digest() == session.state.digest()
