"""Innovation's facets: its notation and views, search support and check-bot's pressure (see
`altay_cli.engine.api.Game`); `game.py` declares them. Its arena deals are the defaults."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..api import CheckBot, LengthUnit, Search, Text
from . import machine, notation, views
from .actions import Dogma
from .belief import InnovationBelief
from .config import DEFAULT_MAX_TURNS
from .happenings import event_for
from .hidden import perturb_hidden
from .observe import observe, spectate
from .state import EndReason as InnovationEnd
from .state import Phase
from .tables import AGE, NAME

EDITIONS = ("3e", "1e")
END_REASONS: dict[str, str] = {
    InnovationEnd.ACHIEVEMENTS: "a player reached the achievements needed",
    InnovationEnd.DRAW_ABOVE_10: "a draw above 10 (highest score wins)",
    InnovationEnd.CARD: "a card's effect won the game",
    InnovationEnd.TURN_LIMIT: "turn limit reached (adjudicated by score)",
}


class InnovationText(Text):
    length_unit = LengthUnit.TURNS  # one player's two actions; a round is no unit of its play

    def command_text(self, action: Any) -> str:
        return notation.command_text(action)

    def describe(self, action: Any) -> str:
        return notation.describe(action)

    def parse(self, state: Any, text: str) -> int:
        return notation.parse(state.legal_actions(), text)

    def views(self) -> Mapping[str, str]:
        return views.VIEWS

    def view(self, state: Any, seat: int | None, name: str) -> list[str]:
        obs = spectate(state) if seat is None else observe(state, seat)
        if name == "actions":  # only the seat to move sees its legal actions
            return views.actions_lines(obs, state.legal_actions() if seat == state.to_move else [])
        return views.view(obs, name)

    def narrate(self, state: Any, seat: int, action: Any, viewer: int | None) -> str | None:
        happened = event_for(state, seat, action, seat if viewer is None else viewer).happened
        lines = notation.narration(happened, viewer, state.first_edition)
        return "\n".join(lines) if lines else None

    def turn_key(self, state: Any) -> tuple[Any, ...]:
        return (state.to_move, state.turn, state.pending is not None)

    def turn_of(self, state: Any) -> tuple[str, int] | None:
        if state.phase is Phase.FIRST_MELD:
            return None
        return f"turn {state.turn}", state.active

    def describe_config(self, config: Any) -> str:
        edition = "1st-edition cards" if config.edition == "1e" else "3rd edition"
        limit = f", at most {config.max_turns} turns" if config.max_turns != DEFAULT_MAX_TURNS else ""
        return f"Innovation: {config.players} players, {edition}{limit}"

    def end_reason_text(self, reason: str | None) -> str:
        return END_REASONS.get(reason or "", super().end_reason_text(reason))

    def score_headers(self) -> dict[str, str]:
        return {"score": "Score", "total": "Achievements"}

    def help_text(self) -> str:
        return notation.HELP

    def why(self, state: Any, text: str) -> str:
        from .explain import why

        return why(state, text)

    def lookup(self, term: str) -> list[str]:
        from .tables import title_key

        key = title_key(term)
        if not key:
            return []
        out: list[str] = []
        for name in NAME:
            if title_key(name).startswith(key):
                out += views.card_lines(name)
        if not out:
            out = super().lookup(term)
        return out

    def reference(self) -> str:
        from .reference import reference_markdown

        return reference_markdown()


class InnovationSearch(Search):
    has_sampler = True
    in_process_bots: ClassVar[Mapping[str, str]] = {"greedy": "bots.innovation_greedy:choose"}
    greedy_guided: ClassVar[bool] = True  # the playout policy is uniformly random

    def new_belief(self, settings: Any, static: Any, seat: int) -> InnovationBelief:
        return InnovationBelief(settings, static, seat)

    def evaluate(self, state: Any, seat: int) -> float:
        """The margin of `seat`'s position over the best other's, in (-1, 1); a game over is
        won (1) or lost (-1). A position is valued roughly as bots/innovation_greedy.py does:
        achievements first, then the score pile, the board (colours, the highest top card,
        the visible icons) and the cards in hand."""
        if state.is_terminal:
            return 1.0 if seat in state.winners else -1.0
        values = [_position_value(state, p) for p in range(state.n)]
        mine = values[seat]
        best = max(v for p, v in enumerate(values) if p != seat)
        return (mine - best) / (abs(mine) + abs(best) + 1)

    def perturb_hidden(self, state: Any, seat: int, seed: int) -> Any:
        return perturb_hidden(state, seat, seed)


def _position_value(g: Any, p: int) -> float:
    pl = g.players[p]
    tops = [pile[-1] for pile in pl.piles if pile]
    icons = sum(pl.icon_counts())
    board = 2.0 * len(tops) + 1.5 * max((AGE[c] for c in tops), default=0) + 0.25 * icons
    hand = 0.6 * sum(AGE[c] for c in pl.hand)
    return 12.0 * len(pl.achieved) + pl.score_total() + board + hand


class InnovationCheckBot(CheckBot):
    can_interrupt = True
    interrupt_name = "demand/sharing"

    def is_interrupt(self, state: Any) -> bool:
        """A demand: an opponent decides during the activator's turn."""
        ask = state.pending
        return ask is not None and ask.seat != state.active

    def mid_effect(self, state: Any) -> bool:
        """A card's effect asks (the observation's `decision`), in anyone's turn."""
        return state.pending is not None

    def pressure(self, state: Any, target: int) -> list[int]:
        """Dogmas that demand something of `target` (it has fewer of the featured icon)."""
        from .tables import FEATURED
        from .texts import effect_is_demand

        out = []
        for i, a in enumerate(state.legal_actions()):
            if isinstance(a, Dogma):
                c = machine.BY_NAME[a.card]
                if any(effect_is_demand(c, state.first_edition)):
                    icon = FEATURED[c]
                    if state.icons(target, icon) < state.icons(state.active, icon):
                        out.append(i)
        return out
