"""Forged logs: every rule `altay replay` checks, each tried by a forger.

Two kinds of forger. One edits a log by hand: the hash chain names the first line that no
longer follows the one before it. The other knows the format and recomputes the chain: then
the game itself must give the edit away (the result, the forfeits, the failure lines, the
decision statuses, the seed), and only a signature stops what the game cannot see (a swapped
seat name). Logs come from real matches of real bots, failures included.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from altay_cli.commands.replay import replay as replay_cmd
from altay_cli.engine.altay import GameConfig
from altay_cli.logsign import generate, load_public_key
from altay_cli.referee import BotSpec, MatchOptions, run_match
from altay_cli.replay import INVALID, VALID, replay_log

from .referee_helpers import bad_bot


def lines_of(path: Path) -> list[dict]:
    return [orjson.loads(line) for line in path.read_bytes().splitlines()]


def write(path: Path, lines: list[dict], rechain: bool) -> Path:
    """Write `lines`; with `rechain`, recompute every `prev` as a forger who knows the format would."""
    out: list[bytes] = []
    for i, line in enumerate(lines):
        if rechain and i and "prev" in line:
            line = {**line, "prev": hashlib.sha256(out[-1]).hexdigest()}
        out.append(orjson.dumps(line))
    path.write_bytes(b"".join(raw + b"\n" for raw in out))
    return path


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> dict[str, Path]:
    """Real logs: a finished game, one with default actions after failures, one with a forfeit,
    and a signed one."""
    folder = tmp_path_factory.mktemp("forgery")
    out = {}
    config = GameConfig(players=2, seed=77, max_rounds=6)
    out["finished"] = folder / "finished.jsonl"
    run_match([BotSpec("alice", "greedy"), BotSpec("bob", "random")], config, log_path=out["finished"])
    out["defaults"] = folder / "defaults.jsonl"
    run_match(
        [BotSpec("flaky", bad_bot("illegal_action.py")), BotSpec("bob", "random")],
        config,
        MatchOptions(on_failure="default"),
        log_path=out["defaults"],
    )
    out["forfeit"] = folder / "forfeit.jsonl"
    run_match(
        [BotSpec("crashy", bad_bot("crash.py", 4)), BotSpec("bob", "random")], config, log_path=out["forfeit"]
    )
    key = folder / "organiser.key"
    signer = generate(key)
    out["key"], out["pub"] = key, Path(f"{key}.pub")
    out["signed"] = folder / "signed.jsonl"
    run_match(
        [BotSpec("alice", "greedy"), BotSpec("bob", "random")], config, log_path=out["signed"], signer=signer
    )
    for name in ("finished", "defaults", "forfeit", "signed"):
        assert replay_log(out[name]).status == VALID, name
    return out


def verdict_of(tmp_path: Path, lines: list[dict], rechain: bool = True, **kw):
    return replay_log(write(tmp_path / "forged.jsonl", lines, rechain), **kw)


# ---------------------------------------------------------------------------- the chain
@pytest.mark.parametrize(
    "edit",
    ["time_ms", "info", "failure_detail", "stderr", "seat_names", "delete", "insert", "swap", "header_meta"],
)
def test_any_edit_without_rechaining_breaks_the_chain_where_it_is(logs, tmp_path, edit: str) -> None:
    source = logs["forfeit"] if edit == "stderr" else logs["defaults"]  # crash.py writes to stderr
    lines = lines_of(source)
    decisions = [i for i, line in enumerate(lines) if line["type"] == "decision"]
    failure = next((i for i, line in enumerate(lines) if line["type"] == "failure"), 0)
    stderr = next((i for i, line in enumerate(lines) if line["type"] == "stderr"), None)
    target = decisions[3]
    if edit == "time_ms":
        lines[target]["time_ms"] = 0.001
    elif edit == "info":
        lines[target]["info"] = "I meant to play this"
    elif edit == "failure_detail":
        target = failure
        lines[failure]["detail"] = "nothing happened"
    elif edit == "stderr":
        assert stderr is not None
        target = stderr
        lines[stderr]["text"] = "forged"
    elif edit == "seat_names":
        target = 0
        a, b = lines[0]["seats"][0]["name"], lines[0]["seats"][1]["name"]
        lines[0]["seats"][0]["name"], lines[0]["seats"][1]["name"] = b, a
    elif edit == "header_meta":
        target = 0
        lines[0]["meta"]["options"]["move_ms"] = 99999
    elif edit == "delete":
        del lines[target]
        target -= 1  # the line before the gap no longer precedes its successor
    elif edit == "insert":
        lines.insert(target + 1, dict(lines[target]))
    elif edit == "swap":
        lines[target], lines[target + 1] = lines[target + 1], lines[target]
        target -= 1  # the moved-up line no longer follows the one before it
    verdict = verdict_of(tmp_path, lines, rechain=False)
    assert verdict.status == INVALID and verdict.divergence.kind == "chain", verdict.message
    # The chain breaks on the line after the one that was changed (1-based numbers).
    assert verdict.divergence.line == target + 2, (verdict.divergence.line, target)


def test_an_old_unchained_log_replays_and_says_so() -> None:
    from .play_helpers import GOLDEN

    verdict = replay_log(GOLDEN / "v1" / "3p_trading_recommended.jsonl")
    assert verdict.status == VALID and not verdict.chained
    assert any("unchained" in note for note in verdict.notes)


# ---------------------------------------------------------------------------- the result
def test_a_winner_turned_into_a_forfeiter_is_caught(logs, tmp_path) -> None:
    lines = lines_of(logs["finished"])
    result = lines[-1]
    winner = result["winners"][0]
    loser = 1 - winner
    forged = {**result, "forfeits": [winner], "end_reason": "forfeit", "finished": False}
    forged.update(ranks=[2 if s == winner else 1 for s in range(2)], winners=[loser])
    verdict = verdict_of(tmp_path, [*lines[:-1], forged])
    assert verdict.status == INVALID  # the replayed game is over: it cannot be an unfinished one
    # Also with an invented failure line to back the forfeit.
    failure = {
        "type": "failure",
        "seat": winner,
        "status": "crash",
        "detail": "exit code 1",
        "n": result["decisions"],
        "request_id": 99,
        "consequence": "forfeit",
        "prev": None,
    }
    forged["failures"] = [{k: v for k, v in failure.items() if k not in ("type", "prev")}]
    verdict = verdict_of(tmp_path, [*lines[:-1], failure, forged])
    assert verdict.status == INVALID and verdict.divergence.kind in ("forfeit", "result"), verdict.message


def test_a_forfeit_moved_to_the_other_seat_is_caught(logs, tmp_path) -> None:
    lines = lines_of(logs["forfeit"])
    result = lines[-1]
    (failure_at,) = [i for i, line in enumerate(lines) if line.get("consequence") == "forfeit"]
    victim = lines[failure_at]["seat"]
    other = 1 - victim
    lines[failure_at]["seat"] = other
    result["forfeits"] = [other]
    result["failures"] = [
        {**f, "seat": other} if f["consequence"] == "forfeit" else f for f in result["failures"]
    ]
    result["ranks"] = [2 if s == other else 1 for s in range(2)]
    result["winners"] = [victim]
    verdict = verdict_of(tmp_path, lines)
    assert verdict.status == INVALID and verdict.divergence.kind == "forfeit"
    assert "with seat" in verdict.message and "to move" in verdict.message


def test_a_forfeit_without_its_failure_line_and_a_failure_line_without_its_forfeit(logs, tmp_path) -> None:
    lines = lines_of(logs["forfeit"])
    no_line = [line for line in lines if line.get("consequence") != "forfeit"]
    no_line[-1]["failures"] = [f for f in no_line[-1]["failures"] if f["consequence"] != "forfeit"]
    verdict = verdict_of(tmp_path, no_line)
    assert verdict.status == INVALID and verdict.divergence.kind == "forfeit"
    lines = lines_of(logs["finished"])
    invented = {
        "type": "failure",
        "seat": 0,
        "status": "timeout",
        "detail": "x",
        "n": lines[-1]["decisions"],
        "request_id": 1,
        "consequence": "forfeit",
        "prev": None,
    }
    lines[-1]["failures"] = [{k: v for k, v in invented.items() if k not in ("type", "prev")}]
    verdict = verdict_of(tmp_path, [*lines[:-1], invented, lines[-1]])
    assert verdict.status == INVALID and verdict.divergence.kind == "forfeit"


@pytest.mark.parametrize(
    ("field", "value"),
    [("end_reason", "aborted"), ("end_reason", "forfeit"), ("ranks", [1, 1]), ("winners", [0, 1])],
)
def test_end_reason_ranks_and_winners_are_derived(logs, tmp_path, field: str, value: object) -> None:
    lines = lines_of(logs["finished"])
    lines[-1][field] = value
    verdict = verdict_of(tmp_path, lines)
    assert verdict.status == INVALID and verdict.divergence.kind in ("result", "forfeit")


def test_the_result_must_list_exactly_the_failure_lines(logs, tmp_path) -> None:
    lines = lines_of(logs["defaults"])
    lines[-1]["failures"][0]["detail"] = "a different story"
    verdict = verdict_of(tmp_path, lines)
    assert verdict.status == INVALID and "failures" in verdict.message


# ---------------------------------------------------------------------------- failures and statuses
def test_an_invented_failure_line_is_caught(logs, tmp_path) -> None:
    lines = lines_of(logs["finished"])
    i = [k for k, line in enumerate(lines) if line["type"] == "decision"][10]
    d = lines[i]
    invented = {
        "type": "failure",
        "seat": d["seat"],
        "status": "timeout",
        "detail": "slow",
        "n": d["n"],
        "request_id": d["request_id"],
        "consequence": "default_action",
        "prev": None,
    }
    lines.insert(i, invented)
    lines[-1]["failures"] = [{k: v for k, v in invented.items() if k not in ("type", "prev")}]
    verdict = verdict_of(tmp_path, lines)
    assert verdict.status == INVALID and verdict.divergence.kind == "failures"
    assert "status 'ok'" in verdict.message


def test_a_default_decision_without_its_failure_and_a_failure_out_of_place(logs, tmp_path) -> None:
    lines = lines_of(logs["finished"])
    i = [k for k, line in enumerate(lines) if line["type"] == "decision"][5]
    lines[i]["status"] = "default"
    verdict = verdict_of(tmp_path, lines)
    assert verdict.status == INVALID and verdict.divergence.kind == "failures"
    lines = lines_of(logs["defaults"])
    f = next(k for k, line in enumerate(lines) if line["type"] == "failure")
    moved = lines.pop(f)
    lines.insert(f + 4, moved)  # after the decision it belongs to
    verdict = verdict_of(tmp_path, lines)
    assert verdict.status == INVALID and verdict.divergence.kind == "failures"


def test_a_failure_line_of_a_seat_that_does_not_exist(logs, tmp_path) -> None:
    lines = lines_of(logs["defaults"])
    f = next(k for k, line in enumerate(lines) if line["type"] == "failure")
    lines[f]["seat"] = 7
    verdict = verdict_of(tmp_path, lines)
    assert verdict.status == INVALID and "seat 7" in verdict.message


@pytest.mark.parametrize("seats", [[0, 0], [1, 0], [0]])
def test_the_seat_table_must_be_one_seat_per_player(logs, tmp_path, seats: list[int]) -> None:
    lines = lines_of(logs["finished"])
    lines[0]["seats"] = [{**lines[0]["seats"][0], "seat": s} for s in seats]
    verdict = verdict_of(tmp_path, lines)
    assert verdict.status == INVALID and verdict.divergence.kind == "seat_table"


def test_a_second_stderr_line_for_a_seat(logs, tmp_path) -> None:
    lines = lines_of(logs["forfeit"])
    s = next(k for k, line in enumerate(lines) if line["type"] == "stderr")
    lines.insert(s, dict(lines[s]))
    verdict = verdict_of(tmp_path, lines)
    assert verdict.status == INVALID and "second stderr" in verdict.message


# ---------------------------------------------------------------------------- the seed
def test_the_seed_is_sealed_until_the_result_and_must_match_its_commitment(logs, tmp_path) -> None:
    lines = lines_of(logs["finished"])
    assert lines[0]["config"]["seed"] is None and len(lines[0]["seed_commitment"]) == 64
    assert lines[-1]["seed"] == 77
    lines[-1]["seed"] = 78
    verdict = verdict_of(tmp_path, lines)
    assert verdict.status == INVALID and verdict.divergence.kind == "seed"


# ---------------------------------------------------------------------------- signatures
def test_a_signed_log_verifies_only_with_its_key_and_only_unchanged(logs, tmp_path) -> None:
    key = load_public_key(logs["pub"])
    good = replay_log(logs["signed"], public_key=key)
    assert good.status == VALID and good.signed_by is not None
    other = generate(tmp_path / "other.key")
    assert replay_log(logs["signed"], public_key=other.public_key_hex).status == INVALID
    assert replay_log(logs["finished"], public_key=key).status == INVALID  # not signed at all
    # A forger who swaps the seat names and recomputes the chain: only the signature tells.
    lines = lines_of(logs["signed"])
    a, b = lines[0]["seats"][0]["name"], lines[0]["seats"][1]["name"]
    lines[0]["seats"][0]["name"], lines[0]["seats"][1]["name"] = b, a
    forged = verdict_of(tmp_path, lines)
    assert forged.status == INVALID and forged.divergence.kind == "signature"
    # ... and who drops the signature line instead: fine without a key, refused with one.
    unsigned = verdict_of(tmp_path, lines[:-1])
    assert unsigned.status == VALID and unsigned.signed_by is None
    assert verdict_of(tmp_path, lines[:-1], public_key=key).status == INVALID


def test_the_command_line_for_keys_and_signatures(logs, tmp_path) -> None:
    runner = CliRunner()
    ok = runner.invoke(replay_cmd, [str(logs["signed"]), "--public-key", str(logs["pub"])])
    assert ok.exit_code == 0 and "signed by key" in ok.output
    refused = runner.invoke(replay_cmd, [str(logs["finished"]), "--public-key", str(logs["pub"])])
    assert refused.exit_code == 1 and "not signed" in refused.output
    junk = tmp_path / "junk.pub"
    junk.write_bytes(b"\x00\xff not a key")
    bad = runner.invoke(replay_cmd, [str(logs["signed"]), "--public-key", str(junk)])
    assert bad.exit_code == 2 and "not a PEM public key" in bad.output
