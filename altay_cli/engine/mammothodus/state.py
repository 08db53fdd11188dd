"""Mammothodus's game state: the map (tribes, spirits, shards, trails, places of power), each
clan (population, degradation marker, figurines, deck, hand, discard), the human deck, the
portal track, the card supplies, and the routine in progress (frames and the pending decision,
as in frames.py). Everything is plain lists and ints: cloning copies them, `to_dict` is the
whole state as JSON builtins, `digest` a hash of it.

The advanced talents add each clan's talent and token reserve (`talent_of`, `talent_reserve`),
the tokens on the field (`talents`: per territory, the owners' seats) and the territories a
protection guards this turn (`protected`); `to_dict` writes `talent_of`, `talent_reserve` and
`protected` only in a game with talents, so a game without them keeps its form and digests.

Cards are short strings: a clan card is its colour ("red", "green", "yellow", "blue"); an
adaptation card "extra:red", "double:blue", "wild" or "draw3"; a degradation card
"degradation". Human cards are a colour or "new_trail".
"""

from __future__ import annotations

import copy
import hashlib
from enum import StrEnum
from typing import Any, Self

import msgspec

from ..rng import Rng
from .config import MammothodusConfig, config_builtins
from .frames import Ask, Frame, entry_from_dict
from .tables import Tables, checked, tables_of
from .vocabulary import (
    ActionName,
    CardName,
    ColorName,
    EndReasonName,
    HumanCardName,
    PhaseName,
    ResultName,
    checked_words,
    is_card,
    is_end_reason,
    is_human_card,
)

COLORS: tuple[ColorName, ...] = ("red", "green", "yellow", "blue")  # attack, move, population, development
ACTIONS: tuple[ActionName, ...] = ("move", "attack", "population", "development", "degradation", "activate")
#: the action each card colour (and each figurine's bonus) belongs to
ACTION_OF_COLOR: dict[str, ActionName] = {
    "red": "attack",
    "green": "move",
    "yellow": "population",
    "blue": "development",
}
OFF = -1  # a figurine not on the field (on the degradation track)


def _ret_to_builtins(ret: Any) -> Any:
    """What the last routine or decision returned, as JSON: an answered decision's action is
    kept with its type tag."""
    if isinstance(ret, msgspec.Struct):
        return {"action": msgspec.to_builtins(ret)}
    return msgspec.to_builtins(ret)


def _ret_from_builtins(data: Any) -> Any:
    if isinstance(data, dict) and "action" in data:
        from .actions import AnyAction

        return msgspec.convert(data["action"], AnyAction)
    return _tuples(data)


def _tuples(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_tuples(i) for i in x)
    return x


class Phase(StrEnum):
    SETUP = "setup"  # each clan picks its two starting figurines
    PLAY = "play"
    OVER = "over"


class Result(StrEnum):
    WON = "won"
    LOST = "lost"


#: the protocol's names of the phases and results (vocabulary.PhaseName, ResultName)
PHASE_NAME: dict[Phase, PhaseName] = {Phase.SETUP: "setup", Phase.PLAY: "play", Phase.OVER: "over"}
RESULT_NAME: dict[Result, ResultName] = {Result.WON: "won", Result.LOST: "lost"}


class Clan:
    """One clan of the Ancients (one seat)."""

    __slots__ = ("acted", "deck", "degradation", "discard", "figurines", "hand", "population")

    def __init__(self) -> None:
        self.population = 0  # set from the data at set-up
        self.degradation = 0  # the degradation defence marker (M13)
        #: figurines by bonus colour (index into COLORS): territory, or OFF
        self.figurines = [OFF] * len(COLORS)
        self.deck: list[CardName] = []  # the top is the end
        self.hand: list[CardName] = []
        self.discard: list[CardName] = []
        self.acted: list[int] = []  # figurines that already moved/acted this turn (by colour index)

    def copy(self) -> Clan:
        c = Clan.__new__(Clan)
        c.population = self.population
        c.degradation = self.degradation
        c.figurines = self.figurines[:]
        c.deck = self.deck[:]
        c.hand = self.hand[:]
        c.discard = self.discard[:]
        c.acted = self.acted[:]
        return c

    def on_field(self) -> list[int]:
        """The colour indexes of the figurines on the field."""
        return [k for k, t in enumerate(self.figurines) if t != OFF]

    def to_dict(self) -> dict[str, Any]:
        return {
            "population": self.population,
            "degradation": self.degradation,
            "figurines": self.figurines,
            "deck": self.deck,
            "hand": self.hand,
            "discard": self.discard,
            "acted": self.acted,
        }

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Clan:
        c = Clan()
        c.population = int(d["population"])
        c.degradation = int(d["degradation"])
        c.figurines = [int(x) for x in d["figurines"]]
        c.deck = checked_words(d["deck"], is_card, "card")
        c.hand = checked_words(d["hand"], is_card, "card")
        c.discard = checked_words(d["discard"], is_card, "card")
        c.acted = [int(x) for x in d["acted"]]
        if len(c.figurines) != len(COLORS):
            raise ValueError(f"a clan has {len(COLORS)} figurines, one per colour")
        return c


class GameState:
    """One game of Mammothodus. The rules live in machine.py (turns), humans.py (the human
    phase) and ancients.py (the Ancients' phase); this class holds the data."""

    def __init__(self, config: MammothodusConfig | None = None) -> None:
        if config is None:  # the bare state clone() fills (compiled, `__new__` runs `__init__`)
            return
        n = config.players
        self.config = config
        #: the data set this game plays and the tables derived from it (shared by clones)
        self.tables: Tables = tables_of(config)
        self.data = self.tables.data
        self.n = n
        self.rng = Rng(config.seed)
        self.clans = [Clan() for _ in range(n)]
        self.tribes = [0] * self.tables.n  # human tribes per territory
        self.spirits: list[int] = []  # territory of each spirit on the field (index: spirit card)
        self.spirit_on: list[int] = []  # the spirit card (index into data) of each spirit on the field
        self.spirit_deck: list[int] = []  # spirit cards not summoned, the next one is the end
        self.shard_type: list[int] = []  # per shard id: its type (index into data.shards.types)
        self.shard_at: list[int] = []  # per shard id: its territory, -1 once used
        self.shard_open: list[bool] = []  # per shard id: face up
        self.carried: dict[str, int] = {}  # "clan:colour" -> shard id carried in a move this turn
        self.trails: list[int] = []  # territories with an open human trail
        self.trail_tokens: list[int] = []  # face-down trail tokens left (their numbers), the next is the end
        #: per portal line (one per place of power): the territory of its place, -1 if not yet
        self.places: list[int] = [-1] * self.tables.lines
        self.human_deck: list[HumanCardName] = []  # the next card is the end
        self.human_discard: list[HumanCardName] = []
        self.portal: list[int] = []  # fragment ids (index into data) in their row, left to right
        self.portal_open = 0  # how many, from the left, are face up
        self.adaptation_deck: list[int] = []  # adaptation card indexes; the next is the end
        self.market: list[int] = []  # face-up adaptation cards
        self.degradation_supply = 0
        self.discovery_deck: list[int] = []
        self.discoveries: list[int] = []  # revealed human discoveries (advanced)
        #: advanced (Ancient talents, rulings M63-M79): the talent tokens on the field, per territory, each
        #: token named by its owner's seat (its talent is the owner's, `talent_of`)
        self.talents: list[list[int]] = []
        self.talent_of: list[int] = [-1] * n  # each clan's talent (data.talents.names), -1: none yet
        self.talent_reserve: list[int] = [0] * n  # each clan's talent tokens not on the field
        self.protected: list[int] = []  # territories an activated protection token guards this turn (M71)
        self.phase = Phase.SETUP
        self.start_picks = [-1] * n  # set-up: each clan's chosen pair of starting figurines
        self.active = 0
        self.first = 0
        self.turn = 0
        self.stack: list[Frame | Ask] = []
        self.ret: Any = None
        self.result: Result | None = None
        self.end_reason: EndReasonName | None = None
        self.log: list[tuple[Any, ...]] = []  # what the last step did
        self._legal: list[Any] | None = None

    # ------------------------------------------------------------------ the seam
    @property
    def to_move(self) -> int | None:
        if self.phase is Phase.OVER:
            return None
        if self.stack:
            top = self.stack[-1]
            assert isinstance(top, Ask)
            return top.seat
        if self.phase is Phase.SETUP:
            return self.setup_seat()
        return self.active

    def setup_seat(self) -> int:
        """Who decides in the set-up: the first clan without its starting figurines, then (with
        talents) the first clan without a talent (M63)."""
        if -1 in self.start_picks:
            return self.start_picks.index(-1)
        return self.talent_of.index(-1)

    @property
    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def pending(self) -> Ask | None:
        if self.stack:
            top = self.stack[-1]
            return top if isinstance(top, Ask) else None
        return None

    def clone(self) -> Self:
        if hasattr(self, "__dict__"):
            g = self.__class__.__new__(self.__class__)
            g.__dict__.update(self.__dict__)
        else:  # compiled by mypyc (altay_cli/_build.py): native attributes, no __dict__
            g = copy.copy(self)
        g.rng = Rng(self.rng.state)
        g.clans = [c.copy() for c in self.clans]
        g.tribes = self.tribes[:]
        g.spirits = self.spirits[:]
        g.spirit_on = self.spirit_on[:]
        g.spirit_deck = self.spirit_deck[:]
        g.shard_at = self.shard_at[:]
        g.shard_open = self.shard_open[:]
        g.carried = dict(self.carried)
        g.trails = self.trails[:]
        g.trail_tokens = self.trail_tokens[:]
        g.places = self.places[:]
        g.human_deck = self.human_deck[:]
        g.human_discard = self.human_discard[:]
        g.portal = self.portal[:]
        g.adaptation_deck = self.adaptation_deck[:]
        g.market = self.market[:]
        g.discovery_deck = self.discovery_deck[:]
        g.discoveries = self.discoveries[:]
        g.talents = [t[:] for t in self.talents]
        g.talent_of = self.talent_of[:]
        g.talent_reserve = self.talent_reserve[:]
        g.protected = self.protected[:]
        g.start_picks = self.start_picks[:]
        g.stack = [e.copy() for e in self.stack]
        return g

    def to_dict(self) -> dict[str, Any]:
        return self._with_talents(self._to_dict(config_builtins(self.config)))

    def _with_talents(self, out: dict[str, Any]) -> dict[str, Any]:
        if self.config.talents:  # only then: a game without talents keeps its old form and digests
            out["talent_of"] = self.talent_of
            out["talent_reserve"] = self.talent_reserve
            out["protected"] = self.protected
        return out

    def _to_dict(self, config: dict[str, Any]) -> dict[str, Any]:
        return {
            "config": config,
            "rng": self.rng.state,
            "clans": [c.to_dict() for c in self.clans],
            "tribes": self.tribes,
            "spirits": self.spirits,
            "spirit_on": self.spirit_on,
            "spirit_deck": self.spirit_deck,
            "shard_type": self.shard_type,
            "shard_at": self.shard_at,
            "shard_open": self.shard_open,
            "carried": self.carried,
            "trails": self.trails,
            "trail_tokens": self.trail_tokens,
            "places": self.places,
            "human_deck": self.human_deck,
            "human_discard": self.human_discard,
            "portal": self.portal,
            "portal_open": self.portal_open,
            "adaptation_deck": self.adaptation_deck,
            "market": self.market,
            "degradation_supply": self.degradation_supply,
            "discovery_deck": self.discovery_deck,
            "discoveries": self.discoveries,
            "talents": self.talents,
            "phase": str(self.phase),
            "start_picks": self.start_picks,
            "active": self.active,
            "first": self.first,
            "turn": self.turn,
            "stack": [e.to_dict() for e in self.stack],
            "ret": _ret_to_builtins(self.ret),
            "result": None if self.result is None else str(self.result),
            "end_reason": self.end_reason,
        }

    def digest(self) -> str:
        """A hash of the whole state (its data set by content hash)."""
        state = self._with_talents(self._to_dict(config_builtins(self.config, digest=True)))
        return hashlib.blake2b(msgspec.json.encode(state), digest_size=16).hexdigest()

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        try:
            config = msgspec.convert(data["config"], MammothodusConfig)
            if config.data is not None:  # checked as a file given with --data is
                checked(msgspec.json.encode(config.data))
            g = cls(config)
            g.rng = Rng(int(data["rng"]))
            g.clans = [Clan.from_dict(c) for c in data["clans"]]
            ints = (
                "tribes spirits spirit_on spirit_deck shard_type shard_at trails trail_tokens places portal"
                " adaptation_deck market discovery_deck discoveries start_picks"
            )
            for name in ints.split():
                setattr(g, name, [int(x) for x in data[name]])
            g.shard_open = [bool(x) for x in data["shard_open"]]
            g.carried = {str(k): int(v) for k, v in dict(data["carried"]).items()}
            g.human_deck = checked_words(data["human_deck"], is_human_card, "human card")
            g.human_discard = checked_words(data["human_discard"], is_human_card, "human card")
            g.portal_open = int(data["portal_open"])
            g.degradation_supply = int(data["degradation_supply"])
            g.talents = [[int(x) for x in t] for t in data["talents"]]
            if config.talents:
                g.talent_of = [int(x) for x in data["talent_of"]]
                g.talent_reserve = [int(x) for x in data["talent_reserve"]]
                g.protected = [int(x) for x in data["protected"]]
            g.phase = Phase(data["phase"])
            g.active = int(data["active"])
            g.first = int(data["first"])
            g.turn = int(data["turn"])
            g.stack = [entry_from_dict(e) for e in data["stack"]]
            g.ret = _ret_from_builtins(data["ret"])
            g.result = None if data["result"] is None else Result(data["result"])
            reason = data["end_reason"]
            g.end_reason = None if reason is None else checked_words([reason], is_end_reason, "reason")[0]
        except (KeyError, TypeError, ValueError, AttributeError, msgspec.ValidationError) as exc:
            raise ValueError(f"not a Mammothodus state: {exc}") from None
        if len(g.talent_of) != config.players or len(g.talent_reserve) != config.players:
            raise ValueError("not a Mammothodus state: talents of the wrong size")
        if len(g.clans) != config.players or len(g.tribes) != g.tables.n or len(g.places) != g.tables.lines:
            raise ValueError("not a Mammothodus state: zones of the wrong size")
        return g
