"""Bot command lines: built-in aliases, splitting, and friendly checks before starting."""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path

import bots as _bots_package

BOTS_DIR = Path(_bots_package.__file__).resolve().parent

#: Built-in bots: alias -> (interpreter or None for sys.executable, script in bots/).
BUILTIN_BOTS: dict[str, tuple[str | None, str]] = {
    "random": (None, "random_bot.py"),
    "greedy": (None, "greedy_bot.py"),
    "node-random": ("node", "random_bot.js"),
}
_SCRIPT_SUFFIXES = (".py", ".js", ".mjs", ".cjs", ".rb", ".pl", ".lua", ".sh", ".jar", ".php")
_EXAMPLES = "e.g. `python path/to/bot.py`, `node bot.js`, `./mybot`, or a built-in: " + ", ".join(
    BUILTIN_BOTS
)


class BotCommandError(ValueError):
    """A bot command that cannot work, with what would."""


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
