"""Innovation's game state: every zone as lists of card ids, who knows which card, the turn,
and the effect in progress (frames, see frames.py). Cloning copies lists; `to_dict` is the
whole state as JSON builtins and `digest` a hash of it.

Zones and where a card is: `where[c] = zone * 8 + owner` (owner 0 for the supply, the
available achievements and the removed cards). `known[c]` is the set of players (a bit mask)
who know card c's identity where it now lies (RULES.md §12, R46): a board card is known to
all, a hand card at least to its owner, a standard achievement to nobody.
"""

from __future__ import annotations

import copy
import hashlib
from enum import StrEnum
from typing import Any, Literal, Self

import msgspec

from ..rng import Rng
from .config import InnovationConfig
from .frames import Ask, Frame, entry_from_dict
from .tables import AGE, HAS, NCARDS, SHOWN, SPECIALS

SUPPLY, HAND, SCORE, BOARD, ACHIEVED, AVAILABLE, REMOVED = range(7)
#: where a card lies, by zone code: the protocol's names (events.Happening's from_zone, to_zone)
Zone = Literal["supply", "hand", "score", "board", "achievements", "available", "removed"]
ZONE_NAMES: tuple[Zone, ...] = ("supply", "hand", "score", "board", "achievements", "available", "removed")

#: E05: a game not over after this many turns is adjudicated by score (Innovation has no limit of
#: its own, and two players can repeat actions that change nothing for ever)

#: achievements needed to win, by number of players (RULES.md §11.1)
ACHIEVEMENTS_TO_WIN = {2: 6, 3: 5, 4: 4}


class Phase(StrEnum):
    FIRST_MELD = "first_meld"  # set-up: every player picks a card to meld, in secret
    PLAY = "play"
    OVER = "over"


class EndReason(StrEnum):
    ACHIEVEMENTS = "achievements"  # a player reached the number of achievements (R32)
    DRAW_ABOVE_10 = "draw_above_10"  # a draw above 10: highest score wins (R33)
    CARD = "card_win"  # a card said "you win" (Empiricism, Collaboration...)
    TURN_LIMIT = "turn_limit"  # the configuration's max_turns were played (adjudicated by score)


class Player:
    """One player's zones and Monument counters. `piles[color]` runs bottom to top."""

    __slots__ = ("achieved", "hand", "icons", "piles", "score", "scored", "splay", "tucked")

    def __init__(self) -> None:
        self.hand: list[int] = []
        self.score: list[int] = []
        self.piles: list[list[int]] = [[], [], [], [], []]
        self.splay: list[int] = [0, 0, 0, 0, 0]
        self.achieved: list[int] = []
        self.tucked = 0  # cards tucked this turn (Monument)
        self.scored = 0  # cards scored this turn (Monument)
        self.icons: tuple[int, ...] | None = None  # cache of the icon count, None when stale

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.hand = self.hand[:]
        p.score = self.score[:]
        p.piles = [pile[:] for pile in self.piles]
        p.splay = self.splay[:]
        p.achieved = self.achieved[:]
        p.tucked = self.tucked
        p.scored = self.scored
        p.icons = self.icons
        return p

    def icon_counts(self) -> tuple[int, ...]:
        """Visible icons by icon code (index 0, the hexagon, is always 0): RULES.md §6.3."""
        counts = self.icons
        if counts is None:
            acc = [0, 0, 0, 0, 0, 0, 0]
            for color in range(5):
                pile = self.piles[color]
                if not pile:
                    continue
                top = HAS[pile[-1]]
                for i in range(1, 7):
                    acc[i] += top[i]
                if len(pile) > 1 and self.splay[color]:
                    shown = SHOWN[self.splay[color]]
                    for c in pile[:-1]:
                        s = shown[c]
                        for i in range(1, 7):
                            acc[i] += s[i]
            counts = self.icons = tuple(acc)
        return counts

    def pile_icons(self, color: int, icon: int) -> int:
        """The `icon`s one pile shows: its part of the icon count (Fermenting, Industrialization)."""
        pile = self.piles[color]
        if not pile:
            return 0
        n = HAS[pile[-1]][icon]
        if len(pile) > 1 and self.splay[color]:
            shown = SHOWN[self.splay[color]]
            n += sum(shown[c][icon] for c in pile[:-1])
        return n

    def tops(self) -> list[int]:
        return [pile[-1] for pile in self.piles if pile]

    def score_total(self) -> int:
        return sum(AGE[c] for c in self.score)

    def highest_top(self) -> int:
        """The value of the highest top card, 0 with an empty board (R07)."""
        return max((AGE[pile[-1]] for pile in self.piles if pile), default=0)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "score": self.score,
            "piles": self.piles,
            "splay": self.splay,
            "achieved": self.achieved,
            "tucked": self.tucked,
            "scored": self.scored,
        }

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Player:
        p = Player()
        p.hand = [int(c) for c in d["hand"]]
        p.score = [int(c) for c in d["score"]]
        p.piles = [[int(c) for c in pile] for pile in d["piles"]]
        p.splay = [int(s) for s in d["splay"]]
        p.achieved = [int(c) for c in d["achieved"]]
        p.tucked = int(d["tucked"])
        p.scored = int(d["scored"])
        if len(p.piles) != 5 or len(p.splay) != 5:
            raise ValueError("a board has five piles")
        return p


class GameState:
    """One game of Innovation. The rules live in machine.py (turns, dogma, decisions) and
    ops.py (moving cards); this class holds the data and answers the seam's questions."""

    def __init__(self, config: InnovationConfig | None = None) -> None:
        if config is None:  # the bare state clone() fills (compiled, `__new__` runs `__init__`)
            return
        n = config.players
        self.config = config
        self.n = n
        self.all = (1 << n) - 1  # the mask of every player
        self.first_edition = config.edition == "1e"
        self.rng = Rng(config.seed)
        self.supply: list[list[int]] = [[] for _ in range(11)]  # by age; the top is the end
        self.available: list[int] = []  # standard achievements on the table (card ids)
        self.removed: list[int] = []  # out of the game for good (Fission)
        self.specials: dict[int, int] = {s: -1 for s in SPECIALS}  # owner, -1 if available
        self.players = [Player() for _ in range(n)]
        self.where = [0] * NCARDS
        self.known = [0] * NCARDS
        self.phase = Phase.FIRST_MELD
        self.first_picks = [-1] * n
        self.active = 0  # whose turn it is
        self.actions_left = 0
        self.turn = 0  # turns begun so far (the first turn is 1)
        self.stack: list[Frame | Ask] = []
        self.ret: Any = None  # what the last finished routine or answered decision returned
        self.changes = 0  # every change (RULES.md §8.5) counts here, for the free draw
        self.end_reason: EndReason | None = None
        self.winners: list[int] = []
        self.win_card = -1  # the card that won the game, when one did
        self.log: list[tuple[Any, ...]] = []  # what the last step did (events are made of it)
        self.shown: list[int] = []  # cards revealed during the action in progress (still face up, E06)
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
        if self.phase is Phase.FIRST_MELD:
            return self.first_picks.index(-1)
        return self.active

    @property
    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def pending(self) -> Ask | None:
        """The decision being asked (mid-effect), None at a turn's action or in set-up."""
        if self.stack:
            top = self.stack[-1]
            return top if isinstance(top, Ask) else None
        return None

    @property
    def rounds(self) -> int:
        return (self.turn + self.n - 1) // self.n

    def clone(self) -> Self:
        if hasattr(self, "__dict__"):
            g = self.__class__.__new__(self.__class__)
            g.__dict__.update(self.__dict__)
        else:  # compiled by mypyc (altay_cli/_build.py): native attributes, no __dict__
            g = copy.copy(self)
        g.rng = Rng(self.rng.state)
        g.supply = [pile[:] for pile in self.supply]
        g.available = self.available[:]
        g.removed = self.removed[:]
        g.specials = dict(self.specials)
        g.players = [p.copy() for p in self.players]
        g.where = self.where[:]
        g.known = self.known[:]
        g.first_picks = self.first_picks[:]
        g.shown = self.shown[:]
        g.stack = [e.copy() for e in self.stack]
        g.winners = self.winners[:]
        # the log of the last step is never mutated after the step: shared
        return g

    # ------------------------------------------------------------------ queries
    def opponents(self, p: int) -> list[int]:
        """Every other player, in turn order starting after `p` (R41)."""
        n = self.n
        return [(p + k) % n for k in range(1, n)]

    def turn_order(self, start: int) -> list[int]:
        n = self.n
        return [(start + k) % n for k in range(n)]

    def icons(self, p: int, icon: int) -> int:
        return self.players[p].icon_counts()[icon]

    def top(self, p: int, color: int) -> int:
        pile = self.players[p].piles[color]
        return pile[-1] if pile else -1

    def achievement_count(self, p: int) -> int:
        return len(self.players[p].achieved)

    def zone_of(self, c: int) -> tuple[int, int]:
        w = self.where[c]
        return w >> 3, w & 7

    def draw_value(self, p: int) -> int:
        """The value of a plain draw (the Draw action, the free draw): the highest top card."""
        return max(1, self.players[p].highest_top())

    # ------------------------------------------------------------------ as data
    def to_dict(self) -> dict[str, Any]:
        return {
            "config": msgspec.to_builtins(self.config),
            "rng": self.rng.state,
            "supply": self.supply,
            "available": self.available,
            "removed": self.removed,
            "specials": {str(k): v for k, v in self.specials.items()},
            "players": [p.to_dict() for p in self.players],
            "where": self.where,
            "known": self.known,
            "phase": str(self.phase),
            "first_picks": self.first_picks,
            "active": self.active,
            "actions_left": self.actions_left,
            "turn": self.turn,
            "stack": [e.to_dict() for e in self.stack],
            "shown": self.shown,
            "ret": self.ret,
            "changes": self.changes,
            "end_reason": None if self.end_reason is None else str(self.end_reason),
            "winners": self.winners,
            "win_card": self.win_card,
        }

    def digest(self) -> str:
        return hashlib.blake2b(msgspec.json.encode(self.to_dict()), digest_size=16).hexdigest()

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        """The state `to_dict` gave (ValueError for anything else)."""
        return read_state(cls, data)


def read_state(cls: type[GameState], data: dict[str, Any]) -> GameState:
    """A state of class `cls` (GameState or the machine's subclass) from what `to_dict` gave;
    a function, not the classmethod's body, so that a subclass reaches it without `super()`,
    which mypyc's compiled classmethods get wrong."""
    try:
        config = msgspec.convert(data["config"], InnovationConfig)
        g = cls(config)
        g.rng = Rng(int(data["rng"]))
        g.supply = [[int(c) for c in pile] for pile in data["supply"]]
        g.available = [int(c) for c in data["available"]]
        g.removed = [int(c) for c in data["removed"]]
        g.specials = {int(k): int(v) for k, v in dict(data["specials"]).items()}
        g.players = [Player.from_dict(p) for p in data["players"]]
        g.where = [int(x) for x in data["where"]]
        g.known = [int(x) for x in data["known"]]
        g.phase = Phase(data["phase"])
        g.first_picks = [int(x) for x in data["first_picks"]]
        g.active = int(data["active"])
        g.actions_left = int(data["actions_left"])
        g.turn = int(data["turn"])
        g.stack = [entry_from_dict(e) for e in data["stack"]]
        g.shown = [int(c) for c in data["shown"]]
        ret = data["ret"]
        g.ret = tuple(ret) if isinstance(ret, list) else ret
        g.changes = int(data["changes"])
        g.end_reason = None if data["end_reason"] is None else EndReason(data["end_reason"])
        g.winners = [int(x) for x in data["winners"]]
        g.win_card = int(data["win_card"])
    except (KeyError, TypeError, ValueError, AttributeError, msgspec.ValidationError) as exc:
        raise ValueError(f"not an Innovation state: {exc}") from None
    if len(g.players) != config.players or len(g.supply) != 11 or len(g.where) != NCARDS:
        raise ValueError("not an Innovation state: zones of the wrong size")
    if set(g.specials) != set(SPECIALS):
        raise ValueError("not an Innovation state: the special achievements are wrong")
    return g
