"""What `altay arena` and `altay sprt` share beyond the arena's options: a TOML description of the
run (`--config FILE`) and per-bot conditions (`--set NAME.FIELD=VALUE`).

A config file sets any of the command's options by their long name (`move-ms = 500`,
`players = 4`, `talents = true`) and lists the bots in a `[bots]` table, each a command or a
table with a `command` and the bot's own conditions:

    game = "altay"
    players = 2
    games = 50
    move-ms = 1000

    [bots]
    new = "python3 new_bot.py"
    old = { command = "python3 old_bot.py", move-ms = 2000, bot-memory = 2048 }

The command line overrides the file: an option typed there wins, bots given there replace the
file's list (their own conditions from the file still apply by name), and `--set` wins over a
bot's table. The file is read with the standard library (`tomllib`), after `userfiles` has
checked that it is a regular file of at most 1 MiB and a count that it nests at most
MAX_CONFIG_DEPTH deep; every setting is then checked as the option typed would check it.
"""

from __future__ import annotations

import difflib
import math
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import click

from arena.params import DEFAULT_FIELDS, PER_BOT_FIELDS

CONFIG_KEY = "altay_config"  # ctx.meta: {"bots": [(name, command)], "conditions": {name: {...}}}
NOT_IN_CONFIG = {"config", "resume", "help", "add", "set"}  # per-bot values go in [bots]
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def field_name(text: str) -> str:
    """`move-ms` or `move_ms` -> `move_ms`."""
    return text.strip().replace("-", "_")


def coerce(field: str, value: Any, where: str) -> Any:
    """A per-bot value of the field's type (from TOML or from the text of `--set`), checked as
    the command's own option of that name checks it (ASCII digits, the same range)."""
    if field not in PER_BOT_FIELDS:
        allowed = ", ".join(f.replace("_", "-") for f in PER_BOT_FIELDS)
        raise click.UsageError(
            f"{where}: {field.replace('_', '-')} cannot be set per bot; these can: {allowed}"
        )
    ctx = click.get_current_context(silent=True)
    param = _param(ctx, field) if ctx is not None else None
    if param is not None and not isinstance(param.type, click.types.BoolParamType):  # flags: below
        try:
            return param.type.convert(value, param, ctx)
        except click.BadParameter as exc:
            raise click.UsageError(f"{where}: {field.replace('_', '-')}: {exc.message}") from None
    return _coerce_plain(field, value, where)


def _param(ctx: click.Context, name: str) -> click.Parameter | None:
    return next((p for p in ctx.command.params if p.name == name), None)


def _coerce_plain(field: str, value: Any, where: str) -> Any:
    """A per-bot value outside a command (no option to check it against): its type and >= 0."""
    default = DEFAULT_FIELDS[field]
    text = value.strip().lower() if isinstance(value, str) else None
    try:
        if isinstance(default, bool):
            if isinstance(value, bool):
                return value
            if text in _TRUE | _FALSE:
                return text in _TRUE
            raise ValueError
        if isinstance(default, float):
            number = float(value)
            if not math.isfinite(number) or (isinstance(value, str) and not value.strip().isascii()):
                raise ValueError
        else:
            if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                raise ValueError
            if isinstance(value, str) and not value.strip().isascii():
                raise ValueError
            number = int(value)
    except (TypeError, ValueError, OverflowError):
        kind = "true or false" if isinstance(default, bool) else "a number"
        raise click.UsageError(f"{where}: {field.replace('_', '-')} must be {kind}, not {value!r}") from None
    if number < 0:
        raise click.UsageError(f"{where}: {field.replace('_', '-')} must be >= 0, not {value!r}")
    return number


def parse_sets(values: Iterable[str]) -> dict[str, dict[str, Any]]:
    """`--set NAME.FIELD=VALUE`s -> {bot name: {field: value}}."""
    out: dict[str, dict[str, Any]] = {}
    for item in values:
        target, eq, value = item.partition("=")
        name, dot, field = target.rpartition(".")
        if not eq or not dot or not name or not field:
            raise click.UsageError(f"--set {item!r}: write NAME.FIELD=VALUE, e.g. --set new.move-ms=2000")
        out.setdefault(name.strip(), {})[field_name(field)] = coerce(
            field_name(field), value, f"--set {item}"
        )
    return out


def config_option(func: Any) -> Any:
    """`--config FILE`: read first (eager), so its values become the options' defaults."""
    return click.option(
        "--config",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        is_eager=True,
        expose_value=False,
        callback=_load_config,
        metavar="FILE",
        help="Read the options and the bots from a TOML file; the command line overrides it.",
    )(func)


def _load_config(ctx: click.Context, param: click.Parameter, path: Path | None) -> None:
    if path is None:
        return
    data = read_config(path, ctx, param)
    by_flag: dict[str, click.Option] = {}
    for p in ctx.command.params:
        if isinstance(p, click.Option):
            for opt in p.opts:
                if opt.startswith("--"):
                    by_flag[field_name(opt[2:])] = p
    defaults: dict[str, Any] = {}
    bots: list[tuple[str, str]] = []
    conditions: dict[str, dict[str, Any]] = {}
    for key, value in data.items():
        if key == "bots":
            bots, conditions = _config_bots(value, path)
            continue
        option = by_flag.get(field_name(key))
        if option is None or field_name(key) in NOT_IN_CONFIG:
            known = sorted(k.replace("_", "-") for k in by_flag if k not in NOT_IN_CONFIG)
            close = difflib.get_close_matches(str(key).replace("_", "-"), known, n=3, cutoff=0.75)
            hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
            command = ctx.command_path.removesuffix(" run")  # `altay arena` runs its `run`
            raise click.BadParameter(
                f"{path}: unknown setting {key!r}{hint}; a setting is a long option of "
                f"`{command} --help` without its dashes (move-ms = 500), or the [bots] table",
                ctx,
                param,
            )
        defaults[option.name or ""] = _setting(option, key, value, path, ctx, param)
    ctx.default_map = {**(ctx.default_map or {}), **defaults}
    ctx.meta[CONFIG_KEY] = {"bots": bots, "conditions": conditions}


def read_config(path: Path, ctx: click.Context, param: click.Parameter) -> dict[str, Any]:
    """The TOML file `path`, read with a bound on its size and its nesting; a usage error (one
    sentence) for a file that is not one: a FIFO, a device, too large, too deep, not TOML."""
    from ..userfiles import MAX_CONFIG_BYTES, UserFileError, read_user_text

    try:
        text = read_user_text(path, "TOML config", MAX_CONFIG_BYTES)
    except UserFileError as exc:
        raise click.BadParameter(str(exc), ctx, param) from None
    if _nesting(text) > MAX_CONFIG_DEPTH:
        raise click.BadParameter(f"{path} nests arrays or tables too deeply to be a config", ctx, param)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise click.BadParameter(f"{path} is not valid TOML: {exc}", ctx, param) from None
    except RecursionError:  # a nesting the count above did not see (the parser recurses)
        raise click.BadParameter(f"{path} nests too deeply to be a config", ctx, param) from None
    problem = _shape_problem(data)
    if problem:
        raise click.BadParameter(f"{path}: {problem}", ctx, param)
    return data


#: The deepest a config nests: the file, [bots], a bot's table, a value (a list of paths at most);
#: also the most dots on one line outside strings (dotted keys, decimal points) plus one.
MAX_CONFIG_DEPTH = 8


def _nesting(text: str) -> int:
    """How deep the text can nest, counted in one pass before the recursive parser sees it: the
    deepest `[` and `{` outside strings and comments, or the most dots outside strings on one
    line (each part of a dotted key `a.b.c` is a table more; 100,000 nested arrays made tomllib
    end in a RecursionError, and a key of 100,000 parts kept it busy for hours)."""
    depth = deepest = dots = 0
    quote: str | None = None
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if quote is not None:
            if text.startswith(quote, i):
                i += len(quote)
                quote = None
                continue
            if c == "\\" and quote in ('"', '"""'):
                i += 2
                continue
        elif text.startswith(('"""', "'''"), i):
            quote = text[i : i + 3]
            i += 3
            continue
        elif c in "\"'":
            quote = c
        elif c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in "]}":
            depth = max(0, depth - 1)
        elif c == ".":
            dots += 1
            deepest = max(deepest, dots + 1)
        if c == "\n" and (quote is None or len(quote) == 1):
            dots = 0
        i += 1
    return deepest


def _shape_problem(data: Any) -> str | None:
    """What is wrong with the parsed file's shape: nesting beyond the config's, a NUL in a string."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_CONFIG_DEPTH:
            return "nested too deeply to be a config"
        if isinstance(value, Mapping):
            stack.extend((v, depth + 1) for v in value.values())
            if any("\0" in k for k in value):
                return "a key holds a NUL character"
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, str) and "\0" in value:
            return f"{value[:40]!r} holds a NUL character"
    return None


def _setting(
    option: click.Option, key: str, value: Any, path: Path, ctx: click.Context, param: click.Parameter
) -> Any:
    """A config file's value for `option`, checked now as the option would check it typed."""
    scalar = (str, int, float, bool)
    if option.multiple:
        ok = isinstance(value, list) and all(isinstance(v, scalar) for v in value)
        shape = 'a list, e.g. ["a", "b"]'
    else:
        ok = isinstance(value, scalar)
        shape = "a single value (a string, a number, true or false)"
    if option.is_flag and not option.multiple:
        ok = isinstance(value, bool)
        shape = "true or false"
    if not ok:
        raise click.BadParameter(f"{path}: {key} must be {shape}, not {value!r:.60}", ctx, param)
    textual = option.type is click.STRING or isinstance(option.type, click.Choice | click.Path)
    if textual and any(not isinstance(v, str) for v in (value if option.multiple else [value])):
        raise click.BadParameter(f"{path}: {key} must be text (in quotes), not {value!r:.60}", ctx, param)
    try:
        option.type_cast_value(ctx, value)
    except click.BadParameter as exc:
        raise click.BadParameter(f"{path}: {key}: {exc.message}", ctx, param) from None
    return value


def _config_bots(table: Any, path: Path) -> tuple[list[tuple[str, str]], dict[str, dict[str, Any]]]:
    if not isinstance(table, Mapping):
        raise click.UsageError(
            f"{path}: [bots] must be a table of name = command (or name = {{ command = ... }})"
        )
    bots: list[tuple[str, str]] = []
    conditions: dict[str, dict[str, Any]] = {}
    for name, entry in table.items():
        where = f"{path}, bot {name}"
        if isinstance(entry, str):
            bots.append((name, entry))
            continue
        if not isinstance(entry, Mapping) or not isinstance(entry.get("command"), str):
            raise click.UsageError(f'{where}: give a command, as a string or as command = "..." in a table')
        bots.append((name, entry["command"]))
        own = {field_name(k): coerce(field_name(k), v, where) for k, v in entry.items() if k != "command"}
        if own:
            conditions[name] = own
    return bots, conditions


def config_bots(ctx: click.Context) -> list[str]:
    """The config file's bots as `name=command` arguments (none without --config)."""
    return [f"{name}={command}" for name, command in ctx.meta.get(CONFIG_KEY, {}).get("bots", [])]


def bot_conditions(
    ctx: click.Context, sets: Iterable[str], names: Iterable[str]
) -> dict[str, dict[str, Any]]:
    """Each bot's own conditions: the config file's (for the bots of this run), then `--set` on
    top. `--set` for a name that is no bot of the run is an error (a typo would otherwise
    silently change nothing)."""
    names = list(names)
    from_file = ctx.meta.get(CONFIG_KEY, {}).get("conditions", {})
    merged = {k: dict(v) for k, v in from_file.items() if k in names}
    typed = parse_sets(sets)
    for name, values in typed.items():
        merged.setdefault(name, {}).update(values)
    unknown = sorted(set(typed) - set(names))
    if unknown:
        raise click.UsageError(
            f"--set: no bot named {', '.join(unknown)} in this run (the bots: {', '.join(names)})"
        )
    return merged
