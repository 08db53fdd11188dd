"""`altay bench`: speed figures you can rerun and compare."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
import orjson

from ..engine import Game, game_names, load_game
from .options import Integer, game_name_option


@click.group()
def bench() -> None:
    """Measure speed. Figures are per operation, so runs on different machines compare."""


SEED = Integer(0, (1 << 62))


@bench.command("engine")
@click.option(
    "--games",
    type=Integer(1, 100_000),
    default=20,
    show_default=True,
    help="Random 2-player games per round.",
)
@click.option(
    "--rounds", type=Integer(1, 1000), default=5, show_default=True, help="Rounds (for the spread)."
)
@click.option("--seed", type=SEED, default=1, show_default=True, help="First game seed.")
@game_name_option("The game whose engine to time.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def bench_engine_cmd(games: int, rounds: int, seed: int, game_name: str, as_json: bool) -> None:
    """Play random games in-process and time the engine, in CPU time.

    Reports, as the median and spread over --rounds rounds of the same games: the CPU per
    decision (legal-action listing plus applying one action) and decisions per second, the cost
    of clone, digest and observation, and 20-step playouts per second (2 players); and games
    per second at 2 and at the most players.
    """
    from ..bench import bench_engine

    result = bench_engine(games=games, seed=seed, game=load_game(game_name), rounds=rounds)
    _show(result, f"altay bench engine ({result['game']})", as_json)


def _show(result: dict, title: str, as_json: bool) -> None:
    """One JSON object, or a two-column table of the measures."""
    if as_json:
        click.echo(orjson.dumps(result).decode())
        return
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=title)
    table.add_column("measure")
    table.add_column("value", justify="right")
    for key, value in _flat(result).items():
        table.add_row(escape(key), escape(_cell(value)))
    Console().print(table)


def _flat(result: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested records (the machine...) as dotted keys; a spread stays one figure."""
    out: dict[str, Any] = {}
    for key, value in result.items():
        if isinstance(value, dict) and value and not {"median", "min", "max"} <= value.keys():
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def _cell(value: object) -> str:
    """A figure as a table shows it: a spread as median [lowest, highest]."""
    if isinstance(value, dict) and {"median", "min", "max"} <= value.keys():
        return f"{value['median']:,} [{value['min']:,}, {value['max']:,}]"
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, (int, float)):
        return f"{value:,}"
    return str(value)


@bench.command("match")
@click.option(
    "--games", type=Integer(1, 10_000), default=2, show_default=True, help="Whole 2-player games per round."
)
@click.option(
    "--rounds", type=Integer(1, 1000), default=3, show_default=True, help="Rounds (for the spread)."
)
@click.option("--seed", type=SEED, default=1, show_default=True, help="First game seed.")
@game_name_option("The game to play.")
@click.option("--quick", is_flag=True, help="Play the game's short games (as check-bot does).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def bench_match_cmd(games: int, rounds: int, seed: int, game_name: str, quick: bool, as_json: bool) -> None:
    """What a real match costs the referee per decision, in its CPU time.

    Plays whole 2-player matches (`altay match`'s own code, a log written, the sandbox as the
    default policy sets it) between two minimal bot processes, and reports the referee's CPU
    per decision in the steady state, apart from the per-game set-up and the process start-up
    (and all of it spread over one game), median and spread over --rounds; next to it, the
    in-loop slices `altay bench protocol` times; and the machine.
    """
    try:
        result = match_figures(load_game(game_name), games=games, rounds=rounds, seed=seed, quick=quick)
    except RuntimeError as exc:  # a bench game that did not complete: say which, no traceback
        raise click.ClickException(str(exc)) from None
    _show(result, f"altay bench match ({result['game']})", as_json)


def match_figures(game: Game, games: int, rounds: int, seed: int, quick: bool) -> dict[str, Any]:
    """`bench match`'s figures: the match's CPU, then the protocol bench's slices, the machine."""
    from ..bench import machine
    from ..referee.bench import bench_match, bench_protocol

    options = dict(game.checkbot.quick_game_options) if quick else {}
    result = bench_match(game, rounds=rounds, games=games, seed=seed, game_options=options)
    slices = bench_protocol(games=games, seed=seed, game=game, game_options=options)
    for key in ("referee_overhead_us", "engine_observation_us", "engine_legal_actions_us"):
        result[f"in_loop_{key}_median"] = slices[key]["median"]
    result["machine"] = machine()
    return result


@bench.command("all")
@click.option(
    "--quick", is_flag=True, help="The smallest sizes (short games, 1-2 rounds): the shape, in seconds."
)
@click.option("--seed", type=SEED, default=1, show_default=True, help="First game seed of every bench.")
@click.option(
    "--game",
    "games",
    multiple=True,
    type=click.Choice(game_names()),
    help="Only this game (repeat for more). [default: every game]",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option(
    "--markdown", is_flag=True, help="Print the table in Markdown, as the README's Speed section holds it."
)
def bench_all_cmd(quick: bool, seed: int, games: tuple[str, ...], as_json: bool, markdown: bool) -> None:
    """Run every bench (engine, match, protocol, bots, view, replay, arena; once: the sandbox and
    reading a bot's CPU time) for every game, and print one table of the headline figures
    (median [lowest, highest] over rounds, CPU time), or with --json every figure of every
    bench. The README's speed figures come from this command; each bench also has its own
    command with the same figures.
    """
    from ..bench_all import bench_all
    from ..bench_all import markdown as as_markdown

    if as_json and markdown:
        raise click.UsageError("give --json or --markdown, not both")
    try:
        result = bench_all(quick=quick, seed=seed, games=list(games) or None)
    except RuntimeError as exc:  # a bench game that did not complete: say which, no traceback
        raise click.ClickException(str(exc)) from None
    if as_json:
        click.echo(orjson.dumps(result).decode())
        return
    if markdown:
        click.echo(as_markdown(result), nl=False)
        return
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    names = list(result["games"])
    table = Table(title=result["command"])
    table.add_column("figure")
    for name in names:
        table.add_column(name, justify="right")
    for label, row in result["summary"].items():
        table.add_row(escape(label), *(escape(_cell(row[name])) for name in names))
    console = Console()
    console.print(table)
    sandbox = result["sandbox"]
    if "unavailable" in sandbox:
        console.print(f"sandbox: unavailable ({sandbox['unavailable']})", markup=False)
    else:
        console.print(
            f"sandbox: a minimal bot's start-up {sandbox['startup_ms_minimal']['off']} ms off, "
            f"{sandbox['startup_ms_minimal']['on']} ms on (wall, median); games/s with it "
            f"{sandbox['games_per_s_ratio_on_vs_off']}x of without",
            markup=False,
        )
    cost = result["cgroup_cpu_read"]
    if cost["cgroup"] is not None:
        extra = cost["extra_cpu_us_per_decision"]
        console.print(
            f"reading each bot's CPU time per decision ({cost['cgroup']}): {extra['median']} µs of "
            f"the referee's CPU [{extra['min']}, {extra['max']}]",
            markup=False,
        )
    m = result["machine"]
    console.print(
        f"machine: {m['cpu']}, {m['cores']} cores ({m['usable_cores']} usable), {m['python']}, "
        f"{m['platform']}; {m['sandbox']}; compiled engine modules: {m['compiled_engine_modules']}",
        markup=False,
    )


@bench.command("strength")
@click.option(
    "--game",
    "games",
    multiple=True,
    type=click.Choice(game_names()),
    help="Only this game (repeat for more). [default: every game]",
)
@click.option(
    "--deals",
    type=Integer(1, 10_000),
    default=20,
    show_default=True,
    help="Deals per arena (per clan count).",
)
@click.option(
    "--move-ms",
    type=Integer(20, 600_000),
    default=100,
    show_default=True,
    help="Time per decision (CPU clock).",
)
@click.option(
    "-j", "--concurrency", "jobs", type=Integer(1, 1024), default=1, show_default=True, help="Games at once."
)
@click.option("--seed", type=SEED, default=1, show_default=True, help="Master seed of every arena.")
@click.option(
    "-o",
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Keep the arenas here (one folder per game and clan count) [default: a temporary folder].",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option("--markdown", is_flag=True, help="Print the table in Markdown, as bots/README.md holds it.")
def bench_strength_cmd(
    games: tuple[str, ...],
    deals: int,
    move_ms: int,
    jobs: int,
    seed: int,
    out: Path | None,
    as_json: bool,
    markdown: bool,
) -> None:
    """Measure every built-in bot's strength in every game, the table of bots/README.md.

    A competitive game plays a 2-player arena of random, greedy and search (where the game has
    a belief sampler), each deal in both seatings: each bot's share of games ahead of random
    with the arena's deal-clustered 95% interval, the logistic Elo it means, and the search
    bot's share ahead of greedy. A cooperative game plays --teams self arenas at 1 and 4 clans:
    each bot's team win rate with a 95% interval. Every arena is the real `altay arena` (sandbox,
    each bot's CPU clock); its progress shows on stderr. The CPU hours spent are reported.

    \b
      altay bench strength --markdown > table.md       every game, 20 deals, 100 ms a move
      altay bench strength --game innovation --deals 50 --move-ms 300 -j 2
    """
    from ..bench_strength import HEADERS, bench_strength, row_cells
    from ..bench_strength import markdown as as_markdown

    if as_json and markdown:
        raise click.UsageError("give --json or --markdown, not both")
    if out is not None and out.exists() and any(out.iterdir()):
        raise click.UsageError(f"--out {out} is not empty: give a new folder")
    try:
        result = bench_strength(list(games) or None, deals, move_ms, jobs, seed, out)
    except RuntimeError as exc:  # an arena that failed: say which, no traceback
        raise click.ClickException(str(exc)) from None
    if as_json:
        click.echo(orjson.dumps(result).decode())
        return
    if markdown:
        click.echo(as_markdown(result), nl=False)
        return
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=result["command"])
    for header in HEADERS:
        table.add_column(header)
    for row in result["rows"]:
        table.add_row(*(escape(c) for c in row_cells(row)))
    console = Console()
    console.print(table)
    console.print(
        f"{result['cpu_hours']} CPU hours (the referee, the arenas and the bots' thinking), "
        f"{result['wall_hours']} hours of wall time",
        markup=False,
    )


@bench.command("bots")
@click.option(
    "--games", type=Integer(1, 10_000), default=6, show_default=True, help="Games per round (most players)."
)
@click.option("--rounds", type=Integer(1, 100), default=3, show_default=True, help="Rounds (for the spread).")
@click.option("--seed", type=SEED, default=1, show_default=True, help="First game seed.")
@game_name_option("The game whose in-process bots to time.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def bench_bots_cmd(games: int, rounds: int, seed: int, game_name: str, as_json: bool) -> None:
    """Time the game's built-in heuristic bots (greedy, the team bot): the CPU time of one choice.

    Each round plays --games games with the bot in every seat; the figures are the median over
    rounds of each round's median, 99th percentile and slowest decision (a bot is expected to
    answer well within the default 1 s clock; the slowest decision is what to watch).
    """
    from ..bench import bench_bots

    result = bench_bots(games=games, seed=seed, rounds=rounds, game=load_game(game_name))
    _show(result, f"altay bench bots ({result['game']})", as_json)


@bench.command("protocol")
@click.option(
    "--games",
    type=Integer(1, 10_000),
    default=4,
    show_default=True,
    help="Games at the fewest and at the most players.",
)
@click.option("--seed", type=SEED, default=1, show_default=True, help="First game seed.")
@game_name_option("The game whose requests to time.")
@click.option(
    "--cpu-rounds",
    type=click.IntRange(0, 1000),
    default=3,
    show_default=True,
    help="Rounds of --games 2-player games played with and without reading each bot's cgroup CPU "
    "time per decision, to measure what the reads cost the referee (0: skip).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def bench_protocol_cmd(games: int, seed: int, game_name: str, cpu_rounds: int, as_json: bool) -> None:
    """Measure the referee's own cost per decision against a raw pipe round trip.

    Minimal bot processes (they answer index 0 without parsing JSON) play whole games, so
    what is timed is the referee: build the request from the observation, encode, write,
    read, decode and check the answer. The engine's observation(seat) is reported apart,
    and an echo child measures a bare pipe round trip with lines of the same size.
    Target: median referee overhead at most 50 µs per decision. Then, in the same command,
    what reading each bot's CPU time from its cgroup per decision (the log's cpu_ms) costs the
    referee's CPU, with and without the reads, over --cpu-rounds rounds. These are slices of
    what a match costs the referee per decision: `altay bench match` measures the whole.
    """
    from ..referee.bench import bench_protocol, cgroup_read_cost

    result = bench_protocol(games=games, seed=seed, game=load_game(game_name))
    if cpu_rounds:
        result["cgroup_cpu_read"] = cgroup_read_cost(
            rounds=cpu_rounds, games=games, seed=seed, game=load_game(game_name)
        )
    if as_json:
        click.echo(orjson.dumps(result).decode())
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title="altay bench protocol (µs per decision)")
    table.add_column("measure")
    table.add_column("median", justify="right")
    table.add_column("p90", justify="right")
    table.add_column("mean", justify="right")
    for key, value in result.items():
        if isinstance(value, dict) and "p90" in value:
            table.add_row(key, str(value["median"]), str(value["p90"]), str(value["mean"]))
    console = Console()
    console.print(table)
    console.print(
        f"{result['decisions']} decisions in {result['games']} games; request size median "
        f"{result['request_bytes']['median']} bytes. Target {result['target_overhead_us']:.0f} µs: "
        + ("met." if result["meets_target"] else "NOT met.")
    )
    cost = result.get("cgroup_cpu_read")
    if cost is not None and cost["cgroup"] is None:
        console.print("Reading a bot's CPU time: no cgroup with CPU accounting here, nothing to read.")
    elif cost is not None:
        on, off, extra = (
            cost[k]
            for k in (
                "referee_cpu_us_per_decision_with_reads",
                "referee_cpu_us_per_decision_without_reads",
                "extra_cpu_us_per_decision",
            )
        )
        console.print(
            f"Reading each bot's CPU time ({cost['cgroup']}), referee CPU µs per decision over "
            f"{cost['rounds']} rounds, median [lowest, highest]: with {on['median']} [{on['min']}, "
            f"{on['max']}], without {off['median']} [{off['min']}, {off['max']}], extra "
            f"{extra['median']} [{extra['min']}, {extra['max']}]; one read {cost['one_read_cpu_us']} µs.",
            markup=False,
        )


@bench.command("sandbox")
@click.option(
    "--starts",
    type=Integer(1, 10_000),
    default=20,
    show_default=True,
    help="Bot start-ups timed per bot and mode.",
)
@click.option(
    "--games",
    type=Integer(1, 10_000),
    default=10,
    show_default=True,
    help="Whole 2-player games timed per mode.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def bench_sandbox_cmd(starts: int, games: int, as_json: bool) -> None:
    """What isolation costs: start-up per bot and games per second, sandbox off and on.

    Times a bot's start-up (spawn to `ready`, for a minimal bot and the Python random bot)
    and its close, then whole games between two random bots, alternating the modes. For the
    arena figure, see `altay bench arena --sandbox on|off`.
    """
    from ..referee.bench import bench_sandbox
    from ..referee.sandbox import SandboxUnavailable

    try:
        result = bench_sandbox(starts=starts, games=games)
    except SandboxUnavailable as exc:
        raise click.UsageError(f"cannot measure the sandbox here: {exc}") from None
    if as_json:
        click.echo(orjson.dumps(result).decode())
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"altay bench sandbox ({result['isolation']['tool']})")
    table.add_column("measure")
    table.add_column("sandbox off", justify="right")
    table.add_column("sandbox on", justify="right")
    for key in ("startup_ms_minimal", "startup_ms_random"):
        table.add_row(f"{key} (median)", f"{result[key]['off']:.1f}", f"{result[key]['on']:.1f}")
    table.add_row("close_ms (median)", f"{result['close_ms']['off']:.1f}", f"{result['close_ms']['on']:.1f}")
    gps = result["games_per_s"]
    table.add_row("games/s (random vs random)", f"{gps['off']:.2f}", f"{gps['on']:.2f}")
    Console().print(table)
    Console().print(f"games/s with the sandbox: {result['games_per_s_ratio_on_vs_off']:.2f}x of without")


@bench.command("arena")
@click.option(
    "--deals",
    type=Integer(1, 10_000),
    default=5,
    show_default=True,
    help="Deals of the arena (4 bots, 2 players: 12 games each).",
)
@click.option("--players", "-p", type=Integer(2, 4), default=2, show_default=True)
@click.option(
    "--workers", default="1,2", show_default=True, help="Worker counts to compare, comma-separated."
)
@click.option(
    "--max-rounds",
    type=Integer(1, 10_000),
    default=None,
    help="Adjudicate each game after this many rounds. [default: the game's own]",
)
@click.option(
    "--sandbox",
    type=click.Choice(["auto", "on", "off"]),
    default="auto",
    show_default=True,
    help="Run the bots sandboxed or not (compare the two for what isolation costs).",
)
@click.option(
    "--reuse",
    type=click.Choice(["both", "kept", "fresh"]),
    default="both",
    show_default=True,
    help="Bots kept between a worker's games (the arena's default for a bot that says many_games), "
    "started afresh for each game (--fresh-bots), or both, alternated.",
)
@click.option(
    "--rounds", type=Integer(1, 100), default=1, show_default=True, help="Runs of each; medians shown."
)
@click.option(
    "--bot",
    type=click.Choice(["random", "greedy"]),
    default="random",
    show_default=True,
    help="The built-in bot the 4 players run.",
)
@game_name_option("The game the arena plays.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def bench_arena_cmd(
    deals: int,
    players: int,
    workers: str,
    max_rounds: int | None,
    sandbox: str,
    reuse: str,
    rounds: int,
    bot: str,
    game_name: str,
    as_json: bool,
) -> None:
    """Games per second of a whole arena (4 random bots) at each worker count.

    Real bot processes, logs and database, in a temporary folder, so the figure is what an
    arena of quick bots costs end to end. Also reports the speed-up over 1 worker and the
    arena parent's own CPU time per game (the part that does not scale), and with `--reuse both`
    the same arena with the bots kept between games and started afresh, alternated over
    `--rounds` (the same games: their final digests must agree). Figures are medians over rounds.
    """
    from arena.bench import bench_arena
    from arena.params import ArenaUsageError

    from ..engine.api import ConfigError

    parts = [w.strip() for w in workers.split(",") if w.strip()]
    if not all(p.isascii() and p.isdigit() and len(p) <= 4 for p in parts):
        raise click.BadParameter("give worker counts like 1,2,4", param_hint="--workers")
    counts = [int(p) for p in parts]
    if not counts or not all(1 <= c <= 1024 for c in counts):
        raise click.BadParameter("give worker counts from 1 to 1024, like 1,2,4", param_hint="--workers")
    from ..referee.sandbox import SandboxUnavailable

    try:
        result = bench_arena(
            deals=deals,
            players=players,
            workers=counts,
            max_rounds=max_rounds,
            sandbox=sandbox,
            game=game_name,
            modes=("kept", "fresh") if reuse == "both" else (reuse,),
            rounds=rounds,
            bot=bot,
        )
    except (SandboxUnavailable, ArenaUsageError, ConfigError) as exc:
        raise click.UsageError(str(exc)) from None
    if as_json:
        click.echo(orjson.dumps(result).decode())
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(
        title=f"altay bench arena ({result['game']}): {result['games']} games, {result['bots']} bots, "
        f"{players} players, median of {rounds} round{'s' * (rounds != 1)}"
    )
    table.add_column("bots")
    table.add_column("workers", justify="right")
    table.add_column("seconds", justify="right")
    table.add_column("games/s", justify="right")
    table.add_column("speed-up", justify="right")
    table.add_column("parent CPU ms/game", justify="right")
    table.add_column("all CPU ms/game", justify="right")
    for mode, runs in result.get("modes", {result["mode"]: result["workers"]}).items():
        one = runs.get("1", {}).get("games_per_s")
        for k, run in runs.items():
            speedup = None if one is None else run["games_per_s"] / one
            table.add_row(
                mode,
                k,
                f"{run['seconds']:.2f}",
                f"{run['games_per_s']:.2f}" + _range(run, "games_per_s"),
                "-" if speedup is None else f"{speedup:.2f}x",
                f"{run['parent_cpu_ms_per_game']:.2f}",
                f"{run['total_cpu_ms_per_game']:.1f}" + _range(run, "total_cpu_ms_per_game", 1),
            )
    Console().print(table)
    for k, ratio in result.get("kept_vs_fresh", {}).items():
        Console().print(f"{k} worker{'s' * (k != '1')}: kept bots {ratio:.2f}x the games/s of fresh ones")


def _range(run: dict[str, Any], key: str, digits: int = 2) -> str:
    """[min-max] after a median over several rounds."""
    low_high = run.get(f"{key}_range")
    return "" if low_high is None else f" [{low_high[0]:.{digits}f}-{low_high[1]:.{digits}f}]"


@bench.command("view")
@click.option("--players", type=Integer(1, 64), default=2, show_default=True, help="Players of the game.")
@click.option(
    "--rounds", type=Integer(1, 1000), default=5, show_default=True, help="Rounds (for the spread)."
)
@click.option("--seed", type=SEED, default=1, show_default=True, help="The game's seed.")
@click.option(
    "--log",
    type=click.Path(dir_okay=False),
    default=None,
    help="Time this log's page instead of a new game's.",
)
@game_name_option("The game whose viewer page to time.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def bench_view_cmd(
    players: int, rounds: int, seed: int, log: str | None, game_name: str, as_json: bool
) -> None:
    """Time writing a viewer page (`altay view`): the CPU seconds to replay a game and write its
    page through each eyes (spectator, seat 0, all), median and spread over --rounds, and the
    page's size. The game is played here between the game's own in-process players (greedy
    where it has one) with --seed, unless --log names one. Target: under 2 s for a 2-player game.
    """
    from ..web.bench import bench_view
    from ..web.pagedata import ViewError

    try:
        result = bench_view(load_game(game_name), players=players, seed=seed, rounds=rounds, log=log)
    except ViewError as exc:
        raise click.UsageError(f"cannot view {log}: {exc}") from None
    if as_json:
        click.echo(orjson.dumps(result).decode())
        return
    flat = {
        "game": result["game"],
        "players": result["players"],
        "decisions": result["decisions"],
        "rounds": result["rounds"],
    }
    for name, cpu in result["cpu_s"].items():
        flat[f"CPU s, {name}: median (min-max)"] = f"{cpu['median']} ({cpu['min']}-{cpu['max']})"
        flat[f"page MB, {name}"] = result["page_mb"][name]
    flat["target"] = f"under {result['target_s']} s: " + ("met" if result["meets_target"] else "NOT met")
    _show(flat, "altay bench view", False)


@bench.command("cluster")
@click.option(
    "--cores",
    default="250,500,1000,2000",
    show_default=True,
    help="Sizes of the simulated fleet, in worker cores (one game each at a time), comma-separated.",
)
@click.option(
    "--speedup",
    type=Integer(1, 1000),
    default=10,
    show_default=True,
    help="Simulated time runs this much faster: C cores are C / speedup workers with games that "
    "short (the coordinator gets the same games per second).",
)
@click.option(
    "--games",
    type=Integer(4, 100_000),
    default=200,
    show_default=True,
    help="Real games played once beforehand (random against greedy), then stored by each fleet.",
)
@click.option(
    "--move-ms",
    type=Integer(1, 3_600_000),
    default=100,
    show_default=True,
    help="What each decision costs a worker's core (bots that use their time).",
)
@click.option(
    "--max-rounds",
    type=Integer(1, 10_000),
    default=None,
    help="Adjudicate each game after this many rounds. [default: the game's own]",
)
@click.option("--seed", type=SEED, default=1, show_default=True, help="The arena's seed.")
@click.option(
    "--verify-sample",
    type=click.FloatRange(0.0, 1.0),
    default=1.0,
    show_default=True,
    metavar="RATE",
    help="The share of the games the coordinator re-simulates (as `arena --verify-sample`); "
    "the others have their chain and result checked only.",
)
@game_name_option("The game the arena plays.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def bench_cluster_cmd(
    cores: str,
    speedup: int,
    games: int,
    move_ms: int,
    max_rounds: int | None,
    seed: int,
    verify_sample: float,
    game_name: str,
    as_json: bool,
) -> None:
    """How many worker cores one coordinator keeps busy (`--cluster`), against a simulated fleet.

    Real games are played once here; then each fleet (simulated workers inside this process)
    answers them at the rate that many cores would, and the coordinator's real code decodes,
    checks, replays, writes, signs and commits each one. Reports, per fleet, the games/s it
    offers and those stored, the coordinator's busy share and cost per game by stage; then the
    coordinator's ceiling and the cores it keeps busy (arena/CLUSTER.md).
    """
    from arena.bench_cluster import bench_cluster

    parts = [c.strip() for c in cores.split(",") if c.strip()]
    if not parts or not all(p.isascii() and p.isdigit() and 1 <= len(p) <= 7 for p in parts):
        raise click.BadParameter("give core counts like 250,1000", param_hint="--cores")
    sizes = [int(p) for p in parts]
    if not all(s >= 1 for s in sizes):
        raise click.BadParameter("give core counts of 1 or more", param_hint="--cores")
    result = bench_cluster(sizes, speedup, games, game_name, move_ms, max_rounds, seed, verify_sample)
    if as_json:
        click.echo(orjson.dumps(result).decode())
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(
        title=f"altay bench cluster ({result['game']}): {result['games']} games of "
        f"{result['decisions_per_game']} decisions ({result['log_kib']} KiB logs), "
        f"{result['real_game_s']} s of a core each at --move-ms {move_ms}, --verify-sample {verify_sample:g}"
    )
    for column in ("cores", "sim. workers", "offered g/s", "stored g/s", "busy", "decode ms",
                   "check+replay+sign ms", "commit ms", "re-simulated", "kept up"):  # fmt: skip
        table.add_column(column, justify="right")
    for r in result["fleets"]:
        ms = r["ms_per_game"]
        table.add_row(
            f"{r['cores']:,}",
            str(r["workers"]),
            f"{r['offered_per_s']:.1f}",
            f"{r['stored_per_s']:.1f}",
            f"{r['coordinator_busy']:.0%}",
            f"{ms['decode']:.1f}",
            f"{ms['check_replay_write_sign']:.1f}",
            f"{ms['commit']:.1f}",
            f"{r['resimulated']}/{result['games']}",
            "yes" if r["kept_up"] else "no",
        )
    console = Console()
    console.print(table)
    console.print(
        f"ceiling: {result['ceiling_games_per_s']:.1f} games/s stored, so one coordinator keeps about "
        f"{result['cores_kept_busy']:,} cores busy with such games"
    )
