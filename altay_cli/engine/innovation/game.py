"""Innovation behind the seam: `GAME`, the `altay_cli.engine.api.Game` the registry returns."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar

import msgspec

from ..api import ConfigError, Drawing, EndReason, GameKind, GameOption, OptionKind, Outcome, Rules
from . import ENGINE_VERSION, machine
from .actions import AnyAction, action_from_builtins, action_to_builtins, canonical
from .config import DEFAULT_MAX_TURNS, InnovationConfig
from .events import StepEvent
from .explain import explain_illegal
from .facets import InnovationCheckBot, InnovationSearch, InnovationText
from .happenings import event_for
from .invariants import check_invariants
from .observation import Observation, Settings
from .observe import spectate
from .state import EndReason as InnovationEnd
from .static import StaticInfo, static_info

EDITIONS = ("3e", "1e")


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


class InnovationGame(Rules[InnovationConfig, machine.InnovationState, AnyAction, Observation]):
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
    static_observation_fields: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "edition": (),  # hello.game.edition
        "achievements_to_win": (),  # hello.static.achievements_to_win[str(num_players)]
    }
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
    text_facet = InnovationText
    search_facet = InnovationSearch
    checkbot_facet = InnovationCheckBot

    @cached_property
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


GAME = InnovationGame()
