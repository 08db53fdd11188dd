"""Innovation's rules reference for people and bot authors (`altay rules --game innovation`),
generated from the card data and the rulings, so it cannot disagree with the engine."""

from __future__ import annotations

from .data import cards, load
from .rulings import RULINGS
from .state import ACHIEVEMENTS_TO_WIN
from .tables import SPLAY_NAMES, VISIBLE_BELOW

POSITIONS = ("top-left", "bottom-left", "bottom-middle", "bottom-right")


def reference_markdown() -> str:
    lines = [
        "# Innovation: rules reference (generated from the engine's data)",
        "",
        "Innovation by Carl Chudyk (Asmadi Games). The effect texts below are this project's own",
        "paraphrase, not the publisher's wording.",
        "",
        "## Winning",
        "",
        "Achievements needed: "
        + ", ".join(f"{k} with {n} players" for n, k in sorted(ACHIEVEMENTS_TO_WIN.items()))
        + ". A draw above 10 ends the game: the highest score wins, then the most achievements.",
        "",
        "## Splays (icons a covered card shows)",
        "",
    ]
    for splay in range(1, 4):
        lines.append(f"- {SPLAY_NAMES[splay]}: " + ", ".join(POSITIONS[p] for p in VISIBLE_BELOW[splay]))
    lines += ["", "## Special achievements", ""]
    for s in sorted(load().special_achievements, key=lambda s: s.id):
        by = s.claimed_by_card
        lines.append(f"- **{s.name}**: {s.condition} Also claimed by {by.card_name}: {by.card_condition}.")
    lines += ["", "## Cards", ""]
    for age in range(1, 11):
        lines += [f"### Age {age}", ""]
        for c in cards():
            if c.age != age:
                continue
            icons = ", ".join("hexagon" if i == "hex" else str(i) for i in c.icons)
            lines.append(f"- **{c.name}** ({c.color}; featured {c.featured}; icons {icons})")
            for i, e in enumerate(c.effects):
                kind = "Demand" if e.kind == "demand" else "Effect"
                lines.append(f"  - {kind} {i + 1}: {e.text}" + (f" *Ruling: {e.ruling}*" if e.ruling else ""))
            if c.effects_1e is not None:
                for i, e in enumerate(c.effects_1e):
                    kind = "Demand" if e.kind == "demand" else "Effect"
                    lines.append(f"  - 1st edition {kind.lower()} {i + 1}: {e.text}")
        lines.append("")
    lines += ["## Rulings", ""]
    for r in RULINGS:
        lines.append(f"- **{r.id} {r.name}**: {r.text}")
    return "\n".join(lines) + "\n"
