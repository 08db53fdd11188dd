"""Every rich table and report for people: results and scores (demo, match, play, replay) and
a match's failures and timings. The referee and replay return data; rendering lives here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table

from .engine import EndReason, Game
from .textsafe import safe_markup

if TYPE_CHECKING:
    from .referee.types import MatchResult


def result_table(
    game: Game, result: dict[str, Any], names: list[str], roles: list[str | None], title: str = "Result"
) -> Table:
    """One row per seat in rank order: the game's score categories, then the total."""
    table = Table(title=safe_markup(title))
    table.add_column("Rank", justify="right")
    table.add_column("Seat", justify="right")
    table.add_column("Player")
    role = game.kind.role_name
    if role:
        table.add_column(role.capitalize())
    headers = game.text.score_headers()
    scores: list[dict[str, int]] = result["scores"]
    categories = [c for c in (scores[0] if scores else {}) if c != "total"]
    for cat in categories:
        table.add_column(headers.get(cat, cat.replace("_", " ")), justify="right")
    table.add_column(headers.get("total", "Total"), justify="right", style="bold")
    order = sorted(range(len(names)), key=lambda s: (result["ranks"][s], s))
    for seat in order:
        s = scores[seat]
        row = [
            str(result["ranks"][seat]),
            str(seat),
            safe_markup(names[seat], 60),  # names come from the organiser or a log: never markup
        ]
        if role:
            row.append(safe_markup(roles[seat] or "-", 40))
        row += [str(s.get(c, 0)) for c in categories]
        row.append(str(s.get("total", 0)))
        table.add_row(*row)
    return table


def ending_line(game: Game, result: dict[str, Any]) -> str:
    """Under a result table: how long the game lasted (in rounds or turns, as the game counts),
    why it ended and, in a cooperative game, the team's result."""
    reason = game.text.end_reason_text(result.get("end_reason"))
    team = f"; the team {result['team']}" if result.get("team") else ""
    length = game.text.length_text(result.get("rounds", 0), result.get("turns", 0))
    return f"{length}; game ended: {reason}{team}"


def print_result(
    game: Game, result: dict[str, Any], names: list[str], roles: list[str | None], title: str = "Result"
) -> None:
    console = Console()
    if not console.is_terminal:
        console = Console(width=max(console.width, 110))
    console.print(result_table(game, result, names, roles, title))
    console.print(safe_markup(ending_line(game, result)))


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
    """The result table, failures, timings and the log's path of one match."""
    players = len(result.names)
    summary = {
        "scores": result.scores,
        "ranks": result.ranks,
        "end_reason": result.end_reason,
        "rounds": result.rounds,
        "turns": result.turns,
        "team": result.team,
    }
    roles: list[str | None] = [r or None for r in result.roles]
    title = f"{game.kind.title} match: {players} players, seed {seed}"
    print_result(game, summary, result.names, roles, title=title)
    console = Console()
    if not console.is_terminal:
        console = Console(width=max(console.width, 110))
    if result.failures:
        console.print(failures_table(result))
    if result.end_reason == EndReason.FORFEIT:
        who = ", ".join(f"seat {s} ({safe_markup(result.names[s], 60)})" for s in result.forfeits)
        console.print(f"[bold]Game stopped: {who} forfeited; the others are ranked on provisional scores.[/]")
    elif result.end_reason == EndReason.ABORTED:
        console.print("[bold]Game aborted (interrupted); every bot was stopped.[/]")
    thinking: dict[str, float] = {}  # by program: a program playing several seats is named once
    for name, ms in zip(result.names, result.think_ms, strict=True):
        thinking[name] = thinking.get(name, 0.0) + ms
    think = ", ".join(f"{safe_markup(name, 60)} {ms / 1000:.2f} s" for name, ms in thinking.items())
    console.print(f"{result.decisions} decisions in {result.duration_s:.2f} s; bot thinking time: {think}")
    if result.log_path is not None:
        log = safe_markup(str(result.log_path))
        console.print(f"log: {log}  (check it with `altay replay {log}`)")
