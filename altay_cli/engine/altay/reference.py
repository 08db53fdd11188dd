"""The rules reference for bots and people, written from the static information (itself built
from data.py), so it can never disagree with the engine. `altay rules --game altay` prints it;
REFERENCE.md beside this file is the same text, kept current by a test."""

from __future__ import annotations

from typing import Any

from .static import StaticInfo, static_info


def _counts(values: list[int]) -> str:
    return ", ".join(str(v) for v in values) if values else "-"


def value_text(value: Any) -> str:
    """A ruling's value in words: `yes`, `7`, `Earthfolk, Elvenfolk`, and a table by player
    count as `4 players: 18, 19, 21; 3 players: 18, 19, 20` (never a Python value)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        by_players = all(str(k).isdigit() for k in value)
        return "; ".join(f"{k}{' players' if by_players else ''}: {value_text(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(value_text(v) for v in value) if value else "none"
    return "none" if value is None else str(value)


def reference_markdown(info: StaticInfo | None = None) -> str:
    info = info or static_info()
    out = [
        "# Altay: Dawn of Civilization, rules reference",
        "",
        "Generated from the engine's data by `altay rules --game altay` (do not edit by hand). Resources:",
        "F food, W wood, M metal, S stone, C culture; a cost such as `FFC*` is a multiset of them,",
        "`*` being any one of W, M or S. Bots receive all of this once, in `hello.static`.",
        "",
        "## The board",
        "",
        "| id | terrain | adjacent | out of play with | VP marker with | recommended start with |",
        "|---|---|---|---|---|---|",
    ]
    for t in info.territories:
        out.append(
            f"| {t.id} | {t.terrain} | {' '.join(map(str, t.adjacent))} | {_counts(t.out_of_play_with)} "
            f"| {_counts(t.vp_marker_with)} | {_counts(t.recommended_start_with)} |"
        )
    out += [
        "",
        "(player counts in the last three columns)",
        "",
        "## Action cards",
        "",
        'A card is named by its **title** in actions (`"Merchant"`; the engine moves the copy with the',
        'fewest VP) except Engineering, which names the exact **kind** (`"Merchant (1 VP)"`). `play`\'s',
        "`effect` is the 0-based index below.",
        "",
        "| title | effects (by index) |",
        "|---|---|",
    ]
    for title in info.titles:
        effects = "; ".join(f"{i}: {e}" for i, e in enumerate(title.effects))
        start = " (starting card)" if title.starting else ""
        out.append(f"| {title.title}{start} | {effects} |")
    out += ["", "| kind | title | VP | cost |", "|---|---|---|---|"]
    for kind in info.kinds:
        out.append(f"| {kind.kind} | {kind.title} | {kind.vp} | {kind.cost or 'starting card'} |")
    out += ["", "## Factions", "", "| faction | starting deck |", "|---|---|"]
    for faction in info.factions:
        out.append(f"| {faction.name} | {', '.join(faction.deck)} |")
    out += [
        "",
        "## Achievements",
        "",
        "Levels 1 and 2 are technologies (1 VP each); level 3 are wonders (their VP at the end, capped",
        f"at {info.wonder_vp_cap}; +{info.secret_wonder_bonus} for your own secret wonder).",
        "",
        "| level | name | cost | timing | effect or VP |",
        "|---|---|---|---|---|",
    ]
    for a in info.achievements:
        out.append(f"| {a.level} | {a.name} | {a.cost} | {a.timing or 'end of game'} | {a.effect} |")
    out += ["", "## Scoring", "", "Ties break on these categories, in this order; still tied is shared.", ""]
    out += [f"- `{c.name}`: {c.counts}" for c in info.scoring]
    out += ["", "## Rulings", "", "Points the rulebook leaves open, as this engine settles them:", ""]
    out += [f"- `{r.name}`: {r.text.rstrip('.')}. Value: {value_text(r.value)}." for r in info.rulings]
    return "\n".join(out) + "\n"
