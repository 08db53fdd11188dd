"""Altay behind the seam: `GAME`, the `altay_cli.engine.api.Game` the registry returns."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from ..api import (
    AmbiguousCommand,
    ConfigError,
    Game,
    GameKind,
    GameOption,
    IllegalCommand,
    InvalidCommand,
    OptionKind,
    Outcome,
)
from ..api import (
    EndReason as CommonEndReason,
)
from . import ENGINE_VERSION, feedback
from . import views as _views
from .actions import (
    AnyAction,
    Attack,
    Fight,
    Surrender,
    action_from_builtins,
    action_to_builtins,
    canonical,
    public_action,
)
from .belief import AltayBelief
from .config import SETUP_CHOOSE, SETUP_MODES, SETUP_RECOMMENDED, GameConfig
from .data import DEFAULT_MAX_ROUNDS, FACTIONS
from .drawing import AltayDrawing
from .evaluate import evaluate, playout_action
from .explain import explain_illegal
from .invariants import check_invariants
from .notation import command_text, describe, forms, match_command, norm
from .observation import EndReason, Observation, Phase, Settings, SpectatorObservation
from .observe import build_spectator_observation
from .scoring import rank_seats
from .setup import new_game
from .state import GameState, state_from_dict
from .static import StaticInfo, static_info

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


class AltayGame(Game):
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
    in_process_bots = {"greedy": "bots.greedy:choose"}
    quick_game_options = {"max_rounds": 10}
    can_interrupt = True
    interrupt_name = "defence"
    has_sampler = True

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

    def deal(self, seed: int, players: int, options: Mapping[str, Any] | None = None) -> GameConfig:
        opts = {k: v for k, v in (options or {}).items() if v is not None}
        opts.pop("factions", None)
        opts["setup"] = SETUP_RECOMMENDED
        return self.make_config(players, seed, {**opts, "factions": deal_factions(seed, players)})

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

    def config_roles(self, config: Any) -> list[str]:
        return list(config.factions) if config.factions is not None else [""] * config.players

    def role_choices(self) -> tuple[str, ...]:
        return FACTIONS

    def end_reason_text(self, reason: str | None) -> str:
        return END_REASONS.get(reason or "", super().end_reason_text(reason))

    def explain_illegal(self, state: Any, action: Any) -> str:
        return explain_illegal(state, action)

    def check_invariants(self, state: Any) -> list[str]:
        return check_invariants(state)

    def perturb_hidden(self, state: Any, seat: int, seed: int) -> GameState:
        """A copy of `state` that differs only in what `seat` may not know: the generator's
        state, the order of the achievement decks, every card of the others that `seat` cannot
        see (hand, deck, discard, archive, trashed: redealt, same zone sizes), and the others'
        unrevealed secret wonders (swapped with the wonder deck or among themselves)."""
        rng = random.Random(seed)
        h: GameState = state.clone()
        h.rng.state = rng.getrandbits(64)
        for level in (1, 2, 3):
            rng.shuffle(h.ach_deck[level])
        for o, p in enumerate(h.players):
            if o == seat:
                continue
            pool = p.hand + p.deck + p.discard + p.archive + p.trashed
            rng.shuffle(pool)
            zones = []
            for size in (len(p.hand), len(p.deck), len(p.discard), len(p.archive), len(p.trashed)):
                zones.append(pool[:size])
                pool = pool[size:]
            p.hand, p.deck, p.discard, p.archive, p.trashed = zones
        others = [p for o, p in enumerate(h.players) if o != seat and not p.secret_revealed and p.secret >= 0]
        if others and h.ach_deck[3]:
            p = rng.choice(others)
            j = rng.randrange(len(h.ach_deck[3]))
            p.secret, h.ach_deck[3][j] = h.ach_deck[3][j], p.secret
        elif len(others) >= 2:
            others[0].secret, others[1].secret = others[1].secret, others[0].secret
        h._legal = None
        return h

    def spectator_observation(self, state: Any) -> SpectatorObservation:
        """What every seat may know: each observation's public part (no `seat`, no `you`)."""
        return build_spectator_observation(state)

    def drawing(self) -> AltayDrawing:
        return AltayDrawing()

    def new_belief(self, settings: Any, static: Any, seat: int) -> AltayBelief:
        return AltayBelief(settings, static, seat)

    def evaluate(self, state: Any, seat: int) -> float:
        return evaluate(state, seat)

    def playout_action(self, state: Any, rng: random.Random) -> int:
        return playout_action(state, rng)

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

    # ------------------------------------------------------------------ for people
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
        seen = state.observation(seat) if seat is not None else self.spectator_observation(state)
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
        faction = self.roles(state)[seat]
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

    def is_interrupt(self, state: Any) -> bool:
        return state.phase == Phase.DEFEND

    def pressure(self, state: Any, target: int) -> list[int]:
        owner = state.owner
        return [
            i for i, a in enumerate(state.legal_actions()) if isinstance(a, Attack) and owner[a.to] == target
        ]

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


GAME = AltayGame()
