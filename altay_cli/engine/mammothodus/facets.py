"""Mammothodus's facets: its notation and views, search support, arena deals and check-bot's
pressure (see `altay_cli.engine.api.Game`); `game.py` declares them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..api import CheckBot, Deals, LengthUnit, Search, Text
from . import notation, views
from .belief import MammothodusBelief
from .data import load
from .happenings import event_for
from .hidden import perturb_hidden
from .observe import observe, player_observation, spectate
from .state import Phase, Result
from .tables import tables_of

#: A search bot searches the team's plan once this few places of power are left to activate
#: (`MammothodusSearch.worth_searching`).
SEARCH_WHEN_PLACES_LEFT = 1


class MammothodusText(Text):
    length_unit = LengthUnit.TURNS  # clans' turns, the unit of its limit (max_turns)

    def command_text(self, action: Any) -> str:
        return notation.command_text(action)

    def describe(self, action: Any) -> str:
        return notation.describe(action)

    def describe_in(self, state: Any, action: Any) -> str:
        return notation.describe(action, state.tables)

    def parse(self, state: Any, text: str) -> int:
        return notation.parse(state.legal_actions(), text)

    def views(self) -> Mapping[str, str]:
        return views.VIEWS

    def view(self, state: Any, seat: int | None, name: str) -> list[str]:
        return views.view(spectate(state) if seat is None else observe(state, seat), name, state.tables)

    def player_view(self, state: Any, seat: int, seats: Sequence[int], name: str) -> list[str]:
        return views.view(player_observation(state, seat, seats), name, state.tables)

    def why(self, state: Any, text: str) -> str:
        from .explain import why

        return why(state, text)

    def reference(self) -> str:
        from .reference import reference

        return reference(load())

    def reference_for(self, config: Any) -> str:
        from .reference import reference

        if config is None or config.data is None:
            return self.reference()
        return reference(config.data, "the data file given with --data")

    def narrate(self, state: Any, seat: int, action: Any, viewer: int | None) -> str | None:
        knows = seat if viewer is None else viewer
        lines = notation.narration(event_for(state, seat, action, knows).happened, viewer, state.tables)
        return "\n".join(lines) if lines else None

    def turn_of(self, state: Any) -> tuple[str, int] | None:
        if state.phase is Phase.SETUP:
            return None
        return f"turn {state.turn}", state.active

    def seat_label(self, state: Any, seat: int) -> str:
        return f"P{seat} {state.tables.clan_names[seat]}"

    def describe_config(self, config: Any) -> str:
        extras = [
            name for name, on in (("discoveries", config.discoveries), ("talents", config.talents)) if on
        ]
        own = f", data set {tables_of(config).key[:12]}" if config.data is not None else ""
        return (
            f"Mammothodus: {config.players} clan{'s' if config.players != 1 else ''}"
            + (f", advanced: {', '.join(extras)}" if extras else "")
            + own
        )

    def end_reason_text(self, reason: str | None) -> str:
        from .game import END_REASONS

        return END_REASONS.get(reason or "", super().end_reason_text(reason))

    def score_headers(self) -> dict[str, str]:
        return {"total": "Places of power"}

    def help_text(self) -> str:
        return notation.HELP


class MammothodusSearch(Search):
    has_sampler = True
    in_process_bots: ClassVar[Mapping[str, str]] = {"greedy": "bots.mammothodus_team:choose"}
    in_process_static = True  # the team player reads the game's data set from it
    playouts_to_the_end = True

    def worth_searching(self, observation: Any, every_stage: bool = False) -> bool:
        """The action of a clan's turn (where the team's plan is made: the team player follows
        it through the smaller decisions that come with the action), once at most
        `SEARCH_WHEN_PLACES_LEFT` places of power are left to activate (or at every stage).

        Why only then: before, a playout to the end is long and ends in a loss whatever the
        candidate in some 19 worlds of 20, so a second of playouts cannot tell two plans apart
        (the search departed from the heuristic on noise and lost as often as it won); with one
        place left the game is a few turns from its end, a playout takes some 10 ms, and about
        one game in five is still won or lost there (bots/README.md gives the measurements)."""
        decision = observation.get("decision") if isinstance(observation, Mapping) else None
        if not (isinstance(decision, Mapping) and decision.get("purpose") == "action"):
            return False
        if every_stage:
            return True
        places = observation.get("places")
        if not isinstance(places, list):
            return False
        return sum(1 for t in places if t is None) <= SEARCH_WHEN_PLACES_LEFT

    def new_belief(self, settings: Any, static: Any, seat: int) -> MammothodusBelief:
        return MammothodusBelief(settings, static, seat)

    def evaluate(self, state: Any, seat: int) -> float:
        """The team's outcome once over (won 1, lost -1); before, its progress in (-1, 1), the
        same for every clan: places of power active (and, with them, clans home in the centre)
        and shards turned face up count for it; tribes and spirits against their limits, trail
        tokens and degradation cards spent and the weakest clan's population against it. (The
        search bot values its playouts of Mammothodus by the outcome alone: this value, after
        short random playouts, led it away from the team heuristic's plans; see bots/README.md.)"""
        if state.is_terminal:
            return 1.0 if state.result is Result.WON else -1.0
        return progress(state)

    def perturb_hidden(self, state: Any, seat: int, seed: int) -> Any:
        return perturb_hidden(state, seat, seed)


def progress(g: Any) -> float:
    """How far the team is toward the win (and from the defeats), in [-0.9, 0.9]."""
    d, n = g.data, g.n
    places = sum(1 for t in g.places if t >= 0) / max(1, len(g.places))
    centre = g.tables.centre
    home = sum(1 for clan in g.clans if centre in clan.figurines) / n
    opened = sum(1 for i, t in enumerate(g.shard_at) if t >= 0 and g.shard_open[i]) / max(1, len(g.shard_at))
    tribes = sum(g.tribes) / max(1, d.limits.tribes)
    spirits = len(g.spirits) / max(1, d.limits.spirits)
    trails = 1 - len(g.trail_tokens) / max(1, len(d.map.trail_positions))
    degraded = 1 - g.degradation_supply / max(1, d.degradation.cards)
    weakest = min(clan.population for clan in g.clans) / max(1, d.population.start)
    value = (
        0.45 * places
        + 0.05 * home * places
        + 0.05 * opened
        + 0.05 * min(1.0, weakest)
        - 0.15 * tribes
        - 0.1 * spirits
        - 0.1 * trails
        - 0.1 * degraded
    )
    return max(-0.9, min(0.9, value))


class MammothodusDeals(Deals):
    def config_roles(self, config: Any) -> list[str]:
        return list(tables_of(config).clan_names[: config.players])

    def role_choices(self) -> tuple[str, ...]:
        return tuple(load().clans.names)  # the stand-in's; a data file's: role_choices_for

    def player_range(self, options: Mapping[str, Any] | None = None) -> tuple[int, int]:
        """One clan per name of the data (the kind's range at most)."""
        from .game import data_option

        data = data_option((options or {}).get("data"))
        names = len((load() if data is None else data).clans.names)
        return self.game.kind.min_players, min(self.game.kind.max_players, names)

    def role_choices_for(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        from .game import data_option

        data = data_option(options.get("data"))
        return tuple((load() if data is None else data).clans.names)


class MammothodusCheckBot(CheckBot):
    can_interrupt = True
    interrupt_name = "assistance"

    def is_interrupt(self, state: Any) -> bool:
        ask = state.pending
        return ask is not None and ask.seat != state.active

    def mid_effect(self, state: Any) -> bool:
        """A decision inside an action (a step of a move, a re-roll, a hit, an assistance, a
        generated piece's place), not the choice of the action or figurine itself."""
        return state.pending is not None and len(state.stack) > 4
