"""The arena's report page, and an SPRT's: one self-contained HTML file from what is stored.

`altay arena report DIR --html FILE` (and `--html FILE` on `altay arena` and `altay sprt`, with
the results). Every figure comes from the records the terminal report is built from
(`arena.leaderboard.build_leaderboard`, `arena.sprt_results.sprt_board`), and the words of its
legend and conditions from `arena.report`; nothing is recomputed here except the SPRT's LLR
after each pair, replayed from the stored pairs in order with the tracker that computes it
during the run (`arena.sprt_results.SprtTracker`).

This module gathers the data and writes the files; `report_html` makes the page (charts as SVG
drawn in Python by `report_svg`, the games as JSON, the styles and script of report_assets/),
which holds everything it needs and fetches nothing: its Content-Security-Policy forbids every
request. Each stored game is listed with a link to its viewer page, `DIR/view/<id>.html`,
written on demand (`--games`) by the viewer (`altay_cli.web.view.build_page`, as `altay view`
writes it, through spectator eyes), or to its log when there is no page. While an arena is
incomplete the master seed is left out: it reveals every deal still to be played.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import urllib.parse
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..userfiles import missing_or_unusable_dir, unwritable_file
from .report_html import SEED_HIDDEN, SprtData, render_page
from .report_svg import LlrPoint

if TYPE_CHECKING:
    from arena.params import ArenaParams
    from arena.records import GameRecord

VIEW_FOLDER = "view"
#: The arena's own files and folders, never overwritten by a page.
ARENA_FILES = ("arena.sqlite", "arena.sqlite-wal", "arena.sqlite-shm", "arena.sqlite-journal", "arena.lock")
ARENA_FOLDERS = ("logs", "set-aside", VIEW_FOLDER)


class ReportError(ValueError):
    """The page cannot be written; the message says why, in one sentence."""


# ----------------------------------------------------------------------------- the output file
def output_problem(out: Path, folder: Path | None = None) -> str | None:
    """Why the page cannot be written at `out` (a directory, FIFO or device, in a folder that
    does not exist or cannot be written, or one of the arena's own files), or None."""
    problem = unwritable_file(out)
    if problem:
        return f"--html {problem}"
    parent = Path(os.path.abspath(out)).parent
    if not os.path.lexists(parent):
        return f"--html {out}: the folder {parent} does not exist"
    problem = missing_or_unusable_dir(parent)
    if problem:
        return f"--html {out}: {problem}"
    if folder is not None:
        target = Path(os.path.realpath(out))
        base = Path(os.path.realpath(folder))
        if target.parent == base and target.name in ARENA_FILES:
            return f"--html {out} is the arena's own {target.name}; write the page elsewhere"
        if any(target.is_relative_to(base / f) for f in ARENA_FOLDERS):
            return f"--html {out} lies in the arena's own {target.relative_to(base).parts[0]}/ folder"
    return None


def _write_atomically(path: Path, text: str) -> None:
    """`text` at `path`, replaced in one step (a reader never sees half a page; a link at `path`
    is replaced, not written through)."""
    parent = Path(os.path.abspath(path)).parent
    fd, tmp = tempfile.mkstemp(dir=parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


# ----------------------------------------------------------------------------- game pages
@dataclass
class GamePages:
    """What became of the games' viewer pages."""

    written: int = 0
    kept: int = 0  # already there, newer than their log
    failed: list[str] = field(default_factory=list)


def write_game_pages(folder: Path, records: Sequence[GameRecord]) -> GamePages:
    """The spectator's viewer page of every stored game whose log is a plain file, in
    DIR/view/<id>.html (a page newer than its log is kept)."""
    from altay_cli.engine.api import Eyes
    from arena.integrity import plain_log_problem
    from arena.store import plain_file_problem, plain_folder_problem
    from arena.worker import log_name

    from .view import build_page

    result = GamePages()
    views = folder / VIEW_FOLDER
    problem = plain_folder_problem(views)
    if problem:
        raise ReportError(problem)
    try:
        views.mkdir(exist_ok=True)
    except OSError as exc:
        raise ReportError(f"cannot make {views}: {exc.strerror or exc}") from None
    for rec in records:
        log = folder / log_name(rec.game_id)
        page = views / f"{rec.game_id:06d}.html"
        if plain_log_problem(folder, rec.game_id) is not None:
            continue  # (listed by the integrity check)
        problem = plain_file_problem(page)
        if problem:
            result.failed.append(f"game {rec.game_id}: {problem}")
            continue
        with contextlib.suppress(OSError):
            if page.stat().st_mtime >= log.stat().st_mtime:
                result.kept += 1
                continue
        fd, tmp = tempfile.mkstemp(dir=views, prefix=f".{page.name}.", suffix=".tmp")
        os.close(fd)
        try:
            html, _ = build_page(log, Eyes())
            Path(tmp).write_text(html, encoding="utf-8")
            os.chmod(tmp, 0o644)
            os.replace(tmp, page)
            result.written += 1
        except Exception as exc:  # one game's page must not cost the others theirs
            result.failed.append(f"game {rec.game_id}: {str(exc) or type(exc).__name__}")
        finally:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    return result


def _href(target: Path, page_dir: Path) -> str:
    rel = os.path.relpath(os.path.abspath(target), os.path.abspath(page_dir))
    return urllib.parse.quote(rel.replace(os.sep, "/"))


def game_links(
    folder: Path, records: Sequence[GameRecord], page: Path
) -> dict[int, tuple[str | None, str | None]]:
    """game id -> (its viewer page, its log) as links from `page`, each None when not a plain file."""
    import stat

    from arena.worker import log_name

    page_dir = Path(os.path.abspath(page)).parent
    views = folder / VIEW_FOLDER
    have_views = views.is_dir() and not views.is_symlink()
    links: dict[int, tuple[str | None, str | None]] = {}
    for rec in records:
        found: list[str | None] = []
        for path in (
            views / f"{rec.game_id:06d}.html" if have_views else None,
            folder / log_name(rec.game_id),
        ):
            try:
                ok = path is not None and stat.S_ISREG(os.lstat(path).st_mode)
            except OSError:
                ok = False
            found.append(_href(path, page_dir) if ok and path is not None else None)
        links[rec.game_id] = (found[0], found[1])
    return links


# ----------------------------------------------------------------------------- data
def llr_path(params: ArenaParams, records: Sequence[GameRecord]) -> list[LlrPoint]:
    """The LLR after each complete pair, the stored games taken in id order (pairs in deal order),
    computed by the tracker `altay sprt` runs with."""
    from arena.sprt_results import SprtTracker

    tracker = SprtTracker(params)
    points: list[LlrPoint] = []
    for rec in sorted(records, key=lambda r: r.game_id):
        before = tracker.pentanomial.counts
        if tracker.add(rec):
            after = tracker.pentanomial.counts
            cell = next(i for i in range(5) if after[i] != before[i])
            points.append(LlrPoint(tracker.pentanomial.pairs, rec.game_id, cell / 2, tracker.status().llr))
    return points


def sprt_data(params: ArenaParams, records: Sequence[GameRecord], scheduled: int) -> SprtData:
    from arena.sprt_results import sprt_board, sprt_text

    board = sprt_board(params, records, scheduled)
    if not (board["decided"] or board["exhausted"]):
        board = {**board, "sprt": {**board["sprt"], "seed": SEED_HIDDEN}}
    return SprtData(board, llr_path(params, records), sprt_text(board))


# ----------------------------------------------------------------------------- writing
@dataclass
class PageWritten:
    path: Path
    games: int
    pages: GamePages
    sprt: bool


def write_report(
    folder: Path,
    params: ArenaParams,
    records: Sequence[GameRecord],
    scheduled: int,
    out: Path,
    *,
    problems: Sequence[Any] = (),
    game_pages: bool = False,
) -> PageWritten:
    """Write the page of the arena (or SPRT) in `folder` at `out`; ReportError when it cannot."""
    problem = output_problem(out, folder)
    if problem:
        raise ReportError(problem)
    records = sorted(records, key=lambda r: r.game_id)
    pages = write_game_pages(folder, records) if game_pages else GamePages()
    page = report_page(params, records, scheduled, game_links(folder, records, out), problems=problems)
    try:
        _write_atomically(out, page)
    except OSError as exc:
        raise ReportError(f"cannot write --html {out}: {exc.strerror or exc}") from None
    return PageWritten(out, len(records), pages, params.sprt is not None)


def report_page(
    params: ArenaParams,
    records: Sequence[GameRecord],
    scheduled: int,
    links: dict[int, tuple[str | None, str | None]],
    *,
    problems: Sequence[Any] = (),
    live_script: str | None = None,
) -> str:
    """The page of the arena (or SPRT) from its stored `records` (in id order), each game linked
    as `links` says; `live_script` is added for `altay serve` (report_html.render_page)."""
    from arena.leaderboard import build_leaderboard

    board = build_leaderboard(params, records, scheduled)
    sprt = sprt_data(params, records, scheduled) if params.sprt is not None else None
    return render_page(
        board,
        records,
        links,
        problems=problems,
        sprt=sprt,
        game_scores=_new_scores(params, records) if sprt else None,
        live_script=live_script,
    )


def _new_scores(params: ArenaParams, records: Sequence[GameRecord]) -> dict[int, float]:
    from arena.sprt_results import game_score

    return {r.game_id: game_score(params, r) for r in records}
