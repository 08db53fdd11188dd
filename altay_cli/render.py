"""Readable tables for results and scores (rich), shared by demo, match, play and replay."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from .engine import CATEGORIES
from .textsafe import safe_markup

_HEADERS = {
    "technologies": "Tech",
    "wonders": "Wonders",
    "action_cards": "Cards",
    "territories": "Territ.",
    "captured_settlements": "Capt.",
    "conquest_markers": "Markers",
}
END_REASONS = {
    "settlements_exhausted": "a player had no settlements left to place",
    "no_settlements_on_board": "a player had no settlement left on the board",
    "round_limit": "round limit reached (adjudicated)",
    None: "not finished",
}


def result_table(result: dict, names: list[str], factions: list[str | None], title: str = "Result") -> Table:
    table = Table(title=safe_markup(title))
    table.add_column("Rank", justify="right")
    table.add_column("Seat", justify="right")
    table.add_column("Player")
    table.add_column("Faction")
    for cat in CATEGORIES:
        table.add_column(_HEADERS[cat], justify="right")
    table.add_column("VP", justify="right", style="bold")
    order = sorted(range(len(names)), key=lambda s: (result["ranks"][s], s))
    for seat in order:
        s = result["scores"][seat]
        table.add_row(
            str(result["ranks"][seat]),
            str(seat),
            safe_markup(names[seat], 60),  # names come from the organiser or a log: never markup
            factions[seat] or "-",
            *(str(s[c]) for c in CATEGORIES),
            str(s["total"]),
        )
    reason = END_REASONS.get(result.get("end_reason"), str(result.get("end_reason")))
    table.caption = f"{result.get('rounds', '?')} rounds; game ended: {reason}"
    return table


def print_result(result: dict, names: list[str], factions: list[str | None], title: str = "Result") -> None:
    console = Console()
    if not console.is_terminal:
        console = Console(width=max(console.width, 110))
    console.print(result_table(result, names, factions, title))
