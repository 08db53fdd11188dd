"""The arena's and an SPRT's report page (`--html FILE`): real arenas of real bot processes, the
page opened in a real Chromium and compared with `--json`; bad output paths; a running arena;
an old arena; the games' viewer pages; text from a damaged row that must stay text.

Each arena is small (2 bots, 2 players, a few deals of 4 rounds): a few seconds apiece.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import signal
import sqlite3
import struct
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import orjson
import pytest
from click.testing import CliRunner

from altay_cli.cli import main as altay_main
from arena.sprt import EloModel, Pentanomial, llr
from arena.store import ArenaStore
from tests.arena_helpers import as_schema_2, watch
from tests.browser import chromium

FAST = ["--max-rounds", "4", "--move-ms", "3000", "-j", "2"]
FIXTURES = Path(__file__).parent / "fixtures" / "arena_schema1"
SCREENSHOT = Path(__file__).resolve().parent.parent / "altay_cli" / "web" / "screenshots" / "arena.png"


def altay(*args: str, timeout: float = 180) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", "from altay_cli.cli import main; main()", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def board_of(folder: Path) -> dict[str, Any]:
    r = altay("arena", "report", str(folder), "--json")
    assert r.returncode == 0, r.stderr
    return orjson.loads(r.stdout)


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def arena_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("arena") / "a"
    r = altay(
        "arena", "r=random", "g=greedy", "-p", "2", "--games", "2", "--seed", "11", *FAST, "--out", str(out)
    )
    assert r.returncode == 0, r.stderr
    return out


@pytest.fixture(scope="module")
def sprt_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, Any]]:
    """An SPRT run with --html: its folder, its page and its --json result. Two random bots give
    pairs of every kind, so the order of the pairs shows in the LLR's path; no decision within
    --max-pairs 8 (exit 4)."""
    base = tmp_path_factory.mktemp("sprt")
    out, page = base / "s", base / "sprt.html"
    args = ["new=random 5", "base=random 6", "--elo1", "50", "--max-pairs", "8", "--seed", "4", *FAST]
    r = altay("sprt", *args, "--out", str(out), "--json", "--html", str(page))
    assert r.returncode == 4, r.stderr
    assert f"page: {page}" in r.stderr
    return out, page, orjson.loads(r.stdout)


def leaderboard_rows(browser: Any) -> list[dict[str, Any]]:
    return browser.run(
        """return Array.from(document.querySelectorAll('table.leaderboard tbody tr')).map(tr => ({
            bot: tr.querySelector('td.bot').textContent,
            games: +tr.querySelector('td.games').dataset.v,
            wins: +tr.querySelector('td.wins').dataset.v,
            win_rate: tr.querySelector('td.win-rate').dataset.v,
            text: tr.querySelector('td.win-rate').textContent}))"""
    )


def check_leaderboard(browser: Any, board: dict[str, Any]) -> None:
    shown = leaderboard_rows(browser)
    assert [r["bot"] for r in shown] == [r["bot"] for r in board["leaderboard"]]
    for row, want in zip(shown, board["leaderboard"]):
        assert row["games"] == want["games"] and row["wins"] == want["wins"]
        assert float(row["win_rate"]) == pytest.approx(want["win_rate"], abs=1e-9)
        low, high = want["win_rate_95"]
        assert row["text"] == f"{100 * want['win_rate']:.0f}% [{100 * low:.0f}%, {100 * high:.0f}%]"
    bars = browser.run(
        """return Array.from(document.querySelectorAll('.rate-bar[data-series="all"]')).map(g => ({
            bot: g.dataset.bot, rate: +g.dataset.winRate, low: +g.dataset.low, high: +g.dataset.high,
            drawn: g.querySelectorAll('rect.bar, .whisker, circle.point').length}))"""
    )
    assert [b["bot"] for b in bars] == [r["bot"] for r in board["leaderboard"]]
    for bar, want in zip(bars, board["leaderboard"]):
        assert (bar["rate"], bar["low"], bar["high"]) == pytest.approx(
            (want["win_rate"], *want["win_rate_95"]), abs=1e-9
        )
        assert bar["drawn"] == 3  # the bar, the interval's whisker and the point


def no_requests_no_errors(browser: Any) -> None:
    assert browser.console_errors() == []
    assert browser.network_requests() == []


def self_contained(page: Path) -> None:
    """Nothing in the file names anything to fetch (the browser test shows none is made)."""
    text = page.read_text(encoding="utf-8")
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", text, re.I)
    assert not re.search(r"@import|url\(\s*['\"]?(https?:|//)", text, re.I)
    assert "default-src 'none'" in text  # and the page forbids every request itself


# ----------------------------------------------------------------------------- the arena page
def test_the_arena_page_shows_what_the_json_says_in_chromium(arena_dir: Path, tmp_path: Path) -> None:
    page = tmp_path / "arena.html"
    r = altay("arena", "report", str(arena_dir), "--html", str(page))
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith(f"page: {page} (4 games")
    self_contained(page)
    board = board_of(arena_dir)
    assert board["arena"]["complete"] and "11" in page.read_text()  # the seed, once complete
    with chromium() as browser:
        browser.open(page)
        check_leaderboard(browser, board)
        ratings = browser.run(
            """return Array.from(document.querySelectorAll('.rating-bar')).map(g =>
               [g.dataset.bot, +g.dataset.mu, +g.dataset.sigma, +g.dataset.ordinal])"""
        )
        assert ratings == [
            [r["bot"], pytest.approx(r["mu"]), pytest.approx(r["sigma"]), pytest.approx(r["ordinal"])]
            for r in board["leaderboard"]
        ]
        cells = browser.run(
            """return Array.from(document.querySelectorAll('td.h2h[data-share]')).map(td => ({
                row: td.dataset.row, col: td.dataset.col, share: +td.dataset.share, low: +td.dataset.low,
                high: +td.dataset.high, games: +td.dataset.games, title: td.title, text: td.textContent}))"""
        )
        want = {(a, b): s for a, row in board["head_to_head"].items() for b, s in row.items() if a != b}
        assert {(c["row"], c["col"]): c["share"] for c in cells} == pytest.approx(want)
        for c in cells:
            h = board["head_to_head_95"][c["row"]][c["col"]]
            assert [c["low"], c["high"]] == pytest.approx(h["interval"]) and c["games"] == h["games"]
            assert f"{h['deals']} deals as clusters" in c["title"]
            assert c["text"].startswith("≈") == (h["interval"][0] <= 0.5 <= h["interval"][1])
        seats = browser.run(
            """return Array.from(document.querySelectorAll('table.seats tbody tr')).map(tr =>
               Array.from(tr.querySelectorAll('td.num')).map(td => +td.dataset.v))"""
        )
        assert seats == [[t["win_rate"] for t in r["seats"]] for r in board["leaderboard"]]
        ends = browser.run(
            "return Array.from(document.querySelectorAll('.end-bar'))"
            ".map(g => [g.dataset.label, +g.dataset.count])"
        )
        assert dict(ends) == board["end_reasons"]
        text = browser.run("return document.body.innerText")
        assert "Conditions of play" in text and "move 3000 ms" in text and "Per faction" in text
        # every game listed, each linking its log (no viewer page written yet)
        games = browser.run(
            """return Array.from(document.querySelectorAll('#games-table tbody tr')).map(tr => [
               +tr.dataset.game, tr.querySelector('a.log').getAttribute('href'),
               !!tr.querySelector('a.view')])"""
        )
        assert [g[0] for g in games] == list(range(4))
        for game_id, href, has_view in games:
            assert not has_view and (page.parent / href).resolve() == (
                arena_dir / "logs" / f"{game_id:06d}.jsonl"
            )
        assert game_lengths(browser) == ("Rounds", [str(n) for n in stored(arena_dir, "rounds")])
        # the table sorts on a click (games played, then wins ascending)
        browser.driver.find_element("css selector", "table.leaderboard th:nth-child(6)").click()
        browser.driver.find_element("css selector", "table.leaderboard th:nth-child(6)").click()
        order = [r["bot"] for r in leaderboard_rows(browser)]
        assert order == sorted((r["bot"] for r in board["leaderboard"]), key=lambda b: _wins(board, b))
        no_requests_no_errors(browser)


def game_lengths(browser: Any) -> tuple[str, list[str]]:
    """The games table's length column: its heading and its cells, game by game."""
    return (
        browser.run("return document.querySelector('#games-table thead th:nth-child(7)').textContent"),
        browser.run(
            "return Array.from(document.querySelectorAll('#games-table td.length')).map(td => td.textContent)"
        ),
    )


def stored(folder: Path, column: str) -> list[Any]:
    conn = sqlite3.connect(folder / "arena.sqlite")
    try:
        return [row[0] for row in conn.execute(f"SELECT {column} FROM games ORDER BY game_id")]
    finally:
        conn.close()


def test_an_innovation_page_counts_its_games_in_turns(tmp_path: Path) -> None:
    """Innovation counts a game in turns: the games table says each game's turns, under
    "Turns", and the page never says "round"; a game stored before arenas kept turns shows "-".
    Four short games of the built-in bots (a few seconds)."""
    out, page = tmp_path / "inno", tmp_path / "inno.html"
    r = altay(
        "arena", "--game", "innovation", "r=random 3", "g=greedy", "-p", "2", "--games", "2",
        "--seed", str(2**50 + 9), "--move-ms", "3000", "-j", "2", "--out", str(out), "--html", str(page),
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    turns = stored(out, "turns")
    assert len(turns) == 4 and all(t > 0 for t in turns)
    old, old_page = tmp_path / "old", tmp_path / "old.html"
    shutil.copytree(out, old)
    as_schema_2(old)
    assert altay("arena", "report", str(old), "--html", str(old_page)).returncode == 0
    with chromium() as browser:
        browser.open(page)
        check_leaderboard(browser, board_of(out))
        assert game_lengths(browser) == ("Turns", [str(t) for t in turns])
        assert "round" not in browser.run("return document.body.innerText").lower()
        no_requests_no_errors(browser)
        browser.open(old_page)
        assert game_lengths(browser) == ("Turns", ["-"] * 4)  # not kept then: unknown, not 0
        no_requests_no_errors(browser)


def _wins(board: dict[str, Any], bot: str) -> float:
    return next(r["wins"] for r in board["leaderboard"] if r["bot"] == bot)


def test_a_screenshot_of_the_arena_page_is_1400_by_900(arena_dir: Path, tmp_path: Path) -> None:
    page, shot = tmp_path / "arena.html", tmp_path / "arena.png"
    assert altay("arena", "report", str(arena_dir), "--html", str(page)).returncode == 0
    with chromium() as browser:
        browser.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": 1400, "height": 900, "deviceScaleFactor": 1, "mobile": False},
        )
        browser.open(page)
        browser.driver.save_screenshot(str(shot))
        no_requests_no_errors(browser)
    for png in (shot, SCREENSHOT):  # this one and the committed one
        head = png.read_bytes()[:24]
        assert head[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", head[16:24]) == (1400, 900)


# ----------------------------------------------------------------------------- the SPRT page
def test_the_sprt_page_draws_the_llr_of_every_stored_pair(
    sprt_run: tuple[Path, Path, dict[str, Any]],
) -> None:
    folder, page, result = sprt_run
    self_contained(page)
    assert result["verdict"] == "continue" and result["exhausted"] and result["pairs"] == 8
    # the LLR after each pair, computed here from the stored games with arena.sprt.llr
    with ArenaStore.open(folder) as store:
        params = store.params()
        records = store.records(params)
    by_deal: dict[int, list[float]] = {}
    new, base = params.bots[0].name, params.bots[1].name
    for rec in records:
        mine, theirs = rec.ranks[rec.bots.index(new)], rec.ranks[rec.bots.index(base)]
        by_deal.setdefault(rec.game_id // 2, []).append(
            1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
        )
    pairs = [sum(s) for _, s in sorted(by_deal.items()) if len(s) == 2]
    assert len(set(pairs)) > 1  # (else any order of the pairs would draw the same path)
    spec = params.sprt
    assert spec is not None
    expected = [
        llr(Pentanomial.from_pair_scores(pairs[:k]), spec.elo0, spec.elo1, EloModel(spec.model))
        for k in range(1, len(pairs) + 1)
    ]
    with chromium() as browser:
        browser.open(page)
        assert browser.run("return document.body.dataset.kind") == "sprt"
        path = browser.run(
            "return document.querySelector('polyline.llr-path').dataset.llr.split(' ').map(Number)"
        )
        points = browser.run("return document.querySelector('polyline.llr-path').points.numberOfItems")
        dots = browser.run("return document.querySelectorAll('circle.llr-point').length")
        assert len(path) == dots == result["pairs"] == len(pairs) and points == len(pairs) + 1  # + the origin
        assert path == pytest.approx(expected, abs=1e-4)
        assert round(path[-1], 4) == result["llr"]
        bounds = browser.run(
            "return Object.fromEntries(Array.from(document.querySelectorAll('line.bound')).map("
            "l => [l.dataset.bound, +l.dataset.value]))"
        )
        assert bounds == pytest.approx({"H0": result["lower"], "H1": result["upper"]})
        elo = browser.run("return Object.assign({}, document.querySelector('.elo-interval').dataset)")
        assert float(elo["elo"]) == result["elo"]["elo"] and float(elo["los"]) == result["elo"]["los"]
        assert [float(elo["low"]), float(elo["high"])] == [result["elo"]["low"], result["elo"]["high"]]
        counts = browser.run(
            "return Array.from(document.querySelectorAll('.penta-bar')).map(g => +g.dataset.count)"
        )
        assert counts == result["pentanomial"]
        assert browser.run("return document.querySelector('.verdict-banner').dataset.verdict") == "continue"
        text = browser.run("return document.body.innerText")
        assert (
            "no decision within --max-pairs 8" in text
            and f"{result['wins']} / {result['draws']} / {result['losses']}" in text
        )
        check_leaderboard(browser, board_of(folder))  # the arena page's tables, for the test's games
        no_requests_no_errors(browser)
    # the same page from the folder at any time, as for an arena
    again = page.with_name("again.html")
    r = altay("arena", "report", str(folder), "--html", str(again))
    assert r.returncode == 0, r.stderr
    assert 'data-kind="sprt"' in again.read_text() and 'polyline class="llr-path"' in again.read_text()


# ----------------------------------------------------------------------------- a cooperative game
def test_a_cooperative_arena_page_has_the_team_leaderboard(tmp_path: Path) -> None:
    out, page = tmp_path / "m", tmp_path / "coop.html"
    r = altay(
        "arena", "--game", "mammothodus", "a=random", "b=greedy", "-p", "2", "--games", "2",
        "--teams", "self", "--seed", "3", "--move-ms", "3000", "-j", "2",
        "--out", str(out), "--html", str(page),
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    board = board_of(out)
    assert board["arena"]["cooperative"]
    with chromium() as browser:
        browser.open(page)
        check_leaderboard(browser, board)
        heads = browser.run(
            "return Array.from(document.querySelectorAll('table.leaderboard th')).map(t => t.textContent)"
        )
        assert "Team wins" in heads and "Rating" not in heads
        assert browser.run("return document.querySelectorAll('.rating-bar, td.h2h').length") == 0
        seats = browser.run(
            """return Array.from(document.querySelectorAll('table.seats tbody tr')).map(tr =>
               Array.from(tr.querySelectorAll('td.num')).map(td => +td.dataset.v))"""
        )
        assert seats == [[t["win_rate"] for t in r["seats"]] for r in board["leaderboard"]]
        text = browser.run("return document.body.innerText")
        assert "teams self" in text and "each bot alone in every seat" in text
        results = browser.run(
            "return Array.from(document.querySelectorAll('#games-table td.result')).map(td => td.textContent)"
        )
        assert len(results) == 4 and all(t in ("team won", "team lost") for t in results)
        # the two bots on the same deals, as the JSON pairs them
        paired = browser.run(
            """return Array.from(document.querySelectorAll('table.paired tbody tr')).map(tr =>
               [tr.dataset.pair, ...Array.from(tr.querySelectorAll('td.num')).map(td => +td.dataset.v)])"""
        )
        assert paired == [
            [f"{p['a']} {p['b']}", p["deals"], p["both_won"], p["a_only"], p["b_only"], p["p_value"]]
            for p in board["paired"]
        ]
        assert len(paired) == 1 and paired[0][1] == 2
        no_requests_no_errors(browser)


# ----------------------------------------------------------------------------- bad input
def test_bad_output_paths_are_a_sentence_and_exit_2_and_lose_nothing(arena_dir: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    plain = tmp_path / "plain.txt"
    plain.write_text("keep")
    before = {p.name: sha(p) for p in (arena_dir / "logs").iterdir()} | {
        "db": sha(arena_dir / "arena.sqlite")
    }
    cases = {
        str(fifo): "FIFO",
        str(tmp_path): "is a directory",
        str(tmp_path / "missing" / "x.html"): "does not exist",
        str(plain / "x.html"): "plain.txt",
        str(arena_dir / "arena.sqlite"): "the arena's own arena.sqlite",
        str(arena_dir / "logs" / "000000.jsonl"): "the arena's own logs/ folder",
    }
    for target, words in cases.items():
        r = altay("arena", "report", str(arena_dir), "--html", target, timeout=30)
        assert r.returncode == 2 and words in r.stderr and "Traceback" not in r.stderr, (target, r.stderr)
    after = {p.name: sha(p) for p in (arena_dir / "logs").iterdir()} | {"db": sha(arena_dir / "arena.sqlite")}
    assert after == before and plain.read_text() == "keep"
    r = altay("arena", "report", str(tmp_path), "--html", str(tmp_path / "p.html"))
    assert r.returncode == 2 and "no arena in" in r.stderr and not (tmp_path / "p.html").exists()
    r = altay("arena", "report", str(arena_dir), "--games")
    assert r.returncode == 2 and "give --html FILE too" in r.stderr
    # a run refuses a bad --html before it plays a game (or makes its folder)
    new = tmp_path / "new"
    r = altay("arena", "r=random", "g=greedy", "--games", "1", *FAST, "--out", str(new), "--html", str(fifo))
    assert r.returncode == 2 and "FIFO" in r.stderr and not new.exists()
    r = altay("sprt", "greedy", "random", *FAST, "--out", str(new), "--html", str(tmp_path))
    assert r.returncode == 2 and "is a directory" in r.stderr and not new.exists()


def test_a_page_from_a_running_arena_and_from_an_old_one(tmp_path: Path) -> None:
    out, page = tmp_path / "running", tmp_path / "running.html"
    args = ["a=random 1", "b=random 2", "-p", "2", "--games", "40", *FAST, "--out", str(out), "-q"]
    proc = subprocess.Popen(
        [sys.executable, "-c", "from altay_cli.cli import main; main()", "arena", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while _stored(out) < 3:
            assert proc.poll() is None and time.monotonic() < deadline, "the arena ended or stalled"
            time.sleep(0.05)
        r = altay("arena", "report", str(out), "--html", str(page))
        still_running = proc.poll() is None
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    assert still_running and r.returncode == 0, r.stderr
    text = page.read_text()
    shown = int(re.search(r"page: \S+ \((\d+) games", r.stdout).group(1))
    assert 3 <= shown < 80 and f"Games ({shown})" in text
    assert "INCOMPLETE" in text and "hidden while games remain to be played" in text
    seed = ArenaStore.open(out).params().seed
    assert str(seed) not in text  # the master seed would give away every deal still to come

    old = tmp_path / "old"
    shutil.copytree(FIXTURES / "unsigned", old)
    db = sha(old / "arena.sqlite")
    r = altay("arena", "report", str(old), "--html", str(tmp_path / "old.html"))
    assert r.returncode == 0, r.stderr
    assert sha(old / "arena.sqlite") == db  # read as it is, never migrated
    with chromium() as browser:
        browser.open(tmp_path / "old.html")
        check_leaderboard(browser, board_of(old))
        no_requests_no_errors(browser)


def _stored(folder: Path) -> int:
    try:
        conn = watch(folder)
        try:
            return conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.OperationalError:
        return 0


# ----------------------------------------------------------------------------- the games' pages
def test_games_writes_each_viewer_page_into_the_arena_folder(arena_dir: Path, tmp_path: Path) -> None:
    """`--games` writes each game's viewer page (the spectator's, as `altay view` writes it) into
    DIR/view/, keeps pages newer than their log, and links them from the report."""
    folder = tmp_path / "a"
    shutil.copytree(arena_dir, folder)
    page = tmp_path / "out" / "arena.html"
    page.parent.mkdir()
    runner = CliRunner()
    r = runner.invoke(altay_main, ["arena", "report", str(folder), "--html", str(page), "--games"])
    assert r.exit_code == 0, r.output
    assert "4 game pages written, 0 kept" in r.output
    for i in range(4):
        view = folder / "view" / f"{i:06d}.html"
        text = view.read_text()
        assert text.startswith("<!doctype html>") and '"spectator"' in text  # the viewer's page
        assert f'"../a/view/{i:06d}.html"' in page.read_text()
    assert not [p for p in (folder / "view").iterdir() if p.name.startswith(".")]  # no temporary left
    r = runner.invoke(altay_main, ["arena", "report", str(folder), "--html", str(page), "--games"])
    assert r.exit_code == 0 and "0 game pages written, 4 kept" in r.output

    # a view folder that is a link is refused: nothing is written through it
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.rmtree(folder / "view")
    (folder / "view").symlink_to(elsewhere)
    r = runner.invoke(altay_main, ["arena", "report", str(folder), "--html", str(page), "--games"])
    assert r.exit_code == 2 and "symbolic link" in r.output and list(elsewhere.iterdir()) == []


def test_text_from_a_damaged_row_stays_text(arena_dir: Path, tmp_path: Path) -> None:
    folder = tmp_path / "a"
    shutil.copytree(arena_dir, folder)
    evil = "</script><script>window.pwned=1</script><img src=x onerror=window.pwned=2>&amp;"
    conn = sqlite3.connect(folder / "arena.sqlite")
    (raw,) = conn.execute("SELECT record FROM games WHERE game_id = 1").fetchone()
    record = orjson.loads(raw)
    record["end_reason"] = evil
    record["failures"] = [{"seat": 0, "status": evil}]
    conn.execute("UPDATE games SET record = ? WHERE game_id = 1", (orjson.dumps(record).decode(),))
    conn.commit()
    conn.close()
    (folder / "logs" / "000002.jsonl").unlink()  # and a log gone: the page says so
    page = tmp_path / "evil.html"
    r = altay("arena", "report", str(folder), "--html", str(page))
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    with chromium() as browser:
        browser.open(page)
        problems = browser.run("return document.querySelector('#integrity').innerText")
        assert "game 2: missing_log" in problems
        links = browser.run("return document.querySelectorAll('#games-table tr[data-game=\"2\"] a').length")
        assert links == 0
        assert browser.run("return window.pwned === undefined")
        assert browser.run("return document.scripts.length") == 2  # the data and the page's own
        ends = browser.run(
            "return Array.from(document.querySelectorAll('.end-bar')).map(g => g.dataset.label)"
        )
        assert evil in ends
        row = browser.run("return document.querySelector('#games-table tr[data-game=\"1\"]').innerText")
        assert evil in row
        no_requests_no_errors(browser)
