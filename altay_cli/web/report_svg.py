"""The report pages' charts, drawn here as inline SVG (no chart library, nothing fetched).

Each mark carries its numbers as `data-*` attributes and as text beside it (a chart is read
without hovering), and a <title> for the tooltip. Colours are from Okabe and Ito's palette,
told apart by people with any common colour-vision deficiency; the heat map's scale runs from
orange through white to blue, with the share written in every cell as well.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

BLUE = "#0072B2"
SKY = "#56B4E9"
ORANGE = "#E69F00"
VERMILION = "#D55E00"
GREEN = "#009E73"
INK = "#1f2933"
GRID = "#d9dee3"
MUTED = "#6b7785"

LABEL_W = 130  # the bots' names column of a bar chart
VALUE_W = 150  # the numbers written right of the bars
ROW_H = 26


def esc(value: Any) -> str:
    return escape(str(value), quote=True)


def num(x: float | None, digits: int = 4) -> str:
    """A number for a data attribute ("" for none): plain, round-trippable by parseFloat."""
    if x is None:
        return ""
    return f"{x:.{digits}f}".rstrip("0").rstrip(".") if isinstance(x, float) else str(x)


def pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.0f}%"


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering [low, high] (1, 2 or 5 times a power of ten apart)."""
    if not (math.isfinite(low) and math.isfinite(high)) or high <= low:
        return [low]
    raw = (high - low) / max(1, count)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.ceil(low / step - 1e-9) * step
    ticks = []
    t = first
    while t <= high + 1e-9 * step:
        ticks.append(round(t, 10))
        t += step
    return ticks


def _tick_text(t: float) -> str:
    return f"{t:g}"


@dataclass(frozen=True, slots=True)
class Scale:
    """A linear map from [lo, hi] to pixels [a, b]."""

    lo: float
    hi: float
    a: float
    b: float

    def __call__(self, v: float) -> float:
        if self.hi == self.lo:
            return (self.a + self.b) / 2
        v = min(max(v, self.lo), self.hi)
        return self.a + (v - self.lo) / (self.hi - self.lo) * (self.b - self.a)


def _svg(width: int, height: int, body: list[str], label: str, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{esc(v)}"' for k, v in attrs.items())
    return (
        f'<svg class="chart" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'role="img" aria-label="{esc(label)}"{extra}>' + "".join(body) + "</svg>"
    )


def _x_axis(
    scale: Scale, ticks: Sequence[float], top: float, bottom: float, fmt: Any = _tick_text
) -> list[str]:
    out = []
    for t in ticks:
        x = scale(t)
        out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top:.1f}" y2="{bottom:.1f}" stroke="{GRID}"/>')
        out.append(
            f'<text x="{x:.1f}" y="{bottom + 14:.1f}" text-anchor="middle" class="tick">{esc(fmt(t))}</text>'
        )
    return out


# ----------------------------------------------------------------------------- win rates
@dataclass(frozen=True, slots=True)
class RateBar:
    """One bot's win rate and its 95% interval (None: no games)."""

    bot: str
    series: str  # "all", "alone", "mixed"
    games: int
    rate: float | None
    low: float | None
    high: float | None


def win_rate_chart(bars: Sequence[RateBar], title: str) -> str:
    """Horizontal bars from 0 to each win rate, the 95% interval as a whisker, 50% marked."""
    width = 600
    plot_w = width - LABEL_W - VALUE_W
    top, height = 8, 8 + ROW_H * len(bars) + 26
    x = Scale(0.0, 1.0, LABEL_W, LABEL_W + plot_w)
    body = _x_axis(x, [0, 0.25, 0.5, 0.75, 1.0], top, height - 22, lambda t: f"{100 * t:.0f}%")
    body.append(
        f'<line x1="{x(0.5):.1f}" x2="{x(0.5):.1f}" y1="{top}" y2="{height - 22}" '
        f'stroke="{MUTED}" stroke-dasharray="3 3"/>'
    )
    for i, b in enumerate(bars):
        y = top + i * ROW_H
        mid = y + ROW_H / 2
        name = b.bot if b.series == "all" else f"{b.bot} ({b.series})"
        attrs = (
            f'class="rate-bar" data-bot="{esc(b.bot)}" data-series="{esc(b.series)}" data-games="{b.games}" '
            f'data-win-rate="{num(b.rate)}" data-low="{num(b.low)}" data-high="{num(b.high)}"'
        )
        text = "no games" if b.rate is None else f"{pct(b.rate)} [{pct(b.low)}, {pct(b.high)}]"
        body.append(f"<g {attrs}><title>{esc(name)}: win {esc(text)}, {b.games} games</title>")
        body.append(
            f'<text x="{LABEL_W - 8}" y="{mid + 4:.1f}" text-anchor="end" class="name">{esc(name)}</text>'
        )
        if b.rate is not None:
            fill = SKY if b.series == "all" else (ORANGE if b.series == "alone" else GREEN)
            body.append(
                f'<rect class="bar" x="{x(0):.1f}" y="{y + 6:.1f}" width="{x(b.rate) - x(0):.1f}" '
                f'height="{ROW_H - 12}" fill="{fill}" opacity="0.75"/>'
            )
            if b.low is not None and b.high is not None:
                body.append(_whisker(x(b.low), x(b.high), mid, "whisker"))
            body.append(f'<circle class="point" cx="{x(b.rate):.1f}" cy="{mid:.1f}" r="3.5" fill="{INK}"/>')
        body.append(
            f'<text x="{LABEL_W + plot_w + 10}" y="{mid + 4:.1f}" class="value">{esc(text)}</text></g>'
        )
    return _svg(width, height, body, title)


def _whisker(x1: float, x2: float, y: float, cls: str, colour: str = INK) -> str:
    return (
        f'<g class="{cls}" stroke="{colour}" stroke-width="1.6">'
        f'<line x1="{x1:.1f}" x2="{x2:.1f}" y1="{y:.1f}" y2="{y:.1f}"/>'
        f'<line x1="{x1:.1f}" x2="{x1:.1f}" y1="{y - 5:.1f}" y2="{y + 5:.1f}"/>'
        f'<line x1="{x2:.1f}" x2="{x2:.1f}" y1="{y - 5:.1f}" y2="{y + 5:.1f}"/></g>'
    )


# ----------------------------------------------------------------------------- ratings
def rating_chart(rows: Sequence[dict[str, Any]], z: float, title: str) -> str:
    """Each bot's mu with mu ± sigma as a thick bar, and its rating mu - z sigma as a diamond."""
    width = 600
    plot_w = width - LABEL_W - VALUE_W
    top, height = 8, 8 + ROW_H * len(rows) + 26
    lows = [r["mu"] - z * r["sigma"] for r in rows] + [r["mu"] - r["sigma"] for r in rows]
    highs = [r["mu"] + r["sigma"] for r in rows]
    ticks = nice_ticks(min(lows), max(highs))
    lo, hi = min([*ticks, *lows]), max([*ticks, *highs])
    x = Scale(lo, hi, LABEL_W, LABEL_W + plot_w)
    body = _x_axis(x, ticks, top, height - 22)
    for i, r in enumerate(rows):
        y = top + i * ROW_H
        mid = y + ROW_H / 2
        mu, sigma, ordinal = r["mu"], r["sigma"], r["ordinal"]
        text = f"{ordinal:.2f} · {mu:.2f} ± {sigma:.2f}"
        body.append(
            f'<g class="rating-bar" data-bot="{esc(r["bot"])}" data-mu="{num(mu)}" data-sigma="{num(sigma)}" '
            f'data-ordinal="{num(ordinal)}"><title>{esc(r["bot"])}: rating {ordinal:.2f} '
            f"(mu - {z:g} sigma); mu {mu:.2f} ± sigma {sigma:.2f}</title>"
        )
        body.append(
            f'<text x="{LABEL_W - 8}" y="{mid + 4:.1f}" text-anchor="end" class="name">{esc(r["bot"])}</text>'
        )
        body.append(
            f'<line x1="{x(ordinal):.1f}" x2="{x(mu - sigma):.1f}" y1="{mid:.1f}" y2="{mid:.1f}" '
            f'stroke="{MUTED}" stroke-dasharray="2 2"/>'
        )
        body.append(
            f'<rect class="bar" x="{x(mu - sigma):.1f}" y="{y + 7:.1f}" '
            f'width="{max(1.0, x(mu + sigma) - x(mu - sigma)):.1f}" height="{ROW_H - 14}" fill="{BLUE}" '
            'opacity="0.35"/>'
        )
        body.append(f'<circle class="point" cx="{x(mu):.1f}" cy="{mid:.1f}" r="3.5" fill="{BLUE}"/>')
        d = x(ordinal)
        body.append(
            f'<path class="ordinal" d="M{d:.1f} {mid - 6:.1f} L{d + 5:.1f} {mid:.1f} L{d:.1f} {mid + 6:.1f} '
            f'L{d - 5:.1f} {mid:.1f} Z" fill="{VERMILION}"/>'
        )
        body.append(
            f'<text x="{LABEL_W + plot_w + 10}" y="{mid + 4:.1f}" class="value">{esc(text)}</text></g>'
        )
    return _svg(width, height, body, title)


# ----------------------------------------------------------------------------- counts
def count_bars(items: Sequence[tuple[str, int]], title: str, cls: str, colour: str = SKY) -> str:
    """Horizontal bars of counts (end reasons, failures by status), the count beside each."""
    width = 560
    plot_w = width - 210 - 70
    top, height = 6, 6 + ROW_H * max(1, len(items)) + 6
    peak = max([n for _, n in items] + [1])
    x = Scale(0, peak, 210, 210 + plot_w)
    body = []
    for i, (label, n) in enumerate(items):
        y = top + i * ROW_H
        mid = y + ROW_H / 2
        body.append(
            f'<g class="{cls}" data-label="{esc(label)}" data-count="{n}"><title>{esc(label)}: {n}</title>'
            f'<text x="202" y="{mid + 4:.1f}" text-anchor="end" class="name">{esc(label)}</text>'
            f'<rect x="210" y="{y + 6:.1f}" width="{max(1.0, x(n) - x(0)):.1f}" height="{ROW_H - 12}" '
            f'fill="{colour}"/><text x="{x(n) + 6:.1f}" y="{mid + 4:.1f}" class="value">{n}</text></g>'
        )
    return _svg(width, height, body, title)


def pentanomial_chart(counts: Sequence[int], title: str) -> str:
    """The five pair outcomes of an SPRT as columns, each with its count."""
    names = ("LL", "LD", "LW+DD", "DW", "WW")
    colours = (VERMILION, ORANGE, MUTED, SKY, BLUE)
    width, height, base = 360, 190, 160
    peak = max([*counts, 1])
    body = [f'<line x1="10" x2="{width - 10}" y1="{base}" y2="{base}" stroke="{GRID}"/>']
    for i, (name, n) in enumerate(zip(names, counts)):
        cx = 40 + i * 70
        h = 120 * n / peak
        body.append(
            f'<g class="penta-bar" data-cell="{name}" data-count="{n}"><title>{name}: {n} pairs</title>'
            f'<rect x="{cx - 22}" y="{base - h:.1f}" width="44" height="{h:.1f}" fill="{colours[i]}"/>'
            f'<text x="{cx}" y="{base - h - 6:.1f}" text-anchor="middle" class="value">{n}</text>'
            f'<text x="{cx}" y="{base + 16}" text-anchor="middle" class="tick">{name}</text></g>'
        )
    return _svg(width, height, body, title)


# ----------------------------------------------------------------------------- SPRT
@dataclass(frozen=True, slots=True)
class LlrPoint:
    pair: int  # 1, 2, ...: the number of complete pairs counted
    game_id: int  # the game that completed the pair
    pair_score: float  # 0, 0.5, 1, 1.5 or 2
    llr: float


def llr_chart(points: Sequence[LlrPoint], lower: float, upper: float, title: str) -> str:
    """The LLR after each complete pair, from 0 at no pairs, against the test's two bounds."""
    width, height = 1220, 330
    left, right, top, bottom = 56, 130, 14, 40
    n = max(1, len(points))
    values = [p.llr for p in points]
    lo = min([lower * 1.25, *values])
    hi = max([upper * 1.25, *values])
    x = Scale(0, n, left, width - right)
    y = Scale(lo, hi, height - bottom, top)
    body = []
    for t in nice_ticks(lo, hi, 6):
        body.append(
            f'<line x1="{left}" x2="{width - right}" y1="{y(t):.1f}" y2="{y(t):.1f}" stroke="{GRID}"/>'
            f'<text x="{left - 6}" y="{y(t) + 4:.1f}" text-anchor="end" class="tick">{_tick_text(t)}</text>'
        )
    for t in nice_ticks(0, n, 8):
        if float(t).is_integer():
            body.append(
                f'<text x="{x(t):.1f}" y="{height - bottom + 16}" text-anchor="middle" class="tick">'
                f"{int(t)}</text>"
            )
    body.append(
        f'<text x="{(left + width - right) / 2:.1f}" y="{height - 6}" text-anchor="middle" class="axis">'
        "complete pairs (deal order)</text>"
    )
    body.append(
        f'<rect x="{left}" y="{y(hi):.1f}" width="{width - right - left}" height="{y(upper) - y(hi):.1f}" '
        f'fill="{BLUE}" opacity="0.10"/>'
        f'<rect x="{left}" y="{y(lower):.1f}" width="{width - right - left}" height="{y(lo) - y(lower):.1f}" '
        f'fill="{VERMILION}" opacity="0.10"/>'
    )
    for value, name, colour in ((upper, "H1", BLUE), (lower, "H0", VERMILION)):
        body.append(
            f'<line class="bound" data-bound="{name}" data-value="{num(value)}" x1="{left}" '
            f'x2="{width - right}" y1="{y(value):.1f}" y2="{y(value):.1f}" stroke="{colour}" '
            f'stroke-width="1.5" stroke-dasharray="6 4"/>'
            f'<text x="{width - right + 6}" y="{y(value) + 4:.1f}" class="value" fill="{colour}">'
            f"{name} at {value:+.2f}</text>"
        )
    body.append(f'<line x1="{left}" x2="{width - right}" y1="{y(0):.1f}" y2="{y(0):.1f}" stroke="{MUTED}"/>')
    coords = [f"{x(0):.1f},{y(0):.1f}"] + [f"{x(p.pair):.1f},{y(p.llr):.1f}" for p in points]
    body.append(
        f'<polyline class="llr-path" fill="none" stroke="{INK}" stroke-width="2" '
        f'points="{" ".join(coords)}" data-llr="{" ".join(num(p.llr) for p in points)}"/>'
    )
    if len(points) <= 400:  # a dot per pair (with its tooltip) while they stay apart
        for p in points:
            body.append(
                f'<circle class="llr-point" data-pair="{p.pair}" data-game="{p.game_id}" '
                f'data-llr="{num(p.llr)}" cx="{x(p.pair):.1f}" cy="{y(p.llr):.1f}" r="2.6" fill="{INK}">'
                f"<title>pair {p.pair} (completed by game {p.game_id}): scored {p.pair_score:g}, "
                f"LLR {p.llr:.3f}</title></circle>"
            )
    if points:
        last = points[-1]
        body.append(
            f'<text class="value final" x="{x(last.pair) - 6:.1f}" y="{y(last.llr) - 10:.1f}" '
            f'text-anchor="end">LLR {last.llr:.2f} after {last.pair} pairs</text>'
        )
    return _svg(width, height, body, title, data_points=str(len(points)))


def elo_chart(elo: dict[str, Any] | None, elo0: float, elo1: float, unit: str, title: str) -> str:
    """The Elo estimate with its 95% interval, beside the test's elo0 and elo1."""
    width, height = 600, 104
    left, right = 40, 60
    if elo is None:
        return _svg(width, 40, ['<text x="10" y="24" class="value">no complete pair yet</text>'], title)
    marks = [elo["low"], elo["high"], elo0, elo1, 0.0]
    lo, hi = min(marks), max(marks)
    pad = max(5.0, (hi - lo) * 0.08)
    ticks = nice_ticks(lo - pad, hi + pad, 6)
    x = Scale(min([*ticks, lo - pad]), max([*ticks, hi + pad]), left, width - right)
    body = _x_axis(x, ticks, 20, 66, lambda t: f"{t:+g}" if t else "0")
    for value, name, colour in ((elo0, "elo0", VERMILION), (elo1, "elo1", BLUE)):
        body.append(
            f'<line x1="{x(value):.1f}" x2="{x(value):.1f}" y1="14" y2="74" stroke="{colour}" '
            f'stroke-width="2" stroke-dasharray="4 3"/><text x="{x(value):.1f}" y="11" text-anchor="middle" '
            f'class="tick" fill="{colour}">{name} {value:+g}</text>'
        )
    capped = " (capped: this or beyond)" if elo["capped"] else ""
    body.append(
        f'<g class="elo-interval" data-elo="{num(elo["elo"])}" data-low="{num(elo["low"])}" '
        f'data-high="{num(elo["high"])}" data-los="{num(elo["los"])}"><title>{unit} {elo["elo"]:+.1f}, 95% '
        f"[{elo['low']:+.1f}, {elo['high']:+.1f}]{capped}, LOS {100 * elo['los']:.1f}%</title>"
        f'<rect x="{x(elo["low"]):.1f}" y="36" width="{max(2.0, x(elo["high"]) - x(elo["low"])):.1f}" '
        f'height="18" fill="{SKY}" opacity="0.6"/>'
        + _whisker(x(elo["low"]), x(elo["high"]), 45, "whisker")
        + f'<circle cx="{x(elo["elo"]):.1f}" cy="45" r="5" fill="{INK}"/>'
        f'<text x="{x(elo["elo"]):.1f}" y="96" text-anchor="middle" class="value final">'
        f"{esc(elo['text'])}</text></g>"
    )
    return _svg(width, height, body, title)


# ----------------------------------------------------------------------------- heat map colours
def share_colour(share: float) -> str:
    """Orange (0%) through near-white (50%) to blue (100%): a diverging, colour-blind-safe scale."""
    share = min(1.0, max(0.0, share))
    ends = ((0xC2, 0x5B, 0x00), (0xF7, 0xF7, 0xF5), (0x00, 0x5A, 0x9C))
    if share < 0.5:
        a, b, t = ends[0], ends[1], share / 0.5
    else:
        a, b, t = ends[1], ends[2], (share - 0.5) / 0.5
    r, g, bl = (round(p + (q - p) * t) for p, q in zip(a, b))
    return f"#{r:02x}{g:02x}{bl:02x}"


def ink_on(share: float) -> str:
    """Text colour readable on `share_colour(share)`."""
    return "#ffffff" if abs(share - 0.5) > 0.32 else INK
