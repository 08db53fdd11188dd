"""`altay replay`: re-simulate a game log and report the first step where it diverges."""

from __future__ import annotations

import contextlib
import sys

import click

from .options import MAX_SEED, Integer, public_key_hex


@click.command()
@click.argument("log", type=click.Path(dir_okay=False))
@click.option(
    "--strict", is_flag=True, help="Also check the engine's conservation invariants after every step."
)
@click.option(
    "--public-key",
    metavar="FILE",
    type=click.Path(dir_okay=False),
    help="Accept the log only if it is signed by this key (a .pub file from `altay keygen`).",
)
@click.option(
    "--seed",
    type=Integer(0, MAX_SEED),
    default=None,
    metavar="N",
    help="The seed of a truncated log (its result line, which reveals the seed, is missing).",
)
@click.option("--show", is_flag=True, help="Tell the game step by step in words while checking it.")
@click.option(
    "--seat",
    type=Integer(0, 1000),
    default=None,
    help="With --show: see the game as this seat did (hidden cards).",
)
@click.option(
    "--board",
    is_flag=True,
    help="With --show: print the board at the start of every turn (as --seat saw it, or as a spectator).",
)
@click.option(
    "--chain-only",
    is_flag=True,
    help="Check the file, chain, signature, seed and result against the log's own lines, without "
    "re-simulating the game: fast, but each action's legality, digests, scores and ranks are then "
    "the log's word.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as one JSON object.")
def replay(
    log: str,
    strict: bool,
    public_key: str | None,
    seed: int | None,
    show: bool,
    seat: int | None,
    board: bool,
    chain_only: bool,
    as_json: bool,
) -> None:
    """Check that LOG (a game log from `match`, `play` or the arena) replays exactly.

    The game is re-simulated from the header's configuration. Every line must follow the one
    before it (logs are hash-chained, so an inserted, deleted or edited line is found), every
    decision must come from the seat to move, be legal and give the logged state digest; the
    failure lines must agree with the decisions and the result; the result (end reason,
    scores, ranks, winners, forfeits) must be what the game gives. The first difference is
    reported with what the log says and what the engine computes. A signed log's signature is
    checked; with --public-key, only a log signed by that key is valid. Logs from older
    versions (format 1, unchained) still replay and are reported as unchained.

    \b
    Examples:
      altay replay game.jsonl                     verdict and score table
      altay replay game.jsonl --strict --json     also check invariants; one JSON object
      altay replay game.jsonl --public-key organiser.key.pub
      altay replay game.jsonl --show --seat 0     the game as seat 0 saw it
      altay replay game.jsonl --show --board      every decision, the board each turn
      altay replay game.jsonl --chain-only        chain, signature and result only (fast)

    \b
    Exit codes:
      0  valid: the log replays exactly, result included (and is signed by --public-key)
      1  invalid: the engine disagrees with the log (an illegal or edited action, a broken
         chain, a wrong digest, seat, failure or result, a missing or foreign signature)
      2  unreadable: no such file, not a regular file, empty, not JSON, not a game log, a
         bad header, or truncated (no result line: the decisions present are still checked,
         with --seed for a sealed log, and a divergence among them makes it 1)
    """
    from ..gamelog import to_json_bytes
    from ..replay import replay_log

    if as_json and (show or board or seat is not None):
        raise click.UsageError("--show, --seat and --board print text; use them without --json")
    if chain_only and (strict or show or board or seat is not None):
        raise click.UsageError(
            "--chain-only does not re-simulate the game: --strict, --show, --seat and --board need it"
        )
    key = public_key_hex(public_key)
    observer = None
    if show or seat is not None or board:
        from ..engine import UnknownGame, load_game
        from ..gamelog import LogError, read_header
        from ..interactive.show import ShowPrinter

        seats = []
        game = load_game()
        try:
            header = read_header(log)
        except LogError:
            pass  # the replay below reports what is wrong with the file
        else:
            seats = header.seats
            players = header.players or 0
            with contextlib.suppress(UnknownGame):  # the replay below reports it
                game = load_game(header.game)
            if seat is not None and not 0 <= seat < players:
                raise click.BadParameter(f"seats are 0 to {players - 1} in this log", param_hint="--seat")
        observer = ShowPrinter(game, seats, click.echo, seat=seat, board=board)
    verdict = replay_log(
        log, strict=strict, on_step=observer, public_key=key, seed=seed, simulate=not chain_only
    )
    if as_json:
        click.echo(to_json_bytes(verdict.to_dict()).decode())
    else:
        from ..interactive.verdict_text import print_verdict

        print_verdict(verdict)
        if verdict.header is not None:
            from ..web.hint import view_hint

            click.echo(f"  {view_hint(log)}")
    sys.exit(verdict.exit_code)
