"""Innovation's drawing for the web viewer: frames agree with the engine and keep its secrets, and
the drawing in a real Chromium shows what the engine holds.

Every step of the committed Innovation goldens is re-simulated (about 500 steps, seconds); the
browser tests draw chosen steps of each (Chromium under Selenium, see tests/browser.py).
`ALTAY_UPDATE_SCREENSHOTS=1` makes the screenshot test also write the README's picture,
altay_cli/web/screenshots/innovation.png.
"""

from __future__ import annotations

import json
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
from altay_cli.engine.innovation.actions import HIDDEN, FirstMeld, PickCard
from altay_cli.engine.innovation.drawing import InnovationDrawing
from altay_cli.engine.innovation.frames import Frame
from altay_cli.engine.innovation.state import GameState, Phase
from altay_cli.engine.innovation.tables import (
    AGE,
    BY_NAME,
    HAS,
    ICON_NAMES,
    NAME,
    REAL_ICONS,
    SHOWN,
    SPECIAL_NAME,
    SPLAY_NAMES,
)
from altay_cli.replay import VALID, replay_log
from tests.browser import chromium, default_seats, drawing_page, needs_chromium

ROOT = Path(__file__).resolve().parent.parent
GOLDENS = sorted((ROOT / "tests" / "golden").glob("innovation_*.jsonl"))
SCREENSHOT = ROOT / "altay_cli" / "web" / "screenshots" / "innovation.png"
GAME = load_game("innovation")
DRAWING = GAME.drawing
SPECTATOR = Eyes()
ALL = Eyes(EyesKind.ALL)
FRAME_BYTES_MAX = 4096  # a frame of the goldens, compact JSON (they measure 0.6 to 2.1 KB)


@dataclass
class Step:
    n: int  # the decision's number; the state is the one after it
    seat: int
    action: Any
    state: GameState


@cache
def golden(name: str) -> tuple[Step, ...]:
    steps: list[Step] = []

    def on_step(d: Any, before: Any, after: Any) -> None:
        if not steps:
            steps.append(Step(-1, -1, None, before))  # the deal, before the first decision
        steps.append(Step(d.n, d.seat, GAME.action_from_builtins(d.action), after.clone()))

    verdict = replay_log(ROOT / "tests" / "golden" / name, on_step=on_step)
    assert verdict.status == VALID, verdict.message
    return tuple(steps)


def every_eyes(n: int) -> list[Eyes]:
    return [SPECTATOR, ALL, *(Eyes(EyesKind.SEAT, s) for s in range(n))]


def sight(g: GameState, eyes: Eyes) -> int:
    """The seats that must know a card for these eyes to see it."""
    return 1 << eyes.seat if eyes.kind is EyesKind.SEAT else g.all


def is_builtins(x: Any) -> bool:
    if x is None or isinstance(x, (bool, int, str)):
        return True
    if isinstance(x, list):
        return all(is_builtins(v) for v in x)
    if isinstance(x, dict):
        return all(isinstance(k, str) and is_builtins(v) for k, v in x.items())
    return False


def strings(x: Any) -> list[str]:
    if isinstance(x, str):
        return [x]
    if isinstance(x, list):
        return [s for v in x for s in strings(v)]
    if isinstance(x, dict):
        return [s for v in x.values() for s in strings(v)]
    return []


def age_of(entry: str | int) -> int:
    return entry if isinstance(entry, int) else AGE[BY_NAME[entry]]


def splay_icons(g: GameState, p: int, k: int) -> dict[str, int]:
    """The icons pile k of player p shows below its top card, from the engine's tables."""
    pl = g.players[p]
    pile = pl.piles[k]
    out: dict[str, int] = {}
    for c in pile[:-1]:
        for i in REAL_ICONS:
            if SHOWN[pl.splay[k]][c][i]:
                out[ICON_NAMES[i]] = out.get(ICON_NAMES[i], 0) + SHOWN[pl.splay[k]][c][i]
    return out


def won(g: GameState, p: int) -> list[int | str]:
    achieved = g.players[p].achieved
    return [*sorted(AGE[c] for c in achieved if c < 105), *(SPECIAL_NAME[c] for c in achieved if c >= 105)]


# ---------------------------------------------------------------------------- frames
def check_zone(g: GameState, eyes: Eyes, owner: int, cards: list[int], drawn: list[str | int]) -> None:
    assert sorted(age_of(e) for e in drawn) == sorted(AGE[c] for c in cards)
    titles = [e for e in drawn if isinstance(e, str)]
    assert Counter(titles) <= Counter(NAME[c] for c in cards)
    need = sight(g, eyes)
    if eyes.kind is EyesKind.ALL or eyes.seat == owner:
        expected = {NAME[c] for c in cards}
    else:
        expected = {NAME[c] for c in cards if g.known[c] & need == need}
    assert set(titles) == expected


def check_frame(g: GameState, frame: dict[str, Any], eyes: Eyes) -> None:
    """What the frame says is what the engine holds, and the hidden parts as the eyes know them."""
    assert is_builtins(frame) and json.loads(json.dumps(frame)) == frame
    for p, pl in enumerate(g.players):
        piles = [[SPLAY_NAMES[pl.splay[k]], [NAME[c] for c in pl.piles[k]]] for k in range(5)]
        assert frame["boards"][p] == piles
        assert frame["icons"][p] == [pl.icon_counts()[i] for i in REAL_ICONS]
        check_zone(g, eyes, p, pl.hand, frame["hands"][p])
        check_zone(g, eyes, p, pl.score, frame["scores"][p])
        assert frame["achievements"]["won"][p] == won(g, p)
    assert frame["achievements"]["ages"] == sorted(AGE[c] for c in g.available)
    assert frame["achievements"]["specials"] == [
        [SPECIAL_NAME[s], None if o < 0 else o] for s, o in sorted(g.specials.items())
    ]
    assert frame["supply"]["left"] == [len(g.supply[a]) for a in range(1, 11)]
    turn = frame["turn"]
    assert (turn["phase"], turn["turn"], turn["active"], turn["to_move"]) == (
        str(g.phase),
        g.turn,
        g.active,
        g.to_move,
    )
    if g.phase is Phase.PLAY:
        assert turn["action"] == turn["actions"] - g.actions_left + 1
        assert 1 <= turn["action"] <= turn["actions"]
    dogma = g.stack[0] if g.stack and isinstance(g.stack[0], Frame) and g.stack[0].kind == "dogma" else None
    assert ("dogma" in turn) == (dogma is not None)
    if dogma is not None:
        assert (turn["dogma"]["card"], turn["dogma"]["by"]) == (NAME[dogma.card], dogma.act)
    ask = g.pending
    assert ("decision" in turn) == (ask is not None)
    if ask is not None:
        assert turn["decision"]["seat"] == ask.seat
        may_read = eyes.kind is EyesKind.ALL or eyes.seat == ask.seat
        assert turn["decision"].get("prompt") == (ask.prompt if may_read else None)
    if g.is_terminal:
        assert turn["result"]["winners"] == list(g.winners)


@pytest.mark.parametrize("name", [p.name for p in GOLDENS])
def test_every_frame_of_the_goldens_agrees_with_the_engine(name: str) -> None:
    sizes = []
    for step in golden(name):
        g = step.state
        for eyes in every_eyes(g.n):
            frame = DRAWING.frame(g, eyes)
            check_frame(g, frame, eyes)
            sizes.append(len(json.dumps(frame, separators=(",", ":"))))
    assert max(sizes) < FRAME_BYTES_MAX


@pytest.mark.parametrize("name", [p.name for p in GOLDENS])
def test_frames_and_decisions_ignore_what_the_eyes_may_not_see(name: str) -> None:
    """Rearranging what seat s may not see changes nothing in its frame, nor in the spectator's,
    nor in the decisions' text as they read them."""
    changed = 0
    for k, step in enumerate(golden(name)):
        g = step.state
        seen = {e: DRAWING.frame(g, e) for e in every_eyes(g.n) if e != ALL}
        texts = {}
        if step.action is not None:
            texts = {e: DRAWING.decision_text(g, step.seat, step.action, e) for e in seen}
        for s in range(g.n):
            twin = GAME.search.perturb_hidden(g, s, seed=1000 * k + s)
            changed += twin.digest() != g.digest()
            for eyes in (SPECTATOR, Eyes(EyesKind.SEAT, s)):
                assert DRAWING.frame(twin, eyes) == seen[eyes], f"step {step.n}: {eyes.label}"
                if step.action is not None:
                    assert DRAWING.decision_text(twin, step.seat, step.action, eyes) == texts[eyes]
    assert changed > len(golden(name))


@pytest.mark.parametrize("name", [p.name for p in GOLDENS])
def test_titles_that_never_became_public_never_reach_a_spectator(name: str) -> None:
    """The spectator's frames and decision texts name only cards every seat has known where
    they lay (the engine's `known`, the moves everyone saw, the reveals) by that step."""
    public: set[int] = set()
    hidden_titles_checked = 0
    for step in golden(name):
        g = step.state
        public |= {c for c in range(len(NAME)) if g.known[c] == g.all}
        public |= {e[3] for e in g.log if e[0] == "move" and e[8] == g.all}
        public |= {e[2] for e in g.log if e[0] == "reveal"}
        secret = {NAME[c] for c in range(len(NAME)) if c not in public}
        said = strings(DRAWING.frame(g, SPECTATOR))
        if step.action is not None:
            said.append(DRAWING.decision_text(g, step.seat, step.action, SPECTATOR))
        titles = {s for s in said if s in BY_NAME}
        assert not titles & secret, f"step {step.n}: {titles & secret}"
        known = sorted((NAME[c] for c in public), key=len, reverse=True)  # "Machine Tools" before "Tools"
        for s in said:
            rest = s
            for t in known:
                rest = rest.replace(t, "")
            assert not [t for t in secret if t in rest], f"step {step.n}: {s!r}"
        hidden_titles_checked += len(secret)
    assert hidden_titles_checked > 0


@pytest.mark.parametrize("name", [p.name for p in GOLDENS])
def test_decisions_read_in_full_only_by_whom_may_know_them(name: str) -> None:
    hidden = named = 0
    for step in golden(name):
        if step.action is None:
            continue
        g, full = step.state, GAME.text.command_text(step.action)
        assert DRAWING.decision_text(g, step.seat, step.action, ALL) == full
        assert DRAWING.decision_text(g, step.seat, step.action, Eyes(EyesKind.SEAT, step.seat)) == full
        for eyes in every_eyes(g.n):
            text = DRAWING.decision_text(g, step.seat, step.action, eyes)
            if not isinstance(step.action, (PickCard, FirstMeld)):
                assert text == full
                continue
            c = BY_NAME[step.action.card]
            if text != full:
                assert text == GAME.text.command_text(type(step.action)(HIDDEN))
                assert g.known[c] & sight(g, eyes) != sight(g, eyes)
                hidden += eyes == SPECTATOR
            else:
                named += eyes == SPECTATOR
    assert hidden and named  # a secret first meld, a card named once melded


def test_the_first_melds_stay_secret_until_they_are_revealed() -> None:
    steps = golden("innovation_4p_random.jsonl")
    firsts = [s for s in steps if isinstance(s.action, FirstMeld)]
    assert len(firsts) == 4
    texts = [DRAWING.decision_text(s.state, s.seat, s.action, SPECTATOR) for s in firsts]
    assert texts[:3] == ["first hidden"] * 3 and texts[3] == GAME.text.command_text(firsts[3].action)
    mine = DRAWING.frame(firsts[1].state, Eyes(EyesKind.SEAT, 1))["turn"]["picks"]
    theirs = DRAWING.frame(firsts[1].state, SPECTATOR)["turn"]["picks"]
    assert mine == [True, firsts[1].action.card, False, False] and theirs == [True, True, False, False]


def test_the_static_data_is_the_card_catalogue() -> None:
    for edition in ("3e", "1e"):
        static = DRAWING.static(GAME.make_config(3, 1, {"edition": edition}))
        assert is_builtins(static) and len(static["cards"]) == len(NAME) and static["need"] == 5
        info = {c.name: c for c in GAME.static_info(GAME.make_config(3, 1, {"edition": edition})).cards}
        for title, card in static["cards"].items():
            assert [text for _, text in card["effects"]] == [e.text for e in info[title].effects]
            assert card["icons"] == info[title].icons and card["age"] == info[title].age
    assert [s["name"] for s in static["specials"]] == [SPECIAL_NAME[s] for s in sorted(SPECIAL_NAME)]


def test_the_script_is_shipped_as_package_data() -> None:
    script = DRAWING.script()
    assert "window.altayGames.innovation = { draw }" in script
    assert script == (ROOT / "altay_cli" / "engine" / "innovation" / "draw.js").read_text(encoding="utf-8")
    # (tests/test_package_data.py checks that every asset is listed as package data)
    assert "http:" not in script.replace("http://www.w3.org/2000/svg", "") and "https:" not in script
    assert isinstance(GAME.drawing, InnovationDrawing)


# ---------------------------------------------------------------------------- in the browser
READ_DRAWN = """
const q = (s) => Array.from(document.querySelectorAll(s));
const turn = document.querySelector("[data-turn]").dataset;
const dogma = document.querySelector("[data-dogma]");
const decision = document.querySelector("[data-decider]");
const result = document.querySelector("[data-result]");
return {
  piles: q(".inno-pile").map((e) => ({p: +e.dataset.player, color: e.dataset.color, top: e.dataset.top,
    splay: e.dataset.splay, count: +e.dataset.count, shown: JSON.parse(e.dataset.splayIcons),
    text: e.textContent})),
  players: q("section[data-player]").map((e) => ({p: +e.dataset.player, score: +e.dataset.score,
    count: +e.dataset.achievementCount, icons: JSON.parse(e.querySelector("[data-icons]").dataset.icons),
    won: JSON.parse(e.querySelector("[data-won]").dataset.won)})),
  zones: q("[data-zone]").map((e) => ({p: +e.dataset.player, zone: e.dataset.zone, size: +e.dataset.size,
    total: +e.dataset.total, text: e.textContent,
    cards: Array.from(e.querySelectorAll("[data-age]"))
      .map((c) => [+c.dataset.age, +c.dataset.count, c.dataset.card || null])})),
  supply: q("[data-supply-age]").map((e) => [+e.dataset.supplyAge, +e.dataset.count]),
  table: q("[data-achievement-age]").map((e) => +e.dataset.achievementAge),
  specials: q("[data-special]").map((e) => [e.dataset.special, e.dataset.owner]),
  turn: {turn: turn.turn, active: turn.active, toMove: turn.toMove, phase: turn.phase},
  dogma: dogma ? [dogma.dataset.dogma, +dogma.dataset.activator] : null,
  decider: decision ? +decision.dataset.decider : null,
  patterns: q("section[data-player] .inno-head > svg[data-pattern]").map((e) => e.dataset.pattern),
  result: result ? [result.dataset.result, result.dataset.winners] : null,
};
"""


def ctx_for(g: GameState, eyes: Eyes, n: int) -> dict[str, Any]:
    eyes_ = {"kind": str(eyes.kind), "seat": eyes.seat}
    return {"eyes": eyes_, "step": n, "seats": default_seats(g.n), "decision": None}


def check_drawn(g: GameState, eyes: Eyes, drawn: dict[str, Any]) -> None:
    need = sight(g, eyes)
    assert len(drawn["piles"]) == 5 * g.n and len(drawn["players"]) == g.n
    for pile in drawn["piles"]:
        pl = g.players[pile["p"]]
        k = ("blue", "red", "green", "yellow", "purple").index(pile["color"])
        cards = pl.piles[k]
        assert pile["top"] == (NAME[cards[-1]] if cards else "")
        assert pile["top"] in pile["text"]
        assert (pile["splay"], pile["count"]) == (SPLAY_NAMES[pl.splay[k]], len(cards))
        assert pile["shown"] == splay_icons(g, pile["p"], k)
    for player in drawn["players"]:
        p, pl = player["p"], g.players[player["p"]]
        assert player["score"] == pl.score_total() and player["count"] == len(pl.achieved)
        assert player["icons"] == {ICON_NAMES[i]: pl.icon_counts()[i] for i in REAL_ICONS}
        tops = [HAS[c] for c in pl.tops()]
        for i in REAL_ICONS:  # the totals are what the tops and the splays show
            below = sum(splay_icons(g, p, k).get(ICON_NAMES[i], 0) for k in range(5))
            assert player["icons"][ICON_NAMES[i]] == sum(t[i] for t in tops) + below
        assert player["won"] == won(g, p)
    assert len(drawn["zones"]) == 2 * g.n
    for zone in drawn["zones"]:
        p = zone["p"]
        cards = g.players[p].hand if zone["zone"] == "hand" else g.players[p].score
        assert zone["size"] == len(cards) == sum(n for _, n, _ in zone["cards"])
        assert zone["total"] == sum(AGE[c] for c in cards)
        assert sorted(a for a, n, _ in zone["cards"] for _ in range(n)) == sorted(AGE[c] for c in cards)
        owner_eyes = eyes.kind is EyesKind.ALL or eyes.seat == p
        expected = {NAME[c] for c in cards if owner_eyes or g.known[c] & need == need}
        assert {t for _, _, t in zone["cards"] if t} == expected
        for c in cards:
            if NAME[c] not in expected:
                assert NAME[c] not in zone["text"]
    assert drawn["supply"] == [[a, len(g.supply[a])] for a in range(1, 11)]
    assert drawn["table"] == sorted(AGE[c] for c in g.available)
    specials = sorted(g.specials.items())
    assert drawn["specials"] == [[SPECIAL_NAME[s], "" if o < 0 else str(o)] for s, o in specials]
    turn = drawn["turn"]
    assert (turn["turn"], turn["active"], turn["phase"]) == (str(g.turn), str(g.active), str(g.phase))
    assert turn["toMove"] == ("" if g.to_move is None else str(g.to_move))
    dogma = g.stack[0] if g.stack and isinstance(g.stack[0], Frame) and g.stack[0].kind == "dogma" else None
    assert drawn["dogma"] == (None if dogma is None else [NAME[dogma.card], dogma.act])
    assert drawn["decider"] == (None if g.pending is None else g.pending.seat)
    assert drawn["patterns"] == [s["pattern"] for s in default_seats(g.n)]
    result = None if g.end_reason is None else [str(g.end_reason), " ".join(map(str, g.winners))]
    assert drawn["result"] == result


def chosen_steps(name: str) -> list[Step]:
    steps = golden(name)
    dogmas = [s for s in steps if s.state.pending is not None and s.state.pending.seat != s.state.active]
    return [steps[1], steps[len(steps) // 2], dogmas[len(dogmas) // 2], steps[-1]]


@needs_chromium
def test_the_browser_draws_what_the_engine_holds(tmp_path: Path) -> None:
    drawn_count = 0
    with chromium() as browser:
        for path in GOLDENS:
            for step in chosen_steps(path.name):
                g = step.state
                for eyes in (SPECTATOR, Eyes(EyesKind.SEAT, 1), ALL):
                    page = drawing_page(
                        tmp_path / f"{path.stem}-{step.n}-{eyes.label}.html",
                        "innovation",
                        DRAWING.script(),
                        DRAWING.static(g.config),
                        DRAWING.frame(g, eyes),
                        ctx_for(g, eyes, step.n),
                    )
                    browser.open(page)
                    check_drawn(g, eyes, browser.run(READ_DRAWN))
                    assert browser.console_errors() == []
                    drawn_count += 1
        assert browser.network_requests() == []
    assert drawn_count == len(GOLDENS) * 4 * 3


@needs_chromium
def test_hostile_seat_names_and_colours_stay_text(tmp_path: Path) -> None:
    """Names come from logs: drawn as text; a colour that is not a plain one is not used."""
    step = chosen_steps("innovation_3p_1e_mixed.jsonl")[1]
    seats = default_seats(3)
    seats[0] |= {"name": "<img src=http://example.com/x onerror=alert(1)>", "label": "<b>P0</b>"}
    seats[1] |= {"color": "red;background:url(http://example.com/y)"}
    ctx = {"eyes": {"kind": "spectator", "seat": None}, "step": step.n, "seats": seats, "decision": None}
    g = step.state
    script, static, frame = DRAWING.script(), DRAWING.static(g.config), DRAWING.frame(g, SPECTATOR)
    page = drawing_page(tmp_path / "hostile.html", "innovation", script, static, frame, ctx)
    with chromium() as browser:
        browser.open(page)
        names = browser.run(
            "return [document.querySelectorAll('img').length,"
            " document.querySelector('section[data-player=\"0\"] .inno-head').textContent]"
        )
        assert names[0] == 0 and seats[0]["name"] in names[1] and "<b>P0</b>" in names[1]
        assert browser.console_errors() == [] and browser.network_requests() == []


def test_a_seat_that_is_not_in_the_game_is_refused() -> None:
    g = golden("innovation_2p_greedy.jsonl")[5].state
    with pytest.raises(ValueError, match="no seat 2"):
        DRAWING.frame(g, Eyes(EyesKind.SEAT, 2))


@needs_chromium
def test_a_screenshot_of_a_four_player_game(tmp_path: Path) -> None:
    """A mid-game board of four players, a demand in progress, as the README shows it."""
    step = next(s for s in golden("innovation_4p_random.jsonl") if s.n == 145)
    g = step.state
    assert g.pending is not None and g.pending.seat != g.active  # a demand is being answered
    page = drawing_page(
        tmp_path / "innovation.html",
        "innovation",
        DRAWING.script(),
        DRAWING.static(g.config),
        DRAWING.frame(g, SPECTATOR),
        ctx_for(g, SPECTATOR, step.n),
    )
    shot = tmp_path / "innovation.png"
    with chromium() as browser:
        driver = browser.driver
        # the viewport itself 1400 x 900 (a window of that size holds a smaller one)
        metrics = {"width": 1400, "height": 900, "deviceScaleFactor": 1, "mobile": False}
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
        browser.open(page)
        width, height, overflow = browser.run(
            "const b = document.querySelector('.inno'); return [innerWidth, innerHeight,"
            " document.documentElement.scrollHeight > innerHeight || b.scrollWidth > b.clientWidth];"
        )
        assert (width, height, overflow) == (1400, 900, False)  # tidy: it fits, nothing scrolls
        driver.save_screenshot(str(shot))
        assert browser.console_errors() == [] and browser.network_requests() == []
    assert png_size(shot) == (1400, 900)
    if os.environ.get("ALTAY_UPDATE_SCREENSHOTS"):
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, SCREENSHOT)


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_the_committed_screenshot_is_a_1400_by_900_png() -> None:
    assert png_size(SCREENSHOT) == (1400, 900)
