"""Innovation behind the seam: `GAME`, the `altay_cli.engine.api.Game` the registry returns."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from ..api import ConfigError, Drawing, EndReason, Game, GameKind, GameOption, LengthUnit, OptionKind, Outcome
from . import ENGINE_VERSION, machine, notation, views
from .actions import AnyAction, Dogma, action_from_builtins, action_to_builtins, canonical
from .events import StepEvent, event_for
from .explain import explain_illegal
from .hidden import perturb_hidden
from .invariants import check_invariants
from .observation import Observation, Settings, observe, spectate
from .state import DEFAULT_MAX_TURNS, InnovationConfig, Phase
from .state import EndReason as InnovationEnd
from .static import StaticInfo, static_info
from .tables import NAME

EDITIONS = ("3e", "1e")
END_REASONS = {
    InnovationEnd.ACHIEVEMENTS: "a player reached the achievements needed",
    InnovationEnd.DRAW_ABOVE_10: "a draw above 10 (highest score wins)",
    InnovationEnd.CARD: "a card's effect won the game",
    InnovationEnd.TURN_LIMIT: "turn limit reached (adjudicated by score)",
}


def rank_seats(state: Any, forfeits: Sequence[int] = ()) -> list[int]:
    """1-based ranks: the winners first; then, after a draw above 10, score and achievements,
    otherwise achievements and score; forfeited seats after every other."""
    out = set(forfeits)
    n = state.n
    by_score = state.end_reason in (InnovationEnd.DRAW_ABOVE_10, InnovationEnd.TURN_LIMIT)
    keys = []
    for p, pl in enumerate(state.players):
        a, s = len(pl.achieved), pl.score_total()
        keys.append((p in state.winners and not out, *((s, a) if by_score else (a, s))))
    playing = [p for p in range(n) if p not in out]
    ranks = []
    for p in range(n):
        if p in out:
            ranks.append(len(playing) + 1)
        else:
            ranks.append(1 + sum(1 for q in playing if keys[q] > keys[p]))
    return ranks


class InnovationGame(Game):
    kind = GameKind(
        name="innovation",
        title="Innovation",
        version=ENGINE_VERSION,
        min_players=2,
        max_players=4,
        cooperative=False,
        role_name=None,
    )
    config_type = InnovationConfig
    action_type = AnyAction
    observation_type = Observation
    event_type = StepEvent
    static_info_type = StaticInfo
    settings_type = Settings
    options = (
        GameOption(
            "edition",
            OptionKind.CHOICE,
            "3e (the default, as Board Game Arena plays) or 1e: the 1st-edition texts of the nine"
            " changed cards",
            choices=EDITIONS,
            default="3e",
        ),
        GameOption(
            "max_turns",
            OptionKind.INT,
            "adjudicate after this many turns: highest score, then most achievements",
            default=DEFAULT_MAX_TURNS,
            metavar="N",
        ),
    )
    guide = "games/innovation.md"
    in_process_bots = {"greedy": "bots.innovation_greedy:choose"}
    can_interrupt = True
    length_unit = LengthUnit.TURNS  # one player's two actions; a round is no unit of its play
    interrupt_name = "demand/sharing"

    # ------------------------------------------------------------------ the web viewer
    def drawing(self) -> Drawing:
        from .drawing import InnovationDrawing

        return InnovationDrawing()

    def spectator_observation(self, state: Any) -> Observation:
        return spectate(state)

    # ------------------------------------------------------------------ configuration
    def make_config(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> InnovationConfig:
        given = {k: v for k, v in (options or {}).items() if v is not None}
        unknown = set(given) - {"edition", "max_turns"}
        if unknown:
            raise ConfigError(f"Innovation has no option {', '.join(sorted(unknown))}")
        edition = str(given.get("edition", "3e")).lower()
        max_turns = given.get("max_turns", DEFAULT_MAX_TURNS)
        if isinstance(max_turns, bool) or not isinstance(max_turns, int):
            raise ConfigError(f"max_turns must be a whole number, not {max_turns!r}")
        config = InnovationConfig(players=players, seed=seed, edition=edition, max_turns=max_turns)
        self.validate_config(config)
        return config

    def validate_config(self, config: Any) -> None:
        if not isinstance(config, InnovationConfig):
            raise ConfigError("not an Innovation configuration")
        if not 2 <= config.players <= 4:
            raise ConfigError(f"Innovation is for 2 to 4 players, not {config.players}")
        if config.edition not in EDITIONS:
            raise ConfigError(f"edition must be one of {', '.join(EDITIONS)}, not {config.edition!r}")
        if not 0 <= config.seed < 2**64:
            raise ConfigError("the seed must be between 0 and 2**64 - 1")
        if not 1 <= config.max_turns <= 100_000:
            raise ConfigError(f"max_turns must be 1 to 100000, not {config.max_turns}")

    def deal(self, seed: int, players: int, options: Mapping[str, Any] | None = None) -> InnovationConfig:
        return self.make_config(players, seed, options)

    def public_settings(self, config: Any) -> Settings:
        return Settings(players=config.players, edition=config.edition, max_turns=config.max_turns)

    # ------------------------------------------------------------------ playing
    def new_state(self, config: Any) -> machine.InnovationState:
        return machine.new_game(config)

    def static_info(self, config: Any) -> StaticInfo:
        return static_info(config.edition)

    def event_for(self, state: Any, seat: int, action: Any, viewer: int) -> StepEvent:
        return event_for(state, seat, action, viewer)

    def outcome(self, state: Any, forfeits: Sequence[int] = (), aborted: bool = False) -> Outcome:
        out = sorted(set(forfeits))
        ranks = rank_seats(state, out)
        if aborted:
            reason: str | None = EndReason.ABORTED.value
        elif out:
            reason = EndReason.FORFEIT.value
        else:
            reason = None if state.end_reason is None else str(state.end_reason)
        scores = [
            {"score": pl.score_total(), "total": len(pl.achieved)}  # total: the achievements
            for pl in state.players
        ]
        finished = state.is_terminal and not out and not aborted
        winners = (
            list(state.winners) if finished else [s for s, r in enumerate(ranks) if r == 1 and s not in out]
        )
        return Outcome(
            finished=finished,
            end_reason=reason,
            rounds=state.rounds,
            turns=state.turn,
            scores=scores,
            ranks=ranks,
            winners=winners,
            forfeits=out,
        )

    def roles(self, state: Any) -> list[str]:
        return [""] * state.n

    def explain_illegal(self, state: Any, action: Any) -> str:
        return explain_illegal(state, action)

    def check_invariants(self, state: Any) -> list[str]:
        return check_invariants(state)

    def perturb_hidden(self, state: Any, seat: int, seed: int) -> Any:
        return perturb_hidden(state, seat, seed)

    def state_from_dict(self, data: Mapping[str, Any]) -> Any:
        return machine.InnovationState.from_dict(dict(data))

    # ------------------------------------------------------------------ actions as data
    def action_to_builtins(self, action: Any) -> dict[str, Any]:
        return action_to_builtins(action)

    def action_from_builtins(self, data: Any) -> Any:
        try:
            return action_from_builtins(data)
        except msgspec.ValidationError as exc:
            raise ValueError(str(exc)) from None

    def canonical_action(self, action: Any) -> Any:
        return canonical(action)

    # ------------------------------------------------------------------ for people
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
        return END_REASONS.get(reason or "", super().end_reason_text(reason))  # type: ignore[call-overload]

    def score_headers(self) -> dict[str, str]:
        return {"score": "Score", "total": "Achievements"}

    def help_text(self) -> str:
        return notation.HELP

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


GAME = InnovationGame()
