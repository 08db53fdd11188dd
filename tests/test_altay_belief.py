"""Altay's belief sampler (`Game.search.new_belief`): a seat imagines the world from what it was sent.

Each belief is fed exactly what the referee sends its seat: the `hello` settings, then at each
of its requests the observation and the events since its previous request, as JSON bytes
turned into builtins (what a subprocess bot reads) or decoded into the typed records.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import msgspec
import pytest

from altay_cli.engine import load_game
from altay_cli.engine.altay import AnyAction, GameState, check_invariants
from altay_cli.engine.altay.belief import ZONE_NAMES, AltayBelief
from altay_cli.engine.altay.data import KIND_INDEX, KIND_TITLE, TITLES
from altay_cli.engine.altay.observation import Observation, Settings
from altay_cli.engine.api import Belief, Game
from protocol import Event

GAME = load_game("altay")
ENCODE = msgspec.json.encode
EVENTS = msgspec.json.Decoder(list[Event[AnyAction]])  # type: ignore[valid-type]
OBSERVATION = msgspec.json.Decoder(Observation)
SETTINGS = msgspec.json.Decoder(Settings)


@dataclass
class Message:
    """One request as the seat received it: the observation and the events, as JSON bytes."""

    observation: bytes
    events: bytes

    def builtins(self) -> tuple[Any, Any]:
        return json.loads(self.observation), json.loads(self.events)

    def typed(self) -> tuple[Any, Any]:
        return OBSERVATION.decode(self.observation), EVENTS.decode(self.events)


@dataclass
class Seat:
    """What the referee has sent one seat so far, and its belief fed with it."""

    seat: int
    settings: bytes
    static: bytes
    belief: AltayBelief
    history: list[Message] = field(default_factory=list)
    pending: list[Event] = field(default_factory=list)
    keep: bool = False  # keep a copy of the belief as it was before the last message
    before: AltayBelief | None = None

    def receive(self, state: GameState) -> Message:
        message = Message(ENCODE(state.observation(self.seat)), ENCODE(self.pending))
        self.pending = []
        self.history.append(message)
        if self.keep:
            self.before = copy.deepcopy(self.belief)
        self.belief.update(*message.builtins())
        return message


def new_belief_for(settings: bytes, static: bytes, seat: int) -> AltayBelief:
    return GAME.search.new_belief(json.loads(settings), json.loads(static), seat)  # type: ignore[return-value]


def new_belief(seat: Seat, typed: bool = False) -> AltayBelief:
    settings = SETTINGS.decode(seat.settings) if typed else json.loads(seat.settings)
    return GAME.search.new_belief(settings, json.loads(seat.static), seat.seat)  # type: ignore[return-value]


def policy(state: GameState, rng: random.Random, greedy: float) -> int:
    """Mostly the greedy heuristic (real-looking games), sometimes anything (every rule)."""
    if rng.random() < greedy:
        return GAME.search.playout_action(state, rng)
    return rng.randrange(len(state.legal_actions()))


def play(
    players: int,
    seed: int,
    visit: Callable[[GameState, Seat, Message], None],
    every: int = 3,
    keep: bool = False,
) -> list[Seat]:
    """A game to its end with a belief per seat; `visit` sees every `every`-th request."""
    setup = "choose" if seed % 2 else "recommended"
    config = GAME.make_config(players, seed, {"setup": setup, "trading": seed % 3 == 0})
    state: GameState = GAME.new_state(config)  # type: ignore[assignment]
    settings = ENCODE(GAME.public_settings(config))
    static = ENCODE(GAME.static_info(config))
    seats = [
        Seat(s, settings, static, new_belief_for(settings, static, s), keep=keep) for s in range(players)
    ]
    rng = random.Random(seed)
    greedy = 0.5 + 0.1 * (seed % 5)
    requests = 0
    while not state.is_terminal:
        seat = seats[state.to_move]  # type: ignore[index]
        message = seat.receive(state)
        requests += 1
        if requests % every == 0:
            visit(state, seat, message)
        action = state.legal_actions()[policy(state, rng, greedy)]
        state.apply(action)
        for viewer in seats:
            seen = GAME.event_for(state, seat.seat, action, viewer.seat)
            if seen is not None:
                viewer.pending.append(Event(seat=seat.seat, action=seen))
    return seats


def games(per_count: int = 5) -> Iterator[tuple[int, int]]:
    for players in (2, 3, 4):
        for i in range(per_count):
            yield players, 100 * players + i


def hidden_zones(state: GameState, seat: int) -> list[list[int]]:
    p = state.players[seat]
    return [p.hand, p.deck, p.discard, p.archive, p.trashed]


def titles(kinds: list[int]) -> Counter[str]:
    return Counter(TITLES[KIND_TITLE[k]].name for k in kinds)


# ---------------------------------------------------------------------------- the seam
def test_altay_has_a_sampler_and_a_game_without_one_says_so() -> None:
    assert GAME.search.has_sampler
    belief = GAME.search.new_belief(
        {"players": 2, "factions": None, "setup": "choose", "trading": False, "max_rounds": 60}, None, 1
    )
    assert isinstance(belief, Belief)
    from tests.conftest import TOY_GAME  # every bundled game has a sampler; the toy game none

    toy: Game = load_game(TOY_GAME)
    assert not toy.search.has_sampler
    with pytest.raises(NotImplementedError):
        toy.search.new_belief({}, None, 0)


def test_a_belief_needs_an_observation_before_it_samples() -> None:
    belief = GAME.search.new_belief(
        {"players": 3, "factions": None, "setup": "choose", "trading": False, "max_rounds": 60}, None, 0
    )
    with pytest.raises(ValueError, match="update"):
        belief.sample(random.Random(0))


# ---------------------------------------------------------------------------- consistency
def test_a_sample_shows_the_seat_exactly_what_it_saw() -> None:
    """The sample's observation for the seat is the true one, byte for byte; its legal actions
    are the true ones; it breaks no invariant (every card, token and settlement accounted)."""
    checked = 0

    def visit(state: GameState, seat: Seat, message: Message) -> None:
        nonlocal checked
        for k in range(2):
            world = seat.belief.sample(random.Random(k))
            assert ENCODE(world.observation(seat.seat)) == message.observation
            assert world.legal_actions() == state.legal_actions()
            assert world.to_move == state.to_move
            assert check_invariants(world) == []
            checked += 1

    for players, seed in games():
        seats = play(players, seed, visit)
        assert all(s.belief.problems == 0 for s in seats), "the bookkeeping disagreed with an observation"
    assert checked > 1500


def test_the_true_world_is_one_the_belief_could_draw() -> None:
    """Every hidden zone of every other seat has the size the belief gives it, holds the titles
    it knows to be there, and the zones together hold exactly the cards it says that seat has;
    the achievement decks hold what it says; the wonders nobody has seen are where it says."""
    known = 0

    def visit(state: GameState, seat: Seat, message: Message) -> None:
        nonlocal known
        belief = seat.belief
        for other in range(state.n):
            if other == seat.seat:
                continue
            support = belief.support(other)
            zones = hidden_zones(state, other)
            cards = Counter(k for zone in zones for k in zone)
            assert cards == Counter({KIND_INDEX[k]: n for k, n in support["cards"].items()})
            for name, zone in zip(ZONE_NAMES, zones):
                assert len(zone) == support["sizes"][name]
                assert not Counter(support["known"][name]) - titles(zone), (name, support, titles(zone))
                known += sum(support["known"][name].values())
            either = Counter(support["known"]["deck_or_hand"])
            either.update(support["known"]["deck"])
            either.update(support["known"]["hand"])
            assert not either - titles(zones[0] + zones[1])
            known += sum(support["known"]["deck_or_hand"].values())
        pools = belief.achievement_pools()
        assert Counter(state.ach_deck[1]) == pools[1]
        assert Counter(state.ach_deck[2]) == pools[2]
        unseen = Counter(state.ach_deck[3])
        unseen.update(
            p.secret for o, p in enumerate(state.players) if o != seat.seat and not p.secret_revealed
        )
        assert unseen == pools[3]

    for players, seed in games():
        play(players, seed, visit)
    assert known > 5000, "the belief hardly ever knew where a card was: the test would prove little"


def test_sampling_uses_nothing_the_seat_may_not_know() -> None:
    """Rearranging what the seat may not see (`perturb_hidden`) and playing on identically
    changes no message it receives, so its belief and its samples stay identical."""
    compared = 0

    def visit(state: GameState, seat: Seat, message: Message) -> None:
        nonlocal compared
        twin: GameState = GAME.search.perturb_hidden(state, seat.seat, seed=len(seat.history))  # type: ignore[assignment]
        assert twin.digest() != state.digest()
        twin_message = Message(ENCODE(twin.observation(seat.seat)), message.events)
        assert twin_message == message
        assert seat.before is not None
        mirror = copy.deepcopy(seat.before)
        mirror.update(*twin_message.builtins())
        view = copy.deepcopy(seat.belief)
        for k in range(2):
            assert view.sample(random.Random(k)).digest() == mirror.sample(random.Random(k)).digest()
        compared += 1
        # play on identically while the same actions are legal in both worlds
        true_state, other = state.clone(), twin.clone()
        pending: list[Event] = []
        rng = random.Random(compared)
        for step in range(12):
            mover = true_state.to_move
            if mover is None:
                break
            if mover == seat.seat and step:
                mine = Message(ENCODE(true_state.observation(mover)), ENCODE(pending))
                theirs = Message(ENCODE(other.observation(mover)), ENCODE(pending))
                if mine != theirs:
                    break  # a card drawn since: no longer the same messages
                view.update(*mine.builtins())
                mirror.update(*theirs.builtins())
                assert view.sample(random.Random(9)).digest() == mirror.sample(random.Random(9)).digest()
                compared += 1
                pending = []
            action = true_state.legal_actions()[policy(true_state, rng, 0.8)]
            if action not in other.legal_actions():
                break
            true_state.apply(action)
            other.apply(action)
            seen = GAME.event_for(true_state, mover, action, seat.seat)
            assert ENCODE(seen) == ENCODE(GAME.event_for(other, mover, action, seat.seat))
            if seen is not None:
                pending.append(Event(seat=mover, action=seen))

    for players, seed in games(2):
        play(players, seed, visit, every=5, keep=True)
    assert compared > 300


def test_typed_records_and_builtins_give_the_same_belief() -> None:
    def visit(state: GameState, seat: Seat, message: Message) -> None:
        if len(seat.history) % 4:
            return
        typed = new_belief(seat, typed=True)
        for m in seat.history:
            observation, events = m.typed()
            typed.update(observation, events)
        assert typed.sample(random.Random(5)).digest() == seat.belief.sample(random.Random(5)).digest()

    for players, seed in games(1):
        play(players, seed, visit)


# ---------------------------------------------------------------------------- what it draws
def test_samples_vary_where_something_is_hidden() -> None:
    varied = 0

    def visit(state: GameState, seat: Seat, message: Message) -> None:
        nonlocal varied
        a, b = (seat.belief.sample(random.Random(k)) for k in (1, 2))
        others = [o for o in range(state.n) if o != seat.seat]
        zones_a = [hidden_zones(a, o) for o in others]
        zones_b = [hidden_zones(b, o) for o in others]
        possible = any(len(seat.belief.support(o)["cards"]) > 1 for o in others)
        if possible:
            assert zones_a != zones_b or a.ach_deck != b.ach_deck
            varied += zones_a != zones_b
        assert a.rng.state != b.rng.state

    for players, seed in games(2):
        play(players, seed, visit)
    assert varied > 100


def test_every_sample_puts_the_known_cards_where_they_are_known() -> None:
    """What the seat saw (a card played lies in the discard until a reshuffle...) holds in
    every world it draws: the zones' sizes, the titles known in each, the cards in all."""
    known = 0

    def visit(state: GameState, seat: Seat, message: Message) -> None:
        nonlocal known
        world = seat.belief.sample(random.Random(len(seat.history)))
        for other in range(state.n):
            if other == seat.seat:
                continue
            support = seat.belief.support(other)
            zones = hidden_zones(world, other)
            assert Counter(k for zone in zones for k in zone) == Counter(
                {KIND_INDEX[k]: n for k, n in support["cards"].items()}
            )
            for name, zone in zip(ZONE_NAMES, zones):
                assert len(zone) == support["sizes"][name]
                assert not Counter(support["known"][name]) - titles(zone)
                known += sum(support["known"][name].values())
            either = Counter(support["known"]["deck_or_hand"])
            either.update(support["known"]["deck"])
            either.update(support["known"]["hand"])
            assert not either - titles(zones[0] + zones[1])

    for players, seed in games(2):
        play(players, seed, visit)
    assert known > 1000


def test_sampled_worlds_play_to_the_end() -> None:
    finished = 0

    def visit(state: GameState, seat: Seat, message: Message) -> None:
        nonlocal finished
        if len(seat.history) % 10:
            return
        world = seat.belief.sample(random.Random(finished))
        rng = random.Random(finished)
        steps = 0
        while not world.is_terminal:
            world.apply(world.legal_actions()[policy(world, rng, 0.9)])
            steps += 1
            if steps % 25 == 0:
                assert check_invariants(world) == []
        assert GAME.outcome(world).finished
        finished += 1

    for players, seed in games(1):
        play(players, seed, visit, every=1)
    assert finished > 30
