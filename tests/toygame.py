"""A tiny cooperative game with hidden hands, registered only by the tests ("toy-sum").

It exists to prove that everything above the seam is game-agnostic, and that the rules contract
is all a game must write: it implements `altay_cli.engine.api.Rules` and no facet, and the
conformance suite, the referee with real bot processes, logs and replay, `play` (actions by
number or JSON, views from the observation), the arena's cooperative leaderboard and the
viewer all run it on the seam's defaults, without a line written for it.

Rules. A deck holds the cards 1 to 5, three of each, shuffled by the game's seed. Each of 1 to 4
players holds two cards (hidden from the others). The team must bring a shared pile's sum to the
target (12 plus 2 per player) exactly. On your turn, play a card from your hand (it is revealed
and you draw a replacement while the deck lasts), or, once the sum is within 3 of the target,
stop. The team wins when the sum hits the target, loses when it goes over, when someone stops
short, or when no one has a card left.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from altay_cli.engine.api import (
    ConfigError,
    EndReason,
    GameKind,
    GameOption,
    IllegalAction,
    OptionKind,
    Outcome,
    Rules,
    TeamResult,
)
from altay_cli.engine.rng import Rng

CARDS = tuple(v for v in range(1, 6) for _ in range(3))
HAND = 2


class Config(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    players: int = 2
    seed: int = 0
    bonus: int = 0  # added to the target (a game option)


class Play(msgspec.Struct, frozen=True, tag="play", tag_field="type"):
    card: int


class Stop(msgspec.Struct, frozen=True, tag="stop", tag_field="type"):
    pass


Action = Play | Stop


class Observation(msgspec.Struct):
    seat: int
    to_move: int | None
    target: int
    total: int
    pile: list[int]
    hand: list[int]
    hand_sizes: list[int]
    deck_size: int


class State:
    def __init__(self, config: Config) -> None:
        self.config = config
        self.rng = Rng(config.seed)
        deck = list(CARDS)
        self.rng.shuffle(deck)
        self.deck = deck
        self.hands = [sorted(self.deck.pop() for _ in range(HAND)) for _ in range(config.players)]
        self.pile: list[int] = []
        self.seat = 0
        self.turns = 0
        self.result: TeamResult | None = None
        self.end_reason: str | None = None
        self.target = 12 + 2 * config.players + config.bonus

    @property
    def to_move(self) -> int | None:
        return None if self.result is not None else self.seat

    @property
    def is_terminal(self) -> bool:
        return self.result is not None

    def legal_actions(self) -> list[Any]:
        if self.result is not None:
            return []
        out: list[Any] = [Play(card) for card in sorted(set(self.hands[self.seat]))]
        if self.target - sum(self.pile) <= 3:
            out.append(Stop())
        return out

    def apply(self, action: Any) -> None:
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction("that card is not in your hand, or it is not your turn", len(legal))
        if isinstance(action, Play):
            hand = self.hands[self.seat]
            hand.remove(action.card)
            self.pile.append(action.card)
            if self.deck:
                hand.append(self.deck.pop())
                hand.sort()
            total = sum(self.pile)
            if total == self.target:
                self._end(TeamResult.WON, "target_reached")
            elif total > self.target:
                self._end(TeamResult.LOST, "overshot")
        else:
            self._end(TeamResult.LOST, "stopped_short")
        self.turns += 1
        if self.result is None:
            for step in range(1, self.config.players + 1):
                nxt = (self.seat + step) % self.config.players
                if self.hands[nxt]:
                    self.seat = nxt
                    break
            else:
                self._end(TeamResult.LOST, "no_cards")

    def _end(self, result: TeamResult, reason: str) -> None:
        self.result, self.end_reason = result, reason

    def observation(self, seat: int) -> Observation:
        return Observation(
            seat=seat,
            to_move=self.to_move,
            target=self.target,
            total=sum(self.pile),
            pile=list(self.pile),
            hand=list(self.hands[seat]),
            hand_sizes=[len(h) for h in self.hands],
            deck_size=len(self.deck),
        )

    def clone(self) -> State:
        other = State.__new__(State)
        other.__dict__.update(self.__dict__)
        other.rng = Rng(self.rng.state)
        other.deck = list(self.deck)
        other.hands = [list(h) for h in self.hands]
        other.pile = list(self.pile)
        return other

    def to_dict(self) -> dict[str, Any]:
        return {
            "config": msgspec.to_builtins(self.config),
            "rng": self.rng.state,
            "deck": self.deck,
            "hands": self.hands,
            "pile": self.pile,
            "seat": self.seat,
            "turns": self.turns,
            "result": self.result,
            "end_reason": self.end_reason,
        }

    def digest(self) -> str:
        import hashlib

        return hashlib.blake2b(msgspec.json.encode(self.to_dict()), digest_size=16).hexdigest()


class ToySum(Rules[Config, State, Action, Observation]):
    """The rules contract and nothing else: every facet (notation, views, drawing, search, deals,
    check-bot) is the seam's default."""

    kind = GameKind(
        name="toy-sum", title="Toy Sum", version="0.1", min_players=1, max_players=4, cooperative=True
    )
    config_type = Config
    action_type = Action
    observation_type = Observation
    options = (GameOption("bonus", OptionKind.INT, "add this to the target", default=0),)

    def make_config(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> Config:
        given = {k: v for k, v in (options or {}).items() if v is not None}
        if set(given) - {"bonus"}:
            raise ConfigError(f"toy-sum has no option {', '.join(sorted(set(given) - {'bonus'}))}")
        if not 0 <= given.get("bonus", 0) <= 10:
            raise ConfigError(f"bonus must be 0 to 10, not {given['bonus']}")
        config = Config(players=players, seed=seed, **given)
        self.validate_config(config)
        return config

    def new_state(self, config: Config) -> State:
        return State(config)

    def event_for(self, state: State, seat: int, action: Action, viewer: int) -> Action | None:
        return None if viewer == seat else action  # a played card is revealed; the draw is not

    def outcome(self, state: State, forfeits: Sequence[int] = (), aborted: bool = False) -> Outcome:
        out = sorted(set(forfeits))
        total = sum(state.pile)
        reason: str | None
        if aborted:
            team, reason = TeamResult.UNFINISHED, EndReason.ABORTED.value
        elif out:
            team, reason = TeamResult.LOST, EndReason.FORFEIT.value
        else:
            team, reason = state.result or TeamResult.UNFINISHED, state.end_reason
        won = team == TeamResult.WON
        score = {"sum": total, "total": total if won else 0}
        n = state.config.players
        return Outcome(
            finished=state.is_terminal and not out and not aborted,
            end_reason=reason,
            rounds=state.turns,
            turns=state.turns,
            scores=[dict(score) for _ in range(n)],
            ranks=[1] * n,
            winners=list(range(n)) if won else [],
            forfeits=out,
            team=team,
        )

    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        try:
            state = State(msgspec.convert(data["config"], Config))
            state.rng = Rng(data["rng"])
            state.deck, state.hands, state.pile = (
                list(data["deck"]),
                [list(h) for h in data["hands"]],
                list(data["pile"]),
            )
            state.seat, state.turns, state.end_reason = data["seat"], data["turns"], data["end_reason"]
            state.result = TeamResult(data["result"]) if data["result"] is not None else None
        except (KeyError, TypeError, ValueError, msgspec.ValidationError) as exc:
            raise ValueError(f"not a toy-sum state: {exc}") from None
        return state


GAME = ToySum()
