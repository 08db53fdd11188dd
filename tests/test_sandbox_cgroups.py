"""cgroups for bots: the files each version uses, read and written as the kernel lays them out.

The v1 tests run against this machine's real hierarchies when the referee may create groups
here (a bot's limits are then enforced for real, see test_sandbox_attacks.py). cgroup v2 is
exercised on a directory tree laid out like /sys/fs/cgroup (this project's CI machine keeps its
controllers on v1), which checks the file names, formats and the order of writes.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from altay_cli.referee import cgroups as cg
from altay_cli.referee.limits import MEMORY_LIMIT, PROCESS_LIMIT, classify_exit


def _fake_v2(root: Path, own: str = "/user.slice/me") -> Path:
    group = root / own.lstrip("/")
    group.mkdir(parents=True)
    (root / "cgroup.controllers").write_text("cpuset cpu io memory pids\n")
    (group / "cgroup.controllers").write_text("cpu memory pids\n")
    (group / "cgroup.subtree_control").write_text("")
    # What the kernel shows in a new child once the parent enables controllers for it.
    parent = group / f"altay-{os.getpid()}"
    parent.mkdir()
    (parent / "cgroup.controllers").write_text("cpu memory pids\n")
    (parent / "cgroup.subtree_control").write_text("")
    return group


def test_v2_detection_and_limits_use_the_v2_files(tmp_path) -> None:
    group = _fake_v2(tmp_path)
    system = cg.detect(root=tmp_path, proc_cgroup="0::/user.slice/me\n")
    assert system is not None and system.version == 2
    assert system.controllers == {"cpu", "memory", "pids"}
    assert (group / "cgroup.subtree_control").read_text() == "+cpu +memory +pids"
    bot = system.create(cg.CgroupLimits(memory_bytes=256 << 20, max_processes=32, cpus=1.5))
    (d,) = set(bot.dirs.values())
    assert d.parent == group / f"altay-{os.getpid()}"
    assert (d / "memory.max").read_text() == str(256 << 20)
    assert (d / "memory.swap.max").read_text() == "0"
    assert (d / "pids.max").read_text() == "32"
    assert (d / "cpu.max").read_text() == "150000 100000"
    assert bot.procs_files() == [d / "cgroup.procs"]
    # The kernel's counters, as it writes them.
    (d / "memory.events").write_text("low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\noom_group_kill 0\n")
    (d / "pids.events").write_text("max 0\n")
    (d / "cpu.stat").write_text("usage_usec 2500000\nuser_usec 2000000\nsystem_usec 500000\n")
    assert bot.oom_kills() == 1 and bot.memory_limit_hits() == 3 and bot.cpu_seconds() == 2.5
    hit = classify_exit(signal.SIGKILL, bot, 256 << 20, False, "")
    assert hit is not None and hit.status == MEMORY_LIMIT and "256 MiB" in hit.detail
    (d / "memory.events").write_text("max 0\noom_kill 0\n")
    (d / "pids.events").write_text("max 7\n")
    hit = classify_exit(None, bot, 256 << 20, False, "Traceback ... BlockingIOError")
    assert hit is not None and hit.status == PROCESS_LIMIT


def test_v2_without_delegated_controllers_is_not_used(tmp_path) -> None:
    group = tmp_path / "system.slice" / "x.service"
    group.mkdir(parents=True)
    (tmp_path / "cgroup.controllers").write_text("cpu memory pids\n")
    (group / "cgroup.controllers").write_text("\n")  # nothing delegated to us
    assert cg._detect_v2(tmp_path, {"": "/system.slice/x.service"}, "altay-1") is None


def test_the_proc_cgroup_file_is_read_per_controller() -> None:
    text = "12:pids:/a\n4:memory:/b/c\n3:cpu,cpuacct:/d\n0::/e\n"
    assert cg._own_paths(text) == {"pids": "/a", "memory": "/b/c", "cpu": "/d", "cpuacct": "/d", "": "/e"}


SYSTEM = cg.detect()


@pytest.mark.skipif(SYSTEM is None, reason="no cgroups the referee may create here")
def test_a_real_group_holds_a_process_tree_and_is_removed() -> None:
    assert SYSTEM is not None
    bot = SYSTEM.create(cg.CgroupLimits(memory_bytes=128 << 20, max_processes=16, cpus=1.0))
    from altay_cli.referee.limits import RlimitPlan, close_preexec_fds, make_preexec

    preexec = make_preexec(RlimitPlan(), bot)
    script = "import os, time\nfor _ in range(3):\n    os.fork() or time.sleep(60)\ntime.sleep(60)\n"
    proc = subprocess.Popen([sys.executable, "-c", script], preexec_fn=preexec, start_new_session=True)
    close_preexec_fds(preexec)
    try:
        deadline = time.monotonic() + 10
        while len(bot.pids()) < 4 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert proc.pid in bot.pids() and len(bot.pids()) >= 4  # the bot and the children it forked
        bot.remove()
        assert proc.wait(timeout=5) == -signal.SIGKILL
        assert all(not d.exists() for d in bot.dirs.values())
    finally:
        if proc.poll() is None:
            proc.kill()
        SYSTEM.remove_parent()


def test_the_cpu_counter_is_read_again_each_time_from_one_open_file(tmp_path) -> None:
    """Every decision reads a bot's CPU time twice: the file stays open and is read from its
    start each time (v1 cpuacct.usage in ns, v2 cpu.stat usage_usec), and closed with the group."""
    cpu, cpuacct = tmp_path / "cpu", tmp_path / "cpuacct"
    cpu.mkdir()
    cpuacct.mkdir()
    (cpuacct / "cpuacct.usage").write_text("1500000000\n")
    (cpu / "cpu.stat").write_text("nr_periods 10\nnr_throttled 4\nthrottled_time 99\n")
    v1 = cg.BotCgroup(1, {"cpu": cpu, "cpuacct": cpuacct})
    assert v1.cpu_seconds() == 1.5 and v1.throttled_periods() == 4
    (cpuacct / "cpuacct.usage").write_text("2250000000\n")
    assert v1.cpu_seconds() == 2.25
    v1.close_counters()
    assert v1._cpu_fd is None and v1.cpu_seconds() == 2.25
    v1.close_counters()
    assert cg.BotCgroup(1, {"cpu": cpu}).cpu_seconds() is None  # no cpuacct hierarchy: unknown
    (cpu / "cpu.stat").write_text("usage_usec 7000\nuser_usec 5000\nnr_throttled 2\n")
    v2 = cg.BotCgroup(2, {"cpu": cpu, "memory": cpu})
    assert v2.cpu_seconds() == 0.007 and v2.throttled_periods() == 2
    (cpu / "cpu.stat").write_text("usage_usec 9000\n")
    assert v2.cpu_seconds() == 0.009
    v2.close_counters()
    assert cg.CgroupSystem(1, {"cpuacct": cpuacct}, frozenset()).accounts_cpu
    assert not cg.CgroupSystem(1, {"memory": cpu}, frozenset({"memory"})).accounts_cpu
    assert cg.CgroupSystem(2, {"memory": cpu}, frozenset({"memory"})).accounts_cpu
