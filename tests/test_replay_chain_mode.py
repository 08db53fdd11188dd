"""Replay's chain mode (`replay_log(..., simulate=False)`, what a coordinator runs on the cluster
games outside its `--verify-sample`): it accepts every golden log, catches what its own lines
disprove (a broken chain, a result that is not the log's: decisions, final digest, forfeits,
failures), and leaves to the full mode, unchanged, what only the engine can say (a changed
action under a rebuilt chain). Golden logs of each game only (well under a second)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest

from altay_cli.gamelog import line_hash
from altay_cli.replay import INVALID, VALID, replay_log

GOLDEN = Path(__file__).parent / "golden"
LOGS = [
    "2p_greedy_choose.jsonl",
    "innovation_2p_greedy.jsonl",
    "3p_trading_recommended.jsonl",
]


def _edited(src: Path, dst: Path, edit: Callable[[list[dict[str, Any]]], None], rechain: bool = True) -> Path:
    """`src` with `edit` applied to its parsed lines, the chain rebuilt over them (as a worker,
    which signs nothing, can)."""
    lines = [orjson.loads(raw) for raw in src.read_bytes().rstrip(b"\n").split(b"\n")]
    edit(lines)
    out = [orjson.dumps(lines[0])]
    for line in lines[1:]:
        if rechain and "prev" in line:
            line["prev"] = line_hash(out[-1])
        out.append(orjson.dumps(line))
    dst.write_bytes(b"\n".join(out) + b"\n")
    return dst


@pytest.mark.parametrize("name", LOGS)
def test_a_golden_log_is_valid_in_both_modes(name: str) -> None:
    chain = replay_log(GOLDEN / name, simulate=False)
    full = replay_log(GOLDEN / name)
    assert chain.status == full.status == VALID, chain.message
    assert not chain.simulated and full.simulated
    assert len(chain.decisions) == len(full.decisions) and chain.result == full.result
    assert chain.seed == full.seed and "not re-simulated" in chain.message


def _decisions(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [line for line in lines if line["type"] == "decision"]


def _result(lines: list[dict[str, Any]]) -> dict[str, Any]:
    return next(line for line in lines if line["type"] == "result")


def _swap_action(lines: list[dict[str, Any]]) -> None:
    first, *rest = _decisions(lines)
    other = next(d for d in rest if d["seat"] == first["seat"] and d["action"] != first["action"])
    first["action"], first["index"] = other["action"], None


EDITS: dict[str, tuple[Callable[[list[dict[str, Any]]], None], bool, str]] = {
    # edit, chain rebuilt, what the chain mode says
    "an edited line": (
        lambda ls: _decisions(ls)[3].update(seat=1 - _decisions(ls)[3]["seat"]),
        False,
        "chain",
    ),
    "a removed decision": (lambda ls: ls.remove(_decisions(ls)[-1]), True, "decisions"),
    "a final digest": (lambda ls: _result(ls).update(final_digest="0" * 32), True, "final_digest"),
    "an invented forfeit": (lambda ls: _result(ls).update(forfeits=[1]), True, "forfeits"),
    "a listed failure": (
        lambda ls: _result(ls)["failures"].append(
            {"seat": 0, "status": "timeout", "detail": "", "n": 1, "request_id": 1, "consequence": "retry"}
        ),
        True,
        "failures",
    ),
    "a seat out of range": (lambda ls: _decisions(ls)[2].update(seat=7), True, "seat 7"),
    "a decision renumbered": (lambda ls: _decisions(ls)[2].update(n=5), True, "n=5"),
}


@pytest.mark.parametrize("what", EDITS)
def test_the_chain_mode_catches_what_the_log_s_own_lines_disprove(what: str, tmp_path: Path) -> None:
    edit, rechain, said = EDITS[what]
    path = _edited(GOLDEN / LOGS[0], tmp_path / "log.jsonl", edit, rechain)
    for simulate in (False, True):
        verdict = replay_log(path, simulate=simulate)
        assert verdict.status == INVALID, (simulate, verdict.message)
    assert said in replay_log(path, simulate=False).message


def test_a_changed_action_under_a_rebuilt_chain_takes_the_full_mode(tmp_path: Path) -> None:
    path = _edited(GOLDEN / LOGS[0], tmp_path / "log.jsonl", _swap_action)
    assert replay_log(path, simulate=False).status == VALID  # the log's word, outside a sample
    full = replay_log(path)
    assert full.status == INVALID and full.divergence is not None and full.divergence.step == 0


def test_the_command_line_checks_the_chain_only_when_asked(tmp_path: Path) -> None:
    """`altay replay --chain-only`: the same verdicts from the command line, saying it did not
    re-simulate; the options that need the game replayed are refused with a sentence."""
    import subprocess
    import sys

    def replay(*args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "altay_cli", "replay", *args]
        return subprocess.run(command, capture_output=True, text=True, timeout=120)

    swapped = _edited(GOLDEN / LOGS[0], tmp_path / "log.jsonl", _swap_action)
    r = replay(str(swapped), "--chain-only")
    assert (
        r.returncode == 0 and r.stdout.startswith("VALID (chain only): ") and "not re-simulated" in r.stdout
    )
    assert replay(str(swapped)).returncode == 1  # the full replay finds the swapped action
    data = orjson.loads(replay(str(GOLDEN / LOGS[1]), "--chain-only", "--json").stdout)
    assert data["verdict"] == "valid" and data["simulated"] is False and "rounds" not in data
    assert orjson.loads(replay(str(GOLDEN / LOGS[1]), "--json").stdout)["simulated"] is True
    broken = _edited(GOLDEN / LOGS[0], tmp_path / "broken.jsonl", _swap_action, rechain=False)
    r = replay(str(broken), "--chain-only")
    assert r.returncode == 1 and r.stdout.startswith("INVALID: ")
    for extra in ("--strict", "--show", "--board"):
        r = replay(str(swapped), "--chain-only", extra)
        assert (
            r.returncode == 2
            and "--chain-only does not re-simulate" in r.stderr
            and "Traceback" not in r.stderr
        )
