"""Where the web viewer draws each territory, computed from the map's structure in data.json:
never a picture of one map, so any map the data file describes is drawn.

- Rings (each territory's `ring` label, ordered by their mean distance from the centre; or,
  without labels, the distance itself) become concentric circles around the centre.
- Regions become sectors, in the data's order clockwise from the top; inside a sector, a ring's
  territories are ordered so that each lies toward its neighbours (a few rounds of barycentric
  ordering), so most edges stay short and few cross.
- A map with rings but no regions spreads each ring over the whole circle, ordered the same way;
  a map with neither (no centre, no rings) gets a force-directed layout.

Coordinates are in a square box of `BOX` units, the centre at its middle; every territory gets
a distinct position and a disc radius that keeps discs apart.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

BOX = 1000.0
MAX_DISC = 72.0  # the largest disc radius (a territory's contents are drawn for it)
OUTSIDE = 36.0  # room outside the outermost discs for the region names
ORDER_ROUNDS = 24  # barycentric ordering rounds (converges in a handful on real maps)
FORCE_ROUNDS = 300


@dataclass(frozen=True)
class Node:
    """One territory as the layout sees it."""

    id: int
    region: str | None = None
    ring: str | None = None


@dataclass
class Layout:
    positions: dict[int, tuple[float, float]]
    radius: float  # the disc radius of an ordinary territory
    centre_radius: float  # the centre's disc (bigger: every clan gathers there)
    rings: list[float] = field(default_factory=list)  # ring radii (empty without rings)
    #: per region: its name, sector angles (degrees, clockwise from the top; None without
    #: sectors) and where its name is written
    regions: list[dict[str, object]] = field(default_factory=list)
    kind: str = "rings"  # rings_and_sectors, rings, force


def _neighbours(ids: Sequence[int], adjacency: Sequence[tuple[int, int]]) -> dict[int, set[int]]:
    nb: dict[int, set[int]] = {i: set() for i in ids}
    for a, b in adjacency:
        if a in nb and b in nb and a != b:
            nb[a].add(b)
            nb[b].add(a)
    return nb


def _distances(start: int, nb: dict[int, set[int]]) -> dict[int, int]:
    dist = {start: 0}
    todo = deque([start])
    while todo:
        x = todo.popleft()
        for y in sorted(nb[x]):
            if y not in dist:
                dist[y] = dist[x] + 1
                todo.append(y)
    return dist


def _wrap(a: float) -> float:
    """An angle in (-pi, pi]."""
    a = math.fmod(a + math.pi, 2 * math.pi)
    if a < 0:
        a += 2 * math.pi
    return a - math.pi


def _ring_levels(
    nodes: Sequence[Node], centre: int | None, nb: dict[int, set[int]]
) -> list[list[int]] | None:
    """The territories by ring, innermost first (the centre excluded); None without rings."""
    others = [n for n in nodes if n.id != centre]
    dist = _distances(centre, nb) if centre is not None else {}
    far = max(dist.values(), default=0) + 1
    if others and all(n.ring for n in others):
        groups: dict[str, list[int]] = {}
        for n in others:
            groups.setdefault(str(n.ring), []).append(n.id)
        if centre is not None:
            order = sorted(groups, key=lambda r: sum(dist.get(i, far) for i in groups[r]) / len(groups[r]))
        else:
            order = list(groups)
        return [groups[r] for r in order]
    if centre is None:
        return None
    levels: dict[int, list[int]] = {}
    for n in others:
        levels.setdefault(dist.get(n.id, far), []).append(n.id)
    return [levels[k] for k in sorted(levels)]


def _order_rings(
    slots: dict[int, list[tuple[int, ...]]],
    spans: dict[tuple[int, ...], tuple[float, float]],
    nb: dict[int, set[int]],
    centre: int | None,
) -> dict[int, float]:
    """Angles for every territory: each group (a region's part of a ring, or a whole ring) is
    spread evenly over its span, its members ordered toward their neighbours."""
    groups = [group for level in slots.values() for group in level]
    order = {g: list(g) for g in groups}
    angle: dict[int, float] = {}

    def place() -> None:
        for g, members in order.items():
            a0, a1 = spans[g]
            step = (a1 - a0) / len(members)
            for j, t in enumerate(members):
                angle[t] = a0 + (j + 0.5) * step

    place()
    for _ in range(ORDER_ROUNDS):
        changed = False
        for g, members in order.items():
            a0, a1 = spans[g]
            mid = (a0 + a1) / 2

            def pull(t: int, mid: float = mid) -> float:
                around = [angle[u] for u in nb[t] if u != centre and u in angle]
                if not around:
                    return _wrap(angle[t] - mid)
                x = sum(math.cos(a) for a in around)
                y = sum(math.sin(a) for a in around)
                if abs(x) < 1e-9 and abs(y) < 1e-9:
                    return _wrap(angle[t] - mid)
                return _wrap(math.atan2(y, x) - mid)

            ranked = sorted(members, key=lambda t: (pull(t), t))
            if ranked != members:
                order[g] = ranked
                changed = True
        place()
        if not changed:
            break
    return angle


def _force(ids: Sequence[int], nb: dict[int, set[int]]) -> dict[int, tuple[float, float]]:
    """Fruchterman-Reingold from a circle, deterministic: neighbours pull, everyone pushes."""
    n = len(ids)
    pos = {t: (math.cos(2 * math.pi * k / n), math.sin(2 * math.pi * k / n)) for k, t in enumerate(ids)}
    k = math.sqrt(4.0 / max(n, 1))
    heat = 0.2
    for _ in range(FORCE_ROUNDS):
        disp = {t: [0.0, 0.0] for t in ids}
        for i, a in enumerate(ids):
            ax, ay = pos[a]
            for b in ids[i + 1 :]:
                dx, dy = ax - pos[b][0], ay - pos[b][1]
                d = math.hypot(dx, dy) or 1e-6
                f = k * k / d
                disp[a][0] += dx / d * f
                disp[a][1] += dy / d * f
                disp[b][0] -= dx / d * f
                disp[b][1] -= dy / d * f
        for a in ids:
            for b in nb[a]:
                if a < b:
                    dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
                    d = math.hypot(dx, dy) or 1e-6
                    f = d * d / k
                    disp[a][0] -= dx / d * f
                    disp[a][1] -= dy / d * f
                    disp[b][0] += dx / d * f
                    disp[b][1] += dy / d * f
        for t in ids:
            dx, dy = disp[t]
            d = math.hypot(dx, dy) or 1e-6
            step = min(d, heat)
            pos[t] = (pos[t][0] + dx / d * step, pos[t][1] + dy / d * step)
        heat = max(heat * 0.985, 0.002)
    return pos


def _unit(pos: dict[int, tuple[float, float]]) -> dict[int, tuple[float, float]]:
    """Positions centred on (0, 0), the farthest at distance 1."""
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    far = max(math.hypot(x - cx, y - cy) for x, y in pos.values()) or 1.0
    return {t: ((x - cx) / far, (y - cy) / far) for t, (x, y) in pos.items()}


def _nearest(pos: dict[int, tuple[float, float]], centre: int | None) -> float:
    pts = [p for t, p in pos.items() if t != centre]
    if len(pts) < 2:
        return 1.0
    return min(math.dist(a, b) for i, a in enumerate(pts) for b in pts[i + 1 :]) or 1e-3


def _disc(nearest: float, scale: float) -> float:
    """The disc radius: most of half the nearest two territories' distance, within bounds."""
    return max(12.0, min(MAX_DISC, nearest * scale * 0.46))


def _scale(unit: dict[int, tuple[float, float]], centre: int | None) -> tuple[float, float]:
    """The largest scale (and the disc radius it gives) that keeps every disc and the region
    names around the outermost ones inside the box."""
    nearest = _nearest(unit, centre)
    scale = BOX / 2 - MAX_DISC - OUTSIDE
    for _ in range(8):
        scale = BOX / 2 - _disc(nearest, scale) - OUTSIDE
    return scale, _disc(nearest, scale)


def _separate(pos: dict[int, tuple[float, float]]) -> None:
    """Nudge apart any two territories that landed on one spot (a degenerate map)."""
    seen: set[tuple[float, float]] = set()
    for t in sorted(pos):
        x, y = pos[t]
        k = 0
        while (round(x, 3), round(y, 3)) in seen:
            k += 1
            x, y = pos[t][0] + 0.02 * k * math.cos(k), pos[t][1] + 0.02 * k * math.sin(k)
        pos[t] = (x, y)
        seen.add((round(x, 3), round(y, 3)))


def layout(
    nodes: Sequence[Node],
    adjacency: Sequence[tuple[int, int]],
    centre: int | None = None,
    region_order: Sequence[str] = (),
) -> Layout:
    """Positions for every node (see the module docstring)."""
    ids = [n.id for n in nodes]
    if not ids:
        raise ValueError("a map needs territories")
    if len(set(ids)) != len(ids):
        raise ValueError("territory ids must be distinct")
    nb = _neighbours(ids, adjacency)
    if centre is not None and centre not in nb:
        centre = None
    levels = _ring_levels(nodes, centre, nb)
    others = [n for n in nodes if n.id != centre]
    by_id = {n.id: n for n in nodes}
    mid = BOX / 2
    if not levels:
        unit = _unit(_force(ids, nb)) if len(ids) > 1 else {ids[0]: (0.0, 0.0)}
        _separate(unit)
        scale, radius = _scale(unit, None)
        pos = {t: (mid + x * scale, mid + y * scale) for t, (x, y) in unit.items()}
        regions = _region_labels(by_id, pos, None, region_order, 0.0)
        return Layout(pos, radius, radius, [], regions, "force")
    sectors = bool(others) and all(n.region for n in others)
    names = list(region_order) if sectors else []
    if sectors:
        names += sorted({str(n.region) for n in others} - set(names))
    count = len(levels)
    slots: dict[int, list[tuple[int, ...]]] = {}
    spans: dict[tuple[int, ...], tuple[float, float]] = {}
    width = 2 * math.pi / max(len(names), 1)
    top = -math.pi / 2
    for k, level in enumerate(levels):
        slots[k] = []
        if sectors:
            for i, name in enumerate(names):
                group = tuple(t for t in level if by_id[t].region == name)
                if group:
                    slots[k].append(group)
                    spans[group] = (top + (i - 0.5) * width, top + (i + 0.5) * width)
        else:
            group = tuple(level)
            slots[k].append(group)
            spans[group] = (top, top + 2 * math.pi)
    angle = _order_rings(slots, spans, nb, centre)
    unit_radii = [(k + 1) / count for k in range(count)]  # evenly spaced, the centre as ring 0
    unit = {
        t: (unit_radii[k] * math.cos(angle[t]), unit_radii[k] * math.sin(angle[t]))
        for k, level in enumerate(levels)
        for t in level
    }
    if centre is not None:
        unit[centre] = (0.0, 0.0)
    _separate(unit)
    scale, radius = _scale(unit, centre)
    pos = {t: (mid + x * scale, mid + y * scale) for t, (x, y) in unit.items()}
    radii = [r * scale for r in unit_radii]
    centre_radius = max(radius, min(radii[0] - radius - 10, radius * 1.9)) if centre is not None else radius
    regions = _region_labels(
        by_id, pos, (names, width, top) if sectors else None, region_order, radii[-1] + radius
    )
    return Layout(pos, radius, centre_radius, radii, regions, "rings_and_sectors" if sectors else "rings")


def _region_labels(
    by_id: dict[int, Node],
    pos: dict[int, tuple[float, float]],
    sectors: tuple[list[str], float, float] | None,
    region_order: Sequence[str],
    outer: float,
) -> list[dict[str, object]]:
    """Where each region's name is written: just outside its sector, or at the middle of its
    territories when there are no sectors."""
    out: list[dict[str, object]] = []
    mid = BOX / 2
    if sectors is not None:
        names, width, top = sectors
        for i, name in enumerate(names):
            a = top + i * width
            r = outer + OUTSIDE * 0.5
            out.append(
                {
                    "name": name,
                    "a0": round(math.degrees(a - width / 2 - top), 2),
                    "a1": round(math.degrees(a + width / 2 - top), 2),
                    "x": round(mid + r * math.cos(a), 1),
                    "y": round(mid + r * math.sin(a), 1),
                }
            )
        return out
    names = list(region_order)
    names += sorted({str(n.region) for n in by_id.values() if n.region} - set(region_order))
    for name in names:
        pts = [pos[t] for t, n in by_id.items() if n.region == name]
        if pts:
            x = sum(p[0] for p in pts) / len(pts)
            y = sum(p[1] for p in pts) / len(pts)
            out.append({"name": name, "a0": None, "a1": None, "x": round(x, 1), "y": round(y, 1)})
    return out
