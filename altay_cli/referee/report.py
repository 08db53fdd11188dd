"""Human-readable match reports: the result table (render.py) plus failures and timings."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from altay_cli.engine import Game
from altay_cli.render import print_result
from altay_cli.textsafe import safe_markup

from .types import MatchResult

CONSEQUENCES = {
    "forfeit": "forfeit",
    "default_action": "default action",
    "retry": "asked again",
    "discarded": "ignored",
}


def failures_table(result: MatchResult) -> Table:
    table = Table(title="Failures")
    table.add_column("Seat", justify="right")
    table.add_column("Player")
    table.add_column("Status", style="bold red")
    table.add_column("Decision", justify="right")
    table.add_column("Request", justify="right")
    table.add_column("Consequence")
    table.add_column("Detail", overflow="fold", ratio=1)
    for f in result.failures:
        seat = f.seat
        table.add_row(
            str(seat),
            safe_markup(result.names[seat], 60) if seat < len(result.names) else "?",
            str(f.status),
            "-" if f.n is None else str(f.n),
            "-" if f.request_id is None else str(f.request_id),
            CONSEQUENCES.get(f.consequence, str(f.consequence)),
            safe_markup(f.detail, 2000, keep_newlines=True),  # from the bot: never markup or escapes
        )
    return table


def print_match_result(result: MatchResult, seed: int, game: Game) -> None:
    players = len(result.names)
    summary = {
        "scores": result.scores,
        "ranks": result.ranks,
        "end_reason": result.end_reason,
        "rounds": result.rounds,
        "team": result.team,
    }
    roles: list[str | None] = [f or None for f in result.factions]
    title = f"{game.kind.title} match: {players} players, seed {seed}"
    print_result(game, summary, result.names, roles, title=title)
    console = Console()
    if not console.is_terminal:
        console = Console(width=max(console.width, 110))
    if result.failures:
        console.print(failures_table(result))
    if result.end_reason == "forfeit":
        who = ", ".join(f"seat {s} ({safe_markup(result.names[s], 60)})" for s in result.forfeits)
        console.print(f"[bold]Game stopped: {who} forfeited; the others are ranked on provisional scores.[/]")
    elif result.end_reason == "aborted":
        console.print("[bold]Game aborted (interrupted); every bot was stopped.[/]")
    think = ", ".join(
        f"{safe_markup(name, 60)} {ms / 1000:.2f} s" for name, ms in zip(result.names, result.think_ms)
    )
    console.print(f"{result.decisions} decisions in {result.duration_s:.2f} s; bot thinking time: {think}")
    if result.log_path is not None:
        log = safe_markup(str(result.log_path))
        console.print(f"log: {log}  (check it with `altay replay {log}`)")
