"""Click options shared by the commands that referee bots (`match`, `arena`), defined once so
their names, defaults and help stay the same everywhere."""

from __future__ import annotations

import functools
import math
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from altay_cli.seeds import guessable_seed_warning as guessable_seed_warning
from altay_cli.seeds import secret_seed as secret_seed
from altay_cli.seeds import seed_source as seed_source

from ..engine import DEFAULT_GAME, ConfigError, Game, GameOption, OptionKind, game_names, load_game
from ..referee.types import ON_FAILURE_POLICIES

if TYPE_CHECKING:
    from ..referee.sandbox import Isolation, SandboxPolicy

F = TypeVar("F", bound=Callable)
#: The longest time any clock option may name: one day (a typo of ten zeros is an error).
MAX_MS = 86_400_000

_ASCII_INT = re.compile(r"[+-]?[0-9]+")
_ASCII_FLOAT = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?")


class Integer(click.IntRange):
    """An integer in [low, high] written in ASCII digits: click's own int takes any Unicode
    digit (`--seed ٣` was 3), underscores and spaces; a config file's TOML integer is taken
    as it is, a TOML float or boolean is not."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            if not _ASCII_INT.fullmatch(value):
                self.fail(f"{_shown(value)} is not a whole number (ASCII digits 0-9)", param, ctx)
            if len(value) > 100:
                self.fail(f"{_shown(value)} has too many digits", param, ctx)
        elif isinstance(value, bool) or not isinstance(value, int):
            self.fail(f"{_shown(value)} is not a whole number", param, ctx)
        return super().convert(value, param, ctx)


class Number(click.FloatRange):
    """A finite number in its range, written in ASCII (digits, a point, an exponent): no
    `inf`, `nan`, `1_0` or Unicode digits."""

    name = "number"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            if not _ASCII_FLOAT.fullmatch(value):
                self.fail(f"{_shown(value)} is not a number (ASCII digits, e.g. 0.5 or 2e-3)", param, ctx)
            if len(value) > 100:
                self.fail(f"{_shown(value)} has too many digits", param, ctx)
        elif isinstance(value, bool) or not isinstance(value, (int, float)):
            self.fail(f"{_shown(value)} is not a number", param, ctx)
        number = float(value)
        if not math.isfinite(number):
            self.fail(f"{_shown(value)} is not a finite number", param, ctx)
        if number == 0 and isinstance(value, str) and re.search(r"[1-9]", re.split("[eE]", value)[0]):
            self.fail(f"{_shown(value)} is too small to tell from 0", param, ctx)  # 1e-400 is not 0
        return super().convert(number, param, ctx)


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


#: The fewest cores a quota may give: the kernel's smallest CPU quota is 1 ms per 100 ms period.
MIN_CPUS = 0.01


def machine_cpus() -> int:
    """The CPUs this process may run on (the ceiling of --bot-cpus)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class Cores(Number):
    """--bot-cpus: 0 (no quota), or from 0.01 of a core up to the CPUs of this machine (a
    quota of 1e-300 cores was accepted and made a game of 15 decisions last 5 s)."""

    def __init__(self) -> None:
        super().__init__(0, machine_cpus())

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if 0 < number < MIN_CPUS:
            self.fail(
                f"{number:g} is below the smallest CPU quota, {MIN_CPUS} of a core; give 0 for no quota",
                param,
                ctx,
            )
        return number


class ExistingPath(click.Path):
    """A path that must exist now (click 8.5's Path(exists=True) does not check the values of
    an option given several times)."""

    def __init__(self) -> None:
        super().__init__(exists=True)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not isinstance(value, (str, os.PathLike)):
            self.fail(f"{_shown(value)} is not a path", param, ctx)
        text = os.fspath(value)
        try:
            os.stat(text)
        except (OSError, ValueError) as exc:
            reason = getattr(exc, "strerror", None) or "not a usable path"
            self.fail(f"{text}: {reason}", param, ctx)
        return super().convert(value, param, ctx)


class WritableDir(click.Path):
    """A folder to write into: it is a writable directory, or it can be created (never a
    regular file, a device such as /dev/zero, or a FIFO)."""

    def __init__(self) -> None:
        super().__init__(file_okay=False, path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from ..userfiles import missing_or_unusable_dir

        if not isinstance(value, (str, os.PathLike)):
            self.fail(f"{_shown(value)} is not a path", param, ctx)
        problem = missing_or_unusable_dir(value)
        if problem:
            self.fail(problem, param, ctx)
        return super().convert(value, param, ctx)


class EnvEntry(click.ParamType):
    """--bot-env NAME or NAME=VALUE: an ASCII variable name, a value without NUL bytes."""

    name = "NAME[=VALUE]"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not isinstance(value, str):
            self.fail(f"{_shown(value)} is not NAME or NAME=VALUE", param, ctx)
        name, _, rest = value.partition("=")
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            self.fail(
                f"{_shown(value)}: give NAME=VALUE or NAME (ASCII letters, digits and _, not a digit first)",
                param,
                ctx,
            )
        if "\0" in rest:
            self.fail(f"{_shown(value)}: a value cannot hold a NUL byte", param, ctx)
        return value


#: Seats at a table: every registered game's range lies within it (each command checks the
#: chosen game's own range).
PLAYERS = Integer(1, 16)


GAME_KEY = "altay_game_options"


def _all_options() -> dict[str, tuple[GameOption, list[str]]]:
    """Every registered game's options by field: (the option, the games that have it)."""
    found: dict[str, tuple[GameOption, list[str]]] = {}
    for name in game_names():
        for option in load_game(name).options:
            if option.field in found:
                found[option.field][1].append(name)
            else:
                found[option.field] = (option, [name])
    return found


def _option_help(field: str, games: list[str], quick: bool) -> str:
    """An option's help, with its default; said game by game when the games that share the
    option give it another meaning or default (Innovation's and Mammothodus's --max-turns)."""

    def said(option: GameOption, game: Game) -> tuple[str, Any]:
        default = option.default
        if quick and game.checkbot.quick_game_options.get(field) is not None:
            default = f"{game.checkbot.quick_game_options[field]} here, a short test game"
        return option.help, default

    texts = []
    for name in games:
        game = load_game(name)
        option = next(o for o in game.options if o.field == field)
        texts.append((game.kind.title, *said(option, game)))
    owner = "" if games == game_names() else f" [{', '.join(games)}]"
    if len({(help_text, default) for _, help_text, default in texts}) == 1:
        _, help_text, default = texts[0]
        shown = f" (default: {default})" if default not in (None, False) else ""
        return help_text[:1].upper() + help_text[1:] + shown + owner
    parts = [
        f"{title}: {help_text}" + (f" (default: {default})" if default not in (None, False) else "")
        for title, help_text, default in texts
    ]
    return "; ".join(parts) + owner


def _click_type(option: GameOption) -> Any:
    if option.kind == OptionKind.FILE:  # the game reads it (and says what is wrong with it)
        return click.Path(dir_okay=True, path_type=str)
    if option.kind == OptionKind.INT:
        return Integer(1, 1_000_000)
    if option.kind == OptionKind.CHOICE:
        return click.Choice(option.choices, case_sensitive=False)
    return str


def _store(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    if value is not None and ctx.get_parameter_source(param.name or "") != click.core.ParameterSource.DEFAULT:
        if isinstance(param.type, click.Path) and "\0" not in value:
            value = os.path.abspath(value)  # a file option: stored with an arena, read by its workers
        ctx.meta.setdefault(GAME_KEY, {})[param.name] = value
    return value


def game_options(
    func: F | None = None,
    *,
    arena: bool = False,
    quick: bool = False,
    files_only: bool = False,
    game_help: str | None = None,
) -> Any:
    """--game NAME and every registered game's own options (each checked against the game chosen).

    The command reads them with `chosen_game()`; their values are not passed as arguments.
    `arena=True` leaves out what the arena's deals set. `quick=True`: the command plays short
    test games (`Game.checkbot.quick_game_options`), and the help shows those defaults. `files_only`:
    only the options that name a file (a game's components, such as Mammothodus's --data), for a
    command that describes a game without playing one (`game_help`: what --game says)."""
    if func is None:
        return lambda f: game_options(f, arena=arena, quick=quick, files_only=files_only, game_help=game_help)
    for field, (option, games) in reversed(list(_all_options().items())):
        if arena and option.dealt:
            continue
        if files_only and option.kind != OptionKind.FILE:
            continue
        help_text = _option_help(field, games, quick)
        if option.kind == OptionKind.FLAG:
            decorator = click.option(
                option.flag,
                field,
                is_flag=True,
                default=None,
                help=help_text,
                callback=_store,
                expose_value=False,
            )
        else:
            metavar = option.metavar or ("|".join(option.choices) if option.choices else None)
            decorator = click.option(
                option.flag,
                field,
                type=_click_type(option),
                default=None,
                metavar=metavar,
                help=help_text,
                callback=_store,
                expose_value=False,
            )
        func = decorator(func)
    return click.option(
        "--game",
        "game_name",
        type=click.Choice(game_names(), case_sensitive=False),
        default=DEFAULT_GAME,
        show_default=True,
        help=game_help
        or "The game to play; its own options follow (each marked with its game when not every "
        "game has it), and protocol/PROTOCOL.md links each game's guide for bot authors.",
        callback=lambda ctx, param, value: ctx.meta.__setitem__("altay_game", value.lower()) or value,
        expose_value=False,
        is_eager=True,
    )(func)


def game_name_option(help_text: str) -> Callable[[F], F]:
    """--game NAME alone (as `game_name`), for commands that take no game options."""
    return click.option(
        "--game",
        "game_name",
        type=click.Choice(game_names(), case_sensitive=False),
        default=DEFAULT_GAME,
        show_default=True,
        help=help_text,
    )


def chosen_game() -> tuple[Game, dict[str, Any]]:
    """The game named by --game and the game options given on the command line; a usage error
    names an option the game does not have."""
    ctx = click.get_current_context()
    game = load_game(ctx.meta.get("altay_game", DEFAULT_GAME))
    given = dict(ctx.meta.get(GAME_KEY, {}))
    own = {o.field for o in game.options}
    for field in given:
        if field not in own:
            flag = "--" + field.replace("_", "-")
            raise click.UsageError(f"{flag} is not an option of {game.kind.name}")
    return game, given


def player_range(game: Game, options: dict[str, Any]) -> tuple[int, int]:
    """The game's player range with these options, or a usage error saying what is wrong with
    them (a data file that cannot be read)."""
    try:
        return game.deals.player_range(options)
    except ConfigError as exc:
        raise click.UsageError(str(exc)) from None


def make_config(game: Game, players: int, seed: int, options: dict[str, Any]) -> Any:
    """The game's configuration, or a usage error saying what is wrong with the options."""
    try:
        return game.make_config(players, seed, options)
    except ConfigError as exc:
        raise click.UsageError(str(exc)) from None


def clock_and_failure_options(func: F) -> F:
    """--move-ms, --bank-ms, --increment-ms, --clock, --startup-ms, --on-failure, --retries."""
    for option in reversed(
        [
            click.option(
                "--move-ms",
                type=Integer(1, MAX_MS),
                default=1000,
                show_default=True,
                help="Time per decision.",
            ),
            click.option(
                "--bank-ms",
                type=Integer(0, MAX_MS),
                default=0,
                show_default=True,
                help="Time bank per game that absorbs overruns of the move limit.",
            ),
            click.option(
                "--increment-ms",
                type=Integer(0, MAX_MS),
                default=0,
                show_default=True,
                help="Added to the bank after each decision.",
            ),
            _clock_option(),
            click.option(
                "--startup-ms",
                type=Integer(1, MAX_MS),
                default=10000,
                show_default=True,
                help="Budget for start-up and handshake per bot (not charged to the clock).",
            ),
            click.option(
                "--on-failure",
                type=click.Choice(ON_FAILURE_POLICIES),
                default="lose",
                show_default=True,
                help="lose: the bot forfeits; default: its first legal action is played; retry: ask again.",
            ),
            click.option(
                "--retries",
                type=Integer(0, 1000),
                default=1,
                show_default=True,
                help="Extra tries with --on-failure retry (within the same clock).",
            ),
        ]
    ):
        func = option(func)
    return func


def _clock_option() -> Callable[[F], F]:
    """--clock wall|cpu, given to the command as a records.ClockKind."""
    from altay_cli.records import ClockKind

    from ..referee.clock import CPU_CLOCK_WALL_CEILING

    return click.option(
        "--clock",
        type=click.Choice([str(k) for k in ClockKind]),
        default=str(ClockKind.WALL),
        show_default=True,
        callback=lambda ctx, param, value: ClockKind(value),
        help="What the clock charges: wall time, or each bot's CPU time (all its processes, read "
        "from its cgroup; for shared machines) with a wall-time ceiling of "
        f"{CPU_CLOCK_WALL_CEILING}x the time allowed.",
    )


def check_clock(clock: str, policy: SandboxPolicy) -> None:
    """--clock cpu where this machine cannot read each bot's CPU time is exit 2, one sentence."""
    from ..referee.clock import cpu_clock_problem

    problem = cpu_clock_problem(policy) if clock == "cpu" else None
    if problem is not None:
        raise click.UsageError(problem)


def sandbox_options(func: F) -> F:
    """--sandbox and the --bot-* limits, collected into one `sandbox: SandboxPolicy` argument."""
    from ..referee.sandbox import SANDBOX_MODES, SandboxPolicy

    defaults = SandboxPolicy()

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        policy = SandboxPolicy(
            mode=kwargs.pop("sandbox_mode"),
            memory_mb=kwargs.pop("bot_memory"),
            processes=kwargs.pop("bot_processes"),
            cpus=kwargs.pop("bot_cpus"),
            cpu_time_s=kwargs.pop("bot_cpu_time"),
            file_size_mb=kwargs.pop("bot_file_size"),
            scratch_mb=kwargs.pop("bot_scratch"),
            network=kwargs.pop("bot_network"),
            env=tuple(kwargs.pop("bot_env")),
            read_only=tuple(str(Path(p).absolute()) for p in kwargs.pop("bot_ro")),
        )
        try:
            policy.validate()
        except ValueError as exc:
            raise click.UsageError(str(exc)) from None
        return func(*args, sandbox=policy, **kwargs)

    big = 1_000_000
    options = [
        click.option(
            "--sandbox",
            "sandbox_mode",
            type=click.Choice(SANDBOX_MODES),
            default=defaults.mode,
            show_default=True,
            help="Run each bot in a sandbox (Linux, bubblewrap): its own processes only, no network, "
            "read-only files but a private /tmp, limits. auto: wherever it works; on: refuse to run "
            "without it; off: run bots directly as you.",
        ),
        click.option(
            "--bot-memory",
            type=Integer(0, big),
            default=defaults.memory_mb,
            show_default=True,
            metavar="MIB",
            help="Memory for all of a bot's processes together (0: no limit).",
        ),
        click.option(
            "--bot-processes",
            type=Integer(0, 100_000),
            default=defaults.processes,
            show_default=True,
            metavar="N",
            help="Processes and threads a bot may run at once (0: no limit).",
        ),
        click.option(
            "--bot-cpus",
            type=Cores(),
            default=defaults.cpus,
            show_default=True,
            metavar="CORES",
            help="CPU cores a bot may use at once, helpers included (cgroups; 0: no limit; from 0.01 "
            "to the CPUs of this machine).",
        ),
        click.option(
            "--bot-cpu-time",
            type=Integer(0, 7 * 86_400),
            default=defaults.cpu_time_s,
            show_default=True,
            metavar="SECONDS",
            help="CPU time per bot process over the whole game (0: no limit; at most a week).",
        ),
        click.option(
            "--bot-file-size",
            type=Integer(0, big),
            default=defaults.file_size_mb,
            show_default=True,
            metavar="MIB",
            help="Largest file a bot may write (0: no limit).",
        ),
        click.option(
            "--bot-scratch",
            type=Integer(1, big),
            default=defaults.scratch_mb,
            show_default=True,
            metavar="MIB",
            help="Size of the bot's private /tmp (also its HOME) and of its /dev/shm, removed after "
            "the game; everything else it sees is read-only.",
        ),
        click.option("--bot-network", is_flag=True, help="Let bots use the network (off by default)."),
        click.option(
            "--bot-env",
            multiple=True,
            type=EnvEntry(),
            metavar="NAME[=VALUE]",
            help="Pass this variable to every bot (repeatable; the environment is otherwise clean).",
        ),
        click.option(
            "--bot-ro",
            multiple=True,
            type=ExistingPath(),
            metavar="PATH",
            help="Let bots read this file or directory too (repeatable): what they see is yours to "
            "decide, never their files'. Not /, a home directory or a parent of this directory. "
            "Pass an interpreter's prefix here when a bot's Python or Node lies elsewhere "
            "(pyenv, nvm): the referee says which.",
        ),
    ]
    for option in reversed(options):
        wrapper = option(wrapper)
    return wrapper  # type: ignore[return-value]


def check_isolation(policy: SandboxPolicy, quiet: bool = False) -> Isolation:
    """What `policy` gives here; --sandbox on without a sandbox is exit 2. Says so when bots run
    unsandboxed (on stderr, so --json output stays clean)."""
    from ..referee.sandbox import SandboxUnavailable, isolation_for

    try:
        isolation = isolation_for(policy)
    except SandboxUnavailable as exc:
        raise click.UsageError(str(exc)) from None
    if not isolation.sandboxed and not quiet:
        click.echo(f"warning: {isolation.describe()}", err=True)
    return isolation


def check_bot_visible(name: str, argv: Sequence[str], policy: SandboxPolicy) -> None:
    """Exit 2, before any game, when the sandbox would refuse to start this bot: what it needs
    lies outside what bots may see (the sentence says what to pass), or its command shows too
    much. The same refusal is a `start_failed` for a bot launched later (an arena's worker)."""
    from ..referee.sandbox import refusal

    why = refusal(list(argv), policy)
    if why is not None:
        raise click.UsageError(f"bot {name}: {why}")


MAX_SEED = (1 << 63) - 1
SEED_WARNING = "Anyone who knows a game's seed knows every hidden card of it."


def seed_option(func: F) -> F:
    """--seed: for reproducibility; by default a secret one from the operating system."""
    return click.option(
        "--seed",
        type=Integer(0, MAX_SEED),
        default=None,
        metavar="N",
        help="Game seed, to reproduce a game. Default: a secret one drawn from the operating system's "
        f"randomness, shown only after the game. {SEED_WARNING}",
    )(func)


def sign_key_option(func: F) -> F:
    """--sign-key FILE, loaded and checked before anything starts: a `signer` argument."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        path = kwargs.pop("sign_key")
        signer = None
        if path is not None:
            from ..logsign import KeyFileError, load_signer

            try:
                signer = load_signer(path)
            except KeyFileError as exc:
                raise click.BadParameter(str(exc), param_hint="--sign-key") from None
        return func(*args, signer=signer, **kwargs)

    return click.option(
        "--sign-key",
        metavar="FILE",
        type=click.Path(dir_okay=False),
        default=None,
        help="Sign the game log with this Ed25519 private key (make one with `altay keygen`); "
        "check it with `altay replay LOG --public-key FILE.pub`.",
    )(wrapper)  # type: ignore[return-value]


def log_path_option(func: F) -> F:
    """--log FILE, checked for writability before any bot starts."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        check_writable(kwargs.get("log_path"), "--log")
        return func(*args, **kwargs)

    return click.option(
        "--log", "log_path", type=click.Path(dir_okay=False), help="Write the game log (JSON Lines) here."
    )(wrapper)  # type: ignore[return-value]


def check_writable(path: str | None, hint: str) -> None:
    """A usage error now (exit 2), not a failure mid-game, for a file that cannot be written."""
    if path is None:
        return
    import stat

    p = Path(path)
    if "\0" in str(path):
        raise click.BadParameter(f"{path!r} holds a NUL byte", param_hint=hint)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        try:  # the log's folders are created as needed (as the writer will do)
            p.parent.mkdir(parents=True, exist_ok=True)
            with open(p, "ab"):
                pass
            p.unlink()
        except OSError as exc:
            where = exc.filename or p.parent
            raise click.BadParameter(
                f"{path} cannot be created: {where}: {exc.strerror}", param_hint=hint
            ) from None
        return
    except OSError as exc:
        raise click.BadParameter(f"{path}: {exc.strerror}", param_hint=hint) from None
    if stat.S_ISDIR(st.st_mode):
        raise click.BadParameter(f"{path} is a directory; give a file name", param_hint=hint)
    if not stat.S_ISREG(st.st_mode):
        raise click.BadParameter(f"{path} is not a regular file (a device or FIFO)", param_hint=hint)
    try:  # the only sure test: open it for writing (appending, so nothing is lost)
        with open(p, "ab"):
            pass
    except OSError as exc:
        raise click.BadParameter(f"{path} cannot be written: {exc.strerror}", param_hint=hint) from None


def public_key_hex(path: str | None) -> str | None:
    """The raw public key of --public-key FILE (None without one); a bad file is exit 2."""
    if path is None:
        return None
    from ..logsign import KeyFileError, load_public_key

    try:
        return load_public_key(path)
    except KeyFileError as exc:
        raise click.BadParameter(str(exc), param_hint="--public-key") from None
