"""Mammothodus's spectator observation: what every clan may know and nothing one clan alone knows
(its hand, any deck's order, face-down shards). Over 30 seeded random games at 1 to 4 clans (with
and without the advanced rules), at every decision: it does not change when what any one seat
may not see is rearranged, and it is exactly that seat's observation without the seat's own
(its hand, the prompt of its decision). `view(state, None, ...)`, which `replay --show` uses for
no seat, shows it. About 20 s."""

from __future__ import annotations

import random
from typing import Any

import msgspec

from altay_cli.engine import load_game
from altay_cli.engine.mammothodus import views
from altay_cli.engine.mammothodus.observation import SPECTATOR

GAME = load_game("mammothodus")
GAMES = 30
MAX_STEPS = 400  # each game is played this far at most (random games rarely last longer)


def _games() -> list[tuple[int, int, dict[str, Any]]]:
    out = []
    for i in range(GAMES):
        options = {"discoveries": i % 3 == 1, "talents": i % 3 == 2}
        out.append((1 + i % 4, 7_000 + i, options))
    return out


def _walk(players: int, seed: int, options: dict[str, Any]) -> Any:
    """Every state of a seeded random game, the initial one included."""
    state = GAME.new_state(GAME.make_config(players, seed, options))
    rng = random.Random(seed)
    yield state
    for _ in range(MAX_STEPS):
        if state.is_terminal:
            return
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        yield state


def _own_removed(obs: Any) -> dict[str, Any]:
    """A seat's observation without what is its own: its hand and its decision's prompt."""
    data = msgspec.to_builtins(obs)
    data["seat"] = SPECTATOR
    for clan in data["clans"]:
        clan["hand"] = None
    if data["decision"] is not None:
        data["decision"].pop("prompt", None)
    return data


def test_the_spectator_sees_nothing_a_seat_alone_knows() -> None:
    steps = perturbed = 0
    for players, seed, options in _games():
        for k, state in enumerate(_walk(players, seed, options)):
            spectator = GAME.spectator_observation(state)
            seen = msgspec.json.encode(spectator)
            assert spectator.seat == SPECTATOR
            assert all(c.hand is None for c in spectator.clans), "a hand in the spectator's observation"
            assert spectator.decision is None or spectator.decision.prompt is None
            data = msgspec.to_builtins(spectator)
            for seat in range(players):
                twin = GAME.search.perturb_hidden(state, seat, seed=seed * 1000 + k * 7 + seat)
                perturbed += twin.digest() != state.digest()
                assert msgspec.json.encode(GAME.spectator_observation(twin)) == seen, (
                    f"{players} clans, seed {seed}, step {k}: the spectator sees what seat {seat} may not"
                )
                assert _own_removed(state.observation(seat)) == data, (
                    f"{players} clans, seed {seed}, step {k}: the spectator and seat {seat} disagree"
                )
            steps += 1
    assert steps > 3000 and perturbed > steps, "too few states, or the perturbation changed nothing"


def test_replay_show_for_no_seat_is_the_spectator_view() -> None:
    for players, seed, options in _games()[:8]:
        for k, state in enumerate(_walk(players, seed, options)):
            if k % 9:
                continue
            for name in GAME.text.views():
                shown = GAME.text.view(state, None, name)
                assert shown == views.view(GAME.spectator_observation(state), name, state.tables)
                for seat in range(players):
                    twin = GAME.search.perturb_hidden(state, seat, seed=k + seat)
                    assert GAME.text.view(twin, None, name) == shown
            full = "\n".join(GAME.text.view(state, None, "full"))
            assert "(you)" not in full
            for c in state.clans:
                assert f"hand {len(c.hand)} cards" in full
