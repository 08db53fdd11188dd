"""Altay behind the seam: `GAME`, the `altay_cli.engine.api.Game` the registry returns."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar

import msgspec

from ..api import ConfigError, GameKind, GameOption, OptionKind, Outcome, Rules
from ..api import (
    EndReason as CommonEndReason,
)
from . import ENGINE_VERSION
from .actions import (
    AnyAction,
    action_from_builtins,
    action_to_builtins,
    canonical,
)
from .config import SETUP_CHOOSE, SETUP_MODES, SETUP_RECOMMENDED, GameConfig
from .data import DEFAULT_MAX_ROUNDS, FACTIONS
from .drawing import AltayDrawing
from .events import public_action
from .explain import explain_illegal
from .facets import AltayCheckBot, AltayDeals, AltaySearch, AltayText
from .invariants import check_invariants
from .observation import Observation, Settings, SpectatorObservation
from .observe import build_spectator_observation
from .scoring import rank_seats
from .setup import new_game
from .state import GameState, state_from_dict
from .static import StaticInfo, static_info


def _faction_names(value: Any) -> tuple[str, ...] | None:
    if value is None or value == "" or value == ():
        return None
    items = value.split(",") if isinstance(value, str) else list(value)
    by_lower = {f.lower(): f for f in FACTIONS}
    names = []
    for item in items:
        name = str(item).strip()
        if name.lower() not in by_lower:
            raise ConfigError(f"unknown faction {name!r}; choose from {', '.join(FACTIONS)}")
        names.append(by_lower[name.lower()])
    return tuple(names)


class AltayGame(Rules[GameConfig, GameState, AnyAction, Observation]):
    kind = GameKind(
        name="altay",
        title="Altay: Dawn of Civilization",
        version=ENGINE_VERSION,
        min_players=2,
        max_players=4,
        cooperative=False,
        role_name="faction",
    )
    config_type = GameConfig
    action_type = AnyAction
    observation_type = Observation
    event_type = AnyAction
    static_info_type = StaticInfo
    static_observation_fields: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "num_players": (),  # hello.num_players
        "max_rounds": (),  # hello.game.max_rounds
        "trading": (),  # hello.game.trading
        "board": ("terrain",),  # hello.static.territories[id].terrain
    }
    settings_type = Settings
    options = (
        GameOption(
            "factions",
            OptionKind.CHOICE_LIST,
            "one faction per seat, in seat order (default: the players choose)",
            choices=FACTIONS,
            metavar="F1,F2,...",
            dealt=True,
        ),
        GameOption(
            "setup",
            OptionKind.CHOICE,
            "choose: start farmlands are decisions; recommended: the rulebook's",
            choices=SETUP_MODES,
            default=SETUP_CHOOSE,
            dealt=True,
        ),
        GameOption(
            "recommended",
            OptionKind.FLAG,
            "the rulebook's set-up: factions in seat order (unless given) and its start farmlands",
            default=False,
            dealt=True,
        ),
        GameOption("trading", OptionKind.FLAG, "play with the optional Trading rule", default=False),
        GameOption(
            "max_rounds",
            OptionKind.INT,
            "adjudicate the game after this many rounds",
            default=DEFAULT_MAX_ROUNDS,
            metavar="N",
        ),
    )
    guide = "games/altay.md"
    text_facet = AltayText
    search_facet = AltaySearch
    deals_facet = AltayDeals
    checkbot_facet = AltayCheckBot

    @cached_property
    def drawing(self) -> AltayDrawing:
        return AltayDrawing()

    # ------------------------------------------------------------------ configuration
    def make_config(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> GameConfig:
        given = {k: v for k, v in (options or {}).items() if v is not None}
        unknown = set(given) - {o.field for o in self.options}
        if unknown:
            raise ConfigError(f"Altay has no option {', '.join(sorted(unknown))}")
        factions = _faction_names(given.pop("factions", None))
        setup = given.pop("setup", SETUP_CHOOSE)
        if given.pop("recommended", False):
            setup = SETUP_RECOMMENDED
        try:
            config = GameConfig(players=players, seed=seed, factions=factions, setup=setup.lower(), **given)
        except TypeError as exc:
            raise ConfigError(str(exc)) from None
        self.validate_config(config)
        return config

    def validate_config(self, config: Any) -> None:
        if not isinstance(config, GameConfig):
            raise ConfigError("not an Altay configuration")
        config.validate()

    def public_settings(self, config: Any) -> Settings:
        return Settings(
            players=config.players,
            factions=list(config.factions) if config.factions is not None else None,
            setup=config.setup,
            trading=config.trading,
            max_rounds=config.max_rounds,
        )

    # ------------------------------------------------------------------ playing
    def new_state(self, config: Any) -> GameState:
        return new_game(config)

    def static_info(self, config: Any) -> StaticInfo:
        return static_info()

    def event_for(self, state: Any, seat: int, action: Any, viewer: int) -> Any | None:
        return None if viewer == seat else public_action(action)

    def outcome(self, state: Any, forfeits: Sequence[int] = (), aborted: bool = False) -> Outcome:
        scores = state.scores()
        out = sorted(set(forfeits))
        ranks = rank_seats(scores, out)
        if aborted:
            reason = CommonEndReason.ABORTED.value
        elif out:
            reason = CommonEndReason.FORFEIT.value
        else:
            reason = state.end_reason
        return Outcome(
            finished=state.is_terminal and not out and not aborted,
            end_reason=reason,
            rounds=state.round,
            turns=state.turns,
            scores=scores,
            ranks=ranks,
            winners=[s for s, r in enumerate(ranks) if r == 1 and s not in out],
            forfeits=out,
        )

    def roles(self, state: Any) -> list[str]:
        return [FACTIONS[p.faction] if p.faction >= 0 else "" for p in state.players]

    def explain_illegal(self, state: Any, action: Any) -> str:
        return explain_illegal(state, action)

    def check_invariants(self, state: Any) -> list[str]:
        return check_invariants(state)

    def spectator_observation(self, state: Any) -> SpectatorObservation:
        """What every seat may know: each observation's public part (no `seat`, no `you`)."""
        return build_spectator_observation(state)

    def state_from_dict(self, data: Mapping[str, Any]) -> GameState:
        return state_from_dict(dict(data))

    # ------------------------------------------------------------------ actions as data
    def action_to_builtins(self, action: Any) -> dict[str, Any]:
        return action_to_builtins(action)

    def canonical_action(self, action: Any) -> Any:
        return canonical(action)

    def action_from_builtins(self, data: Any) -> Any:
        try:
            return action_from_builtins(data)
        except msgspec.ValidationError as exc:
            raise ValueError(str(exc)) from None


GAME = AltayGame()
