"""The belief samplers' conformance (`Game.search.new_belief`), for every game that has one.

Each belief is fed exactly what the referee sends its seat, as JSON bytes turned into builtins:
the `hello` settings and static information, then at each request the observation and the
events since that seat's previous request. The suite proves, on seeded games played at random:

- a sample agrees with the seat: its observation for the seat is the one the seat was sent, and
  when the seat is to move, its legal actions are the request's, in the same order;
- a sample is a state of the game: it passes the game's invariants and plays on, at random, to a
  legal end;
- a sample depends on nothing the seat was not shown: the same game with its hidden parts
  perturbed (`Game.search.perturb_hidden`) at any step sends the seat the same bytes, and a
  belief fed them draws identical samples from the same generator seed.

Sizes are fixed and seeded; each game's test takes seconds.
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass, field
from typing import Any

import msgspec
import pytest

from altay_cli.engine import game_names, load_game
from altay_cli.engine.api import Belief, Game
from protocol import Event

ENCODE = msgspec.json.encode
SAMPLED = [name for name in game_names() if load_game(name).search.has_sampler]


@dataclass
class Seat:
    """What the referee has sent one seat so far, and its belief fed with it."""

    seat: int
    belief: Any
    pending: list[Event] = field(default_factory=list)
    sent: list[tuple[bytes, bytes]] = field(default_factory=list)

    def receive(self, game: Game, state: Any) -> tuple[bytes, bytes]:
        message = (ENCODE(state.observation(self.seat)), ENCODE(self.pending))
        self.pending = []
        self.sent.append(message)
        self.belief.update(json.loads(message[0]), json.loads(message[1]))
        return message


def beliefs_for(game: Game, config: Any) -> list[Seat]:
    settings = json.loads(ENCODE(game.public_settings(config)))
    static = json.loads(ENCODE(game.static_info(config)))
    return [Seat(s, game.search.new_belief(settings, static, s)) for s in range(config.players)]


def step(game: Game, state: Any, seats: list[Seat], action: Any) -> None:
    mover = state.to_move
    state.apply(action)
    for viewer in seats:
        seen = game.event_for(state, mover, action, viewer.seat)
        if seen is not None:
            viewer.pending.append(Event(seat=mover, action=seen))


def options_for(name: str, seed: int) -> dict[str, Any]:
    """Short games (check-bot's quick options: Altay's random games would last 60 rounds)."""
    return dict(load_game(name).checkbot.quick_game_options)


def play_checking(name: str, players: int, seed: int, every: int) -> int:
    """A random game with a belief per seat; every `every`-th request, a sample is checked."""
    game = load_game(name)
    config = game.make_config(players, seed, options_for(name, seed))
    state = game.new_state(config)
    seats = beliefs_for(game, config)
    rng = random.Random(seed)
    requests = checked = 0
    while not state.is_terminal:
        seat = seats[state.to_move]
        observation, _ = seat.receive(game, state)
        requests += 1
        if requests % every == 0:
            world = seat.belief.sample(random.Random(requests))
            assert ENCODE(world.observation(seat.seat)) == observation, f"request {requests}"
            assert world.legal_actions() == state.legal_actions()
            assert game.check_invariants(world) == []
            play_out(game, world, random.Random(requests))
            checked += 1
        step(game, state, seats, rng.choice(state.legal_actions()))
    assert all(s.belief.problems == 0 for s in seats)
    return checked


def play_out(game: Game, world: Any, rng: random.Random, limit: int = 3000) -> None:
    for _ in range(limit):
        if world.is_terminal:
            break
        world.apply(rng.choice(world.legal_actions()))
        assert game.check_invariants(world) == []
    outcome = game.outcome(world)
    assert outcome.end_reason is not None or not world.is_terminal


@pytest.mark.parametrize("name", SAMPLED)
def test_the_game_has_a_sampler(name: str) -> None:
    game = load_game(name)
    config = game.make_config(game.kind.min_players, 1)
    belief = beliefs_for(game, config)[0].belief
    assert isinstance(belief, Belief)
    with pytest.raises(ValueError, match="update"):
        belief.sample(random.Random(0))


@pytest.mark.parametrize("name", SAMPLED)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_samples_agree_with_the_seat_and_play_to_a_legal_end(name: str, players: int) -> None:
    """~3 games at each player count; a sample every 7th request (a few seconds each)."""
    game = load_game(name)
    low, high = game.deals.player_range()
    if not low <= players <= high:
        pytest.skip(f"{name} has no {players}-player games")
    checked = sum(play_checking(name, players, seed, every=7) for seed in range(3))
    assert checked > 10


@pytest.mark.parametrize("name", SAMPLED)
def test_samples_depend_on_nothing_hidden(name: str) -> None:
    """At a few points of seeded games, the hidden parts of the true state are perturbed and
    the game goes on from there with the same moves: the seat is sent the same bytes, and a
    belief fed them draws the same samples from the same generator seed."""
    game = load_game(name)
    compared = 0
    for seed in range(4):
        players = 2 + seed % 2
        config = game.make_config(players, seed + 10, options_for(name, seed))
        state = game.new_state(config)
        rng = random.Random(seed)
        moves: list[int] = []
        branch_at = {5 + 9 * seed, 30 + 7 * seed}
        viewer = seed % players
        while not state.is_terminal and len(moves) < 80:
            if len(moves) in branch_at:
                twin = game.search.perturb_hidden(state, viewer, 1000 + len(moves))
                assert twin is not None
                compared += same_samples(game, config, moves, state, twin, viewer, rng.getrandbits(32))
            legal = state.legal_actions()
            moves.append(rng.randrange(len(legal)))
            state.apply(legal[moves[-1]])
    assert compared >= 4


def same_samples(
    game: Game, config: Any, moves: list[int], state: Any, twin: Any, viewer: int, seed: int
) -> int:
    """Replays `moves` to `state`, feeding the viewer's belief at its requests; then gives one
    copy of the belief what the viewer would be sent from `state`, another what it would be sent
    from the perturbed `twin`: the same bytes, and the same samples from the same seeds."""
    start = game.new_state(config)
    seats = beliefs_for(game, config)
    for index in moves:
        if start.to_move == viewer:
            seats[viewer].receive(game, start)
        step(game, start, seats, start.legal_actions()[index])
    assert start.digest() == state.digest()
    drawn = []
    for world in (state, twin):
        seat = copy.deepcopy(seats[viewer])
        sent = seat.receive(game, world)
        samples = [world_bytes(seat.belief.sample(random.Random(seed + k))) for k in range(3)]
        drawn.append((sent, samples))
    assert drawn[0][0] == drawn[1][0], "the perturbed game sent the seat other bytes"
    assert drawn[0][1] == drawn[1][1], "the samples depend on something hidden"
    assert state.digest() != twin.digest() or not moves
    return 1


def world_bytes(world: Any) -> bytes:
    return ENCODE(world.to_dict())
