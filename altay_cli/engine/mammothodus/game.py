"""Mammothodus behind the seam: `GAME`, the `altay_cli.engine.api.Game` the registry returns.

A cooperative game: every seat shares one result (won or lost, with the reason) and one rank;
the progress score is the number of places of power activated, reported as `total`.

Its components come from a data file: the bundled stand-in (data.json), or the one given with
the game option `--data FILE`, read and checked when the configuration is made (a bad file is a
ConfigError, one sentence, before any game starts). The configuration then carries the data
whole (`MammothodusConfig.data`), so the game log's header holds it and `replay`, `arena verify`
and the viewer re-simulate the game with it; bots get it in `hello.static`."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any

import msgspec

from ..api import (
    ConfigError,
    Drawing,
    EndReason,
    GameKind,
    GameOption,
    OptionKind,
    Outcome,
    Rules,
    TeamResult,
)
from . import machine
from .actions import AnyAction, action_from_builtins, action_to_builtins
from .data import DataError, DataFile, load
from .events import StepEvent
from .facets import MammothodusCheckBot, MammothodusDeals, MammothodusSearch, MammothodusText
from .happenings import event_for
from .invariants import check_invariants
from .observation import Observation, Settings
from .observe import player_observation, spectate
from .state import MammothodusConfig, Phase, Result, config_builtins
from .static import StaticInfo, static_info
from .tables import checked, tables_of

ENGINE_VERSION = "mammothodus-2"  # 2: M26 and M44 follow the rulebook, M77 (issue 22)
#: why a game ended, in words that hold for any data set (the limits are the data's)
END_REASONS = {
    "portal_opened": "every place of power is active and every clan stands in the centre",
    "too_many_tribes": "a human tribe had to appear while the most the map may hold stood on it",
    "too_many_spirits": "a spirit had to appear while the most the map may hold stood on it",
    "too_many_trails": "a human trail had to open and no trail token was left",
    "no_degradation_cards": "a degradation card had to be taken and none was left",
    "population_exhausted": "a clan's population was 0 or less at a generation change",
    "population_below_minimum": "a clan's population fell below the bottom of its track",
    "turn_limit": "the turn limit was reached (the portal did not open in time)",
    "no_adaptation_cards": "the adaptation market had to be refilled from an empty deck (M50's alternative)",
    "no_human_cards": "a human card had to be revealed and none was left",
    "humans_without_target": "humans had to move and had nowhere to go (M21's alternative)",
    "portal_track_exhausted": "the human deck ran out with every portal fragment open (M28's alternative)",
}


class MammothodusGame(Rules[MammothodusConfig, machine.MammothodusState, AnyAction, Observation]):
    kind = GameKind(
        name="mammothodus",
        title="Mammothodus",
        version=ENGINE_VERSION,
        min_players=1,
        max_players=4,
        cooperative=True,
        role_name="clan",
    )
    config_type = MammothodusConfig
    action_type = AnyAction
    observation_type = Observation
    event_type = StepEvent
    static_info_type = StaticInfo
    settings_type = Settings
    options = (
        GameOption("discoveries", OptionKind.FLAG, "advanced rules: human discoveries", default=False),
        GameOption("talents", OptionKind.FLAG, "advanced rules: Ancient talents", default=False),
        GameOption(
            "max_turns",
            OptionKind.INT,
            "the team loses if the portal is not open after this many turns",
            default=400,
            metavar="N",
        ),
        GameOption(
            "data",
            OptionKind.FILE,
            "play with the components of this data file (the format of the bundled data.json) instead"
            " of the stand-in; the game log records them",
            metavar="FILE",
        ),
    )
    guide = "games/mammothodus.md"
    text_facet = MammothodusText
    search_facet = MammothodusSearch
    deals_facet = MammothodusDeals
    checkbot_facet = MammothodusCheckBot

    @cached_property
    def drawing(self) -> Drawing:
        from .drawing import DRAWING

        return DRAWING

    def make_config(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> MammothodusConfig:
        given = {k: v for k, v in (options or {}).items() if v is not None}
        unknown = set(given) - {"discoveries", "talents", "max_turns", "data"}
        if unknown:
            raise ConfigError(f"Mammothodus has no option {', '.join(sorted(unknown))}")
        if "data" in given:
            given["data"] = data_option(given["data"])
        try:
            config = MammothodusConfig(players=players, seed=seed, **given)
        except TypeError as exc:
            raise ConfigError(str(exc)) from None
        self.validate_config(config)
        return config

    def validate_config(self, config: Any) -> None:
        if not isinstance(config, MammothodusConfig):
            raise ConfigError("not a Mammothodus configuration")
        if config.data is not None:  # a log's header or a saved state: checked as --data FILE is
            checked_data(msgspec.json.encode(config.data), "the game's data")
        clans = len(tables_of(config).clan_names)
        if not 1 <= config.players <= min(clans, self.kind.max_players):
            most = min(clans, self.kind.max_players)
            raise ConfigError(f"Mammothodus is for 1 to {most} clans, not {config.players}")
        if not 1 <= config.max_turns <= 100_000:
            raise ConfigError(f"max_turns must be 1 to 100000, not {config.max_turns}")
        if not 0 <= config.seed < 2**64:
            raise ConfigError("the seed must be between 0 and 2**64 - 1")

    def config_to_builtins(self, config: Any) -> dict[str, Any]:
        """Without data, exactly as before data could be given (logs and goldens unchanged)."""
        out = config_builtins(config)
        out.pop("seed", None)
        return out

    def public_settings(self, config: Any) -> Settings:
        return Settings(config.players, config.discoveries, config.talents, config.max_turns)

    def new_state(self, config: Any) -> Any:
        machine.load_rules()
        return machine.new_game(config)

    def static_info(self, config: Any) -> StaticInfo:
        return static_info(config)

    def event_for(self, state: Any, seat: int, action: Any, viewer: int) -> StepEvent:
        return event_for(state, seat, action, viewer)

    def outcome(self, state: Any, forfeits: Sequence[int] = (), aborted: bool = False) -> Outcome:
        out = sorted(set(forfeits))
        places = sum(1 for t in state.places if t >= 0)
        if aborted:
            team, reason = TeamResult.UNFINISHED, EndReason.ABORTED.value
        elif out:
            team, reason = TeamResult.LOST, EndReason.FORFEIT.value
        elif state.phase is Phase.OVER:
            team = TeamResult.WON if state.result is Result.WON else TeamResult.LOST
            reason = state.end_reason
        else:
            team, reason = TeamResult.UNFINISHED, None
        n = state.n
        score = {"total": places}
        won = team == TeamResult.WON
        return Outcome(
            finished=state.is_terminal and not out and not aborted,
            end_reason=reason,
            rounds=(state.turn + n - 1) // n,
            turns=state.turn,
            scores=[dict(score) for _ in range(n)],
            ranks=[1] * n,
            winners=list(range(n)) if won else [],
            forfeits=out,
            team=team,
        )

    def roles(self, state: Any) -> list[str]:
        return list(state.tables.clan_names[: state.n])

    def explain_illegal(self, state: Any, action: Any) -> str:
        from .explain import explain

        return explain(state, action)

    def check_invariants(self, state: Any) -> list[str]:
        return check_invariants(state)

    def state_from_dict(self, data: Mapping[str, Any]) -> Any:
        machine.load_rules()
        g = machine.MammothodusState.from_dict(dict(data))
        for e in g.stack:
            if not hasattr(e, "options") and e.kind not in machine.STEPS:
                raise ValueError(f"not a Mammothodus state: no routine {e.kind!r}")
        return g

    def action_to_builtins(self, action: Any) -> dict[str, Any]:
        return action_to_builtins(action)

    def action_from_builtins(self, data: Any) -> Any:
        try:
            return action_from_builtins(data)
        except msgspec.ValidationError as exc:
            raise ValueError(str(exc)) from None

    def player_observation(self, state: Any, seat: int, seats: Sequence[int]) -> Observation:
        return player_observation(state, seat, seats)

    def spectator_observation(self, state: Any) -> Observation:
        return spectate(state)


#: the largest data file --data reads (the stand-in is 12 KiB)
MAX_DATA_BYTES = 4 << 20


def data_option(value: Any) -> DataFile | None:
    """The data set of the option `data`: a file's path (read and checked here), its content as
    builtins, or a DataFile; None (no option, or a file holding exactly the bundled stand-in, so
    such a game's log is the stand-in's) for the stand-in. ConfigError, one sentence, for a bad
    one."""
    if value is None:
        return None
    if isinstance(value, DataFile):
        raw = msgspec.json.encode(value)
        where = "the data"
    elif isinstance(value, (str, os.PathLike)):
        where = f"--data {os.fspath(value)}"
        raw = _read(value, where)
    elif isinstance(value, Mapping):
        raw = msgspec.json.encode(value)
        where = "the data"
    else:
        raise ConfigError(f"the data option is a file's path, not {type(value).__name__}")
    data = checked_data(raw, where)
    return None if data == load() else data


def checked_data(raw: bytes, where: str) -> DataFile:
    """A data file's bytes, parsed and validated once per content; ConfigError naming `where`."""
    try:
        return checked(raw)
    except DataError as exc:
        raise ConfigError(f"{where}: {exc}") from None


def _read(path: Any, where: str) -> bytes:
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_DATA_BYTES + 1)
    except FileNotFoundError:
        raise ConfigError(f"{where}: no such file") from None
    except IsADirectoryError:
        raise ConfigError(f"{where}: a directory, not a data file") from None
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise ConfigError(f"{where}: cannot be read ({reason})") from None
    if len(raw) > MAX_DATA_BYTES:
        raise ConfigError(f"{where}: larger than {MAX_DATA_BYTES >> 20} MiB, too large for a data file")
    return raw


GAME = MammothodusGame()
