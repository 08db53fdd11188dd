"""The mutable game state and the small mechanics every rule shares (draw, produce, build).

A `GameState` is the full truth of one game. Players see it only through `observation(seat)`.
This module holds the data, cloning, the full-state document and digest, and the shared helpers,
kept fast because they run in every search bot's inner loop.

Imports run one way: the rule modules (`legal.py`, `apply.py`, `explain.py`, `observe.py`,
`scoring.py`) are functions of a state passed to them and import `GameState` only for type
annotations; this module imports them at the top and offers them as methods (`g.apply(a)`).
The vocabulary both sides share (`Phase`, `EndReason`) lives in `observation.py`.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

import msgspec
import orjson

from ..rng import Rng
from .actions import canonical
from .apply import apply_action
from .config import GameConfig, IllegalAction
from .data import (
    ACH_DISPLAY_SIZE,
    ADJACENCY,
    HAND_SIZE,
    KIND_TITLE,
    MAX_SETTLEMENTS_PER_TERRITORY,
    NUM_TERRITORIES,
    POLITICS,
    TERRAIN_BONUS_PER_TERRITORY,
    TERRAIN_OF,
    TITLE_KINDS,
)
from .explain import explain_illegal
from .legal import generate_legal
from .observation import Observation, Phase
from .observe import build_observation
from .scoring import final_result, score_all

if TYPE_CHECKING:
    from .actions import Action


class TableCard:
    """A play-on-the-table card and the resources placed on it."""

    __slots__ = ("kind", "placed")

    def __init__(self, kind: int, placed: list[int] | None = None) -> None:
        self.kind = kind
        self.placed = placed if placed is not None else [0, 0, 0, 0, 0]

    @property
    def title(self) -> int:
        return KIND_TITLE[self.kind]

    def copy(self) -> TableCard:
        return TableCard(self.kind, self.placed[:])


class PlayerState:
    __slots__ = (
        "faction",
        "hand",
        "deck",
        "discard",
        "archive",
        "trashed",
        "table",
        "pool",
        "coins",
        "supply",
        "on_board",
        "removed",
        "dev",
        "dev_placed",
        "dev_settlement",
        "done",
        "abandoned",
        "secret",
        "secret_revealed",
        "cap_settlements",
        "cap_markers",
        "consumed",
    )

    def __init__(self) -> None:
        self.faction = -1
        self.hand: list[int] = []  # card kinds
        self.deck: list[int] = []  # draw pile, top = last
        self.discard: list[int] = []
        self.archive: list[int] = []  # Writing
        self.trashed: list[int] = []  # Engineering (out of the game, kept for conservation)
        self.table: list[TableCard] = []
        self.pool = [0, 0, 0, 0, 0]  # produced this turn, unspent
        self.coins = 0
        self.supply = 0  # settlements in the player's supply
        self.on_board = 0
        self.removed = 0  # built but had no legal place: out of the game
        self.dev = -1  # achievement in development
        self.dev_placed = [0, 0, 0, 0, 0]
        self.dev_settlement = False
        self.done: list[int] = []  # completed achievements, in order
        self.abandoned: list[int] = []
        self.secret = -1
        self.secret_revealed = False
        self.cap_settlements: list[int] = []  # seat of each captured opponent settlement
        self.cap_markers: list[int] = []  # conquest marker ids
        self.consumed = 0  # captured markers consumed by the Shaman

    def copy(self) -> PlayerState:
        q = PlayerState.__new__(PlayerState)
        q.faction = self.faction
        q.hand = self.hand[:]
        q.deck = self.deck[:]
        q.discard = self.discard[:]
        q.archive = self.archive[:]
        q.trashed = self.trashed[:]
        q.table = [t.copy() for t in self.table]
        q.pool = self.pool[:]
        q.coins = self.coins
        q.supply = self.supply
        q.on_board = self.on_board
        q.removed = self.removed
        q.dev = self.dev
        q.dev_placed = self.dev_placed[:]
        q.dev_settlement = self.dev_settlement
        q.done = self.done[:]
        q.abandoned = self.abandoned[:]
        q.secret = self.secret
        q.secret_revealed = self.secret_revealed
        q.cap_settlements = self.cap_settlements[:]
        q.cap_markers = self.cap_markers[:]
        q.consumed = self.consumed
        return q

    def owned_cards(self) -> list[int]:
        """Every action card the player owns (scoring's 'deck')."""
        return [
            *self.deck,
            *self.hand,
            *self.discard,
            *self.archive,
            *(t.kind for t in self.table),
        ]

    def lay_on_table(self, kind: int) -> None:
        self.table.append(TableCard(kind))

    def table_index(self, title: int) -> int:
        for i, t in enumerate(self.table):
            if KIND_TITLE[t.kind] == title:
                return i
        return -1

    def take_title_from(self, zone: list[int], title: int) -> int:
        """Remove the lowest-VP copy of `title` from a zone; return its kind (or -1)."""
        for kind in TITLE_KINDS[title]:
            if kind in zone:
                zone.remove(kind)
                return kind
        return -1


class GameState:
    """One game of Altay. See `altay_cli.engine` for the public API summary."""

    __slots__ = (
        "config",
        "n",
        "rng",
        "phase",
        "seat",
        "active",
        "first",
        "round",
        "turns",
        "setup_queue",
        "owner",
        "count",
        "marker",
        "vp_marker",
        "in_play",
        "reserve",
        "shop",
        "ach_deck",
        "ach_display",
        "box_markers",
        "box_kinds",
        "box_achievements",
        "players",
        "pending_builds",
        "combat",
        "last_combat",
        "bought",
        "attacked",
        "terrain_used",
        "once_used",
        "end_trigger",
        "end_reason",
        "_legal",
    )

    def __init__(self, config: GameConfig | None = None) -> None:
        if config is None:  # the bare state clone() fills (compiled, `__new__` runs `__init__`)
            return
        self.config = config
        self.n = config.players
        self.rng = Rng(config.seed)
        self.phase = Phase.FACTION
        self.seat = 0  # who must decide now
        self.active = 0  # whose turn it is
        self.first = 0
        self.round = 0
        self.turns = 0
        self.setup_queue: list[int] = []
        self.owner = [-1] * NUM_TERRITORIES
        self.count = [0] * NUM_TERRITORIES
        self.marker = [-1] * NUM_TERRITORIES
        self.vp_marker = [0] * NUM_TERRITORIES
        self.in_play = [True] * NUM_TERRITORIES
        self.reserve = [0, 0, 0, 0, 0]
        self.shop: list[list[int]] = []  # per purchasable type: kinds bottom->top
        self.ach_deck: list[list[int]] = [[], [], [], []]  # by level; top = last
        self.ach_display: list[list[list[int]]] = [[], [], [], []]  # by level: [ach, count]
        self.box_markers: list[int] = []
        self.box_kinds: list[int] = []  # action cards not used in this game
        self.box_achievements: list[int] = []  # abandoned technologies (out of the game)
        self.players: list[PlayerState] = []
        self.pending_builds = 0  # settlements the active player has built and must place
        self.combat: tuple[int, int, int, int, int, int] | None = None
        self.last_combat: dict | None = None
        self.bought = 0  # bitmask of titles bought this turn
        self.attacked: set[int] = set()  # from*32+to pairs attacked this turn
        self.terrain_used = [0, 0, 0, 0]
        self.once_used = 0  # bitmask of once-per-turn technologies used this turn
        self.end_trigger: str | None = None
        self.end_reason: str | None = None
        self._legal: list[Action] | None = None

    # ------------------------------------------------------------------ public API
    @property
    def to_move(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        return None if self.phase == Phase.OVER else self.seat

    @property
    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    def legal_actions(self) -> list[Action]:
        """The finite, ordered list of actions the deciding seat may take now."""
        legal = self._legal
        if legal is None:
            legal = self._legal = generate_legal(self)
        return legal

    def apply(self, action: Action) -> None:
        """Apply one action of the deciding seat; raise IllegalAction (state unchanged) if not legal."""
        legal = self.legal_actions()
        if action not in legal:
            action = canonical(action)  # card lists are multisets: any order names the action
            if action not in legal:
                raise IllegalAction(explain_illegal(self, action), len(legal))
        apply_action(self, action)
        self._legal = None

    def apply_index(self, index: int) -> Action:
        legal = self.legal_actions()
        if not 0 <= index < len(legal):
            raise IllegalAction(
                f"action index {index} is out of range: there are {len(legal)} legal actions "
                f"(0 to {len(legal) - 1})"
            )
        action = legal[index]
        apply_action(self, action)
        self._legal = None
        return action

    def clone(self) -> GameState:
        g = GameState.__new__(GameState)
        g.config = self.config
        g.n = self.n
        g.rng = Rng(self.rng.state)
        g.phase = self.phase
        g.seat = self.seat
        g.active = self.active
        g.first = self.first
        g.round = self.round
        g.turns = self.turns
        g.setup_queue = self.setup_queue[:]
        g.owner = self.owner[:]
        g.count = self.count[:]
        g.marker = self.marker[:]
        g.vp_marker = self.vp_marker
        g.in_play = self.in_play
        g.reserve = self.reserve[:]
        g.shop = [s[:] for s in self.shop]
        g.ach_deck = [d[:] for d in self.ach_deck]
        g.ach_display = [[st[:] for st in lvl] for lvl in self.ach_display]
        g.box_markers = self.box_markers[:]
        g.box_kinds = self.box_kinds
        g.box_achievements = self.box_achievements[:]
        g.players = [p.copy() for p in self.players]
        g.pending_builds = self.pending_builds
        g.combat = self.combat
        g.last_combat = self.last_combat
        g.bought = self.bought
        g.attacked = set(self.attacked)
        g.terrain_used = self.terrain_used[:]
        g.once_used = self.once_used
        g.end_trigger = self.end_trigger
        g.end_reason = self.end_reason
        g._legal = self._legal[:] if self._legal is not None else None
        return g

    def observation(self, seat: int) -> Observation:
        """What `seat` may know: the public state plus that seat's private zones only."""
        return build_observation(self, seat)

    def scores(self) -> list[dict[str, int]]:
        """Score breakdown per seat (final when the game is over, provisional before)."""
        return score_all(self)

    def result(self) -> dict:
        """Final result: scores with breakdown, ranks (1 = best, ties shared), end reason."""
        return final_result(self)

    def to_dict(self) -> dict:
        """The complete state as JSON-ready data: a copy, so editing it never changes the game."""
        return orjson.loads(orjson.dumps(state_to_dict(self)))

    def digest(self) -> str:
        return state_digest(self)

    # ------------------------------------------------------------------ shared mechanics
    def produce(self, p: PlayerState, res: int, amount: int) -> int:
        """Move up to `amount` tokens from the finite reserve to the pool; return how many."""
        got = min(amount, self.reserve[res])
        if got:
            self.reserve[res] -= got
            p.pool[res] += got
        return got

    def draw(self, p: PlayerState, k: int) -> int:
        """Draw k cards, reshuffling the discard pile only when a draw needs it."""
        drawn = 0
        for _ in range(k):
            if not p.deck:
                if not p.discard:
                    break
                p.deck = p.discard
                p.discard = []
                self.rng.shuffle(p.deck)
            p.hand.append(p.deck.pop())
            drawn += 1
        return drawn

    def unused_terrain(self, seat: int, terrain: int) -> int:
        """Territories of this type the seat occupies and has not used for a bonus this turn."""
        owner = self.owner
        n = 0
        for t in TERRITORIES_OF_TERRAIN[terrain]:
            if owner[t] == seat:
                n += 1
        return n - self.terrain_used[terrain]

    def settle_targets(self, seat: int) -> list[int]:
        """Territories where `seat` may place a settlement now (rulebook 'Build settlements')."""
        owner = self.owner
        count = self.count
        marker = self.marker
        in_play = self.in_play
        out = []
        for t in range(NUM_TERRITORIES):
            o = owner[t]
            if o == seat:
                if count[t] < MAX_SETTLEMENTS_PER_TERRITORY:
                    out.append(t)
            elif o == -1 and in_play[t] and marker[t] < 0:
                for u in ADJACENCY[t]:
                    if owner[u] == seat:
                        out.append(t)
                        break
        return out

    def put_settlement(self, seat: int, t: int) -> None:
        self.owner[t] = seat
        self.count[t] += 1
        self.players[seat].on_board += 1

    def lose_settlement(self, seat: int, t: int) -> None:
        self.count[t] -= 1
        if self.count[t] == 0:
            self.owner[t] = -1
            terrain = TERRAIN_OF[t]
            if TERRAIN_BONUS_PER_TERRITORY and seat == self.active and self.terrain_used[terrain]:
                # the territory left is the one a bonus used (the player's best choice, made now)
                self.terrain_used[terrain] -= 1
        self.players[seat].on_board -= 1

    def queue_builds(self, p: PlayerState, k: int) -> None:
        """The active player built k settlements: take them from supply to be placed."""
        k = min(k, p.supply)
        p.supply -= k
        self.pending_builds += k
        self.resolve_builds()

    def resolve_builds(self) -> None:
        """Ask for a placement while one is possible; a settlement with no legal place is removed."""
        p = self.players[self.active]
        while self.pending_builds:
            if self.settle_targets(self.active):
                self.phase = Phase.SETTLE
                return
            self.pending_builds -= 1
            p.removed += 1
        if self.phase == Phase.SETTLE:
            self.phase = Phase.MAIN

    def end_turn_draw(self, p: PlayerState) -> None:
        extra = 1 if POLITICS in p.done else 0
        self.draw(p, HAND_SIZE + extra)

    def refill_display(self, level: int) -> None:
        """Reveal achievements until 3 different ones show; duplicates stack (setup step 6)."""
        display = self.ach_display[level]
        deck = self.ach_deck[level]
        while len(display) < ACH_DISPLAY_SIZE and deck:
            a = deck.pop()
            for stack in display:
                if stack[0] == a:
                    stack[1] += 1
                    break
            else:
                display.append([a, 1])


TERRITORIES_OF_TERRAIN: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for t in range(NUM_TERRITORIES) if TERRAIN_OF[t] == terrain) for terrain in range(4)
)


# ---------------------------------------------------------------------------- the full-state document
# For logs, saves and replay checks: every hidden zone and the generator state, so it is for the
# referee and for tools, never for players. `state_digest` hashes its canonical JSON, so two states
# have the same digest exactly when they are the same game position (including deck order and RNG).
FORMAT_VERSION = 1


def _player_to_dict(p: PlayerState) -> dict:
    return {
        "faction": p.faction,
        "hand": p.hand,
        "deck": p.deck,
        "discard": p.discard,
        "archive": p.archive,
        "trashed": p.trashed,
        "table": [[tc.kind, tc.placed] for tc in p.table],
        "pool": p.pool,
        "coins": p.coins,
        "supply": p.supply,
        "on_board": p.on_board,
        "removed": p.removed,
        "dev": p.dev,
        "dev_placed": p.dev_placed,
        "dev_settlement": p.dev_settlement,
        "done": p.done,
        "abandoned": p.abandoned,
        "secret": p.secret,
        "secret_revealed": p.secret_revealed,
        "cap_settlements": p.cap_settlements,
        "cap_markers": p.cap_markers,
        "consumed": p.consumed,
    }


def state_to_dict(g: GameState) -> dict:
    """The complete state as JSON-ready data (ids are the engine's indices into data.py)."""
    return {
        "format": FORMAT_VERSION,
        "config": msgspec.to_builtins(g.config),
        "rng": g.rng.state,
        "phase": g.phase,
        "seat": g.seat,
        "active": g.active,
        "first": g.first,
        "round": g.round,
        "turns": g.turns,
        "setup_queue": g.setup_queue,
        "owner": g.owner,
        "count": g.count,
        "marker": g.marker,
        "vp_marker": g.vp_marker,
        "in_play": g.in_play,
        "reserve": g.reserve,
        "shop": g.shop,
        "ach_deck": g.ach_deck,
        "ach_display": g.ach_display,
        "box_markers": g.box_markers,
        "box_kinds": g.box_kinds,
        "box_achievements": g.box_achievements,
        "players": [_player_to_dict(p) for p in g.players],
        "pending_builds": g.pending_builds,
        "combat": list(g.combat) if g.combat is not None else None,
        "last_combat": g.last_combat,
        "bought": g.bought,
        "attacked": sorted(g.attacked),
        "terrain_used": g.terrain_used,
        "once_used": g.once_used,
        "end_trigger": g.end_trigger,
        "end_reason": g.end_reason,
    }


def state_to_json(g: GameState) -> bytes:
    return orjson.dumps(state_to_dict(g), option=orjson.OPT_SORT_KEYS)


def state_digest(g: GameState) -> str:
    """A 128-bit hex digest of the full state."""
    return hashlib.blake2b(state_to_json(g), digest_size=16).hexdigest()


def state_from_dict(d: dict) -> GameState:
    """Rebuild a state from `state_to_dict` output (raises ValueError on a bad document)."""
    if d.get("format") != FORMAT_VERSION:
        raise ValueError(f"unsupported state format {d.get('format')!r}; expected {FORMAT_VERSION}")
    try:
        config = msgspec.convert(d["config"], GameConfig)
        g = GameState(config)
        g.rng = Rng(d["rng"])
        for key in (
            "phase",
            "seat",
            "active",
            "first",
            "round",
            "turns",
            "pending_builds",
            "bought",
            "once_used",
            "end_trigger",
            "end_reason",
            "last_combat",
        ):
            setattr(g, key, d[key])
        for key in (
            "setup_queue",
            "owner",
            "count",
            "marker",
            "vp_marker",
            "in_play",
            "reserve",
            "box_markers",
            "box_kinds",
            "box_achievements",
            "terrain_used",
        ):
            setattr(g, key, list(d[key]))
        g.shop = [list(s) for s in d["shop"]]
        g.ach_deck = [list(x) for x in d["ach_deck"]]
        g.ach_display = [[list(st) for st in lvl] for lvl in d["ach_display"]]
        g.combat = tuple(d["combat"]) if d["combat"] is not None else None
        g.attacked = set(d["attacked"])
        for pd in d["players"]:
            p = PlayerState()
            for key, value in pd.items():
                if key == "table":
                    p.table = [TableCard(kind, list(placed)) for kind, placed in value]
                elif isinstance(value, list):
                    setattr(p, key, list(value))
                else:
                    setattr(p, key, value)
            g.players.append(p)
    except (KeyError, TypeError, msgspec.ValidationError) as exc:
        raise ValueError(f"not a valid Altay state document: {exc}") from exc
    return g
