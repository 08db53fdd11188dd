"""What a Mammothodus player knows, as the observation's documented fields: every hand of every
clan it leads (`team_hands`, through `Game.player_observation`, which the referee uses for a
program of several seats), and nothing of a clan it does not lead; what each figurine carries; the
figurine in motion, the attack's dice and the rest of what is in progress, as named fields that
agree with the engine's own frames.

A real subprocess bot (the tee bot around the random bot) leads 2 of 4 clans in a whole match and
its every request is checked against the engine re-simulated from the log. About 15 s."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec

from altay_cli.engine import load_game
from altay_cli.engine.mammothodus.hidden import perturb_hidden_for
from altay_cli.engine.mammothodus.observation import Observation
from altay_cli.engine.mammothodus.observe import carried_type
from altay_cli.engine.mammothodus.state import COLORS, OFF
from altay_cli.referee import BotCommand, MatchOptions, run_match
from altay_cli.referee.match import seat_groups
from altay_cli.referee.sandbox import SandboxPolicy
from tests.referee_helpers import BOTS, PY

GAME = load_game("mammothodus")
OFF_SANDBOX = SandboxPolicy(mode="off")  # the tee bot writes its transcript to a file of the test's


def _walk(players: int, seed: int, options: dict[str, Any] | None = None, steps: int = 400) -> Iterator[Any]:
    """Every state of a seeded random game (at most `steps` decisions)."""
    state = GAME.new_state(GAME.make_config(players, seed, options))
    rng = random.Random(seed)
    for _ in range(steps):
        yield state
        if state.is_terminal:
            return
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def _requests(path: Path) -> list[dict[str, Any]]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        direction, _, text = line.partition(" ")
        message = json.loads(text)
        if direction == ">" and message["type"] == "request":
            out.append(message)
    return out


def test_a_program_leading_two_of_four_clans_sees_both_hands_and_no_other(tmp_path: Path) -> None:
    talk, log = tmp_path / "talk.txt", tmp_path / "game.jsonl"
    team = BotCommand("team", f"{PY} {BOTS / 'tee_bot.py'} {talk} {PY} {BOTS / 'random_bot.py'} 5")
    bots = [team, BotCommand("r1", "random 1"), team, BotCommand("r3", "random 3")]
    config = GAME.make_config(4, 2024, {"max_turns": 40})
    result = run_match(
        bots, config, MatchOptions(move_ms=5000, sandbox=OFF_SANDBOX), log_path=log, players=seat_groups(bots)
    )
    assert result.completed and not result.failures
    requests = _requests(talk)
    decisions = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    decisions = [d for d in decisions if d["type"] == "decision"]
    assert len(requests) == sum(1 for d in decisions if d["seat"] in (0, 2)) > 20
    state = GAME.new_state(config)
    asked = iter(requests)
    team_seen = 0
    for d in decisions:
        if d["seat"] in (0, 2):
            obs = next(asked)["observation"]
            seat, other = d["seat"], 2 - d["seat"]
            assert obs["seat"] == seat
            for clan in obs["clans"]:  # its own hand where it always was, no other clan's
                assert clan["hand"] == (sorted(state.clans[seat].hand) if clan["seat"] == seat else None)
            assert obs["team_hands"] == [{"clan": other, "hand": sorted(state.clans[other].hand)}]
            team_seen += bool(state.clans[other].hand)
            assert obs == json.loads(msgspec.json.encode(GAME.player_observation(state, seat, (0, 2))))
        state.apply(GAME.action_from_builtins(d["action"]))
    assert team_seen > 20


def test_one_seat_sees_exactly_its_observation_and_the_spectator_no_team() -> None:
    for players in (1, 2, 3, 4):
        for k, state in enumerate(_walk(players, 900 + players, steps=250)):
            if k % 5:
                continue
            for seat in range(players):
                alone = GAME.player_observation(state, seat, (seat,))
                assert msgspec.json.encode(alone) == msgspec.json.encode(state.observation(seat))
                assert alone.team_hands is None
            assert GAME.spectator_observation(state).team_hands is None


def test_perturbing_a_clan_not_led_changes_nothing_the_player_sees() -> None:
    """A player of clans 0 and 1 of 3 or 4: every hidden thing of the others, rearranged."""
    changed = compared = 0
    for players, seed in ((3, 41), (4, 42), (4, 43)):
        led = (0, 1)
        for k, state in enumerate(_walk(players, seed, {"talents": seed % 2 == 0})):
            if k % 3:
                continue
            twin = perturb_hidden_for(state, led, seed=k)
            changed += any(sorted(a.hand) != sorted(b.hand) for a, b in zip(twin.clans, state.clans))
            for seat in led:
                compared += 1
                seen = msgspec.json.encode(GAME.player_observation(state, seat, led))
                assert msgspec.json.encode(GAME.player_observation(twin, seat, led)) == seen, (
                    players,
                    seed,
                    k,
                )
    assert compared > 100 and changed > 20, "the perturbation never moved a card: the test proves nothing"


def _frame(state: Any, kind: str) -> Any:
    return next((f for f in reversed(state.stack) if getattr(f, "kind", None) == kind), None)


def test_the_named_fields_agree_with_the_engine() -> None:
    """carries, moving, attack, playing, humans, generation, adaptation points and the actions
    taken say what the engine's frames and state hold, wherever a random game goes."""
    seen: set[str] = set()
    for players, seed, options in ((1, 11, {}), (2, 12, {"talents": True}), (4, 13, {"discoveries": True})):
        for state in _walk(players, seed, options, steps=1500):
            seat = state.to_move if state.to_move is not None else 0
            obs: Observation = GAME.player_observation(state, seat, (seat,))
            for t in obs.territories:
                for f in t.ancients:
                    assert f.carries == carried_type(state, f.clan, COLORS.index(f.color))
            move = _frame(state, "ancients_move")
            assert (obs.moving is None) == (move is None)
            if move is not None:
                seen.add("moving")
                k = move.v["fig"]
                assert obs.moving.figurine == COLORS[k] and obs.moving.steps_left == move.v["steps"]
                assert obs.moving.territory == state.clans[move.me].figurines[k] != OFF
                assert obs.moving.carries == carried_type(state, move.me, k)
                here = next(t for t in obs.territories if t.id == obs.moving.territory)
                assert any(a.clan == move.me and a.color == COLORS[k] for a in here.ancients)
            attack = _frame(state, "ancients_attack")
            if attack is not None and "dice" in attack.v:
                seen.add("attack")
                assert obs.attack.dice == list(attack.v["dice"]) and obs.attack.territory == attack.v["at"]
                assert obs.attack.marked == sorted(attack.v["marked"])
            else:
                assert obs.attack is None
            fig = _frame(state, "ancients_figurine")
            if fig is not None and "own" in fig.v:
                seen.add("playing")
                assert obs.playing.cards == list(fig.v["own"]) and obs.playing.points == fig.v["pts"]
                assert obs.playing.figurine == COLORS[fig.v["fig"]] and obs.playing.action == fig.v["action"]
            else:
                assert obs.playing is None
            ancients = _frame(state, "ancients")
            assert obs.actions_taken == (list(ancients.v.get("done", ())) if ancients else [])
            seen.update(("actions",) if obs.actions_taken else ())
            humans = _frame(state, "humans")
            if humans is not None and "color" in humans.v:
                seen.add("humans")
                assert obs.humans.card == humans.v["color"] == state.human_discard[-1]
                if state.pending is not None and state.pending.purpose == "direct":
                    seen.add("directing")
                    assert obs.humans.directing is not None
                    assert obs.humans.directing.who == state.pending.options[0].who
            gen = _frame(state, "generation")
            assert (obs.generation is None) == (gen is None)
            seen.update(("generation",) if gen else ())
            develop = _frame(state, "ancients_develop")
            assert obs.adaptation_points == (None if develop is None else develop.v["points"])
            seen.update(("adapt",) if develop else ())
            if obs.decision is not None and obs.decision.seat == seat:
                assert obs.decision.prompt, "the deciding seat is told what is asked"
                assert not re.search(r"[\[\]{}]|\(\d+, ", obs.decision.prompt), obs.decision.prompt
    assert {"moving", "attack", "playing", "humans", "directing", "generation", "adapt", "actions"} <= seen
