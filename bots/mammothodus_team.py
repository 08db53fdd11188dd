"""A heuristic team player for Mammothodus (the cooperative game): standard library only.

It works on the protocol's JSON forms (an observation dict and the list of legal action dicts),
so the same code drives `greedy_bot.py` (the subprocess bot, which passes `hello.static`) and the
in-process "greedy" policy (which passes no static data: data.json next to the engine is read
once instead, found with importlib.util.find_spec without importing the engine).

    choose(observation, actions, rng=None, static=None) -> index into actions

How it plays. Each clan keeps one figurine in the centre (the "anchor": the centre has no
colour, so humans there never act, and the win needs a figurine of every clan there) and sends
the others out as workers. Every decision re-reads the whole board:

- the portal lines: for each line not yet active, the territories that satisfy its region and
  colour cells, the shards it still misses there, and the nearest open shard of each missing
  type (a greedy assignment, cheapest line first, so two lines do not count on one shard);
- from that, the jobs: carry a shard to its line's territory, explore (end a move on a
  face-down shard, valued by how much its likely type would save), stand on a ready territory;
- the threats: tribes against the limit of 12 (more weight the closer they are, and for tribes
  on a place of power, which summon spirits), spirits against 3, the population against 0 at
  the next generation change, the degradation supply against the cards the next change takes.

The first place of power starts the spirits' clock (tribes flock to it and summon), so ready
lines are held until every line is ready and figurines stand on two of them, or until the next
portal fragment is about to turn (it adds a condition to every line not yet active); then the
places are activated as fast as the cards allow, and every clan's anchor is already home.

The action of the turn is the best scored of: activate, attack (the expected kills, weighed by
the pressure), development (when the generation change is near and the marker short; surplus
points buy adaptation cards), population, move (the best job per figurine that the hand can pay
for, planned as a script of steps, takes and drops) and degradation (to clear the hand). The
smaller decisions follow the same plan: which figurine, how many and which cards (the least
useful first), re-rolls while the population allows, hit targets (a spirit when that is worth
the dice), the adaptation card, figurines at a generation change (the centre first), where the
humans go when they could go several ways (the centre first: there they never act again), end of
turn discards that cycle the hand. A program leading several clans sees all their hands (the
observation's `team_hands`): what those allies can add to an attack or an activation near a
figurine is then counted from their cards instead of guessed from their hands' sizes. It helps
allies to activate, to develop when their marker is short, to attack when tribes press, and
always with degradation cards. With the advanced
talents it takes spirit call blocking if it can (else protection, trail lock, trap, bait), places
a token when a spot next to a figurine is worth the card (blocking only once two spirits stand:
a summoning also takes a tribe off the map; protection in the centre, where arriving spirits hit
every anchor), and uses a token whenever its moment is offered. Anything it does not understand
gets index 0; it never raises (unless STRICT, for tests).
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any

COLORS = ("red", "green", "yellow", "blue")
ACTION_COLOR = {
    "move": "green",
    "attack": "red",
    "population": "yellow",
    "development": "blue",
    "activate": "blue",
}
BONUS_ACTION = {"red": "attack", "green": "move", "yellow": "population", "blue": "development"}
STRICT = False  # tests and tuning: let exceptions through instead of answering 0

#: tunable weights, in rough "steps of work" (a carry is worth about 8, a tribe killed about 2
#: when few stand on the map and far more near the limit of 12); measured, not derived
P: dict[str, float] = {
    "anchor": 1.0,  # keep one figurine of each clan in the centre (0: let it work)
    "explore_cost": 5.0,  # a missing shard type with no open shard known: its cost in steps
    "tribe_base": 1.5,  # a tribe killed, with few on the map ...
    "tribe_urgency": 24.0,  # ... and how fast that grows toward the limit
    "dev_cost": 5.0,  # one degradation card taken at a generation change
    "dev_mid": 0.5,  # the urgency of developing with 4-6 cards left in the deck (3 or less: 1)
    "dev_early": 0.15,  # ... with 7 or more
    "adapt_value": 2.5,  # an adaptation card
    "card_cost": 0.8,  # a card spent on a move (its value elsewhere)
    "carry": 8.0,  # a shard carried to its line's territory
    "ready": 4.0,  # ... when it completes the line
    "position": 7.0,  # a figurine sent to a ready territory, to activate it
    "burst_position": 1.5,  # ... times this when every line is ready
    "explore": 3.0,  # per step of line cost an opened shard is expected to save
    "explore_base": 2.0,  # any face-down shard opened
    "pop_target": 9.0,  # population gains below this are worth a little
    "pop_fig": 6.0,  # a gain that keeps a figurine at the next generation change
    "fig_gain": 8.0,  # a gain that brings a second figurine back
    "reroll_pop": 3.0,  # re-roll only while the population stays at least this
    "discard_below": 1.0,  # at the end of a turn, cycle cards worth less than this
    "red_base": 1.0,  # what a red card is worth with no tribe on the map
    "green_worker": 1.3,  # a green card while a figurine works
    "dup_factor": 0.6,  # each further copy of a card in the hand is worth this much of the last
    "extra_min": 1.0,  # an extra action is taken when it is worth this more than the card
    "place_danger": 1.5,  # standing on a place of power (spirits are summoned there)
    "guard": 0.8,  # a tribe killed on a place of power, in spirits prevented
    "dirty_activate": 6.0,  # activating where tribes stand (they summon at once), against 1000
    "block_from": 2.0,  # spirits on the map from which summonings are worth blocking
    "token_min": 0.5,  # a talent token is placed when its spot is worth this more than the card
    "flip_soon": 4.0,  # activate what is ready when this few human cards are left before a flip
    "dig_clans": 1.0,  # up to this many clans, the discards dig for the next activation's cards
    "burst_work": 0.0,  # hold the first activation until the other lines' costs are this low
    "presence": 2.0,  # ... and this many ready territories have a figurine on them
}


# ---------------------------------------------------------------------------- static data
class Board:
    """The map and components of data.json (hello.static's `data`)."""

    def __init__(self, data: dict[str, Any]) -> None:
        m = data.get("map") or {}
        terrs = sorted(m.get("territories") or [], key=lambda t: int(t.get("id", 0)))
        n = (max((int(t["id"]) for t in terrs), default=20)) + 1
        self.n = n
        self.centre = int(m.get("centre", 0))
        self.color: list[str | None] = [None] * n
        self.region: list[str | None] = [None] * n
        self.ring: list[str] = [""] * n
        for t in terrs:
            i = int(t["id"])
            self.color[i] = t.get("color")
            self.region[i] = t.get("region")
            self.ring[i] = str(t.get("ring") or "")
        adj: list[set[int]] = [set() for _ in range(n)]
        for a, b in m.get("adjacency") or []:
            adj[int(a)].add(int(b))
            adj[int(b)].add(int(a))
        self.adj = [tuple(sorted(s)) for s in adj]
        self.dist = [self._bfs(a) for a in range(n)]
        self.centre_activates = bool(m.get("centre_activates", False))
        self.trail_at = sorted({int(x) for x in (m.get("trail_positions") or {}).values()})
        self.trail_at += [int(x) for x in m.get("initial_trails") or [] if int(x) not in self.trail_at]
        portal = data.get("portal") or {}
        self.fragments = {int(f["id"]): list(f.get("lines") or []) for f in portal.get("fragments") or []}
        self.n_lines = max((len(x) for x in self.fragments.values()), default=4)
        shards = data.get("shards") or {}
        self.shard_types = list(shards.get("types") or portal.get("shard_types") or [])
        self.per_type = int(shards.get("per_type", 5))
        self.spirits = {
            str(s.get("name")): (int(s.get("dice", 2)), int(s.get("min", 4)))
            for s in (data.get("spirits") or {}).get("cards") or []
        }
        self.hit = int((data.get("dice") or {}).get("hit", 4))
        lim = data.get("limits") or {}
        self.tribe_limit = int(lim.get("tribes", 12))
        self.spirit_limit = int(lim.get("spirits", 3))
        self.hand_size = int(lim.get("hand", 4))
        pop = data.get("population") or {}
        self.per_fig = int(pop.get("per_figurine", 4))
        self.max_figs = int(pop.get("max_figurines", 4))
        self.lose_below = int(pop.get("lose_below", pop.get("min", -4)))
        self.pop_max = int(pop.get("max", 16))
        self.boxes = int((data.get("degradation_track") or {}).get("boxes", 4))
        hd = (data.get("human_deck") or {}).get("cards") or {}
        self.human_cards = {str(k): int(x) for k, x in hd.items()}

    def _bfs(self, a: int) -> list[int]:
        dist = [99] * self.n
        dist[a] = 0
        todo = [a]
        for x in todo:
            for y in self.adj[x]:
                if dist[y] == 99:
                    dist[y] = dist[x] + 1
                    todo.append(y)
        return dist

    def figs_for(self, pop: int) -> int:
        if pop <= 0:
            return 0
        return min(self.max_figs, -(-pop // self.per_fig))


_DEFAULT: Board | None = None
_STATIC: tuple[Any, Board] | None = None


def _data_file() -> Path | None:
    candidates = [
        Path(__file__).resolve().parent.parent / "altay_cli" / "engine" / "mammothodus" / "data.json"
    ]
    try:
        import importlib.util

        spec = importlib.util.find_spec("altay_cli")
        if spec is not None and spec.origin:
            candidates.insert(0, Path(spec.origin).parent / "engine" / "mammothodus" / "data.json")
    except Exception:
        pass
    for path in candidates:
        if path.is_file():
            return path
    return None


def board_for(static: Any = None) -> Board:
    """The components: from `hello.static` (its `data`) when given, else data.json read once."""
    global _DEFAULT, _STATIC
    if isinstance(static, dict):
        data = static.get("data") if isinstance(static.get("data"), dict) else static
        if isinstance(data, dict) and data.get("map"):
            if _STATIC is None or _STATIC[0] is not static:
                _STATIC = (static, Board(data))
            return _STATIC[1]
    if _DEFAULT is None:
        data = {}
        try:
            path = _data_file()
            if path is not None:
                data = json.loads(path.read_text(encoding="utf-8"))
        except Exception:
            data = {}
        if not data.get("map"):
            data = _FALLBACK_DATA
        _DEFAULT = Board(data)
    return _DEFAULT


def _fallback_data() -> dict[str, Any]:
    """The stand-in map of RULINGS.md M2-M4 (used only when data.json cannot be found)."""
    regions = ["N", "E", "S", "W"]
    base = ["red", "green", "yellow", "blue"]
    terr = [{"id": 0, "region": None, "color": None, "ring": "centre"}]
    adj = [[0, i] for i in range(1, 9)]
    adj += [[i, i % 8 + 1] for i in range(1, 9)]
    adj += [[9 + j, 9 + (j + 1) % 12] for j in range(12)]
    colors: dict[int, str] = {}
    for k, r in enumerate(regions):
        lrot = base[k:] + base[:k]
        a, bb = 1 + 2 * k, 2 + 2 * k
        x, y, z = 9 + 3 * k, 10 + 3 * k, 11 + 3 * k
        colors.update({a: lrot[1], bb: lrot[2], x: lrot[3], y: lrot[0], z: lrot[0]})
        adj += [[a, x], [a, y], [bb, y], [bb, z]]
        for t, ring in ((a, "inner"), (bb, "inner"), (x, "outer"), (y, "outer"), (z, "outer")):
            terr.append({"id": t, "region": r, "color": colors[t], "ring": ring})
    frags = [
        {
            "id": i + 1,
            "lines": [{"shard": ["sun", "moon", "star", "wave"][(i + j + 1) % 4]} for j in range(4)],
        }
        for i in range(4)
    ]
    frags += [
        {
            "id": 5 + i,
            "lines": [{"region": r} for r in regions] if i % 2 == 0 else [{"color": c} for c in base],
        }
        for i in range(4)
    ]
    return {
        "map": {
            "centre": 0,
            "centre_activates": False,
            "territories": terr,
            "adjacency": adj,
            "initial_trails": [10, 13, 16, 19],
            "trail_positions": {str(i + 1): t for i, t in enumerate([9, 11, 12, 14, 15, 17, 18, 20])},
        },
        "portal": {"fragments": frags, "shard_types": ["sun", "moon", "star", "wave"]},
        "shards": {"types": ["sun", "moon", "star", "wave"], "per_type": 5},
        "spirits": {
            "cards": [
                {"name": "Earth", "dice": 2, "min": 4},
                {"name": "Wind", "dice": 2, "min": 5},
                {"name": "Progenitors", "dice": 3, "min": 4},
            ]
        },
        "dice": {"hit": 4},
        "limits": {"tribes": 12, "spirits": 3, "places_of_power": 4, "hand": 4},
        "population": {"start": 7, "min": -4, "max": 16, "per_figurine": 4, "max_figurines": 4},
        "degradation_track": {"boxes": 4},
        "human_deck": {"cards": {"red": 3, "green": 3, "yellow": 3, "blue": 3, "new_trail": 2}},
    }


_FALLBACK_DATA = _fallback_data()


# ---------------------------------------------------------------------------- cards
def card_value(card: str, colors: tuple[str, ...]) -> int:
    """How many cards of `colors` a card counts as (0: it cannot be played there)."""
    if card == "wild":
        return 1
    if ":" in card:
        kind, color = card.split(":", 1)
        if color not in colors:
            return 0
        return 2 if kind == "double" else 1 if kind == "extra" else 0
    return 1 if card in colors else 0


def points(hand: list[str], colors: tuple[str, ...]) -> int:
    return sum(card_value(c, colors) for c in hand)


# ---------------------------------------------------------------------------- the view
class View:
    """One observation, read once: the map's figures, the clans, the portal lines."""

    def __init__(self, obs: dict[str, Any], b: Board) -> None:
        self.obs = obs
        self.b = b
        n = b.n
        self.me = int(obs.get("seat") or 0)
        self.tribes = [0] * n
        self.spirits: list[list[str]] = [[] for _ in range(n)]
        self.anc: list[list[tuple[int, str]]] = [[] for _ in range(n)]
        self.open: list[list[str]] = [[] for _ in range(n)]
        self.closed = [0] * n
        self.trail = [False] * n
        self.place_line: list[int | None] = [None] * n
        self.tokens: list[list[tuple[int, str]]] = [[] for _ in range(n)]  # talents (advanced)
        for t in obs.get("territories") or []:
            i = int(t.get("id", 0))
            if not 0 <= i < n:
                continue
            self.tribes[i] = int(t.get("tribes") or 0)
            self.spirits[i] = [str(s) for s in t.get("spirits") or []]
            self.anc[i] = [(int(a.get("clan", 0)), str(a.get("color"))) for a in t.get("ancients") or []]
            self.open[i] = [str(s) for s in t.get("open_shards") or []]
            self.closed[i] = int(t.get("closed_shards") or 0)
            self.trail[i] = bool(t.get("trail"))
            self.place_line[i] = t.get("place")
            self.tokens[i] = [(int(x.get("clan", 0)), str(x.get("talent"))) for x in t.get("talents") or []]
        self.clans = list(obs.get("clans") or [])
        self.nclans = max(1, len(self.clans))
        self.my = self.clans[self.me] if self.me < len(self.clans) else {}
        self.hand = [str(c) for c in (self.my.get("hand") or [])]
        #: the hands it knows: its own, and those of the other clans its program leads (M18)
        self.hands: dict[int, list[str]] = {self.me: self.hand}
        for team in obs.get("team_hands") or []:
            if isinstance(team, dict) and isinstance(team.get("clan"), int):
                self.hands[int(team["clan"])] = [str(c) for c in team.get("hand") or []]
        self.figs = {str(c): int(t) for c, t in (self.my.get("figurines") or {}).items() if t is not None}
        self.total_tribes = sum(self.tribes)
        self.total_spirits = sum(len(s) for s in self.spirits)
        self.places = list(obs.get("places") or [None] * b.n_lines)
        self.n_places = sum(1 for p in self.places if p is not None)
        self.progress = list(obs.get("progress") or [])
        self.turn = int(obs.get("turn") or 0)
        self.lines = self._lines()
        self._plans: list[LinePlan] | None = None
        self._cands: dict[int, list[int]] = {}
        self._jobs: list[Job] | None = None
        self._by_type: dict[str, list[tuple[int, int]]] | None = None

    # ------------------------------------------------------------ helpers
    def frame(self, routine: str) -> dict[str, Any] | None:
        for f in reversed(self.progress):
            if f.get("routine") == routine:
                return f.get("v") or {}
        return None

    def ally_points(self, seat: int, color: str, share: float) -> float:
        """What clan `seat` can add as an ally to an action of `color`: exactly, when its hand is
        known (a clan the same program leads), else a guess, `share` of its hand's size."""
        hand = self.hands.get(seat)
        if hand is not None:
            return float(points(hand, (color,)))
        clan = self.clans[seat] if 0 <= seat < len(self.clans) else {}
        return int(clan.get("hand_size") or 0) * share

    def clan_figs(self, seat: int) -> dict[str, int]:
        if not 0 <= seat < len(self.clans):
            return {}
        return {str(c): int(t) for c, t in (self.clans[seat].get("figurines") or {}).items() if t is not None}

    def team_positions(self) -> list[int]:
        return [t for s in range(len(self.clans)) for t in self.clan_figs(s).values()]

    def centre_count(self, seat: int) -> int:
        return sum(1 for t in self.clan_figs(seat).values() if t == self.b.centre)

    def tcolor(self, t: int) -> str | None:
        return self.b.color[t] if 0 <= t < self.b.n else None

    def own_colors(self, action: str, t: int) -> tuple[str, ...]:
        base = ACTION_COLOR.get(action, "blue")
        c = self.tcolor(t)
        return (base,) if c is None or c == base else (base, c)

    def activates(self, t: int, color: str) -> bool:
        c = self.tcolor(t)
        return self.b.centre_activates if c is None else c == color

    # ------------------------------------------------------------ the portal lines
    def _lines(self) -> list[tuple[Counter[str], set[str], set[str]] | None]:
        out: list[tuple[Counter[str], set[str], set[str]] | None] = []
        frags = self.obs.get("portal_open") or []
        for line in range(self.b.n_lines):
            if line < len(self.places) and self.places[line] is not None:
                out.append(None)
                continue
            shards: Counter[str] = Counter()
            regions: set[str] = set()
            colors: set[str] = set()
            for f in frags:
                cells = f.get("lines") or []
                if line >= len(cells):
                    continue
                cell = cells[line] or {}
                if cell.get("shard"):
                    shards[str(cell["shard"])] += 1
                if cell.get("region"):
                    regions.add(str(cell["region"]))
                if cell.get("color"):
                    colors.add(str(cell["color"]))
            out.append((shards, regions, colors))
        return out

    def candidates(self, line: int) -> list[int]:
        got = self._cands.get(line)
        if got is None:
            got = self._cands[line] = self._candidates(line)
        return got

    def _candidates(self, line: int) -> list[int]:
        spec = self.lines[line]
        if spec is None:
            return []
        _, regions, colors = spec
        b = self.b
        return [
            t
            for t in range(b.n)
            if t != b.centre
            and self.place_line[t] is None
            and t not in self.places
            and all(r == b.region[t] for r in regions)
            and all(c == b.color[t] for c in colors)
        ]

    def line_met(self, line: int, t: int) -> bool:
        spec = self.lines[line]
        if spec is None or t not in self.candidates(line):
            return False
        here = Counter(self.open[t])
        return all(here[k] >= n for k, n in spec[0].items())

    def shards_of(self, kind: str) -> list[tuple[int, int]]:
        """(territory, how many) of the open shards of this type."""
        if self._by_type is None:
            by: dict[str, list[tuple[int, int]]] = {}
            for t in range(self.b.n):
                for k, c in Counter(self.open[t]).items():
                    by.setdefault(k, []).append((t, c))
            self._by_type = by
        return self._by_type.get(kind, [])

    def plans(self) -> list[LinePlan]:
        if self._plans is None:
            self._plans = line_plans(self)
        return self._plans

    # ------------------------------------------------------------ threats
    def tribe_weight(self) -> float:
        """What one tribe less is worth: more the closer the tribes are to the limit."""
        room = self.b.tribe_limit - self.total_tribes
        trails = sum(self.trail)
        return P["tribe_base"] + P["tribe_urgency"] * (1 + 0.15 * trails) / max(1.0, room + 0.5) ** 1.6

    def spirit_weight(self) -> float:
        room = self.b.spirit_limit - self.total_spirits
        return 4.0 + 40.0 / max(1.0, room + 0.3) ** 2

    def attackers_on(self, seat: int, t: int) -> float:
        """Expected population a clan's figurines in t lose per human card (roughly)."""
        figs = sum(1 for c, s in self.anc[t] if c == seat)
        if not figs or self.tcolor(t) is None:
            return 0.0
        tribes = self.tribes[t]
        spirits = len(self.spirits[t])
        return figs * (tribes + 2 * spirits) * 0.25


class LinePlan:
    __slots__ = ("cost", "line", "missing", "sources", "target")

    def __init__(
        self, line: int, target: int, missing: list[str], sources: list[tuple[str, int | None]], cost: float
    ):
        self.line = line
        self.target = target
        self.missing = missing
        self.sources = sources
        self.cost = cost


def _line_at(
    v: View, line: int, t: int, reserved: Counter[tuple[int, str]], near: list[int]
) -> tuple[float, list[str], list[tuple[str, int | None]]]:
    """The cost of meeting `line` in t (in steps, roughly): for each shard it misses there, the
    nearest free open shard of that type carried over (or a guess when none is known), plus
    reaching t and the humans there. `near`: each territory's distance from the team."""
    spec = v.lines[line]
    assert spec is not None
    req = spec[0]
    d = v.b.dist[t]
    have = Counter(v.open[t])
    for (pos, kind), k in reserved.items():
        if pos == t:
            have[kind] -= k
    missing: list[str] = []
    for kind, k in req.items():
        missing += [kind] * max(0, k - max(0, have[kind]))
    cost = 0.0
    sources: list[tuple[str, int | None]] = []
    local: Counter[tuple[int, str]] = Counter()
    for kind in missing:
        best = None
        bd = 99.0
        for a, count in v.shards_of(kind):
            if a == t or count - reserved[(a, kind)] - local[(a, kind)] <= 0:
                continue
            score = d[a] + 1 + 0.4 * near[a]
            if score < bd:
                bd, best = score, a
        if best is None:
            cost += P["explore_cost"] - (0.8 if v.closed[t] else 0.0)
            sources.append((kind, None))
        else:
            local[(best, kind)] += 1
            cost += bd
            sources.append((kind, best))
    cost += 0.5 * near[t]
    cost += 0.6 * v.tribes[t] + 1.5 * len(v.spirits[t])
    return cost, missing, sources


def line_plans(v: View) -> list[LinePlan]:
    """For each open line, the best territory and what it misses, lines assigned greedily (the
    cheapest first) so that no shard serves two lines."""
    team = v.team_positions() or [v.b.centre]
    near = [min(v.b.dist[x][a] for x in team) for a in range(v.b.n)]
    todo = []
    for line in range(v.b.n_lines):
        if v.lines[line] is None:
            continue
        cands = v.candidates(line)
        if not cands:
            continue
        best = min(_line_at(v, line, t, Counter(), near)[0] for t in cands)
        todo.append((best, line, cands))
    todo.sort()
    reserved: Counter[tuple[int, str]] = Counter()
    used_targets: set[int] = set()
    out: list[LinePlan] = []
    for _, line, cands in todo:
        best_plan = None
        for t in cands:
            if t in used_targets:
                continue
            cost, missing, sources = _line_at(v, line, t, reserved, near)
            if best_plan is None or cost < best_plan.cost:
                best_plan = LinePlan(line, t, missing, sources, cost)
        if best_plan is None:
            continue
        out.append(best_plan)
        used_targets.add(best_plan.target)
        spec = v.lines[line]
        assert spec is not None
        have = Counter(v.open[best_plan.target])
        for kind, k in spec[0].items():
            reserved[(best_plan.target, kind)] += min(k, have[kind])
        for kind, a in best_plan.sources:
            if a is not None:
                reserved[(a, kind)] += 1
    return out


# ---------------------------------------------------------------------------- card values
def keep_value(v: View, card: str) -> float:
    """What keeping a card is worth (the least useful is played or given first)."""
    if card == "degradation":
        return -1.0
    if card == "draw3":
        return 3.0
    if card == "wild":
        return 3.5
    if ":" in card:
        kind, color = card.split(":", 1)
        return (2.0 if kind == "double" else 1.6) * _color_value(v, color)
    return _color_value(v, card)


def _color_value(v: View, color: str) -> float:
    if color == "blue":
        return 2.0 + 0.3 * (4 - v.n_places)
    if color == "red":
        return P["red_base"] + 0.12 * v.total_tribes + 0.8 * v.total_spirits
    if color == "green":
        workers = any(t != v.b.centre for t in v.figs.values()) or len(v.figs) > 1
        return P["green_worker"] if workers and v.n_places < v.b.n_lines else 1.0
    if color == "yellow":
        pop = int(v.my.get("population") or 0)
        return 0.6 + max(0, 6 - pop) * 0.4
    return 1.0


def playable_cards(actions: list[dict[str, Any]]) -> list[tuple[int, str]]:
    return [(i, str(a.get("card"))) for i, a in enumerate(actions) if a.get("type") == "card"]


def index_of(actions: list[dict[str, Any]], **want: Any) -> int | None:
    for i, a in enumerate(actions):
        if all(a.get(k) == x for k, x in want.items()):
            return i
    return None


# ---------------------------------------------------------------------------- moves: jobs
class Job:
    __slots__ = ("completes", "kind", "shard", "src", "target", "value")

    def __init__(
        self, kind: str, target: int, value: float, src: int | None = None, shard: str | None = None
    ):
        self.kind = kind  # carry, position, explore, centre
        self.target = target
        self.value = value
        self.src = src
        self.shard = shard
        self.completes = False  # a carry that leaves its line ready


def jobs(v: View) -> list[Job]:
    """The things worth moving for, from the line plans."""
    if v._jobs is None:
        v._jobs = _jobs(v)
    return v._jobs


def _jobs(v: View) -> list[Job]:
    out: list[Job] = []
    b = v.b
    team_at = set(v.team_positions())
    plans = v.plans()
    # the chance that a face-down shard is of each type
    seen = Counter(k for t in range(b.n) for k in v.open[t])
    left = {k: max(0, b.per_type - seen[k]) for k in b.shard_types}
    total = max(1, sum(left.values()))
    prob = {k: left[k] / total for k in left}
    gain = [0.0] * b.n  # what opening the shards of each territory is expected to save
    all_ready = all(not lp.missing for lp in plans)
    for lp in plans:
        if not lp.missing:
            value = P["position"] * (1.0 if lp.target not in team_at else 0.35)
            out.append(Job("position", lp.target, value * (P["burst_position"] if all_ready else 1.0)))
            continue
        m = len(lp.missing)
        for kind, a in lp.sources:
            if a is not None:
                bonus = P["ready"] if m == 1 else 0.0
                job = Job("carry", lp.target, P["carry"] + bonus, src=a, shard=kind)
                job.completes = m == 1
                out.append(job)
                now = b.dist[a][lp.target] + 1.0
            else:
                now = P["explore_cost"]
            for e in range(b.n):
                if v.closed[e] and e != b.centre:
                    then = 0.0 if e == lp.target else b.dist[e][lp.target] + 1.0
                    gain[e] += prob.get(kind, 0.0) * max(0.0, now - then) * (1.0 + (1.0 if m == 1 else 0.0))
    for e in range(b.n):
        if v.closed[e] and e != b.centre:
            out.append(Job("explore", e, P["explore_base"] + P["explore"] * gain[e]))
    return out


def going_home(v: View) -> bool:
    """Every place is active and this clan has no figurine in the centre: bring one."""
    return v.n_places >= v.b.n_lines and v.centre_count(v.me) == 0 and bool(v.figs)


def fig_job(
    v: View, fig: str, at: int, budget: int, carrying: str | None, exclude: Job | None = None
) -> tuple[float, Job | None, int]:
    """The best job for one figurine at `at` with `budget` steps: (value, job, steps used).
    A carried shard (`carrying`) can only be delivered."""
    d = v.b.dist
    best: tuple[float, Job | None, int] = (0.0, None, 0)
    seat = v.me
    anchor_here = at == v.b.centre and v.centre_count(seat) <= 1 and P["anchor"] > 0
    all_active = v.n_places >= v.b.n_lines
    if all_active:
        return best
    danger_here = _danger(v, at)
    for job in jobs(v):
        if exclude is not None and (
            (job.kind, job.target, job.src) == (exclude.kind, exclude.target, exclude.src)
            or (job.kind == "carry" and job.src == exclude.src and job.shard == exclude.shard)
            or (job.kind == "position" and job.target == exclude.target)
        ):
            continue
        src: int | None
        if carrying is not None:
            if job.kind != "carry" or job.shard != carrying:
                continue
            src = at
        else:
            src = job.src if job.kind == "carry" else None
        if job.kind == "carry":
            assert src is not None
            need = d[at][src] + d[src][job.target]
            if need <= budget:
                value, steps, end = job.value, need, job.target
            elif d[at][src] <= budget:
                left = budget - d[at][src]
                frac = left / max(1, d[src][job.target])
                value, steps, end = job.value * 0.55 * frac, budget, -1
            else:
                value, steps, end = job.value * 0.25 * budget / (d[at][src] + 1), budget, -1
        else:
            need = d[at][job.target]
            if need <= budget:
                value, steps, end = job.value, need, job.target
            else:
                value, steps, end = job.value * 0.3 * budget / (need + 1), budget, -1
        if steps == 0 and job.kind == "explore":
            value *= 0.0 if v.closed[at] == 0 else 1.0
        value -= P["card_cost"] * steps * 0.5
        if end >= 0:
            value -= _danger(v, end) - danger_here * 0.5
        if anchor_here and steps > 0:
            value -= 60.0 * P["anchor"]
        if value > best[0]:
            best = (value, job, steps)
    return best


def _danger(v: View, t: int) -> float:
    """What standing in t costs: the tribes that attack there, the spirits, and at a place of
    power the spirits its tribes summon (they attack at once)."""
    if t == v.b.centre:
        return 0.0
    d = 1.2 * v.tribes[t] + 3.0 * len(v.spirits[t])
    if v.place_line[t] is not None or t in v.places:
        blocked = any(name == "spirit_block" for _, name in v.tokens[t])
        d += (
            P["place_danger"]
            * (0.5 + v.tribes[t] + sum(v.tribes[x] for x in v.b.adj[t]) * 0.3)
            * (0.2 if blocked else 1.0)
        )
        if blocked:
            d -= 1.2 * v.tribes[t]  # the blocked tribes stay idle: they do not attack there
    return d


def step_toward(v: View, at: int, target: int, options: list[int]) -> int | None:
    d = v.b.dist
    good = [x for x in options if d[x][target] < d[at][target]]
    if not good:
        return None
    return min(good, key=lambda x: (_danger(v, x), -v.closed[x], x))


def move_budget(v: View, fig: str, at: int, hand: list[str]) -> int:
    pts = points(hand, v.own_colors("move", at))
    return pts + (1 if fig == "green" and pts > 0 else 0)


def move_plan(v: View, hand: list[str] | None = None) -> list[tuple[float, str, Job, int]]:
    """(value, figurine, job, steps) for the figurines worth moving, best first, sharing the
    hand greedily."""
    hand = list(v.hand if hand is None else hand)
    acted = set(v.my.get("acted") or [])
    out = []
    used_jobs: set[tuple[str, int, int | None]] = set()
    free = {c: t for c, t in v.figs.items() if c not in acted}
    for _ in range(len(free)):
        best = None
        for fig, at in free.items():
            budget = move_budget(v, fig, at, hand)
            if budget <= 0:
                continue
            value, job, steps = fig_job(v, fig, at, budget, None)
            if job is None or (job.kind, job.target, job.src) in used_jobs:
                continue
            if best is None or value > best[0]:
                best = (value, fig, job, steps)
        if best is None or best[0] <= 0.5:
            break
        out.append(best)
        _, fig, job, steps = best
        used_jobs.add((job.kind, job.target, job.src))
        hand = _spend_for(v, hand, v.own_colors("move", free[fig]), steps - (1 if fig == "green" else 0))
        del free[fig]
    return out


def _spend_for(v: View, hand: list[str], colors: tuple[str, ...], need: int) -> list[str]:
    hand = list(hand)
    got = 0
    for card in sorted((c for c in hand if card_value(c, colors) > 0), key=lambda c: keep_value(v, c)):
        if got >= need:
            break
        hand.remove(card)
        got += card_value(card, colors)
    return hand


# ---------------------------------------------------------------------------- action scores
def deck_turns(v: View) -> float:
    """About how many of this clan's turns remain before its next generation change."""
    deck = int(v.my.get("deck_size") or 0)
    return deck / 2.5


def dev_need(v: View, seat: int | None = None) -> int:
    c = v.my if seat is None else v.clans[seat]
    figs = sum(1 for t in (c.get("figurines") or {}).values() if t is not None)
    return max(0, figs - int(c.get("degradation") or 0))


def score_development(v: View) -> float:
    best = 0.0
    need = dev_need(v)
    deck = int(v.my.get("deck_size") or 0)
    urgency = 1.0 if deck <= 3 else P["dev_mid"] if deck <= 6 else P["dev_early"]
    supply = int(v.obs.get("degradation_supply") or 0)
    cost = P["dev_cost"] * (1 + 6.0 / (supply + 1))
    for fig, at in v.figs.items():
        pts = points(v.hand, v.own_colors("development", at))
        if pts <= 0:
            continue
        total = pts + (1 if fig == "blue" else 0)
        covered = min(need, total)
        surplus = max(0, total - need)
        surplus = min(surplus, len(v.obs.get("market") or []) + (1 if v.obs.get("adaptation_deck") else 0))
        value = covered * cost * urgency + surplus * P["adapt_value"] * 0.5
        value -= 0.3 * pts
        best = max(best, value)
    return best


def expected_kills(dice: int, tribes: int) -> float:
    return min(float(tribes), dice * 0.5 + (0.25 * dice if dice >= 2 else 0.0))


def score_attack(v: View) -> float:
    total = 0.0
    hand = list(v.hand)
    w = v.tribe_weight()
    for fig, at in sorted(v.figs.items(), key=lambda ft: -v.tribes[ft[1]]):
        if not v.tribes[at] and not v.spirits[at]:
            continue
        colors = v.own_colors("attack", at)
        pts = points(hand, colors)
        if pts <= 0:
            continue
        dice = pts + (1 if fig == "red" else 0) + _ally_red(v, at)
        kills = expected_kills(dice, v.tribes[at])
        value = kills * (w + _summon_risk(v, at))
        value += kills * 2.0 * v.attackers_on(v.me, at)
        if v.spirits[at]:
            sw = v.spirit_weight()
            for name in v.spirits[at]:
                need, least = v.b.spirits.get(name, (2, 4))
                p1 = (7 - least) / 6
                value += sw * _p_at_least(dice, need, p1) * 0.8
        total += value - 0.25 * pts
        hand = [c for c in hand if card_value(c, colors) == 0]
    return total


def _summon_risk(v: View, t: int) -> float:
    """What a tribe in t is worth killing beyond its count: at a place of power it will summon a
    spirit; at a ready target it would as soon as the place is activated."""
    if v.place_line[t] is not None or t in v.places:
        return P["guard"] * v.spirit_weight()
    if any(lp.target == t and not lp.missing for lp in v.plans()):
        return 0.5 * P["guard"] * v.spirit_weight()
    return 0.0


def _p_at_least(n: int, k: int, p: float) -> float:
    """P(at least k successes of n dice), with one re-roll of the failures."""
    q = p + (1 - p) * p * 0.8
    from math import comb

    return sum(comb(n, i) * q**i * (1 - q) ** (n - i) for i in range(k, n + 1))


def _ally_red(v: View, t: int) -> int:
    """Red cards the allies near t may add (their red points where their hands are known, else
    a guess: a fifth of their hands)."""
    b = v.b
    out = 0.0
    for s in range(len(v.clans)):
        if s == v.me:
            continue
        if any(x == t or b.dist[x][t] == 1 for x in v.clan_figs(s).values()):
            out += v.ally_points(s, "red", 0.2)
    return int(out)


def score_population(v: View) -> float:
    pop = int(v.my.get("population") or 0)
    best = 0.0
    threat = sum(v.attackers_on(v.me, t) for t in set(v.figs.values()))
    deck = int(v.my.get("deck_size") or 0)
    # a figurine the next generation change would take off the field
    keep_fig = P["pop_fig"] if v.b.figs_for(pop) < min(2, len(v.figs)) and deck <= 6 else 0.0
    for fig, at in v.figs.items():
        pts = points(v.hand, v.own_colors("population", at))
        if pts <= 0:
            continue
        gain = pts + (1 if fig == "yellow" else 0)
        value = 0.0
        for k in range(gain):
            p = pop + k
            if p <= 1:
                value += 12.0
            elif p <= 3:
                value += 5.0 + threat
            elif p < P["pop_target"]:
                value += 1.5 + threat * 0.5
            else:
                value += 0.3
        if keep_fig and v.b.figs_for(pop + gain) >= min(2, len(v.figs)):
            value += keep_fig
        if v.b.figs_for(pop) < 2 <= v.b.figs_for(pop + gain) and v.n_places < v.b.n_lines - 1:
            value += P["fig_gain"]  # a clan down to its anchor gets a worker back
        value -= 0.3 * pts
        best = max(best, value)
    return best


def score_degradation(v: View) -> float:
    n = v.hand.count("degradation")
    if not n:
        return 0.0
    usable = len(v.hand) - n
    return 1.2 * n + (3.0 if usable <= 1 else 1.0 if usable <= 2 else 0.0)


def score_move(v: View) -> float:
    plan = move_plan(v)
    value = sum(x[0] for x in plan)
    return value + _centre_value(v)


def _centre_value(v: View) -> float:
    """Bring a figurine of each clan back to the centre once every place is active."""
    if not going_home(v):
        return 0.0
    best = 0.0
    for fig, at in v.figs.items():
        if move_budget(v, fig, at, v.hand) >= v.b.dist[at][v.b.centre]:
            best = 100.0
    return best


def _can_activate(v: View, hand: list[str]) -> bool:
    """Could a figurine of this clan activate a line where it stands with this hand (the allies'
    blue cards counted where their hands are known, else guessed at a quarter of their hands)?"""
    cost = v.n_places + 1
    for at in v.figs.values():
        if not any(v.line_met(line, at) for line in range(v.b.n_lines)):
            continue
        own = points(hand, v.own_colors("activate", at))
        allies = sum(
            v.ally_points(s, "blue", 0.25)
            for s in range(len(v.clans))
            if s != v.me and any(x == at or v.b.dist[x][at] == 1 for x in v.clan_figs(s).values())
        )
        if own >= 1 and own + allies >= cost:
            return True
    return False


def activation_value(v: View) -> float:
    if not activate_now(v):
        return 0.0
    clean = False
    for at in v.figs.values():
        if any(v.line_met(line, at) for line in range(v.b.n_lines)) and not v.tribes[at]:
            clean = True
    if clean or v.n_places >= v.b.n_lines - 1 or int(v.obs.get("human_deck") or 0) <= P["flip_soon"]:
        return 1000.0
    return P["dirty_activate"]


def activate_now(v: View) -> bool:
    """Activate a ready line now, or hold it until the other lines are close (the first place of
    power starts the spirits' clock): now once a place is active, when the next portal fragment
    is about to turn (it adds to every line not yet active), or when every other line is ready
    and enough ready targets have a figurine on them for the burst to go on."""
    if v.n_places >= 1:
        return True
    if int(v.obs.get("human_deck") or 0) <= P["flip_soon"]:
        return True
    plans = v.plans()
    work = sum(lp.cost for lp in plans if lp.missing)
    if work > P["burst_work"]:
        return False
    # the burst: enough ready targets with a figurine on them to go on next turns
    ready = [lp for lp in plans if not lp.missing]
    team_at = set(v.team_positions())
    present = sum(1 for lp in ready if lp.target in team_at)
    return present >= min(P["presence"], len(ready))


def score_actions(v: View, offered: list[str]) -> dict[str, float]:
    out: dict[str, float] = {}
    for act in offered:
        if act == "activate":
            out[act] = activation_value(v)
        elif act == "attack":
            out[act] = score_attack(v)
        elif act == "development":
            out[act] = score_development(v)
        elif act == "population":
            out[act] = score_population(v)
        elif act == "move":
            out[act] = score_move(v)
        elif act == "degradation":
            out[act] = score_degradation(v)
        else:
            out[act] = 0.0
    return out


# ---------------------------------------------------------------------------- decisions
#: the talents (advanced rules) by their use against what ends most games: spirits, then the
#: attacks that drain the population (a protection in the centre stops a spirit's arrival),
#: then tribes appearing
TALENT_ORDER = ("spirit_block", "protection", "trail_lock", "trap", "bait")


def _talent(v: View, actions: list[dict[str, Any]]) -> int:
    names = [(i, str(a.get("name"))) for i, a in enumerate(actions) if a.get("type") == "talent"]
    if not names:
        return 0
    rank = {name: r for r, name in enumerate(TALENT_ORDER)}
    return min(names, key=lambda iname: (rank.get(iname[1], 99), iname[0]))[0]


def _my_talent(v: View) -> str | None:
    t = v.my.get("talent")
    return str(t) if t else None


def token_spot(v: View, t: int) -> float:
    """What one more token of this clan's talent in t is worth (0: none wanted there)."""
    talent = _my_talent(v)
    if talent is None or not 0 <= t < v.b.n:
        return 0.0
    mine = sum(1 for c, name in v.tokens[t] if name == talent)
    b = v.b
    near_tribes = sum(v.tribes[x] for x in b.adj[t])
    if talent == "spirit_block":
        # a summoning also takes a tribe off the map: block only when spirits near their limit
        if v.total_spirits < P["block_from"]:
            return 0.0
        if v.place_line[t] is None and t not in v.places:
            ready = any(lp.target == t and not lp.missing for lp in v.plans())
            return 1.5 + 0.5 * near_tribes if ready and not mine and activate_now(v) else 0.0
        return 0.0 if mine >= 1 + (v.tribes[t] >= 2) else 4.0 + 2.0 * v.tribes[t] + 0.5 * near_tribes
    if talent == "protection":
        if mine:
            return 0.0
        if t == b.centre:
            anchors = sum(1 for _ in v.anc[t])
            roaming = v.total_spirits - len(v.spirits[t])
            return (1.0 + 2.0 * roaming + 1.0 * v.n_places) * min(anchors, 4) * 0.5 if anchors else 0.0
        ours = sum(1 for c, _ in v.anc[t] if c == v.me)
        return 1.5 * ours * (v.tribes[t] + 2 * len(v.spirits[t])) if v.tcolor(t) else 0.0
    if talent == "trail_lock":
        return 2.5 if v.trail[t] and not mine else 0.0
    if talent == "trap":
        is_place = v.place_line[t] is not None or t in v.places
        return (1.0 + near_tribes) if is_place and mine < 2 else 0.0
    return 0.0  # bait: it moves tribes, not placed


def _token(v: View, actions: list[dict[str, Any]]) -> int | None:
    """A token to place now (its index), when a spot near a figurine is worth the card."""
    best: tuple[float, int] | None = None
    for i, a in enumerate(actions):
        if a.get("type") != "token":
            continue
        color, card = str(a.get("color")), str(a.get("card"))
        at = v.figs.get(color)
        if at is None:
            continue
        spot = max((token_spot(v, t) for t in (at, *v.b.adj[at])), default=0.0)
        value = spot - keep_value(v, card) - P["token_min"]
        if value > 0 and (best is None or value > best[0]):
            best = (value, i)
    return None if best is None else best[1]


def _put(v: View, actions: list[dict[str, Any]]) -> int:
    spots = [(i, int(a.get("to") or 0)) for i, a in enumerate(actions) if a.get("type") == "put"]
    if not spots:
        return 0
    return max(spots, key=lambda it: (token_spot(v, it[1]), -it[0]))[0]


def _use(v: View, actions: list[dict[str, Any]]) -> int:
    """A token is offered only when it would change something: use it (every trap at once)."""
    uses = [(i, int(a.get("n") or 1)) for i, a in enumerate(actions) if a.get("type") == "use"]
    if not uses:
        return index_of(actions, type="pass") or 0
    return max(uses, key=lambda iu: (iu[1], -iu[0]))[0]


def _setup(v: View, actions: list[dict[str, Any]]) -> int:
    want = ("green", "blue")  # the worker moves a step further, the anchor develops for two
    for i, a in enumerate(actions):
        if a.get("type") == "start" and set(a.get("colors") or ()) == set(want):
            return i
    return 0


def _draw3_ok(v: View) -> bool:
    deck = int(v.my.get("deck_size") or 0)
    return deck >= 3 or dev_need(v) == 0


def _action(v: View, actions: list[dict[str, Any]]) -> int:
    offered = {str(a.get("action")): i for i, a in enumerate(actions) if a.get("type") == "action"}
    d3 = index_of(actions, type="card", card="draw3")
    if d3 is not None and _draw3_ok(v):
        return d3
    token = _token(v, actions)
    if token is not None:
        return token
    scores = score_actions(v, list(offered))
    if not scores:
        return index_of(actions, type="pass") or 0
    act = max(scores, key=lambda a: (scores[a], a))
    if scores[act] <= 0.2:
        p = index_of(actions, type="pass")
        if p is not None:
            return p
    return offered[act]


def _extra(v: View, actions: list[dict[str, Any]]) -> int:
    extras = [
        (i, a.get("card")) for i, a in enumerate(actions) if str(a.get("card", "")).startswith("extra:")
    ]
    done = tuple((v.frame("ancients") or {}).get("done") or ())
    offered = [
        a for a in ("move", "attack", "population", "development", "degradation", "activate") if a not in done
    ]
    best_i, best = None, P["extra_min"]
    for i, card in extras:
        rest = list(v.hand)
        if card in rest:
            rest.remove(card)
        saved = v.hand
        v.hand = rest
        scores = score_actions(v, [a for a in offered if a != "activate" or _can_activate(v, rest)])
        v.hand = saved
        value = max(scores.values(), default=0.0) - keep_value(v, str(card))
        if value > best:
            best_i, best = i, value
    if best_i is not None:
        return best_i
    return index_of(actions, type="pass") or 0


def _current_action(v: View) -> str:
    f = v.frame("ancients_figurine") or v.frame("ancients_action") or {}
    return str(f.get("action") or "")


def _figurine(v: View, actions: list[dict[str, Any]]) -> int:
    action = _current_action(v)
    options = {str(a.get("color")): i for i, a in enumerate(actions) if a.get("type") == "figurine"}
    pass_i = index_of(actions, type="pass")
    d3 = index_of(actions, type="card", card="draw3")
    if d3 is not None and _draw3_ok(v) and action != "activate":
        return d3
    if not options:
        return pass_i if pass_i is not None else 0
    figs = v.figs
    if action == "activate":
        ready = [
            f
            for f in options
            if figs.get(f) is not None and any(v.line_met(line, figs[f]) for line in range(v.b.n_lines))
        ]
        if ready:
            return options[min(ready, key=lambda f: (v.tribes[figs[f]], f))]
        return next(iter(options.values()))
    if action == "move":
        if v.n_places >= v.b.n_lines:
            home = [f for f in options if f in figs]
            if home and v.centre_count(v.me) == 0:
                return options[min(home, key=lambda f: (v.b.dist[figs[f]][v.b.centre], f))]
            return pass_i if pass_i is not None else 0
        for _, fig, job, steps in move_plan(v):
            if fig in options:
                _MOVES[v.me] = MoveMemo(v.turn, fig, job, steps)
                return options[fig]
        return pass_i if pass_i is not None else 0
    if action == "attack":
        best = max(
            options,
            key=lambda f: (
                v.tribes[figs.get(f, 0)] + 2 * len(v.spirits[figs.get(f, 0)]),
                points(v.hand, v.own_colors("attack", figs.get(f, 0))) + (f == "red"),
            ),
        )
        if v.tribes[figs.get(best, 0)] or v.spirits[figs.get(best, 0)]:
            return options[best]
        return pass_i if pass_i is not None else options[best]
    if action == "development":
        best = max(
            options, key=lambda f: (f == "blue", points(v.hand, v.own_colors("development", figs.get(f, 0))))
        )
        return options[best]
    if action == "population":
        if _pop_wanted(v) <= 0 and pass_i is not None:
            return pass_i
        best = max(
            options, key=lambda f: (f == "yellow", points(v.hand, v.own_colors("population", figs.get(f, 0))))
        )
        return options[best]
    return next(iter(options.values()))


def _dev_wanted(v: View) -> int:
    """Development points worth taking this action: the need, plus adaptation cards for the
    cards not kept for an activation."""
    need = dev_need(v)
    blue = sum(card_value(c, ("blue",)) for c in v.hand)
    reserve = v.n_places + 1 if any(len(lp.missing) <= 1 for lp in v.plans()) else 0
    return need + max(0, min(2, blue - need - reserve))


def _pop_wanted(v: View) -> int:
    pop = int(v.my.get("population") or 0)
    return max(1, int(P["pop_target"]) - pop)


def _card(v: View, actions: list[dict[str, Any]]) -> int:
    f = v.frame("ancients_figurine") or {}
    action = str(f.get("action") or "")
    fig_i = int(f.get("fig") or 0)
    fig = COLORS[fig_i] if 0 <= fig_i < 4 else "red"
    at = int(f["at"] if f.get("at") is not None else v.figs.get(fig, 0))
    pts = int(f.get("pts") or 0)
    cards = playable_cards(actions)
    pass_i = index_of(actions, type="pass")
    real = [(i, c) for i, c in cards if c != "draw3"]
    d3 = next((i for i, c in cards if c == "draw3"), None)
    if not real:
        if d3 is not None and _draw3_ok(v):
            return d3
        return pass_i if pass_i is not None else 0
    colors = v.own_colors(action, at) if action else ("red",)
    bonus = 1 if BONUS_ACTION.get(fig) == action and action != "activate" else 0
    want = _points_wanted(v, action, fig, at, pts)
    if pts + (bonus if pts > 0 else 0) >= want and pass_i is not None:
        return pass_i
    # the least useful card that counts; a double only when two points are wanted
    short = want - pts - (bonus if pts > 0 else 0)

    def order(ic: tuple[int, str]) -> tuple[float, int]:
        i, c = ic
        val = card_value(c, colors)
        waste = max(0, val - short) if not (pts == 0 and bonus) else max(0, val - short + bonus)
        return (keep_value(v, c) + 1.5 * waste, i)

    return min(real, key=order)[0]


def _points_wanted(v: View, action: str, fig: str, at: int, pts: int) -> int:
    if action == "move":
        if v.n_places >= v.b.n_lines:
            return v.b.dist[at][v.b.centre]
        memo = _memo(v, fig)
        if memo is not None:
            return memo.steps
        budget = pts + move_budget(v, fig, at, v.hand)
        _, job, steps = fig_job(v, fig, at, budget, None)
        if job is not None:
            _MOVES[v.me] = MoveMemo(v.turn, fig, job, steps)
        return steps if job is not None else 0
    if action == "attack":
        tribes = v.tribes[at]
        want = 2 * tribes
        for name in v.spirits[at]:
            want += v.b.spirits.get(name, (2, 4))[0] + 1
        return max(1, min(want, 8))
    if action == "development":
        return _dev_wanted(v)
    if action == "population":
        return _pop_wanted(v)
    if action == "activate":
        return v.n_places + 1
    return 1


def _assist(v: View, actions: list[dict[str, Any]]) -> int:
    pass_i = index_of(actions, type="pass")
    cards = [(i, c) for i, c in playable_cards(actions) if c != "draw3"]
    if not cards:
        return pass_i if pass_i is not None else 0
    deg = next((i for i, c in cards if c == "degradation"), None)
    if deg is not None:
        return deg
    f = v.frame("ancients_figurine") or {}
    action = str(f.get("action") or "")
    helped = v.progress[-1].get("clan") if v.progress else None
    pts = int(f.get("pts") or 0) + int(f.get("hpts") or 0)
    at = int(f.get("at") or 0)
    give = False
    if action == "activate":
        give = True
    elif action == "attack":
        tribes = v.tribes[at]
        give = (tribes >= 2 and v.total_tribes >= 7) or v.total_tribes >= 10 or bool(v.spirits[at])
        give = give and pts < 2 * tribes + 3 * len(v.spirits[at])
    elif action == "development" and isinstance(helped, int) and 0 <= helped < len(v.clans):
        fig_i = int(f.get("fig") or 0)
        bonus = 1 if fig_i == 3 else 0
        give = dev_need(v, helped) > pts + bonus and dev_need(v) == 0
    elif action == "population" and isinstance(helped, int) and 0 <= helped < len(v.clans):
        give = int(v.clans[helped].get("population") or 0) + pts <= 2
    if not give:
        return pass_i if pass_i is not None else 0
    return min(cards, key=lambda ic: (keep_value(v, ic[1]), ic[0]))[0]


class MoveMemo:
    """The job a figurine was sent on this turn, and once its steps are known the whole move as
    a script: what to do at each (territory, steps left, shards touched there), so the steps
    follow one plan whatever is asked again."""

    __slots__ = ("fig", "job", "script", "steps", "turn")

    def __init__(self, turn: int, fig: str, job: Job, steps: int) -> None:
        self.turn = turn
        self.fig = fig
        self.job = job
        self.steps = steps
        self.script: dict[tuple[int, int, int], tuple[str, Any]] | None = None


_MOVES: dict[int, MoveMemo] = {}  # seat -> the move in progress


def new_game() -> None:
    """Forget the moves in progress: a new game begins (a turn and figurine of the last game
    would otherwise pick up its script)."""
    _MOVES.clear()


def remember() -> dict[int, MoveMemo]:
    """The moves in progress, to put back with `recall`: a search that runs this player over
    imagined futures must not keep the plans it made there."""
    return {seat: copy.copy(m) for seat, m in _MOVES.items()}


def recall(saved: dict[int, MoveMemo]) -> None:
    """Put back the moves in progress `remember` returned (it may be recalled again)."""
    _MOVES.clear()
    _MOVES.update((seat, copy.copy(m)) for seat, m in saved.items())


def _memo(v: View, fig: str) -> MoveMemo | None:
    m = _MOVES.get(v.me)
    if m is not None and m.turn == v.turn and m.fig == fig:
        return m
    return None


def _script(
    v: View, fig: str, at: int, left: int, touched: int, carrying: bool, job: Job
) -> dict[tuple[int, int, int], tuple[str, Any]]:
    """The move of `job` from `at` with `left` steps, then, with the steps still left, the best
    other job from where it ends (a carried shard is put down first)."""
    script: dict[tuple[int, int, int], tuple[str, Any]] = {}
    state = [at, left, touched]

    def walk(goal: int) -> bool:
        while state[0] != goal and state[1] > 0:
            nxt = step_toward(v, state[0], goal, list(v.b.adj[state[0]]))
            if nxt is None:
                return False
            script[(state[0], state[1], state[2])] = ("step", nxt)
            state[:] = [nxt, state[1] - 1, 0]
        return state[0] == goal

    def run(job: Job, carrying: bool) -> bool:
        if job.kind == "carry" and not carrying:
            assert job.src is not None
            if not walk(job.src):
                return False
            script[(state[0], state[1], state[2])] = ("take", job.shard)
            state[2] += 1
            carrying = True
        return walk(job.target) and carrying

    done_carrying = run(job, carrying)
    # then more, only after a carry that leaves its line unfinished (an explored shard opens
    # only where the move ends; a worker that completed a line stays to activate it)
    if state[1] > 0 and state[0] == job.target and job.kind == "carry" and not job.completes:
        _, nxt_job, _ = fig_job(v, fig, state[0], state[1], None, exclude=job)
        if nxt_job is not None:
            if done_carrying:
                script[(state[0], state[1], state[2])] = ("drop", None)
                state[2] += 1
            run(nxt_job, False)
    script[(state[0], state[1], state[2])] = ("stop", None)
    return script


def _step(v: View, actions: list[dict[str, Any]]) -> int:
    f = v.frame("ancients_move") or {}
    fig_i = int(f.get("fig") or 0)
    fig = COLORS[fig_i] if 0 <= fig_i < 4 else "green"
    at = v.figs.get(fig, v.b.centre)
    left = int(f.get("steps") or 0)
    touched = len(f.get("touched") or ())
    steps = [int(a["to"]) for a in actions if a.get("type") == "step"]
    takes = {
        str(a.get("take")): i for i, a in enumerate(actions) if a.get("type") == "shard" and a.get("take")
    }
    drop_i = index_of(actions, type="shard", take=None)
    pass_i = index_of(actions, type="pass")
    stop = pass_i if pass_i is not None else 0
    if v.n_places >= v.b.n_lines:  # every place active: go home
        if at != v.b.centre:
            nxt = step_toward(v, at, v.b.centre, steps)
            if nxt is not None:
                return _idx(actions, type="step", to=nxt)
        return stop
    for attempt in range(2):
        memo = _memo(v, fig)
        if memo is None or attempt:
            _, job, need = fig_job(v, fig, at, left, None)
            if job is None:
                return stop
            memo = _MOVES[v.me] = MoveMemo(v.turn, fig, job, need)
        if memo.script is None or (at, left, touched) not in memo.script:
            # carrying: a drop is offered (a shard taken elsewhere), or nothing to take or drop
            # right after a take here (the bot drops a shard only where it delivers one)
            carrying = drop_i is not None or (not takes and touched > 0)
            memo.script = _script(v, fig, at, left, touched, carrying, memo.job)
        what, arg = memo.script.get((at, left, touched), ("stop", None))
        if what == "stop":
            return stop
        if what == "step" and arg in steps:
            return _idx(actions, type="step", to=arg)
        if what == "take" and arg in takes:
            return takes[str(arg)]
        if what == "drop" and drop_i is not None:
            return drop_i
    return stop


def _idx(actions: list[dict[str, Any]], **want: Any) -> int:
    i = index_of(actions, **want)
    return 0 if i is None else i


def _reroll(v: View, actions: list[dict[str, Any]]) -> int:
    f = v.frame("ancients_attack") or {}
    dice = [int(x) for x in f.get("dice") or []]
    marked = {int(x) for x in f.get("marked") or []}
    at = int(f.get("at") or 0)
    pass_i = index_of(actions, type="pass")
    roll_i = index_of(actions, type="roll")
    pop = int(v.my.get("population") or 0)
    floor = P["reroll_pop"] + (2 if deck_turns(v) <= 1 else 0)
    if pop - 1 < floor:
        return pass_i if pass_i is not None else 0
    # what the dice do now, and which dice could do more
    need_tribes = v.tribes[at]
    hit = v.b.hit
    succ = sum(1 for x in dice if x >= hit)
    want = need_tribes
    for name in v.spirits[at]:
        want += v.b.spirits.get(name, (2, 4))[0]
    fails = [i for i, x in enumerate(dice) if x < hit and i not in marked]
    if succ >= want or (not fails and not marked):
        return pass_i if pass_i is not None else 0
    worth = len(fails) + len(marked) >= 2 or v.total_tribes >= 8 or v.spirits[at]
    if not worth:
        return pass_i if pass_i is not None else 0
    if fails:
        return index_of(actions, type="reroll", die=fails[0]) or 0
    return roll_i if roll_i is not None else (pass_i or 0)


def _hit(v: View, actions: list[dict[str, Any]]) -> int:
    f = v.frame("ancients_attack") or {}
    at = int(f.get("at") or 0)
    options = {str(a.get("target")): i for i, a in enumerate(actions) if a.get("type") == "hit"}
    if not options:
        return index_of(actions, type="pass") or 0
    dice = [int(x) for x in f.get("dice") or []]
    used = {int(x) for x in f.get("used") or []}
    free = sorted(dice[i] for i in range(len(dice)) if i not in used)
    spirits = [s for s in options if s != "tribe"]
    if spirits:
        sw, tw = v.spirit_weight(), v.tribe_weight()
        for s in sorted(spirits, key=lambda s: -v.b.spirits.get(s, (2, 4))[1]):
            need, least = v.b.spirits.get(s, (2, 4))
            # the tribes the same dice would kill instead
            tribes_instead = min(v.tribes[at], sum(1 for x in free if x >= v.b.hit))
            rest = list(free)
            for x in sorted(x for x in free if x >= least)[:need]:
                rest.remove(x)
            tribes_after = min(v.tribes[at], sum(1 for x in rest if x >= v.b.hit))
            if sw + tribes_after * tw >= tribes_instead * tw:
                return options[s]
    if "tribe" in options:
        return options["tribe"]
    return next(iter(options.values()))


ADAPT_ORDER = {
    "double:blue": 9,
    "wild": 8,
    "extra:green": 7,
    "extra:red": 6.5,
    "double:red": 6,
    "double:green": 6,
    "draw3": 5,
    "extra:blue": 5,
    "extra:yellow": 4,
    "double:yellow": 4,
    "deck": 4.5,
}


def _adapt(v: View, actions: list[dict[str, Any]]) -> int:
    best = None
    for i, a in enumerate(actions):
        if a.get("type") != "adapt":
            continue
        card = str(a.get("card"))
        score = ADAPT_ORDER.get(card, 3)
        if best is None or score > best[0]:
            best = (score, i)
    if best is None:
        return index_of(actions, type="pass") or 0
    return best[1]


def _line(v: View, actions: list[dict[str, Any]]) -> int:
    lines = [(i, int(a.get("line") or 0)) for i, a in enumerate(actions) if a.get("type") == "line"]
    if not lines:
        return 0
    # the line whose other candidate territories are the fewest (the hardest to place elsewhere)
    return min(lines, key=lambda il: (len(v.candidates(il[1])), il[1]))[0]


ROLE_CENTRE = {"blue": 3.0, "red": 2.5, "yellow": 1.0, "green": 0.5}


def _centre_role(v: View, color: str) -> float:
    """How useful a figurine of this colour is in the centre (only blue cards develop there)."""
    return ROLE_CENTRE.get(color, 1.0)


ROLE_FIELD = {"green": 3.0, "red": 1.5, "blue": 1.0, "yellow": 1.0}


def _place(v: View, actions: list[dict[str, Any]]) -> int:
    opts = [
        (i, str(a.get("color")), int(a.get("territory") or 0))
        for i, a in enumerate(actions)
        if a.get("type") == "place"
    ]
    if not opts:
        return 0
    centre = v.b.centre
    have_centre = v.centre_count(v.me) > 0

    def score(o: tuple[int, str, int]) -> tuple[float, int]:
        _, color, t = o
        s = 0.0
        if t == centre:
            s += 3.0 if not have_centre else 1.0
            s += _centre_role(v, color) * (1.0 if not have_centre else 0.5)
        else:
            s -= _danger(v, t) + (0.5 if v.b.ring[t] == "outer" else 0.0)
            s += ROLE_FIELD.get(color, 1.0) * 0.6
            if any(lp.target == t for lp in v.plans()):
                s += 1.0
        return (s, -o[0])

    return max(opts, key=score)[0]


def _remove(v: View, actions: list[dict[str, Any]]) -> int:
    opts = [(i, str(a.get("color"))) for i, a in enumerate(actions) if a.get("type") == "remove"]
    if not opts:
        return 0
    centre = v.b.centre

    def keep(o: tuple[int, str]) -> tuple[float, int]:
        _, color = o
        t = v.figs.get(color, centre)
        s = 0.0
        if t == centre:
            s += 5.0 if v.centre_count(v.me) <= 1 else 0.5
        s -= _danger(v, t)
        s += ROLE_FIELD.get(color, 1.0) if t != centre else _centre_role(v, color)
        if any(lp.target == t and not lp.missing for lp in v.plans()):
            s += 4.0
        return (s, o[0])

    return min(opts, key=keep)[0]


def _roles_score(v: View, figs: dict[str, int]) -> float:
    centre = v.b.centre
    s = 0.0
    for color, t in figs.items():
        s += _centre_role(v, color) if t == centre else ROLE_FIELD.get(color, 1.0)
    return s


def _swap(v: View, actions: list[dict[str, Any]]) -> int:
    pass_i = index_of(actions, type="pass")
    base = _roles_score(v, v.figs)
    best = (base + 0.5, pass_i if pass_i is not None else 0)
    for i, a in enumerate(actions):
        if a.get("type") != "swap":
            continue
        x, y = str(a.get("a")), str(a.get("b"))
        figs = dict(v.figs)
        tx, ty = figs.pop(x, None), figs.pop(y, None)
        if ty is not None:
            figs[x] = ty
        if tx is not None:
            figs[y] = tx
        s = _roles_score(v, figs)
        if s > best[0]:
            best = (s, i)
    return best[1]


def _direct(v: View, actions: list[dict[str, Any]]) -> int:
    opts = [
        (i, str(a.get("who")), int(a.get("to") or 0))
        for i, a in enumerate(actions)
        if a.get("type") == "direct"
    ]
    if not opts:
        return 0
    centre = v.b.centre
    plans = v.plans()
    targets = {lp.target for lp in plans}

    def score(o: tuple[int, str, int]) -> tuple[float, int]:
        _, who, t = o
        s = 0.0
        if t == centre:
            s += 10.0
        if who == "tribe":
            figs_there = len(v.anc[t])
            s -= 3.0 * figs_there if v.tcolor(t) is not None else 0.0
            s -= 1.5 if t in targets else 0.0
            s -= 0.5 * v.tribes[t]
        else:
            # a spirit attacks where it goes: spare the clans closest to their limits
            for seat in {c for c, _ in v.anc[t]}:
                pop = int(v.clans[seat].get("population") or 0) if seat < len(v.clans) else 0
                figs = sum(1 for c, _ in v.anc[t] if c == seat)
                s -= figs * 2.0 * (1.0 + 4.0 / max(1, pop + 5))
        return (s, -o[0])

    return max(opts, key=score)[0]


def _discard(v: View, actions: list[dict[str, Any]]) -> int:
    """Cycle a card that is of no use now, unless the draw would bring an undeveloped
    generation change."""
    pass_i = index_of(actions, type="pass")
    stop = pass_i if pass_i is not None else 0
    deck = int(v.my.get("deck_size") or 0)
    to_draw = v.b.hand_size - len(v.hand) + 1
    if deck < to_draw and dev_need(v) > 0:
        return stop
    cards = [(i, c) for i, c in playable_cards(actions)]
    if not cards:
        return stop
    i, card = min(cards, key=lambda ic: (_discard_value(v, ic[1]), ic[0]))
    if _discard_value(v, card) < P["discard_below"]:
        return i
    return stop


def _activation_colors(v: View) -> tuple[str, ...]:
    """The colours that pay for the next activation (blue and the colour of the ready territory
    nearest to this clan's figurines), when the hand is short of them; else ()."""
    ready = [lp for lp in v.plans() if not lp.missing]
    if not ready or not v.figs:
        return ()
    lp = min(ready, key=lambda lp: (min(v.b.dist[t][lp.target] for t in v.figs.values()), lp.line))
    colors = v.own_colors("activate", lp.target)
    return colors if points(v.hand, colors) < v.n_places + 1 else ()


def _discard_value(v: View, card: str) -> float:
    value = keep_value(v, card)
    same = v.hand.count(card)
    if card == "green" and len(v.figs) <= 1 and v.centre_count(v.me) >= 1 and v.n_places < v.b.n_lines:
        value -= 0.8  # a lone anchor does not move
    colors = _activation_colors(v) if v.nclans <= P["dig_clans"] else ()
    if colors:  # dig for the cards of the next activation (no ally pays for a lone clan)
        value = value + 1.5 if card_value(card, colors) > 0 else value * 0.5
    return value * P["dup_factor"] ** (same - 1)


def _degradation(v: View, actions: list[dict[str, Any]]) -> int:
    i = index_of(actions, type="card", card="degradation")
    if i is not None:
        return i
    return index_of(actions, type="pass") or 0


HANDLERS = {
    "action": _action,
    "extra": _extra,
    "figurine": _figurine,
    "card": _card,
    "assist": _assist,
    "step": _step,
    "reroll": _reroll,
    "hit": _hit,
    "adapt": _adapt,
    "line": _line,
    "place": _place,
    "remove": _remove,
    "swap": _swap,
    "direct": _direct,
    "discard": _discard,
    "degradation": _degradation,
    "put": _put,
    "use": _use,
}


def decide(observation: dict[str, Any], actions: list[dict[str, Any]], static: Any = None) -> int:
    b = board_for(static)
    v = View(observation, b)
    if any(a.get("type") == "start" for a in actions):
        return _setup(v, actions)
    if any(a.get("type") == "talent" for a in actions):
        return _talent(v, actions)
    purpose = str((observation.get("decision") or {}).get("purpose") or "")
    handler = HANDLERS.get(purpose)
    if handler is None:
        return 0
    return int(handler(v, actions))


def choose(
    observation: dict[str, Any], actions: list[dict[str, Any]], rng: Any = None, static: Any = None
) -> int:
    """The index of the action to take (0 for anything not understood; never raises)."""
    if not actions:
        return 0
    try:
        index = decide(observation, actions, static)
    except Exception:
        if STRICT:
            raise
        return 0
    if isinstance(index, int) and 0 <= index < len(actions):
        return index
    return 0
