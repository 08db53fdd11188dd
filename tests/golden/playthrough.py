"""Playthroughs in the manner of OpenSpiel's: a whole short game of every registered game, and
at every decision what each seat saw (its compact view) and learned (its events), as text.

A change to what any seat may see, or to the rules, shows up as a diff of these files in review.

    python -m tests.golden.playthrough            # rewrite tests/golden/playthroughs/*.txt
    python -m tests.golden.playthrough --check    # exit 1 when one would change
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from altay_cli.engine import load_game

HERE = Path(__file__).resolve().parent / "playthroughs"
REGENERATE = "python -m tests.golden.playthrough"


@dataclass(frozen=True)
class Playthrough:
    file: str
    game: str
    players: int
    seed: int
    options: tuple[tuple[str, Any], ...] = ()


PLAYTHROUGHS = (
    Playthrough("altay_2p_choose.txt", "altay", 2, 31, (("max_rounds", 2),)),
    Playthrough("altay_3p_trading.txt", "altay", 3, 32, (("max_rounds", 1), ("trading", True))),
    Playthrough("toy-sum_3p.txt", "toy-sum", 3, 33),
    Playthrough("innovation_2p.txt", "innovation", 2, 34, (("max_turns", 8),)),
    Playthrough("innovation_3p_1e.txt", "innovation", 3, 35, (("max_turns", 7), ("edition", "1e"))),
    Playthrough("mammothodus_2p.txt", "mammothodus", 2, 36, (("max_turns", 4),)),
    Playthrough("mammothodus_1p.txt", "mammothodus", 1, 132),
    Playthrough("mammothodus_4p_talents.txt", "mammothodus", 4, 121, (("talents", True), ("max_turns", 3))),
)


def playthrough_text(p: Playthrough) -> str:
    game = load_game(p.game)
    config = game.make_config(p.players, p.seed, dict(p.options))
    state = game.new_state(config)
    rng = random.Random(p.seed)
    options = ", ".join(f"{k}={v}" for k, v in p.options) or "none"
    out = [
        f"# {game.kind.title} {game.kind.version}: {p.players} players, seed {p.seed}, options {options}",
        "# every decision: what each seat saw before it, the legal actions, the choice, and what",
        "# each other seat learned from it. Regenerate with: " + REGENERATE,
        "",
    ]
    n = 0
    while not state.is_terminal:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        out.append(f"## decision {n}: seat {seat} to move, {len(legal)} legal")
        for viewer in range(p.players):
            out.append(f"  seat {viewer} sees:")
            out.extend(f"    {line}" for line in game.text.view(state, viewer, "compact"))
        out.append("  legal: " + " | ".join(game.text.command_text(a) for a in legal))
        action = legal[rng.randrange(len(legal))]
        state.apply(action)
        out.append(f"  chosen: {game.text.command_text(action)}")
        for viewer in range(p.players):
            if viewer == seat:
                continue
            seen = game.event_for(state, seat, action, viewer)
            out.append(
                f"  seat {viewer} learns: "
                + (game.text.describe_in(state, seen) if seen is not None else "nothing")
            )
            note = game.text.narrate(state, seat, action, viewer)
            out.extend(f"    {line}" for line in (note or "").splitlines())
        note = game.text.narrate(state, seat, action, seat)
        out.extend(f"  then: {line}" for line in (note or "").splitlines())
        n += 1
    outcome = game.outcome(state)
    out.append("")
    out.append(
        f"# over after {n} decisions: {outcome.end_reason}; ranks {outcome.ranks}; "
        f"totals {[s['total'] for s in outcome.scores]}" + (f"; team {outcome.team}" if outcome.team else "")
    )
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    import tests.conftest  # noqa: F401 (registers the toy game)

    check = "--check" in argv
    HERE.mkdir(exist_ok=True)
    changed = []
    for p in PLAYTHROUGHS:
        path = HERE / p.file
        text = playthrough_text(p)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            changed.append(p.file)
            if not check:
                path.write_text(text, encoding="utf-8")
        print(f"{'changed' if old != text else 'same   '}  {path}")
    if check and changed:
        print(f"{len(changed)} playthrough(s) would change; run `{REGENERATE}` if that is intended")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
