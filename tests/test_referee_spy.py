"""Hidden information: a spy bot records every line it receives over many games; no private
card of another seat may ever reach it, and every request is exactly observation(seat), the
legal list and the public events, as the referee-side truth recomputes them."""

from __future__ import annotations

import json

import msgspec
import pytest

from altay_cli.engine.altay import (
    GameConfig,
    action_from_builtins,
    action_to_builtins,
    new_game,
    public_action,
)
from altay_cli.engine.altay.data import ACHIEVEMENTS
from altay_cli.engine.altay.observation import PrivateZones, PublicPlayer
from altay_cli.gamelog import Decision, Result, Stderr, read_log
from altay_cli.referee import BotSpec, MatchOptions, run_match

from .referee_helpers import BOTS, PY, assert_no_leak, bad_bot, marked

PUBLIC_PLAYER_KEYS = set(PublicPlayer.__struct_encode_fields__)
PRIVATE_KEYS = set(PrivateZones.__struct_encode_fields__) - {"secret_wonder"}  # hand, deck, ...

# 24 games: 2, 3 and 4 players, the spy in every seat, both setups, with and without trading.
GAMES = [(players, seed) for players in (2, 3, 4) for seed in range(8)]


def _walk_keys(obj: object, path: str = "$"):
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield path, key
            yield from _walk_keys(value, f"{path}.{key}")
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            yield from _walk_keys(value, f"{path}[{i}]")


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_spy_sees_only_its_observation(players: int, seed: int, tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    spy_seat = seed % players
    log = tmp_path / "game.jsonl"
    bots = [BotSpec(f"r{s}", f"{PY} {BOTS / 'random_bot.py'} {seed}") for s in range(players)]
    bots[spy_seat] = BotSpec("spy", bad_bot("spy.py", "-", seed))  # records what it receives on stderr
    config = GameConfig(
        players=players,
        seed=seed,
        max_rounds=12,
        trading=seed % 2 == 1,
        setup="recommended" if seed % 4 == 3 else "choose",
    )
    options = MatchOptions(move_ms=5000, stderr_cap_bytes=64 << 20)
    result = run_match(bots, config, options, log_path=log)
    assert result.completed, result.failures
    assert_no_leak(marker)

    lines = read_log(log)
    (record,) = [line.text for line in lines if isinstance(line, Stderr) and line.seat == spy_seat]
    received = [json.loads(line) for line in record.splitlines()]
    raw = record.splitlines()
    hello, *requests, game_over, quit_ = received
    assert hello["type"] == "hello" and hello["seat"] == spy_seat
    assert "seed" not in json.dumps(hello)  # the seed would reveal every hidden card
    assert game_over["type"] == "game_over" and quit_["type"] == "quit"
    assert all(r["type"] == "request" for r in requests)
    assert [r["id"] for r in requests] == list(range(1, len(requests) + 1))

    # Replay the game from the log; at each of the spy's decisions compare with the truth.
    state = new_game(config)
    events: list[dict] = []
    k = 0
    for line in lines:
        if not isinstance(line, Decision):
            continue
        if line.seat == spy_seat:
            request, text = requests[k], raw[k + 1]
            assert request["observation"] == msgspec.to_builtins(state.observation(spy_seat))
            assert request["actions"] == [action_to_builtins(a) for a in state.legal_actions()]
            assert request["events"] == events
            events = []
            # Structure: only the spy's own zones; other players appear as counts.
            for path, key in _walk_keys(request["observation"]):
                if key in PRIVATE_KEYS:
                    assert path == "$.you", f"private zone {key!r} at {path}"
            for player in request["observation"]["players"]:
                assert set(player) == PUBLIC_PLAYER_KEYS
            # Truth: another seat's unrevealed secret wonder is named nowhere in the message.
            for other, p in enumerate(state.players):
                if other != spy_seat and not p.secret_revealed:
                    assert ACHIEVEMENTS[p.secret].name not in text
            k += 1
        action = action_from_builtins(line.action)
        state.apply(action)
        if line.seat != spy_seat:
            events.append({"seat": line.seat, "action": public_action(action)})
    assert k == len(requests)
    final = lines[-1]
    assert isinstance(final, Result)
    assert game_over["result"]["scores"] == final.scores and game_over["result"]["ranks"] == final.ranks
