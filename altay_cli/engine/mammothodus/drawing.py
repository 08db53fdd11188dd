"""Mammothodus in the web viewer (the seam's `Drawing` facet): the map laid out from the game's
data set (data.json, or the file given with --data),
one frame per step through given eyes, the JavaScript that draws it (draw.js, package data) and
each decision in the game's notation as those eyes may know it.

A frame is built from one observation only: `state.observation(seat)` for a seat's eyes,
`spectate(state)` (the spectator observation) for a spectator's; the eyes that see everything
add what only the full state holds (every hand, the face-down shards' types, the decision's
prompt). No deck's order ever reaches a frame. Its top-level keys are split by how often they
change, since the page stores keyframes and deltas of top-level keys:

- `turn` (every step): turn number, active clan, phase, who decides what, the result;
- `tribes` (per territory), `spirits` ([territory, name]), `figs` ([clan, colour, territory,
  carried shard type or null, acted]) and `shards` ([territory, open types lying there and not
  carried, face-down count, face-down types for all eyes only]): the human phase and the moves;
- `marks` (trails, places of power per portal line, talent tokens, protected territories) and
  `portal` (the open fragments' cells, how many are closed): rarely;
- `clans` (population, figurines supported, degradation marker, hand size and, for eyes that
  may see it, the hand; deck and discard, figurines off the field, talent and tokens);
- `supply` (the humans' deck size and what is left in it by card, their discard, trail tokens,
  spirits in the supply and the one face up on top of their stack (M77), the adaptation deck
  and market, degradation cards, discoveries);
- `danger`: how far each way of losing has gone (its limits are in the static drawing).
"""

from __future__ import annotations

import importlib.resources
import re
from collections import Counter
from typing import Any

from ..api import Drawing, Eyes, EyesKind
from . import generation, humans, notation
from .data import DataFile
from .happenings import event_for
from .layout import BOX, Layout, Node, layout
from .observation import SPECTATOR, Observation
from .observe import decision_of, spectate
from .state import ACTION_OF_COLOR, COLORS, GameState
from .tables import Tables, tables_of
from .views import REGION_NAMES


def short_names(names: list[str] | tuple[str, ...]) -> dict[str, str]:
    """A short label for each name, distinct among them: the initials of its words ("spirit
    block" SB), else the shortest distinct prefix."""
    words = {n: [w for w in re.split(r"[\s_]+", n) if w] for n in names}
    initials = {n: "".join(w[0] for w in ws).upper() or n[:1].upper() for n, ws in words.items()}
    if len(set(initials.values())) == len(names):
        return initials
    out = {}
    for n in names:
        k = 1
        while k < len(n) and any(o != n and o.lower().startswith(n[:k].lower()) for o in names):
            k += 1
        out[n] = n[:k].capitalize()
    return out


def map_layout(d: DataFile) -> Layout:
    m = d.map
    nodes = [Node(t.id, t.region, t.ring or None) for t in m.territories]
    return layout(nodes, [tuple(e) for e in m.adjacency], m.centre, m.regions)  # type: ignore[misc]


def static_drawing(
    d: DataFile, players: int, talents: bool, discoveries: bool, max_turns: int
) -> dict[str, Any]:
    """What the page draws once: the laid-out map and the names and limits the frames refer to."""
    m = d.map
    lay = map_layout(d)
    trail_no = {t: int(k) for k, t in m.trail_positions.items()}
    territories = []
    for t in m.territories:
        x, y = lay.positions[t.id]
        territories.append(
            {
                "id": t.id,
                "x": round(x, 1),
                "y": round(y, 1),
                "r": round(lay.centre_radius if t.id == m.centre else lay.radius, 1),
                "region": t.region,
                "color": None if t.color is None else str(t.color),
                "ring": t.ring,
                "centre": t.id == m.centre,
                "trail_no": trail_no.get(t.id),
                "initial_trail": t.id in m.initial_trails,
            }
        )
    clans = list(d.clans.names[:players])
    spirits = [s.name for s in d.spirits.cards]
    p = d.population
    return {
        "game": "mammothodus",
        "box": BOX,
        "layout": lay.kind,
        "territories": territories,
        "edges": sorted([min(a, b), max(a, b)] for a, b in m.adjacency),
        "rings": [round(r, 1) for r in lay.rings],
        "regions": [{**r, "title": REGION_NAMES.get(str(r["name"]), str(r["name"]))} for r in lay.regions],
        "centre": m.centre,
        "colors": {str(c): {"action": ACTION_OF_COLOR.get(str(c), str(c))} for c in m.colors},
        "clans": clans,
        "clan_short": list(short_names(clans).values()),
        "figurine_colors": list(COLORS),
        "shard_types": list(d.shards.types),
        "shard_short": short_names(d.shards.types),
        "spirits": [{"name": s.name, "dice": s.dice, "min": s.min} for s in d.spirits.cards],
        "spirit_short": short_names(spirits),
        "lines": d.limits.places_of_power,
        "fragments": len(d.portal.fragments),
        "talents": list(d.talents.names) if talents else [],
        "talent_short": short_names(d.talents.names) if talents else {},
        "discoveries": discoveries,
        "limits": {
            "tribes": d.limits.tribes,
            "spirits": d.limits.spirits,
            "trails": len(m.trail_positions),
            "degradation": d.degradation.cards,
            "population": {
                "min": p.min,
                "max": p.max,
                "lose_below": p.lose_below,
                "exhausted_at": generation.POPULATION_EXHAUSTED_AT,
                "per_figurine": p.per_figurine,
            },
            "turns": max_turns,
            # losses that only the rulings' alternatives bring (None: not a way of losing now)
            "adaptation": len(d.adaptation.cards) - d.adaptation.market
            if generation.MARKET_REFILL_FROM_EMPTY_DECK_LOSES
            else None,
            "portal": len(d.portal.fragments) if humans.ALL_OPEN_FLIP_LOSES else None,
        },
        "hand_limit": d.limits.hand,
    }


def _cell(c: Any) -> str:
    if c.shard is not None:
        return f"shard:{c.shard}"
    if c.region is not None:
        return f"region:{c.region}"
    return f"color:{c.color}"


def frame_from(
    obs: Observation,
    tables: Tables,
    hands: list[list[str]] | None = None,
    closed_types: dict[int, list[str]] | None = None,
    prompt: str | None = None,
) -> dict[str, Any]:
    """A frame from one observation of a game of the data set `tables`; `hands`, `closed_types`
    and `prompt` only for eyes that see everything (they come from the full state)."""
    d = tables.data
    figs = []
    shards = []
    tokens = []
    acted = {(c.seat, col) for c in obs.clans for col in c.acted}
    for t in obs.territories:
        carried: Counter[str] = Counter()
        for a in t.ancients:
            figs.append([a.clan, a.color, t.id, a.carries, (a.clan, a.color) in acted])
            if a.carries is not None:
                carried[a.carries] += 1
        lying = list((Counter(t.open_shards) - carried).elements())
        if lying or t.closed_shards:
            entry: list[Any] = [t.id, sorted(lying), t.closed_shards]
            if closed_types is not None:
                entry.append(closed_types.get(t.id, []))
            shards.append(entry)
        tokens += [[t.id, k.clan, k.talent] for k in t.talents]
    own = obs.seat
    clans = []
    for c in obs.clans:
        cards = hands[c.seat] if hands is not None else (c.hand if c.seat == own else None)
        entry_c: dict[str, Any] = {
            "pop": c.population,
            "supports": c.figurines_supported,
            "deg": c.degradation,
            "hand": c.hand_size,
            "deck": c.deck_size,
            "discard": c.discard,
            "off": [col for col, where in c.figurines.items() if where is None],
        }
        if cards is not None:
            entry_c["cards"] = sorted(cards)
        if c.talent_tokens is not None:
            entry_c["talent"] = c.talent
            entry_c["tokens"] = c.talent_tokens
        clans.append(entry_c)
    on_field = Counter(n for t in obs.territories for n in t.spirits)
    supply_spirits = list((Counter(s.name for s in d.spirits.cards) - on_field).elements())
    human_left = Counter({k: v for k, v in d.human_deck.cards.items()}) - Counter(obs.human_discard)
    decision = obs.decision
    ask: dict[str, Any] | None = None
    if decision is not None:
        ask = {"seat": decision.seat, "purpose": decision.purpose, "optional": decision.optional}
        text = prompt if prompt is not None else decision.prompt
        if text:
            ask["prompt"] = text
    tribes = [t.tribes for t in obs.territories]
    spirits = [[t.id, n] for t in obs.territories for n in t.spirits]
    return {
        "turn": {
            "n": obs.turn,
            "active": obs.active,
            "phase": obs.phase,
            "to_move": obs.to_move,
            "ask": ask,
            "result": None if obs.result is None else [obs.result.result, obs.result.reason],
        },
        "tribes": tribes,
        "spirits": spirits,
        "figs": figs,
        "shards": shards,
        "marks": {
            "trails": sorted(t.id for t in obs.territories if t.trail),
            "places": obs.places,
            "tokens": tokens,
            "protected": sorted(t.id for t in obs.territories if t.protected),
        },
        "portal": {
            "open": [[_cell(c) for c in f.lines] for f in obs.portal_open],
            "ids": [f.id for f in obs.portal_open],
            "closed": obs.portal_closed,
        },
        "clans": clans,
        "supply": {
            "human": obs.human_deck,
            "human_left": {k: human_left[k] for k in d.human_deck.cards if human_left[k]},
            "human_discard": obs.human_discard,
            "trail_tokens": obs.trail_tokens,
            "spirits": sorted(supply_spirits),
            "spirit_next": obs.spirit_next,
            "adaptation": obs.adaptation_deck,
            "market": obs.market,
            "degradation": obs.degradation_supply,
            "discoveries": obs.discoveries,
        },
        "danger": {
            "tribes": sum(tribes),
            "spirits": len(spirits),
            "trails": len(d.map.trail_positions) - obs.trail_tokens,
            "degradation": d.degradation.cards - obs.degradation_supply,
            "population": [c.population for c in obs.clans],
            "turns": obs.turn,
            "adaptation": obs.adaptation_deck if generation.MARKET_REFILL_FROM_EMPTY_DECK_LOSES else None,
            "portal": len(obs.portal_open) if humans.ALL_OPEN_FLIP_LOSES else None,
        },
    }


def _closed_types(g: GameState) -> dict[int, list[str]]:
    types = g.data.shards.types
    out: dict[int, list[str]] = {}
    for i, where in enumerate(g.shard_at):
        if where >= 0 and not g.shard_open[i]:
            out.setdefault(where, []).append(types[g.shard_type[i]])
    return {t: sorted(v) for t, v in out.items()}


class MammothodusDrawing(Drawing):
    def static(self, config: Any) -> dict[str, Any]:
        d = tables_of(config).data
        return static_drawing(d, config.players, config.talents, config.discoveries, config.max_turns)

    def frame(self, state: Any, eyes: Eyes) -> dict[str, Any]:
        if eyes.kind == EyesKind.SEAT:
            if eyes.seat is None or not 0 <= eyes.seat < state.n:
                raise ValueError(f"there is no seat {eyes.seat} in this game")
            return frame_from(state.observation(eyes.seat), state.tables)
        if eyes.kind == EyesKind.SPECTATOR:
            return frame_from(spectate(state), state.tables)
        asked = decision_of(state, state.to_move if state.to_move is not None else SPECTATOR)
        return frame_from(
            spectate(state),
            state.tables,
            hands=[list(c.hand) for c in state.clans],
            closed_types=_closed_types(state),
            prompt=None if asked is None else asked.prompt,
        )

    def script(self) -> str:
        return importlib.resources.files(__package__).joinpath("draw.js").read_text(encoding="utf-8")

    def decision_text(self, state: Any, seat: int, action: Any, eyes: Eyes) -> str:
        """The command, then the cards the step put into a hand: named for all eyes and for the
        clan's own, counted for everyone else (the events hide them the same way)."""
        if eyes.kind == EyesKind.ALL:
            happened = [(e[0], list(e[1:])) for e in state.log]
        else:
            viewer = SPECTATOR if eyes.seat is None else eyes.seat
            happened = [(h.what, h.values) for h in event_for(state, seat, action, viewer).happened]
        got: dict[int, list[str | None]] = {}
        for what, values in happened:
            if what == "draw" or (what == "adapt" and values[-1] == "deck"):
                got.setdefault(values[0], []).append(values[1])
        names = state.tables.clan_names
        parts = []
        for clan, cards in got.items():
            who = "" if clan == seat else f"{names[clan]} "
            if None in cards:
                parts.append(f"{who}drew {len(cards)} card{'s' if len(cards) != 1 else ''}")
            else:
                parts.append(f"{who}drew {', '.join(str(c) for c in cards)}")
        text = notation.command_text(action)
        return text + (f" ({'; '.join(parts)})" if parts else "")


DRAWING = MammothodusDrawing()
