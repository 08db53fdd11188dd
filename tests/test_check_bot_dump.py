"""`altay check-bot --dump DIR` keeps, for every game, a request asked in the middle of an effect
(`gameN-request-mid-effect.json`): an Altay defence, an Innovation card's choice during a dogma,
a Mammothodus step of a move (or re-roll, hit, assistance). The random bot, run as a bot author
runs it; a few seconds a game."""

from __future__ import annotations

import json

import pytest

from altay_cli.engine import load_game
from altay_cli.referee.compliance import MID_EFFECT
from tests.play_helpers import run_altay

#: a Mammothodus turn's own choices (the action, the humans' direction, the end-of-turn discard):
#: not asked in the middle of an effect
TURN_CHOICES = {"action", "direct", "discard"}


def mid_effect_in_words(game: str, request: dict) -> bool:
    """Whether the request is asked in the middle of an effect, read from the JSON alone."""
    obs = request["observation"]
    if game == "altay":
        return obs["phase"] == "defend" and obs["combat"] is not None
    decision = obs.get("decision")
    if decision is None:
        return False
    if game == "innovation":  # a card's effect asks: its card and effect are named
        return decision["card"] is not None and decision["effect"] is not None
    return decision["purpose"] not in TURN_CHOICES


@pytest.mark.parametrize(("game", "players"), [("altay", "2"), ("innovation", "3"), ("mammothodus", "2")])
def test_the_dump_keeps_a_request_asked_in_the_middle_of_an_effect(game: str, players: str, tmp_path) -> None:
    folder = tmp_path / "fixtures"
    done = run_altay(
        [
            "check-bot",
            "random",
            "--game",
            game,
            "--players",
            players,
            "--seed",
            "5",
            "--dump",
            str(folder),
            "--json",
        ],
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)
    found = sorted(folder.glob(f"game*-{MID_EFFECT}.json"))
    assert found, sorted(p.name for p in folder.iterdir())
    summary = next(c for c in report["checks"] if c["name"] == "summary")["detail"]
    assert found[0].name in summary, summary
    for path in found:
        request = json.loads(path.read_bytes())
        assert request["type"] == "request" and request["actions"], path.name
        assert mid_effect_in_words(game, request), (path.name, request["observation"])
        seat = request["seat"]
        assert request["observation"]["to_move"] == seat
    if game == "innovation":
        decision = json.loads(found[0].read_bytes())["observation"]["decision"]
        assert decision["seat"] == json.loads(found[0].read_bytes())["seat"] and decision["purpose"]


def test_every_game_says_which_decisions_are_asked_mid_effect() -> None:
    """`Game.checkbot.mid_effect` on random games: Altay's defences, any decision an Innovation card asks,
    Mammothodus's decisions inside a figurine's action; never a turn's own choice."""
    import random

    for name in ("altay", "innovation", "mammothodus"):
        game = load_game(name)
        seen = {True: 0, False: 0}
        for seed in range(6):
            state = game.new_state(game.make_config(2, seed))
            rng = random.Random(seed)
            while not state.is_terminal and sum(seen.values()) < 4000:
                mid = game.checkbot.mid_effect(state)
                seen[mid] += 1
                obs = state.observation(state.to_move)
                if name == "innovation":
                    assert mid == (obs.decision is not None)
                elif name == "altay":
                    assert mid == (obs.phase == "defend")
                elif mid:
                    assert obs.decision is not None and obs.decision.purpose not in TURN_CHOICES
                legal = state.legal_actions()
                pressing = game.checkbot.pressure(state, (state.to_move + 1) % state.config.players)
                state.apply(legal[rng.choice(pressing) if pressing else rng.randrange(len(legal))])
        assert seen[True] > 0 and seen[False] > 10, (name, seen)  # Altay: a defence is rare
