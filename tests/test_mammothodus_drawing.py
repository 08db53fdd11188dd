"""Mammothodus's drawing for the web viewer (drawing.py, layout.py, draw.js).

- Every step of the committed Mammothodus goldens (re-simulated by `replay_log`): frames for
  every eyes build, are JSON builtins, and agree with the engine's state (tribes, spirits,
  figurines and what they carry, shards, places, portal, populations, hands only where allowed).
- Hidden information: a seat's frame and the spectator's do not change when what the seat may
  not see is rearranged (for every seat), nor do the decision texts; adaptation cards that are
  only in hands or decks at a step never appear in that step's spectator or other seats' frames.
- The layout comes from the data: an altered map (other region names and count, three rings
  given out of order, the centre elsewhere, more territories), parsed the way the engine parses
  data.json, is laid out as rings and sectors with distinct positions; maps without rings or
  regions get the fallback layouts.
- In headless Chromium: frames of chosen steps are drawn and what is drawn (data-* attributes)
  matches the engine's state, with no console error and no network request. The README's
  screenshot is a 1400x900 PNG; `ALTAY_WRITE_SCREENSHOTS=1` rewrites it from a mid-game 4-clan
  board.

About 25 s without the browser, 15 s more with it.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import struct
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from altay_cli.engine import load_game
from altay_cli.engine.api import Eyes, EyesKind
from altay_cli.engine.mammothodus import generation, humans
from altay_cli.engine.mammothodus.data import DATA_FILE, adaptation_name, load, parse
from altay_cli.engine.mammothodus.drawing import short_names, static_drawing
from altay_cli.engine.mammothodus.layout import BOX, Node, layout
from altay_cli.engine.mammothodus.observation import SPECTATOR as NO_SEAT
from altay_cli.engine.mammothodus.observe import decision_of
from altay_cli.engine.mammothodus.state import COLORS, OFF, Phase
from altay_cli.replay import replay_log
from tests.browser import chromium, default_seats, drawing_page, needs_chromium

GAME = load_game("mammothodus")
DRAWING = GAME.drawing
ROOT = Path(__file__).resolve().parent.parent
GOLDENS = sorted((ROOT / "tests" / "golden").glob("mammothodus_*.jsonl"))
SCREENSHOT = ROOT / "altay_cli" / "web" / "screenshots" / "mammothodus.png"
SPECTATOR = Eyes()
ALL = Eyes(EyesKind.ALL)
ADAPTATION_NAMES = {adaptation_name(i) for i in range(len(load().adaptation.cards))}


@dataclass
class Step:
    n: int
    seat: int
    action: Any
    state: Any  # the state after the decision


@cache
def steps(path: Path) -> list[Step]:
    out: list[Step] = []

    def on(d: Any, before: Any, after: Any) -> None:
        out.append(Step(d.n, d.seat, GAME.action_from_builtins(d.action), after.clone()))

    verdict = replay_log(path, on_step=on)
    assert verdict.status == "valid", verdict.message
    return out


def every_eyes(players: int) -> list[Eyes]:
    return [SPECTATOR, ALL, *(Eyes(EyesKind.SEAT, s) for s in range(players))]


def _builtins_only(x: Any, where: str = "frame") -> None:
    if isinstance(x, dict):
        for k, v in x.items():
            assert isinstance(k, str), f"{where}: key {k!r} is not a string"
            _builtins_only(v, f"{where}.{k}")
    elif isinstance(x, list):
        for i, v in enumerate(x):
            _builtins_only(v, f"{where}[{i}]")
    else:
        assert x is None or type(x) in (str, int, float, bool), f"{where}: {type(x).__name__}"


def _carried(g: Any, clan: int, k: int) -> str | None:
    for key in (f"{clan}:{COLORS[k]}", f"{clan}:{k}"):
        if key in g.carried:
            return load().shards.types[g.shard_type[g.carried[key]]]
    return None


def _shards(g: Any) -> dict[int, tuple[list[str], list[str]]]:
    """Per territory: the open shard types lying there (carried ones included), the closed ones."""
    types = load().shards.types
    out: dict[int, tuple[list[str], list[str]]] = {}
    for i, t in enumerate(g.shard_at):
        if t >= 0:
            out.setdefault(t, ([], []))[0 if g.shard_open[i] else 1].append(types[g.shard_type[i]])
    return out


def check_frame(frame: dict[str, Any], g: Any, eyes: Eyes) -> None:
    """The frame says what the engine's full state says (what the eyes may see of it)."""
    d = load()
    n = len(d.map.territories)
    assert frame["tribes"] == g.tribes[:n]
    spirits = sorted([t, d.spirits.cards[card].name] for t, card in zip(g.spirits, g.spirit_on, strict=True))
    assert sorted(frame["spirits"]) == spirits
    figs = sorted(
        [s, COLORS[k], t, _carried(g, s, k), k in c.acted]
        for s, c in enumerate(g.clans)
        for k, t in enumerate(c.figurines)
        if t != OFF
    )
    assert sorted(frame["figs"], key=lambda f: (f[0], f[1], f[2], f[3] or "", f[4])) == sorted(
        figs, key=lambda f: (f[0], f[1], f[2], f[3] or "", f[4])
    )
    shards = _shards(g)
    drawn = {e[0]: e for e in frame["shards"]}
    for t, (open_, closed) in shards.items():
        carried = [f[3] for f in frame["figs"] if f[2] == t and f[3] is not None]
        e = drawn.get(t, [t, [], 0, []] if eyes.kind == EyesKind.ALL else [t, [], 0])
        assert sorted(e[1] + carried) == sorted(open_) and e[2] == len(closed)
        if eyes.kind == EyesKind.ALL:
            assert e[3] == sorted(closed)
        else:
            assert len(e) == 3, "face-down shard types in a frame for eyes that may not see them"
    assert set(drawn) <= set(shards)
    marks = frame["marks"]
    assert marks["places"] == [None if t < 0 else t for t in g.places]
    assert marks["trails"] == sorted(g.trails)
    if g.config.talents:
        tokens = sorted(
            [t, o, d.talents.names[g.talent_of[o]]] for t, owners in enumerate(g.talents) for o in owners
        )
        assert sorted(marks["tokens"]) == tokens
        assert marks["protected"] == sorted(g.protected)
    assert frame["portal"]["ids"] == g.portal[: g.portal_open]
    assert frame["portal"]["closed"] == len(g.portal) - g.portal_open
    for s, (c, fc) in enumerate(zip(g.clans, frame["clans"], strict=True)):
        assert (fc["pop"], fc["deg"], fc["hand"], fc["deck"], fc["discard"]) == (
            c.population,
            c.degradation,
            len(c.hand),
            len(c.deck),
            c.discard,
        )
        assert fc["off"] == [COLORS[k] for k, t in enumerate(c.figurines) if t == OFF]
        sees = eyes.kind == EyesKind.ALL or eyes.seat == s
        assert fc.get("cards") == (sorted(c.hand) if sees else None)
        if g.config.talents:
            assert fc["tokens"] == g.talent_reserve[s]
    supply = frame["supply"]
    assert supply["human"] == len(g.human_deck)
    assert Counter(supply["human_left"]) == Counter(g.human_deck)  # the deck's contents, not its order
    assert supply["spirits"] == sorted(d.spirits.cards[i].name for i in g.spirit_deck)
    assert supply["trail_tokens"] == len(g.trail_tokens)
    assert supply["adaptation"] == len(g.adaptation_deck)
    assert supply["market"] == [adaptation_name(i) for i in g.market]
    assert supply["degradation"] == g.degradation_supply
    danger = frame["danger"]
    assert danger["tribes"] == sum(g.tribes) and danger["spirits"] == len(g.spirits)
    assert danger["trails"] == len(d.map.trail_positions) - len(g.trail_tokens)
    assert danger["degradation"] == d.degradation.cards - g.degradation_supply
    assert danger["population"] == [c.population for c in g.clans]
    turn = frame["turn"]
    assert (turn["n"], turn["active"], turn["phase"], turn["to_move"]) == (
        g.turn,
        g.active,
        str(g.phase),
        g.to_move,
    )
    ask = g.pending
    asked = decision_of(g, NO_SEAT)  # the decision being asked, set-up's included, without a prompt
    if asked is None:
        assert turn["ask"] is None and g.phase is Phase.OVER
    else:
        assert (turn["ask"]["seat"], turn["ask"]["purpose"]) == (asked.seat, asked.purpose)
        if ask is not None:
            assert (asked.seat, asked.purpose) == (ask.seat, ask.purpose)
        sees_prompt = eyes.kind == EyesKind.ALL or eyes.seat == asked.seat
        prompt = decision_of(g, asked.seat).prompt  # the words the deciding seat is shown
        assert turn["ask"].get("prompt") == (prompt if sees_prompt else None)
    assert (turn["result"] is None) == (g.result is None)


# ---------------------------------------------------------------------------- frames
@pytest.mark.parametrize("path", GOLDENS, ids=lambda p: p.stem)
def test_frames_for_every_eyes_agree_with_the_engine(path: Path) -> None:
    sizes: dict[str, list[int]] = {}
    for step in steps(path):
        for eyes in every_eyes(step.state.n):
            frame = DRAWING.frame(step.state, eyes)
            _builtins_only(frame)
            text = json.dumps(frame, separators=(",", ":"))
            assert json.loads(text) == frame
            sizes.setdefault(eyes.kind, []).append(len(text))
            check_frame(frame, step.state, eyes)
    for kind, s in sizes.items():
        print(f"{path.stem} {kind}: {len(s)} frames, {sum(s) // len(s)} bytes on average, {max(s)} at most")
        assert max(s) < 4000, "a frame grew past 4 kB"


def test_the_rulings_alternative_losses_get_their_gauges(monkeypatch: pytest.MonkeyPatch) -> None:
    """M50 and M28's alternatives add two ways of losing: the drawing follows the engine's flags."""
    step = steps(GOLDENS[1])[100]
    g = step.state
    frame = DRAWING.frame(g, SPECTATOR)
    assert frame["danger"]["adaptation"] is None and frame["danger"]["portal"] is None
    monkeypatch.setattr(generation, "MARKET_REFILL_FROM_EMPTY_DECK_LOSES", True)
    monkeypatch.setattr(humans, "ALL_OPEN_FLIP_LOSES", True)
    limits = DRAWING.static(g.config)["limits"]
    d = load()
    assert limits["adaptation"] == len(d.adaptation.cards) - d.adaptation.market
    assert limits["portal"] == len(d.portal.fragments)
    frame = DRAWING.frame(g, SPECTATOR)
    assert (
        frame["danger"]["adaptation"] == len(g.adaptation_deck) and frame["danger"]["portal"] == g.portal_open
    )


def test_the_frame_of_an_unknown_seat_is_refused() -> None:
    state = steps(GOLDENS[0])[0].state
    with pytest.raises(ValueError, match="no seat"):
        DRAWING.frame(state, Eyes(EyesKind.SEAT, state.n))


# ---------------------------------------------------------------------------- hidden information
@pytest.mark.parametrize("path", GOLDENS, ids=lambda p: p.stem)
def test_frames_and_decisions_show_only_what_the_eyes_may_see(path: Path) -> None:
    changed = 0
    for k, step in enumerate(steps(path)):
        g = step.state
        spectator = DRAWING.frame(g, SPECTATOR)
        spectator_text = DRAWING.decision_text(g, step.seat, step.action, SPECTATOR)
        for s in range(g.n):
            eyes = Eyes(EyesKind.SEAT, s)
            twin = GAME.search.perturb_hidden(g, s, seed=k * 13 + s)
            changed += twin.digest() != g.digest()
            assert DRAWING.frame(twin, eyes) == DRAWING.frame(g, eyes), f"step {step.n}: seat {s}'s frame"
            assert DRAWING.frame(twin, SPECTATOR) == spectator, f"step {step.n}: the spectator's frame"
            assert DRAWING.decision_text(twin, step.seat, step.action, eyes) == DRAWING.decision_text(
                g, step.seat, step.action, eyes
            )
            assert DRAWING.decision_text(twin, step.seat, step.action, SPECTATOR) == spectator_text
    tries = sum(step.state.n for step in steps(path))
    assert changed > 0.9 * tries, "the perturbation changed nothing: the test would prove nothing"


@pytest.mark.parametrize("path", GOLDENS, ids=lambda p: p.stem)
def test_cards_held_face_down_never_reach_other_eyes(path: Path) -> None:
    """Adaptation cards in a hand or a deck and in no public place (the market, a discard pile,
    the decision's own words) at a step are not in that step's frames for eyes that may not see
    them, nor in the spectator's decision text."""
    checked = 0
    for step in steps(path):
        g = step.state
        public = {adaptation_name(i) for i in g.market} | {c for clan in g.clans for c in clan.discard}
        public |= set(GAME.text.command_text(step.action).split())
        deck = {adaptation_name(i) for i in g.adaptation_deck}
        for viewer in [None, *range(g.n)]:
            held = set(deck)
            for s, clan in enumerate(g.clans):
                held |= set(clan.deck) | (set() if s == viewer else set(clan.hand))
            hidden = (held & ADAPTATION_NAMES) - public
            if viewer is not None:
                hidden -= set(g.clans[viewer].hand)
            eyes = SPECTATOR if viewer is None else Eyes(EyesKind.SEAT, viewer)
            text = json.dumps(DRAWING.frame(g, eyes)) + json.dumps(
                DRAWING.decision_text(g, step.seat, step.action, eyes)
            )
            for name in hidden:
                assert f'"{name}"' not in text and f" {name}" not in text, (
                    f"step {step.n}: {name} in {eyes.label}"
                )
            checked += len(hidden)
    assert checked > 100


def test_decision_texts_name_drawn_cards_only_for_their_owner() -> None:
    found = 0
    for path in GOLDENS:
        for step in steps(path):
            drawn = [e for e in step.state.log if e[0] == "draw"]
            if not drawn or step.state.n < 2:
                continue
            clan = drawn[0][1]
            cards = [e[2] for e in drawn if e[1] == clan]
            command = GAME.text.command_text(step.action)
            own = DRAWING.decision_text(step.state, step.seat, step.action, Eyes(EyesKind.SEAT, clan))
            other = DRAWING.decision_text(
                step.state, step.seat, step.action, Eyes(EyesKind.SEAT, (clan + 1) % step.state.n)
            )
            everything = DRAWING.decision_text(step.state, step.seat, step.action, ALL)
            public = DRAWING.decision_text(step.state, step.seat, step.action, SPECTATOR)
            assert own.startswith(command) and ", ".join(cards) in own and ", ".join(cards) in everything
            assert public == other
            assert f"drew {len(cards)} card" in public and ", ".join(cards) not in public.removeprefix(
                command
            )
            found += 1
    assert found > 10


# ---------------------------------------------------------------------------- the layout
def _altered_map() -> bytes:
    """The data file with another map: three regions with other names, three rings listed out
    of order, the centre at id 5, 19 territories (shards and the portal's regions to match)."""
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    regions = ["Taiga", "Steppe", "Tundra"]
    plan = [("rim", 3), ("core", 1), ("middle", 2)]  # per region: how many in each ring
    cells: list[tuple[str, str, int]] = [
        (reg, ring, j) for ring, count in plan for reg in regions for j in range(count)
    ]
    cells = cells[::2] + cells[1::2]  # ids that say nothing of the geometry
    centre = 5
    ids: dict[tuple[str, str, int], int] = {}
    territories = []
    colors = ["red", "green", "yellow", "blue"]
    next_id = 0
    for cell in [None, *cells]:
        if next_id == centre:
            territories.append({"id": centre, "region": None, "color": None, "ring": "centre"})
            next_id += 1
        if cell is None:
            continue
        ids[cell] = next_id
        territories.append({"id": next_id, "region": cell[0], "color": colors[next_id % 4], "ring": cell[1]})
        next_id += 1
    edges: set[tuple[int, int]] = set()

    def ring_order(ring: str, count: int) -> list[int]:
        return [ids[(reg, ring, j)] for reg in regions for j in range(count)]

    core, middle, rim = ring_order("core", 1), ring_order("middle", 2), ring_order("rim", 3)
    for ring in (core, middle, rim):
        edges |= {(ring[i], ring[(i + 1) % len(ring)]) for i in range(len(ring))}
    edges |= {(centre, t) for t in core}
    for i, t in enumerate(core):
        edges |= {(t, middle[2 * i]), (t, middle[2 * i + 1])}
    for i, t in enumerate(middle):
        edges |= {(t, rim[(3 * i) // 2]), (t, rim[(3 * i) // 2 + 1])}
    m = raw["map"]
    m.update(
        centre=centre,
        regions=regions,
        territories=territories,
        adjacency=sorted([min(a, b), max(a, b)] for a, b in edges),
        initial_trails=[rim[1], rim[4], rim[7]],
        trail_positions={
            str(k + 1): t for k, t in enumerate(t for t in rim if t not in (rim[1], rim[4], rim[7]))
        },
    )
    raw["shards"]["types"] = [*raw["shards"]["types"], "ash", "bone"]
    raw["shards"]["per_type"] = 3
    rename = {"N": "Taiga", "E": "Steppe", "S": "Tundra", "W": "Taiga"}
    for fragment in raw["portal"]["fragments"]:
        for c in fragment["lines"]:
            if "region" in c:
                c["region"] = rename[c["region"]]
    return json.dumps(raw).encode()


def _angle(x: float, y: float) -> float:
    """Degrees clockwise from the top, 0-360."""
    return math.degrees(math.atan2(x - BOX / 2, -(y - BOX / 2))) % 360


def _no_overlap(static: dict[str, Any]) -> None:
    ts = static["territories"]
    for i, a in enumerate(ts):
        assert (
            a["x"] - a["r"] >= 0
            and a["x"] + a["r"] <= BOX
            and a["y"] - a["r"] >= 0
            and a["y"] + a["r"] <= BOX
        )
        for b in ts[i + 1 :]:
            assert math.dist((a["x"], a["y"]), (b["x"], b["y"])) >= a["r"] + b["r"] - 0.5, (a["id"], b["id"])


def test_the_map_is_laid_out_from_the_data_file() -> None:
    d = parse(_altered_map())  # the way load() reads data.json, shape checks included
    static = static_drawing(d, 3, talents=False, discoveries=False, max_turns=50)
    ts = {t["id"]: t for t in static["territories"]}
    assert sorted(ts) == list(range(19)) and static["layout"] == "rings_and_sectors"
    assert len({(round(t["x"]), round(t["y"])) for t in ts.values()}) == 19
    assert (ts[5]["x"], ts[5]["y"]) == (BOX / 2, BOX / 2) and ts[5]["centre"]
    _no_overlap(static)
    assert [r["name"] for r in static["regions"]] == ["Taiga", "Steppe", "Tundra"]
    assert static["edges"] == sorted(sorted(e) for e in d.map.adjacency)
    # rings: concentric circles, innermost the nearest to the centre (core, middle, rim)
    radius = {
        ring: {
            round(math.dist((t["x"], t["y"]), (BOX / 2, BOX / 2))) for t in ts.values() if t["ring"] == ring
        }
        for ring in ("core", "middle", "rim")
    }
    assert all(len(r) == 1 for r in radius.values())
    core, middle, rim = (min(radius[ring]) for ring in ("core", "middle", "rim"))
    assert core < middle < rim and static["rings"] == sorted(static["rings"])
    # regions: sectors, and every territory inside its region's sector
    for reg in static["regions"]:
        for t in ts.values():
            if t["region"] == reg["name"]:
                assert (
                    reg["a0"] <= _angle(t["x"], t["y"]) <= reg["a1"]
                    or reg["a0"] <= _angle(t["x"], t["y"]) - 360
                )
    # each ring's neighbours sit side by side (the ordering follows the map's edges)
    for ring in ("core", "middle", "rim"):
        members = sorted((t for t in ts.values() if t["ring"] == ring), key=lambda t: _angle(t["x"], t["y"]))
        for a, b in zip(members, members[1:] + members[:1], strict=True):
            assert sorted([a["id"], b["id"]]) in static["edges"], (
                f"{ring}: {a['id']} and {b['id']} side by side"
            )
    # the engine's own map is laid out by the same code
    config = GAME.make_config(2, 0)
    assert DRAWING.static(config) == static_drawing(load(), 2, False, False, config.max_turns)


def _grid(w: int, h: int) -> tuple[list[tuple[int, int]], list[int]]:
    ids = list(range(w * h))
    edges = [(i, i + 1) for i in ids if (i + 1) % w] + [(i, i + w) for i in ids if i + w < w * h]
    return edges, ids


def test_maps_without_rings_or_regions_get_the_fallback_layouts() -> None:
    edges, ids = _grid(5, 4)
    forced = layout([Node(i) for i in ids], edges)  # no centre, no rings, no regions
    assert forced.kind == "force"
    assert len({(round(x), round(y)) for x, y in forced.positions.values()}) == len(ids)
    points = list(forced.positions.values())
    assert all(
        forced.radius <= x <= BOX - forced.radius and forced.radius <= y <= BOX - forced.radius
        for x, y in points
    )
    assert (
        min(math.dist(a, b) for i, a in enumerate(points) for b in points[i + 1 :]) >= 2 * forced.radius - 0.5
    )
    # grid neighbours end up closer than the grid's far corners
    assert math.dist(forced.positions[0], forced.positions[1]) < math.dist(
        forced.positions[0], forced.positions[19]
    )
    # a centre and regions but no ring labels: the rings are the distances from the centre
    star = (
        [(0, i) for i in range(1, 7)]
        + [(i, i + 6) for i in range(1, 7)]
        + [(i, i % 6 + 1) for i in range(1, 7)]
    )
    nodes = [Node(0)] + [Node(i, "AB"[(i - 1) % 6 // 3]) for i in range(1, 13)]
    by_distance = layout(nodes, star, centre=0, region_order=["A", "B"])
    assert by_distance.kind == "rings_and_sectors" and len(by_distance.rings) == 2
    assert len(set(by_distance.positions.values())) == 13
    # rings but no regions: each ring around the whole circle
    ringed = layout(
        [Node(0, None, "c")] + [Node(i, None, "in" if i <= 6 else "out") for i in range(1, 13)], star, 0
    )
    assert ringed.kind == "rings" and len(set(ringed.positions.values())) == 13
    with pytest.raises(ValueError):
        layout([Node(1), Node(1)], [])


def test_short_labels_are_distinct() -> None:
    for names in (load().shards.types, load().talents.names, load().clans.names, ("sun", "sunrise", "moon")):
        short = short_names(names)
        assert len(set(short.values())) == len(names)
    assert short_names(["spirit_block", "trail_lock"]) == {"spirit_block": "SB", "trail_lock": "TL"}


# ---------------------------------------------------------------------------- in the browser
CHOSEN = [  # (golden, pick a step, eyes)
    ("mammothodus_4p_talents_discoveries", "middle", SPECTATOR),
    ("mammothodus_4p_talents_discoveries", "carrying", ALL),
    ("mammothodus_4p_talents_discoveries", "last", Eyes(EyesKind.SEAT, 2)),
    ("mammothodus_2p_discoveries_mixed", "spirits", Eyes(EyesKind.SEAT, 1)),
    ("mammothodus_1p_greedy", "carrying", SPECTATOR),
    ("mammothodus_1p_greedy", "first", ALL),
]

READ_DRAWN = """
const q = (s) => Array.from(document.querySelectorAll(s));
return {
  territories: q('g[data-tribes]').map((e) => [+e.dataset.territory, +e.dataset.tribes, +e.dataset.spirits,
                                               e.dataset.trail, e.dataset.place]),
  spirits: q('[data-spirit]').map((e) => [+e.dataset.territory, e.dataset.spirit]),
  figs: q('[data-figurine]').map((e) => [+e.dataset.clan, e.dataset.figurine.split(':')[1],
                                         +e.dataset.territory, e.dataset.carries || null,
                                         e.dataset.acted === 'true']),
  shards: q('[data-shard]').map((e) => [+e.dataset.territory, e.dataset.shard]),
  tokens: q('[data-token]').map((e) => [+e.dataset.territory, +e.dataset.clan, e.dataset.token]),
  places: q('td[data-place]').map((e) => [+e.dataset.place, e.dataset.active, e.dataset.territory]),
  stars: q('[data-place-mark]').map((e) => [+e.dataset.placeMark, +e.dataset.territory]),
  clans: q('.mm-clan').map((e) => [+e.dataset.clan, +e.dataset.population, +e.dataset.handSize,
                                   +e.dataset.deck,
                                   Array.from(e.querySelectorAll('[data-card]')).map((c) => c.dataset.card)]),
  danger: q('[data-danger]').map((e) => [e.dataset.danger, +e.dataset.value, +e.dataset.limit]),
  portal: q('[data-portal-open]').map((e) => [+e.dataset.portalOpen, +e.dataset.portalClosed]),
  edges: q('[data-edge]').map((e) => e.dataset.edge),
  turn: q('[data-turn]').map((e) => [+e.dataset.turn, e.dataset.phase]),
};
"""


def _pick(path: Path, how: str) -> Step:
    all_steps = steps(path)
    if how == "first":
        return all_steps[0]
    if how == "last":
        return all_steps[-1]
    if how == "middle":
        return all_steps[len(all_steps) // 2]
    if how == "carrying":
        return next(s for s in all_steps if s.state.carried)
    if how == "spirits":
        return max(all_steps, key=lambda s: (len(s.state.spirits), sum(s.state.tribes)))
    raise ValueError(how)


def _ctx(step: Step, eyes: Eyes) -> dict[str, Any]:
    return {
        "eyes": {"kind": str(eyes.kind), "seat": eyes.seat},
        "step": step.n,
        "seats": default_seats(step.state.n),
        "decision": None,
    }


def check_drawn(drawn: dict[str, Any], g: Any, eyes: Eyes) -> None:
    d = load()
    n = len(d.map.territories)
    assert sorted(t[0] for t in drawn["territories"]) == list(range(n))
    assert len(drawn["edges"]) == len(d.map.adjacency)
    for t, tribes, spirits, trail, place in drawn["territories"]:
        assert tribes == g.tribes[t] and spirits == g.spirits.count(t)
        assert (trail == "open") == (t in g.trails)
        assert place == (str(g.places.index(t)) if t in g.places else "")
    assert sorted(drawn["spirits"]) == sorted(
        [t, d.spirits.cards[c].name] for t, c in zip(g.spirits, g.spirit_on, strict=True)
    )
    figs = [
        [s, COLORS[k], t, _carried(g, s, k), k in c.acted]
        for s, c in enumerate(g.clans)
        for k, t in enumerate(c.figurines)
        if t != OFF
    ]
    key = lambda f: (f[0], f[1], f[2], f[3] or "", f[4])  # noqa: E731
    assert sorted(drawn["figs"], key=key) == sorted(figs, key=key)
    shards = _shards(g)
    for t, (open_, closed) in shards.items():
        carried = [f[3] for f in figs if f[2] == t and f[3]]
        lying = sorted(x[1] for x in drawn["shards"] if x[0] == t and x[1] != "closed")
        assert sorted(lying + carried) == sorted(open_)
        assert sum(1 for x in drawn["shards"] if x[0] == t and x[1] == "closed") == len(closed)
    if g.config.talents:
        assert sorted(drawn["tokens"]) == sorted(
            [t, o, d.talents.names[g.talent_of[o]]] for t, owners in enumerate(g.talents) for o in owners
        )
    assert drawn["places"] == [
        [line, "false" if t < 0 else "true", "" if t < 0 else str(t)] for line, t in enumerate(g.places)
    ]
    assert sorted(drawn["stars"]) == sorted([line, t] for line, t in enumerate(g.places) if t >= 0)
    for s, pop, hand, deck, cards in drawn["clans"]:
        c = g.clans[s]
        assert (pop, hand, deck) == (c.population, len(c.hand), len(c.deck))
        sees = eyes.kind == EyesKind.ALL or eyes.seat == s
        assert cards == (sorted(c.hand) if sees else [])
    danger = {k: v for k, v, _ in drawn["danger"] if k != "population"}
    assert danger["tribes"] == sum(g.tribes) and danger["spirits"] == len(g.spirits)
    assert danger["trails"] == len(d.map.trail_positions) - len(g.trail_tokens)
    assert danger["degradation"] == d.degradation.cards - g.degradation_supply and danger["turns"] == g.turn
    assert [v for k, v, _ in drawn["danger"] if k == "population"] == [c.population for c in g.clans]
    limits = {k: lim for k, _, lim in drawn["danger"]}
    assert limits["tribes"] == d.limits.tribes and limits["spirits"] == d.limits.spirits
    assert limits["degradation"] == d.degradation.cards and limits["turns"] == g.config.max_turns
    assert drawn["portal"] == [[g.portal_open, len(g.portal) - g.portal_open]]
    assert drawn["turn"] == [[g.turn, str(g.phase)]]


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


@needs_chromium
def test_the_board_is_drawn_as_the_engine_has_it(tmp_path: Path) -> None:
    script = DRAWING.script()
    shot = tmp_path / "mammothodus.png"
    with chromium() as browser:
        # the viewport itself at 1400x900 (a window of that size leaves less to the page)
        browser.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": 1400, "height": 900, "deviceScaleFactor": 1, "mobile": False},
        )
        for k, (golden, how, eyes) in enumerate(CHOSEN):
            step = _pick(ROOT / "tests" / "golden" / f"{golden}.jsonl", how)
            frame = DRAWING.frame(step.state, eyes)
            page = drawing_page(
                tmp_path / f"page{k}.html",
                "mammothodus",
                script,
                DRAWING.static(step.state.config),
                frame,
                _ctx(step, eyes),
            )
            browser.open(page)
            drawn = browser.run(READ_DRAWN)
            check_drawn(drawn, step.state, eyes)
            assert browser.console_errors() == [], f"{golden} {how}"
            assert browser.network_requests() == [], f"{golden} {how}"
            width = browser.run("return document.querySelector('.mm').getBoundingClientRect().width")
            assert width <= 1400, "the drawing is wider than the window"
            if k == 0:
                browser.driver.save_screenshot(str(shot))
    assert _png_size(shot) == (1400, 900)
    if os.environ.get("ALTAY_WRITE_SCREENSHOTS"):
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, SCREENSHOT)


def test_the_committed_screenshot_is_a_1400_by_900_png() -> None:
    assert SCREENSHOT.exists(), "run ALTAY_WRITE_SCREENSHOTS=1 pytest tests/test_mammothodus_drawing.py"
    assert _png_size(SCREENSHOT) == (1400, 900)
