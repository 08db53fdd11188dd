"""Hostile bots against the sandbox: each attack is a real program (tests/bad_bots/attacker.py)
refereed by the real referee; it reports what it managed on stderr, which the log keeps.

These tests need the sandbox (Linux with user namespaces: bubblewrap); limits that need
cgroups are skipped where the machine gives none, and say so.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
from dataclasses import replace
from pathlib import Path

import pytest

from altay_cli.engine.altay import GameConfig
from altay_cli.gamelog import Header, Stderr, read_log
from altay_cli.referee import BotSpec, MatchOptions, run_match
from altay_cli.referee import sandbox as sb
from altay_cli.referee.types import MatchResult

from .referee_helpers import BAD_BOTS, PY, ROOT, assert_no_leak, bad_bot, marked, processes_with

RUNTIME = sb.runtime()
pytestmark = pytest.mark.skipif(not RUNTIME.available, reason=f"no sandbox here: {RUNTIME.reason}")
CGROUPS = RUNTIME.cgroups
needs_cgroup = pytest.mark.skipif(CGROUPS is None, reason="no cgroups the referee may create here")
SECRET_VAR, SECRET = "ALTAY_TEST_SECRET", "hunter2-do-not-leak"


def attack(
    tmp_path: Path,
    *args: object,
    opponent: str = "random",
    policy: sb.SandboxPolicy | None = None,
    command: str | None = None,
    log: Path | None = None,
    seed: int = 5,
    max_rounds: int = 3,
    move_ms: int = 5000,
) -> tuple[MatchResult, list[dict], Path]:
    """One game: the attacker (seat 0) against `opponent`; returns the result, the attacker's
    reports and the log path."""
    log = log or tmp_path / "game.jsonl"
    bots = [BotSpec("attacker", command or bad_bot("attacker.py", *args)), BotSpec("victim", opponent)]
    options = MatchOptions(move_ms=move_ms, sandbox=policy or sb.SandboxPolicy(mode="on"))
    result = run_match(bots, GameConfig(players=2, seed=seed, max_rounds=max_rounds), options, log_path=log)
    return result, reports(log, 0), log


def unreadable(content: str | None) -> bool:
    """What a masked file gives: nothing, or an error."""
    return content == "" or (content or "").startswith("ERROR")


def reports(log: Path, seat: int) -> list[dict]:
    out = []
    for line in read_log(log):
        if isinstance(line, Stderr) and line.seat == seat:
            out += [json.loads(t) for t in line.text.splitlines() if t.startswith('{"attack"')]
    return out


# ---------------------------------------------------------------------------- processes
def test_a_bot_sees_and_stops_only_its_own_processes(tmp_path) -> None:
    result, (report, later), _ = attack(tmp_path, "proc")
    assert result.completed, result.failures  # the opponent played on, unharmed
    assert not [f for f in result.failures if f.seat == 1]
    # Only its own namespace: bwrap's init (pid 1) and itself, nothing of the machine.
    assert report["visible"] == [1, report["pid"]] and report["ppid"] == 1
    assert report["stopped"] == []
    assert later["visible_later"] == [1, report["pid"]]
    everything = json.dumps(report)
    assert "pytest" not in everything and "random_bot" not in everything


def test_a_bot_cannot_read_the_referee_the_log_the_arena_or_the_key(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv(SECRET_VAR, SECRET)
    # Everything sensitive lies inside the bot's own directory, which the bot may read.
    home = tmp_path / "bot"
    shutil.copytree(BAD_BOTS, home)
    log = home / "game.jsonl"
    arena = home / "arena"
    (arena / "logs").mkdir(parents=True)
    (arena / "arena.sqlite").write_text("results")
    key = home / "organiser.key"
    key.write_text("PRIVATE KEY")
    policy = sb.SandboxPolicy(mode="on").with_hidden(arena, key)
    command = f"{PY} {home / 'attacker.py'} referee {log} {arena} {arena / 'arena.sqlite'} {key}"
    result, (report,), _ = attack(tmp_path, command=command, policy=policy, log=log)
    assert result.completed, result.failures
    assert report["altay_processes"] == []
    assert SECRET not in json.dumps(report)  # not in the parent's environment, nor anywhere
    assert "altay" not in (report["parent_environ"] or "")
    paths = report["paths"]
    assert unreadable(paths[str(log)])  # masked
    assert paths[str(arena)] == []  # masked: an empty directory
    assert unreadable(paths[str(arena / "arena.sqlite")])
    assert unreadable(paths[str(key)])
    header = read_log(log)[0]
    assert isinstance(header, Header) and header.meta["isolation"]["sandboxed"] is True


@pytest.mark.parametrize("cgroup", [True, False], ids=["cgroup", "namespace-only"])
@pytest.mark.parametrize("how", ["escape", "respawn"])
def test_every_process_a_bot_started_dies_with_its_seat(
    how: str, cgroup: bool, tmp_path, monkeypatch
) -> None:
    """The PID namespace alone is enough: its first process ends, the kernel kills the rest."""
    if cgroup and CGROUPS is None:
        pytest.skip("no cgroups here")
    marker = marked(monkeypatch, tmp_path)
    saved = sb.runtime()
    if not cgroup:
        sb._set_runtime(replace(saved, cgroups=None))
    try:
        result, _, _ = attack(tmp_path, how)
    finally:
        sb._set_runtime(saved)
    assert result.completed, result.failures
    assert_no_leak(marker)


def test_without_the_sandbox_a_setsid_double_fork_escapes(tmp_path, monkeypatch) -> None:
    """The control for the test above: what the sandbox prevents does happen without it."""
    marker = marked(monkeypatch, tmp_path)
    script = tmp_path / "closer.py"  # the escapee also closes the pipes it inherited
    script.write_text(
        "import os, runpy, sys\n"
        f"sys.argv = [{str(BAD_BOTS / 'attacker.py')!r}, 'escape']\n"
        "pid = os.fork()\n"
        "if pid == 0:\n"
        "    os.setsid()\n"
        "    if os.fork() == 0:\n"
        "        fd = os.open(os.devnull, os.O_RDWR)\n"
        "        for n in (0, 1, 2): os.dup2(fd, n)\n"
        "        import time\n"
        "        while True: time.sleep(0.2)\n"
        "    os._exit(0)\n"
        f"sys.path.insert(0, {str(BAD_BOTS)!r})\n"
        "runpy.run_path(sys.argv[0], run_name='__main__')\n"
    )
    command = f"{PY} {script}"
    saved = sb.runtime()
    sb._set_runtime(replace(saved, cgroups=None))  # a cgroup would catch it even without a sandbox
    try:
        result, _, _ = attack(tmp_path, command=command, policy=sb.SandboxPolicy(mode="off"))
        assert result.completed
        assert processes_with(marker), "expected the escapee to survive without a sandbox"
    finally:
        sb._set_runtime(saved)
        for pid in processes_with(marker):
            os.kill(pid, 9)
    # And inside the sandbox the same program is gone with its seat.
    result, _, _ = attack(tmp_path, command=command, policy=sb.SandboxPolicy(read_only=(str(BAD_BOTS),)))
    assert result.completed
    assert_no_leak(marker)


# ---------------------------------------------------------------------------- secrets
def test_a_seed_brute_forcer_learns_nothing_from_a_secret_seed(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("ALTAY_REPO", str(ROOT))
    policy = sb.SandboxPolicy(mode="on", read_only=(str(ROOT),), env=("ALTAY_REPO",))
    # Control: with a small known seed the public engine finds it, and with it every hidden card.
    _, (*_, control), _ = attack(tmp_path, "seed", 3000, policy=policy, seed=2024, move_ms=60000)
    assert control["found"] == 2024
    # The default: 63 bits from the operating system; the same search finds nothing.
    from altay_cli.commands.options import secret_seed

    secret = secret_seed(None)
    _, (*_, report), _ = attack(tmp_path, "seed", 3000, policy=policy, seed=secret, move_ms=60000)
    assert report["found"] is None and report["tried"] == 3001


def test_the_environment_holds_only_what_a_program_needs(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv(SECRET_VAR, SECRET)
    monkeypatch.setenv("ALTAY_TEST_PASSED", "yes")
    policy = sb.SandboxPolicy(mode="on", env=("ALTAY_TEST_PASSED", "EXTRA=1"))
    _, (report,), _ = attack(tmp_path, "env", policy=policy)
    env = report["environ"]
    assert SECRET_VAR not in env
    assert env["HOME"] == "/tmp" and env["TMPDIR"] == "/tmp"
    assert env["ALTAY_TEST_PASSED"] == "yes" and env["EXTRA"] == "1"
    allowed = {"PATH", "HOME", "TMPDIR", "USER", "LOGNAME", "LANG", "PYTHONUNBUFFERED"}
    allowed |= {"PYTHONDONTWRITEBYTECODE", "ALTAY_TEST_PASSED", "EXTRA", "ALTAY_BOT_ENV"}
    allowed |= {"ALTAY_TEST_MARKER", "LC_CTYPE", "PWD"}  # leak-test marker; locale coercion; bwrap
    assert set(env) <= allowed, set(env) - allowed
    assert report["uid"] == sb.SANDBOX_UID


# ---------------------------------------------------------------------------- files and network
def test_files_read_only_but_a_private_scratch(tmp_path) -> None:
    """The organiser's own files (a shell history in a folder of the test's, which no other test
    or home directory provides) are not there; the bot's own directory is read-only."""
    history = tmp_path / "organiser" / ".bash_history"
    history.parent.mkdir()
    history.write_text("ssh ladder@example.org")
    _, (report,), _ = attack(tmp_path, "files", "/etc/shadow", f"path:{history}", "/etc/hostname")
    assert unreadable(report["read"]["/etc/shadow"])
    assert report["read"][str(history)].startswith("ERROR")
    assert report["write_own_dir"].startswith("ERROR") and "Read-only" in report["write_own_dir"]
    assert report["write_tmp"] == "ok"
    assert not (BAD_BOTS / "planted.txt").exists()


def test_bots_do_not_share_scratch_space(tmp_path) -> None:
    """Each bot plants its own file in /tmp; neither sees the other's."""
    result, (first,), log = attack(tmp_path, "mark", "alpha", opponent=bad_bot("attacker.py", "mark", "beta"))
    (second,) = reports(log, 1)
    assert result.completed, result.failures
    assert first["tmp_files"] == ["alpha.txt"] and second["tmp_files"] == ["beta.txt"]


def test_the_scratch_space_is_bounded(tmp_path) -> None:
    policy = sb.SandboxPolicy(mode="on", scratch_mb=8, file_size_mb=0)
    _, (report,), _ = attack(tmp_path, "scratch", 20, policy=policy)
    assert report["result"].startswith("ERROR") and "space" in report["result"]
    assert report["written_mib"] < 9


def test_no_network_unless_the_organiser_allows_it(tmp_path) -> None:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(4)
    port = server.getsockname()[1]
    try:
        _, (closed,), _ = attack(tmp_path, "net", "127.0.0.1", port)
        assert closed["result"].startswith("ERROR")  # its own loopback: nobody listens there
        policy = sb.SandboxPolicy(mode="on", network=True)
        _, (opened,), _ = attack(tmp_path, "net", "127.0.0.1", port, policy=policy)
        assert opened["result"] == "connected"
    finally:
        server.close()


# ---------------------------------------------------------------------------- limits
def _forfeit_status(result: MatchResult) -> str:
    (failure,) = [f for f in result.failures if f.consequence == "forfeit"]
    assert failure.seat == 0
    return failure.status


@needs_cgroup
def test_a_memory_hog_is_ruled_memory_limit(tmp_path) -> None:
    result, _, log = attack(tmp_path, "memory", policy=sb.SandboxPolicy(mode="on", memory_mb=256))
    assert not result.completed and result.forfeits == [0]
    assert _forfeit_status(result) == "memory_limit"
    assert any(line.status == "memory_limit" for line in read_log(log) if hasattr(line, "status"))


def test_a_memory_hog_under_rlimits_only_is_ruled_memory_limit(tmp_path) -> None:
    """Where no cgroup is available the address-space rlimit stops it, with the same status."""
    saved = sb.runtime()
    sb._set_runtime(replace(saved, cgroups=None))
    try:
        result, _, _ = attack(tmp_path, "memory", policy=sb.SandboxPolicy(mode="on", memory_mb=256))
    finally:
        sb._set_runtime(saved)
    assert result.forfeits == [0] and _forfeit_status(result) == "memory_limit"
    assert "rlimit" in result.isolation["limits"]["memory"]


@needs_cgroup
def test_a_fork_bomb_is_ruled_process_limit(tmp_path, monkeypatch) -> None:
    marker = marked(monkeypatch, tmp_path)
    policy = sb.SandboxPolicy(mode="on", processes=24)
    result, (report,), _ = attack(tmp_path, "forkbomb", policy=policy)
    assert report["children"] < 24
    assert _forfeit_status(result) == "process_limit"
    assert_no_leak(marker)


def test_a_cpu_hog_is_ruled_cpu_limit(tmp_path) -> None:
    policy = sb.SandboxPolicy(mode="on", cpu_time_s=1)
    result, _, _ = attack(tmp_path, "cpu", policy=policy, move_ms=30000)
    assert _forfeit_status(result) == "cpu_limit"


def test_a_huge_file_is_ruled_file_size_limit(tmp_path) -> None:
    policy = sb.SandboxPolicy(mode="on", file_size_mb=2, scratch_mb=32)
    result, _, _ = attack(tmp_path, "bigfile", 8, policy=policy)
    assert _forfeit_status(result) == "file_size_limit"


# The CPU fairness tests (quotas, and the CPU clock beside a spinner) are in test_clock_cpu.py.
