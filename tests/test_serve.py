"""`altay serve DIR`: a real server (a subprocess, as a user starts it) over a real arena (an
`altay arena` subprocess), read over HTTP and in a real Chromium (tests/browser.py).

* While an arena runs, its open page's standings change without a reload and reach the final
  leaderboard (`altay arena report --json`); a game is not shown while another game of its deal
  (the same cards) is still to be stored; a game in progress is listed, its live page advances,
  stays `--delay` decisions behind the log, and never shows a card that was in a hand and never
  public by the step shown (checked against the log replayed by the engine; the same check finds
  such cards in the page of all eyes, so it can fail).
* Nothing outside DIR can be named or reached: `..`, encoded, absolute, NUL, links out.
* A bot's name and info texts and a file's name stay text on every page.
* The server listens on 127.0.0.1 unless --host says otherwise, and then warns.

Fixed, seeded sizes: one arena of 2 Innovation games (a bot sleeping 30 ms a move, about 15 s),
logs copied from the goldens; about 40 s in all.
"""

from __future__ import annotations

import contextlib
import os
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

import orjson
import pytest

from altay_cli.engine.innovation.tables import NAME
from altay_cli.replay import VALID, replay_log
from altay_cli.web.eyes import ALL
from altay_cli.web.serve_folder import NETWORK_DELAY, log_prefix
from altay_cli.web.serve_paths import OutsideError, Root
from altay_cli.web.view import build_page
from tests.browser import Browser, chromium, needs_chromium
from tests.view_helpers import GOLDEN, log_lines, rechained

ROOT = Path(__file__).resolve().parent.parent
SLOW_BOT = ROOT / "tests" / "arena_bots" / "slow_bot.py"
INNOVATION_GOLDEN = GOLDEN / "innovation_2p_greedy.jsonl"
EVIL = "</script><script>window.pwned = 1</script><img src=x onerror='window.pwned = 2'>"


def altay(*args: str) -> list[str]:
    return [sys.executable, "-c", "from altay_cli.cli import main; main()", *args]


@contextlib.contextmanager
def server(folder: Path, *args: str) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """`altay serve folder ARGS` running; its URL (the line it prints) and its process."""
    proc = subprocess.Popen(
        altay("serve", str(folder), *args),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("altay serve: http://"), line + (proc.stderr.read() if proc.stderr else "")
        yield line.split()[2], proc
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def wait_for(check: Any, what: str, timeout: float = 60, browser: Browser | None = None) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    console = browser.console_errors() if browser is not None else ""
    raise AssertionError(f"never {what}; console: {console}")


# ----------------------------------------------------------------------------- a log as it is written
def test_a_log_being_written_is_read_to_its_last_complete_line_and_cut_for_the_delay() -> None:
    raw = INNOVATION_GOLDEN.read_bytes()
    lines = raw.splitlines(keepends=True)
    kinds = [orjson.loads(line)["type"] for line in lines]
    decided = [i for i, k in enumerate(kinds) if k == "decision"]
    # a prefix ending inside a line: that line is left out, nothing else is cut without a delay
    partial = b"".join(lines[: decided[20] + 1]) + lines[decided[20] + 1][:17]
    prefix = log_prefix(partial, 0)
    assert prefix.data == b"".join(lines[: decided[20] + 1])
    assert (prefix.decisions, prefix.shown, prefix.finished) == (21, 21, False)
    # --delay 5: the log as it was right after its 16th decision
    prefix = log_prefix(partial, 5)
    assert prefix.data == b"".join(lines[: decided[15] + 1]) and prefix.shown == 16
    # more delay than decisions: the header alone; a finished game is never cut
    assert log_prefix(partial, 100).data == lines[0]
    whole = log_prefix(raw, 100)
    assert whole.finished and whole.data == raw and whole.shown == whole.decisions == len(decided)
    # the default delay follows what the header says of the network
    header = orjson.loads(lines[0])
    assert "isolation" not in header["meta"]  # a header that does not say: the network may be there
    assert log_prefix(partial, None).shown == 21 - NETWORK_DELAY
    for network, shown in ((True, 21 - NETWORK_DELAY), (False, 21)):
        header["meta"]["isolation"] = {"sandboxed": True, "network": network}
        said = orjson.dumps(header) + b"\n" + b"".join(lines[1 : decided[20] + 1])
        assert log_prefix(said, None).shown == shown
    assert log_prefix(b"", None).data == b"" and log_prefix(b'{"type": "hea', 0).data == b""


def test_the_folder_names_only_its_own_files(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.jsonl").write_text("x\n")
    (tmp_path / "secret").write_text("s")
    (tmp_path / "in" / "out").symlink_to(tmp_path / "secret")
    root = Root.of(tmp_path / "in")
    assert root.read_bytes("a.jsonl") == b"x\n"
    for name in ("../secret", "out", "/etc/passwd", "a.jsonl\x00", "./a.jsonl", "a.jsonl/", "..", "x\\y"):
        with pytest.raises(OutsideError):
            root.read_bytes(name)


# ----------------------------------------------------------------------------- safety over HTTP
def test_nothing_outside_the_folder_can_be_named_or_reached(tmp_path: Path) -> None:
    served = tmp_path / "served"
    outside = tmp_path / "outside"
    (served / "sub").mkdir(parents=True)
    outside.mkdir()
    secret_text = "SECRET-OUTSIDE"
    shutil.copy(INNOVATION_GOLDEN, served / "sub" / "game.jsonl")
    shutil.copy(INNOVATION_GOLDEN, outside / "secret.jsonl")
    (outside / "note.txt").write_text(secret_text)
    (served / "link.jsonl").symlink_to(outside / "secret.jsonl")
    (served / "linked").symlink_to(outside)
    (served / "sub" / "inner.jsonl").symlink_to(served / "sub" / "game.jsonl")  # a link inside: fine
    with server(served) as (url, _):
        status, index = get(url)
        assert status == 200 and "sub/game.jsonl" in index
        assert "link.jsonl" not in index and "linked" not in index and "secret" not in index
        assert get(url + "log?at=sub/game.jsonl")[0] == 200
        assert get(url + "log?at=sub/inner.jsonl")[0] == 200
        refused = [
            "log?at=../outside/secret.jsonl",
            "log?at=%2E%2E%2Foutside%2Fsecret.jsonl",
            "log?at=sub%2F..%2F..%2Foutside%2Fsecret.jsonl",
            "log?at=%252E%252E%252Foutside%252Fsecret.jsonl",
            "log?at=" + urllib.request.quote(str(outside / "secret.jsonl"), safe=""),
            "log?at=sub/game.jsonl%00",
            "log?at=link.jsonl",
            "log?at=linked/secret.jsonl",
            "log?at=linked%2Fnote.txt",
            "log?at=sub//game.jsonl",
            "log?at=./sub/game.jsonl",
            "arena?at=..",
            "arena?at=linked",
            "arena/events?at=..",
            "game?at=..&id=0",
            "live?at=../outside/secret.jsonl",
            "live/view?at=linked/secret.jsonl",
            "live/events?at=link.jsonl",
        ]
        for path in refused:
            status, body = get(url + path)
            assert status == 404, (path, status, body[:200])
            assert secret_text not in body and "<html" not in body, path
        # the path itself, not only its query, cannot climb out
        for raw in ("../outside/note.txt", "%2e%2e/outside/note.txt", "..%2Foutside%2Fnote.txt"):
            status, body = get(url + raw)
            assert status == 404 and secret_text not in body, raw
        # a request must name this machine (no DNS rebinding to a page on the loopback server)
        assert get(url, {"Host": "attacker.example"})[0] == 400
        # nothing was written into the folder
        assert sorted(p.name for p in served.rglob("*")) == sorted(
            ["sub", "game.jsonl", "inner.jsonl", "link.jsonl", "linked"]
        )


def _tree(folder: Path) -> dict[str, tuple[int, int, bytes]]:
    return {
        str(p.relative_to(folder)): (
            p.lstat().st_mtime_ns,
            p.lstat().st_size,
            p.read_bytes() if p.is_file() else b"",
        )
        for p in sorted(folder.rglob("*"))
    }


def test_serving_a_finished_arena_writes_nothing_and_its_links_out_are_refused(tmp_path: Path) -> None:
    served = tmp_path / "served"
    arena_dir = served / "done"
    r = subprocess.run(
        altay(
            "arena",
            "a=random",
            "b=greedy",
            "--game",
            "innovation",
            "--games",
            "1",
            "--seed",
            "4",
            "--out",
            str(arena_dir),
            "--quiet",
        ),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    (served / "elsewhere").mkdir()
    (served / "elsewhere" / "arena.sqlite").symlink_to(arena_dir / "arena.sqlite")  # a link: no arena
    before = _tree(served)
    with server(served) as (url, _):
        status, index = get(url)
        assert status == 200 and "done" in index and "elsewhere" not in index
        assert "2/2" in get(url + "arena?at=done")[1]
        assert get(url + "game?at=done&id=1")[0] == 200
        assert get(url + "arena?at=elsewhere")[0] == 404
        # an arena's log is shown only through its arena's pages (which know its deals)
        for path in ("log?at=done/logs/000001.jsonl", "live?at=done/logs/000001.jsonl"):
            status, body = get(url + path)
            assert status == 404 and "open it from the arena's page" in body
        assert get(url + "game?at=elsewhere&id=1")[0] == 404
    assert _tree(served) == before  # not a byte, not a file (not even SQLite's -wal and -shm)


def _listening_addresses(port: int) -> list[str]:
    """The local addresses a socket listens on at `port` (from /proc/net/tcp and tcp6)."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError), open(table) as fh:
            for line in fh.readlines()[1:]:
                local, state = line.split()[1], line.split()[3]
                address, hex_port = local.split(":")
                if int(hex_port, 16) == port and state == "0A":
                    found.append(address)
    return found


def test_it_listens_on_the_loopback_only_unless_told_and_then_warns(tmp_path: Path) -> None:
    with server(tmp_path) as (url, _):
        assert url.startswith("http://127.0.0.1:")
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        assert _listening_addresses(port) == ["0100007F"]  # 127.0.0.1, nothing else
    with server(tmp_path, "--host", "0.0.0.0") as (url, proc):
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        assert _listening_addresses(port) == ["00000000"]
        assert get(f"http://127.0.0.1:{port}/")[0] == 200
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=10)
    assert "warning: listening on 0.0.0.0" in err


def test_without_the_web_extra_one_sentence_and_exit_2(tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['uvicorn'] = None; sys.modules['starlette'] = None\n"
        "from altay_cli.cli import main; main(['serve', sys.argv[1]])"
    )
    r = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 2 and "pip install 'altay[web]'" in r.stderr and "Traceback" not in r.stderr
    r = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from altay_cli.cli import main\ntry:\n main(['--help'])\n"
            "except SystemExit: pass\nprint(sorted(m for m in ('starlette', 'uvicorn') if m in sys.modules))",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.stdout.strip().endswith("[]"), r.stdout  # `altay --help` does not pay for the server


# ----------------------------------------------------------------------------- in a browser
@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


def _evil_log(folder: Path) -> tuple[Path, dict[str, Any]]:
    """A finished Innovation log whose seat name and first info text are hostile, in a file
    whose name is hostile too."""
    lines = log_lines(INNOVATION_GOLDEN)
    lines[0]["seats"][0]["name"] = EVIL
    first = next(line for line in lines if line["type"] == "decision" and line["seat"] == 0)
    first["info"] = EVIL + " SECRET-INFO"
    log = folder / "<img src=x onerror='window.pwned = 3'>.jsonl"
    log.write_bytes(rechained(lines))
    assert replay_log(log).status == VALID
    return log, first


@needs_chromium
def test_names_info_and_file_names_from_bots_stay_text(browser: Browser, tmp_path: Path) -> None:
    log, first = _evil_log(tmp_path)
    with server(tmp_path, "--reveal") as (url, _):
        browser.driver.get(url)
        wait_for(lambda: browser.run("return document.readyState") == "complete", "loaded")
        assert browser.run("return window.pwned === undefined && document.images.length === 0")
        assert log.name in browser.run("return document.getElementById('logs').textContent")
        link = browser.run("return document.querySelector('#logs a').href")
        browser.driver.get(link + f"&eyes=all#step={first['n'] + 1}")
        wait_for(lambda: browser.run("return document.body.dataset.ready") == "1", "ready", browser=browser)
        assert browser.run("return window.pwned === undefined && document.images.length === 0")
        assert EVIL in browser.run("return document.getElementById('seats').textContent")
        info = browser.run("return document.querySelector('#decision .info pre').textContent")
        assert info == first["info"]
        # a spectator's page (the default) holds no info text, and a name only as escaped data
        spectator = get(link)[1]
        assert "SECRET-INFO" not in spectator and EVIL not in spectator
    assert browser.console_errors() == []


def _secret_hand_titles(log: Path, step: int, last: int | None = None) -> tuple[set[str], list[str]]:
    """The titles of cards in a hand at `step` that no seat but its owner had seen by step `last`
    (the last step the page holds: its list of decisions names what was played up to there;
    default `step`), and the titles every seat had seen by then (longest first), from the log
    replayed by the engine."""
    states: list[Any] = []
    verdict = replay_log(log, on_step=lambda d, b, a: states.extend([b.clone()] * (not states) + [a.clone()]))
    assert verdict.status == VALID, verdict.message
    public: set[int] = set()
    for g in states[: max(step, step if last is None else last) + 1]:
        public |= {c for c in range(len(NAME)) if g.known[c] == g.all}
        public |= {e[3] for e in g.log if e[0] == "move" and e[8] == g.all}
        public |= {e[2] for e in g.log if e[0] == "reveal"}
    g = states[step]
    in_hands = {c for p in g.players for c in p.hand}
    known = sorted((NAME[c] for c in public), key=len, reverse=True)
    return {NAME[c] for c in in_hands - public}, known


def _unnamed(text: str, secret: set[str], known: list[str]) -> list[str]:
    for title in known:  # "Machine Tools" is public: its "Tools" is not a leak
        text = text.replace(title, "")
    return sorted(t for t in secret if t in text)


def _frame_text(browser: Browser) -> tuple[int, int, str] | None:
    """(the step shown, the last step the page holds, the page's visible text) of the live page's
    viewer frame, once ready. One script reads all three from one document: the frame is
    reloaded as the game goes on, and two reads could see two pages."""
    browser.driver.switch_to.frame("game")
    try:
        got = browser.run(
            "const b = document.body, label = document.getElementById('step-label');"
            " return b && b.dataset.ready === '1' && label"
            " ? [+b.dataset.step, +label.dataset.last, b.innerText] : null"
        )
        return None if got is None else (int(got[0]), int(got[1]), str(got[2]))
    finally:
        browser.driver.switch_to.default_content()


@needs_chromium
def test_a_running_arena_and_its_games_in_progress(browser: Browser, tmp_path: Path) -> None:
    served = tmp_path / "served"
    served.mkdir()
    arena_dir = served / "ladder"
    arena = subprocess.Popen(
        altay(
            "arena",
            f"slow=python3 {SLOW_BOT} 0.03 1",
            "quick=random",
            "--game",
            "innovation",
            "--players",
            "2",
            "--games",
            "1",
            "--seed",
            "11",
            "--concurrency",
            "1",
            "--out",
            str(arena_dir),
            "--quiet",
        ),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        with server(served, "--delay", "3") as (url, _):
            wait_for(lambda: (arena_dir / "arena.sqlite").is_file(), "an arena database")
            browser.driver.get(url + "arena?at=ladder")
            browser.run("window.notReloaded = true")
            first = wait_for(
                lambda: browser.run(
                    "const g = document.querySelector('[data-live-game]'); return g && [+g.dataset.liveGame,"
                    " g.querySelector('a') !== null, g.textContent]"
                ),
                "the first game in progress listed",
                browser=browser,
            )
            # game 0 shares its deal (its cards) with game 1, still to be played: not shown yet
            if first[0] == 0:  # (a busy machine may open the page only once game 1 has begun)
                assert not first[1] and "not shown yet" in first[2], first
            assert "not shown yet" in get(url + "live?at=ladder&id=0")[1]
            live = wait_for(
                lambda: browser.run(
                    "const a = document.querySelector('[data-live-game] a'); return a && a.href"
                ),
                "a game in progress listed",
                browser=browser,
            )
            games_before = browser.run("return document.querySelector('[data-chip=games]').textContent")
            assert live.endswith("id=1")  # the last game of deal 0: shown live, its twin is stored
            status, body = get(url + "game?at=ladder&id=0")  # stored, but its deal is being played
            assert status == 404 and "not shown yet" in body
            # the live game, in a second tab
            arena_tab = browser.driver.current_window_handle
            browser.driver.switch_to.new_window("tab")
            browser.driver.get(live)
            game_id = int(live.rsplit("=", 1)[1])
            seen: dict[int, tuple[int, str]] = {}  # step shown: (the page's last step, its text)
            behind: set[str] = set()

            def advanced() -> bool:
                shown = _frame_text(browser)
                if shown is not None and shown[0] > 0:
                    seen[shown[0]] = shown[1:]
                    finished, late = browser.run(
                        "return [document.body.dataset.finished, document.body.dataset.behind]"
                    )
                    if finished == "0":
                        behind.add(late)
                return len(seen) >= 3

            wait_for(advanced, "three steps of the live game shown", browser=browser)
            assert behind == {"3"}  # --delay 3: three decisions behind the log while it is played
            # a game being played is said to be in progress, not a truncated log
            assert any("In progress:" in text for _, text in seen.values())
            assert not any("This log is truncated" in text for _, text in seen.values())
            # a spectator who goes back in the game stays there while it goes on
            shown = _frame_text(browser)
            assert shown is not None
            browser.driver.switch_to.frame("game")
            browser.run("window.location.hash = '#step=1'")
            browser.driver.switch_to.default_content()
            wait_for(lambda: (_frame_text(browser) or (0,))[0] == 1, "the viewer at step 1", browser=browser)
            if browser.run("return document.body.dataset.finished") == "0":  # an update is still to come
                held = wait_for(
                    lambda: (f := _frame_text(browser)) is not None and f[1] > shown[1] and f,
                    "the live game reloaded with more steps",
                    browser=browser,
                )
                assert held[0] == 1, held[:2]  # not pulled to the newest step
            wait_for(
                lambda: browser.run("return document.body.dataset.finished") == "1",
                "the live game finished",
                browser=browser,
            )
            done = browser.run("return document.querySelector('#done a').href")
            log = arena_dir / "logs" / f"{game_id:06d}.jsonl"
            leaked_in_all = 0
            for step, (last, text) in seen.items():
                secret, known = _secret_hand_titles(log, step, last)
                assert _unnamed(text, secret, known) == [], f"step {step}"
                # the same check finds the hidden cards in the page of all eyes: it can fail
                page = tmp_path / f"all-{step}.html"
                page.write_text(build_page(log, ALL)[0], encoding="utf-8")
                browser.open(page, f"step={step}")
                wait_for(lambda: browser.run("return document.body.dataset.ready") == "1", "ready")
                leaked_in_all += bool(_unnamed(browser.run("return document.body.innerText"), secret, known))
            assert leaked_in_all > 0
            browser.driver.get(done)
            wait_for(lambda: browser.run("return document.body.dataset.ready") == "1", "the finished game")
            assert "eyes=all" not in done and get(done.replace("?", "?eyes=all&"))[0] == 404
            browser.driver.close()
            browser.driver.switch_to.window(arena_tab)
            # back on the arena's page: the standings moved without a reload, to the final board
            assert arena.wait(timeout=120) == 0, arena.stderr.read() if arena.stderr else ""
            final = orjson.loads(
                subprocess.run(
                    altay("arena", "report", str(arena_dir), "--json"), capture_output=True, timeout=60
                ).stdout
            )

            def final_shown() -> bool:
                chip = browser.run("return document.querySelector('[data-chip=state]').textContent")
                return chip.endswith("complete") and not chip.endswith("incomplete")

            wait_for(final_shown, "the arena's page complete", browser=browser)
            assert browser.run("return window.notReloaded === true")
            games_after = browser.run("return document.querySelector('[data-chip=games]').textContent")
            assert games_before != games_after and games_after == "games 2/2"
            rows = browser.run(
                "return [...document.querySelectorAll('table.leaderboard tbody tr')].map(tr => "
                "[tr.querySelector('td.bot').textContent, +tr.querySelector('td.games').dataset.v, "
                "+tr.querySelector('td.wins').dataset.v])"
            )
            assert rows == [[r["bot"], r["games"], r["wins"]] for r in final["leaderboard"]]
            assert browser.run("return document.querySelectorAll('#games-table tbody tr').length") == 2
            assert browser.run("return document.querySelectorAll('[data-live-game]').length") == 0
            assert browser.run("return document.querySelectorAll('#games-table a.view').length") == 2
            assert get(url + "game?at=ladder&id=0")[0] == 200  # every game of the deal is stored
            assert not [e for e in browser.console_errors() if "favicon" not in e]
    finally:
        if arena.poll() is None:
            arena.send_signal(signal.SIGINT)
            arena.wait(timeout=30)
    assert os.listdir(served) == ["ladder"]  # the server wrote nothing
