"""Altay's drawing for the web viewer (altay_cli/engine/altay/drawing.py and draw.js).

Over every step of the three committed Altay goldens (about 1,600 steps; about 20 s):
frames build for every eyes, are plain JSON, and agree with the engine; a seat's frame, the
spectator's frame and the decision texts do not change when `perturb_hidden` rearranges what
those eyes may not see; cards that never became public appear in no spectator frame. In a real
Chromium, the drawn elements' data attributes match the engine at chosen steps, with no console
error and no network request; the README's screenshot is drawn from the 4-player golden.
"""

from __future__ import annotations

import itertools
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

import msgspec
import pytest

from altay_cli.engine import load_game
from altay_cli.engine.altay import GameState, public_action
from altay_cli.engine.altay.data import (
    ACHIEVEMENTS,
    ADJACENCY,
    KINDS,
    NUM_TERRITORIES,
    OUT_OF_PLAY,
    SHOP_TITLES,
    TITLES,
)
from altay_cli.engine.altay.drawing import LAYOUT, AltayDrawing
from altay_cli.engine.altay.observe import resources_text
from altay_cli.engine.api import Eyes, EyesKind
from altay_cli.replay import replay_log
from tests.browser import chromium, default_seats, drawing_page, needs_chromium

GAME = load_game("altay")
DRAWING = GAME.drawing
ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
GOLDENS = ("2p_greedy_choose.jsonl", "3p_trading_recommended.jsonl", "4p_mixed_choose.jsonl")
SCREENSHOT = ROOT / "altay_cli" / "web" / "screenshots" / "altay.png"
SPECTATOR = Eyes()
ALL = Eyes(EyesKind.ALL)


@dataclass
class Step:
    n: int
    seat: int
    action: Any
    state: GameState  # after the decision


@cache
def steps_of(name: str) -> tuple[Step, ...]:
    """Every step of a golden log, re-simulated as `altay replay` does."""
    out: list[Step] = []

    def on_step(d: Any, before: Any, after: Any) -> None:
        out.append(Step(d.n, d.seat, GAME.action_from_builtins(d.action), after.clone()))

    verdict = replay_log(GOLDEN / name, on_step=on_step)
    assert verdict.exit_code == 0, verdict.message
    return tuple(out)


def eyes_of(state: GameState) -> list[Eyes]:
    return [SPECTATOR, *(Eyes(EyesKind.SEAT, s) for s in range(state.n)), ALL]


def is_builtins(value: Any) -> bool:
    if value is None or type(value) in (str, int, bool, float):
        return True
    if type(value) is list:
        return all(is_builtins(v) for v in value)
    if type(value) is dict:
        return all(type(k) is str and is_builtins(v) for k, v in value.items())
    return False


def encoded(frame: dict[str, Any]) -> str:
    return json.dumps(frame, separators=(",", ":"))


# ---------------------------------------------------------------------------------- the board
def test_the_game_draws_itself_with_altays_drawing() -> None:
    assert isinstance(DRAWING, AltayDrawing)
    script = DRAWING.script()
    assert "window.altayGames.altay = { draw: draw }" in script
    assert "http://" not in script.replace("http://www.w3.org/2000/svg", "") and "https://" not in script
    assert "import " not in script and "fetch(" not in script and "XMLHttpRequest" not in script


def _cross(p: tuple[int, int], q: tuple[int, int], r: tuple[int, int], s: tuple[int, int]) -> bool:
    def side(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> int:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    return side(p, q, r) * side(p, q, s) < 0 and side(r, s, p) * side(r, s, q) < 0


def _to_segment(p: tuple[int, int], a: tuple[int, int], b: tuple[int, int]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def test_the_map_layout_is_readable() -> None:
    """Every territory placed; no two neighbour lines cross; no territory crowds another or sits
    on a line it is not an end of (the drawing's hexagons are 31 wide from their centre)."""
    assert len(LAYOUT) == NUM_TERRITORIES
    edges = sorted({(min(a, b), max(a, b)) for a in range(NUM_TERRITORIES) for b in ADJACENCY[a]})
    for (a, b), (c, d) in itertools.combinations(edges, 2):
        if len({a, b, c, d}) == 4:
            assert not _cross(LAYOUT[a], LAYOUT[b], LAYOUT[c], LAYOUT[d]), f"{a}-{b} crosses {c}-{d}"
    for a, b in itertools.combinations(range(NUM_TERRITORIES), 2):
        assert math.dist(LAYOUT[a], LAYOUT[b]) > 66, (a, b)
    for (a, b), t in itertools.product(edges, range(NUM_TERRITORIES)):
        if t not in (a, b):
            assert _to_segment(LAYOUT[t], LAYOUT[a], LAYOUT[b]) > 38, (t, a, b)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_static_holds_the_board_and_the_names(players: int) -> None:
    config = GAME.make_config(players, 1, {"trading": players == 3})
    static = DRAWING.static(config)
    assert is_builtins(static) and static["players"] == players and static["trading"] == (players == 3)
    info = msgspec.to_builtins(GAME.static_info(config))
    for t, mine in zip(info["territories"], static["territories"], strict=True):
        assert (mine["id"], mine["terrain"], mine["adjacent"]) == (t["id"], t["terrain"], t["adjacent"])
        assert mine["in_play"] == (mine["id"] not in OUT_OF_PLAY[players])
        assert mine["vp"] == (1 if players in t["vp_marker_with"] else 0)
    assert [f["name"] for f in static["factions"]] == [f["name"] for f in info["factions"]]
    assert set(static["kinds"]) == {k.name for k in KINDS} and set(static["titles"]) == {
        t.name for t in TITLES
    }
    assert set(static["achievements"]) == {a.name for a in ACHIEVEMENTS}


# ---------------------------------------------------------------------------------- frames
@pytest.mark.parametrize("golden", GOLDENS)
def test_frames_agree_with_the_engine_at_every_step(golden: str) -> None:
    for step in steps_of(golden):
        g = step.state
        for eyes in eyes_of(g):
            frame = DRAWING.frame(g, eyes)
            assert is_builtins(frame) and json.loads(encoded(frame)) == frame
            where = f"{golden} step {step.n} {eyes.label}"
            assert frame["map"]["owner"] == g.owner, where
            assert frame["map"]["settlements"] == g.count, where
            assert frame["turn"]["round"] == g.round and frame["turn"]["to_move"] == g.to_move, where
            assert frame["turn"]["phase"] == g.phase and frame["turn"]["active"] == g.active, where
            assert frame["reserve"] == g.reserve, where
            for seat, p in enumerate(g.players):
                drawn = frame[f"p{seat}"]
                assert drawn["pool"] == resources_text(p.pool) and drawn["coins"] == p.coins, where
                sizes = [len(p.hand), len(p.deck), len(p.discard), len(p.archive), len(p.trashed)]
                assert drawn["sizes"] == sizes, where
                assert (
                    drawn["on_board"] == p.on_board == sum(c for o, c in zip(g.owner, g.count) if o == seat)
                )
                assert drawn["completed"] == [ACHIEVEMENTS[a].name for a in p.done], where
                sees = eyes.kind == EyesKind.ALL or eyes.seat == seat
                assert ("cards" in drawn) == sees, where
                if sees:
                    assert Counter(drawn["cards"]["hand"]) == Counter(KINDS[k].name for k in p.hand), where
                    assert drawn["cards"]["secret_wonder"] == (
                        ACHIEVEMENTS[p.secret].name if p.secret >= 0 else None
                    )
                if eyes.kind == EyesKind.ALL:
                    assert drawn["cards"]["deck"] == [KINDS[k].name for k in reversed(p.deck)], (
                        where
                    )  # top first
                    assert drawn["score"] == g.scores()[seat]["total"], where
            display = [[len(stack), KINDS[stack[-1]].name if stack else None] for stack in g.shop]
            assert frame["market"]["display"] == display, where
            assert len(encoded(frame)) < (5000 if eyes.kind == EyesKind.ALL else 3000), where  # compact


@pytest.mark.parametrize("golden", GOLDENS)
def test_frames_and_decisions_hide_what_the_eyes_may_not_see(golden: str) -> None:
    for step in steps_of(golden):
        g = step.state
        spectator = DRAWING.frame(g, SPECTATOR)
        texts = {e.label: DRAWING.decision_text(g, step.seat, step.action, e) for e in eyes_of(g)}
        for seat in range(g.n):
            mine = Eyes(EyesKind.SEAT, seat)
            twin = GAME.search.perturb_hidden(g, seat, seed=step.n * 5 + seat)
            where = f"{golden} step {step.n} hidden from seat {seat}"
            assert DRAWING.frame(twin, mine) == DRAWING.frame(g, mine), where
            assert DRAWING.frame(twin, SPECTATOR) == spectator, where
            for eyes in (SPECTATOR, mine):
                assert DRAWING.decision_text(twin, step.seat, step.action, eyes) == texts[eyes.label], where
        full = GAME.text.command_text(step.action)
        public = GAME.text.command_text(public_action(step.action))
        assert texts["all"] == texts[f"seat {step.seat}"] == full
        assert texts["spectator"] == public
        for seat in range(g.n):
            if seat != step.seat:
                seen = GAME.event_for(g, step.seat, step.action, seat)
                assert texts[f"seat {seat}"] == GAME.text.command_text(seen) == public


def hidden_names(g: GameState) -> set[str]:
    """Every card, technology and wonder name in a place some seat may not see."""
    names: set[str] = set()
    for p in g.players:
        for k in (*p.hand, *p.deck, *p.discard, *p.archive, *p.trashed):
            names |= {KINDS[k].name, TITLES[KINDS[k].title].name}
        if p.secret >= 0 and not p.secret_revealed:
            names.add(ACHIEVEMENTS[p.secret].name)
    for level in (1, 2, 3):
        names |= {ACHIEVEMENTS[a].name for a in g.ach_deck[level]}
    return names


NAMES = {k.name for k in KINDS} | {t.name for t in TITLES} | {a.name for a in ACHIEVEMENTS}


def public_names(text: str, candidates: set[str]) -> set[str]:
    return {name for name in candidates if f'"{name}"' in text}


def test_cards_that_never_became_public_appear_in_no_spectator_frame() -> None:
    """Names ever in a hidden place, less those ever shown to everyone (in a decision's public
    form or the spectator observation), never appear in the spectator frames: for the goldens,
    wonders nobody revealed and achievements left in their decks."""
    never_public: set[str] = set()
    for golden in GOLDENS:
        steps = steps_of(golden)
        hidden: set[str] = set()
        shown: set[str] = set()
        frames: list[str] = []
        for step in steps:
            hidden |= hidden_names(step.state)
            observed = msgspec.json.encode(GAME.spectator_observation(step.state)).decode()
            event = json.dumps(public_action(step.action))
            shown |= public_names(observed + event, NAMES)
            frames.append(encoded(DRAWING.frame(step.state, SPECTATOR)))
        secret = hidden - shown
        for name in secret:
            assert not any(name in text for text in frames), f"{golden}: {name} never became public"
        never_public |= secret
    assert {a.name for a in ACHIEVEMENTS if a.level == 3} & never_public  # the test has teeth


# ---------------------------------------------------------------------------------- the browser
READ_DRAWN = """
const q = (sel) => Array.from(document.querySelectorAll(sel));
const a = (e, name) => e.getAttribute(name);
const data = (e) => Object.fromEntries(Array.from(e.attributes).map((x) => [x.name, x.value]));
return {
  territories: q("g.altay-territory").map((e) => ({
    id: Number(a(e, "data-territory")),
    owner: a(e, "data-owner"),
    settlements: Number(a(e, "data-settlements")),
    houses: e.querySelectorAll("[data-settlement]").length,
  })),
  players: q("g.altay-player").map((e) => {
    const out = data(e);
    const mine = '[data-zone="hand"][data-player="' + a(e, "data-player") + '"]';
    out.hand = q(mine).map((c) => [a(c, "data-card"), Number(a(c, "data-count"))]);
    out.backs = e.querySelectorAll(".altay-backs rect").length;
    return out;
  }),
  header: data(document.querySelector("g.altay-header")),
  stacks: q("g.altay-stack").map((e) => [a(e, "data-card"), Number(a(e, "data-count")), a(e, "data-top")]),
  svg: [document.querySelector("svg.altay-board").getBoundingClientRect().width, q("svg").length],
};
"""
DRAW = "window.altayGames.altay.draw(document.getElementById('board'), ...arguments);"


def ctx_of(eyes: Eyes, step: int, players: int) -> dict[str, Any]:
    return {
        "eyes": {"kind": str(eyes.kind), "seat": eyes.seat},
        "step": step,
        "seats": default_seats(players),
        "decision": None,
    }


def check_drawn(drawn: dict[str, Any], g: GameState, eyes: Eyes, where: str) -> None:
    assert len(drawn["territories"]) == NUM_TERRITORIES, where
    for t in drawn["territories"]:
        owner = g.owner[t["id"]]
        assert t["owner"] == ("" if owner < 0 else str(owner)), where
        assert t["settlements"] == t["houses"] == g.count[t["id"]], where
    assert len(drawn["players"]) == g.n, where
    for p in drawn["players"]:
        seat = int(p["data-player"])
        state = g.players[seat]
        for i, r in enumerate("fwmsc"):
            assert int(p[f"data-resource-{r}"]) == state.pool[i], where
        sizes = (len(state.hand), len(state.deck), len(state.discard), len(state.archive))
        assert tuple(int(p[f"data-{z}"]) for z in ("hand", "deck", "discard", "archive")) == sizes, where
        assert int(p["data-supply"]) == state.supply and int(p["data-on-board"]) == state.on_board, where
        assert p["data-completed"] == ",".join(ACHIEVEMENTS[a].name for a in state.done), where
        if eyes.kind == EyesKind.ALL or eyes.seat == seat:
            assert Counter(dict(p["hand"])) == Counter(KINDS[k].name for k in state.hand), where
            assert p["backs"] == 0, where
        else:
            assert p["hand"] == [] and p["backs"] == 2 * len(state.hand), where  # a face-down card: 2 rects
    header = drawn["header"]
    assert header["data-round"] == str(g.round) and header["data-phase"] == g.phase, where
    assert header["data-to-move"] == ("" if g.to_move is None else str(g.to_move)), where
    shop = [[TITLES[t].name, len(s), KINDS[s[-1]].name if s else ""] for t, s in zip(SHOP_TITLES, g.shop)]
    assert drawn["stacks"] == shop, where


@needs_chromium
def test_the_browser_draws_what_the_engine_holds(tmp_path: Path) -> None:
    chosen = {
        "2p_greedy_choose.jsonl": (0, 40, 278, -1),
        "3p_trading_recommended.jsonl": (10, 321, -1),
        "4p_mixed_choose.jsonl": (8, 106, 300, -1),
    }
    with chromium() as browser:
        for golden, picks in chosen.items():
            steps = steps_of(golden)
            first = steps[0].state
            statics = DRAWING.static(first.config)
            page = drawing_page(
                tmp_path / f"{golden}.html",
                "altay",
                DRAWING.script(),
                statics,
                DRAWING.frame(first, SPECTATOR),
                ctx_of(SPECTATOR, 0, first.n),
            )
            browser.open(page)
            for k in picks:
                step = steps[k]
                for eyes in (SPECTATOR, Eyes(EyesKind.SEAT, step.state.n - 1), ALL):
                    frame = DRAWING.frame(step.state, eyes)
                    browser.run(
                        DRAW,
                        statics,
                        frame,
                        ctx_of(eyes, step.n, step.state.n),
                    )
                    drawn = browser.run(READ_DRAWN)
                    check_drawn(drawn, step.state, eyes, f"{golden} step {step.n} {eyes.label}")
                    assert drawn["svg"][0] > 1000 and drawn["svg"][1] == 1  # drawn once, across the page
            assert browser.console_errors() == []
        assert browser.network_requests() == []


OVERLAPS = """
const hits = [];
for (const t of document.querySelectorAll('[data-secret-wonder]')) {
  const b = t.getBoundingClientRect();
  const panel = t.closest('g.altay-player');
  for (const o of panel.querySelectorAll('text')) {
    if (o === t) continue;
    const c = o.getBoundingClientRect();
    if (b.left < c.right && c.left < b.right && b.top < c.bottom && c.top < b.bottom)
      hits.push([t.textContent, o.textContent]);
  }
}
return [document.querySelectorAll('[data-secret-wonder]').length, hits];
"""


@needs_chromium
def test_the_secret_wonder_line_gives_way_to_the_name_lines_chips(tmp_path: Path) -> None:
    """A seat's name line holds its name, its program, the "first" and "to move" chips, the VP
    on view and the secret wonder; where a panel is narrow (three or more players) and the
    programs have names, the wonder's line takes a shorter form instead of running over the
    chips (its full text stays in its tooltip). Seen in `altay play --web`'s screenshot."""
    steps = steps_of("3p_trading_recommended.jsonl")
    first = steps[0].state
    statics = DRAWING.static(first.config)
    with chromium() as browser:
        page = drawing_page(
            tmp_path / "narrow.html",
            "altay",
            DRAWING.script(),
            statics,
            DRAWING.frame(first, SPECTATOR),
            ctx_of(SPECTATOR, 0, first.n),
        )
        browser.open(page)
        checked = 0
        for step in steps[20:200:9]:
            for seat in range(step.state.n):
                eyes = Eyes(EyesKind.SEAT, seat)
                ctx = ctx_of(eyes, step.n, step.state.n)
                for s in ctx["seats"]:  # programs' names, as a match or `play` shows them
                    s["name"] = f"human-{s['seat']}" if s["seat"] == seat else "greedy-bot-v2"
                browser.run(DRAW, statics, DRAWING.frame(step.state, eyes), ctx)
                shown, hits = browser.run(OVERLAPS)
                assert hits == [], f"step {step.n} seat {seat}"
                checked += shown
        assert checked > 20
        assert browser.console_errors() == []


@needs_chromium
def test_the_readme_screenshot_is_a_mid_game_four_player_board(tmp_path: Path) -> None:
    """Drawn from the 4-player golden at step 291 (round 10, a defence) through a spectator's eyes; with
    ALTAY_WRITE_SCREENSHOTS=1 it replaces the committed altay_cli/web/screenshots/altay.png."""
    step = steps_of("4p_mixed_choose.jsonl")[291]
    g = step.state
    page = drawing_page(
        tmp_path / "altay.html",
        "altay",
        DRAWING.script(),
        DRAWING.static(g.config),
        DRAWING.frame(g, SPECTATOR),
        ctx_of(SPECTATOR, step.n, g.n),
    )
    shot = tmp_path / "altay.png"
    with chromium() as browser:
        browser.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": 1400, "height": 900, "deviceScaleFactor": 1, "mobile": False},
        )
        browser.open(page)
        check_drawn(browser.run(READ_DRAWN), g, SPECTATOR, "screenshot")
        browser.driver.save_screenshot(str(shot))
        assert browser.console_errors() == [] and browser.network_requests() == []
    assert png_size(shot) == (1400, 900)
    if os.environ.get("ALTAY_WRITE_SCREENSHOTS"):
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, SCREENSHOT)
    assert png_size(SCREENSHOT) == (1400, 900)  # the committed one the README shows


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])
