"""What `altay serve` shows of its folder: the arenas, SPRT runs and logs in it, an arena's page
from what its database holds so far, and a game's viewer page (finished, or live: a prefix).

Everything is read, nothing written: an arena's database is opened read-only (through the WAL
of a running arena: a reader never blocks its writer; immutable when there is none, so not even
SQLite's own side files are made), logs through `serve_paths.Root`.

A game in progress is shown only through a spectator's eyes, `delay` decisions behind the log:
its log is a prefix (the last line may be half written: it is left out), cut after its last
complete decision less the delay, and replayed by the viewer (`view.build_page`) with the
game's seed, which the arena's schedule gives (the log seals it until the result line).
"""

from __future__ import annotations

import os
import stat
import tempfile
import urllib.parse
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import orjson

from ..engine.api import Eyes
from .serve_paths import OutsideError, Root

if TYPE_CHECKING:
    from arena.params import ArenaParams
    from arena.records import GameRecord
    from arena.schedule import ScheduledGame

DB_NAME = "arena.sqlite"
LOGS = "logs"
#: How deep the index looks for arenas and logs, and how many entries it reads at most.
SCAN_DEPTH = 4
SCAN_ENTRIES = 5000
#: The default `--delay` (decisions) for a game whose bots may use the network.
NETWORK_DELAY = 10


@dataclass
class FolderIndex:
    arenas: list[str] = field(default_factory=list)  # relative paths of folders with an arena.sqlite
    logs: list[str] = field(default_factory=list)  # relative paths of *.jsonl outside arenas
    truncated: bool = False


def scan(root: Root) -> FolderIndex:
    """The arenas (and SPRT runs) and logs under the folder; links are never followed."""
    index = FolderIndex()
    seen = 0
    stack: list[tuple[Path, int]] = [(root.path, 0)]
    while stack:
        folder, depth = stack.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        names = {e.name for e in entries}
        is_arena = DB_NAME in names and _plain_file(folder / DB_NAME)
        if is_arena:
            index.arenas.append(root.relative(folder))
        for entry in entries:
            seen += 1
            if seen > SCAN_ENTRIES:
                index.truncated = True
                return _sorted(index)
            if entry.is_symlink():
                continue
            if entry.is_dir(follow_symlinks=False):
                if is_arena and entry.name in (LOGS, "set-aside", "view"):
                    continue  # (an arena's own logs are listed on its page)
                if depth + 1 < SCAN_DEPTH and not entry.name.startswith("."):
                    stack.append((Path(entry.path), depth + 1))
            elif entry.name.endswith(".jsonl") and entry.is_file(follow_symlinks=False):
                index.logs.append(root.relative(Path(entry.path)))
    return _sorted(index)


def _sorted(index: FolderIndex) -> FolderIndex:
    index.arenas.sort()
    index.logs.sort()
    return index


def _plain_file(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


# ----------------------------------------------------------------------------- an arena
@dataclass
class LiveGame:
    game_id: int
    bots: list[str]
    seed: int
    withheld: bool  # other games of its deal are still to be stored (see `withheld_ids`)


@dataclass
class ArenaView:
    """An arena's page and its games in progress, from what is stored now."""

    html: str
    games: int
    scheduled: int
    complete: bool
    sprt: bool
    live: list[LiveGame]
    network: bool


def arena_problem(root: Root, rel: str) -> str | None:
    """Why `rel` names no arena of the folder, or None."""
    try:
        folder = root.resolve(rel)
    except OutsideError as exc:
        return str(exc)
    if not _plain_file(folder / DB_NAME):
        return "no arena there"
    return None


def arena_of(root: Root, real: Path) -> Path | None:
    """The arena folder holding the resolved path `real` (in its logs/, set-aside/ or anywhere
    below it), or None: an arena's logs are shown only through its pages, which know its deals."""
    for folder in real.parents:
        if _plain_file(folder / DB_NAME):
            return folder
        if folder == root.path:
            break
    return None


def bots_may_use_network(params: ArenaParams) -> bool:
    """Whether the arena's conditions let a bot reach the network: allowed (`--bot-network`, for
    every bot or its own), or not sandboxed (`--sandbox off`, or `auto` where the sandbox does
    not work: then a bot runs as the organiser does), as the sandbox's `isolation_for` decides."""
    from altay_cli.referee.sandbox import SandboxUnavailable, isolation_for

    policies = [params.match.sandbox] + [e.conditions_over(params.match).sandbox for e in params.bots]
    for policy in policies:
        try:
            if isolation_for(policy).network:
                return True
        except (SandboxUnavailable, ValueError):
            continue  # (such an arena plays no game here)
    return False


def arena_view(
    root: Root,
    rel: str,
    link: Callable[[int], tuple[str | None, str | None]],
    live_script: str,
) -> ArenaView:
    """The arena's report page (as `altay arena report --html` writes it, each game linked by
    `link`), with `live_script`; StoreError or OutsideError when there is no readable arena."""
    from arena.store import ArenaStore

    from .report import report_page

    problem = arena_problem(root, rel)
    if problem:
        raise OutsideError(problem)
    folder = root.resolve(rel)
    with ArenaStore.open(folder, read_only=True) as store, store.snapshot():  # (one moment)
        params = store.params()
        records: Sequence[GameRecord] = sorted(store.records(params), key=lambda r: r.game_id)
        schedule = store.schedule(params)
    done = {r.game_id for r in records}
    withheld = withheld_ids(schedule, done)
    links = {r.game_id: (None, None) if r.game_id in withheld else link(r.game_id) for r in records}
    html = report_page(params, records, len(schedule), links, live_script=live_script)
    live = []
    for game_id in _logged_ids(folder):
        game = schedule.get(game_id)
        if game is None or game_id in done:
            continue
        names = [params.bots[i].name for i in game.seats]
        live.append(LiveGame(game_id, names, game.seed, game_id in withheld))
    return ArenaView(
        html=html,
        games=len(records),
        scheduled=len(schedule),
        complete=len(done & schedule.keys()) >= len(schedule),
        sprt=params.sprt is not None,
        live=live,
        network=bots_may_use_network(params),
    )


def withheld_ids(schedule: Mapping[int, ScheduledGame], done: set[int]) -> set[int]:
    """The games not shown yet: every game of a deal (one seed: the same cards, in every group
    and seating) is withheld while another game of that deal is still to be stored, since what
    one game shows (even to a spectator, even its seed once it is over) tells the cards of the
    others; the last game of a deal being played is shown live."""
    unstored = Counter(g.deal for g in schedule.values() if g.game_id not in done)
    return {g.game_id for g in schedule.values() if unstored[g.deal] > (0 if g.game_id in done else 1)}


def _logged_ids(folder: Path) -> list[int]:
    """The game ids of the plain logs in the arena's logs/ folder (none when it is a link)."""
    logs = folder / LOGS
    try:
        if not stat.S_ISDIR(os.lstat(logs).st_mode):
            return []
        names = os.listdir(logs)
    except OSError:
        return []
    ids = []
    for name in names:
        stem, dot, ext = name.partition(".")
        if dot and ext == "jsonl" and stem.isdigit() and len(stem) <= 9:
            ids.append(int(stem))
    return sorted(ids)


def arena_game(root: Root, rel: str, game_id: int) -> tuple[str, int | None, bool]:
    """(the log's relative path, the game's seed from the schedule or None, whether it is
    withheld: see `withheld_ids`) for game `game_id` of the arena at `rel`."""
    from arena.store import ArenaStore

    problem = arena_problem(root, rel)
    if problem:
        raise OutsideError(problem)
    folder = root.resolve(rel)
    with ArenaStore.open(folder, read_only=True) as store, store.snapshot():
        params = store.params()
        schedule = store.schedule(params)
        withheld = game_id in withheld_ids(schedule, store.done_ids())
    game = schedule.get(game_id)
    log = f"{LOGS}/{game_id:06d}.jsonl" if rel == "." else f"{rel}/{LOGS}/{game_id:06d}.jsonl"
    return log, None if game is None else game.seed, withheld


# ----------------------------------------------------------------------------- a log
@dataclass
class LogPrefix:
    """A log as far as it is written, in complete lines, and what it holds."""

    data: bytes  # the complete lines shown (a prefix of the log), cut for the delay
    decisions: int  # decisions in the whole written prefix
    shown: int  # decisions in `data`
    finished: bool  # the result line is written
    network: bool  # the header says a bot may use the network


def log_prefix(raw: bytes, delay: int | None) -> LogPrefix:
    """The complete lines of `raw` (a half-written last line is left out), less the last `delay`
    decisions unless the game is over (None: the default delay for the header's isolation)."""
    end = raw.rfind(b"\n")
    lines = raw[: end + 1].splitlines(keepends=True) if end >= 0 else []
    kinds: list[str] = []
    network = True
    for i, line in enumerate(lines):
        try:
            value = orjson.loads(line)
        except orjson.JSONDecodeError:
            kinds.append("?")
            continue
        kind = value.get("type") if isinstance(value, dict) else None
        kinds.append(kind if isinstance(kind, str) else "?")
        if i == 0 and kind == "header":
            meta = value.get("meta")
            isolation = meta.get("isolation") if isinstance(meta, dict) else None
            # (a header that does not say, as an older log's: the network may have been there)
            network = not (isinstance(isolation, dict) and isolation.get("network") is False)
    decisions = kinds.count("decision")
    finished = "result" in kinds
    wanted = (NETWORK_DELAY if network else 0) if delay is None else delay
    keep = decisions if finished else max(0, decisions - wanted)
    cut = len(lines)
    if keep < decisions:
        seen = 0
        cut = 1
        for i, kind in enumerate(kinds):
            if kind == "decision":
                if seen == keep:
                    break
                seen += 1
            cut = i + 1
    return LogPrefix(b"".join(lines[:cut]), decisions, keep, finished, network)


def game_page(
    name: str,
    data: bytes,
    eyes: Eyes,
    seed: int | None = None,
    public_key: str | None = None,
    live: bool = False,
) -> tuple[str, int]:
    """The viewer page of the log bytes `data` (shown as file `name`) through `eyes`, and its
    number of steps; pagedata.ViewError when nothing of it can be shown. `live`: a game still
    being played (its log's end is where it has got to)."""
    from .view import build_page

    with tempfile.TemporaryDirectory(prefix="altay-serve-") as tmp:
        path = Path(tmp) / (os.path.basename(name) or "game.jsonl")
        path.write_bytes(data)
        html, page = build_page(path, eyes, seed=seed, public_key=public_key, live=live)
    return html, page.steps


def quote(value: str) -> str:
    return urllib.parse.quote(value, safe="")
