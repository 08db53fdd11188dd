"""`altay view`: a game log as one self-contained web page that replays it step by step."""

from __future__ import annotations

import re
import sys
import webbrowser
from pathlib import Path
from typing import Any

import click

from .options import MAX_SEED, Integer, check_writable, public_key_hex

_SEAT = re.compile(r"seat[ :=]?([0-9]{1,4})")


def open_in_browser(uri: str) -> bool:
    """Open `uri` in the default browser (tests replace this function: they open none)."""
    return webbrowser.open(uri)


class _ViewCommand(click.Command):
    """Reads `--view seat N` (two words) as `--view "seat N"`."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        out: list[str] = []
        i = 0
        while i < len(args):
            arg = args[i]
            if arg == "--view" and i + 2 < len(args) and args[i + 1] == "seat" and args[i + 2].isdigit():
                out += ["--view", "seat " + args[i + 2]]
                i += 3
                continue
            if arg == "--view=seat" and i + 1 < len(args) and args[i + 1].isdigit():
                out.append("--view=seat " + args[i + 1])
                i += 2
                continue
            out.append(arg)
            i += 1
        return super().parse_args(ctx, out)


class EyesType(click.ParamType):
    name = "EYES"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from ..engine.api import Eyes, EyesKind

        if isinstance(value, Eyes):
            return value
        text = str(value).strip().lower()
        if text in ("spectator", "all"):
            return Eyes(EyesKind(text))
        match = _SEAT.fullmatch(text)
        if match:
            return Eyes(EyesKind.SEAT, int(match.group(1)))
        self.fail(f"{value!r}: give spectator, all or seat N (e.g. --view seat 1)", param, ctx)


@click.command(cls=_ViewCommand)
@click.argument("log", type=click.Path(dir_okay=False))
@click.option(
    "-o",
    "--output",
    "output",
    type=click.Path(dir_okay=False),
    default=None,
    metavar="FILE",
    help="Write the page here (default: beside the log, game.jsonl -> game.html; "
    "game.seat-1.html and game.all.html for those eyes).",
)
@click.option(
    "--view",
    "eyes",
    type=EyesType(),
    default="spectator",
    show_default=True,
    help="Whose eyes: spectator (what every seat may know), seat N (what seat N was sent) or all "
    "(the full state, every hidden card).",
)
@click.option("--open", "open_page", is_flag=True, help="Open the page in the default browser.")
@click.option(
    "--seed",
    type=Integer(0, MAX_SEED),
    default=None,
    metavar="N",
    help="The seed of a truncated log (its result line, which reveals the seed, is missing).",
)
@click.option(
    "--public-key",
    metavar="FILE",
    type=click.Path(dir_okay=False),
    help="The log verifies only if it is signed by this key (a .pub file from `altay keygen`).",
)
def view(
    log: str, output: str | None, eyes: Any, open_page: bool, seed: int | None, public_key: str | None
) -> None:
    """Write a web page that replays the game of LOG step by step (one file, opened from disk).

    The game is re-simulated and checked exactly as `altay replay` does; the page holds, for
    every step, what the chosen eyes may see: the board (drawn by the game, or its data as a
    tree), the list of decisions in the game's notation, the current decision (who decided,
    the action, its legal actions and the bot's info text for eyes allowed to see them, its
    time and clock), failures, and the result at the end. Controls: first, previous, next,
    last, a slider, play with a speed, arrow keys, Home/End, Space, a jump to any turn; the
    address's #step=N opens at step N and follows as you move.

    The file holds only what the eyes may see, since anyone can read a page's source:
    spectator eyes (the default: for publishing) show what every seat may know; `--view seat
    N` what seat N was sent, with its own legal actions, info texts, failures and stderr;
    `--view all` everything. The page loads nothing (its scripts, styles and data are inside
    it; a security policy in it forbids every request) and works from file://.

    A log that does not verify is shown up to its last good step, with a banner saying what
    is wrong there, and without a result.

    \b
    Examples:
      altay view game.jsonl                          writes game.html (spectator)
      altay view game.jsonl -o p1.html --view seat 1 --open
      altay view arena-out/logs/000017.jsonl --view all

    \b
    Exit codes:
      0  the page is written and the log verifies
      1  the page is written, but the log does not verify (invalid or truncated: the page
         says so in a banner)
      2  bad input: no such log, not a game log, a sealed truncated log without --seed, a
         seat the game does not have, an output that cannot be written
    """
    from ..engine.api import EyesKind
    from ..replay import VALID
    from ..textsafe import safe_text
    from ..web.hint import page_path
    from ..web.pagedata import ViewError
    from ..web.view import build_page, write_text_atomically

    key = public_key_hex(public_key)
    suffix = (
        ""
        if eyes.kind == EyesKind.SPECTATOR
        else ("all" if eyes.kind == EyesKind.ALL else f"seat-{eyes.seat}")
    )
    out = Path(output) if output is not None else page_path(log, suffix)
    try:
        if out.resolve() == Path(log).resolve():
            raise click.BadParameter("the page would overwrite the log itself", param_hint="--output")
    except (OSError, RuntimeError, ValueError):
        pass
    check_writable(str(out), "--output")
    try:
        text, built = build_page(log, eyes, seed=seed, public_key=key)
    except ViewError as exc:
        click.echo(f"Error: cannot view {safe_text(log)}: {safe_text(str(exc), 2000)}", err=True)
        sys.exit(2)
    try:
        write_text_atomically(out, text)
    except OSError as exc:
        click.echo(f"Error: cannot write {safe_text(str(out))}: {exc.strerror or exc}", err=True)
        sys.exit(2)
    verdict = built.verdict
    size = len(text.encode("utf-8"))
    steps = built.steps
    click.echo(f"wrote {safe_text(str(out))} ({size / 1e6:.2f} MB, {steps} decisions, {eyes.label} eyes)")
    if verdict.status != VALID:
        what = "truncated" if verdict.truncated_only else "does not verify"
        click.echo(
            f"the log {what}: {safe_text(verdict.message, 2000)}; the page shows it up to step {steps} "
            "with a banner",
            err=True,
        )
    if open_page:
        open_in_browser(out.resolve().as_uri())
    sys.exit(0 if verdict.status == VALID else 1)
