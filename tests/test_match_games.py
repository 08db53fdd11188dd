"""Whole games between the reference bots (Python random and greedy, Node.js random) as real
subprocesses, the log they leave, and determinism."""

from __future__ import annotations

import shutil

import msgspec
import pytest

from altay_cli.engine import load_game
from altay_cli.engine.altay import GameConfig, action_from_builtins, new_game
from altay_cli.gamelog import Decision, Header, Result, read_log
from altay_cli.referee import BotSpec, MatchOptions, run_match

from .referee_helpers import assert_no_leak, marked

needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")

LINEUPS = [
    ["random", "greedy"],
    ["greedy", "node-random", "random"],
    ["node-random", "greedy", "random", "greedy"],
    ["greedy", "greedy", "greedy", "greedy"],
]


@needs_node
@pytest.mark.parametrize("lineup", LINEUPS, ids=lambda v: "-".join(v))
def test_reference_bots_play_whole_games(lineup: list[str], tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    log = tmp_path / "game.jsonl"
    config = GameConfig(players=len(lineup), seed=len(lineup) * 11)
    result = run_match([BotSpec(b, b) for b in lineup], config, log_path=log)
    assert result.completed and not result.failures and result.forfeits == []
    assert result.end_reason in ("settlements_exhausted", "no_settlements_on_board", "round_limit")
    assert len(set(result.roles)) == len(lineup) and all(result.roles)
    assert len(result.ranks) == len(lineup) and min(result.ranks) == 1
    assert result.decisions > 20 and all(t >= 0 for t in result.think_ms)
    assert_no_leak(marker)

    # The log replays to the same digests and result.
    lines = read_log(log)
    header, *decisions, final = lines
    assert isinstance(header, Header) and header.protocol_version == 1 and header.source == "match"
    assert [s.name for s in header.seats] == lineup
    assert isinstance(final, Result) and final.finished and final.ranks == result.ranks
    assert header.config["seed"] is None and final.seed == config.seed  # sealed until the result
    assert header.game == "altay" and header.engine_version == load_game().kind.version
    state = new_game(header.game_config(load_game(), final.seed))
    assert state.digest() == header.initial_digest
    moves = [d for d in decisions if isinstance(d, Decision)]
    assert len(moves) == result.decisions
    for d in moves:
        assert d.seat == state.to_move and d.status == "ok"
        assert action_from_builtins(d.action) == state.legal_actions()[d.index]
        state.apply(action_from_builtins(d.action))
        assert state.digest() == d.digest
        assert d.time_ms is not None and d.overhead_us is not None
    assert state.is_terminal and state.digest() == final.final_digest


def test_preset_factions_and_recommended_setup(tmp_path, monkeypatch) -> None:
    marked(monkeypatch, tmp_path)
    config = GameConfig(players=3, seed=5, factions=("Smallfolk", "Earthfolk", "Firefolk"), max_rounds=5)
    result = run_match([BotSpec(b, b) for b in ("random", "greedy", "random")], config)
    assert result.roles == ["Smallfolk", "Earthfolk", "Firefolk"]
    rec = run_match([BotSpec("a", "greedy"), BotSpec("b", "greedy")], GameConfig(seed=5, setup="recommended"))
    assert rec.completed and rec.roles == ["Earthfolk", "Elvenfolk"]


def _timeless(path) -> list[dict]:
    """The log without its timing fields (time_ms, cpu_ms, overhead_us, created) and what is random in
    every log (its id, the seed's nonce and commitment, and so the chain hashes)."""
    out = []
    for line in read_log(path):
        d = msgspec.to_builtins(line)
        for key in (
            "time_ms",
            "cpu_ms",
            "overhead_us",
            "created",
            "log_id",
            "seed_nonce",
            "seed_commitment",
            "prev",
        ):
            d.pop(key, None)
        out.append(d)
    return out


@needs_node
def test_same_seed_and_answers_give_the_same_log(tmp_path, monkeypatch) -> None:
    marked(monkeypatch, tmp_path)
    bots = [BotSpec("r", "random 3"), BotSpec("g", "greedy 1"), BotSpec("n", "node-random 9")]
    config = GameConfig(players=3, seed=42)
    run_match(bots, config, log_path=tmp_path / "a.jsonl")
    run_match(bots, config, log_path=tmp_path / "b.jsonl")
    a, b = _timeless(tmp_path / "a.jsonl"), _timeless(tmp_path / "b.jsonl")
    assert a == b and len(a) > 50
    run_match(bots, GameConfig(players=3, seed=43), log_path=tmp_path / "c.jsonl")
    assert _timeless(tmp_path / "c.jsonl") != a


def test_on_decision_sees_every_applied_action(tmp_path, monkeypatch) -> None:
    marked(monkeypatch, tmp_path)
    seen: list[tuple[int, int]] = []

    def on_decision(state, record) -> None:
        seen.append((record.n, record.seat))
        assert record.digest == state.digest()

    result = run_match(
        [BotSpec("a", "random"), BotSpec("b", "random")],
        GameConfig(seed=2, max_rounds=3),
        on_decision=on_decision,
    )
    assert [n for n, _ in seen] == list(range(result.decisions))


def test_bad_arguments_are_refused_before_starting_anything() -> None:
    with pytest.raises(ValueError, match="one bot per seat"):
        run_match([BotSpec("a", "random")], GameConfig(players=2))
    with pytest.raises(ValueError, match="on_failure"):
        run_match(
            [BotSpec("a", "random"), BotSpec("b", "random")], GameConfig(), MatchOptions(on_failure="pray")
        )
