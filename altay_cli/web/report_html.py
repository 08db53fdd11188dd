"""The report page's HTML: tables, the charts of `report_svg`, the games as JSON, the assets.

Pure: from the board `arena.leaderboard.build_leaderboard` made (and an SPRT's standing) to one
string; `report.write_report` gathers them and writes the file. The legend's and the
conditions' words are those of the terminal report (`arena.report`).
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from . import report_svg as svg
from .report_svg import esc, num, pct

if TYPE_CHECKING:
    from arena.records import GameRecord

ASSETS = Path(__file__).parent / "report_assets"
SEED_HIDDEN = "(hidden while games remain to be played: it reveals every deal)"


def script_hash(script: str) -> str:
    """A script's CSP source: 'sha256-...' of its text."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode() + "'"


def content_policy(script: str, live_script: str | None = None) -> str:
    """The page's Content-Security-Policy: no request of any kind, and no script but its own
    (by hash: text slipped into the page could never run). A page served live by `altay serve`
    also runs `live_script`, which may ask its own server (connect-src 'self') for updates."""
    scripts = script_hash(script) + ("" if live_script is None else " " + script_hash(live_script))
    connect = "" if live_script is None else "connect-src 'self'; "
    return (
        f"default-src 'none'; script-src {scripts}; {connect}style-src 'unsafe-inline'; img-src data:; "
        "base-uri 'none'; form-action 'none'"
    )


@dataclass(frozen=True, slots=True)
class SprtData:
    board: dict[str, Any]
    path: list[svg.LlrPoint]
    text: str


# ----------------------------------------------------------------------------- data
def _footer(board: dict[str, Any]) -> tuple[str, list[tuple[str, str]]]:
    """The terminal report's title and its legend rows (label, text), as `arena.report` words them."""
    from rich.table import Table

    from arena.report import leaderboard_tables

    group = leaderboard_tables(board)
    parts = list(group.renderables)
    title = str(parts[0]).strip()
    grid = parts[-1]
    assert isinstance(grid, Table)  # the legend
    labels = [str(c) for c in grid.columns[0].cells]
    texts = [str(c) for c in grid.columns[1].cells]
    return title, list(zip(labels, texts))


def _shown_board(board: dict[str, Any], finished: bool) -> dict[str, Any]:
    """The board as the page may show it: no master seed until the arena (or SPRT) is finished."""
    if finished:
        return board
    return {**board, "arena": {**board["arena"], "seed": SEED_HIDDEN}}


# ----------------------------------------------------------------------------- the page
def _asset(name: str) -> str:
    return (ASSETS / name).read_text(encoding="utf-8")


def _json_for_script(data: Any) -> str:
    """JSON safe inside <script type="application/json"> (no `</script>`, no `<!--`)."""
    text = orjson.dumps(data).decode()
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _td(text: str, value: Any = None, cls: str = "", title: str = "", style: str = "") -> str:
    attrs = f' class="{cls}"' if cls else ""
    if value is not None:
        attrs += f' data-v="{esc(num(value) if isinstance(value, float) else value)}"'
    if title:
        attrs += f' title="{esc(title)}"'
    if style:
        attrs += f' style="{style}"'
    return f"<td{attrs}>{esc(text)}</td>"


def _th(text: str, kind: str = "num", title: str = "") -> str:
    t = f' title="{esc(title)}"' if title else ""
    return f'<th data-sort="{kind}"{t}>{esc(text)}</th>'


def _table(cls: str, head: list[str], rows: list[str], caption: str = "", foot: Sequence[str] = ()) -> str:
    cap = f"<caption>{esc(caption)}</caption>" if caption else ""
    tfoot = f"<tfoot>{''.join(foot)}</tfoot>" if foot else ""
    return (
        f'<div class="table-wrap"><table class="{cls}">{cap}<thead><tr>{"".join(head)}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody>{tfoot}</table></div>"
    )


def _wins(w: float) -> str:
    return f"{w:g}" if w == int(w) else f"{w:.2f}"


def _interval_text(rate: float | None, ci: Sequence[float] | None) -> str:
    return "-" if not ci or rate is None else f"{pct(rate)} [{pct(ci[0])}, {pct(ci[1])}]"


def _rate_style(rate: float | None) -> str:
    return "" if rate is None else f"--p:{100 * rate:.1f}%"


def _tally_cell(t: dict[str, Any] | None, place: bool = True) -> str:
    """One seat's or role's tally: win % (average place), shaded by the win rate."""
    if not t or not t.get("games"):
        return _td("-", -1, "num")
    text = pct(t["win_rate"]) + (
        f" ({t['avg_place']:.2f})" if place and t.get("avg_place") is not None else ""
    )
    title = f"{_wins(t['wins'])} wins in {t['games']} games"
    return _td(text, t["win_rate"], "num rate", title, _rate_style(t["win_rate"]))


def _section(ident: str, title: str, body: str, intro: str = "") -> str:
    lead = f'<p class="intro">{intro}</p>' if intro else ""
    return f'<section id="{ident}"><h2>{esc(title)}</h2>{lead}{body}</section>'


def _leaderboard(board: dict[str, Any], total: str) -> str:
    rows = board["leaderboard"]
    head = [
        _th("#"),
        _th("Bot", "text"),
        _th("Rating", title="mu - 3 sigma: a conservative skill estimate"),
        _th("mu ± sigma"),
        _th("Games"),
        _th("Wins", title="a win shared by k tied seats counts 1/k"),
        _th("Win % [95%]", title="95% Wilson interval"),
        _th("Avg place"),
        _th(f"Avg {total}"),
        _th("Failures", "text"),
    ]
    body = []
    for r in rows:
        ci = r.get("win_rate_95")
        near = r.get("indistinguishable_from")
        place_title = f"cannot be told apart from {near} (95%)" if near else ""
        body.append(
            f'<tr data-bot="{esc(r["bot"])}">'
            + _td(("≈" if near else "") + str(r["place"]), r["place"], "num place", place_title)
            + _td(r["bot"], r["bot"], "bot")
            + _td(f"{r['ordinal']:.2f}", r["ordinal"], "num rating")
            + _td(f"{r['mu']:.2f} ± {r['sigma']:.2f}", r["mu"], "num mu")
            + _td(str(r["games"]), r["games"], "num games")
            + _td(_wins(r["wins"]), r["wins"], "num wins")
            + _td(
                _interval_text(r["win_rate"], ci),
                -1 if r["win_rate"] is None else r["win_rate"],
                "num win-rate",
                style=_rate_style(r["win_rate"]),
            )
            + _td(_opt(r["avg_place"]), -1 if r["avg_place"] is None else r["avg_place"], "num")
            + _td(_opt(r["avg_score"], 1), -1 if r["avg_score"] is None else r["avg_score"], "num")
            + _td(_failures_text(r["failures"]), sum(r["failures"].values()), "failures")
            + "</tr>"
        )
    return _table("sortable leaderboard", head, body)


def _team_leaderboard(board: dict[str, Any]) -> str:
    rows = board["leaderboard"]
    split = board["arena"].get("teams", "mixed") == "both"
    head = [_th("#"), _th("Bot", "text"), _th("Games"), _th("Team wins"), _th("Win % [95% interval]")]
    if split:
        head += [_th("Alone: win % [95%]"), _th("Mixed: win % [95%]")]
    head += [_th("Avg score"), _th("Failures", "text")]
    body = []
    for r in rows:
        cells = [
            _td(str(r["place"]), r["place"], "num place"),
            _td(r["bot"], r["bot"], "bot"),
            _td(str(r["games"]), r["games"], "num games"),
            _td(_wins(r["wins"]), r["wins"], "num wins"),
            _td(
                _interval_text(r["win_rate"], r.get("win_rate_95")),
                -1 if r["win_rate"] is None else r["win_rate"],
                "num win-rate",
                style=_rate_style(r["win_rate"]),
            ),
        ]
        if split:
            for part in ("alone", "mixed"):
                t = r[part]
                cells.append(
                    _td(
                        _interval_text(t["win_rate"], t.get("win_rate_95")),
                        -1 if t["win_rate"] is None else t["win_rate"],
                        f"num {part}",
                        style=_rate_style(t["win_rate"]),
                    )
                )
        cells += [
            _td(_opt(r["avg_score"], 1), -1 if r["avg_score"] is None else r["avg_score"], "num"),
            _td(_failures_text(r["failures"]), sum(r["failures"].values()), "failures"),
        ]
        body.append(f'<tr data-bot="{esc(r["bot"])}">' + "".join(cells) + "</tr>")
    return _table("sortable leaderboard", head, body)


def _paired(board: dict[str, Any]) -> str:
    """A cooperative arena's pairs of bots on the same deals (arena.paired)."""
    head = [
        _th("Bots", "text"),
        _th("Deals"),
        _th("Both won"),
        _th("First only", title="deals the first bot won and the second lost"),
        _th("Second only", title="deals the second bot won and the first lost"),
        _th("McNemar p", title="exact two-sided test of the split of the deals only one won"),
        _th("Verdict", "text"),
    ]
    body = []
    for pair in board.get("paired", []):
        cells = [
            _td(f"{pair['a']} vs {pair['b']}", f"{pair['a']} {pair['b']}", "bots"),
            _td(str(pair["deals"]), pair["deals"], "num"),
            _td(str(pair["both_won"]), pair["both_won"], "num"),
            _td(str(pair["a_only"]), pair["a_only"], "num first-only"),
            _td(str(pair["b_only"]), pair["b_only"], "num second-only"),
            _td(f"{pair['p_value']:.3g}", pair["p_value"], "num p-value"),
            _td(pair["verdict"], pair["verdict"], "verdict"),
        ]
        body.append(f'<tr data-pair="{esc(pair["a"])} {esc(pair["b"])}">' + "".join(cells) + "</tr>")
    caption = (
        "Each pair on the deals both bots led alone (every seat): the deals one won and the other "
        "lost decide; McNemar's exact test asks whether that split could be chance."
    )
    return _table("sortable paired", head, body, caption=caption)


def _opt(x: float | None, digits: int = 2) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def _failures_text(failures: dict[str, int]) -> str:
    from arena.report import _failures_text as words

    return words(failures)


def _verdicts(board: dict[str, Any]) -> str:
    from arena.report import _verdict_notes

    notes = _verdict_notes(board)
    return "".join(
        f'<p class="verdict{" against" if str(n).startswith("Against") else ""}">{esc(str(n))}</p>'
        for n in notes
    )


def _interval_charts(board: dict[str, Any], cooperative: bool) -> str:
    rows = board["leaderboard"]
    bars: list[svg.RateBar] = []
    split = cooperative and board["arena"].get("teams", "mixed") == "both"
    for r in rows:
        series = [("all", r)] + ([("alone", r["alone"]), ("mixed", r["mixed"])] if split else [])
        for name, t in series:
            ci = t.get("win_rate_95") or [None, None]
            bars.append(svg.RateBar(r["bot"], name, t["games"], t["win_rate"], ci[0], ci[1]))
    win_title = (
        "Team win % with its 95% Wilson interval" if cooperative else "Win % with its 95% Wilson interval"
    )
    parts = [f'<figure class="chart-box"><figcaption>{esc(win_title)}</figcaption>']
    parts.append(svg.win_rate_chart(bars, win_title) + "</figure>")
    if not cooperative:
        from arena.ratings import Z

        title = f"Rating: mu ± sigma (bar), rating = mu - {Z:g} sigma (diamond)"
        parts.append(f'<figure class="chart-box"><figcaption>{esc(title)}</figcaption>')
        parts.append(svg.rating_chart(rows, Z, title) + "</figure>")
    return '<div class="charts">' + "".join(parts) + "</div>"


def _heat_map(board: dict[str, Any]) -> str:
    names = [r["bot"] for r in board["leaderboard"]]
    shares = board.get("head_to_head", {})
    intervals = board.get("head_to_head_95", {})
    head = ['<th class="corner">row ahead of column</th>'] + [f'<th class="col">{esc(n)}</th>' for n in names]
    body = []
    for a in names:
        cells = [f'<th class="row">{esc(a)}</th>']
        for b in names:
            share = shares.get(a, {}).get(b)
            if a == b or share is None:
                why = "" if a == b else f' title="{esc(a)} and {esc(b)} never played together"'
                cells.append(f'<td class="h2h empty" data-row="{esc(a)}" data-col="{esc(b)}"{why}>·</td>')
                continue
            h = intervals.get(a, {}).get(b)
            attrs = f'class="h2h" data-row="{esc(a)}" data-col="{esc(b)}" data-share="{num(share)}"'
            if h:
                low, high = h["interval"]
                near = low <= 0.5 <= high
                attrs += (
                    f' data-low="{num(low)}" data-high="{num(high)}" data-games="{h["games"]}" '
                    f'data-deals="{h["deals"]}" data-effective="{num(h["effective_games"])}"'
                    + (' data-indistinguishable="1"' if near else "")
                )
                title = (
                    f"{a} finished ahead of {b} in {pct(share)} of their {h['games']} games "
                    "(a tie counts 1/2); "
                    f"95% interval {100 * low:.0f}-{100 * high:.0f}%, the {h['deals']} deals as clusters "
                    f"({h['effective_games']:.1f} effective games)"
                    + ("; contains 50%: cannot be told apart" if near else "")
                )
                text = f"{'≈' if near else ''}{pct(share)}"
                sub = f"<small>{100 * low:.0f}-{100 * high:.0f}</small>"
            else:
                title = f"{a} finished ahead of {b} in {pct(share)} of their games"
                text, sub = pct(share), ""
            style = f"background:{svg.share_colour(share)};color:{svg.ink_on(share)}"
            cells.append(f'<td {attrs} title="{esc(title)}" style="{style}">{esc(text)}{sub}</td>')
        body.append(f'<tr data-bot="{esc(a)}">' + "".join(cells) + "</tr>")
    legend = (
        '<div class="scale"><span>0%</span><span class="ramp"></span><span>100%</span>'
        '<span class="hint">≈: the 95% interval contains 50% (the two cannot be told apart); '
        "small figures: the interval</span></div>"
    )
    return (
        '<div class="table-wrap"><table class="heat"><thead><tr>'
        + "".join(head)
        + "</tr></thead><tbody>"
        + "".join(body)
        + "</tbody></table></div>"
        + legend
    )


def _seat_tables(board: dict[str, Any], cooperative: bool, total: str) -> str:
    arena = board["arena"]
    rows = board["leaderboard"]
    players = arena["players"]
    place = not cooperative
    head = [_th("Bot", "text")] + [_th(f"Seat {s}") for s in range(players)]
    body = [
        f'<tr data-bot="{esc(r["bot"])}">'
        + _td(r["bot"], r["bot"], "bot")
        + "".join(_tally_cell(t, place) for t in r["seats"])
        + "</tr>"
        for r in rows
    ]
    foot = []
    if not cooperative:
        foot.append(
            '<tr class="all">' + _td("all bots") + "".join(_tally_cell(t) for t in board["seats"]) + "</tr>"
        )
    seats_caption = "Per seat: team win %" if cooperative else "Per seat: win % (average place)"
    out = [_table("sortable seats", head, body, seats_caption, foot)]
    role = (arena.get("role_name") or "role").lower()
    roles = [f for f in arena.get("roles", []) if f in board["roles"]]
    if roles:
        head = [_th("Bot", "text")] + [_th(f) for f in roles]
        body = [
            f'<tr data-bot="{esc(r["bot"])}">'
            + _td(r["bot"], r["bot"], "bot")
            + "".join(_tally_cell(r["roles"].get(f), place) for f in roles)
            + "</tr>"
            for r in rows
        ]
        foot = [
            '<tr class="all">'
            + _td("all bots")
            + "".join(_tally_cell(board["roles"][f], place) for f in roles)
            + "</tr>",
            '<tr class="all">'
            + _td(f"avg {total}")
            + "".join(_td(_opt(board["roles"][f]["avg_score"], 1), cls="num") for f in roles)
            + "</tr>",
        ]
        caption = f"Per {role}: team win %" if cooperative else f"Per {role}: win % (average place)"
        out.append(_table("sortable roles", head, body, caption, foot))
    return '<div class="pair-tables">' + "".join(out) + "</div>"


def _failures(board: dict[str, Any]) -> str:
    from altay_cli.records import FAILURE_STATUSES

    statuses = [s for s in FAILURE_STATUSES if s in board["failures"]]
    statuses += sorted(set(board["failures"]) - set(statuses))
    parts = []
    if statuses:
        head = [_th("Bot", "text")] + [_th(s) for s in statuses] + [_th("Total"), _th("Forfeits")]
        body = []
        for r in board["leaderboard"]:
            f = r["failures"]
            body.append(
                f'<tr data-bot="{esc(r["bot"])}">'
                + _td(r["bot"], r["bot"], "bot")
                + "".join(
                    _td(str(f.get(s, 0)), f.get(s, 0), "num" + (" bad" if f.get(s) else "")) for s in statuses
                )
                + _td(str(sum(f.values())), sum(f.values()), "num")
                + _td(str(r.get("forfeits", 0)), r.get("forfeits", 0), "num")
                + "</tr>"
            )
        parts.append(_table("sortable failures", head, body, "Failures by status (each bot)"))
        items = [(s, board["failures"][s]) for s in statuses]
        parts.append(
            '<figure class="chart-box"><figcaption>Failures by status (all bots)</figcaption>'
            + svg.count_bars(items, "Failures by status", "failure-bar", svg.VERMILION)
            + "</figure>"
        )
    else:
        parts.append(
            '<p class="ok">No failures: no bot crashed, stalled, timed out or played an illegal action.</p>'
        )
    ends = list(board["end_reasons"].items())
    if ends:
        parts.append(
            '<figure class="chart-box"><figcaption>How the games ended</figcaption>'
            + svg.count_bars(ends, "How the games ended", "end-bar")
            + "</figure>"
        )
    return '<div class="pair-tables">' + "".join(parts) + "</div>"


def _definitions(rows: Sequence[tuple[str, str]], cls: str) -> str:
    items = "".join(f"<dt>{esc(k.rstrip(':'))}</dt><dd>{esc(v)}</dd>" for k, v in rows)
    return f'<dl class="{cls}">{items}</dl>'


CONDITION_LABELS = ("Conditions:", "Bots:", "Own:", "Added:", "Teams:")


def _games_data(
    board: dict[str, Any],
    records: Sequence[GameRecord],
    links: dict[int, tuple[str | None, str | None]],
    game_scores: dict[int, float] | None,
    length: str,
) -> dict[str, Any]:
    names = [b["name"] for b in board["arena"]["bots"]]
    index = {n: i for i, n in enumerate(names)}
    roles = list(board["arena"].get("roles", []))
    role_index = {r: i for i, r in enumerate(roles)}
    rows = []
    for rec in records:
        for r in rec.roles:
            if r and r not in role_index:
                role_index[r] = len(roles)
                roles.append(r)
        failures = "; ".join(f"seat {f['seat']} {f.get('status', '?')}" for f in rec.failures)
        view, log = links.get(rec.game_id, (None, None))
        rows.append(
            [
                rec.game_id,
                rec.deal,
                rec.group,
                rec.seating,
                [index.get(b, -1) for b in rec.bots],
                [role_index.get(r, -1) if r else -1 for r in rec.roles],
                rec.ranks,
                rec.totals,
                rec.end_reason or "unfinished",
                rec.team,
                failures,
                rec.forfeits,
                rec.rounds,
                rec.turns,
                rec.decisions,
                round(rec.duration_s, 2),
                view,
                log,
                None if game_scores is None else game_scores.get(rec.game_id),
            ]
        )
    return {
        "bots": names,
        "roles": roles,
        "cooperative": board["arena"].get("cooperative", False),
        "length": length,  # the column the table shows: "turns" or "rounds"
        "columns": [
            "id",
            "deal",
            "group",
            "seating",
            "bots",
            "roles",
            "ranks",
            "scores",
            "end",
            "team",
            "failures",
            "forfeits",
            "rounds",
            "turns",
            "decisions",
            "seconds",
            "view",
            "log",
            "new_score",
        ],
        "games": rows,
    }


def _sprt_section(data: SprtData) -> str:
    b = data.board
    s = b["sprt"]
    unit = "Elo" if s["model"] == "logistic" else "nElo"
    from arena.sprt import Verdict
    from arena.sprt_results import VERDICT_TEXT

    verdict = (
        "no decision within --max-pairs " + str(s["max_pairs"])
        if b["exhausted"]
        else VERDICT_TEXT[Verdict(b["verdict"])]
    )
    elo = b["elo"]
    elo_text = "-" if elo is None else elo["text"]
    interval = "" if elo is None or elo["capped"] else f"95%: {elo['low']:+.1f} to {elo['high']:+.1f}"
    figures = [
        ("LLR", f"{b['llr']:.2f}", f"bounds {b['lower']:.2f} and {b['upper']:.2f}", "llr"),
        (unit, elo_text.removeprefix(unit).strip(), interval, "elo"),
        ("LOS", "-" if elo is None else f"{100 * elo['los']:.1f}%", "likelihood of superiority", "los"),
        ("Score", "-" if elo is None else f"{100 * elo['score']:.1f}%", "NEW's mean score per game", "score"),
        (
            "Pairs",
            str(b["pairs"]),
            f"{b['games']} games"
            + (f", {b['incomplete_pairs']} incomplete pair" if b["incomplete_pairs"] else ""),
            "pairs",
        ),
        ("W / D / L", f"{b['wins']} / {b['draws']} / {b['losses']}", "single games, NEW's view", "wdl"),
    ]
    cards = "".join(
        f'<div class="figure {cls}" data-figure="{cls}"><span class="label">{esc(k)}</span>'
        f'<span class="big">{esc(v)}</span><span class="sub">{esc(sub)}</span></div>'
        for k, v, sub, cls in figures
    )
    state = "decided" if b["decided"] else ("exhausted" if b["exhausted"] else "running")
    llr_title = (
        f"LLR after each complete pair against its bounds (H0 [{s['elo0']:g}] at {b['lower']:.2f}, "
        f"H1 [{s['elo1']:g}] at {b['upper']:.2f}; {s['model']} Elo, alpha {s['alpha']:g}, beta {s['beta']:g})"
    )
    body = (
        f'<p class="verdict-banner {state} v-{esc(b["verdict"])}" data-verdict="{esc(b["verdict"])}">'
        f"SPRT: {esc(verdict)}</p>"
        f'<div class="figures">{cards}</div>'
        f'<figure class="chart-box wide"><figcaption>{esc(llr_title)}</figcaption>'
        + svg.llr_chart(data.path, b["lower"], b["upper"], llr_title)
        + '</figure><div class="charts">'
        f'<figure class="chart-box"><figcaption>{esc(unit)} estimate with its 95% interval, beside elo0 '
        "and elo1</figcaption>"
        + svg.elo_chart(elo, s["elo0"], s["elo1"], unit, f"{unit} estimate")
        + "</figure>"
        '<figure class="chart-box"><figcaption>Pairs by score (NEW\'s view: LL 0 ... WW 2)</figcaption>'
        + svg.pentanomial_chart(b["pentanomial"], "Pairs by score")
        + "</figure></div>"
        + '<details><summary>As the terminal prints it</summary><pre class="terminal">'
        + esc(data.text)
        + "</pre></details>"
    )
    return _section("sprt", f"SPRT: {s['new']['name']} (NEW) against {s['base']['name']} (BASE)", body)


def _games_section(links: dict[int, tuple[str | None, str | None]], length: str) -> str:
    """The list of games: filled by the page's script from the JSON, a page of them at a time;
    each game's length in the count the game uses (`length`: "turns" or "rounds")."""
    if not any(v for v, _ in links.values()):
        note = (
            '<p class="note">The games link their logs; '
            "<code>altay arena report DIR --html FILE --games</code> writes each game's viewer page "
            "into the arena folder and links it here.</p>"
        )
    else:
        note = ""
    return (
        note + '<div class="games-controls"><label>Bot <select id="games-bot"><option value="">all</option>'
        '</select></label><label>Game id <input id="games-jump" type="number" min="0" placeholder="id">'
        '</label><span id="games-count"></span><span class="pager">'
        '<button id="games-prev" type="button">previous</button><span id="games-page"></span>'
        '<button id="games-next" type="button">next</button></span></div>'
        '<div class="table-wrap"><table id="games-table" class="games"><thead><tr><th>Game</th>'
        "<th>Deal</th><th>Seating</th><th>Seats: bot (role) place, score</th><th>Result</th><th>End</th>"
        f"<th>{length.capitalize()}</th><th>Failures</th><th>Page</th></tr></thead><tbody></tbody></table></div>"
        "<noscript><p>The list of games needs JavaScript; every game's log is in the arena's logs/ "
        "folder.</p></noscript>"
    )


def render_page(
    board: dict[str, Any],
    records: Sequence[GameRecord],
    links: dict[int, tuple[str | None, str | None]],
    *,
    problems: Sequence[Any] = (),
    sprt: SprtData | None = None,
    game_scores: dict[int, float] | None = None,
    live_script: str | None = None,
) -> str:
    """The whole page as one string (with `live_script` after the page's own: `altay serve`)."""
    from arena.records import length_field
    from arena.report import _total_name

    arena = board["arena"]
    cooperative = bool(arena.get("cooperative"))
    finished = arena["complete"] if sprt is None else sprt.board["decided"] or sprt.board["exhausted"]
    title, legend = _footer(_shown_board(board, finished))
    total = "score" if cooperative else _total_name(arena["game"])
    conditions = [(k, v) for k, v in legend if k in CONDITION_LABELS]
    notes = [(k, v) for k, v in legend if k not in CONDITION_LABELS]
    state = "complete" if arena["complete"] else "incomplete"
    if sprt is not None:
        s = sprt.board["sprt"]
        heading = f"SPRT {s['new']['name']} (NEW) vs {s['base']['name']} (BASE), {s['game']}"
        state = (
            "decided" if sprt.board["decided"] else ("exhausted" if sprt.board["exhausted"] else "running")
        )
    else:
        heading = title
    chips = [
        ("game", arena["game"]),
        ("players", str(arena["players"])),
        ("bots", str(len(board["leaderboard"]))),
        (
            "games",
            f"{arena['games_played']}/{arena['games_scheduled']}"
            if sprt is None
            else str(arena["games_played"]),
        ),
        ("state", state),
    ]
    chip_html = "".join(
        f'<span class="chip" data-chip="{esc(k)}"><b>{esc(k)}</b> {esc(v)}</span>' for k, v in chips
    )
    sections: list[tuple[str, str, str]] = []  # (id, nav label, html)
    if problems:
        items = "".join(
            f"<li>{esc('game ' + str(p.game_id) if p.game_id is not None else 'arena')}: "
            f"<b>{esc(p.kind)}</b> {esc(p.detail)}</li>"
            for p in problems[:200]
        )
        more = (
            f"<li>... and {len(problems) - 200} more (--json lists them all)</li>"
            if len(problems) > 200
            else ""
        )
        sections.append(
            (
                "integrity",
                "Integrity",
                _section(
                    "integrity",
                    f"Integrity: {len(problems)} problem(s) between the database, the schedule and the logs",
                    f'<ul class="problems">{items}{more}</ul>',
                ),
            )
        )
    if sprt is not None:
        sections.append(("sprt", "SPRT", _sprt_section(sprt)))
    main = _team_leaderboard(board) if cooperative else _leaderboard(board, total)
    if sprt is None:
        lead_title, caption = "Leaderboard", ""
    else:
        lead_title = "The test's games as a leaderboard"
        caption = (
            f'<p class="caption">The {len(records)} games stored so far, as an arena would rank '
            "their bots.</p>"
        )
    sections.append(
        ("leaderboard", "Leaderboard", _section("leaderboard", lead_title, caption + main + _verdicts(board)))
    )
    sections.append(
        ("intervals", "Intervals", _section("intervals", "Intervals", _interval_charts(board, cooperative)))
    )
    if cooperative and board.get("paired"):
        sections.append(("paired", "Same deals", _section("paired", "Same deals", _paired(board))))
    if not cooperative and len(board["leaderboard"]) >= 2:
        sections.append(
            (
                "head-to-head",
                "Head to head",
                _section(
                    "head-to-head",
                    "Head to head",
                    _heat_map(board),
                    "How often the row bot finished ahead of the column bot, a tie counting 1/2; hover a "
                    "cell for its 95% interval (the games of one deal taken as one sample).",
                ),
            )
        )
    role = (arena.get("role_name") or "role").lower()
    has_roles = any(f in board["roles"] for f in arena.get("roles", []))
    sections.append(
        (
            "seats",
            f"Seats and {role}s" if has_roles else "Seats",
            _section(
                "seats",
                f"Per seat and per {role}" if has_roles else "Per seat",
                _seat_tables(board, cooperative, total),
            ),
        )
    )
    sections.append(
        ("failures", "Failures", _section("failures", "Failures and game ends", _failures(board)))
    )
    sections.append(
        (
            "conditions",
            "Conditions",
            _section("conditions", "Conditions of play", _definitions(conditions, "conditions")),
        )
    )
    length = length_field(arena["game"])
    games = _games_section(links, length)
    sections.append(("games", "Games", _section("games", f"Games ({len(records)})", games)))
    sections.append(("notes", "Notes", _section("notes", "How to read it", _definitions(notes, "notes"))))
    nav = "".join(f'<a href="#{ident}">{esc(label)}</a>' for ident, label, _ in sections)
    data = _games_data(board, records, links, game_scores, length)
    script = _asset("report.js")
    return (
        "<!doctype html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{content_policy(script, live_script)}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta name="generator" content="altay">'
        f"<title>{esc(heading)}</title><style>{_asset('report.css')}</style></head>"
        f'<body data-kind="{"sprt" if sprt else "arena"}" data-cooperative="{int(cooperative)}">'
        f'<header><h1>{esc(heading)}</h1><div class="chips">{chip_html}</div><nav>{nav}</nav></header>'
        "<main>" + "".join(html for _, _, html in sections) + "</main>"
        f'<script type="application/json" id="games-data">{_json_for_script(data)}</script>'
        f"<script>{script}</script>"
        + ("" if live_script is None else f"<script>{live_script}</script>")
        + "</body></html>\n"
    )
