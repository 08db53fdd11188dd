"""Bot commands: one record (`BotCommand`: a name, the command line as given, the argv it runs),
parsed, named and checked once, with the built-in aliases and friendly errors."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

import bots as _bots_package

BOTS_DIR = Path(_bots_package.__file__).resolve().parent

#: Built-in bots: alias -> (interpreter or None for sys.executable, script in bots/).
BUILTIN_BOTS: dict[str, tuple[str | None, str]] = {
    "random": (None, "random_bot.py"),
    "greedy": (None, "greedy_bot.py"),
    "search": (None, "search_bot.py"),
    "node-random": ("node", "starters/javascript/random_bot.js"),
}
_SCRIPT_SUFFIXES = (".py", ".js", ".mjs", ".cjs", ".rb", ".pl", ".lua", ".sh", ".jar", ".php")
_EXAMPLES = "e.g. `python path/to/bot.py`, `node bot.js`, `./mybot`, or a built-in: " + ", ".join(
    BUILTIN_BOTS
)


class BotCommandError(ValueError):
    """A bot command that cannot work, with what would."""


@dataclass(frozen=True)
class BotCommand:
    """A bot to run: the name it plays under, its command line as given (a built-in alias such as
    "random", or a program line), and the argv that runs it (resolved and checked by `parse`).

    A record made by hand (`BotCommand("me", "python my_bot.py")`) is parsed when the bot is
    launched; `parse` does it at once, so a command line names its errors before a game starts.
    """

    name: str
    command: str
    argv: tuple[str, ...] = ()

    @classmethod
    def parse(cls, command: str, name: str | None = None, check: bool = True) -> BotCommand:
        """Resolve (and, with `check`, check) a command; the name defaults to one derived from it.
        Raises BotCommandError saying what is wrong and what would work."""
        argv = resolve_bot_command(command)
        if check:
            check_bot_command(argv)
        return cls(name if name is not None else default_name(command), command, tuple(argv))

    def resolved(self) -> BotCommand:
        """This record with its argv (parsed now when it was made by hand); BotCommandError."""
        if self.argv:
            return self
        return replace(self, argv=BotCommand.parse(self.command, self.name).argv)


_NAMED = re.compile(r"^([A-Za-z0-9_.@+-]+)=(.+)$", re.DOTALL)


def parse_bot_args(args: Iterable[str]) -> list[BotCommand]:
    """One BotCommand per seat from `NAME=CMD` or bare `CMD` arguments (the name then derived
    from the command), names made unique (`random-1`, `random-2`). A bare argument that is the
    NAME of an earlier `NAME=CMD` is that same bot again: one program playing both seats (which
    only cooperative games allow; `run_match` checks). BotCommandError names the bot."""
    pairs: list[tuple[str, str | None]] = []  # (name, command); None: the named bot again
    defined: set[str] = set()
    for arg in args:
        m = _NAMED.match(arg)
        if m:
            pairs.append((m.group(1), m.group(2)))
            defined.add(m.group(1))
        elif arg in defined:
            pairs.append((arg, None))
        else:
            pairs.append((default_name(arg), arg))
    seen: dict[str, int] = {}
    for name, command in pairs:
        if command is not None:
            seen[name] = seen.get(name, 0) + 1
    count: dict[str, int] = {}
    out: list[BotCommand] = []
    latest: dict[str, BotCommand] = {}  # the last bot defined under each name as written
    for seat, (name, command) in enumerate(pairs):
        if command is None:
            out.append(latest[name])
            continue
        unique = name
        if seen[name] > 1:
            count[name] = count.get(name, 0) + 1
            unique = f"{name}-{count[name]}"
        try:
            latest[name] = BotCommand.parse(command, unique)
        except BotCommandError as exc:
            raise BotCommandError(f"bot {seat} ({unique}): {exc}") from None
        out.append(latest[name])
    return out


def default_name(command: str) -> str:
    """A short name for a command: the alias, the script's stem, or the program's name."""
    try:
        argv = shlex.split(command)
    except ValueError:
        return command[:20]
    if not argv:
        return "bot"
    if argv[0] in BUILTIN_BOTS:
        return argv[0]
    for arg in argv[1:]:
        if not arg.startswith("-") and "." in Path(arg).name:
            return Path(arg).stem
    return Path(argv[0]).stem or argv[0]


def resolve_bot_command(command: str) -> list[str]:
    """The argv for a bot command.

    A built-in alias ("random", "greedy", "node-random"), optionally followed by arguments
    (e.g. "random 7" seeds the random bot), runs the bundled bot; anything else is split like a
    shell would (shlex), without a shell.
    """
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise BotCommandError(f"cannot split the bot command {command!r}: {exc}") from exc
    if not argv:
        raise BotCommandError(f"the bot command is empty; give a program to run, {_EXAMPLES}")
    if argv[0] in BUILTIN_BOTS:
        interpreter, script = BUILTIN_BOTS[argv[0]]
        return [interpreter or sys.executable, str(BOTS_DIR / script), *argv[1:]]
    return argv


def check_bot_command(argv: list[str]) -> None:
    """Raise BotCommandError naming what is missing when the command cannot possibly start."""
    exe = argv[0]
    if os.sep in exe or (os.altsep and os.altsep in exe):
        path = Path(exe)
        if not path.exists():
            raise BotCommandError(f"no such file {exe!r} (looked in {Path.cwd()}); {_EXAMPLES}")
        if path.is_dir():
            raise BotCommandError(f"{exe!r} is a directory, not a program; {_EXAMPLES}")
        if not os.access(path, os.X_OK):
            hint = _interpreter_hint(exe)
            raise BotCommandError(f"{exe!r} is not executable: run `chmod +x {exe}`{hint}")
        return
    if shutil.which(exe) is None:
        if Path(exe).is_file():
            hint = _interpreter_hint(exe)
            raise BotCommandError(f"{exe!r} is a file here but not a command: write `./{exe}`{hint}")
        raise BotCommandError(f"no program {exe!r} on the PATH; {_EXAMPLES}")
    for arg in argv[1:]:
        if arg.startswith("-"):
            continue
        if arg.endswith(_SCRIPT_SUFFIXES) and not Path(arg).exists():
            raise BotCommandError(f"no such file {arg!r} (looked in {Path.cwd()}); {_EXAMPLES}")
        break  # only the first argument is taken for a script path


def _interpreter_hint(exe: str) -> str:
    if exe.endswith(".py"):
        return f", or give the interpreter: `python {exe}`"
    if exe.endswith((".js", ".mjs", ".cjs")):
        return f", or give the interpreter: `node {exe}`"
    return ""
