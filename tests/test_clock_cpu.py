"""Clocks on a shared machine: each decision's CPU time read from the bot's cgroup, `--clock
cpu`, and what `--bot-cpus` guarantees.

What can be guaranteed, and is asserted, whatever else the machine runs: a bot's cgroup (the
bot and every child it forks) never uses more CPU than its quota over a measured interval; under
`--clock cpu` a bot is charged its own CPU time, so what a victim is charged per decision does
not grow beside a spinning opponent. What cannot be guaranteed (a bot's share of a core, hence
its wall time, on a busy host) is not asserted. No test here bounds wall time: each compares
figures read from the cgroups in the same run, with margins that hold beside two CPU-bound
processes (verified so). About 15 s in all.
"""

from __future__ import annotations

import itertools
import json
import re
import statistics
import time
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from altay_cli.cli import main
from altay_cli.engine import load_game
from altay_cli.engine.altay import GameConfig
from altay_cli.gamelog import Decision, Header, read_log
from altay_cli.records import ClockKind
from altay_cli.referee import BotSeat, BotSpec, MatchOptions, run_match
from altay_cli.referee import sandbox as sb
from altay_cli.referee.clock import (
    CPU_CHECK_MIN_SLICE_S,
    CPU_CHECK_SLICE_S,
    CPU_CLOCK_WALL_CEILING,
    Clock,
    CpuDeadline,
    Deadline,
)
from arena.params import ArenaParams, BotEntry, differences

from .referee_helpers import bad_bot

RUNTIME = sb.runtime()
CGROUPS = RUNTIME.cgroups
needs_cpu_cgroup = pytest.mark.skipif(
    not RUNTIME.available or CGROUPS is None or not CGROUPS.accounts_cpu,
    reason="no sandbox with cgroups that account CPU here",
)
needs_quota = pytest.mark.skipif(
    not RUNTIME.available or CGROUPS is None or not CGROUPS.enforces("cpu"),
    reason="no sandbox with a cpu cgroup controller here",
)
#: How far above its quota a cgroup's measured CPU share may read: the interval's ends fall
#: inside CFS periods (100 ms), so over 2 s up to one period's quota more can show.
QUOTA_MARGIN = 0.10


@pytest.fixture
def no_cgroups():
    """This machine as one where the referee may create no cgroup."""
    saved = sb.runtime()
    sb._set_runtime(replace(saved, cgroups=None))
    yield
    sb._set_runtime(saved)


def _decisions(log: Path, seat: int) -> list[Decision]:
    return [d for d in read_log(log) if isinstance(d, Decision) and d.seat == seat]


# ---------------------------------------------------------------------------- the quota
@needs_quota
def test_a_spinning_bot_and_its_children_never_use_more_than_their_quota() -> None:
    """Three spinning children and the bot: together at most --bot-cpus 0.5, read from the
    cgroup itself over two seconds; the kernel held them back (throttled periods), so the
    quota, not the machine's load, is what bounded them."""
    cpus = 0.5
    game = load_game("altay")
    options = MatchOptions(sandbox=sb.SandboxPolicy(mode="on", cpus=cpus))
    seat = BotSeat(BotSpec("spinner", bad_bot("spinner.py", 3)), 0, game, game.make_config(2, 1, {}), options)
    try:
        seat.start()
        assert seat.process is not None and seat.process.plan is not None
        group = seat.process.plan.cgroup
        assert group is not None
        time.sleep(0.3)  # the children are spinning
        cpu0, wall0, throttled0 = group.cpu_seconds(), time.monotonic(), group.throttled_periods()
        time.sleep(2.0)
        cpu1, wall1, throttled1 = group.cpu_seconds(), time.monotonic(), group.throttled_periods()
        assert len(group.pids()) >= 4  # the bot and its three children, all in the group
    finally:
        seat.close()
    assert cpu0 is not None and cpu1 is not None
    share = (cpu1 - cpu0) / (wall1 - wall0)
    assert 0 < share <= cpus * (1 + QUOTA_MARGIN), share
    # The quota held them back, unless the machine was so busy that they never reached it.
    assert throttled0 is not None and throttled1 is not None
    assert throttled1 > throttled0 or share < cpus * 0.95, (share, throttled1 - throttled0)


# ---------------------------------------------------------------------------- cpu_ms in the log
@needs_cpu_cgroup
def test_each_decision_records_the_bots_cgroup_cpu_time(tmp_path) -> None:
    """Under the default (wall) clock too: the victim's 20 ms of CPU work per decision shows in
    its decisions' cpu_ms, which counts its whole cgroup, so never less than that work."""
    log = tmp_path / "game.jsonl"
    bots = [BotSpec("random", "random"), BotSpec("victim", bad_bot("clock_victim.py", 20))]
    result = run_match(
        bots, GameConfig(players=2, seed=3, max_rounds=2), MatchOptions(move_ms=5000), log_path=log
    )
    assert result.completed, result.failures
    decisions = [d for d in read_log(log) if isinstance(d, Decision)]
    assert decisions and all(d.cpu_ms is not None and d.cpu_ms >= 0 for d in decisions)
    for d in _decisions(log, 1):
        info = json.loads(d.info or "{}")
        assert info["kind"] == "wall"
        assert d.cpu_ms is not None and d.cpu_ms >= info["cpu_ms"] - 0.5, (d.cpu_ms, info)


@needs_cpu_cgroup
def test_a_program_playing_several_seats_records_its_cpu_time_for_each(tmp_path) -> None:
    log = tmp_path / "team.jsonl"
    runner = CliRunner()
    r = runner.invoke(
        main,
        ["match", "--game", "mammothodus", "team=random", "team", "--seed", str(2**60), "--log", str(log)],
    )
    assert r.exit_code == 0, r.output
    decisions = [d for d in read_log(log) if isinstance(d, Decision)]
    assert {d.seat for d in decisions} == {0, 1}
    assert all(d.cpu_ms is not None for d in decisions)


def test_without_a_cgroup_cpu_time_is_not_recorded(tmp_path, no_cgroups) -> None:
    log = tmp_path / "game.jsonl"
    options = MatchOptions(move_ms=5000, sandbox=sb.SandboxPolicy(mode="off"))
    result = run_match(
        [BotSpec("a", "random"), BotSpec("b", "random")],
        GameConfig(players=2, seed=3, max_rounds=2),
        options,
        log_path=log,
    )
    assert result.completed, result.failures
    assert all(d.cpu_ms is None for d in read_log(log) if isinstance(d, Decision))


# ---------------------------------------------------------------------------- --clock cpu
def _victim_game(
    tmp_path: Path, name: str, spinner_children: int
) -> tuple[list[float], list[float], list[dict]]:
    """The victim (seat 1: 30 ms of CPU work per decision) against the spinner with N spinning
    children and no CPU quota (seat 0), under the CPU clock: 20 ms per move, the rest from a
    large bank. Returns the victim's logged cpu_ms, the time it was charged per decision (from the
    bank its next request shows) and what it reported."""
    log = tmp_path / f"{name}.jsonl"
    options = MatchOptions(
        move_ms=20, bank_ms=600_000, clock=ClockKind.CPU, sandbox=sb.SandboxPolicy(mode="on")
    )
    unlimited = replace(options, sandbox=sb.SandboxPolicy(mode="on", cpus=0))
    bots = [
        BotSpec("spinner", bad_bot("spinner.py", spinner_children)),
        BotSpec("victim", bad_bot("clock_victim.py", 30)),
    ]
    config = GameConfig(players=2, seed=7, max_rounds=3)
    result = run_match(bots, config, options, log_path=log, seat_options=[unlimited, None])
    assert result.completed, result.failures
    header = next(line for line in read_log(log) if isinstance(line, Header))
    assert header.meta["options"]["clock"] == "cpu"
    victim = _decisions(log, 1)
    infos = [json.loads(d.info or "{}") for d in victim]
    cpu = [d.cpu_ms for d in victim]
    assert all(c is not None for c in cpu)
    banks = [i["bank_ms"] for i in infos]
    charged = [before - after + options.move_ms for before, after in itertools.pairwise(banks)]
    return [c for c in cpu if c is not None], charged, infos


@needs_cpu_cgroup
def test_under_the_cpu_clock_a_victims_charged_time_does_not_grow_beside_a_spinner(tmp_path) -> None:
    """The same victim alone (its opponent answers at once) and beside three spinning children
    with no quota, played one after the other: it is charged its own CPU time (the bank moves by
    exactly its logged cpu_ms), and that stays what it was alone, although the spinner takes
    its CPU share (its wall time grows; not asserted, it depends on the machine)."""
    alone_cpu, alone_charged, alone_info = _victim_game(tmp_path, "alone", 0)
    beside_cpu, beside_charged, beside_info = _victim_game(tmp_path, "beside", 3)
    for cpu, charged, infos in (
        (alone_cpu, alone_charged, alone_info),
        (beside_cpu, beside_charged, beside_info),
    ):
        assert len(cpu) >= 10 and {i["kind"] for i in infos} == {"cpu"}
        assert all(c >= 29.5 for c in cpu), cpu  # its 30 ms of work, at least
        # The bank is sent in whole ms: charged time and logged CPU time agree within rounding.
        assert all(abs(ch - c) <= 1.5 for ch, c in zip(charged, cpu)), list(zip(charged, cpu))
    alone, beside = statistics.median(alone_cpu), statistics.median(beside_cpu)
    assert beside <= alone * 1.25 + 3, (alone, beside)


@needs_cpu_cgroup
def test_a_bot_that_computes_forever_runs_out_of_cpu_time(tmp_path) -> None:
    """It spends its 100 ms of CPU time; on a machine so busy that it gets less than a third of
    a core, the wall-time ceiling (300 ms) comes first, and the message says so."""
    bots = [BotSpec("thinker", bad_bot("spinner.py", 0, "think")), BotSpec("random", "random")]
    options = MatchOptions(move_ms=100, clock=ClockKind.CPU, sandbox=sb.SandboxPolicy(mode="on"))
    result = run_match(bots, GameConfig(players=2, seed=4, max_rounds=2), options)
    assert not result.completed and result.forfeits == [0]
    (failure,) = result.failures
    assert failure.status == "timeout", failure
    by_cpu = re.search(r"the CPU clock ran out: (\d+) ms of CPU time used, limit 100 ms", failure.detail)
    by_wall = re.search(r"wall-time ceiling ran out: 300 ms, .* the bot used (\d+) ms", failure.detail)
    assert (by_cpu and int(by_cpu[1]) >= 100) or (by_wall and int(by_wall[1]) < 100), failure.detail


@needs_cpu_cgroup
def test_a_bot_that_blocks_times_out_at_the_wall_ceiling(tmp_path) -> None:
    bots = [BotSpec("sleeper", bad_bot("never_answer.py")), BotSpec("random", "random")]
    options = MatchOptions(move_ms=100, clock=ClockKind.CPU, sandbox=sb.SandboxPolicy(mode="on"))
    result = run_match(bots, GameConfig(players=2, seed=4, max_rounds=2), options)
    assert not result.completed and result.forfeits == [0]
    (failure,) = result.failures
    assert failure.status == "timeout", failure
    assert "the CPU clock's wall-time ceiling ran out: 300 ms" in failure.detail, failure.detail


def test_the_cpu_clock_is_refused_without_a_cgroup(no_cgroups, tmp_path) -> None:
    bots = [BotSpec("a", "random"), BotSpec("b", "random")]
    options = MatchOptions(clock=ClockKind.CPU)
    with pytest.raises(ValueError, match="--clock cpu charges each bot the CPU time of its own cgroup"):
        run_match(bots, GameConfig(players=2, seed=1, max_rounds=1), options)
    r = CliRunner().invoke(main, ["match", "random", "random", "--clock", "cpu"])
    assert r.exit_code == 2 and "--clock cpu" in r.output and "Traceback" not in r.output, r.output
    r = CliRunner().invoke(
        main,
        ["arena", "a=random", "b=random", "--games", "1", "--clock", "cpu", "--out", str(tmp_path / "ar")],
    )
    assert r.exit_code == 2 and "--clock cpu" in r.output and "Traceback" not in r.output, r.output
    assert not (tmp_path / "ar").exists()


@needs_cpu_cgroup
def test_the_cpu_clock_is_refused_when_bots_get_no_cgroup() -> None:
    no_limits = ["--bot-cpus", "0", "--bot-memory", "0", "--bot-processes", "0"]
    r = CliRunner().invoke(main, ["match", "random", "random", "--clock", "cpu", *no_limits])
    assert r.exit_code == 2 and "keep --bot-cpus, --bot-memory or --bot-processes above 0" in r.output, (
        r.output
    )
    r = CliRunner().invoke(main, ["match", "random", "random", "--clock", "sundial"])
    assert r.exit_code == 2 and "'wall', 'cpu'" in r.output, r.output


@needs_cpu_cgroup
def test_an_arena_stores_its_clock_and_resumes_only_with_it(tmp_path) -> None:
    out = tmp_path / "arena"
    args = ["arena", "a=random", "b=random", "--games", "1", "--max-rounds", "2", "--out", str(out), "-q"]
    r = CliRunner().invoke(main, [*args, "--clock", "cpu"])
    assert r.exit_code == 0, r.output
    from arena.store import ArenaStore

    with ArenaStore.open(out) as store:
        params = store.params()
    assert params.match.clock == "cpu"
    for log in (out / "logs").iterdir():
        header = next(line for line in read_log(log) if isinstance(line, Header))
        assert header.meta["options"]["clock"] == "cpu"
    r = CliRunner().invoke(main, ["arena", "--resume", "--out", str(out), "--clock", "wall", "-q"])
    assert r.exit_code == 2 and "--clock: stored cpu, given wall" in r.output, r.output


def test_arena_conditions_keep_the_clock_and_old_arenas_read_as_wall() -> None:
    stored = ArenaParams(bots=(BotEntry("a", "random"), BotEntry("b", "random")), players=2, games=1)
    cpu = replace(stored, match=MatchOptions(clock=ClockKind.CPU))
    assert ArenaParams.from_dict(cpu.to_dict()).match.clock == "cpu"
    old = stored.to_dict()
    del old["match"]["clock"]
    assert ArenaParams.from_dict(old).match.clock == "wall"
    assert differences(stored, cpu) == ["--clock: stored wall, given cpu"]


# ---------------------------------------------------------------------------- the deadline itself
class _FakeCpu:
    def __init__(self) -> None:
        self.seconds = 10.0

    def __call__(self) -> float:
        return self.seconds


def test_a_cpu_deadline_waits_in_short_slices_and_says_which_clock_ran_out() -> None:
    clock = Clock(move_ms=100, bank_ms=50, kind=ClockKind.CPU)
    cpu = _FakeCpu()
    deadline = clock.deadline(cpu, cpu(), cores=2.0)
    assert isinstance(deadline, CpuDeadline) and deadline.budget_s == pytest.approx(
        0.15 * CPU_CLOCK_WALL_CEILING
    )
    start = time.monotonic()
    wait = deadline.wait_until()
    assert wait is not None and wait - start <= CPU_CHECK_SLICE_S + 0.01  # never one long wait
    cpu.seconds += 0.1499  # 0.1 ms of CPU allowance left, on 2 cores: the shortest slice
    wait = deadline.wait_until()
    assert wait is not None and wait - time.monotonic() <= CPU_CHECK_MIN_SLICE_S
    assert not deadline.expired()
    cpu.seconds += 0.001
    assert deadline.expired() and deadline.ran_out == "cpu"
    assert "the CPU clock ran out: 151 ms of CPU time used, limit 100 ms per move + 50 ms bank" in (
        deadline.limit_note(clock)
    )
    blocked = clock.deadline(cpu, cpu(), cores=1.0)
    assert isinstance(blocked, CpuDeadline)
    blocked.at = time.monotonic()  # the wall ceiling has come, no CPU used
    assert blocked.expired() and blocked.ran_out == "wall"
    assert "wall-time ceiling ran out: 450 ms, 3x the CPU allowance" in blocked.limit_note(clock)


def test_a_wall_clock_and_no_clock_keep_one_deadline() -> None:
    wall = Clock(move_ms=100).deadline(_FakeCpu(), 1.0, cores=1.0)
    assert type(wall) is Deadline and wall.at is not None and wall.wait_until() == wall.at
    assert "the wall clock ran out" in wall.limit_note(Clock(move_ms=100))
    unlimited = Clock(move_ms=100, unlimited=True, kind=ClockKind.CPU).deadline(_FakeCpu(), 1.0, cores=1.0)
    assert type(unlimited) is Deadline and unlimited.wait_until() is None and not unlimited.expired()
    assert Clock(move_ms=100, kind=ClockKind.CPU).message().kind == "cpu"
    assert Clock(move_ms=100).message().kind == "wall"


# ---------------------------------------------------------------------------- what it costs
def test_the_protocol_bench_measures_what_reading_cpu_time_costs_the_referee() -> None:
    r = CliRunner().invoke(main, ["bench", "protocol", "--games", "1", "--cpu-rounds", "2", "--json"])
    assert r.exit_code == 0, r.output
    cost = json.loads(r.output)["cgroup_cpu_read"]
    assert cost["rounds"] == 2 and cost["decisions"] > 100
    for key in ("referee_cpu_us_per_decision_with_reads", "referee_cpu_us_per_decision_without_reads"):
        figures = cost[key]
        assert 0 < figures["min"] <= figures["median"] <= figures["max"], figures
    if CGROUPS is not None and CGROUPS.accounts_cpu and RUNTIME.available:
        assert cost["cgroup"] and cost["one_read_cpu_us"] > 0
    r = CliRunner().invoke(main, ["bench", "protocol", "--games", "1", "--cpu-rounds", "0", "--json"])
    assert r.exit_code == 0 and "cgroup_cpu_read" not in json.loads(r.output)
