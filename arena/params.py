"""The parameters of an arena: what is stored in its database and must match on --resume."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING, Any

from altay_cli.engine import DEFAULT_GAME
from altay_cli.records import ClockKind
from altay_cli.referee.types import MatchOptions

from .schedule import (
    SEATINGS,
    SEED_SCHEMES,
    TEAMS,
    ScheduledGame,
    build_pair_schedule,
    build_schedule,
    games_per_deal,
)

MAX_DEALS = 100_000
MAX_GAMES = 1_000_000

#: 2: keyed deal seeds and the sandbox conditions. Version 1 arenas are read as sequential
#: seeds with the default sandbox.
PARAMS_VERSION = 2

#: Match conditions that arenas made before a game's options were all its own stored with the
#: clocks (Altay's --max-rounds and --trading, in every game's arena): the compatibility shim
#: of `ArenaParams.from_dict` reads them as the game's options, where the game has them.
LEGACY_MATCH_OPTIONS = ("max_rounds", "trading")

if TYPE_CHECKING:
    from altay_cli.engine import Game
_NAME = re.compile(r"^[A-Za-z0-9_.+-]{1,40}$")


class ArenaUsageError(ValueError):
    """Bad arena parameters; the message says what would be right."""


#: The conditions one bot may have of its own (`--set NAME.FIELD=VALUE`, or a bot's table in
#: `--config`): its clock and its sandbox limits. The failure policy and the sandbox mode stay
#: the same for every bot.
PER_BOT_FIELDS = (
    "move_ms",
    "bank_ms",
    "increment_ms",
    "startup_ms",
    "bot_memory",
    "bot_processes",
    "bot_cpus",
    "bot_cpu_time",
    "bot_file_size",
    "bot_scratch",
    "bot_network",
)


@dataclass(frozen=True, slots=True)
class BotEntry:
    name: str
    command: str  # exactly as given: an alias ("random") or a command line
    stage: int = 0  # 0: in the arena from the start; k: added by the k-th `--resume --add`
    conditions: tuple[tuple[str, Any], ...] = ()  # this bot's own PER_BOT_FIELDS values

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BotEntry:
        return cls(
            name=data["name"],
            command=data["command"],
            stage=int(data.get("stage", 0)),
            conditions=tuple((str(k), v) for k, v in data.get("conditions", ())),
        )

    def conditions_over(self, match: MatchOptions) -> MatchOptions:
        """The match conditions with this bot's own values."""
        return with_match_fields(match, dict(self.conditions)) if self.conditions else match


#: Where each match condition an arena stores lives in the referee's `MatchOptions`: the names
#: are those of the command-line options, the stored parameters and `--set NAME.FIELD=VALUE`;
#: the sandbox's are fields of `MatchOptions.sandbox` (a `SandboxPolicy`). `no_timeout`,
#: `max_line_bytes` and `stderr_cap_bytes` keep the referee's defaults in every arena.
MATCH_FIELDS = ("move_ms", "bank_ms", "increment_ms", "startup_ms", "on_failure", "retries", "clock")
SANDBOX_FIELDS = {
    "sandbox": "mode",
    "bot_memory": "memory_mb",
    "bot_processes": "processes",
    "bot_cpus": "cpus",
    "bot_cpu_time": "cpu_time_s",
    "bot_file_size": "file_size_mb",
    "bot_scratch": "scratch_mb",
    "bot_network": "network",
    "bot_env": "env",
    "bot_ro": "read_only",
}


def match_fields(options: MatchOptions) -> dict[str, Any]:
    """The match conditions of `options` by their arena names, as plain data (what is stored)."""
    out: dict[str, Any] = {name: getattr(options, name) for name in MATCH_FIELDS}
    out["clock"] = str(options.clock)
    for name, field_ in SANDBOX_FIELDS.items():
        out[name] = getattr(options.sandbox, field_)
    return out


def with_match_fields(options: MatchOptions, fields: Mapping[str, Any]) -> MatchOptions:
    """`options` with the conditions `fields` names (arena names, e.g. `bot_memory`) replaced;
    other keys are ignored (stored parameters may hold keys older versions wrote)."""
    top = {k: v for k, v in fields.items() if k in MATCH_FIELDS}
    if "clock" in top:
        top["clock"] = ClockKind(top["clock"])
    sandbox = {SANDBOX_FIELDS[k]: v for k, v in fields.items() if k in SANDBOX_FIELDS}
    for key in ("env", "read_only"):
        if key in sandbox:
            sandbox[key] = tuple(sandbox[key])
    if sandbox:
        top["sandbox"] = replace(options.sandbox, **sandbox)
    return replace(options, **top) if top else options


def conditions_problem(options: MatchOptions) -> str | None:
    """What is wrong with the arena's conditions in `options` (wrong type or out of range), or
    None; in the words of the command-line options."""
    for name, value in match_fields(options).items():
        default = DEFAULT_FIELDS[name]
        if isinstance(default, bool):
            if not isinstance(value, bool):
                return f"{name.replace('_', '-')} must be true or false, not {value!r}"
        elif isinstance(default, int | float) and (
            isinstance(value, bool) or not isinstance(value, int | float) or value < 0
        ):
            return f"{name.replace('_', '-')} must be a number >= 0, not {value!r}"
        elif isinstance(default, int) and not isinstance(default, bool) and isinstance(value, float):
            return f"{name.replace('_', '-')} must be a whole number, not {value!r}"
    if options.move_ms < 1 or options.startup_ms < 1:
        return "move-ms and startup-ms must be at least 1"
    return None


def match_from_dict(data: Mapping[str, Any]) -> MatchOptions:
    """The stored match conditions (the keys `match_fields` writes) as the referee's record."""
    return with_match_fields(MatchOptions(), data)


#: The default of every condition, by its arena name (the type a per-bot value must have).
DEFAULT_FIELDS: Mapping[str, Any] = match_fields(MatchOptions())


@dataclass(frozen=True, slots=True)
class SprtSpec:
    """An SPRT instead of a round robin (`altay sprt`): bots[0] is NEW, bots[1] BASE, the others
    fill the remaining seats; `ArenaParams.games` is then the most pairs to play."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05
    model: str = "logistic"  # arena.sprt.EloModel

    def problems(self) -> list[str]:
        out = []
        if not self.elo0 < self.elo1:
            out.append(f"--elo0 must be below --elo1 (got {self.elo0:g} and {self.elo1:g})")
        for name in ("alpha", "beta"):
            if not 0 < getattr(self, name) < 0.5:
                out.append(f"--{name} must be between 0 and 0.5, not {getattr(self, name):g}")
        if self.model not in ("logistic", "normalized"):
            out.append(f"--model must be logistic or normalized, not {self.model}")
        return out


@dataclass(frozen=True, slots=True)
class ArenaParams:
    bots: tuple[BotEntry, ...]
    players: int
    games: int  # deals; see arena.schedule
    seed: int = 1  # the master seed; deal seeds are derived from it (see arena.schedule)
    seatings: str = "rotate"
    match: MatchOptions = field(default_factory=MatchOptions)
    seed_scheme: str = "keyed"
    game: str = DEFAULT_GAME
    game_options: dict[str, Any] = field(default_factory=dict)  # the game's own options
    teams: str = "mixed"  # cooperative games: mixed groups, each bot alone (self) or both
    sprt: SprtSpec | None = None  # an SPRT between bots[0] and bots[1] (games = most pairs)
    gauntlet: str | None = None  # a bot's name: only the groups it is in are played

    def rules(self) -> Game:
        """The game this arena plays; ArenaUsageError when this altay does not know it."""
        from altay_cli.engine import UnknownGame, load_game

        try:
            return load_game(self.game)
        except UnknownGame as exc:
            raise ArenaUsageError(str(exc)) from None

    def options_for(self, game: Game) -> dict[str, Any]:
        """The game options this arena sets (what its deals are made with): those given when
        it was made; the game's defaults hold for the others."""
        return dict(self.game_options)

    def effective_options(self, game: Game) -> dict[str, Any]:
        """Every game option the arena's games are played with, in the game's order: the
        game's defaults (but those the deals set, and those without one) under the arena's own."""
        defaults = {o.field: o.default for o in game.options if not o.dealt and o.default is not None}
        return {**defaults, **self.game_options}

    def validate(self) -> None:
        game = self.rules()
        try:
            low, high = game.deals.player_range(self.options_for(game))
        except ValueError as exc:  # ConfigError: the game's options are not valid
            raise ArenaUsageError(str(exc)) from None
        if not low <= self.players <= high:
            raise ArenaUsageError(
                f"--players must be {low} to {high} for {game.kind.name}, not {self.players}"
            )
        try:
            game.deals.deal(self.seed, self.players, self.options_for(game))
        except ValueError as exc:  # ConfigError: the game's options are not valid
            raise ArenaUsageError(str(exc)) from None
        if self.sprt is not None:
            self._validate_sprt(game)
        if self.teams not in TEAMS:
            raise ArenaUsageError(f"--teams must be one of {', '.join(TEAMS)}, not {self.teams}")
        if self.teams != "mixed" and not game.kind.cooperative:
            raise ArenaUsageError(
                f"--teams {self.teams} is for cooperative games, where a bot can be a whole team; "
                f"in {game.kind.name} every seat plays for itself"
            )
        if self.teams == "mixed" and len(self.bots) < self.players and game.kind.cooperative:
            raise ArenaUsageError(
                f"{self.players}-player games need at least {self.players} bots in mixed teams, "
                f"got {len(self.bots)}; add --teams self to let each bot play every seat"
            )
        if self.teams != "self" and len(self.bots) < self.players:
            raise ArenaUsageError(
                f"{self.players}-player games need at least {self.players} bots, "
                f"got {len(self.bots)}; e.g. altay arena a=random b=greedy --players 2 --games 4"
            )
        names = [b.name for b in self.bots]
        for name in names:
            if not _NAME.match(name):
                raise ArenaUsageError(
                    f"bot name {name!r} is not valid: use 1-40 letters, digits or _ . + - "
                    "(e.g. greedy2=greedy)"
                )
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:
            raise ArenaUsageError(
                f"bot names must be unique, {', '.join(dupes)} appears twice; name them apart, "
                "e.g. g1=greedy g2=greedy"
            )
        if self.gauntlet is not None and self.gauntlet not in names:
            raise ArenaUsageError(
                f"--gauntlet {self.gauntlet}: no bot of that name (the bots: {', '.join(names)})"
            )
        if self.gauntlet is not None and self.sprt is not None:
            raise ArenaUsageError("an SPRT already plays NEW against BASE only; --gauntlet is for arenas")
        for b in self.bots:
            for key, _value in b.conditions:
                if key not in PER_BOT_FIELDS:
                    raise ArenaUsageError(
                        f"bot {b.name}: {key.replace('_', '-')} cannot be set per bot; "
                        f"these can: {', '.join(f.replace('_', '-') for f in PER_BOT_FIELDS)}"
                    )
            problem = conditions_problem(b.conditions_over(self.match))
            if problem:
                raise ArenaUsageError(f"bot {b.name}: {problem}")
        if not 1 <= self.games <= MAX_DEALS:
            raise ArenaUsageError(f"--games must be 1 to {MAX_DEALS:,}, not {self.games}")
        per_deal = (
            2
            if self.sprt
            else games_per_deal(
                len(self.bots), self.players, self.seatings, self.teams, self.stages, self.gauntlet_index
            )
        )
        total = self.games * per_deal
        if total > MAX_GAMES:
            raise ArenaUsageError(
                f"this arena would have {total:,} games, over the {MAX_GAMES:,} one arena may hold; "
                "use fewer deals (--games) or bots"
            )
        if self.seatings not in SEATINGS:
            raise ArenaUsageError(f"--seatings must be one of {', '.join(SEATINGS)}")
        if self.seed_scheme not in SEED_SCHEMES:
            raise ArenaUsageError(f"seed scheme must be one of {', '.join(SEED_SCHEMES)}")
        if not 0 <= self.seed < 2**63:
            raise ArenaUsageError(f"--seed must be between 0 and 2**63 - 1, not {self.seed}")

    def _validate_sprt(self, game: Game) -> None:
        assert self.sprt is not None
        problems = self.sprt.problems()
        if game.kind.cooperative:
            problems.append(
                f"{game.kind.name} is cooperative: compare two bots as whole teams with "
                "altay arena NEW=... BASE=... --teams self instead"
            )
        if len(self.bots) != self.players:
            problems.append(
                f"{self.players}-player games need NEW, BASE and {self.players - 2} filler bot(s) "
                f"(--filler), got {len(self.bots) - 2} filler(s)"
            )
        if problems:
            raise ArenaUsageError("; ".join(problems))

    def schedule(self) -> list[ScheduledGame]:
        if self.sprt is not None:
            game = self.rules()
            return build_pair_schedule(
                self.players, self.games, self.seed, self.seed_scheme, game, self.options_for(game)
            )
        return build_schedule(
            len(self.bots),
            self.players,
            self.games,
            self.seed,
            self.seatings,
            self.seed_scheme,
            self.rules(),
            teams=self.teams,
            stages=self.stages,
            gauntlet=self.gauntlet_index,
            options=self.options_for(self.rules()),
        )

    @property
    def stages(self) -> list[int]:
        return [b.stage for b in self.bots]

    @property
    def gauntlet_index(self) -> int | None:
        names = [b.name for b in self.bots]
        return names.index(self.gauntlet) if self.gauntlet in names else None

    def with_added(self, bots: Sequence[BotEntry]) -> ArenaParams:
        """These parameters with `bots` added as the next stage (`--resume --add`)."""
        stage = max((b.stage for b in self.bots), default=0) + 1
        return replace(self, bots=self.bots + tuple(replace(b, stage=stage) for b in bots))

    def to_dict(self) -> dict[str, Any]:
        return {"version": PARAMS_VERSION, **asdict(self), "match": match_fields(self.match)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ArenaParams:
        """The stored parameters; ArenaUsageError when they are not what this altay can read."""
        version = data.get("version") if isinstance(data, dict) else None
        if version not in (1, PARAMS_VERSION):
            raise ArenaUsageError(
                f"this arena was written by another altay version (parameters v{version}, "
                f"this altay reads v1 and v{PARAMS_VERSION})"
            )
        try:
            game = data.get("game", "altay")  # arenas made before there were several games
            return cls(
                bots=tuple(BotEntry.from_dict(b) for b in data["bots"]),
                players=data["players"],
                games=data["games"],
                seed=data["seed"],
                seatings=data["seatings"],
                match=match_from_dict(data["match"]),
                seed_scheme=data.get("seed_scheme", "sequential" if version == 1 else "keyed"),
                game=game,
                game_options=_with_legacy_options(game, data["match"], dict(data.get("game_options", {}))),
                teams=data.get("teams", "mixed"),
                sprt=SprtSpec(**data["sprt"]) if data.get("sprt") else None,
                gauntlet=data.get("gauntlet"),
            )
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            raise ArenaUsageError(f"the stored arena parameters are damaged ({exc!r})") from None

    def with_games(self, games: int) -> ArenaParams:
        return replace(self, games=games)


def _with_legacy_options(game: str, match: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """The compatibility shim for stored parameters: the `LEGACY_MATCH_OPTIONS` an older arena
    kept in its match conditions, as the game's options (those the game has; the others were
    never used), under the options it kept as the game's."""
    moved = {k: match[k] for k in LEGACY_MATCH_OPTIONS if k in match}
    if not moved:
        return options
    from altay_cli.engine import UnknownGame, load_game

    try:
        own = {o.field for o in load_game(game).options}
    except UnknownGame:
        return options  # validate() says this altay does not know the game
    return {**{k: v for k, v in moved.items() if k in own}, **options}


def _option_differences(stored: ArenaParams, given: ArenaParams) -> list[str]:
    """The game options the two play with that differ (the game's defaults count: an option
    typed with its default value is no difference)."""
    try:
        game = stored.rules()
    except ArenaUsageError:
        a, b = stored.game_options, given.game_options
        return [] if a == b else [f"game options: stored {a}, given {b}"]
    a, b = stored.effective_options(game), given.effective_options(game)
    flags = {o.field: o.flag for o in game.options}
    keys = [*a, *(k for k in b if k not in a)]
    return [f"{flags.get(k, k)}: stored {a.get(k)}, given {b.get(k)}" for k in keys if a.get(k) != b.get(k)]


def differences(stored: ArenaParams, given: ArenaParams) -> list[str]:
    """Human-readable differences that forbid resuming `stored` with `given`.

    More deals (a larger --games) are allowed: game ids do not depend on the number of deals,
    so the games already played stay valid and the arena is extended.
    """
    out: list[str] = []
    kept = given.bots[: len(stored.bots)]
    added = given.bots[len(stored.bots) :]
    top = max((b.stage for b in stored.bots), default=0)
    if kept == stored.bots and added and all(b.stage == top + 1 for b in added):
        pass  # --add: new bots in a new stage; the games played stay valid
    elif stored.bots != given.bots:

        def fmt(bots: Sequence[BotEntry]) -> str:
            return " ".join(f"{b.name}={b.command}" for b in bots)

        out.append(f"bots: stored {fmt(stored.bots)!r}, given {fmt(given.bots)!r}")
    for key in ("game", "players", "seed", "seatings", "seed_scheme", "teams", "gauntlet"):
        a, b = getattr(stored, key), getattr(given, key)
        if a != b:
            out.append(f"--{key}: stored {a}, given {b}")
    if given.games < stored.games:
        out.append(f"--games: stored {stored.games}, given {given.games} (an arena can only grow)")
    if stored.sprt != given.sprt:
        out.append(f"SPRT: stored {stored.sprt}, given {given.sprt}")
    if stored.game == given.game:
        out += _option_differences(stored, given)
    sm, gm = match_fields(stored.match), match_fields(given.match)
    for key in sm:
        if sm[key] != gm[key]:
            out.append(f"--{key.replace('_', '-')}: stored {sm[key]}, given {gm[key]}")
    return out


def parse_bot(arg: str) -> BotEntry:
    """`name=command`, or a bare alias such as `random` (then the alias is the name too)."""
    name, sep, command = arg.partition("=")
    name, command = name.strip(), command.strip()
    if not sep:
        if " " in arg.strip() or "/" in arg:
            raise ArenaUsageError(
                f"bot {arg!r}: write it as name=command, e.g. mybot='python3 mybot.py' or g=greedy"
            )
        return BotEntry(arg.strip(), arg.strip())
    if not name or not command:
        raise ArenaUsageError(
            f"bot {arg!r}: write it as name=command with both parts, e.g. a=random or b='node bot.js'"
        )
    return BotEntry(name, command)
