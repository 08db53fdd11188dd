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
bot's table. The file is read with the standard library (`tomllib`).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import click

from arena.params import PER_BOT_FIELDS, MatchConditions

CONFIG_KEY = "altay_config"  # ctx.meta: {"bots": [(name, command)], "conditions": {name: {...}}}
NOT_IN_CONFIG = {"config", "resume", "help", "add", "set"}  # per-bot values go in [bots]
_DEFAULTS = MatchConditions()
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def field_name(text: str) -> str:
    """`move-ms` or `move_ms` -> `move_ms`."""
    return text.strip().replace("-", "_")


def coerce(field: str, value: Any, where: str) -> Any:
    """A per-bot value of the field's type (from TOML or from the text of `--set`)."""
    if field not in PER_BOT_FIELDS:
        allowed = ", ".join(f.replace("_", "-") for f in PER_BOT_FIELDS)
        raise click.UsageError(
            f"{where}: {field.replace('_', '-')} cannot be set per bot; these can: {allowed}"
        )
    default = getattr(_DEFAULTS, field)
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
        else:
            if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                raise ValueError
            number = int(value)
    except (TypeError, ValueError):
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
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise click.BadParameter(f"cannot read {path}: {exc.strerror or exc}", ctx, param) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise click.BadParameter(f"{path} is not valid TOML: {exc}", ctx, param) from None
    by_flag: dict[str, str] = {}
    for p in ctx.command.params:
        if isinstance(p, click.Option):
            for opt in p.opts:
                if opt.startswith("--"):
                    by_flag[field_name(opt[2:])] = p.name or ""
    defaults: dict[str, Any] = {}
    bots: list[tuple[str, str]] = []
    conditions: dict[str, dict[str, Any]] = {}
    for key, value in data.items():
        if key == "bots":
            bots, conditions = _config_bots(value, path)
            continue
        name = by_flag.get(field_name(key))
        if name is None or field_name(key) in NOT_IN_CONFIG:
            known = ", ".join(sorted(k.replace("_", "-") for k in by_flag if k not in NOT_IN_CONFIG))
            raise click.BadParameter(
                f"{path}: unknown setting {key!r}; the settings: {known}, [bots]", ctx, param
            )
        defaults[name] = value
    ctx.default_map = {**(ctx.default_map or {}), **defaults}
    ctx.meta[CONFIG_KEY] = {"bots": bots, "conditions": conditions}


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
