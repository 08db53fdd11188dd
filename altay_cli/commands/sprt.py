"""`altay sprt NEW BASE`: is NEW stronger than BASE? Paired games until an SPRT decides.

An SPRT is an arena with a paired schedule (`arena.schedule.build_pair_schedule`) and a stop
rule, so it shares the arena's folder, database, logs, workers, clocks, sandbox, resume and
`arena verify`; only what it prints and when it stops differ (`arena.modes.SprtRun`, run by
`arena.driver`, shown by `SprtShow`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from .arena import (
    EXIT_H0,
    EXIT_INCOMPLETE,
    EXIT_UNDECIDED,
    ArenaShow,
    _given,
    _run,
    _stored_seed,
    check_html,
    fresh_bots_option,
    html_option,
    match_conditions,
    typed_match_fields,
    write_html,
)
from .cluster_options import cluster_options
from .ladder_config import bot_conditions, config_bots, config_option
from .options import (
    Integer,
    Number,
    WritableDir,
    chosen_game,
    clock_and_failure_options,
    game_options,
    sandbox_options,
    secret_seed,
    seed_option,
    sign_key_option,
)

if TYPE_CHECKING:
    from arena.params import ArenaParams
    from arena.store import ArenaStore


HELP = """Test whether NEW is stronger than BASE with a sequential probability ratio test.

\b
  altay sprt new='python3 new_bot.py' base='python3 old_bot.py' --elo0 0 --elo1 10
  altay sprt search greedy --elo0 0 --elo1 50 --move-ms 1000
  altay sprt new=... base=... --players 4 --filler random --filler greedy
  altay sprt --resume --out DIR        finish an interrupted test
  altay sprt --config sprt.toml        options and bots ([bots]: NEW, BASE, fillers)

Games come in pairs: one deal (seed, roles, set-up) played twice with NEW
and BASE in swapped seats, so the luck of the deal cancels out. In a game NEW
scores 1 if it finished ahead of BASE, 1/2 for a tie and 0 behind (a crash,
timeout or illegal action ranks a bot last: a lost game). Games with more seats
fill the others with the --filler bots, in the same seats in both games of a
pair; over successive deals NEW and BASE meet in every pair of seats.

The test (as fastchess and fishtest run it): H0 is "NEW is better by --elo0",
H1 "better by --elo1"; the log-likelihood ratio (LLR) of the pentanomial model
over pairs (LL, LD, LW+DD, DW, WW) is updated after every pair, and the test
stops as soon as it leaves [ln(beta/(1-alpha)), ln((1-beta)/alpha)]: H1
accepted (NEW is stronger), or H0 accepted (it is not stronger by --elo1); with
alpha = beta = 0.05 the bounds are -2.94 and 2.94. --elo0 and --elo1 are
logistic Elo (--model logistic, default: a 50 Elo edge scores about 57%) or
normalized Elo (--model normalized, as fastchess's default). Pick elo1 as the
smallest gain worth detecting: the smaller it is, the more games it takes.

Progress shows pairs, LLR and its bounds, the Elo difference with its 95%
interval and the LOS (likelihood of superiority) as it goes; the end shows the
same with the pentanomial counts and the verdict. --json prints it as one
object; --html FILE also writes it as a page (the LLR against its bounds
over the pairs, the Elo estimate with its interval, every game linked), as
`altay arena report DIR --html FILE` does at any time. Games run in
parallel (--concurrency) under the referee's clocks and sandbox, are stored
in --out (an arena folder: `altay arena verify DIR` replays every log), and
--resume after Ctrl-C or a kill plays on (a test started with --sign-key
needs the same key to go on).

Exit codes: 0 H1 accepted (NEW is stronger), 3 H0 accepted, 4 no decision
within --max-pairs, 1 interrupted or incomplete (resume it), 2 bad usage."""


class SprtShow(ArenaShow):
    """What `altay sprt` shows of a run: its status lines are the progress, and the verdict."""

    def display(self) -> Any:
        from arena.progress import QuietProgress

        return QuietProgress()  # the status lines are the progress: a bar to 2 x max-pairs would mislead

    def results(self, store: ArenaStore, params: ArenaParams, scheduled: int) -> None:
        import orjson

        from arena.sprt_results import sprt_board, sprt_text

        opts = self.opts
        board = sprt_board(params, store.records(params), scheduled)
        if opts["as_json"]:
            click.echo(orjson.dumps(board, option=orjson.OPT_INDENT_2).decode())
        else:
            click.echo(sprt_text(board))
        write_html(store, params, scheduled, opts)


@click.command("sprt", help=HELP)
@click.argument("bots", nargs=-1, metavar="NEW BASE")
@click.option(
    "--elo0", type=Number(-2000, 2000), default=0.0, show_default=True, help="H0: NEW is better by this."
)
@click.option(
    "--elo1", type=Number(-2000, 2000), default=10.0, show_default=True, help="H1: NEW is better by this."
)
@click.option(
    "--alpha",
    type=Number(0, 0.5, min_open=True, max_open=True),
    default=0.05,
    show_default=True,
    help="False positive rate.",
)
@click.option(
    "--beta",
    type=Number(0, 0.5, min_open=True, max_open=True),
    default=0.05,
    show_default=True,
    help="False negative rate.",
)
@click.option(
    "--model",
    type=click.Choice(["logistic", "normalized"]),
    default="logistic",
    show_default=True,
    help="The unit of --elo0/--elo1 and of the estimate.",
)
@click.option(
    "--filler",
    "fillers",
    multiple=True,
    metavar="BOT",
    help="A bot for a seat beyond NEW and BASE (repeat it: N-2 of them for N players).",
)
@click.option(
    "--players",
    "-p",
    type=Integer(2, 16),
    default=None,
    help="Seats per game. [default: 2 + the number of --filler]",
)
@click.option(
    "--max-pairs",
    "games",
    type=Integer(1, 100_000),
    default=10_000,
    show_default=True,
    help="Stop without a decision after this many pairs (deals).",
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
    "--out",
    "-o",
    type=WritableDir(),
    default=None,
    help="Folder for the database and logs. [default: ./sprt-out-<date>-<time>]",
)
@click.option("--resume", is_flag=True, help="Go on with the test in --out.")
@click.option(
    "--set",
    "sets",
    multiple=True,
    metavar="NAME.FIELD=VALUE",
    help="A bot's own clock or sandbox limit, e.g. --set new.move-ms=2000 (time odds).",
)
@config_option
@clock_and_failure_options
@game_options(arena=True)
@sandbox_options
@sign_key_option
@cluster_options
@fresh_bots_option
@click.option("--quiet", "-q", is_flag=True, help="No progress display (errors only).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
@html_option
@click.pass_context
def sprt(ctx: click.Context, bots: tuple[str, ...], fillers: tuple[str, ...], **opts: Any) -> None:
    import datetime as dt
    from dataclasses import replace

    from arena.params import ArenaParams, ArenaUsageError, BotEntry, SprtSpec, parse_bot, with_match_fields

    game, game_opts = chosen_game()
    if opts["resume"] and opts["out"] is None:
        raise click.UsageError("--resume needs the folder: altay sprt --resume --out DIR")
    if not bots and not opts["resume"]:
        listed = config_bots(ctx)  # a config's [bots], in order: NEW, BASE, then the fillers
        bots, fillers = tuple(listed[:2]), (*listed[2:], *fillers)
    if not opts["resume"] and len(bots) != 2:
        raise click.UsageError(
            f"give two bots, NEW then BASE (got {len(bots)}), "
            "e.g. altay sprt new='python3 new.py' base=greedy"
        )
    if opts["resume"] and bots and len(bots) != 2:
        raise click.UsageError("give both NEW and BASE, or neither, with --resume")
    spec = SprtSpec(opts["elo0"], opts["elo1"], opts["alpha"], opts["beta"], opts["model"])

    def named(entries: list[BotEntry]) -> tuple[BotEntry, ...]:
        """Unique names: a bare alias names itself, so `greedy greedy` becomes greedy-new/greedy-base."""
        roles = ["new", "base"] + [f"filler{i}" for i in range(1, len(entries) - 1)]
        names = [e.name for e in entries]
        return tuple(
            BotEntry(e.name if names.count(e.name) == 1 else f"{e.name}-{role}", e.command)
            for role, e in zip(roles, entries)
        )

    def build(bot_args: tuple[str, ...]) -> ArenaParams:
        entries = named([parse_bot(b) for b in (*bot_args, *fillers)])
        own = bot_conditions(ctx, opts["sets"], [e.name for e in entries])
        entries = tuple(replace(e, conditions=tuple(sorted(own.get(e.name, {}).items()))) for e in entries)
        return ArenaParams(
            game=game.kind.name,
            game_options=game_opts,
            bots=entries,
            players=opts["players"] or len(entries),
            games=opts["games"],
            seed=secret_seed(opts["seed"]),
            sprt=spec,
            match=match_conditions(opts),
        )

    def overlay(stored: ArenaParams) -> ArenaParams:
        """The stored parameters, with what was typed on this --resume (checked against them)."""
        top: dict[str, Any] = {"games": opts["games"]} if _given(ctx, "games") else {}
        for key in ("players", "seed"):
            if _given(ctx, key):
                top[key] = opts[key]
        if any(_given(ctx, k) for k in ("elo0", "elo1", "alpha", "beta", "model")):
            top["sprt"] = spec
        if game_opts:
            top["game_options"] = {**stored.game_options, **game_opts}
        match = typed_match_fields(ctx, opts)
        return replace(stored, **top, match=with_match_fields(stored.match, match))

    opts["as_csv"] = False
    folder: Path = opts["out"] or Path("sprt-out-" + dt.datetime.now().strftime("%Y%m%d-%H%M%S"))
    check_html(opts, folder)
    if opts["resume"] and bots and opts["seed"] is None:
        opts["seed"] = _stored_seed(folder)
    try:
        given = build(bots) if bots else None
        if given is not None:
            given.validate()
    except ArenaUsageError as exc:
        raise click.UsageError(str(exc)) from None
    if given is None and opts["sets"]:
        raise click.UsageError("--set with --resume: the bots' conditions are fixed when the test starts")
    from arena.modes import SprtRun

    code = _run(folder, given, opts, overlay, SprtRun(), SprtShow(opts))
    ctx.exit(code)


__all__ = ["EXIT_H0", "EXIT_INCOMPLETE", "EXIT_UNDECIDED", "sprt"]
