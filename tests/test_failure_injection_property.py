"""Every log the referee writes replays VALID, whatever failed, whenever, in whichever seat.

A fixed, seeded set of games (PER_GAME of each game, at move_ms 50) between real bot processes
that inject failures at random on every seat (tests/bad_bots/chaos.py: bad JSON, illegal
actions and wrong ids retried under `retry`; sleeps around the deadline, i.e. timeouts and then
late answers, under `default`; crashes under `lose`; answers sent twice everywhere), and in
Mammothodus one program in several seats. Some games are interrupted (Ctrl-C between two
decisions, after the last one included). Whether a sleep lands before or after its deadline
depends on the machine: every log must replay VALID, strictly, either way, and the failures the
match returns are the log's, in the order of its lines. Then one small arena through the
command line (`--on-failure retry`) must pass `altay arena verify`.

Measured on a 2-core machine: 35 s for the 90 games and 6 s for the arena while other work ran,
83 s for both beside two CPU-bound processes.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import msgspec
import orjson
import pytest

from altay_cli.engine import load_game
from altay_cli.referee import BotSpec, MatchOptions, run_match
from altay_cli.replay import VALID, replay_log
from tests.referee_helpers import bad_bot

pytestmark = pytest.mark.slow

PER_GAME = 30
MOVE_MS = 50
PROFILES = ("retry", "default", "lose")
#: Short games: enough decisions for every seat to fail several times.
SHORT = {"altay": {"max_rounds": 4}, "innovation": {"max_turns": 16}, "mammothodus": {"max_turns": 16}}


@dataclass(frozen=True)
class Case:
    game: str
    number: int
    players: int
    profile: str
    groups: tuple[tuple[int, ...], ...]  # seats played by one program each
    interrupt_at: int | None  # Ctrl-C after this decision (None: never)

    @property
    def seed(self) -> int:
        return 19_000 + 100 * ("altay", "innovation", "mammothodus").index(self.game) + self.number


def _groups(rng: random.Random, players: int, cooperative: bool) -> tuple[tuple[int, ...], ...]:
    """One program per seat; in a cooperative game, seats shared out among fewer programs."""
    if not cooperative or players == 1:
        return tuple((s,) for s in range(players))
    programs = rng.randrange(1, players)  # always fewer programs than seats
    owner = [rng.randrange(programs) for _ in range(players)]
    owner[:programs] = range(programs)  # every program has a seat
    rng.shuffle(owner)
    groups: dict[int, list[int]] = {}
    for seat, p in enumerate(owner):
        groups.setdefault(p, []).append(seat)
    return tuple(sorted(tuple(g) for g in groups.values()))


def cases() -> list[Case]:
    rng = random.Random(19)
    out = []
    for game in ("altay", "innovation", "mammothodus"):
        kind = load_game(game).kind
        for number in range(PER_GAME):
            players = rng.randint(max(2, kind.min_players), kind.max_players)
            interrupt = rng.randrange(0, 80) if number % 6 == 5 else None
            groups = _groups(rng, players, kind.cooperative)
            out.append(Case(game, number, players, PROFILES[number % 3], groups, interrupt))
    return out


def _play(case: Case, folder: Path) -> tuple[Path, object]:
    game = load_game(case.game)
    config = msgspec.structs.replace(game.make_config(case.players, case.seed), **SHORT[case.game])
    bots: list[BotSpec] = [BotSpec("?", "?")] * case.players
    for group in case.groups:
        lead = group[0]
        spec = BotSpec(f"chaos{lead}", bad_bot("chaos.py", case.seed * 10 + lead, case.profile, MOVE_MS))
        for seat in group:
            bots[seat] = spec
    options = MatchOptions(move_ms=MOVE_MS, on_failure=case.profile, retries=3)

    def interrupt(state, decision) -> None:
        if decision.n == case.interrupt_at:
            raise KeyboardInterrupt  # as Ctrl-C between two decisions (after the last one, too)

    log = folder / f"{case.game}-{case.number}.jsonl"
    shared = [g for g in case.groups if len(g) > 1]
    result = run_match(bots, config, options, log_path=log, on_decision=interrupt, players=shared or None)
    return log, result


def _lines(path: Path) -> list[dict]:
    return [orjson.loads(line) for line in path.read_bytes().splitlines()]


def test_every_log_of_games_with_failures_injected_everywhere_replays(tmp_path: Path) -> None:
    statuses: Counter[str] = Counter()
    consequences: Counter[str] = Counter()
    interleaved = aborted = shared = 0
    for case in cases():
        log, result = _play(case, tmp_path)
        verdict = replay_log(log, strict=True)
        assert verdict.status == VALID, f"{case}: {verdict.message}"
        lines = _lines(log)
        failure_lines = [
            {k: v for k, v in line.items() if k not in ("type", "prev")}
            for line in lines
            if line["type"] == "failure"
        ]
        assert lines[0]["format_version"] == 3
        assert lines[-1]["failures"] == failure_lines, case  # one order: the lines'
        assert [f.as_entry() for f in result.failures] == failure_lines, case
        assert result.decisions == lines[-1]["decisions"] == len(verdict.decisions)
        seats = [f["seat"] for f in failure_lines]
        interleaved += seats != sorted(seats)
        aborted += result.end_reason == "aborted"
        shared += any(len(g) > 1 for g in case.groups)
        statuses.update(f["status"] for f in failure_lines)
        consequences.update(f["consequence"] for f in failure_lines)
    # What the seeded misbehaviour produces whatever the timing (timeouts depend on the machine):
    # logs whose failures are not grouped by seat (each of them replayed INVALID before format 3),
    # every kind of failure the bot sends, and every consequence.
    # (a run on a busy machine: 68 interleaved logs, 6 aborted games, 30 with shared programs)
    seen = f"{interleaved} interleaved, {aborted} aborted, {dict(statuses)}, {dict(consequences)}"
    sent = {"bad_json", "illegal_action", "wrong_request_id", "late_answer", "crash"}
    assert interleaved >= 10, seen
    assert sent <= set(statuses), seen
    assert {"retry", "default_action", "forfeit", "discarded"} <= set(consequences), seen
    assert aborted >= 3 and shared >= PER_GAME // 2, seen


def test_an_arena_of_failing_bots_under_retry_verifies(tmp_path: Path) -> None:
    out = tmp_path / "arena"

    def altay(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-c", "from altay_cli.cli import main; main()", *args],
            capture_output=True,
            text=True,
            timeout=300,
        )

    bots = [f"c{i}={bad_bot('chaos.py', 7 + i, 'retry', MOVE_MS)}" for i in range(3)]
    played = altay(
        "arena",
        *bots,
        "--players",
        "2",
        "--games",
        "2",
        "--move-ms",
        str(MOVE_MS),
        "--on-failure",
        "retry",
        "--retries",
        "3",
        "--max-rounds",
        "4",
        "--seed",
        str(2**60 + 19),
        "--concurrency",
        "2",
        "--out",
        str(out),
        "--json",
    )
    assert played.returncode == 0, played.stderr
    assert orjson.loads(played.stdout)["arena"]["games_played"] == 3 * 2 * 2
    failures = [
        line
        for path in sorted((out / "logs").glob("*.jsonl"))
        for line in _lines(path)
        if line["type"] == "failure"
    ]
    assert {"retry"} <= {f["consequence"] for f in failures}  # the bots did fail
    verified = altay("arena", "verify", str(out))
    assert verified.returncode == 0, verified.stdout + verified.stderr
