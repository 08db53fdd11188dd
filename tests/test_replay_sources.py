"""Logs written by the referee (`match`, and the arena, which runs the same `run_match`) and by
`altay play` replay, including failures, default actions, forfeits and captured stderr."""

from __future__ import annotations

import sys
from pathlib import Path

import orjson
import pytest

from altay_cli.engine import load_game
from altay_cli.engine.altay import GameConfig
from altay_cli.gamelog import SeatInfo
from altay_cli.interactive.session import LoadError, Session
from altay_cli.policies import make_policy
from altay_cli.replay import INVALID, UNREADABLE, replay_log

BOT = """\
import json, sys
n = 0
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "ready", "name": "scripted"}), flush=True)
    elif msg["type"] == "request":
        n += 1
        if n == CRASH_AT:
            print("giving up", file=sys.stderr, flush=True)
            sys.exit(3)
        index = 999 if n % BAD_EVERY == 0 else len(msg["actions"]) - 1
        print(json.dumps({"type": "action", "id": msg["id"], "index": index}), flush=True)
    elif msg["type"] == "quit":
        break
"""


def scripted_bot(tmp_path: Path, crash_at: int = 0, bad_every: int = 10**9) -> str:
    path = tmp_path / f"bot_{crash_at}_{bad_every}.py"
    path.write_text(BOT.replace("CRASH_AT", str(crash_at)).replace("BAD_EVERY", str(bad_every)))
    return f"{sys.executable} {path}"


def lines_of(path: Path) -> list[dict]:
    return [orjson.loads(line) for line in path.read_bytes().splitlines()]


@pytest.fixture(scope="module")
def referee():
    return pytest.importorskip("altay_cli.referee")


def test_match_log_with_a_forfeit_replays(tmp_path: Path, referee) -> None:
    log = tmp_path / "forfeit.jsonl"
    result = referee.run_match(
        [referee.BotSpec("a", "random"), referee.BotSpec("b", scripted_bot(tmp_path, crash_at=4))],
        GameConfig(players=2, seed=3, max_rounds=10),
        referee.MatchOptions(),
        log_path=log,
    )
    assert result.forfeits == [1]
    verdict = replay_log(log, strict=True)
    assert verdict.ok, verdict.message
    assert not verdict.result.finished and verdict.result.end_reason == "forfeit"
    assert [f.status for f in verdict.failures] == ["crash"]
    assert verdict.stderr and "giving up" in verdict.stderr[0].text
    # the forfeit must be backed by a failure line
    lines = [line for line in lines_of(log) if line["type"] != "failure"]
    log.write_bytes(b"".join(orjson.dumps(line) + b"\n" for line in lines))
    assert replay_log(log).status == INVALID


def test_match_log_with_default_actions_replays(tmp_path: Path, referee) -> None:
    log = tmp_path / "defaults.jsonl"
    result = referee.run_match(
        [referee.BotSpec("a", "random"), referee.BotSpec("b", scripted_bot(tmp_path, bad_every=3))],
        GameConfig(players=2, seed=3, max_rounds=3),
        referee.MatchOptions(on_failure="default"),
        log_path=log,
    )
    assert result.completed and result.failures
    verdict = replay_log(log)
    assert verdict.ok, verdict.message
    assert any(d.status == "default" for d in verdict.decisions)
    assert all(f.status == "illegal_action" for f in verdict.failures)


def greedy_session(players: int, seed: int, steps: int) -> Session:
    config = GameConfig(players=players, seed=seed, setup="recommended", max_rounds=20)
    session = Session(config, [SeatInfo(seat=i, name=f"greedy-{i}", kind="policy") for i in range(players)])
    policies = [make_policy("greedy", load_game(), i) for i in range(players)]
    for _ in range(steps):
        g = session.state
        legal = g.legal_actions()
        session.apply(legal[policies[g.to_move].choose(g, legal)])
    return session


def test_saved_unfinished_game_replays_and_continues(tmp_path: Path) -> None:
    session = greedy_session(3, 5, 120)
    path = session.save(tmp_path / "saved.jsonl")
    verdict = replay_log(path)
    assert verdict.ok, verdict.message
    assert verdict.result is not None and not verdict.result.finished
    assert orjson.loads(path.read_bytes().splitlines()[0])["source"] == "play"
    loaded = Session.load(path)
    assert loaded.state.digest() == session.state.digest()
    assert len(loaded.steps) == 120
    # the provisional result must be the position's: claiming it finished is caught
    lines = lines_of(path)
    lines[-1]["finished"] = True
    path.write_bytes(b"".join(orjson.dumps(line) + b"\n" for line in lines))
    assert replay_log(path).divergence.kind == "result"


def test_load_accepts_a_cut_log_but_not_an_edited_one(tmp_path: Path) -> None:
    session = greedy_session(2, 8, 60)
    path = session.save(tmp_path / "cut.jsonl")
    raw = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(raw[:-1]))  # killed before the result line (which reveals the seed)
    assert replay_log(path).status == UNREADABLE
    with pytest.raises(LoadError, match="--seed"):
        Session.load(path)
    assert Session.load(path, seed=8).state.digest() == session.state.digest()
    lines = lines_of(path)
    lines[20]["digest"] = "0" * 32
    path.write_bytes(b"".join(orjson.dumps(line) + b"\n" for line in lines))
    with pytest.raises(LoadError, match="chain"):
        Session.load(path, seed=8)
