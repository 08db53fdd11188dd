"""Readable tables for results and scores (rich), shared by demo, match, play and replay."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from .engine import Game
from .textsafe import safe_markup


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
    headers = game.score_headers()
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
    reason = game.end_reason_text(result.get("end_reason"))
    team = f"; the team {result['team']}" if result.get("team") else ""
    table.caption = f"{result.get('rounds', '?')} rounds; game ended: {reason}{team}"
    return table


def print_result(
    game: Game, result: dict[str, Any], names: list[str], roles: list[str | None], title: str = "Result"
) -> None:
    console = Console()
    if not console.is_terminal:
        console = Console(width=max(console.width, 110))
    console.print(result_table(game, result, names, roles, title))
