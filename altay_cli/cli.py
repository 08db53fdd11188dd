"""The `altay` command line. Each subcommand lives in altay_cli/commands/ and is loaded lazily."""

from __future__ import annotations

import importlib

import click

from . import __version__

# name -> (module, attribute, one-line help shown by `altay --help`)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "demo": ("altay_cli.commands.demo", "demo", "One game between in-process players; print the result."),
    "bench": ("altay_cli.commands.bench", "bench", "Measure the engine's and the referee's speed."),
    "match": ("altay_cli.commands.match", "match", "One game between bot programs (any language), refereed."),
    "check-bot": ("altay_cli.commands.check_bot", "check_bot", "Check that a bot follows the protocol."),
    "play": ("altay_cli.commands.play", "play", "Play by hand in the terminal, or pipe commands in."),
    "replay": ("altay_cli.commands.replay", "replay", "Check a game log step by step; show a game."),
    "view": ("altay_cli.commands.view", "view", "A game log as a web page that replays it step by step."),
    "arena": ("altay_cli.commands.arena", "arena", "Round-robin ladder between bots: ratings, resumable."),
    "sprt": (
        "altay_cli.commands.sprt",
        "sprt",
        "Is NEW stronger than BASE? Paired games until an SPRT decides.",
    ),
    "serve": (
        "altay_cli.commands.serve",
        "serve",
        "A live web server over arenas, SPRT runs and logs (needs altay[web]).",
    ),
    "keygen": ("altay_cli.commands.keygen", "keygen", "Make a key pair to sign game logs."),
    "schema": ("altay_cli.commands.schema", "schema", "The protocol's JSON Schema for a game."),
    "rules": (
        "altay_cli.commands.rules",
        "rules",
        "A game's rules reference: board, cards, scoring, rulings.",
    ),
}


class LazyGroup(click.Group):
    """Import a subcommand's module only when it runs, so `altay --help` starts fast."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module, attr, _ = COMMANDS[name]
        return getattr(importlib.import_module(module), attr)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][2]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="altay")
def main() -> None:
    """Engine and referee for bots playing board games: Altay: Dawn of Civilization (2-4
    players) first; every command takes --game NAME.

    \b
    Try:
      altay demo --players 4            a whole game between random players
      altay match random greedy         two bots as real subprocesses
      altay play --players 2 --seat 1=greedy   play in the terminal against a bot
      altay replay game.jsonl           check a game log step by step
      altay arena a=random b=greedy --players 2 --games 20

    Every command has --help. Exit codes: 0 success, 1 a failed check or game,
    2 bad usage or input.
    """
