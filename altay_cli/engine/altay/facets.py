"""Altay's facets: its notation and views, search support, arena deals and check-bot's pressure
(see `altay_cli.engine.api.Game`); `game.py` declares them."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from typing import Any, ClassVar

import msgspec

from ..api import AmbiguousCommand, CheckBot, Deals, IllegalCommand, InvalidCommand, Search, Text
from . import feedback
from . import views as _views
from .actions import Attack, Fight, Surrender, action_to_builtins
from .belief import AltayBelief
from .config import SETUP_RECOMMENDED, GameConfig
from .data import FACTIONS
from .evaluate import evaluate, playout_action
from .hidden import perturb_hidden
from .notation import command_text, describe, forms, match_command, norm
from .observation import EndReason, Phase
from .state import GameState
from .static import static_info

END_REASONS: dict[str, str] = {
    EndReason.SETTLEMENTS_EXHAUSTED: "a player had no settlements left to place",
    EndReason.NO_SETTLEMENTS_ON_BOARD: "a player had no settlement left on the board",
    EndReason.ROUND_LIMIT: "round limit reached (adjudicated)",
}

VIEWS = {
    "full": "everything you may see",
    "compact": "your zones and this turn",
    "board": "the territories",
    "display": "cards and achievements to acquire",
    "hand": "your own cards and resources",
    "players": "every player's public state",
    "actions": "the legal actions, numbered, with what cards and attacks are worth",
}

HELP = """\
  play Hunter            play a card (play Farmer 1 = its second effect; play Shaman 1 W)
  buy Farmer             buy the top card of a stack (buy Worker FWS = pay F, W and S)
  place F Village        move a resource from your pool onto a table card or 'achievement'
  develop Masonry F      start an achievement from the display, placing one resource
  attack 6 12 Warrior    attack from territory 6 to 12 with these cards (Warrior Cavalry ...)
  settle 5               place a settlement you built        release Merchant   empty a store
  fight Warrior          defend with cards (fight = no cards)   surrender [cards to discard]
  faction Earthfolk      start 2     abandon     trade W     commerce F W     religion 3 9
  end                    end your turn (end Hunter = archive Hunter, with Writing)
An action can also be given as JSON: {"type": "play", "card": "Hunter", "effect": 0}"""


def deal_factions(seed: int, players: int) -> tuple[str, ...]:
    """N distinct factions for the seats of an arena deal, a deterministic function of (seed,
    players): a hash rather than `random.Random`, so a deal never depends on the Python version."""

    def key(faction: str) -> bytes:
        return hashlib.blake2b(f"altay-arena:{players}:{seed}:{faction}".encode(), digest_size=8).digest()

    return tuple(sorted(FACTIONS, key=key)[:players])


class AltayText(Text):
    def command_text(self, action: Any) -> str:
        return command_text(action)

    def describe(self, action: Any) -> str:
        return describe(action)

    def parse(self, state: Any, text: str) -> int:
        legal = state.legal_actions()
        m = match_command(text, legal, [forms(a) for a in legal])
        if m.unique:
            return m.indices[0]
        if m.indices:
            message, _ = feedback.ambiguity(text, m, legal)
            raise AmbiguousCommand(message, m.indices)
        message = feedback.no_match(text, m, state)
        if not m.verb_known:
            raise InvalidCommand(message)
        raise IllegalCommand(message)

    def views(self) -> Mapping[str, str]:
        return VIEWS

    def view(self, state: Any, seat: int | None, name: str) -> list[str]:
        """The view `name` of `seat`'s observation; seat None: of the spectator observation (no
        hand, no hidden card, no legal action: the list names the cards in the hand)."""
        seen = state.observation(seat) if seat is not None else self.game.spectator_observation(state)
        obs = msgspec.to_builtins(seen)
        v = _views
        if name == "full":
            return v.full_view(obs)
        if name == "compact":
            return [
                v.headline(obs),
                *v.wrap([v.score_line(obs)], ""),
                *v.others_lines(obs),
                *(v.you_lines(obs) if seat is not None else []),
                *v.turn_lines(obs),
            ]
        if name == "board":
            return v.board_lines(obs)
        if name == "display":
            return v.display_lines(obs)
        if name == "hand":
            return [*v.you_lines(obs), *v.turn_lines(obs)]
        if name == "players":
            return v.players_lines(obs)
        if name == "actions":
            if seat is None or seat != state.to_move:  # the list names the cards in that hand
                return v.spectator_actions_lines(obs, seat)
            return v.actions_lines([action_to_builtins(a) for a in state.legal_actions()], obs=obs)
        raise ValueError(f"no view {name!r}; views: {', '.join(VIEWS)}")

    def narrate(self, state: Any, seat: int, action: Any, viewer: int | None) -> str | None:
        if not isinstance(action, (Attack, Fight, Surrender)):
            return None
        obs = msgspec.to_builtins(state.observation(seat if viewer is None else viewer))
        return _views.combat_text(obs["last_combat"], obs)

    def turn_key(self, state: Any) -> tuple[Any, ...]:
        return (state.to_move, state.round, state.active, state.phase == Phase.DEFEND)

    def turn_of(self, state: Any) -> tuple[str, int] | None:
        if state.phase in (Phase.FACTION, Phase.START):
            return None
        return f"round {state.round}", state.active

    def seat_label(self, state: Any, seat: int) -> str:
        faction = self.game.roles(state)[seat]
        return f"P{seat}" + (f" {faction}" if faction else "")

    def describe_config(self, config: Any) -> str:
        return (
            f"Altay: {config.players} players, setup {config.setup}"
            f"{', trading' if config.trading else ''}, at most {config.max_rounds} rounds"
        )

    def help_text(self) -> str:
        return HELP

    def why(self, state: Any, text: str) -> str:
        """The rule that asks the decision, the rule or card effect of the action `text` names,
        and, when it is not legal, the condition that fails (see why.py)."""
        from .why import why

        return why(state, text)

    def reference(self) -> str:
        from .reference import reference_markdown

        return reference_markdown()

    def lookup(self, term: str) -> list[str]:
        """A card title or kind, an achievement or a faction, by any unique prefix of its name."""
        info = static_info()
        key = norm(term)
        if not key:
            return []
        out: list[str] = []
        titles = [t for t in info.titles if norm(t.title).startswith(key)]
        for t in titles:
            kinds = [k for k in info.kinds if k.title == t.title]
            out.append(f"{t.title}" + (" (a starting card)" if t.starting else ""))
            out += [f"  effect {i}: {e}" for i, e in enumerate(t.effects)]
            for k in kinds:
                cost = f"cost {k.cost}" if k.cost else "no cost (starting card)"
                out.append(f"  {k.kind}: {k.vp} VP, {cost}")
        for a in info.achievements:
            if norm(a.name).startswith(key):
                kind = "wonder" if a.level == 3 else f"level {a.level} technology"
                timing = f", {a.timing.replace('_', ' ')}" if a.timing else ""
                out.append(f"{a.name}: {kind}, cost {a.cost}{timing}: {a.effect}")
        for f in info.factions:
            if norm(f.name).startswith(key):
                out.append(f"{f.name}: starting deck {', '.join(f.deck)}")
        return out

    def score_headers(self) -> dict[str, str]:
        return {
            "technologies": "Tech",
            "wonders": "Wonders",
            "action_cards": "Cards",
            "territories": "Territ.",
            "captured_settlements": "Capt.",
            "conquest_markers": "Markers",
            "total": "VP",
        }

    def end_reason_text(self, reason: str | None) -> str:
        return END_REASONS.get(reason or "", super().end_reason_text(reason))


class AltaySearch(Search):
    has_sampler = True
    in_process_bots: ClassVar[Mapping[str, str]] = {"greedy": "bots.greedy:choose"}

    def new_belief(self, settings: Any, static: Any, seat: int) -> AltayBelief:
        return AltayBelief(settings, static, seat)

    def evaluate(self, state: Any, seat: int) -> float:
        return evaluate(state, seat)

    def playout_action(self, state: Any, rng: random.Random) -> int:
        return playout_action(state, rng)

    def perturb_hidden(self, state: Any, seat: int, seed: int) -> GameState:
        return perturb_hidden(state, seat, seed)


class AltayDeals(Deals):
    def deal(self, seed: int, players: int, options: Mapping[str, Any] | None = None) -> GameConfig:
        opts = {k: v for k, v in (options or {}).items() if v is not None}
        opts.pop("factions", None)
        opts["setup"] = SETUP_RECOMMENDED
        return self.game.make_config(players, seed, {**opts, "factions": deal_factions(seed, players)})

    def config_roles(self, config: Any) -> list[str]:
        return list(config.factions) if config.factions is not None else [""] * config.players

    def role_choices(self) -> tuple[str, ...]:
        return FACTIONS


class AltayCheckBot(CheckBot):
    quick_game_options: ClassVar[Mapping[str, Any]] = {"max_rounds": 10}
    can_interrupt = True
    interrupt_name = "defence"

    def is_interrupt(self, state: Any) -> bool:
        return state.phase == Phase.DEFEND

    def pressure(self, state: Any, target: int) -> list[int]:
        owner = state.owner
        return [
            i for i, a in enumerate(state.legal_actions()) if isinstance(a, Attack) and owner[a.to] == target
        ]
