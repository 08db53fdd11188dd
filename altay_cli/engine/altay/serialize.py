"""Full-state serialization (for logs, saves and replay checks) and the state digest.

The full state includes every hidden zone and the generator state: it is for the referee and
for tools, never for players. `state_digest` hashes its canonical JSON, so two states have the
same digest exactly when they are the same game position (including deck order and RNG).
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

import msgspec
import orjson

from ..rng import Rng
from .config import GameConfig

if TYPE_CHECKING:
    from .state import GameState

FORMAT_VERSION = 1


def _player_to_dict(p) -> dict:
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
    from .state import GameState, PlayerState, TableCard

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
        g.combat = tuple(d["combat"]) if d["combat"] is not None else None  # type: ignore[assignment]
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
