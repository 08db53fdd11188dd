"""`altay play --web` in a real Chromium (tests/browser.py), against real bot subprocesses.

The command runs as a user runs it (a subprocess, `--port 0`), and the tests read the addresses
it prints. Each game is played to its end by clicking the page's action buttons (seeded choices);
its log (`--log`) replays (`altay replay --json`) to the result the page showed, and every
position the page was sent is what seat 0 may see: the frame `web.eyes.frame_of` draws from the
log's state at that step through seat 0's eyes, unchanged when everything seat 0 may not see is
shuffled (`Game.search.perturb_hidden`). Also: undo, refused tokens, bad commands, and a bot
named with HTML.

Time: about 40-50 s on a busy 2-core machine (one Chromium per test, games of 5 to 20 clicks).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from altay_cli.engine import Game, State, load_game
from altay_cli.replay import replay_log
from altay_cli.web.eyes import frame_of, seat_eyes
from tests.browser import Browser, chromium, needs_chromium

pytestmark = needs_chromium
BAD_BOTS = Path(__file__).parent / "bad_bots"
#: how long a page may take to show a change (a busy machine; never a measurement)
PATIENCE_S = 20


@contextlib.contextmanager
def served(*args: str, cwd: Path) -> Iterator[dict[str, str]]:
    """`altay play --web --port 0 ARGS` running; its addresses by the seats they play ("P0")."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "altay_cli", "play", "--web", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
        start_new_session=True,
    )
    urls: dict[str, str] = {}
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            m = re.match(r"\s+(P[\d, P]+): (http://\S+)$", line)
            if m:
                urls[m.group(1)] = m.group(2)
            if line.startswith("Open the address"):
                break
        else:
            raise AssertionError(f"altay play --web printed no address: {proc.stderr.read()}")  # type: ignore[union-attr]
        yield urls
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        err = proc.stderr.read() if proc.stderr else ""
        assert "Traceback" not in err, err
        assert proc.returncode == 0, err  # Ctrl-C is how a game served to a browser ends


def _capture(browser: Browser) -> None:
    """Keep every snapshot the page's address is sent (a second stream on the same token)."""
    browser.run(
        "window.__snaps = []; const t = new URLSearchParams(location.search).get('token');"
        "const s = new EventSource('/events?token=' + encodeURIComponent(t));"
        "s.addEventListener('state', (e) => window.__snaps.push(e.data));"
    )


def _wait(browser: Browser, script: str) -> Any:
    deadline = time.monotonic() + PATIENCE_S
    while True:
        value = browser.run(script)
        if value:
            return value
        if time.monotonic() > deadline:
            banner = browser.run("return document.getElementById('banner').textContent")
            raise AssertionError(f"the page never got to: {script} (its banner: {banner!r})")
        time.sleep(0.05)


def _ready(browser: Browser) -> None:
    """Wait until the page shows a position the person can act on (or the end)."""
    _wait(
        browser,
        "const b = document.body.dataset; return b.ready === '1' && b.busy !== '1' && "
        "(b.over === '1' || b.mine === '1');",
    )


def _play_to_the_end(browser: Browser, seed: int) -> int:
    """Click seeded legal actions until the game is over; the clicks made."""
    rng = random.Random(seed)
    clicks = 0
    while True:
        _ready(browser)
        if browser.run("return document.body.dataset.over") == "1":
            return clicks
        version = browser.run("return document.body.dataset.version")
        buttons = browser.driver.find_elements("css selector", "#legal button.legal-action")
        assert buttons, "it is the person's turn but no action is offered"
        rng.choice(buttons).click()
        clicks += 1
        _wait(browser, f"return document.body.dataset.version !== '{version}'")


def _page_result(browser: Browser) -> list[tuple[int, int, str]]:
    return browser.run(
        "return [...document.querySelectorAll('#result tr[data-seat]')]"
        ".map((tr) => [Number(tr.dataset.seat), Number(tr.dataset.rank), tr.dataset.total]);"
    )


def _replayed(log: Path) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "altay_cli", "replay", str(log), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


def _states(log: Path) -> tuple[Game, list[State]]:
    """The log's state at every step (0: the start)."""
    states: list[State] = []

    def on_step(d: Any, before: State, after: State) -> None:
        if not states:
            states.append(before.clone())
        states.append(after.clone())

    verdict = replay_log(log, on_step=on_step)
    assert verdict.ok, verdict.message
    assert verdict.header is not None
    return load_game(verdict.header.game), states


def _seat_saw_only_its_own(log: Path, snapshots: list[dict[str, Any]], seat: int = 0) -> int:
    """Every snapshot's frame is `seat`'s view of the log's state at its step, and stays the same
    when what that seat may not see is shuffled; the number of snapshots where that shuffle
    changed the full state (so the check had something to find)."""
    game, states = _states(log)
    drawing = game.drawing
    hidden_somewhere = 0
    for snap in snapshots:
        assert snap["eyes"] == {"kind": "seat", "seat": seat, "text": f"seat {seat}: what it may see"}
        state = states[snap["step"]] if snap["step"] < len(states) else None
        if state is None:  # a position later taken back by undo is not in the log
            continue
        assert snap["frame"] == frame_of(game, drawing, state, seat_eyes(seat)), f"step {snap['step']}"
        for seed in (1, 2):
            other = game.search.perturb_hidden(state, seat, seed + snap["step"])
            if other is None:
                continue
            assert frame_of(game, drawing, other, seat_eyes(seat)) == snap["frame"]
            if state.to_dict() != other.to_dict():
                hidden_somewhere += 1
    return hidden_somewhere


GAMES = [
    ("altay", ["--recommended", "--max-rounds", "1"]),
    ("innovation", ["--max-turns", "4"]),
    ("mammothodus", ["--max-turns", "2"]),
]


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_a_game_played_by_clicking_against_a_bot_replays_to_the_result_the_page_showed(
    game: str, options: list[str], tmp_path: Path
) -> None:
    log = tmp_path / "game.jsonl"
    args = ["--game", game, "-p", "2", "--seed", "2026", *options, "--seat", "1=random 5", "--log", str(log)]
    with served(*args, cwd=tmp_path) as urls, chromium() as browser:
        assert list(urls) == ["P0"]
        browser.driver.get(urls["P0"])
        _capture(browser)
        clicks = _play_to_the_end(browser, seed=7)
        assert clicks >= 2
        shown = _page_result(browser)
        steps = int(browser.run("return document.body.dataset.step"))
        snapshots = [json.loads(s) for s in browser.run("return window.__snaps")]
        assert not browser.console_errors()
    verdict = _replayed(log)
    assert verdict["verdict"] == "valid", verdict
    result = verdict["result"]
    assert verdict["decisions_verified"] == steps
    assert sorted(map(tuple, shown)) == [
        (seat, result["ranks"][seat], str(result["scores"][seat]["total"])) for seat in range(2)
    ]
    assert snapshots and snapshots[-1]["over"]
    assert all(s["seed"] == (2026 if s["over"] else None) for s in snapshots)  # told only at the end
    assert _seat_saw_only_its_own(log, snapshots) > 0  # the shuffles changed hidden cards: a real check


def test_undo_takes_back_the_persons_decision_and_the_bots_after_it(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    args = ["--game", "innovation", "--seed", "11", "--max-turns", "6", "--seat", "1=random 3"]
    with served(*args, "--log", str(log), cwd=tmp_path) as urls, chromium() as browser:
        browser.driver.get(urls["P0"])
        _ready(browser)
        assert browser.run("return document.getElementById('undo').disabled") is True
        start_step = browser.run("return document.body.dataset.step")
        first = browser.run("return document.querySelector('#legal button').textContent")
        version = browser.run("return document.body.dataset.version")
        browser.driver.find_element("css selector", "#legal button").click()
        _wait(browser, f"return document.body.dataset.version !== '{version}'")
        _ready(browser)
        assert int(browser.run("return document.body.dataset.step")) > int(start_step)
        version = browser.run("return document.body.dataset.version")
        browser.driver.find_element("id", "undo").click()
        _wait(browser, f"return document.body.dataset.version !== '{version}'")
        _ready(browser)
        assert browser.run("return document.body.dataset.step") == start_step
        assert browser.run("return document.querySelector('#legal button').textContent") == first
        assert (
            "took back 1 decision(s) of yours"
            in browser.run("return document.getElementById('message').textContent").lower()
        )
        # save writes a log of the position now, which `altay replay` accepts
        browser.driver.find_element("id", "file").send_keys("saved.jsonl")
        answered = browser.run("return document.body.dataset.answered || '0'")
        browser.driver.find_element("id", "save").click()
        _wait(browser, f"return (document.body.dataset.answered || '0') !== '{answered}'")
        assert "Saved 0 decisions" in browser.run("return document.getElementById('message').textContent")
        # load continues a saved game: the one saved above, at the position it was saved in
        browser.driver.find_element("css selector", "#legal button").click()
        _wait(browser, f"return document.body.dataset.step !== '{start_step}'")
        _ready(browser)
        version = browser.run("return document.body.dataset.version")
        browser.driver.find_element("id", "load").click()
        _wait(browser, f"return document.body.dataset.version !== '{version}'")
        _ready(browser)
        assert browser.run("return document.body.dataset.step") == start_step
        assert "Loaded saved.jsonl: 0 decisions" in browser.run(
            "return document.getElementById('message').textContent"
        )
    verdict = _replayed(tmp_path / "saved.jsonl")
    assert verdict["verdict"] == "valid" and verdict["decisions_verified"] == int(start_step)


def test_a_click_on_a_drawn_card_plays_the_one_action_naming_it(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    args = [
        "--game",
        "innovation",
        "--seed",
        "4",
        "--max-turns",
        "4",
        "--seat",
        "1=random",
        "--log",
        str(log),
    ]
    with served(*args, cwd=tmp_path) as urls, chromium() as browser:
        browser.driver.get(urls["P0"])
        _capture(browser)
        _ready(browser)
        snap = json.loads(_wait(browser, "return window.__snaps.length && window.__snaps.at(-1)"))
        named = [card for a in snap["legal"] for card in a["marks"]["card"]]
        card = next(c for c in named if named.count(c) == 1)
        version = browser.run("return document.body.dataset.version")
        browser.run(
            "const e = [...document.querySelectorAll('#board [data-card]')]"
            ".find((e) => e.getAttribute('data-card') === arguments[0]);"
            "e.dispatchEvent(new MouseEvent('click', {bubbles: true}));",
            card,
        )
        _wait(browser, f"return document.body.dataset.version !== '{version}'")
    _states(log)  # the log replays
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    first = next(line for line in lines if line["type"] == "decision")
    assert first["seat"] == 0 and first["action"]["card"] == card


def _post(url: str, body: bytes) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def _get_status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_two_people_each_see_only_their_seat_and_bad_requests_are_refused(tmp_path: Path) -> None:
    """Two people (no bot): a token per seat; no token, a wrong one, garbage, a forged or stale
    action are refused with a sentence, and the game is where it was."""
    log = tmp_path / "game.jsonl"
    args = ["--game", "altay", "--seed", "5", "--recommended", "--max-rounds", "1", "--log", str(log)]
    with served(*args, cwd=tmp_path) as urls, chromium() as browser:
        assert list(urls) == ["P0", "P1"]
        base, token0 = urls["P0"].split("?token=")
        token1 = urls["P1"].split("?token=")[1]
        assert token0 != token1
        for url in (
            base,
            base + "?token=",
            base + "?token=" + token0[:-1] + "x",
            base + "events",
            base + "events?token=nope",
        ):
            assert _get_status(url) == 403, url
        status, answer = _post(base + "command", b'{"op": "act", "index": 0, "version": 1}')
        assert status == 403 and "token" in answer["error"]

        browser.driver.get(urls["P1"])  # seat 1 waits for seat 0: no actions offered
        _capture(browser)
        _wait(browser, "return document.body.dataset.ready === '1'")
        assert browser.run("return document.body.dataset.mine") == "0"
        assert browser.run("return document.querySelectorAll('#legal button').length") == 0
        assert browser.run("return document.getElementById('eyes').dataset.eyes") == "seat-1"
        seat1 = browser.run("return document.documentElement.outerHTML")
        page1 = browser.driver.current_window_handle
        browser.driver.switch_to.new_window("tab")  # seat 1's page stays open beside seat 0's

        command0 = base + "command?token=" + token0
        status, answer = _post(base + "command?token=" + token1, b'{"op": "act", "index": 0, "version": 1}')
        assert status == 409 and "not your turn" in answer["error"]
        for body, code, words in (
            (b"{not json", 400, "not valid JSON"),
            (b"[1, 2]", 400, "JSON object"),
            (b'{"op": "act", "index": 999, "version": 1}', 400, "no action 999"),
            (b'{"op": "act", "index": "0", "version": 1}', 400, "no action 0"),
            (b'{"op": "act", "index": 0, "version": 0}', 409, "moved on"),
            (b'{"op": "act", "index": 0}', 409, "moved on"),
            (b'{"op": "shutdown"}', 400, "unknown command"),
            (b'{"op": "save", "path": "' + b"x" * 20000 + b'"}', 413, "at most"),
            (b'{"op": "load", "path": "no-such-file.jsonl"}', 400, "no-such-file"),
            (b'{"op": "save", "path": ""}', 400, "file name"),
            (b'{"op": "save", "path": "../outside.jsonl"}', 400, "not a file in the folder"),
            (b'{"op": "save", "path": "/tmp/outside.jsonl"}', 400, "not a file in the folder"),
            (b'{"op": "load", "path": "/etc/passwd"}', 400, "not a file in the folder"),
            (b'{"op": "save", "path": "a\\u0000b"}', 400, "file name"),
        ):
            status, answer = _post(command0, body)
            assert (status, words in answer["error"]) == (code, True), (body, answer)

        browser.driver.get(urls["P0"])  # the page shows the error, and the game goes on
        _ready(browser)
        version = browser.run("return document.body.dataset.version")
        assert version == "1"  # nothing above changed the game
        browser.run(  # a stale click: the page's command carries a version the game has left
            "const body = JSON.stringify({op: 'act', index: 0, version: 0});"
            "fetch('/command' + location.search, {method: 'POST', body: body})"
            ".then((r) => r.json()).then((a) => { document.body.dataset.stale = a.error; });"
        )
        assert "moved on" in _wait(browser, "return document.body.dataset.stale")
        browser.driver.find_element("css selector", "#legal button").click()
        _wait(browser, "return document.body.dataset.version !== '1'")
        _ready(browser)
        assert browser.run("return document.getElementById('banner').hidden") is True
        now = browser.run("return document.body.dataset.version")
        status, answer = _post(
            base + "command?token=" + token1, b'{"op": "undo", "version": %s}' % now.encode()
        )
        assert status == 409 and "P0's: only its player can take it back" in answer["error"]

        browser.driver.switch_to.window(page1)  # seat 1 saw seat 0's move, as seat 1 may
        _wait(browser, "return window.__snaps.some((s) => JSON.parse(s).step > 0)")
        assert browser.run("return document.getElementById('undo').disabled") is True
        snapshots1 = [json.loads(s) for s in browser.run("return window.__snaps")]
    assert 'class="legal-action"' not in seat1
    assert _seat_saw_only_its_own(log, snapshots1, seat=1) > 0


def test_a_bots_name_made_of_html_stays_text_and_its_info_never_reaches_the_page(tmp_path: Path) -> None:
    bots = tmp_path / "hostile"
    bots.mkdir()
    shutil.copy(BAD_BOTS / "_common.py", bots / "_common.py")
    name = '<img src=x onerror="document.body.dataset.pwned=1">'
    shutil.copy(BAD_BOTS / "markup.py", bots / f"{name}.py")
    command = f"{sys.executable} '{bots / (name + '.py')}'"
    args = ["--game", "innovation", "--seed", "3", "--max-turns", "4", "--seat", f"1={command}"]
    with served(*args, cwd=tmp_path) as urls, chromium() as browser:
        browser.driver.get(urls["P0"])
        _ready(browser)
        version = browser.run("return document.body.dataset.version")
        browser.driver.find_element("css selector", "#legal button").click()
        _wait(browser, f"return document.body.dataset.version !== '{version}'")
        _ready(browser)
        assert browser.run("return document.body.dataset.pwned") is None
        assert browser.run("return document.querySelectorAll('img').length") == 0
        names = browser.run(
            "return [...document.querySelectorAll('#seats .seat-name')].map((e) => e.textContent)"
        )
        assert names[1] == name
        page = browser.run("return document.documentElement.outerHTML")
        assert "pwned" not in page.replace("dataset.pwned", "")  # the bot's info and stderr: not shown
        assert "bold red" not in page
        assert not browser.console_errors()


SCREENSHOT = Path(__file__).resolve().parent.parent / "altay_cli" / "web" / "screenshots" / "play.png"


def test_the_readme_screenshot_is_a_game_being_played(tmp_path: Path) -> None:
    """A 3-player Altay against two bots, after a few clicks, as the person sees it; with
    ALTAY_WRITE_SCREENSHOTS=1 it replaces the committed altay_cli/web/screenshots/play.png."""
    args = ["--seed", "2027", "-p", "3", "--recommended", "--seat", "1=greedy", "--seat", "2=random 4"]
    shot = tmp_path / "play.png"
    with served(*args, cwd=tmp_path) as urls, chromium() as browser:
        browser.driver.get(urls["P0"])
        rng = random.Random(3)
        for _ in range(12):
            _ready(browser)
            version = browser.run("return document.body.dataset.version")
            buttons = browser.driver.find_elements("css selector", "#legal button.legal-action")
            rng.choice(buttons).click()
            _wait(browser, f"return document.body.dataset.version !== '{version}'")
        _ready(browser)
        assert browser.run("return document.body.dataset.over") == "0"
        browser.screenshot(shot)
        assert not browser.console_errors()
    if os.environ.get("ALTAY_WRITE_SCREENSHOTS"):
        shutil.copyfile(shot, SCREENSHOT)
    assert SCREENSHOT.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"  # the committed one the README shows
