"""Bots kept across games (`ready`'s `many_games`, referee/kept.py): real bot processes
(tests/bad_bots/keeper.py, the built-in random bot) through `run_match` with a KeptBots pool and
through whole arenas. Each test plays a few short games (seconds).

What they show: a process that opts in plays the next games (the header says since which game
and after how many) and replay accepts those logs; one that does not, or that failed, or that
breaks at its next hello, is replaced by a fresh process; a game whose log was not hidden when
the process started never gets it; a kept bot sees neither the arena's logs (this game's, the
next one's) nor anything of another game in what the referee sends (byte for byte what a fresh
process gets); its scratch space is its process's; an arena's results are the same with and
without reuse; stopping an arena (SIGTERM, Ctrl-C) leaves no process.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from altay_cli.engine import load_game
from altay_cli.referee import BotCommand, KeptBots, MatchOptions, run_match
from altay_cli.referee.sandbox import SandboxPolicy, isolation_for, runtime
from altay_cli.replay import replay_log
from tests.referee_helpers import BAD_BOTS, PY, assert_no_leak, bad_bot, marked, processes_with

ALTAY = load_game("altay")
SANDBOXED = isolation_for(SandboxPolicy()).sandboxed
needs_sandbox = pytest.mark.skipif(not SANDBOXED, reason="needs the bot sandbox (bwrap)")


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def seats_of(path: Path) -> list[dict[str, Any]]:
    return lines(path)[0]["seats"]


def stderr_of(path: Path, seat: int) -> str:
    return "".join(rec["text"] for rec in lines(path) if rec["type"] == "stderr" and rec["seat"] == seat)


def proc_of(path: Path, seat: int) -> str:
    """The keeper's `proc=T game=G` line of this game (its process and how many hellos it had)."""
    return next(line for line in stderr_of(path, seat).splitlines() if line.startswith("proc="))


def play(
    tmp_path: Path, commands: list[str], games: int, pool: KeptBots, hide_folder: bool = True
) -> list[Path]:
    """`games` short Altay games in a row with one pool; the logs, in order."""
    options = MatchOptions(move_ms=5000)
    if hide_folder:  # as an arena does: every log lies in a folder hidden from every bot
        options = replace(options, sandbox=options.sandbox.with_hidden(tmp_path))
    logs = []
    for i in range(games):
        log = tmp_path / f"{i}.jsonl"
        bots = [BotCommand(f"p{s}", c) for s, c in enumerate(commands)]
        config = ALTAY.make_config(len(bots), 100 + i, {"max_rounds": 3})
        run_match(bots, config, options, log_path=log, game=ALTAY, kept=pool)
        logs.append(log)
    return logs


def test_a_bot_that_opts_in_keeps_its_process_and_the_log_says_since_when(tmp_path, monkeypatch):
    marker = marked(monkeypatch, tmp_path)
    with KeptBots() as pool:
        logs = play(tmp_path, [bad_bot("keeper.py", "plain"), "random"], 3, pool)
        assert len(pool) == 2  # both processes wait for a next game
    assert_no_leak(marker)  # closing the pool stopped them
    first = proc_of(logs[0], 0).split()[0]
    assert [proc_of(log, 0) for log in logs] == [f"{first} game={g}" for g in (1, 2, 3)]
    assert "process_since" not in seats_of(logs[0])[0]
    for n, log in enumerate(logs[1:], start=1):
        for seat in seats_of(log):
            assert (seat["process_since"], seat["process_games"]) == (1, n)
        assert replay_log(log).status == "valid"
        # Each game's stderr is its own: the keeper's line of this game only.
        assert stderr_of(log, 0).count("proc=") == 1


def test_a_bot_that_does_not_opt_in_starts_afresh_every_game(tmp_path):
    with KeptBots() as pool:
        logs = play(tmp_path, [bad_bot("keeper.py", "once"), bad_bot("keeper.py", "once")], 2, pool)
        assert len(pool) == 0
    assert proc_of(logs[0], 0) != proc_of(logs[1], 0)
    assert proc_of(logs[1], 0).endswith("game=1")
    assert all("process_since" not in s for log in logs for s in seats_of(log))


def test_a_bot_that_failed_is_not_kept(tmp_path):
    with KeptBots() as pool:
        logs = play(tmp_path, [bad_bot("keeper.py", "fail1"), "random"], 2, pool)
    failures = [r for r in lines(logs[0]) if r["type"] == "failure"]
    assert [f["status"] for f in failures] == ["illegal_action"]
    assert proc_of(logs[1], 0).endswith("game=1")  # a new process
    assert "process_since" not in seats_of(logs[1])[0]
    assert seats_of(logs[1])[1]["process_since"] == 1  # the random bot, which played cleanly, was kept


def test_a_kept_bot_that_breaks_at_its_next_hello_loses_that_game_and_is_replaced(tmp_path, monkeypatch):
    marker = marked(monkeypatch, tmp_path)
    with KeptBots() as pool:
        logs = play(tmp_path, [bad_bot("keeper.py", "break2"), "random"], 3, pool)
    assert_no_leak(marker)
    second = lines(logs[1])
    assert second[0]["seats"][0]["process_since"] == 1
    assert [(r["status"], r["seat"]) for r in second if r["type"] == "failure"] == [("handshake_failed", 0)]
    assert second[-1]["end_reason"] == "forfeit"
    assert proc_of(logs[2], 0).endswith("game=1") and "process_since" not in seats_of(logs[2])[0]


@pytest.mark.skipif(
    not (SANDBOXED and runtime().cgroups is not None and runtime().cgroups.enforces("pids")),
    reason="needs a cgroup that limits processes",
)
def test_a_bot_that_met_a_limit_is_not_kept(tmp_path):
    """It reached its process limit in game 1 (threads it could not start) and played on: kept,
    a later death would be blamed on that limit, so game 2 starts a new process."""
    options = MatchOptions(move_ms=5000, sandbox=SandboxPolicy(processes=8).with_hidden(tmp_path))
    logs = []
    with KeptBots() as pool:
        for i in range(2):
            logs.append(tmp_path / f"{i}.jsonl")
            bots = [BotCommand("k", bad_bot("keeper.py", "threads")), BotCommand("r", "random")]
            config = ALTAY.make_config(2, 100 + i, {"max_rounds": 3})
            run_match(bots, config, options, log_path=logs[-1], game=ALTAY, kept=pool)
    said = stderr_of(logs[0], 0)
    assert "threads=" in said and "threads=40" not in said, said  # the limit was met
    assert not [r for r in lines(logs[0]) if r["type"] == "failure"]  # and the game went on
    assert "process_since" not in seats_of(logs[1])[0] and proc_of(logs[1], 0).endswith("game=1")
    assert seats_of(logs[1])[1]["process_since"] == 1


def test_a_game_whose_log_was_not_hidden_at_launch_gets_a_fresh_process(tmp_path):
    """Masks are set when a process starts: game 2's log, in no folder hidden from game 1's
    process, would be visible to it, so it is not reused."""
    with KeptBots() as pool:
        logs = play(tmp_path, ["random", "random"], 2, pool, hide_folder=False)
        assert len(pool) == 4  # the two of game 1 and the two of game 2, none fit the other's game
    assert all("process_since" not in s for s in seats_of(logs[1]))


def arena(out: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [PY, "-c", "from altay_cli.cli import main; main()", "arena", *args, "--out", str(out), "-q"],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


ARENA = ["--players", "2", "--games", "2", "--max-rounds", "3", "--move-ms", "5000", "--seed", "7", "-j", "1"]


def arena_logs(out: Path) -> list[Path]:
    return sorted((out / "logs").glob("*.jsonl"))


def test_a_kept_bot_gets_byte_for_byte_what_a_fresh_one_gets_and_results_are_equal(tmp_path):
    """The keeper echoes every hello and request to stderr: game by game the same lines with a
    kept process as with fresh ones (nothing of another game reaches it through the referee:
    its seeds are the schedule's, independent), and the same results."""
    bots = [f"k={bad_bot('keeper.py', 'echo')}", "r=random"]
    runs = {}
    for name, extra in (("kept", []), ("fresh", ["--fresh-bots"])):
        r = arena(tmp_path / name, *bots, *ARENA, *extra)
        assert r.returncode == 0, r.stderr
        runs[name] = arena_logs(tmp_path / name)
    assert len(runs["kept"]) == len(runs["fresh"]) == 4
    reused = [s for log in runs["kept"] for s in seats_of(log) if "process_since" in s]
    assert len(reused) == 6  # both bots in games 1, 2 and 3
    assert not [s for log in runs["fresh"] for s in seats_of(log) if "process_since" in s]
    for kept, fresh in zip(runs["kept"], runs["fresh"]):
        k, f = lines(kept), lines(fresh)
        seat = next(s["seat"] for s in k[0]["seats"] if s["name"] == "k")
        echoed = [x for x in stderr_of(kept, seat).splitlines() if not x.startswith("proc=")]
        assert echoed == [x for x in stderr_of(fresh, seat).splitlines() if not x.startswith("proc=")]
        assert echoed[0].startswith("hello ") and len(echoed) >= 5
        assert [d["digest"] for d in k if d["type"] == "decision"] == [
            d["digest"] for d in f if d["type"] == "decision"
        ]
        assert k[-1]["ranks"] == f[-1]["ranks"] and k[-1]["final_digest"] == f[-1]["final_digest"]


@needs_sandbox
def test_a_kept_bot_reads_no_log_of_the_arena_next_to_it(tmp_path):
    """The arena's folder lies inside the bot's own folder (which the sandbox shows it): at every
    hello, in a process kept since the first game, it finds nothing to read there, neither the
    earlier games' logs nor the one being written."""
    home = tmp_path / "botdir"
    home.mkdir()
    shutil.copy(BAD_BOTS / "keeper.py", home / "keeper.py")
    out = home / "arena"
    env = {**os.environ, "KEEPER_SNOOP": str(out), "ALTAY_BOT_ENV": "KEEPER_SNOOP"}
    r = subprocess.run(
        [PY, "-c", "from altay_cli.cli import main; main()", "arena", f"k={PY} {home / 'keeper.py'} snoop",
         "r=random", *ARENA, "--out", str(out), "-q"],
        capture_output=True, text=True, timeout=120, env=env,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    logs = arena_logs(out)
    assert len(logs) == 4 and (out / "arena.sqlite").exists()
    for log in logs:
        seat = next(s for s in seats_of(log) if s["name"] == "k")
        said = stderr_of(log, seat["seat"])
        assert "snooped [] in a folder that exists: True; beside me: [" in said, said
        assert "keeper.py" in said  # it does read its own folder, where the arena's folder is
    assert "process_since" in next(s for s in seats_of(logs[-1]) if s["name"] == "k")


@needs_sandbox
def test_scratch_space_belongs_to_the_process(tmp_path):
    """/tmp is kept with a kept process (as its memory is: PROTOCOL.md says so) and is new with a
    new process: the mark written in game 1 is there in game 2 only when the process is the same."""
    for name in ("kept", "fresh"):
        (tmp_path / name).mkdir()
    with KeptBots() as pool:
        kept = play(tmp_path / "kept", [bad_bot("keeper.py", "scratch"), "random"], 2, pool)
        fresh = play(tmp_path / "fresh", [bad_bot("keeper.py", "scratch,once"), "random"], 2, pool)
    assert "mark=False" in stderr_of(kept[0], 0) and "mark=True" in stderr_of(kept[1], 0)
    assert "mark=False" in stderr_of(fresh[0], 0) and "mark=False" in stderr_of(fresh[1], 0)


@pytest.mark.parametrize(
    ("sig", "sandbox"), [(signal.SIGTERM, "auto"), (signal.SIGINT, "auto"), (signal.SIGTERM, "off")]
)
def test_stopping_an_arena_with_kept_bots_leaves_no_process(tmp_path, sig, sandbox):
    """Ctrl-C (SIGINT to the whole group) or SIGTERM to the arena: no bot is left, kept or
    playing; without a sandbox (no bwrap to die with its worker) the worker's pool stops them."""
    marker = f"keepmark{os.getpid()}{sig.value}{sandbox}"
    out = tmp_path / "stopped"
    bots = [f"{name}={bad_bot('keeper.py', 'linger', marker)}" for name in "ab"]
    args = ["--players", "2", "--games", "40", "--max-rounds", "3", "--move-ms", "5000", "-j", "2"]
    proc = subprocess.Popen(
        [PY, "-c", "from altay_cli.cli import main; main()", "arena", *bots, *args, "--sandbox", sandbox,
         "--out", str(out), "-q"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not (out / "logs").exists() or len(arena_logs(out)) < 6:
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the arena is too slow"
            time.sleep(0.05)
        assert any("process_since" in s for log in arena_logs(out)[:4] for s in seats_of(log))
        if sig == signal.SIGINT:
            os.killpg(proc.pid, sig)  # what a terminal sends on Ctrl-C
        else:
            proc.send_signal(sig)
        proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    deadline = time.monotonic() + 3
    while left := _processes_with(marker):
        assert time.monotonic() < deadline, f"bot processes left running: {left}"
        time.sleep(0.05)


def test_closing_the_pool_stops_every_kept_process_even_without_a_sandbox(tmp_path, monkeypatch):
    """Between games the pool holds the processes (no seat does): closing it (a worker's exit,
    SIGTERM or Ctrl-C) stops them, here without a sandbox, with bots that would outlive the
    end of their input."""
    marker = marked(monkeypatch, tmp_path)
    options = MatchOptions(move_ms=5000, sandbox=SandboxPolicy(mode="off"))
    bots = [BotCommand("a", bad_bot("keeper.py", "linger")), BotCommand("b", bad_bot("keeper.py", "linger"))]
    pool = KeptBots()
    try:
        run_match(bots, ALTAY.make_config(2, 5, {"max_rounds": 2}), options, game=ALTAY, kept=pool)
        assert len(pool) == 2 and len(processes_with(marker)) == 2  # kept, alive, waiting
    finally:
        pool.close()
    assert len(pool) == 0
    assert_no_leak(marker)


def _processes_with(marker: str) -> list[str]:
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            state = Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1][0]
        except OSError:
            continue
        if marker in cmd and state != "Z" and "pytest" not in cmd and "main()" not in cmd:
            found.append(cmd)
    return found


def test_the_built_in_python_bots_opt_in(tmp_path):
    """The built-in Python bots say many_games and play a second game in the same process."""
    with KeptBots() as pool:
        for name, command in (("random", "random"), ("greedy", "greedy"), ("search", "search 0 --ms 5")):
            (tmp_path / name).mkdir()
            logs = play(tmp_path / name, [command, "random"], 2, pool)
            assert seats_of(logs[1])[0].get("process_since") is not None, name
            assert lines(logs[1])[-1]["end_reason"] != "forfeit", name


def test_check_bot_plays_a_second_game_in_the_process_of_a_bot_that_opts_in():
    from altay_cli.referee.compliance import check_bot

    innovation = load_game("innovation")
    checks = {c.name: c for c in check_bot(bad_bot("keeper.py", "plain"), players=2, game=innovation)}
    assert all(c.passed for c in checks.values()), [c for c in checks.values() if not c.passed]
    assert "many_games" in checks["handshake"].detail
    assert checks["many games"].detail.startswith("played game 2 in the process of game 1 (said many_games)")
    assert "seat 1 of 2" in checks["many games"].detail  # another seat than its first game's
    broken = {c.name: c for c in check_bot(bad_bot("keeper.py", "break2"), players=2, game=innovation)}
    assert broken["game"].passed and not broken["many games"].passed
    assert broken["many games"].detail.startswith(
        "it said many_games at `ready`, but in the same process its second `hello` failed (handshake_failed"
    )
    once = {c.name: c for c in check_bot(bad_bot("keeper.py", "once"), players=2, game=innovation)}
    assert "many games" not in once and all(c.passed for c in once.values())


def test_sprt_keeps_bots_between_games_unless_told_not_to(tmp_path):
    """A few seconds: 3 pairs each way, with and without --fresh-bots; the same games."""
    finals = {}
    for name, extra in (("kept", []), ("fresh", ["--fresh-bots"])):
        out = tmp_path / name
        r = subprocess.run(
            [PY, "-c", "from altay_cli.cli import main; main()", "sprt", "new=random 1", "base=random 2",
             "--max-pairs", "3", "--max-rounds", "3", "--seed", "3", "-j", "1", "--out", str(out), "-q",
             *extra],
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert r.returncode in (0, 3, 4), r.stderr  # a verdict, or undecided after 3 pairs
        logs = arena_logs(out)
        assert len(logs) == 6
        reused = [s for log in logs for s in seats_of(log) if "process_since" in s]
        assert len(reused) == (10 if name == "kept" else 0)  # both bots in games 1 to 5
        finals[name] = [lines(log)[-1]["final_digest"] for log in logs]
    assert finals["kept"] == finals["fresh"]


def test_a_pool_keeps_at_most_its_limit_and_stops_the_longest_idle(tmp_path, monkeypatch):
    marker = marked(monkeypatch, tmp_path)
    with KeptBots(max_idle=1) as pool:
        logs = play(tmp_path, [bad_bot("keeper.py", "plain"), "random"], 2, pool)
        assert len(pool) == 1 and processes_with(
            marker
        )  # the random bot; the keeper, first back, was stopped
    assert_no_leak(marker)
    assert "process_since" not in seats_of(logs[1])[0] and seats_of(logs[1])[1]["process_since"] == 1
