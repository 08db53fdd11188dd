"""Altay in the web viewer: the map, the players, the market and the turn, as the page draws them.

`AltayDrawing.frame(state, eyes)` reads only what the eyes may know: a seat's frame is built from
`state.observation(seat)` alone, a spectator's from the spectator observation alone, and only
the `all` eyes read the full state (the other seats' hidden cards, deck order, secret wonders and
the achievement decks). The frame's top-level keys are split by how often they change, since the
page stores keyframes and deltas of top-level keys: `map` (settlements and markers: a settle or a
combat), `market` (a buy or an achievement), `reserve`, `turn` (most steps), `combat` (the one
waiting for a defence and the last one) and one key per player (`p0`..`p3`: a step usually
changes only the player who took it).

The drawing itself is draw.js (package data), which registers `window.altayGames.altay`.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Any, Final

import msgspec

from ..api import Drawing, Eyes, EyesKind
from .data import (
    ACHIEVEMENT_EFFECTS,
    ACHIEVEMENTS,
    ADJACENCY,
    FACTIONS,
    KINDS,
    NUM_TERRITORIES,
    OUT_OF_PLAY,
    RESOURCE_NAMES,
    RESOURCES,
    SHOP_TITLES,
    STARTING_DECKS,
    TERRAIN_OF,
    TERRAINS,
    TITLES,
    VP_MARKER_TERRITORIES,
    VP_MARKER_VALUE,
)
from .events import public_action
from .notation import command_text
from .observe import build_spectator_observation, private_zones
from .views import public_scores

#: Where each territory is drawn (x, y in a 0-600 box). The board is a ring of territories
#: around an inland sea; these points were computed once from ADJACENCY (a stress layout kept
#: free of crossing edges, farmlands on the outside) and rounded by hand.
#: tests/test_altay_drawing.py checks that no two edges cross and nothing crowds.
LAYOUT: Final[tuple[tuple[int, int], ...]] = (
    (228, 40),  # 0 farmland
    (395, 74),  # 1 farmland
    (507, 248),  # 2 farmland
    (40, 284),  # 3 farmland
    (166, 369),  # 4 farmland
    (357, 560),  # 5 farmland
    (197, 116),  # 6 forest
    (421, 161),  # 7 forest
    (479, 364),  # 8 forest
    (109, 298),  # 9 forest
    (367, 444),  # 10 forest
    (242, 551),  # 11 forest
    (119, 86),  # 12 hill
    (308, 116),  # 13 hill
    (438, 263),  # 14 hill
    (180, 262),  # 15 hill
    (94, 398),  # 16 hill
    (303, 492),  # 17 hill
    (110, 192),  # 18 mountain
    (260, 199),  # 19 mountain
    (490, 78),  # 20 mountain
    (429, 481),  # 21 mountain
    (193, 462),  # 22 mountain
)

ZONES: Final = ("hand", "deck", "discard", "archive", "trashed")


def marker_text(marker: dict[str, Any] | None) -> str:
    """A conquest marker as the terminal writes it without brackets: '2M', '1' ('' for none)."""
    if marker is None:
        return ""
    return f"{marker['value']}{marker['resource'] or ''}"


def resource_counts(text: str) -> list[int]:
    """'FFWC' -> [2, 1, 0, 0, 1] (F W M S C)."""
    return [text.count(r) for r in RESOURCES]


class AltayDrawing(Drawing):
    """Altay's facet of the seam for the web viewer (see `altay_cli.engine.api.Drawing`)."""

    def static(self, config: Any) -> dict[str, Any]:
        return static_data(config.players, config.trading, config.max_rounds)

    def frame(self, state: Any, eyes: Eyes) -> dict[str, Any]:
        if eyes.kind == EyesKind.SEAT:
            assert eyes.seat is not None
            obs = msgspec.to_builtins(state.observation(eyes.seat))
            own = {eyes.seat: obs["you"]}
        elif eyes.kind == EyesKind.SPECTATOR:
            obs = msgspec.to_builtins(build_spectator_observation(state))
            own = {}
        else:  # all eyes: the full state
            obs = msgspec.to_builtins(build_spectator_observation(state))
            own = {s: _all_zones(state, s) for s in range(state.n)}
        frame = public_frame(obs)
        for seat, zones in own.items():
            frame[f"p{seat}"]["cards"] = zones
        if eyes.kind == EyesKind.ALL:
            decks = state.ach_deck  # top last
            frame["market"]["ach_decks"] = [
                [ACHIEVEMENTS[a].name for a in reversed(decks[lvl])] for lvl in (1, 2, 3)
            ]
            for seat, score in enumerate(state.scores()):
                frame[f"p{seat}"]["score"] = score["total"]
        return frame

    def script(self) -> str:
        return draw_js()

    def decision_text(self, state: Any, seat: int, action: Any, eyes: Eyes) -> str:
        if eyes.kind == EyesKind.ALL or (eyes.kind == EyesKind.SEAT and eyes.seat == seat):
            return command_text(action)
        return command_text(public_action(action))


@cache
def draw_js() -> str:
    return files(__package__).joinpath("draw.js").read_text(encoding="utf-8")


def _all_zones(state: Any, seat: int) -> dict[str, Any]:
    """A seat's hidden zones as the full state holds them: the deck in drawing order (top first)."""
    zones = msgspec.to_builtins(private_zones(state, seat))
    zones["deck"] = [KINDS[k].name for k in reversed(state.players[seat].deck)]
    return zones


def public_frame(obs: dict[str, Any]) -> dict[str, Any]:
    """The frame's public part, from an observation's public fields (a seat's or a spectator's)."""
    board = obs["board"]
    owner = [-1 if cell["owner"] is None else cell["owner"] for cell in board]
    frame: dict[str, Any] = {
        "map": {
            "owner": owner,
            "settlements": [cell["settlements"] for cell in board],
            "markers": [marker_text(cell["marker"]) for cell in board],
        },
        "turn": _turn(obs),
        "combat": {"now": obs["combat"], "last": obs["last_combat"]},
        "reserve": resource_counts(obs["reserve"]),
        "market": {
            "display": [[d["count"], d["top"]] for d in obs["display"]],
            "achievements": [[[a["name"], a["count"]] for a in obs["achievements"][lvl]] for lvl in "123"],
            "decks": [obs["achievement_decks"][lvl] for lvl in "123"],
        },
    }
    vps = public_scores(obs)
    for seat, p in enumerate(obs["players"]):
        frame[f"p{seat}"] = _player(p, vps[seat], owner.count(seat))
    return frame


def _turn(obs: dict[str, Any]) -> dict[str, Any]:
    turn = obs["turn"]
    return {
        "round": obs["round"],
        "phase": obs["phase"],
        "to_move": obs["to_move"],
        "active": obs["active"],
        "first": obs["first_player"],
        "end_triggered": obs["end_triggered"],
        "end_reason": obs["end_reason"],
        "bought": turn["bought"],
        "attacked": turn["attacked"],
        "terrain_used": [turn["terrain_used"][t] for t in TERRAINS],
        "abilities_used": turn["abilities_used"],
        "to_place": turn["settlements_to_place"],
    }


def _player(p: dict[str, Any], vp: int, territories: int) -> dict[str, Any]:
    dev = p["developing"]
    return {
        "faction": p["faction"],
        "vp": vp,
        "territories": territories,
        "supply": p["supply"],
        "on_board": p["on_board"],
        "removed": p["removed_settlements"],
        "sizes": [p[f"{zone}_size"] for zone in ZONES],
        "pool": p["pool"],
        "coins": p["coins"],
        "table": [[t["kind"], t["resources"]] for t in p["table"]],
        "completed": p["completed"],
        "developing": None if dev is None else [dev["name"], dev["placed"], dev["settlement"]],
        "secret": p["secret_wonder"],
        "captured": p["captured_settlements"],
        "markers": [marker_text(m) for m in p["captured_markers"]],
        "consumed": p["consumed_markers"],
    }


@cache
def _static(players: int, trading: bool, max_rounds: int) -> dict[str, Any]:
    out_of_play = OUT_OF_PLAY[players]
    vp_marked = VP_MARKER_TERRITORIES[players]
    return {
        "players": players,
        "trading": trading,
        "max_rounds": max_rounds,
        "resources": list(RESOURCES),
        "resource_names": list(RESOURCE_NAMES),
        "terrains": list(TERRAINS),
        "territories": [
            {
                "id": t,
                "terrain": TERRAINS[TERRAIN_OF[t]],
                "adjacent": list(ADJACENCY[t]),
                "x": LAYOUT[t][0],
                "y": LAYOUT[t][1],
                "in_play": t not in out_of_play,
                "vp": VP_MARKER_VALUE if t in vp_marked else 0,
            }
            for t in range(NUM_TERRITORIES)
        ],
        "factions": [
            {"name": f, "deck": [KINDS[k].name for k in deck]} for f, deck in zip(FACTIONS, STARTING_DECKS)
        ],
        "shop": [TITLES[t].name for t in SHOP_TITLES],
        "kinds": {
            k.name: {"title": TITLES[k.title].name, "vp": k.vp, "cost": k.cost.text() if k.cost else None}
            for k in KINDS
        },
        "titles": {t.name: {"starting": t.starting} for t in TITLES},
        "achievements": {
            a.name: {
                "level": a.level,
                "cost": a.cost.text(),
                "timing": a.timing,
                "effect": ACHIEVEMENT_EFFECTS[a.name],
            }
            for a in ACHIEVEMENTS
        },
    }


def static_data(players: int, trading: bool, max_rounds: int) -> dict[str, Any]:
    """The public data drawn once per page (a fresh copy: the page's writer may keep it)."""
    return msgspec.json.decode(msgspec.json.encode(_static(players, trading, max_rounds)))
