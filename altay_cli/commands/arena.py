"""`altay arena`: round-robin ladders between bot programs, with ratings; parallel and resumable.

`altay arena BOT...` runs (or resumes) an arena; `altay arena report DIR` prints its leaderboard
again. Both are one click group whose default subcommand is `run`, so the short form from the
issue (`altay arena a=random b=greedy --players 2 --games 4`) works as written.
"""

from __future__ import annotations

import datetime as _dt
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from .cluster_options import cluster_from, cluster_options, cluster_words
from .ladder_config import bot_conditions, config_bots, config_option
from .options import (
    PLAYERS,
    Integer,
    WritableDir,
    chosen_game,
    clock_and_failure_options,
    game_options,
    public_key_hex,
    sandbox_options,
    secret_seed,
    seed_option,
    sign_key_option,
)

if TYPE_CHECKING:  # imported lazily at run time, so `altay --help` stays fast
    from altay_cli.referee import MatchOptions
    from arena.modes import ArenaRun
    from arena.params import ArenaParams
    from arena.store import ArenaStore

EXIT_OK, EXIT_INCOMPLETE = 0, 1
EXIT_H0, EXIT_UNDECIDED = 3, 4  # altay sprt
#: The exit code of each `arena.modes.Outcome` (by its value: the arena is imported lazily).
EXIT_CODES = {"complete": EXIT_OK, "h1": EXIT_OK, "h0": EXIT_H0, "undecided": EXIT_UNDECIDED}

RUN_HELP = """Play a round-robin arena between bot programs and print the leaderboard.

\b
Each BOT is name=command, the command being a built-in bot
({aliases}; with arguments too: 'random 7') or a command line:
  altay arena a=random b=greedy --players 2 --games 4
  altay arena g=greedy r=random js=node-random mine='python3 my_bot.py' -p 3
  altay arena report DIR          print the leaderboard of an arena again
  altay arena verify DIR          replay every log, compare it with the database
  altay arena new=... a=... b=... --gauntlet new     new against each other bot only
  altay arena --resume --out DIR --add v2='python3 v2.py'   add a bot: only its games
  altay arena a=... b=... --set a.move-ms=2000       a bot's own clock or limits
  altay arena --config ladder.toml                   options and bots from a file

\b
--config FILE is TOML: any option by its long name (move-ms = 500, players
= 4), and a [bots] table of name = "command" or name = { command = "...",
move-ms = 2000, bot-memory = 2048 } (a bot's own clock and sandbox limits,
as --set gives them). The command line overrides the file.

\b
The schedule (deterministic in the bots, --players, --games, --seed, --seatings):
  group    every combination of --players bots out of the list;
  deal     one game set-up: an engine seed derived from the master seed (--seed,
           default: a secret one) with a keyed hash, so no game's seed reveals
           another's, plus the game's deal from that seed: one role per seat
           (Altay: a faction; its start farmlands are the recommended ones);
           first player, decks and displays come from the seed, so the deal
           fixes the set-up luck. Every group plays the same deals;
  seating  rotate (default): the N cyclic rotations of the group over the
           seats, so each bot plays every seat of a deal once, with that
           seat's role and turn order (duplicate-bridge style: luck cancels
           out); permute: all N! orders, which also varies who sits after whom;
  teams    cooperative games (--teams): mixed (default) plays the groups;
           self lets each bot alone take every seat of each deal, as a
           whole team (one game per bot and deal); both plays the two;
  --games  is the number of deals, so
           games = C(bots, players) x deals x (N rotations or N! permutations),
           plus bots x deals self-play games with --teams self or both.
Game ids run deal by deal (then group, then seating) and do not depend on
--games, so an interrupted arena has whole early deals, and --resume with a
larger --games extends an arena.

\b
Games run in parallel worker processes (--concurrency, default: CPU count)
under the referee's clocks; a bot that crashes, stalls, times out or plays an
illegal action loses that game (--on-failure) and the arena goes on. Bots run
in the sandbox (--sandbox, --bot-*; see `altay match --help`), which hides the
arena folder from them. Each finished game is committed at once to
DIR/arena.sqlite (WAL) with its log in DIR/logs/<game id>.jsonl (signed with
--sign-key; a signed arena stays signed: --resume needs the same key). After
Ctrl-C or a kill, `altay arena --resume --out DIR` plays exactly the missing
games (and again any whose log went missing, changed or is unsigned); other
parameters must match. `altay arena verify DIR` replays every log and compares
it with every row; `--forget-bad` then lets --resume play the bad games again.

\b
Leaderboard: OpenSkill (Plackett-Luce) ratings from each game's ranks, in game
id order, sorted by mu - 3 sigma; games, wins (a win shared by k tied seats
counts 1/k), win %, average place and score (Altay: VP), per seat, per role
(Altay: faction), head to head, and failures per bot. --json or --csv for machines; --html FILE writes it as a
page as well (see `altay arena report --help`).

The master seed is shown with the leaderboard, after the games. Anyone who knows
a game's seed knows every hidden card of it.

Exit codes: 0 arena complete, 1 interrupted or incomplete, 2 bad usage.
"""


def _run_help() -> str:
    from altay_cli.referee.botcmd import BUILTIN_BOTS

    return RUN_HELP.replace("{aliases}", ", ".join(BUILTIN_BOTS))


class _RunCommand(click.Command):
    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_usage("altay arena", "[OPTIONS] BOT...\n   or: altay arena report [OPTIONS] DIR")


class ArenaGroup(click.Group):
    """A group whose default subcommand is `run`: `altay arena a=random ...` = `altay arena run ...`."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args or args[0] not in self.commands:
            args = ["run", *args]
        return super().parse_args(ctx, args)


@click.group(cls=ArenaGroup)
def arena() -> None:
    """Round-robin ladders between bots: `altay arena BOT...` or `altay arena report DIR`."""


def _default_out() -> str:
    return "arena-out-" + _dt.datetime.now().strftime("%Y%m%d-%H%M%S")


def _output_options(f: Any) -> Any:
    f = html_option(f)
    f = click.option("--csv", "as_csv", is_flag=True, help="Print the leaderboard as CSV (one row per bot).")(
        f
    )
    f = click.option("--json", "as_json", is_flag=True, help="Print the leaderboard as one JSON object.")(f)
    return f


def html_option(f: Any) -> Any:
    return click.option(
        "--html",
        metavar="FILE",
        type=click.Path(path_type=Path),
        default=None,
        help="Also write the results as one self-contained HTML page (tables, charts, every game "
        "linked); it needs no network to open.",
    )(f)


def fresh_bots_option(f: Any) -> Any:
    return click.option(
        "--fresh-bots",
        is_flag=True,
        help="Start every bot afresh for each game. By default a bot that says `many_games` at "
        "`ready` keeps its process between the games of a worker (protocol/PROTOCOL.md, "
        '"Several games in one process"); the results are the same either way.',
    )(f)


def check_html(opts: dict[str, Any], folder: Path) -> None:
    """A usage error now, before any game, when the page could not be written at --html."""
    if opts.get("html") is not None:
        from altay_cli.web.report import output_problem

        problem = output_problem(opts["html"], folder)
        if problem:
            raise click.UsageError(problem)


def write_html(
    store: ArenaStore,
    params: ArenaParams,
    scheduled: int,
    opts: dict[str, Any],
    problems: list[Any] | None = None,
    game_pages: bool = False,
    err: bool = True,
) -> None:
    """The --html page of the arena (or SPRT) from what is stored, and one line saying so."""
    if opts.get("html") is None:
        return
    from altay_cli.textsafe import safe_text
    from altay_cli.web.report import ReportError, write_report

    try:
        written = write_report(
            store.folder,
            params,
            store.records(params),
            scheduled,
            opts["html"],
            problems=problems or [],
            game_pages=game_pages,
        )
    except ReportError as exc:
        raise click.UsageError(str(exc)) from None
    pages = written.pages
    done = f"{pages.written} game pages written, {pages.kept} kept" if game_pages else ""
    if not opts.get("quiet"):
        click.echo(f"page: {written.path} ({written.games} games{'; ' + done if done else ''})", err=err)
    for failure in pages.failed[:20]:
        click.echo(f"game page not written: {safe_text(failure, 300)}", err=True)
    if len(pages.failed) > 20:
        click.echo(f"... and {len(pages.failed) - 20} more game pages not written", err=True)


@arena.command("run", cls=_RunCommand, help=_run_help())
@click.argument("bots", nargs=-1, metavar="BOT...")
@click.option("--players", "-p", type=PLAYERS, default=2, show_default=True, help="Seats per game.")
@click.option(
    "--games",
    "-g",
    type=Integer(1, 100_000),
    default=10,
    show_default=True,
    help="Deals; each is played by every group in every seating.",
)
@click.option(
    "--concurrency",
    "-j",
    type=Integer(1, 1024),
    default=None,
    help="Games played at once (worker processes). [default: CPU count]",
)
@seed_option
@click.option(
    "--seatings",
    type=click.Choice(["rotate", "permute"]),
    default="rotate",
    show_default=True,
    help="N cyclic rotations, or all N! permutations of each group.",
)
@click.option(
    "--teams",
    type=click.Choice(["mixed", "self", "both"]),
    default="mixed",
    show_default=True,
    help="Cooperative games: groups of different bots, each bot alone in every seat, or both.",
)
@click.option(
    "--out",
    "-o",
    type=WritableDir(),
    default=None,
    help="Arena folder (database + logs). [default: ./arena-out-<date>-<time>]",
)
@click.option("--resume", is_flag=True, help="Finish the arena in --out: play exactly its missing games.")
@click.option(
    "--gauntlet",
    metavar="NAME",
    default=None,
    help="Play only the groups with this bot in them: NAME against each other bot (or group).",
)
@click.option(
    "--add",
    "added",
    multiple=True,
    metavar="NAME=CMD",
    help="With --resume: add this bot to the arena and play only the games it is in (repeatable).",
)
@click.option(
    "--set",
    "sets",
    multiple=True,
    metavar="NAME.FIELD=VALUE",
    help="A bot's own clock or sandbox limit, e.g. --set new.move-ms=2000 (repeatable).",
)
@config_option
@clock_and_failure_options
@game_options(arena=True)
@sandbox_options
@sign_key_option
@cluster_options
@fresh_bots_option
@click.option("--quiet", "-q", is_flag=True, help="No progress display (errors only).")
@_output_options
@click.pass_context
def run_cmd(ctx: click.Context, bots: tuple[str, ...], **opts: Any) -> None:
    from dataclasses import replace

    from arena.params import ArenaParams, ArenaUsageError, BotEntry, parse_bot, with_match_fields

    game, game_opts = chosen_game()

    def with_conditions(entries: list[BotEntry], names: list[str]) -> tuple[BotEntry, ...]:
        own = bot_conditions(ctx, opts["sets"], names)
        return tuple(replace(e, conditions=tuple(sorted(own.get(e.name, {}).items()))) for e in entries)

    def build(bot_args: tuple[str, ...]) -> ArenaParams:
        entries = [parse_bot(b) for b in bot_args]
        return ArenaParams(
            game=game.kind.name,
            game_options=game_opts,
            bots=with_conditions(entries, [e.name for e in entries]),
            gauntlet=opts["gauntlet"],
            players=opts["players"],
            games=opts["games"],
            seed=secret_seed(opts["seed"]),  # shown with the leaderboard, after the games
            seatings=opts["seatings"],
            teams=opts["teams"],
            match=match_conditions(opts),
        )

    def overlay(stored: ArenaParams) -> ArenaParams:
        """The stored parameters, with the options the user typed on this --resume."""
        from dataclasses import replace

        names = ("players", "games", "seed", "seatings", "teams", "gauntlet")
        top: dict[str, Any] = {k: opts[k] for k in names if _given(ctx, k)}
        if _given(ctx, "game_name"):
            top["game"] = game.kind.name
        if game_opts:
            top["game_options"] = {**stored.game_options, **game_opts}
        match = typed_match_fields(ctx, opts)
        result = replace(stored, **top, match=with_match_fields(stored.match, match))
        if opts["added"]:
            new = [parse_bot(b) for b in opts["added"]]
            every = [b.name for b in stored.bots] + [e.name for e in new]
            result = result.with_added(with_conditions(new, every))
        return result

    if opts["as_json"] and opts["as_csv"]:
        raise click.UsageError("choose one of --json and --csv")
    if opts["resume"] and opts["out"] is None:
        raise click.UsageError("--resume needs the arena folder: altay arena --resume --out DIR")
    if opts["added"] and not opts["resume"]:
        raise click.UsageError(
            "--add extends an arena that exists: altay arena --resume --out DIR --add name=CMD"
        )
    if opts["added"] and bots:
        raise click.UsageError(
            "with --add, give only the new bots (--add name=CMD): the others are the arena's"
        )
    if not bots and not opts["resume"]:
        bots = tuple(config_bots(ctx))
    if not bots and not opts["resume"]:
        raise click.UsageError(
            "give the bots as name=command, e.g. altay arena a=random b=greedy --players 2 --games 4"
        )
    folder: Path = opts["out"] or Path(_default_out())
    check_html(opts, folder)
    if opts["resume"] and bots and opts["seed"] is None:
        opts["seed"] = _stored_seed(folder)  # resuming with the bots named: the seed stays
    try:
        given = build(bots) if bots else None
        if given is not None:
            given.validate()
    except ArenaUsageError as exc:
        raise click.UsageError(str(exc)) from None
    if given is None and opts["sets"] and not opts["added"]:
        raise click.UsageError("--set with --resume: a bot's conditions are fixed when it joins the arena")
    from arena.modes import ArenaRun

    code = _run(folder, given, opts, overlay, ArenaRun())  # (a round robin, even of an SPRT's folder)
    ctx.exit(code)


def _stored_seed(folder: Path) -> int | None:
    from arena.driver import stored_seed
    from arena.params import ArenaUsageError

    try:
        return stored_seed(folder)
    except ArenaUsageError as exc:
        raise click.UsageError(str(exc)) from None


def match_conditions(opts: dict[str, Any]) -> MatchOptions:
    """The match conditions the clock, failure and sandbox options describe (the game's own
    options are the arena's game options)."""
    from dataclasses import replace

    from altay_cli.records import ClockKind
    from altay_cli.referee import MatchOptions

    return MatchOptions(
        move_ms=opts["move_ms"],
        bank_ms=opts["bank_ms"],
        increment_ms=opts["increment_ms"],
        startup_ms=opts["startup_ms"],
        on_failure=opts["on_failure"],
        retries=opts["retries"],
        clock=ClockKind(opts["clock"]),
        sandbox=replace(opts["sandbox"], hidden=()),
    )


def typed_match_fields(ctx: click.Context, opts: dict[str, Any]) -> dict[str, Any]:
    """The match conditions typed on this command line, by their arena names (for --resume:
    they must match)."""
    from arena.params import match_fields

    cli_name = {"sandbox": "sandbox_mode"}
    typed = match_fields(match_conditions(opts))
    return {k: v for k, v in typed.items() if _given(ctx, cli_name.get(k, k))}


def _given(ctx: click.Context, name: str) -> bool:
    return ctx.get_parameter_source(name) not in (
        click.core.ParameterSource.DEFAULT,
        click.core.ParameterSource.DEFAULT_MAP,
        None,
    )


class ArenaShow:
    """What `altay arena` shows of a run (`arena.driver.RunShow`): notes and warnings on
    stderr, the progress display, the leaderboard (tables, --json or --csv) and the --html page."""

    def __init__(self, opts: dict[str, Any]) -> None:
        self.opts = opts

    def note(self, text: str) -> None:
        click.echo(text, err=True)

    def warn(self, text: str) -> None:
        click.echo(text, err=True)

    def display(self) -> Any:
        from arena.progress import make_progress

        return make_progress(self.opts["quiet"])

    def status(self, line: str) -> None:
        click.echo(line, err=True)

    def results(self, store: ArenaStore, params: ArenaParams, scheduled: int) -> None:
        _print_board(store, params, scheduled, self.opts)
        write_html(store, params, scheduled, self.opts)


def _run(
    folder: Path,
    given: ArenaParams | None,
    opts: dict[str, Any],
    overlay: Callable[[ArenaParams], ArenaParams],
    rule: ArenaRun | None = None,
    show: ArenaShow | None = None,
) -> int:
    """Run the arena (`arena.driver.run`) as the command's options say; its exit code."""
    from arena.driver import RunOptions, run
    from arena.params import ArenaUsageError

    from .options import seed_source

    options = RunOptions(
        resume=opts["resume"],
        concurrency=opts["concurrency"],
        signer=opts["signer"],
        quiet=opts["quiet"],
        seed_source=seed_source(opts["seed"]),
        cluster=cluster_from(opts),
        fresh_bots=opts["fresh_bots"],
    )
    shown: Any = show or ArenaShow(opts)  # a RunShow in all but name (arena is imported lazily)
    try:
        result = run(folder, given, options, overlay, rule, shown)
    except ArenaUsageError as exc:
        raise click.UsageError(str(exc)) from None
    cmd = result.command
    resume = resume_command(cmd, folder, result.params, opts)
    if result.store_error is not None:
        click.echo(
            f"{cmd} stopped: cannot write {folder / 'arena.sqlite'}: {result.store_error}\n"
            f"fix the cause, then:\n  {resume}",
            err=True,
        )
        return EXIT_INCOMPLETE
    if result.outcome is not None:
        return EXIT_CODES[result.outcome]
    why = "interrupted" if result.interrupted else "incomplete"
    from altay_cli.textsafe import safe_text

    for err in result.errors:
        click.echo(safe_text(err, 4000, keep_newlines=True), err=True)
    click.echo(
        f"{cmd} {why}: {result.stored}/{result.scheduled} games stored; play the rest with:\n  {resume}",
        err=True,
    )
    return EXIT_INCOMPLETE


def resume_command(cmd: str, folder: Path, params: ArenaParams, opts: dict[str, Any]) -> str:
    """The command that goes on with this arena, complete: the database keeps the parameters,
    not the signing key, the worker count, the output format or the folder relative bot paths
    are resolved from (nor the value of a --bot-env NAME given without one)."""
    import shlex

    signer = opts.get("signer")
    words = ["altay", cmd, "--resume", "--out", str(folder)]
    if signer is not None:
        words += ["--sign-key", signer.path or "FILE"]
    if opts.get("concurrency"):
        words += ["--concurrency", str(opts["concurrency"])]
    words += cluster_words(opts)
    for flag, key in (
        ("--fresh-bots", "fresh_bots"),
        ("--json", "as_json"),
        ("--csv", "as_csv"),
        ("--quiet", "quiet"),
    ):
        if opts.get(key):
            words.append(flag)
    if opts.get("html") is not None:
        words += ["--html", str(opts["html"])]
    line = shlex.join(words)
    if _needs_cwd(params) or not folder.is_absolute():
        line = f"cd {shlex.quote(os.getcwd())} && {line}"
    bare = [name for name in params.match.sandbox.env if "=" not in name]
    if bare:
        line += f"   (with {', '.join(bare)} set as now: --bot-env passes them on)"
    return line


def _needs_cwd(params: ArenaParams) -> bool:
    """Whether a bot's command names a file by a relative path (resolved from the current folder)."""
    import shlex

    for bot in params.bots:
        try:
            words = shlex.split(bot.command)
        except ValueError:
            continue
        for word in words:
            if not word.startswith(("/", "-")) and ("/" in word or Path(word).exists()):
                return True
    return False


def _print_board(
    store: ArenaStore,
    params: ArenaParams,
    scheduled: int,
    opts: dict[str, Any],
    integrity: dict[str, Any] | None = None,
) -> None:
    from arena.leaderboard import build_leaderboard
    from arena.report import print_tables, to_csv, to_json
    from arena.workers import workers_board

    records = store.records(params)
    board = build_leaderboard(params, records, scheduled)
    workers = workers_board(store, records)
    if workers is not None:  # (played on a cluster)
        board["workers"] = workers
    if integrity is not None:
        board["integrity"] = integrity
    if opts["as_json"]:
        click.echo(to_json(board))
    elif opts["as_csv"]:
        click.echo(to_csv(board), nl=False)
    else:
        print_tables(board)


@arena.command("report")
@click.argument("folder", metavar="DIR", type=click.Path(file_okay=False, path_type=Path))
@_output_options
@click.option(
    "--games",
    "game_pages",
    is_flag=True,
    help="With --html: write each game's viewer page into DIR/view/ (those missing or older "
    "than their log) and link them from the page.",
)
def report_cmd(folder: Path, as_json: bool, as_csv: bool, html: Path | None, game_pages: bool) -> None:
    """Print the leaderboard of the arena in DIR again, from its database.

    Works while the arena is still running (it reads the games stored so far). Same formats
    as the arena itself: tables, --json or --csv. Every stored game's row is checked against
    the schedule (a row that is no game of it is listed and not counted) and its log against
    the hash kept with its row and, in a signed arena, the arena's key (a missing, changed or
    unsigned log is listed); `altay arena verify DIR` replays every log for the full check.

    --html FILE writes the leaderboard as one self-contained page instead of the tables (the
    intervals drawn, the head to head as a heat map, per seat and role, failures, conditions,
    every game linked to its viewer page or its log); for an SPRT's folder, with the LLR over
    the pairs and the Elo estimate.

    Exit codes: 0 the leaderboard and every log agree; 1 some stored game's row or log does
    not (the leaderboard is still printed, with the list); 2 no usable arena in DIR.
    """
    from arena.integrity import merged, quick_check, row_problems
    from arena.params import ArenaUsageError
    from arena.store import ArenaStore, StoreError
    from arena.verify import arena_key

    if as_json and as_csv:
        raise click.UsageError("choose one of --json and --csv")
    if game_pages and html is None:
        raise click.UsageError("--games writes the game pages the report page links: give --html FILE too")
    opts: dict[str, Any] = {"as_json": as_json, "as_csv": as_csv, "html": html}
    check_html(opts, folder)
    try:
        with ArenaStore.open(folder) as store, store.snapshot():  # (a running arena: one moment)
            params = store.params()
            records = store.records(params)
            key, _, _ = arena_key(store, records, None)
            logs = quick_check(folder, records, key, store.schedule(params))
            problems = merged(row_problems(store, params) + logs)
            integrity = {"games_checked": len(records), "problems": [p.to_dict() for p in problems]}
            scheduled = len(store.schedule(params))
            if as_json or as_csv or html is None:
                _print_board(store, params, scheduled, opts, integrity if as_json else None)
            write_html(store, params, scheduled, opts, problems, game_pages, err=as_json or as_csv)
    except (StoreError, ArenaUsageError) as exc:
        raise click.UsageError(str(exc)) from None
    if problems and not as_json:
        _print_problems(problems, err=as_csv, folder=folder)
        click.echo(_replay_advice(folder, params, key), err=as_csv)
    sys.exit(EXIT_INCOMPLETE if problems else EXIT_OK)


def _print_problems(problems: list[Any], err: bool, folder: Path) -> None:
    from altay_cli.textsafe import safe_text

    click.echo(
        f"Integrity: {len(problems)} problem(s) between the database, the schedule and the logs:", err=err
    )
    for p in problems[:50]:
        game = f"game {p.game_id}" if p.game_id is not None else "arena"
        click.echo(f"  {game:>10}  {p.kind:<13}  {safe_text(p.detail, 300)}", err=err)
    if len(problems) > 50:
        click.echo(f"  ... and {len(problems) - 50} more (--json lists them all)", err=err)


def _replay_advice(folder: Path, params: ArenaParams, key: str | None, forgotten: bool = False) -> str:
    """How to play exactly the games with a problem again."""
    from altay_cli.logsign import fingerprint

    cmd = "sprt" if params.sprt else "arena"
    resume = f"altay {cmd} --resume --out {folder}"
    if key:
        resume += f" --sign-key FILE   (FILE: the private key of {fingerprint(key)})"
    if forgotten:
        return f"play exactly them again with:\n  {resume}"
    return (
        "play exactly the games with a problem again: forget them (their logs are kept aside) with\n"
        f"  altay arena verify {folder} --forget-bad\nthen play them with\n  {resume}"
    )


@arena.command("verify")
@click.argument("folder", metavar="DIR", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--public-key",
    metavar="FILE",
    type=click.Path(dir_okay=False),
    help="Require every log to be signed by this key (see `altay keygen`); a signed arena's own "
    "key, recorded at its creation, is required even without it.",
)
@click.option(
    "--forget-bad",
    is_flag=True,
    help="Forget every game with a problem (its row goes, its log moves to DIR/set-aside/), so "
    "that --resume plays exactly those games again.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the findings as one JSON object.")
@click.option("--quiet", "-q", is_flag=True, help="No progress display.")
def verify_cmd(folder: Path, public_key: str | None, forget_bad: bool, as_json: bool, quiet: bool) -> None:
    """Replay every game log of the arena in DIR and compare it with the database.

    Trusts no row: each stored game must be a game of the arena's schedule, with the seed its
    master seed derives for it (a row beyond the schedule is listed and never counted); each
    log must replay exactly (`altay replay`: hash chain, signature, every decision, the
    result), name its arena and game, and agree with every column of its rows (bots, roles,
    seed, ranks, scores, end reason, rounds, turns, forfeits, decisions, failures, a team's
    result; a game stored before arenas kept turns has none to compare);
    it must be the very file that was stored (its SHA-256). In a signed arena every log must
    be signed by the arena's key. Logs without a row are listed apart. A master seed small
    enough to guess is flagged (a warning, not a failure).

    --forget-bad then removes the rows of exactly the games with a problem and moves their
    logs aside, and prints the `--resume` command that plays exactly them again.

    Exit codes: 0 everything agrees; 1 some game does not; 2 no usable arena in DIR.
    """
    from arena.params import ArenaUsageError
    from arena.verify import verify

    from .options import guessable_seed_warning

    given = public_key_hex(public_key)
    shown = not quiet and sys.stderr.isatty()
    try:
        found = verify(folder, given, forget_bad, lambda total: _VerifyProgress(total, not shown))
    except ArenaUsageError as exc:
        raise click.UsageError(str(exc)) from None
    params, records, key, notes = found.params, found.records, found.key, found.notes
    problems, orphans, source, bad = found.problems, found.orphans, found.seed_source, found.bad
    guessable, arena_wide, forgotten, aside = found.guessable, found.arena_wide, found.forgotten, found.aside
    warning = guessable_seed_warning(params.seed, programs_play=True) if guessable else None
    if as_json:
        import orjson

        from altay_cli.logsign import fingerprint

        payload = {
            "folder": str(folder),
            "games_checked": len(records),
            "ok": not problems,
            "problems": [p.to_dict() for p in problems],
            "logs_without_a_row": [p.to_dict() for p in orphans],
            "signed_by_key": fingerprint(key) if key else None,
            "notes": notes,
            "seed_source": source,
            "guessable_seed": guessable,
            "to_replay": bad,
            "forgotten": forgotten,
            "set_aside": str(aside) if aside else None,
        }
        click.echo(orjson.dumps(payload, option=orjson.OPT_INDENT_2).decode())
    else:
        for note in notes:
            click.echo(f"  note: {note}")
        if problems:
            _print_problems(problems, err=False, folder=folder)
        else:
            click.echo(f"OK: all {len(records)} stored games replay exactly and agree with the database")
        for p in orphans:
            click.echo(f"  note: {p.detail} (a game in flight when the arena stopped?)")
        if forgotten:
            where = f"; their logs are in {aside}" if aside else ""
            click.echo(f"forgot {len(forgotten)} game(s): {', '.join(map(str, forgotten[:20]))}{where}")
        if (bad and not arena_wide) or forgotten:
            click.echo(_replay_advice(folder, params, key, forgotten=bool(forgotten)))
    if warning:
        click.echo(warning, err=True)
    sys.exit(EXIT_INCOMPLETE if problems else EXIT_OK)


class _VerifyProgress:
    """A progress bar on stderr (nothing when quiet or not a terminal)."""

    def __init__(self, total: int, quiet: bool) -> None:
        self.bar = None
        if not quiet and total:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

            self.bar = Progress(
                "verifying", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), transient=True
            )
            self.task = self.bar.add_task("verify", total=total)
            self.bar.start()

    def advance(self, game_id: int) -> None:
        if self.bar is not None:
            self.bar.advance(self.task)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(arena())
