"""A greedy one-ply heuristic for Innovation: score every legal action, take the best one.

Standard library only, and it works on the protocol's JSON forms (an observation dict and the
list of legal action dicts), so the same code drives `greedy_bot.py` (the subprocess bot, which
passes `hello.static`) and the in-process "greedy" policy (which passes no static data: the card
file next to the engine is read once instead).

    choose(observation, actions, rng=None, static=None) -> index into actions

How it plays. Everything is valued in rough "score points". A position is valued by its board
(colours present, the highest top card, which sets the age you draw, the visible icons), the
cards in hand (worth a little more than half their age, more if melding them would help) and
the score pile (a point per age). Achieving always comes first. A Dogma is valued card by card:
what its non-demand effects give you, minus what they give each sharing opponent (who also
hands you the free draw), plus what its demand takes from each vulnerable opponent. A Meld is
valued by the change of board value, a Draw by the card you would draw (and by who would win,
when a draw would end the game). Mid-effect decisions give and return the least valuable cards,
keep, score and meld the most valuable ones, splay to show the most useful icons, and take an
optional step only when the step is worth more than declining it. Anything it does not
understand gets index 0; it never raises. After 150 turns it favours drawing more and more, so
that two greedy players caught in a loop still end the game.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

ICONS = ("crown", "leaf", "lightbulb", "castle", "factory", "clock")
COLORS = ("blue", "red", "green", "yellow", "purple")
#: splay -> the icon positions (0 top-left .. 3 bottom-right) a covered card shows (RULES.md §6.3)
SPLAY_SHOWS: dict[str, tuple[int, ...]] = {"none": (), "left": (3,), "right": (0, 1), "up": (1, 2, 3)}
WIN = 1e6  # a game won (or, negated, lost) on the spot
STALL = 150  # turns after which drawing is pushed, to end games that loop
ACHIEVE = 1e4


# ---------------------------------------------------------------------------- card data
class Card:
    __slots__ = ("age", "color", "demand", "featured", "icons", "name", "nondemands", "texts")

    def __init__(self, d: dict[str, Any]) -> None:
        self.name = str(d.get("name", ""))
        self.age = int(d.get("age", 1) or 1)
        self.color = str(d.get("color", ""))
        icons = list(d.get("icons") or [])
        self.icons = tuple((icons + ["hex"] * 4)[:4])
        self.featured = str(d.get("featured", ""))
        effects = d.get("effects") or []
        kinds = [e.get("kind") for e in effects if isinstance(e, dict)]
        self.demand = "demand" in kinds
        self.nondemands = sum(1 for k in kinds if k != "demand")
        self.texts = [str(e.get("text", "")) for e in effects if isinstance(e, dict)]


class CardDB:
    def __init__(
        self, cards: list[dict[str, Any]], shows: dict[str, Any] | None = None, to_win: Any = None
    ) -> None:
        self.cards: dict[str, Card] = {}
        #: achievements to win by number of players (hello.static), for requests without them
        self.to_win: dict[str, Any] = to_win if isinstance(to_win, dict) else {}
        for d in cards:
            if isinstance(d, dict) and d.get("name"):
                c = Card(d)
                self.cards[c.name] = c
        self.shows = dict(SPLAY_SHOWS)
        for k, v in (shows or {}).items():
            if isinstance(v, list):
                self.shows[k] = tuple(int(i) for i in v if isinstance(i, int) and 0 <= i < 4)
        # P(a card of this age has this icon / this colour), for cards you cannot see
        self.p_icon: dict[int, dict[str, float]] = {}
        self.p_color: dict[int, dict[str, float]] = {}
        for age in range(1, 11):
            pool = [c for c in self.cards.values() if c.age == age]
            total = max(1, len(pool))
            self.p_icon[age] = {i: sum(i in c.icons for c in pool) / total for i in ICONS}
            self.p_color[age] = {k: sum(c.color == k for c in pool) / total for k in COLORS}

    def get(self, name: str | None) -> Card | None:
        return self.cards.get(name) if name else None

    def age(self, name: str | None) -> int:
        c = self.get(name)
        return c.age if c else 1


_DEFAULT_DB: CardDB | None = None
_STATIC_DB: tuple[Any, CardDB] | None = None


def _cards_file() -> Path | None:
    """cards.json beside the Innovation engine, found without importing the engine."""
    candidates = [
        Path(__file__).resolve().parent.parent / "altay_cli" / "engine" / "innovation" / "cards.json"
    ]
    try:
        import importlib.util

        spec = importlib.util.find_spec("altay_cli")
        if spec is not None and spec.origin:
            candidates.append(Path(spec.origin).parent / "engine" / "innovation" / "cards.json")
    except Exception:
        pass
    for path in candidates:
        if path.is_file():
            return path
    return None


def card_db(static: dict[str, Any] | None = None) -> CardDB:
    """The card data: from `hello.static` when given, else read once from cards.json (an empty
    table when neither is there: the bot then plays on ages and names alone)."""
    global _DEFAULT_DB, _STATIC_DB
    if isinstance(static, dict) and static.get("cards"):
        if _STATIC_DB is None or _STATIC_DB[0] is not static:
            _STATIC_DB = (
                static,
                CardDB(static["cards"], static.get("splay_shows"), static.get("achievements_to_win")),
            )
        return _STATIC_DB[1]
    if _DEFAULT_DB is None:
        cards: list[dict[str, Any]] = []
        try:
            path = _cards_file()
            if path is not None:
                cards = json.loads(path.read_text(encoding="utf-8")).get("cards", [])
        except Exception:
            cards = []
        _DEFAULT_DB = CardDB(cards)
    return _DEFAULT_DB


# ---------------------------------------------------------------------------- the position
class Player:
    """One player as the observation shows them (hidden cards as ages only)."""

    def __init__(self, v: dict[str, Any], db: CardDB) -> None:
        self.seat = int(v.get("seat", 0))
        self.hand = [(int(r.get("age", 1)), r.get("card")) for r in v.get("hand") or []]
        self.scores = [(int(r.get("age", 1)), r.get("card")) for r in v.get("score_pile") or []]
        self.score = int(v.get("score", sum(a for a, _ in self.scores)))
        self.piles: dict[str, list[str]] = {k: [] for k in COLORS}
        self.splays: dict[str, str] = {k: "none" for k in COLORS}
        for p in v.get("board") or []:
            k = p.get("color")
            if k in self.piles:
                self.piles[k] = list(p.get("cards") or [])
                self.splays[k] = p.get("splay") or "none"
        self.icons = {i: int((v.get("icons") or {}).get(i, 0)) for i in ICONS}
        self.achievements = int(
            v.get("achievement_count", len(v.get("achievements") or []) + len(v.get("specials") or []))
        )
        self.tops = {k: p[-1] for k, p in self.piles.items() if p}
        ages = [db.age(c) for c in self.tops.values()]
        self.max_top = max(ages, default=0)
        self.draw_age = max(1, self.max_top)
        featured = [db.get(c) for c in self.tops.values()]
        # icons that power this player's dogmas weigh more
        self.w = {i: 0.3 + 0.1 * min(3, sum(1 for c in featured if c and c.featured == i)) for i in ICONS}

    def top_age(self, color: str, db: CardDB) -> int:
        top = self.tops.get(color)
        return db.age(top) if top else 0


class Ctx:
    """The observation digested for one decision by the seat to move."""

    def __init__(self, obs: dict[str, Any], db: CardDB) -> None:
        self.obs = obs
        self.db = db
        self.seat = int(obs.get("seat", 0))
        self.players = [Player(v, db) for v in obs.get("players") or []]
        by_seat = {p.seat: p for p in self.players}
        self.me = by_seat.get(self.seat) or self.players[0]
        self.opps = [p for p in self.players if p is not self.me]
        self.n = max(2, len(self.players))
        self.f = 1.0 if self.n == 2 else 0.6  # what an opponent's gain or loss is worth to me
        self.supply = list(obs.get("supply") or [1] * 10)
        self.to_win = int(obs.get("achievements_to_win") or db.to_win.get(str(self.n)) or 6)
        self.available = [int(a) for a in obs.get("available_achievements") or []]
        self.decision = obs.get("decision") or None
        self.where: dict[str, tuple[str, int, str | None]] = {}
        for p in self.players:
            for _, name in p.hand:
                if name:
                    self.where[name] = ("hand", p.seat, None)
            for _, name in p.scores:
                if name:
                    self.where[name] = ("score", p.seat, None)
            for k, pile in p.piles.items():
                for name in pile:
                    self.where[name] = ("board", p.seat, k)
        self._bv: dict[int, float] = {}

    # ---------------------------------------------------------------- basic worths
    def age(self, name: str | None) -> int:
        return self.db.age(name)

    @staticmethod
    def h(age: float) -> float:
        """A card of this age in hand (unseen): a future meld or score."""
        return 0.45 * age + 0.8

    def hp(self, p: Player, age: float) -> float:
        """A card of this age in p's hand: worth less in a big hand (only so many get melded)."""
        n = len(p.hand)
        return self.h(age) * (1.0 if n <= 4 else max(0.3, 4.0 / n))

    def hv(self, p: Player, age: int, name: str | None) -> float:
        """A card in p's hand, more when melding it would improve the board."""
        value = self.hp(p, age)
        if name and p is self.me and self.db.get(name):
            value += 0.3 * max(0.0, self.meld_gain(p, name))
        return value

    def worth(self, name: str) -> tuple[float, Player | None]:
        """What the card is worth to its owner where it lies, and the owner."""
        loc = self.where.get(name)
        a = self.age(name)
        if loc is None:
            return float(a), None
        zone, seat, color = loc
        owner = next((p for p in self.players if p.seat == seat), None)
        if owner is None:
            return float(a), None
        if zone == "hand":
            return self.hv(owner, a, name), owner
        if zone == "score":
            return float(a), owner
        if color and owner.tops.get(color) == name:
            return self.remove_top_loss(owner, color), owner
        return 0.3 * a, owner

    # ---------------------------------------------------------------- boards
    def pile_icons(self, cards: list[str], splay: str, out: dict[str, int]) -> None:
        if not cards:
            return
        top = self.db.get(cards[-1])
        if top:
            for i in top.icons:
                if i in out:
                    out[i] += 1
        shows = self.db.shows.get(splay, ()) if len(cards) >= 2 else ()
        if shows:
            for name in cards[:-1]:
                c = self.db.get(name)
                if c:
                    for pos in shows:
                        if c.icons[pos] in out:
                            out[c.icons[pos]] += 1

    def board_value(self, p: Player, piles: dict[str, list[str]], splays: dict[str, str]) -> float:
        counts = dict.fromkeys(ICONS, 0)
        colours, highest, total, stacked = 0, 0, 0, 0
        for k, cards in piles.items():
            if not cards:
                continue
            colours += 1
            stacked += len(cards) >= 2  # a pile that a splay can open
            a = self.age(cards[-1])
            highest = max(highest, a)
            total += a
            self.pile_icons(cards, splays.get(k, "none") if len(cards) >= 2 else "none", counts)
        value = 3.0 * colours + 0.4 * stacked + 3.0 * highest + 0.3 * total
        value += sum(p.w[i] * counts[i] for i in ICONS)
        return value + self.reach(p, highest)

    def reach(self, p: Player, highest: int) -> float:
        """Achievements p could claim next with a top card this high (the points are there)."""
        return 6.0 * sum(1 for a in self.available if a <= highest and 5 * a <= p.score)

    def base_value(self, p: Player) -> float:
        v = self._bv.get(p.seat)
        if v is None:
            v = self._bv[p.seat] = self.board_value(p, p.piles, p.splays)
        return v

    def with_card(self, p: Player, name: str, bottom: bool = False) -> float:
        """p's board value after melding (or tucking) the card."""
        c = self.db.get(name)
        if c is None or c.color not in p.piles:
            return self.base_value(p)
        piles = dict(p.piles)
        piles[c.color] = [name, *p.piles[c.color]] if bottom else [*p.piles[c.color], name]
        return self.board_value(p, piles, p.splays)

    def meld_gain(self, p: Player, name: str) -> float:
        return self.with_card(p, name) - self.base_value(p)

    def tuck_gain(self, p: Player, name: str) -> float:
        return self.with_card(p, name, bottom=True) - self.base_value(p)

    def remove_top_loss(self, p: Player, color: str, count: int = 1) -> float:
        pile = p.piles.get(color) or []
        if not pile:
            return 0.0
        piles = dict(p.piles)
        piles[color] = pile[: max(0, len(pile) - count)]
        splays = dict(p.splays)
        if len(piles[color]) < 2:
            splays[color] = "none"
        return self.base_value(p) - self.board_value(p, piles, splays)

    def splay_gain(self, p: Player, color: str, direction: str) -> float:
        pile = p.piles.get(color) or []
        if len(pile) < 2 or p.splays.get(color) == direction:
            return 0.0
        splays = dict(p.splays)
        splays[color] = direction
        gain = self.board_value(p, p.piles, splays) - self.base_value(p)
        return gain + 0.15 * (len(pile) - 1)  # a splayed pile pays again with every card tucked

    def best_splay(self, p: Player, colors: tuple[str, ...], direction: str) -> float:
        return max([0.0, *(self.splay_gain(p, k, direction) for k in colors)])

    def meld_expect(self, p: Player, age: int) -> float:
        """Draw and meld a card of this age: its board gain, averaged over the colours."""
        age = min(10, max(1, age))
        total = 0.0
        for k in COLORS:
            pr = self.db.p_color.get(age, {}).get(k, 0.2) or 0.0
            others = max([p.top_age(j, self.db) for j in COLORS if j != k], default=0)
            old_max = max(others, p.top_age(k, self.db))
            new_max = max(others, age)
            gain = 3.0 * (new_max - old_max) + 0.3 * (age - p.top_age(k, self.db))
            gain += self.reach(p, new_max) - self.reach(p, old_max)
            if k not in p.tops:
                gain += 3.0 + 1.0
            total += pr * gain
        return total

    # ---------------------------------------------------------------- hands and piles
    def hand_sorted(self, p: Player) -> list[tuple[float, int, str | None]]:
        """p's hand as (worth, age, name), least worth first."""
        return sorted((self.hv(p, a, n), a, n) for a, n in p.hand)

    def cheapest(self, p: Player, k: int) -> float:
        return sum(v for v, _, _ in self.hand_sorted(p)[:k])

    def p_has(self, age: int, icon: str) -> float:
        return self.db.p_icon.get(min(10, max(1, age)), {}).get(icon, 0.3)

    def has_icon(self, name: str | None, age: int, icon: str) -> float:
        c = self.db.get(name)
        if c is not None:
            return 1.0 if icon in c.icons else 0.0
        return self.p_has(age, icon)

    def score_if_ended(self, seat: int) -> bool:
        """Would `seat` win if the game ended by a draw above 10 now?"""
        ranked = sorted(self.players, key=lambda q: (q.score, q.achievements), reverse=True)
        best = (ranked[0].score, ranked[0].achievements)
        p = next((q for q in self.players if q.seat == seat), self.me)
        return (p.score, p.achievements) == best

    def draw_ends_game(self, age: int) -> bool:
        age = max(1, age)
        if age > 10:
            return True
        return all((self.supply[a - 1] if a - 1 < len(self.supply) else 0) <= 0 for a in range(age, 11))

    def end_value(self) -> float:
        return WIN / 10 if self.score_if_ended(self.seat) else -WIN / 10

    # ---------------------------------------------------------------- dogma
    def nd_value(self, p: Player, name: str) -> float:
        """What the card's non-demand effects give their executor p."""
        c = self.db.get(name)
        if c is None:
            return 1.0
        fn = ND.get(name)
        if fn is None:
            return 1.0 if c.nondemands else 0.0
        try:
            return float(fn(self, p))
        except Exception:
            return 0.5

    def demand_value(self, q: Player, name: str) -> float:
        """What the card's demand is worth to me (the activator) against q."""
        fn = DM.get(name)
        if fn is None:
            return 1.0
        try:
            return float(fn(self, self.me, q))
        except Exception:
            return 0.5

    def dogma_value(self, name: str) -> float:
        c = self.db.get(name)
        me = self.me
        if c is None:
            return 0.5
        icon = c.featured
        mine = me.icons.get(icon, 0)
        vulnerable = [q for q in self.opps if q.icons.get(icon, 0) < mine]
        sharing = [q for q in self.opps if q.icons.get(icon, 0) >= mine]
        winner = GLOBAL_WIN.get(name)
        if winner is not None:
            try:
                seat = winner(self)
            except Exception:
                seat = None
            if seat is not None:
                return WIN if seat == self.seat else -WIN
        value = 0.0
        if c.demand:
            value += sum(self.demand_value(q, name) for q in vulnerable)
        if c.nondemands:
            theirs = [self.nd_value(q, name) for q in sharing]
            if any(t >= WIN / 2 for t in theirs):
                return -WIN
            mine_v = self.nd_value(me, name)
            if mine_v >= WIN / 2:
                return WIN
            value += mine_v - self.f * sum(theirs)
            if any(t > 0.3 for t in theirs):
                value += 0.8 * self.hp(me, me.draw_age)  # the free draw
        if any("draw" in t.lower() for t in c.texts) and self.draw_ends_game(me.draw_age):
            value += self.end_value()
        return value


# ---------------------------------------------------------------------------- card values
#: card -> value of its non-demand effects for the executing player p
ND: dict[str, Callable[[Ctx, Player], float]] = {}
#: card -> value of its demand for the activator `me` against the vulnerable opponent q
DM: dict[str, Callable[[Ctx, Player, Player], float]] = {}
#: card -> the seat its "win" effect would make the winner now, or None
GLOBAL_WIN: dict[str, Callable[[Ctx], int | None]] = {}


def nd(name: str) -> Callable[[Callable[[Ctx, Player], float]], Callable[[Ctx, Player], float]]:
    def register(fn: Callable[[Ctx, Player], float]) -> Callable[[Ctx, Player], float]:
        ND[name] = fn
        return fn

    return register


def dm(
    name: str,
) -> Callable[[Callable[[Ctx, Player, Player], float]], Callable[[Ctx, Player, Player], float]]:
    def register(fn: Callable[[Ctx, Player, Player], float]) -> Callable[[Ctx, Player, Player], float]:
        DM[name] = fn
        return fn

    return register


def _pos(x: float) -> float:
    return x if x > 0 else 0.0


def _return_for(x: Ctx, p: Player, reward: Callable[[int], float], most: int = 1) -> float:
    """Return up to `most` of p's cheapest cards when each one's reward beats its worth."""
    total = 0.0
    for v, a, _ in x.hand_sorted(p)[:most]:
        total += _pos(reward(a) - v)
    return total


def _score_best(x: Ctx, p: Player, k: int = 1) -> float:
    gains = sorted((a - v for v, a, _ in x.hand_sorted(p)), reverse=True)
    return sum(_pos(g) for g in gains[:k])


def _meld_best(x: Ctx, p: Player, k: int = 1, forced: bool = False) -> float:
    gains = sorted(
        ((x.meld_gain(p, n) if n else x.meld_expect(p, a) * 0.5) - x.hp(p, a) for a, n in p.hand),
        reverse=True,
    )
    if not gains:
        return 0.0
    first = gains[0] if forced else _pos(gains[0])
    return first + sum(_pos(g) for g in gains[1:k])


def _distinct_low(x: Ctx, p: Player, reward: float, most: int) -> float:
    seen: set[int] = set()
    total = 0.0
    for v, a, _ in x.hand_sorted(p):
        if a not in seen and len(seen) < most and reward > v:
            seen.add(a)
            total += reward - v
    return total


# ---- age 1
ND["Pottery"] = lambda x, p: _return_for(x, p, lambda a: 1.5, 3) + x.hp(p, 1)
ND["Tools"] = lambda x, p: (
    _pos(x.meld_expect(p, 3) + 1 - x.cheapest(p, 3)) * (len(p.hand) >= 3)
    + _pos(3 * x.hp(p, 1) - x.hp(p, 3)) * any(a == 3 for a, _ in p.hand)
)
ND["Writing"] = lambda x, p: x.hp(p, 2)
ND["Metalworking"] = lambda x, p: (lambda q: q / (1 - q) + x.hp(p, 1))(min(0.8, x.p_has(1, "castle")))
ND["Oars"] = lambda x, p: 0.6 * x.hp(p, 1)
ND["Sailing"] = lambda x, p: x.meld_expect(p, 1)
ND["The Wheel"] = lambda x, p: 2 * x.hp(p, 1)
ND["Agriculture"] = lambda x, p: _return_for(x, p, lambda a: a + 1.0)
ND["Domestication"] = lambda x, p: (
    (min(((x.meld_gain(p, n) if n else 0.0) - x.hp(p, a) for a, n in p.hand), default=0.0) if p.hand else 0.0)
    + x.hp(p, 1)
)
ND["Masonry"] = lambda x, p: (
    sum(
        _pos((x.meld_gain(p, n) if n else 0.0) - x.hp(p, a))
        for a, n in p.hand
        if x.has_icon(n, a, "castle") >= 1
    )
    + 0.3 * sum(x.has_icon(n, a, "castle") for a, n in p.hand if not n)
)
ND["Mysticism"] = lambda x, p: x.hp(p, 1) + len(p.tops) / 5 * (x.hp(p, 1) + 0.5)
ND["Code of Laws"] = lambda x, p: max(
    [0.0]
    + [
        x.splay_gain(p, c.color, "left") + 0.3 - 0.5 * x.hp(p, a)
        for a, n in p.hand
        if (c := x.db.get(n)) is not None and c.color in p.tops
    ]
)


@nd("Clothing")
def _clothing(x: Ctx, p: Player) -> float:
    melds = [
        x.meld_gain(p, n) - x.hp(p, a)
        for a, n in p.hand
        if (c := x.db.get(n)) is not None and c.color not in p.tops
    ]
    if not any(n for _, n in p.hand):  # hidden hand: some chance of a new colour
        melds = [2.0 * (5 - len(p.tops)) / 5] if p.hand else []
    others = set().union(*(set(q.tops) for q in x.players if q is not p)) if x.players else set()
    return max(melds, default=0.0) + len(set(p.tops) - others)


@dm("Archery")
def _archery(x: Ctx, me: Player, q: Player) -> float:
    best = max([1] + [a for a, _ in q.hand])
    return x.hp(me, best) + x.f * x.hp(q, best) - 0.5 * x.f * x.hp(q, 1)


@dm("Oars")
def _oars(x: Ctx, me: Player, q: Player) -> float:
    crowns = sum(x.has_icon(n, a, "crown") * a for a, n in q.hand)
    return min(crowns, 6.0) * (1 + 0.5 * x.f)


@dm("City States")
def _city_states(x: Ctx, me: Player, q: Player) -> float:
    if q.icons.get("castle", 0) < 4:
        return 0.0
    ages = [x.age(t) for t in q.tops.values() if x.has_icon(t, 1, "castle")]
    return (min(ages) + 1.5) * (1 + x.f) if ages else 0.0


# ---- age 2
ND["Calendar"] = lambda x, p: 2 * x.hp(p, 3) if len(p.scores) > len(p.hand) else 0.0
ND["Mathematics"] = lambda x, p: _pos(
    max((x.meld_expect(p, a + 1) + x.hp(p, a + 1) * 0.3 - v for v, a, _ in x.hand_sorted(p)), default=0.0)
)
ND["Construction"] = lambda x, p: (
    12.0 if len(p.tops) == 5 and all(len(q.tops) < 5 for q in x.players if q is not p) else 0.0
)
ND["Road Building"] = lambda x, p: _meld_best(x, p, 2, forced=True) if p.hand else 0.0
ND["Currency"] = lambda x, p: _distinct_low(x, p, 2.0, 5)
ND["Mapmaking"] = lambda x, p: (
    1.0
    if any(
        a == 1 for q in x.opps for a, _ in q.scores if q.icons.get("crown", 0) < x.me.icons.get("crown", 0)
    )
    else 0.0
)
ND["Canal Building"] = lambda x, p: _pos(_exchange_gain(x, p, top_only=True))
ND["Fermenting"] = lambda x, p: x.hp(p, 2) * _colours_showing(x, p, "leaf")
ND["Monotheism"] = lambda x, p: 0.5
ND["Philosophy"] = lambda x, p: x.best_splay(p, COLORS, "left") + _score_best(x, p)


def _colours_showing(x: Ctx, p: Player, icon: str) -> int:
    count = 0
    for k, cards in p.piles.items():
        out = dict.fromkeys(ICONS, 0)
        x.pile_icons(cards, p.splays.get(k, "none"), out)
        count += out[icon] > 0
    return count


def _exchange_gain(x: Ctx, p: Player, top_only: bool) -> float:
    hand, score = p.hand, p.scores
    if top_only:
        hmax = max((a for a, _ in hand), default=0)
        smax = max((a for a, _ in score), default=0)
        hand = [c for c in hand if c[0] == hmax]
        score = [c for c in score if c[0] == smax]
    return sum(a - x.hv(p, a, n) for a, n in hand) + sum(x.hp(p, a) - a for a, _ in score)


@dm("Construction")
def _construction(x: Ctx, me: Player, q: Player) -> float:
    given = sorted(a for a, _ in q.hand)[:2]
    return sum(x.hp(me, a) + x.f * x.hp(q, a) for a in given) - x.f * x.hp(q, 2)


@dm("Mapmaking")
def _mapmaking(x: Ctx, me: Player, q: Player) -> float:
    return (1 + x.f) if any(a == 1 for a, _ in q.scores) else 0.0


@dm("Monotheism")
def _monotheism(x: Ctx, me: Player, q: Player) -> float:
    ages = [x.age(t) for k, t in q.tops.items() if k not in me.tops]
    return (min(ages) + x.f * (min(ages) + 1.5)) if ages else 0.0


# ---- age 3
@nd("Alchemy")
def _alchemy(x: Ctx, p: Player) -> float:
    k = p.icons.get("castle", 0) // 3
    safe = 0.8**k
    first = k * x.hp(p, 4) * safe - (1 - safe) * sum(v for v, _, _ in x.hand_sorted(p))
    return first + _meld_best(x, p, 1, forced=True) + _score_best(x, p) if p.hand else first


ND["Translation"] = lambda x, p: (
    10.0 if p.tops and all(x.has_icon(t, 1, "crown") >= 1 for t in p.tops.values()) else 0.0
)
ND["Engineering"] = lambda x, p: x.best_splay(p, ("red",), "left")
ND["Optics"] = lambda x, p: x.meld_expect(p, 3) + x.p_has(3, "crown") * 4 - (1 - x.p_has(3, "crown")) * 1.0
ND["Paper"] = lambda x, p: (
    x.best_splay(p, ("green", "blue"), "left")
    + x.hp(p, 4)
    * (
        sum(1 for k, s in p.splays.items() if s == "left" and len(p.piles[k]) >= 2)
        + (x.best_splay(p, ("green", "blue"), "left") > 0)
    )
)
ND["Machinery"] = lambda x, p: (
    x.best_splay(p, ("red",), "left")
    + max([0.0] + [a - x.hv(p, a, n) for a, n in p.hand if x.has_icon(n, a, "castle") >= 1])
)
ND["Education"] = lambda x, p: (
    _pos(
        x.hp(p, (sorted(a for a, _ in p.scores)[-2] if len(p.scores) > 1 else 0) + 2)
        - max(a for a, _ in p.scores)
    )
    if p.scores
    else 0.0
)
ND["Feudalism"] = lambda x, p: x.best_splay(p, ("yellow", "purple"), "left")


@dm("Engineering")
def _engineering(x: Ctx, me: Player, q: Player) -> float:
    total = 0.0
    for k, t in q.tops.items():
        if x.has_icon(t, 1, "castle") >= 1:
            total += x.age(t) + x.f * x.remove_top_loss(q, k)
    return total


@dm("Compass")
def _compass(x: Ctx, me: Player, q: Player) -> float:
    theirs = [x.age(t) for k, t in q.tops.items() if k != "green" and x.has_icon(t, 1, "leaf") >= 1]
    return 1.0 + 0.5 * min(theirs) if theirs else 0.0


@dm("Machinery")
def _machinery(x: Ctx, me: Player, q: Player) -> float:
    mine_max = max((a for a, _ in me.hand), default=0)
    give = sum(x.hv(me, a, n) for a, n in me.hand if a == mine_max)
    take = sum(x.hp(me, a) for a, _ in q.hand)
    lost = sum(x.hp(q, a) for a, _ in q.hand)
    return take - give + x.f * (lost - sum(x.hp(q, a) for a, _ in me.hand if a == mine_max))


@dm("Medicine")
def _medicine(x: Ctx, me: Player, q: Player) -> float:
    if not q.scores:
        return 0.0
    theirs = max(a for a, _ in q.scores)
    mine = min((a for a, _ in me.scores), default=0)
    return (theirs - mine) * (1 + x.f)


@dm("Feudalism")
def _feudalism(x: Ctx, me: Player, q: Player) -> float:
    castles = [x.hp(me, a) for a, n in q.hand if x.has_icon(n, a, "castle") >= 0.5]
    return max(castles, default=0.0) * (1 + x.f) * 0.8


# ---- age 4
ND["Experimentation"] = lambda x, p: x.meld_expect(p, 5) + 0.5
ND["Printing Press"] = lambda x, p: (
    x.best_splay(p, ("blue",), "right")
    + (_pos(x.hp(p, p.top_age("purple", x.db) + 2) - min(a for a, _ in p.scores)) if p.scores else 0.0)
)
ND["Colonialism"] = lambda x, p: (0.6 + _tuck_base(x, p)) / max(0.2, 1 - x.p_has(3, "crown"))
ND["Gunpowder"] = lambda x, p: 0.0
ND["Invention"] = lambda x, p: (
    max([0.0] + [x.splay_gain(p, k, "right") + 4 for k, s in p.splays.items() if s == "left"])
    + (12.0 if len(p.tops) == 5 and all(s != "none" for s in p.splays.values()) else 0.0)
)
ND["Perspective"] = lambda x, p: (
    _pos(1.0 + 0.8 * min(p.icons.get("lightbulb", 0) // 2, len(p.hand) - 1) - x.cheapest(p, 1))
    if p.hand
    else 0.0
)
ND["Enterprise"] = lambda x, p: x.best_splay(p, ("green",), "right")
ND["Reformation"] = lambda x, p: (
    x.best_splay(p, ("yellow", "purple"), "right") + 0.2 * min(len(p.hand), p.icons.get("leaf", 0) // 2)
)


def _tuck_base(x: Ctx, p: Player) -> float:
    """A card tucked blind: icons on splayed piles, on average."""
    splayed = sum(1 for k, s in p.splays.items() if s != "none" and len(p.piles[k]) >= 2)
    return 0.3 * splayed / 5 * 2


@dm("Gunpowder")
def _gunpowder(x: Ctx, me: Player, q: Player) -> float:
    ages = [(x.age(t), k) for k, t in q.tops.items() if x.has_icon(t, 1, "castle") >= 1]
    if not ages:
        return 0.0
    a, k = min(ages)
    return a + x.f * x.remove_top_loss(q, k) + 2.0  # and the draw-and-score 2 it unlocks


@dm("Navigation")
def _navigation(x: Ctx, me: Player, q: Player) -> float:
    ages = [a for a, _ in q.scores if a in (2, 3)]
    return max(ages) * (1 + x.f) if ages else 0.0


@dm("Anatomy")
def _anatomy(x: Ctx, me: Player, q: Player) -> float:
    return x.f * 2.5 if q.scores else 0.0


@dm("Enterprise")
def _enterprise(x: Ctx, me: Player, q: Player) -> float:
    ages = [x.age(t) for k, t in q.tops.items() if k != "purple" and x.has_icon(t, 1, "crown") >= 1]
    return 1.0 + 0.3 * min(ages) - x.f * 1.5 if ages else 0.0


# ---- age 5
ND["Chemistry"] = lambda x, p: (
    x.best_splay(p, ("blue",), "right") + (p.draw_age + 1) - min([p.draw_age + 1] + [a for a, _ in p.scores])
)
ND["Physics"] = lambda x, p: 0.48 * 3 * x.hp(p, 6) - 0.52 * sum(x.hv(p, a, n) for a, n in p.hand)
ND["Coal"] = lambda x, p: (
    0.6 + x.best_splay(p, ("red",), "right") + max([0.0] + [_coal(x, p, k) for k in p.tops])
)
ND["The Pirate Code"] = lambda x, p: 0.0
ND["Banking"] = lambda x, p: x.best_splay(p, ("green",), "right")
ND["Measurement"] = lambda x, p: max(
    [0.0]
    + [
        x.splay_gain(p, c.color, "right") + x.hp(p, len(p.piles[c.color])) - v
        for v, _, n in x.hand_sorted(p)
        if (c := x.db.get(n)) is not None
    ]
)
ND["Statistics"] = lambda x, p: x.best_splay(p, ("yellow",), "right")
ND["Steam Engine"] = lambda x, p: 1.2 + 4.0 - (2.0 if len(p.piles["yellow"]) <= 1 else 0.0)
ND["Astronomy"] = lambda x, p: (
    x.hp(p, 6)
    + 0.4 * x.meld_expect(p, 6)
    + (12.0 if all(x.age(t) >= 6 for k, t in p.tops.items() if k != "purple") else 0.0)
)


def _coal(x: Ctx, p: Player, color: str) -> float:
    pile = p.piles.get(color) or []
    if not pile:
        return 0.0
    gained = sum(x.age(c) for c in pile[-2:])
    return gained - x.remove_top_loss(p, color, 2)


@dm("The Pirate Code")
def _pirate(x: Ctx, me: Player, q: Player) -> float:
    ages = sorted(a for a, _ in q.scores if a <= 4)[:2]
    return sum(ages) * (1 + x.f) + (1.0 if ages else 0.0)


@dm("Banking")
def _banking(x: Ctx, me: Player, q: Player) -> float:
    ages = [x.age(t) for k, t in q.tops.items() if k != "green" and x.has_icon(t, 1, "factory") >= 1]
    return 0.5 * min(ages) - x.f * 4 if ages else 0.0


@dm("Statistics")
def _statistics(x: Ctx, me: Player, q: Player) -> float:
    if not q.scores:
        return 0.0
    top = max(a for a, _ in q.scores)
    return x.f * sum(a - x.hp(q, a) for a, _ in q.scores if a == top)


@dm("Societies")
def _societies(x: Ctx, me: Player, q: Player) -> float:
    ages = [
        x.age(t)
        for k, t in q.tops.items()
        if x.has_icon(t, 1, "lightbulb") >= 1 and x.age(t) > me.top_age(k, x.db)
    ]
    return 1.0 + 0.3 * max(ages) - x.f * x.hp(q, 5) if ages else 0.0


# ---- age 6
ND["Atomic Theory"] = lambda x, p: x.best_splay(p, ("blue",), "right") + x.meld_expect(p, 7) + 0.5
ND["Encyclopedia"] = lambda x, p: 0.0
ND["Industrialization"] = lambda x, p: (
    0.6 * _colours_showing(x, p, "factory") + x.best_splay(p, ("red", "purple"), "right")
)
ND["Machine Tools"] = lambda x, p: float(max([1] + [a for a, _ in p.scores]))
ND["Classification"] = lambda x, p: 1.0 + 0.1 * sum(len(q.hand) for q in x.players if q is not p)
ND["Metric System"] = lambda x, p: (
    x.best_splay(p, ("green",), "right")
    + (x.best_splay(p, COLORS, "right") if p.splays.get("green") == "right" else 0.0)
)
ND["Canning"] = lambda x, p: _pos(_canning(x, p)) + x.best_splay(p, ("yellow",), "right")
ND["Vaccination"] = lambda x, p: 0.0
ND["Democracy"] = lambda x, p: _pos(8.0 * 0.6 - x.cheapest(p, 1)) if p.hand else 0.0
ND["Emancipation"] = lambda x, p: x.best_splay(p, ("red", "purple"), "right")


def _canning(x: Ctx, p: Player) -> float:
    value = 0.6
    for k, t in p.tops.items():
        if x.has_icon(t, 1, "factory") < 1:
            value += x.age(t) - x.remove_top_loss(p, k)
    return value


@dm("Vaccination")
def _vaccination(x: Ctx, me: Player, q: Player) -> float:
    if not q.scores:
        return 0.0
    low = min(a for a, _ in q.scores)
    return x.f * (sum(a for a, _ in q.scores if a == low) - 2.0) + 0.5 * x.meld_expect(me, 7)


@dm("Emancipation")
def _emancipation(x: Ctx, me: Player, q: Player) -> float:
    if not q.hand:
        return 0.0
    low = min(a for a, _ in q.hand)
    return low + x.f * (x.hp(q, low) - x.hp(q, 6))


# ---- age 7
ND["Evolution"] = lambda x, p: max(
    0.0, 8 - min([8] + [a for a, _ in p.scores]), x.hp(p, max([0] + [a for a, _ in p.scores]) + 1)
)
ND["Publications"] = lambda x, p: x.best_splay(p, ("yellow", "blue"), "up")
ND["Combustion"] = lambda x, p: -x.remove_top_loss(p, "red") * 0.3 if len(p.piles["red"]) == 1 else -0.2
ND["Bicycle"] = lambda x, p: _pos(_exchange_gain(x, p, top_only=False))
ND["Electricity"] = lambda x, p: sum(
    x.hp(p, 8) - x.remove_top_loss(p, k) for k, t in p.tops.items() if x.has_icon(t, 1, "factory") < 1
)
ND["Refrigeration"] = lambda x, p: _score_best(x, p)
ND["Lighting"] = lambda x, p: _distinct_low(x, p, 7.0, 3)
ND["Railroad"] = lambda x, p: (
    3 * x.hp(p, 6)
    - sum(x.hv(p, a, n) for a, n in p.hand)
    + max([0.0] + [x.splay_gain(p, k, "up") for k, s in p.splays.items() if s == "right"])
)


@dm("Combustion")
def _combustion(x: Ctx, me: Player, q: Player) -> float:
    k = me.icons.get("crown", 0) // 4
    ages = sorted(a for a, _ in q.scores)[:k]
    return sum(ages) * (1 + x.f)


@dm("Explosives")
def _explosives(x: Ctx, me: Player, q: Player) -> float:
    ages = sorted((a for a, _ in q.hand), reverse=True)[:3]
    return sum(x.hp(me, a) + x.f * x.hp(q, a) for a in ages) - (
        x.f * x.hp(q, 7) if 0 < len(q.hand) <= 3 else 0.0
    )


@dm("Refrigeration")
def _refrigeration(x: Ctx, me: Player, q: Player) -> float:
    ages = sorted(a for a, _ in q.hand)[: len(q.hand) // 2]
    return x.f * sum(x.hp(q, a) for a in ages)


@dm("Sanitation")
def _sanitation(x: Ctx, me: Player, q: Player) -> float:
    theirs = sorted((a for a, _ in q.hand), reverse=True)[:2]
    mine = min((a for a, _ in me.hand), default=0)
    if not theirs:
        return 0.0
    return sum(x.hp(me, a) + x.f * x.hp(q, a) for a in theirs) - (
        x.hp(me, mine) * (1 + x.f) if me.hand else 0
    )


# ---- age 8
ND["Quantum Theory"] = lambda x, p: _pos(x.hp(p, 10) + 10 - x.cheapest(p, 2)) if len(p.hand) >= 2 else 0.0
ND["Rocketry"] = lambda x, p: (
    x.f
    * sum(
        sorted((a for q in x.players if q is not p for a, _ in q.scores), reverse=True)[
            : p.icons.get("clock", 0) // 2
        ]
    )
)
ND["Flight"] = lambda x, p: (
    x.best_splay(p, ("red",), "up") + (x.best_splay(p, COLORS, "up") if p.splays.get("red") == "up" else 0.0)
)
ND["Corporations"] = lambda x, p: x.meld_expect(p, 8) + 0.5
ND["Mass Media"] = lambda x, p: (
    x.best_splay(p, ("purple",), "up") + (_pos(_best_wipe(x, p)[0] - x.cheapest(p, 1)) if p.hand else 0.0)
)
ND["Antibiotics"] = lambda x, p: _distinct_low(x, p, 2 * x.hp(p, 8), 3)
ND["Empiricism"] = lambda x, p: (
    WIN if p.icons.get("lightbulb", 0) >= 20 else 0.6 * x.hp(p, 9) + 0.4 * x.meld_expect(p, 9)
)
ND["Socialism"] = lambda x, p: (
    0.5 if any((c := x.db.get(n)) and c.color == "purple" for _, n in p.hand) else 0.0
)


def _best_wipe(x: Ctx, p: Player) -> tuple[float, int]:
    best = (0.0, 1)
    for v in range(1, 11):
        mine = sum(a for a, _ in p.scores if a == v)
        theirs = sum(a for q in x.players if q is not p for a, _ in q.scores if a == v)
        best = max(best, (x.f * theirs - mine, v))
    return best


@dm("Mobility")
def _mobility(x: Ctx, me: Player, q: Player) -> float:
    ages = sorted(
        ((x.age(t), k) for k, t in q.tops.items() if k != "red" and x.has_icon(t, 1, "factory") < 1),
        reverse=True,
    )[:2]
    return sum(a + x.f * x.remove_top_loss(q, k) for a, k in ages) - (x.f * x.hp(q, 8) if ages else 0.0)


@dm("Corporations")
def _corporations(x: Ctx, me: Player, q: Player) -> float:
    ages = [(x.age(t), k) for k, t in q.tops.items() if k != "green" and x.has_icon(t, 1, "factory") >= 1]
    if not ages:
        return 0.0
    a, k = min(ages)
    return a + x.f * (x.remove_top_loss(q, k) - x.meld_expect(q, 8))


@dm("Skyscrapers")
def _skyscrapers(x: Ctx, me: Player, q: Player) -> float:
    ages = [(x.age(t), k) for k, t in q.tops.items() if k != "yellow" and x.has_icon(t, 1, "clock") >= 1]
    if not ages:
        return 0.0
    a, k = min(ages)
    return 0.5 * a + x.f * x.remove_top_loss(q, k, len(q.piles[k]))


# ---- age 9
ND["Computers"] = lambda x, p: x.best_splay(p, ("red", "green"), "up") + x.meld_expect(p, 10) + 4.0
ND["Genetics"] = lambda x, p: (
    x.meld_expect(p, 10) + sum(sum(x.age(c) for c in pile) for pile in p.piles.values()) / 5
)
ND["Fission"] = lambda x, p: (
    x.hp(p, 10)
    + x.f * max([0.0] + [x.remove_top_loss(q, k) for q in x.players if q is not p for k in q.tops])
)
ND["Collaboration"] = lambda x, p: WIN if len(p.piles["green"]) >= 10 else 0.0
ND["Satellites"] = lambda x, p: (
    3 * x.hp(p, 8) - sum(x.hv(p, a, n) for a, n in p.hand) + x.best_splay(p, ("purple",), "up") + 3.0
)
ND["Ecology"] = lambda x, p: _pos(2 * x.hp(p, 10) + 2 - x.cheapest(p, 1)) if len(p.hand) >= 1 else 0.0
ND["Suburbia"] = lambda x, p: (
    _distinct_low(x, p, 1.3, 10) + 0.3 * sum(1 for _, a, _ in x.hand_sorted(p) if a <= 1)
)
ND["Specialization"] = lambda x, p: (
    x.best_splay(p, ("yellow", "blue"), "up")
    + max(
        [0.0]
        + [
            sum(
                x.hp(p, q.top_age(c.color, x.db)) + x.f * x.remove_top_loss(q, c.color)
                for q in x.players
                if q is not p
            )
            for _, n in p.hand
            if (c := x.db.get(n)) is not None
        ]
    )
)


@dm("Composites")
def _composites(x: Ctx, me: Player, q: Player) -> float:
    hand = sorted(a for a, _ in q.hand)[:-1]
    top = max((a for a, _ in q.scores), default=0)
    return sum(x.hp(me, a) + x.f * x.hp(q, a) for a in hand) + top * (1 + x.f)


@dm("Fission")
def _fission(x: Ctx, me: Player, q: Player) -> float:
    return 0.0


@dm("Collaboration")
def _collaboration(x: Ctx, me: Player, q: Player) -> float:
    return 0.7 * x.meld_expect(me, 9) + 1.0 - x.f * 0.5 * x.meld_expect(q, 9)


@dm("Services")
def _services(x: Ctx, me: Player, q: Player) -> float:
    if not q.scores:
        return 0.0
    top = max(a for a, _ in q.scores)
    got = sum(a for a, _ in q.scores if a == top)
    return x.hp(me, top) + x.f * got - 3.0


# ---- age 10
ND["Bioengineering"] = lambda x, p: max(
    [0.0]
    + [
        x.age(t) + x.f * x.remove_top_loss(q, k)
        for q in x.players
        if q is not p
        for k, t in q.tops.items()
        if x.has_icon(t, 1, "leaf") >= 1
    ]
)
ND["Software"] = lambda x, p: 10 + 2 * x.meld_expect(p, 10) + 3.0
ND["Miniaturization"] = lambda x, p: (
    len({a for a, _ in p.scores}) * x.hp(p, 10) - x.hp(p, 10) if any(a == 10 for a, _ in p.hand) else 0.0
)
ND["Robotics"] = lambda x, p: (
    p.top_age("green", x.db) - x.remove_top_loss(p, "green") + x.meld_expect(p, 10) + 4.0
)
ND["Self Service"] = lambda x, p: (
    WIN
    if all(p.achievements > q.achievements for q in x.players if q is not p)
    else max([0.0] + [x.nd_value(p, t) for t in p.tops.values() if t != "Self Service"])
)
ND["Globalization"] = lambda x, p: 6.0
ND["Stem Cells"] = lambda x, p: _pos(sum(a - x.hv(p, a, n) for a, n in p.hand))
ND["A.I."] = lambda x, p: 10.0
ND["The Internet"] = lambda x, p: (
    x.best_splay(p, ("green",), "up") + 10 + p.icons.get("clock", 0) // 2 * x.meld_expect(p, 10)
)


@dm("Databases")
def _databases(x: Ctx, me: Player, q: Player) -> float:
    ages = sorted(a for a, _ in q.scores)
    return x.f * sum(ages[: (len(ages) + 1) // 2])


@dm("Globalization")
def _globalization(x: Ctx, me: Player, q: Player) -> float:
    ages = [(x.age(t), k) for k, t in q.tops.items() if x.has_icon(t, 1, "leaf") >= 1]
    return x.f * x.remove_top_loss(q, min(ages)[1]) if ages else 0.0


def _single(players: list[Player], key: Callable[[Player], float], most: bool) -> int | None:
    if not players:
        return None
    values = [key(p) for p in players]
    best = max(values) if most else min(values)
    winners = [p for p, v in zip(players, values) if v == best]
    return winners[0].seat if len(winners) == 1 else None


def _bio_winner(x: Ctx) -> int | None:
    if any(p.icons.get("leaf", 0) < 3 for p in x.players):
        return _single(x.players, lambda p: p.icons.get("leaf", 0), True)
    return None


def _glob_winner(x: Ctx) -> int | None:
    if all(p.icons.get("leaf", 0) <= p.icons.get("factory", 0) for p in x.players):
        return _single(x.players, lambda p: p.score + (6 if p is x.me else 0), True)
    return None


def _ai_winner(x: Ctx) -> int | None:
    tops = {t for p in x.players for t in p.tops.values()}
    if "Robotics" in tops and "Software" in tops:
        return _single(x.players, lambda p: p.score + (10 if p is x.me else 0), False)
    return None


GLOBAL_WIN["Bioengineering"] = _bio_winner
GLOBAL_WIN["Globalization"] = _glob_winner
GLOBAL_WIN["A.I."] = _ai_winner


# ---------------------------------------------------------------------------- turn actions
def _draw_value(x: Ctx) -> float:
    age = x.me.draw_age
    while age <= 10 and (x.supply[age - 1] if age - 1 < len(x.supply) else 0) <= 0:
        age += 1
    if age > 10:
        return x.end_value()
    # A stall breaker: greedy players can fall into a loop (one's Databases returns what the
    # other's A.I. scores, forever). Past STALL turns (games take 40-70), drawing, which empties
    # the supply towards the end by score, is favoured more and more.
    stall = max(0, int(x.obs.get("turn") or 0) - STALL) * 0.2
    return x.hp(x.me, age) + 0.05 + stall


def _achieve_value(x: Ctx, age: int) -> float:
    if x.me.achievements + 1 >= x.to_win:
        return WIN
    return ACHIEVE - age  # the lowest first: opponents reach those soonest


def _first_meld_value(x: Ctx, name: str) -> float:
    other = [n for _, n in x.me.hand if n and n != name]
    v = x.nd_value(x.me, name) + (sum(x.demand_value(q, name) for q in x.opps) * 0.5)
    return v - 0.1 * sum(x.nd_value(x.me, n) for n in other)


def score_action(x: Ctx, action: dict[str, Any]) -> float:
    kind = action.get("type")
    if kind == "achieve":
        return _achieve_value(x, int(action.get("age", 1)))
    if kind == "draw":
        return _draw_value(x)
    if kind == "meld":
        name = action.get("card", "")
        return x.meld_gain(x.me, name) - x.hp(x.me, x.age(name))
    if kind == "dogma":
        return x.dogma_value(action.get("card", ""))
    if kind == "first_meld":
        return _first_meld_value(x, action.get("card", ""))
    return 0.0


# ---------------------------------------------------------------------------- decisions
_DIRECTION = re.compile(r"\b(left|right|up)\b")


def _splay_direction(x: Ctx, d: dict[str, Any]) -> str:
    texts = [str(d.get("prompt") or "")]
    c = x.db.get(d.get("card"))
    eff = d.get("effect")
    if c is not None and isinstance(eff, int) and 0 <= eff < len(c.texts):
        texts.append(c.texts[eff])
    for text in texts:
        t = text.lower()
        if "to the right" in t:
            return "right"
        m = re.search(r"splay (left|right|up)\b", t)
        if m:
            return m.group(1)
        words = _DIRECTION.findall(t)
        if words:
            return words[-1]
    return "right"


def _order_prompt(prompt: str, optional: bool) -> bool:
    return not optional and any(w in prompt for w in ("one at a time", "every ", "in the order", "all the "))


def _card_value(x: Ctx, d: dict[str, Any], name: str, optional: bool) -> float:
    me = x.me
    card = d.get("card") or ""
    purpose = d.get("purpose") or ""
    prompt = str(d.get("prompt") or "").lower()
    a = x.age(name)
    loc = x.where.get(name)
    zone = loc[0] if loc else None
    mine = loc is not None and loc[1] == x.seat
    worth, owner = x.worth(name)
    hv = x.hv(me, a, name) if zone == "hand" and mine else worth
    special = PICK.get(card)
    if special is not None:
        v = special(x, d, name, a, hv)
        if v is not None:
            return v
    if _order_prompt(prompt, optional):
        return -a if purpose == "meld" else -hv
    if purpose == "return":
        if loc is not None and not mine and owner is not None:
            return x.f * worth
        return -hv
    if purpose == "transfer":
        if prompt.startswith("take") or (loc is not None and not mine):
            return x.meld_gain(me, name) if "board" in prompt and "your board" in prompt else a + x.f * worth
        return -hv
    if purpose in ("choose", "exchange"):
        return -hv if "give" in prompt or mine else a
    if purpose == "keep":
        return hv
    if purpose == "score":
        if zone == "board" and mine and loc is not None and loc[2]:
            return a - x.remove_top_loss(me, loc[2])
        return a - hv
    if purpose == "meld":
        if zone == "score":
            return x.meld_gain(me, name) - a
        return x.meld_gain(me, name) - x.hp(me, a)
    if purpose == "tuck":
        return x.tuck_gain(me, name) - hv
    if purpose == "order":
        return a + 0.2 * x.nd_value(me, name)
    if purpose == "execute":
        return x.nd_value(me, name)
    if purpose == "reveal":
        return -0.1 * hv
    return -hv if any(w in prompt for w in ("give", "return", "lose")) else hv


PickFn = Callable[[Ctx, dict[str, Any], str, int, float], float | None]
PICK: dict[str, PickFn] = {}


def _pick(*names: str) -> Callable[[PickFn], PickFn]:
    def register(fn: PickFn) -> PickFn:
        for n in names:
            PICK[n] = fn
        return fn

    return register


def _opt_return(reward: Callable[[Ctx, int], float]) -> PickFn:
    def fn(x: Ctx, d: dict[str, Any], name: str, a: int, hv: float) -> float | None:
        if d.get("purpose") != "return" or not d.get("optional"):
            return None
        return reward(x, a) - hv

    return fn


PICK["Pottery"] = _opt_return(lambda x, a: 1.5)
PICK["Currency"] = _opt_return(lambda x, a: 2.0 if a <= 4 else 0.0)
PICK["Agriculture"] = _opt_return(lambda x, a: a + 1.0)
PICK["Mathematics"] = _opt_return(lambda x, a: x.meld_expect(x.me, a + 1) + 0.3 * x.hp(x.me, a + 1))
PICK["Mass Media"] = _opt_return(lambda x, a: _best_wipe(x, x.me)[0])
PICK["Ecology"] = _opt_return(lambda x, a: 2 * x.hp(x.me, 10) + 2)
PICK["Miniaturization"] = _opt_return(
    lambda x, a: len({s for s, _ in x.me.scores}) * x.hp(x.me, 10) if a == 10 else 0.0
)
PICK["Quantum Theory"] = _opt_return(lambda x, a: (x.hp(x.me, 10) + 10) / 2 if len(x.me.hand) >= 2 else 0.0)
PICK["Antibiotics"] = _opt_return(lambda x, a: 2 * x.hp(x.me, 8))
PICK["Democracy"] = _opt_return(lambda x, a: 3.0 if len(x.me.hand) >= 4 else 0.0)  # keep three
PICK["Perspective"] = _opt_return(
    lambda x, a: 1.0 + 0.8 * min(x.me.icons.get("lightbulb", 0) // 2, len(x.me.hand) - 1)
)


@_pick("Tools")
def _pick_tools(x: Ctx, d: dict[str, Any], name: str, a: int, hv: float) -> float | None:
    if d.get("optional") and d.get("effect") == 1:
        return 3 * x.hp(x.me, 1) - hv
    return -hv


@_pick("Education", "Printing Press")
def _pick_score_return(x: Ctx, d: dict[str, Any], name: str, a: int, hv: float) -> float | None:
    if d.get("purpose") != "return":
        return None
    scores = sorted(s for s, _ in x.me.scores)
    if d.get("card") == "Education":
        rest = list(scores)
        if a in rest:
            rest.remove(a)
        return x.hp(x.me, max(rest, default=0) + 2) - a
    return x.hp(x.me, x.me.top_age("purple", x.db) + 2) - a


@_pick("Fission")
def _pick_fission(x: Ctx, d: dict[str, Any], name: str, a: int, hv: float) -> float | None:
    loc = x.where.get(name)
    if d.get("purpose") != "return" or loc is None or loc[0] != "board":
        return None
    owner = next((p for p in x.players if p.seat == loc[1]), None)
    if owner is None or loc[2] is None:
        return None
    loss = x.remove_top_loss(owner, loc[2])
    return -loss if owner is x.me else x.f * loss + 0.1 * owner.achievements


@_pick("Anatomy")
def _pick_anatomy(x: Ctx, d: dict[str, Any], name: str, a: int, hv: float) -> float | None:
    loc = x.where.get(name)
    if loc is not None and loc[0] == "score":
        tops = {x.age(t) for t in x.me.tops.values()}
        return -a - (6.0 if a in tops else 0.0)
    return None


@_pick("Coal")
def _pick_coal(x: Ctx, d: dict[str, Any], name: str, a: int, hv: float) -> float | None:
    c = x.db.get(name)
    if d.get("purpose") != "score" or c is None:
        return None
    return _coal(x, x.me, c.color)


@_pick("Lighting")
def _pick_lighting(x: Ctx, d: dict[str, Any], name: str, a: int, hv: float) -> float | None:
    return 7.0 - hv if d.get("optional") else -hv


@_pick("Suburbia")
def _pick_suburbia(x: Ctx, d: dict[str, Any], name: str, a: int, hv: float) -> float | None:
    return 1.3 + x.tuck_gain(x.me, name) - hv if d.get("optional") else -hv


@_pick("Code of Laws")
def _pick_code(x: Ctx, d: dict[str, Any], name: str, a: int, hv: float) -> float | None:
    c = x.db.get(name)
    if c is None:
        return None
    return x.tuck_gain(x.me, name) + x.splay_gain(x.me, c.color, "left") + 0.3 - 0.6 * hv


@_pick("Masonry", "Road Building", "Domestication", "Clothing")
def _pick_meld(x: Ctx, d: dict[str, Any], name: str, a: int, hv: float) -> float | None:
    if d.get("purpose") != "meld":
        return None
    gain = x.meld_gain(x.me, name) - x.hp(x.me, a)
    if d.get("card") == "Masonry":
        castles = sum(1 for _, n in x.me.hand if (c := x.db.get(n)) and "castle" in c.icons)
        if castles >= 4:
            gain += 3.0  # melding four claims Monument
    return gain


@_pick("Satellites")
def _pick_satellites(x: Ctx, d: dict[str, Any], name: str, a: int, hv: float) -> float | None:
    if d.get("purpose") != "meld":
        return None
    return x.meld_gain(x.me, name) - x.hp(x.me, a) + x.nd_value(x.me, name)


@_pick("Measurement")
def _pick_measurement(x: Ctx, d: dict[str, Any], name: str, a: int, hv: float) -> float | None:
    c = x.db.get(name)
    if c is None:
        return None
    return x.splay_gain(x.me, c.color, "right") + x.hp(x.me, len(x.me.piles[c.color])) - hv


@_pick("Classification")
def _pick_classification(x: Ctx, d: dict[str, Any], name: str, a: int, hv: float) -> float | None:
    c = x.db.get(name)
    if c is None or d.get("purpose") != "reveal":
        return None
    same = [n for _, n in x.me.hand if (k := x.db.get(n)) is not None and k.color == c.color]
    return sum(x.meld_gain(x.me, n) for n in same) / max(1, len(same)) + 0.3 * len(same)


@_pick("Specialization")
def _pick_specialization(x: Ctx, d: dict[str, Any], name: str, a: int, hv: float) -> float | None:
    c = x.db.get(name)
    if c is None or d.get("purpose") != "reveal":
        return None
    return sum(x.hp(x.me, q.top_age(c.color, x.db)) + x.f * x.remove_top_loss(q, c.color) for q in x.opps)


@_pick("Collaboration")
def _pick_collaboration(x: Ctx, d: dict[str, Any], name: str, a: int, hv: float) -> float | None:
    return x.meld_gain(x.me, name) + a


@_pick("Publications")
def _pick_publications(x: Ctx, d: dict[str, Any], name: str, a: int, hv: float) -> float | None:
    return a + 0.3 * x.nd_value(x.me, name)


def _yes_value(x: Ctx, d: dict[str, Any]) -> float:
    me = x.me
    card = d.get("card") or ""
    purpose = d.get("purpose") or ""
    if card == "Tools":
        return x.meld_expect(me, 3) + 1 - x.cheapest(me, 3) if len(me.hand) >= 3 else -1.0
    if card == "Bicycle":
        return _exchange_gain(x, me, top_only=False)
    if card == "Canal Building":
        return _exchange_gain(x, me, top_only=True)
    if card in ("Encyclopedia", "Translation"):
        if not me.scores:
            return -1.0
        top = max(a for a, _ in me.scores)
        cards = [(a, n) for a, n in me.scores if card == "Translation" or a == top]
        gain = max((x.meld_gain(me, n) for _, n in cards if n), default=0.0)
        return gain - sum(a for a, _ in cards) * 0.8
    if card == "Stem Cells":
        return sum(a - x.hv(me, a, n) for a, n in me.hand)
    if card == "Canning":
        return _canning(x, me)
    if card == "Socialism":
        purple = any((c := x.db.get(n)) and c.color == "purple" for _, n in me.hand)
        taken = sum(x.hp(me, min(a for a, _ in q.hand)) for q in x.opps if q.hand) if purple else 0.0
        return taken + sum(x.tuck_gain(me, n) - 0.5 * x.hv(me, a, n) for a, n in me.hand if n)
    if card == "Reformation":
        return sum(x.tuck_gain(me, n) + 0.3 - 0.6 * v for v, _, n in x.hand_sorted(me)[:2] if n)
    return {"score": 1.0, "meld": 0.5, "draw": 1.0, "tuck": -0.3, "return": -1.0, "exchange": -1.0}.get(
        purpose, 0.3
    )


def _option_value(x: Ctx, d: dict[str, Any], option: str) -> float:
    if d.get("card") == "Evolution":
        scores = [a for a, _ in x.me.scores]
        if option == "a":
            return 8 - min([8, *scores])
        return x.hp(x.me, max([0, *scores]) + 1)
    labels = list(d.get("labels") or [])
    return -labels.index(option) * 0.01 if option in labels else 0.0


def _player_value(x: Ctx, d: dict[str, Any], seat: int) -> float:
    q = next((p for p in x.players if p.seat == seat), None)
    if q is None:
        return 0.0
    if q is x.me:
        return -1.0
    if d.get("card") == "Road Building":
        green = q.tops.get("green")
        red = x.me.tops.get("red")
        gain = x.meld_gain(x.me, green) if green else 0.0
        loss = x.remove_top_loss(x.me, "red") if red else 0.0
        theirs = (x.meld_gain(q, red) if red else 0.0) - (x.remove_top_loss(q, "green") if green else 0.0)
        return gain - loss - x.f * theirs
    # giving something to a player: the one least likely to win
    return -(q.achievements * 10 + q.score)


def _blind_value(x: Ctx, d: dict[str, Any], seat: int, age: int) -> float:
    q = next((p for p in x.players if p.seat == seat), None)
    if q is None:
        return 0.0
    if q is x.me:
        return -age
    return age * (x.f + 0.05 * q.achievements) + 0.01 * q.score


def _colors_value(x: Ctx, d: dict[str, Any], colors: list[str]) -> float:
    return sum(
        (4.0 if k not in x.me.tops else 0.0) + 0.3 * (9 - x.me.top_age(k, x.db)) + x.splay_gain(x.me, k, "up")
        for k in colors
    )


def score_answer(x: Ctx, d: dict[str, Any], action: dict[str, Any]) -> float:
    kind = action.get("type")
    optional = bool(d.get("optional"))
    if kind == "pass":
        return 0.0
    if kind == "yes":
        return _yes_value(x, d)
    if kind == "card":
        return _card_value(x, d, str(action.get("card")), optional)
    if kind == "color":
        color = str(action.get("color"))
        if d.get("purpose") == "splay":
            return x.splay_gain(x.me, color, _splay_direction(x, d)) - 0.01
        return -0.1  # Publications' reordering: not worth the trouble
    if kind == "colors":
        return _colors_value(x, d, list(action.get("colors") or []))
    if kind == "player":
        return _player_value(x, d, int(action.get("player", -1)))
    if kind == "value":
        v = int(action.get("value", 0))
        mine = sum(a for a, _ in x.me.scores if a == v)
        theirs = sum(a for q in x.opps for a, _ in q.scores if a == v)
        return x.f * theirs - mine
    if kind == "blind":
        return _blind_value(x, d, int(action.get("player", -1)), int(action.get("age", 0)))
    if kind == "option":
        return _option_value(x, d, str(action.get("option")))
    return score_action(x, action)


# ---------------------------------------------------------------------------- entry point
#: the decision kinds this bot understands (observation.decision.kind); others get index 0
KINDS = ("card", "blind", "color", "colors", "player", "value", "option", "yes")


def score_all(
    observation: dict[str, Any],
    actions: list[dict[str, Any]],
    static: dict[str, Any] | None = None,
    strict: bool = False,
) -> list[float]:
    """The heuristic's value of every legal action (higher is better). An action whose scoring
    fails gets -WIN, or, with `strict` (for tests), the exception is raised."""
    x = Ctx(observation, card_db(static))
    d = x.decision if x.decision and x.decision.get("seat", x.seat) == x.seat else None
    scores = []
    for a in actions:
        try:
            s = float(score_answer(x, d, a) if d is not None else score_action(x, a))
        except Exception:
            if strict:
                raise
            s = -WIN
        scores.append(s if s == s else -WIN)  # NaN-safe
    return scores


def choose(
    observation: dict[str, Any],
    actions: list[dict[str, Any]],
    rng: random.Random | None = None,
    static: dict[str, Any] | None = None,
) -> int:
    """Index of the best-scored action (ties broken with `rng` when given); 0 on anything odd."""
    try:
        if not isinstance(actions, list) or len(actions) <= 1:
            return 0
        decision = observation.get("decision")
        if isinstance(decision, dict) and decision.get("kind") not in KINDS:
            return 0
        scores = score_all(observation, actions, static)
        best = max(scores)
        top = [i for i, s in enumerate(scores) if s >= best - 1e-9]
        index = rng.choice(top) if rng is not None and len(top) > 1 else top[0]
        return index if isinstance(index, int) and 0 <= index < len(actions) else 0
    except Exception:
        return 0
