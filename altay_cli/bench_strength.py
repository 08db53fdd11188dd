"""`altay bench strength`: each built-in bot's strength per game, the table of bots/README.md.

A competitive game plays one 2-player round-robin arena between `random`, `greedy` and `search`
(when the game's engine has a belief sampler), every deal in both seatings; a bot's strength is
its share of games finished ahead of `random` with the arena's deal-clustered 95% interval, and
the logistic Elo difference that share means (a share of 1 is an unbounded estimate: only the
interval's lower bound says something). A cooperative game plays `--teams self` arenas (one
program leads every clan) at each clan count; a bot's strength is its team's win rate with a 95%
Wilson interval over the deals, and the search bot is compared with greedy on the same deals
(the deals it won where greedy lost and the reverse, McNemar's exact test: arena.paired).

Each arena is the real `altay arena` command in a subprocess (the same sandbox, clocks and CPU
clock as a user's run), in a folder that is kept when `--out` names one; the figures are read
from its `--json` leaderboard. CPU time is the arena command's own (the referee and the arena's
processes) plus every bot's thinking as its CPU clock read it from its cgroup (a sandboxed bot is
not a child this process can account; its start-up and idle time are left out).
"""

from __future__ import annotations

import math
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import msgspec
import orjson

from .bench import machine
from .engine import game_names, load_game

#: The bots measured, by arena name -> built-in command; `search` only where a sampler exists.
BASELINE = "random"
COMPETITIVE_BOTS = ("random", "greedy", "search")
#: Clan counts a cooperative game is measured at (one program leading them all).
TEAM_SIZES = (1, 4)


class StrengthRow(msgspec.Struct, frozen=True):
    """One bot's strength in one game (against `random`, or as a whole team)."""

    game: str
    bot: str
    measure: str  # "ahead of random" | "team win rate"
    players: int
    games: int
    deals: int
    share: float
    low: float
    high: float
    #: logistic Elo against random and its interval (None in a cooperative game, and where the
    #: share is 0 or 1: an unbounded estimate, which JSON cannot hold)
    elo: float | None = None
    elo_low: float | None = None
    elo_high: float | None = None
    #: the share of games finished ahead of `greedy` [95%] (the search bot in competitive games)
    vs_greedy: tuple[float, float, float] | None = None
    #: a cooperative game's bot against `greedy` on the same deals: the deals it won and greedy
    #: lost, the reverse, and McNemar's exact p-value of that split (arena.paired)
    vs_greedy_deals: tuple[int, int, float] | None = None


class ArenaRun(msgspec.Struct, frozen=True):
    """One arena this bench played: its command and what it cost."""

    game: str
    command: list[str]
    games: int
    cpu_s: float  # the referee's and the arena's processes
    bots_cpu_s: float  # the bots' thinking, on their CPU clocks
    wall_s: float


def elo_of_share(share: float) -> float:
    """The logistic Elo difference whose expected score is `share` (±inf at 0 and 1)."""
    if share <= 0.0:
        return -math.inf
    if share >= 1.0:
        return math.inf
    return 400.0 * math.log10(share / (1.0 - share))


def _finite(x: float) -> float | None:
    return None if math.isinf(x) else round(x, 1)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_arena(args: list[str], out: Path, progress: bool) -> tuple[dict[str, Any], ArenaRun]:
    """Play one arena with the real command; its leaderboard (`--json`) and cost."""
    command = [sys.executable, "-m", "altay_cli", "arena", *args, "--out", str(out), "--json"]
    cpu0, wall0 = _children_cpu(), time.perf_counter()
    proc = subprocess.run(
        command,
        stdout=subprocess.PIPE,
        stderr=None if progress else subprocess.DEVNULL,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        check=False,
    )
    cpu, wall = _children_cpu() - cpu0, time.perf_counter() - wall0
    if proc.returncode != 0:
        raise RuntimeError(f"the arena in {out} ended with exit code {proc.returncode}: {' '.join(args)}")
    board = orjson.loads(proc.stdout)
    games = int(board["arena"]["games_played"])
    shown = ["altay", "arena", *args]
    thinking = sum(float(b.get("think_s") or 0.0) for b in board["leaderboard"])
    run = ArenaRun(
        board["arena"].get("game", ""), shown, games, round(cpu, 1), round(thinking, 1), round(wall, 1)
    )
    return board, run


def _common(game: str, deals: int, move_ms: int, jobs: int, seed: int) -> list[str]:
    return [
        "--game",
        game,
        "--games",
        str(deals),
        "--move-ms",
        str(move_ms),
        "--clock",
        "cpu",
        "-j",
        str(jobs),
        "--seed",
        str(seed),
    ]


def competitive_rows(game: str, board: dict[str, Any], bots: list[str]) -> list[StrengthRow]:
    """Each bot's share ahead of random (and the search bot's ahead of greedy) from a leaderboard."""
    h2h = board["head_to_head_95"]
    rows = []
    for bot in bots:
        if bot == BASELINE:
            continue
        cell = h2h[bot][BASELINE]
        low, high = cell["interval"]
        vs_greedy = None
        if bot != "greedy" and "greedy" in h2h.get(bot, {}):
            g = h2h[bot]["greedy"]
            vs_greedy = (round(g["share"], 4), g["interval"][0], g["interval"][1])
        rows.append(
            StrengthRow(
                game,
                bot,
                "ahead of random",
                2,
                int(cell["games"]),
                int(cell["deals"]),
                round(cell["share"], 4),
                low,
                high,
                _finite(elo_of_share(cell["share"])),
                _finite(elo_of_share(low)),
                _finite(elo_of_share(high)),
                vs_greedy,
            )
        )
    return rows


def team_rows(game: str, clans: int, board: dict[str, Any]) -> list[StrengthRow]:
    """Each bot's team win rate (leading every clan) from a `--teams self` leaderboard, and
    the search bot's deals against greedy's (the same deals)."""
    against: dict[str, tuple[int, int, float]] = {}
    for pair in board.get("paired", []):
        if pair["b"] == "greedy":
            against[pair["a"]] = (pair["a_only"], pair["b_only"], pair["p_value"])
        elif pair["a"] == "greedy":
            against[pair["b"]] = (pair["b_only"], pair["a_only"], pair["p_value"])
    rows = []
    for entry in board["leaderboard"]:
        low, high = entry["win_rate_95"] or (0.0, 1.0)
        games = int(entry["games"])
        rows.append(
            StrengthRow(
                game,
                entry["bot"],
                "team win rate",
                clans,
                games,
                games,
                round(entry["win_rate"], 4),
                low,
                high,
                vs_greedy_deals=against.get(entry["bot"]) if entry["bot"] == "search" else None,
            )
        )
    rows.sort(key=lambda r: COMPETITIVE_BOTS.index(r.bot) if r.bot in COMPETITIVE_BOTS else 99)
    return rows


def bench_strength(
    games: list[str] | None,
    deals: int,
    move_ms: int,
    jobs: int,
    seed: int,
    out: Path | None = None,
    progress: bool = True,
) -> dict[str, Any]:
    """Play each game's arenas (`games` None: every game) and collect the rows; `out` keeps the
    arenas' folders."""
    named_games = games or []
    games = games or game_names()
    rows: list[StrengthRow] = []
    runs: list[ArenaRun] = []
    plan: list[tuple[str, list[str], int | None]] = []  # (game, bots, clans or None)
    for name in games:
        game = load_game(name)
        bots = [b for b in COMPETITIVE_BOTS if b != "search" or game.search.has_sampler]
        if game.kind.cooperative:
            plan += [(name, bots, clans) for clans in TEAM_SIZES]
        else:
            plan.append((name, bots, None))
    with tempfile.TemporaryDirectory(prefix="altay-strength-") as scratch:
        base = out if out is not None else Path(scratch)
        for step, (name, bots, clans) in enumerate(plan, 1):
            named = [f"{b}={b}" for b in bots]
            common = _common(name, deals, move_ms, jobs, seed)
            seats = f"{clans} clan{'s' if clans != 1 else ''}, one program" if clans else "2 players"
            if progress:
                print(
                    f"strength: arena {step} of {len(plan)}: {name}, {seats}, {', '.join(bots)}",
                    file=sys.stderr,
                )
            if clans is not None:
                args = [*named, "-p", str(clans), "--teams", "self", *common]
                board, run = run_arena(args, base / f"{name}-{clans}", progress)
                rows += team_rows(name, clans, board)
            else:
                args = [*named, "-p", "2", *common]
                board, run = run_arena(args, base / name, progress)
                rows += competitive_rows(name, board, bots)
            runs.append(run)
    cpu = sum(r.cpu_s + r.bots_cpu_s for r in runs)
    return {
        "command": "altay bench strength "
        + " ".join(
            [
                *(f"--game {g}" for g in named_games),
                f"--deals {deals}",
                f"--move-ms {move_ms}",
                f"--seed {seed}",
                *([f"-j {jobs}"] if jobs != 1 else []),
            ]
        ),
        "move_ms": move_ms,
        "clock": "cpu",
        "deals": deals,
        "seed": seed,
        "rows": msgspec.to_builtins(rows),
        "arenas": msgspec.to_builtins(runs),
        "cpu_hours": round(cpu / 3600, 3),
        "wall_hours": round(sum(r.wall_s for r in runs) / 3600, 3),
        "machine": machine(),
    }


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _elo(x: float | None, share: float) -> str:
    """An Elo figure; None is the unbounded one of a share of 0 or 1."""
    if x is None:
        return "+∞" if share >= 0.5 else "-∞"
    return f"{x:+.0f}"


def row_cells(row: dict[str, Any]) -> list[str]:
    """A row as the table shows it: game, bot, measure, figure [95%], Elo [95%], vs greedy, games."""
    figure = f"{_pct(row['share'])} [{_pct(row['low'])}, {_pct(row['high'])}]"
    if row["measure"] == "team win rate":
        measure = f"team win rate, {row['players']} clan{'s' if row['players'] > 1 else ''}"
        elo = "-"
    else:
        measure = "ahead of random, 2 players"
        elo = (
            f"{_elo(row['elo'], row['share'])} "
            f"[{_elo(row['elo_low'], row['low'])}, {_elo(row['elo_high'], row['high'])}]"
        )
    g = row.get("vs_greedy")
    d = row.get("vs_greedy_deals")
    vs = f"{_pct(g[0])} [{_pct(g[1])}, {_pct(g[2])}]" if g else "-"
    if d:
        vs = f"same deals: {d[0]} won where greedy lost, {d[1]} the reverse (McNemar p {d[2]:.2g})"
    return [
        row["game"],
        row["bot"],
        measure,
        figure,
        elo,
        vs,
        f"{row['games']} ({row['deals']} deal{'s' if row['deals'] != 1 else ''})",
    ]


HEADERS = ("game", "bot", "measure", "share [95%]", "Elo vs random [95%]", "ahead of greedy [95%]", "games")


def markdown(result: dict[str, Any]) -> str:
    """The table as bots/README.md holds it, with the command and the machine."""
    lines = [
        "| " + " | ".join(HEADERS) + " |",
        "|" + "---|" * len(HEADERS),
    ]
    lines += ["| " + " | ".join(row_cells(r)) + " |" for r in result["rows"]]
    m = result["machine"]
    lines += [
        "",
        f"`{result['command']}` ({result['move_ms']} ms a move on each bot's CPU clock; "
        f"{result['cpu_hours']} CPU hours, {result['wall_hours']} hours of wall time; {m['cpu']}, "
        f"{m['cores']} cores, {m['python']}).",
    ]
    return "\n".join(lines) + "\n"
