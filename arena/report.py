"""The leaderboard in three forms: rich tables (default), JSON and CSV (one row per bot)."""

from __future__ import annotations

import csv
import io
from typing import Any

import orjson
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from altay_cli.referee.types import FAILURE_STATUSES
from altay_cli.textsafe import safe_markup

HEAD_TO_HEAD_MAX_BOTS = 10


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.0f}%"


def _num(x: float | None, digits: int = 2) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def _cell(t: dict[str, Any]) -> str:
    """One seat's or role's tally: win rate and mean place."""
    return "-" if not t or not t.get("games") else f"{_pct(t['win_rate'])} ({_num(t['avg_place'])})"


def _failures_text(failures: dict[str, int]) -> str:
    return ", ".join(f"{n} {status}" for status, n in failures.items()) or "-"


def _total_name(game: str) -> str:
    """What the game calls a seat's total ("VP" in Altay, "Achievements" in Innovation)."""
    try:
        from altay_cli.engine import load_game

        return load_game(game).text.score_headers().get("total", "score")
    except (ValueError, ImportError):  # an arena of a game this installation does not know
        return "score"


def _table(title: str) -> Table:
    """A table whose title is printed on its own line above it (so it never wraps or widens
    a narrow table); see `_parts`."""
    table = Table()
    table.title = title
    return table


def _parts(tables: list[Table]) -> list[Any]:
    out: list[Any] = []
    for t in tables:
        out.append(Text(f"\n{t.title}", style="bold"))
        t.title = None
        out.append(t)
    return out


def _interval(r: dict[str, Any]) -> str:
    ci = r.get("win_rate_95")
    return "-" if not ci else f"{_pct(r['win_rate'])} [{_pct(ci[0])}, {_pct(ci[1])}]"


def _share(h: dict[str, Any] | None, unit: str = "") -> str:
    """A head-to-head share and its 95% interval, compactly: "63% [54-71]" (unit "%": "[54-71%]")."""
    if not h:
        return "-"
    low, high = h["interval"]
    return f"{_pct(h['share'])} [{100 * low:.0f}-{100 * high:.0f}{unit}]"


def _pair_text(p: dict[str, Any]) -> str:
    """Why two adjacent bots are (or are not) told apart, with the figures."""
    upper, lower = p["pair"]
    f = p["figures"]
    if p["rule"] == "head_to_head":
        return (
            f"{upper} and {lower} (head to head {_share(f, '%')}, "
            f"{f['games']} games on {f['deals']} deal{'s' if f['deals'] != 1 else ''})"
        )
    return (
        f"{upper} and {lower} (never played together; mu {f['mu'][0]:.2f} and {f['mu'][1]:.2f} "
        f"differ by {abs(f['mu_difference']):.2f}, limit {f['threshold']:.2f})"
    )


def _verdict_notes(board: dict[str, Any]) -> list[Text]:
    """Under the main table: which adjacent bots cannot be told apart, and any pair whose head
    to head contradicts the ranking."""
    adjacent = board.get("adjacent_pairs")
    if not adjacent:
        return []
    same = [p for p in adjacent if p["verdict"] == "indistinguishable"]
    reversed_ = [p for p in adjacent if p["verdict"] == "reversed"]
    notes = []
    if same:
        notes.append(Text("≈ Cannot be told apart (95%): " + "; ".join(_pair_text(p) for p in same)))
    else:
        notes.append(Text("Every bot is told apart from the next one (95%)."))
    if reversed_:
        notes.append(
            Text("Against the ranking (95%): " + "; ".join(_pair_text(p) for p in reversed_), style="bold")
        )
    return notes


def _team_table(title: str, rows: list[dict[str, Any]], teams: str = "mixed") -> Table:
    """A cooperative game's leaderboard: team results, no ratings; with --teams both, the
    self-play ("alone") and mixed-team win rates too."""
    main = _table(title)
    main.add_column("#", justify="right")
    main.add_column("Bot", style="bold")
    main.add_column("Games", justify="right")
    main.add_column("Team wins", justify="right")
    main.add_column("Win % [95% interval]", justify="right", style="bold")
    split = teams == "both"
    if split:
        main.add_column("Alone: win % [95%]", justify="right")
        main.add_column("Mixed: win % [95%]", justify="right")
    main.add_column("Avg score", justify="right")
    main.add_column("Failures")
    for r in rows:
        parts = [_interval(r["alone"]), _interval(r["mixed"])] if split else []
        main.add_row(
            str(r["place"]),
            r["bot"],
            str(r["games"]),
            f"{r['wins']:g}",
            _interval(r),
            *parts,
            _num(r["avg_score"], 1),
            _failures_text(r["failures"]),
        )
    return main


def leaderboard_tables(board: dict[str, Any]) -> Group:
    arena = board["arena"]
    rows = board["leaderboard"]
    played, scheduled = arena["games_played"], arena["games_scheduled"]
    state = "complete" if arena["complete"] else "INCOMPLETE"
    game = arena["game"]
    n = arena["players"]
    title = f"Arena leaderboard ({game}): {n} player{'s' * (n != 1)}, {len(rows)} bot{'s' * (len(rows) != 1)}"
    if arena.get("cooperative"):
        return _team_board(board, f"{title}, {played}/{scheduled} games ({state})")
    main = _table(f"{title}, {played}/{scheduled} games ({state})")
    main.add_column("#", justify="right")
    main.add_column("Bot", style="bold")
    main.add_column("Rating", justify="right", style="bold")
    main.add_column("mu ± sigma", justify="right")
    main.add_column("Games", justify="right")
    main.add_column("Wins", justify="right")
    main.add_column("Win % [95%]", justify="right")
    main.add_column("Avg place", justify="right")
    main.add_column(f"Avg {_total_name(game)}", justify="right")
    main.add_column("Failures")
    for r in rows:
        wins = r["wins"]
        main.add_row(
            ("≈" if r.get("indistinguishable_from") else "") + str(r["place"]),
            r["bot"],
            f"{r['ordinal']:.2f}",
            f"{r['mu']:.2f} ± {r['sigma']:.2f}",
            str(r["games"]),
            f"{wins:g}" if wins == int(wins) else f"{wins:.2f}",
            _interval(r),
            _num(r["avg_place"]),
            _num(r["avg_score"], 1),
            _failures_text(r["failures"]),
        )

    players = arena["players"]
    seats = _table("Per seat: win % (average place)")
    seats.add_column("Bot")
    for s in range(players):
        seats.add_column(f"Seat {s}", justify="right")
    for r in rows:
        seats.add_row(r["bot"], *(_cell(t) for t in r["seats"]))
    seats.add_row("all bots", *(_cell(t) for t in board["seats"]), style="dim")

    role = (arena.get("role_name") or "role").lower()
    roles = [f for f in arena.get("roles", []) if f in board["roles"]]
    per_role = _table(f"Per {role}: win % (average place)")
    per_role.add_column("Bot")
    for f in roles:
        per_role.add_column(f, justify="right")
    for r in rows:
        per_role.add_row(r["bot"], *(_cell(r["roles"].get(f, {})) for f in roles))
    per_role.add_row("all bots", *(_cell(board["roles"][f]) for f in roles), style="dim")
    per_role.add_row(
        f"avg {_total_name(game)}", *(_num(board["roles"][f]["avg_score"], 1) for f in roles), style="dim"
    )

    tables = [seats] + ([per_role] if roles else [])
    names = [r["bot"] for r in rows]
    if 2 < len(names) <= HEAD_TO_HEAD_MAX_BOTS:
        h2h = _table("Head to head: how often the row bot finished ahead of the column bot [95% interval]")
        h2h.add_column("")
        for n in names:
            h2h.add_column(n, justify="right")
        intervals = board.get("head_to_head_95", {})
        for a in names:
            h2h.add_row(a, *("·" if a == b else _h2h_cell(board, intervals, a, b) for b in names))
        tables.append(h2h)
    parts = _parts([main]) + _verdict_notes(board) + _parts(tables)
    ends = ", ".join(f"{reason} {n}" for reason, n in board["end_reasons"].items()) or "-"
    parts.append(Text())
    footer = Table.grid(padding=(0, 1))
    footer.add_row(
        "Rating:",
        f"{board['rating']['ordinal']}: a conservative skill estimate, in rating points (not a win "
        "rate); OpenSkill Plackett-Luce over the games in id order",
    )
    footer.add_row(
        "mu ± sigma:",
        "sigma is OpenSkill's uncertainty about mu (one standard deviation), not a confidence "
        "interval of the win rate; whether two bots differ is said by ≈ and the head to head",
    )
    footer.add_row(
        "Win % [95%]:",
        "wins / games, a win shared by k tied seats counting 1/k; 95% Wilson interval over the "
        "games as if independent (the seatings of one deal are not quite: read it as a guide)",
    )
    footer.add_row(
        "Head to head:",
        "share of their games a bot finished ahead of the other (the row bot, in the table), a tie "
        "counting 1/2; 95% interval taking the games of one deal as one sample (they share its "
        "set-up): Wilson's, at an effective number of games set by how much the deals differ",
    )
    footer.add_row(
        "≈:",
        "cannot be told apart from the bot just above at 95%: their head-to-head interval "
        "contains 50% (if they never played together: mu within 1.96 sqrt(sigma_a² + sigma_b²))",
    )
    footer.add_row("Game ends:", ends)
    footer.add_row("Failures:", _failures_text(board["failures"]))
    _conditions(footer, arena)
    parts.append(footer)
    return Group(*parts)


def _h2h_cell(board: dict[str, Any], intervals: dict[str, Any], a: str, b: str) -> str:
    h = intervals.get(a, {}).get(b)
    return _share(h) if h else _pct(board["head_to_head"][a].get(b))


def _conditions(footer: Table, arena: dict[str, Any]) -> None:
    m = arena["match"]
    options = ", ".join(
        f"{k.replace('_', ' ')} {_value(v)}" for k, v in arena.get("game_options", {}).items()
    )
    footer.add_row(
        "Conditions:",
        f"{arena['deals']} deals from seed {arena['seed']}, seatings {arena['seatings']}"
        + (f", teams {arena['teams']}" if arena.get("teams", "mixed") != "mixed" else "")
        + (f", gauntlet {arena['gauntlet']}" if arena.get("gauntlet") else "")
        + ", "
        f"move {m['move_ms']} ms, bank {m['bank_ms']} ms, on failure {m['on_failure']}"
        + (f"; {arena['game']}: {options}" if options else ""),
    )
    sandbox = m.get("sandbox")
    if sandbox:
        net = "network" if sandbox["network"] else "no network"
        footer.add_row(
            "Bots:",
            f"sandbox {sandbox['mode']}, {net}, memory {sandbox['memory_mb']} MiB, "
            f"{sandbox['processes']} processes, {sandbox['cpus']:g} cpus",
        )
    own = [
        f"{b['name']} " + ", ".join(f"{k.replace('_', '-')} {_value(v)}" for k, v in b["conditions"].items())
        for b in arena.get("bots", [])
        if b.get("conditions")
    ]
    added = [f"{b['name']} (stage {b['stage']})" for b in arena.get("bots", []) if b.get("stage")]
    if own:
        footer.add_row("Own:", "; ".join(own))
    if added:
        footer.add_row("Added:", ", ".join(added) + ": they played only the games they are in")


def _value(v: Any) -> str:
    return ("on" if v else "off") if isinstance(v, bool) else str(v)


_TEAMS_TEXT = {
    "mixed": "groups of different bots; a game counts once for each of its bots",
    "self": "each bot alone in every seat of each deal (self-play)",
    "both": "groups of different bots, and each bot alone in every seat (alone); "
    "a game counts once for each of its bots",
}


def _team_board(board: dict[str, Any], title: str) -> Group:
    arena = board["arena"]
    rows = board["leaderboard"]
    seats = _table("Per seat: team win %")
    seats.add_column("Bot")
    for s in range(arena["players"]):
        seats.add_column(f"Seat {s}", justify="right")
    for r in rows:
        seats.add_row(r["bot"], *(_pct(t["win_rate"]) if t.get("games") else "-" for t in r["seats"]))
    tables = [_team_table(title, rows, arena.get("teams", "mixed")), seats]
    if board.get("paired"):
        tables.append(_paired_table(board["paired"]))
    parts = _parts(tables)
    parts.append(Text())
    footer = Table.grid(padding=(0, 1))
    footer.add_row(
        "Ranking:",
        "a cooperative game: every seat shares the team's result, so bots are ranked by the team "
        "results of the games they played (win rate, then average score), not rated",
    )
    footer.add_row("Interval:", "95% Wilson score interval of the win rate")
    if board.get("paired"):
        footer.add_row(
            "Same deals:",
            "each pair on the deals both led alone: the deals one won and the other lost, "
            "McNemar's exact test (two-sided) of that split",
        )
    footer.add_row("Teams:", _TEAMS_TEXT.get(arena.get("teams", "mixed"), "-"))
    ends = ", ".join(f"{reason} {n}" for reason, n in board["end_reasons"].items()) or "-"
    footer.add_row("Game ends:", ends)
    footer.add_row("Failures:", _failures_text(board["failures"]))
    _conditions(footer, arena)
    parts.append(footer)
    return Group(*parts)


def _paired_table(pairs: list[dict[str, Any]]) -> Table:
    table = _table("Same deals, each bot alone: who won where the other lost")
    table.add_column("Bots")
    for name in ("Deals", "Both won", "First only", "Second only", "McNemar p"):
        table.add_column(name, justify="right")
    table.add_column("Verdict")
    for p in pairs:
        table.add_row(
            f"{p['a']} vs {p['b']}",
            str(p["deals"]),
            str(p["both_won"]),
            str(p["a_only"]),
            str(p["b_only"]),
            f"{p['p_value']:.3g}",
            p["verdict"],
        )
    return table


def print_tables(board: dict[str, Any], console: Console | None = None) -> None:
    if console is None:
        console = Console()
        if not console.is_terminal:
            console = Console(width=max(console.width, 120))
    console.print(leaderboard_tables(board))
    if board.get("workers"):
        console.print(Group(*_parts([workers_table(board["workers"])])))


def workers_table(w: dict[str, Any]) -> Table:
    """The cluster workers that played the stored games (`arena.workers.workers_board`)."""
    table = _table(
        f"Workers: {w['games']} games on the cluster, {w['games_per_s']:.2f} games/s "
        f"(over {w['span_s']:.0f} s, first to last stored); the coordinator re-simulated "
        f"{w['resimulated']} of them"
        + ("" if w.get("verify_sample") is None else f" (--verify-sample {w['verify_sample']:g})")
    )
    for column in ("Worker", "Games", "Games/s", "Failures", "Cores", "Load (max)"):
        table.add_column(column, justify="left" if column in ("Worker", "Failures") else "right")
    for r in w["workers"]:
        table.add_row(
            safe_markup(r["worker"], 80),
            str(r["games"]),
            f"{r['games_per_s']:.2f}",
            _failures_text(r["failures"]),
            str(r["cores"]),
            f"{r['load']:.2f}",
        )
    return table


def to_json(board: dict[str, Any]) -> str:
    return orjson.dumps(board, option=orjson.OPT_INDENT_2).decode()


def csv_columns(board: dict[str, Any]) -> list[str]:
    statuses = list(FAILURE_STATUSES) + sorted(set(board["failures"]) - set(FAILURE_STATUSES))
    cols = ["place", "bot", "command", "ordinal", "mu", "sigma", "games", "wins", "win_rate"]
    cols += ["win_rate_low", "win_rate_high"]
    cols += ["avg_place", "avg_score", "avg_vp", "forfeits", "think_s"]  # avg_vp: avg_score's old name
    cols += [f"failures_{s}" for s in statuses]
    cols += [f"seat{s}_win_rate" for s in range(board["arena"]["players"])]
    cols += [f"{f.lower()}_win_rate" for f in board["arena"].get("roles", [])]
    if not board["arena"].get("cooperative"):
        cols += ["indistinguishable_from"]  # the bot just above when they cannot be told apart
    return cols


def to_csv(board: dict[str, Any]) -> str:
    """One row per bot, in leaderboard order; an empty cell where a bot never had that seat/role."""
    cols = csv_columns(board)
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=cols, lineterminator="\n")
    writer.writeheader()
    for r in board["leaderboard"]:
        row: dict[str, Any] = {c: r.get(c) for c in cols if c in r}
        for c in cols:
            if c.startswith("failures_"):
                row[c] = r["failures"].get(c.removeprefix("failures_"), 0)
        for s, t in enumerate(r["seats"]):
            row[f"seat{s}_win_rate"] = t["win_rate"]
        for f in board["arena"].get("roles", []):
            row[f"{f.lower()}_win_rate"] = r["roles"].get(f, {}).get("win_rate")
        ci = r.get("win_rate_95")
        row["win_rate_low"], row["win_rate_high"] = (ci[0], ci[1]) if ci else (None, None)
        writer.writerow(row)
    return out.getvalue()
