"""The greedy reference bot for Innovation (bots/innovation_greedy.py): strength against random
in process, whole games through the referee as a subprocess, and no crash on any decision."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from altay_cli.engine import load_game
from altay_cli.policies import make_policy
from bots import innovation_greedy
from protocol import Clock, Hello, Quit, Request, encode_line
from protocol.messages import ClockSettings, GameKindInfo

from .referee_helpers import BOTS, PY, assert_no_leak, marked

GAME = load_game("innovation")


def _static(players: int = 2, edition: str = "3e") -> dict:
    """hello.static as a bot reads it (plain JSON values)."""
    config = GAME.make_config(players, 1, {"edition": edition})
    return json.loads(msgspec.json.encode(GAME.static_info(config)))


def _play(players: int, seed: int, policies: list) -> object:
    state = GAME.new_state(GAME.make_config(players, seed))
    steps = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        index = policies[state.to_move].choose(state, legal)
        assert 0 <= index < len(legal)
        state.apply(legal[index])
        steps += 1
        assert steps < 20_000, "the game does not end"
    return GAME.outcome(state)


def test_in_process_greedy_beats_random_clearly() -> None:
    games, wins = 20, 0
    for g in range(games):
        seat = g % 2
        policies = [make_policy("random", GAME, seed=100 + g), make_policy("random", GAME, seed=200 + g)]
        policies[seat] = make_policy("greedy", GAME, seed=g)
        outcome = _play(2, 4000 + g, policies)
        wins += outcome.winners == [seat]
    # measured: 19-20 of 20 (95 of 100 over seeds 1000-1099)
    assert wins >= 15, f"greedy won only {wins} of {games} games against random"


def test_greedy_games_against_itself_end_at_every_player_count() -> None:
    for players in (2, 3, 4):
        policies = [make_policy("greedy", GAME, seed=k) for k in range(players)]
        outcome = _play(players, 60 + players, policies)
        assert outcome.finished and outcome.winners
    # seed 9075 looped for ever (Databases against A.I.) before the stall breaker
    outcome = _play(2, 9075, [make_policy("greedy", GAME, seed=k) for k in range(2)])
    assert outcome.finished and outcome.turns < 400


def test_match_as_subprocess_through_the_referee() -> None:
    proc = subprocess.run(
        [PY, "-m", "altay_cli", "match", "--game", "innovation", "greedy", "random", "--seed", "3", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    result = json.loads(proc.stdout)
    assert result["game"] == "innovation" and result["completed"], result
    assert result["failures"] == [], result["failures"]
    assert result["names"] == ["greedy", "random"]


def test_match_with_four_players_through_the_referee(tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    args = [
        "match",
        "--game",
        "innovation",
        "greedy",
        "random",
        "greedy 5",
        "random 2",
        "--seed",
        "11",
        "--json",
    ]
    proc = subprocess.run([PY, "-m", "altay_cli", *args], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    result = json.loads(proc.stdout)
    assert result["completed"] and result["failures"] == [], result
    assert_no_leak(marker)


def test_every_decision_of_random_games_gets_an_index_in_range() -> None:
    """Observations and legal lists from random playouts at 2-4 players (a quarter of them with
    the 1st-edition cards), both with hello.static and with the card file the in-process policy
    reads; the scoring itself must not fail either (the bot would hide that behind its fallback
    to index 0)."""
    statics = {edition: _static(2, edition) for edition in ("3e", "1e")}
    kinds: set[str] = set()
    cards: set[str] = set()
    for game in range(36):
        players = 2 + game % 3
        edition = "1e" if game % 4 == 3 else "3e"
        static = statics[edition]
        state = GAME.new_state(GAME.make_config(players, 7000 + game, {"edition": edition}))
        rng = random.Random(game)
        while not state.is_terminal:
            legal = state.legal_actions()
            seat = state.to_move
            observation = json.loads(msgspec.json.encode(state.observation(seat)))
            actions = [GAME.action_to_builtins(a) for a in legal]
            if observation["decision"]:
                kinds.add(observation["decision"]["kind"])
                cards.add(observation["decision"]["card"])
            scores = innovation_greedy.score_all(observation, actions, static, strict=True)
            assert len(scores) == len(actions)
            picks = []
            for data in (static, None):  # 3rd edition: the same card data either way, the same choice
                picks.append(innovation_greedy.choose(observation, actions, random.Random(len(kinds)), data))
            index = picks[0]
            assert all(isinstance(i, int) and 0 <= i < len(actions) for i in picks)
            assert picks[0] == picks[1] or edition == "1e"  # the card file has 3rd-edition texts
            # half greedy, half random: the games reach the late ages and the odd decisions
            state.apply(legal[index] if rng.random() < 0.5 else legal[rng.randrange(len(legal))])
    assert {"card", "color", "yes", "player", "blind", "option", "colors", "value"} <= kinds, kinds
    assert len(cards) > 60, f"only {len(cards)} cards asked a decision"


@pytest.mark.parametrize(
    "observation, actions",
    [
        ({}, [{"type": "draw"}, {"type": "meld", "card": "Nothing"}]),
        ({"seat": 0, "players": []}, [{"type": "pass"}, {"type": "yes"}]),
        ({"seat": 0, "decision": {"kind": "teleport", "seat": 0}}, [{"type": "teleport"}, {"type": "pass"}]),
        ({"seat": 5, "players": [{"seat": 0}], "decision": {"kind": "card"}}, [{"type": "card"}, {}]),
        ("not a dict", [{"type": "draw"}, {"type": "draw"}]),
        ({"seat": 0}, []),
    ],
)
def test_nonsense_gets_index_zero_or_a_valid_index(observation, actions) -> None:
    index = innovation_greedy.choose(observation, actions, random.Random(1))
    assert index == 0 or 0 <= index < len(actions)


def test_an_unknown_decision_kind_gets_index_zero() -> None:
    state = GAME.new_state(GAME.make_config(2, 5))
    observation = json.loads(msgspec.json.encode(state.observation(0)))
    observation["decision"] = {"seat": 0, "kind": "dance", "purpose": "?", "optional": False}
    actions = [{"type": "dance", "step": i} for i in range(3)]
    assert innovation_greedy.choose(observation, actions, random.Random(0)) == 0


def test_card_data_without_static_comes_from_the_card_file() -> None:
    db = innovation_greedy.card_db(None)
    assert len(db.cards) == 105
    assert db.cards["Oars"].demand and db.cards["Oars"].featured == "castle"
    from_static = innovation_greedy.card_db(_static())
    assert from_static.cards["Oars"].icons == db.cards["Oars"].icons


def test_it_achieves_whenever_it_can_and_takes_a_winning_one() -> None:
    state = GAME.new_state(GAME.make_config(2, 9))
    observation = json.loads(msgspec.json.encode(state.observation(0)))
    me = observation["players"][0]
    me["score"] = 12
    me["board"][0]["cards"] = ["Mathematics"]
    actions = [{"type": "draw"}, {"type": "achieve", "age": 1}, {"type": "achieve", "age": 2}]
    assert actions[innovation_greedy.choose(observation, actions, random.Random(0))]["type"] == "achieve"


def _conversation(static: dict | None) -> tuple[bytes, list[int]]:
    """hello for Innovation, real requests of a random game (decisions included), quit."""
    players = 3
    config = GAME.make_config(players, 21)
    state = GAME.new_state(config)
    kind = GAME.kind
    hello = Hello(
        protocol_version=1,
        seat=0,
        seats=[0],
        num_players=players,
        name="g",
        game=GAME.public_settings(config),
        clock=ClockSettings(move_ms=1000, bank_ms=0, increment_ms=0, startup_ms=10000),
        max_line_bytes=10_000_000,
        kind=GameKindInfo(
            name=kind.name,
            title=kind.title,
            version=kind.version,
            min_players=kind.min_players,
            max_players=kind.max_players,
            cooperative=kind.cooperative,
            role_name=kind.role_name,
        ),
        static=static,
    )
    lines, counts = [encode_line(hello)], []
    rng = random.Random(3)
    while not state.is_terminal and len(counts) < 150:
        legal = state.legal_actions()
        if state.to_move == 0:
            request = Request(
                id=len(counts) + 1,
                seat=0,
                clock=Clock(1000, 0, 0),
                events=[],
                actions=legal,
                observation=state.observation(0),
            )
            lines.append(encode_line(request))
            counts.append(len(legal))
        state.apply(legal[rng.randrange(len(legal))])
    lines.append(encode_line(Quit()))
    return b"".join(lines), counts


def test_greedy_bot_speaks_innovation_on_its_own_with_the_standard_library_only(tmp_path: Path) -> None:
    """The bot's files copied alone and run with `python -S -E -s` (no site-packages, so no project):
    everything it needs comes from hello.static."""
    for name in ("greedy_bot.py", "altay_bot.py", "greedy.py", "innovation_greedy.py"):
        shutil.copy(BOTS / name, tmp_path / name)
    data, counts = _conversation(_static(3))
    proc = subprocess.run(
        [sys.executable, "-S", "-E", "-s", str(tmp_path / "greedy_bot.py"), "4"],
        input=data,
        capture_output=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    replies = [json.loads(line) for line in proc.stdout.splitlines()]
    assert replies[0]["type"] == "ready" and replies[0]["name"] == "greedy"
    answers = replies[1:]
    assert len(answers) == len(counts)
    # the same choices as the in-process function given the same static data and seed
    requests = [json.loads(line) for line in data.splitlines() if b'"type":"request"' in line]
    assert len(requests) == len(counts) and any(r["observation"]["decision"] for r in requests)
    rng, static = random.Random("4/0"), _static(3)
    for i, (answer, n, request) in enumerate(zip(answers, counts, requests)):
        assert answer["type"] == "action" and answer["id"] == i + 1 and 0 <= answer["index"] < n
        assert answer["index"] == innovation_greedy.choose(
            request["observation"], request["actions"], rng, static
        )


def test_greedy_bot_refuses_a_game_it_does_not_know() -> None:
    hello = {"type": "hello", "protocol_version": 1, "seat": 0, "kind": {"name": "chess"}}
    proc = subprocess.run(
        [PY, str(BOTS / "greedy_bot.py")],
        input=json.dumps(hello) + "\n",
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert "altay, innovation only, not chess" in proc.stderr
