"""`play`'s in-session commands get the care of its command line: `load` of another game's log,
of a corrupt file, a FIFO, a directory, a device or a symlink loop, and `save` into a FIFO, a
directory or a full device, are each one sentence, and the game in progress goes on unchanged
(it was lost to a traceback when `load` named an Innovation log). Driven through a pipe (one JSON
answer per command) and at a terminal (pexpect), as a person would; a few seconds each."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from altay_cli.gamelog import Decision, read_log
from altay_cli.replay import replay_log
from tests.play_helpers import GOLDEN, REPO, altay_argv, json_lines, run_altay

GAME = ["--seed", "7", "--recommended", "--max-rounds", "2", "--seat", "1=policy:greedy"]


def hostile_files(tmp: Path) -> dict[str, Path]:
    files = {
        "innovation": GOLDEN / "innovation_2p_greedy.jsonl",
        "mammothodus": GOLDEN / "mammothodus_1p_greedy.jsonl",
        "three_players": GOLDEN / "3p_trading_recommended.jsonl",
        "fifo": tmp / "pipe",
        "dir": tmp / "folder",
        "loop": tmp / "loop-a",
        "missing": tmp / "no-such.jsonl",
        "corrupt": tmp / "corrupt.jsonl",
        "deep": tmp / "deep.jsonl",
        "binary": tmp / "noise.bin",
        "cut": tmp / "cut.jsonl",
    }
    os.mkfifo(files["fifo"])
    files["dir"].mkdir()
    os.symlink(tmp / "loop-b", files["loop"])
    os.symlink(files["loop"], tmp / "loop-b")
    files["corrupt"].write_text('{"type": "header", "format": "altay-log"\n')
    files["deep"].write_text("[" * 100_000 + "\n")
    files["binary"].write_bytes(bytes(range(256)) * 4)
    # a real Altay log with its decisions edited: it must not replay, so it cannot be continued
    lines = (GOLDEN / "2p_greedy_choose.jsonl").read_text().splitlines()
    files["cut"].write_text("\n".join(lines[:3] + lines[5:]) + "\n")
    return files


def decisions(path: Path) -> list[tuple[int, dict, str]]:
    return [(d.seat, d.action, d.digest) for d in read_log(path) if isinstance(d, Decision)]


def test_bad_loads_and_saves_in_a_piped_session_leave_the_game_as_it_was(tmp_path: Path) -> None:
    files = hostile_files(tmp_path)
    before, after = tmp_path / "before.jsonl", tmp_path / "after.jsonl"
    bad = [f"load {files[name]}" for name in files]
    bad += [f"save {files['fifo']}", f"save {files['dir']}", f"save {files['loop']}"]
    bad += ["save /dev/full"] if Path("/dev/full").exists() else []
    commands = ["play Hunter", f"save {before}", *bad, f"save {after}", "play Digger 0", "quit"]
    res = run_altay(["play", *GAME, "--json"], "\n".join(commands) + "\n", timeout=120)
    assert res.returncode == 0, res.stderr
    assert "Traceback" not in res.stdout + res.stderr
    first, played, saved, *answers = json_lines(res.stdout)
    assert first["type"] == "decide" and played["type"] == "decide" and saved["type"] == "saved"
    errors, (saved_after, moved, bye) = answers[: len(bad)], answers[len(bad) :]
    for command, answer in zip(bad, errors, strict=True):
        assert answer["type"] == "error", (command, answer)
        text = answer["error"]
        assert "\n" not in text and len(text) < 400, (command, text)
    by_kind = dict(zip(files, errors, strict=False))
    assert (
        "Innovation" in by_kind["innovation"]["error"]
        and "altay play --load" in by_kind["innovation"]["error"]
    )
    assert "Mammothodus" in by_kind["mammothodus"]["error"]
    assert "3-player game" in by_kind["three_players"]["error"]
    assert "FIFO" in by_kind["fifo"]["error"] and "directory" in by_kind["dir"]["error"]
    # the game went on as it was: the same decisions saved after the failures, then one more move
    assert saved_after["type"] == "saved" and saved_after["decisions"] == saved["decisions"] == 1
    assert decisions(after) == decisions(before)
    assert replay_log(after).ok
    assert moved["type"] == "decide" and moved["events"][0]["action"]["card"] == "Digger"
    assert bye["type"] == "bye" and bye["decisions"] >= 2
    assert files["fifo"].is_fifo() and files["dir"].is_dir()


pexpect = pytest.importorskip("pexpect")


def test_a_person_at_a_terminal_loads_the_wrong_log_and_plays_on(tmp_path: Path) -> None:
    files = hostile_files(tmp_path)
    argv = altay_argv()
    child = pexpect.spawn(
        argv[0], [*argv[1:], "play", *GAME], cwd=str(REPO), encoding="utf-8", timeout=30, dimensions=(50, 120)
    )
    try:
        child.expect_exact("P0> ")
        for name, said in [
            ("innovation", "is a game of Innovation and this one is Altay"),
            ("fifo", "is a FIFO (named pipe), not a regular file"),
            ("dir", "is a directory, not a regular file"),
            ("corrupt", "cannot continue"),
            ("loop", "Too many levels of symbolic links"),
        ]:
            child.sendline(f"load {files[name]}")
            child.expect_exact(said)
            child.expect_exact("P0> ")
        child.sendline("play Hunter")
        child.expect_exact("P0 (you): play Hunter: produce F")
        child.expect_exact("P0> ")
        child.sendline("quit")
        child.expect_exact("Left the game (quit)")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in (child.before or "")
