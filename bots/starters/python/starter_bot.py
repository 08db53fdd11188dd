#!/usr/bin/env python3
"""A starter bot in Python for every game of the referee (Altay, Innovation, Mammothodus).

    python3 starter_bot.py                 (standard library only; protocol/PROTOCOL.md)

It reads `hello` (the game, and its static information: Altay's board, Innovation's cards,
Mammothodus's map) and every request into typed records (the dataclasses below), scores each
legal action with one heuristic, `Bot.score` (a one-ply score: the observation and the action
alone, never a look ahead; each game's part is its `score_GAME` function), and answers the
index of the best (the first of equals). Replace a `score_GAME` with your own ideas; the rest
is the protocol.

Protocol essentials: one JSON object per line on stdin and stdout; answer `hello` with `ready`,
each `request` with {"type": "action", "id": ID, "index": K}, `ping` with `pong`; ignore
`error` (a retry comes as a new request), `game_over` and any type you do not know; exit on
`quit`. It says `many_games` at `ready`: after `game_over` the next game's `hello` may follow in
the same process, and every `hello` starts a new Bot. Flush stdout after every line. Debug
output goes to stderr, never stdout.
"""

from __future__ import annotations

import json
import sys
from collections import Counter, deque
from dataclasses import dataclass, field


# ============================================================================ records
@dataclass
class Action:
    """One legal action. Every game's actions are objects with a `type`; the fields a starter
    uses are read here (absent ones keep their defaults; unknown ones are ignored)."""

    type: str
    card: str | None = None  # Altay play/buy/release, Innovation meld/dogma/card, Mammothodus card
    effect: int = 0  # Altay play
    resource: str | None = None  # Altay play/place
    territory: int = -1  # Altay start/settle, Mammothodus place
    source: int = -1  # Altay attack/religion `from`
    to: int = -1  # Altay attack/religion, Mammothodus step/direct/put
    cards: list[str] = field(default_factory=list)  # Altay attack/fight cards, surrender discard
    pay: str = ""  # Altay buy
    on: str | None = None  # Altay place
    achievement: str | None = None  # Altay develop
    faction: str | None = None  # Altay faction
    age: int = 0  # Innovation achieve/blind
    color: str | None = None  # Innovation color, Mammothodus figurine/place/remove/token
    colors: list[str] = field(default_factory=list)  # Innovation colors, Mammothodus start
    player: int = -1  # Innovation player/blind
    value: int = 0  # Innovation value
    option: str | None = None  # Innovation option
    action: str | None = None  # Mammothodus action (move, attack, ...)
    take: str | None = None  # Mammothodus shard (None: drop the carried one)
    target: str | None = None  # Mammothodus hit
    who: str | None = None  # Mammothodus direct


def parse_action(d: dict) -> Action:
    def text(key: str) -> str | None:
        v = d.get(key)
        return v if isinstance(v, str) else None

    def num(key: str, default: int) -> int:
        v = d.get(key)
        return v if isinstance(v, int) and not isinstance(v, bool) else default

    def strings(key: str) -> list[str]:
        v = d.get(key)
        return [x for x in v if isinstance(x, str)] if isinstance(v, list) else []

    return Action(
        type=text("type") or "",
        card=text("card"),
        effect=num("effect", 0),
        resource=text("resource"),
        territory=num("territory", -1),
        source=num("from", -1),
        to=num("to", -1),
        cards=strings("cards") or strings("discard"),
        pay=text("pay") or "",
        on=text("on"),
        achievement=text("achievement"),
        faction=text("faction"),
        age=num("age", 0),
        color=text("color"),
        colors=strings("colors"),
        player=num("player", -1),
        value=num("value", 0),
        option=text("option"),
        action=text("action"),
        take=text("take"),
        target=text("target"),
        who=text("who"),
    )


# ---------------------------------------------------------------------------- Altay
@dataclass
class AltayTerritory:
    id: int
    terrain: str
    adjacent: list[int]
    in_play: bool = True
    owner: int | None = None
    settlements: int = 0
    marker_value: int = 0  # the conquest marker still there (0: none)
    vp: int = 0


@dataclass
class AltayPlayer:
    seat: int
    completed: list[str]
    developing: str | None


@dataclass
class AltayObservation:
    seat: int
    phase: str
    board: list[AltayTerritory]
    players: list[AltayPlayer]
    hand: list[str]
    secret_wonder: str | None
    combat_attack: int = 0  # the attack waiting for us (phase defend)
    combat_to: int = -1


def parse_altay(o: dict, static: list[AltayTerritory]) -> AltayObservation:
    adjacency = {t.id: t.adjacent for t in static}
    board = []
    for t in o.get("board") or []:
        marker = t.get("marker") or {}
        board.append(
            AltayTerritory(
                id=t["id"],
                terrain=t.get("terrain", ""),
                adjacent=adjacency.get(t["id"], []),
                in_play=bool(t.get("in_play", True)),
                owner=t.get("owner"),
                settlements=t.get("settlements", 0),
                marker_value=marker.get("value", 0) if isinstance(marker, dict) else 0,
                vp=t.get("vp", 0),
            )
        )
    players = [
        AltayPlayer(p["seat"], list(p.get("completed") or []), (p.get("developing") or {}).get("name"))
        for p in o.get("players") or []
    ]
    you = o.get("you") or {}
    combat = o.get("combat") or {}
    return AltayObservation(
        seat=o.get("seat", 0),
        phase=o.get("phase", ""),
        board=board,
        players=players,
        hand=list(you.get("hand") or []),
        secret_wonder=you.get("secret_wonder"),
        combat_attack=combat.get("attack", 0),
        combat_to=combat.get("to", -1),
    )


# ---------------------------------------------------------------------------- Innovation
@dataclass
class InnovationCard:
    name: str
    age: int
    color: str
    featured: str  # the icon its dogma compares
    effects: int = 0  # non-demand effects (each activation does them, and each sharer too)
    scoring: int = 0  # non-demand effects whose text says "score"
    demands: int = 0


@dataclass
class InnovationPile:
    color: str
    splay: str
    cards: list[str]  # bottom to top


@dataclass
class InnovationPlayer:
    seat: int
    hand: list[tuple[int, str | None]]  # (age, title or None when hidden)
    score: int
    board: list[InnovationPile]
    icons: dict[str, int]
    achievements: int


@dataclass
class InnovationDecision:
    kind: str
    purpose: str
    optional: bool


@dataclass
class InnovationObservation:
    seat: int
    phase: str
    players: list[InnovationPlayer]
    available_achievements: list[int]
    decision: InnovationDecision | None


def parse_innovation(o: dict) -> InnovationObservation:
    players = []
    for p in o.get("players") or []:
        players.append(
            InnovationPlayer(
                seat=p["seat"],
                hand=[(c.get("age", 0), c.get("card")) for c in p.get("hand") or []],
                score=p.get("score", 0),
                board=[
                    InnovationPile(b.get("color", ""), b.get("splay", "none"), list(b.get("cards") or []))
                    for b in p.get("board") or []
                ],
                icons={k: v for k, v in (p.get("icons") or {}).items() if isinstance(v, int)},
                achievements=p.get("achievement_count", 0),
            )
        )
    d = o.get("decision")
    decision = (
        InnovationDecision(d.get("kind", ""), d.get("purpose", ""), bool(d.get("optional")))
        if isinstance(d, dict)
        else None
    )
    return InnovationObservation(
        seat=o.get("seat", 0),
        phase=o.get("phase", ""),
        players=players,
        available_achievements=list(o.get("available_achievements") or []),
        decision=decision,
    )


# ---------------------------------------------------------------------------- Mammothodus
@dataclass
class MammothodusTerritory:
    id: int
    region: str | None
    color: str | None
    tribes: int = 0
    spirits: int = 0
    ancients: list[tuple[int, str, str | None]] = field(default_factory=list)  # clan, colour, carries
    open_shards: list[str] = field(default_factory=list)
    closed_shards: int = 0
    place: int | None = None


@dataclass
class MammothodusClan:
    seat: int
    population: int
    degradation: int
    figurines: dict[str, int | None]  # colour -> territory (None: off the field)
    hand: list[str]


@dataclass
class MammothodusLine:
    """What one portal line asks of the territory of its place of power (open fragments)."""

    shards: Counter
    regions: set[str]
    colors: set[str]
    place: int | None  # the territory of its place of power, once activated


@dataclass
class MammothodusObservation:
    seat: int
    territories: list[MammothodusTerritory]
    clans: list[MammothodusClan]
    lines: list[MammothodusLine]
    purpose: str


def parse_mammothodus(o: dict) -> MammothodusObservation:
    territories = []
    for t in o.get("territories") or []:
        territories.append(
            MammothodusTerritory(
                id=t["id"],
                region=t.get("region"),
                color=t.get("color"),
                tribes=t.get("tribes", 0),
                spirits=len(t.get("spirits") or []),
                ancients=[(a["clan"], a["color"], a.get("carries")) for a in t.get("ancients") or []],
                open_shards=list(t.get("open_shards") or []),
                closed_shards=t.get("closed_shards", 0),
                place=t.get("place"),
            )
        )
    clans = [
        MammothodusClan(
            seat=c["seat"],
            population=c.get("population", 0),
            degradation=c.get("degradation", 0),
            figurines=dict(c.get("figurines") or {}),
            hand=list(c.get("hand") or []),
        )
        for c in o.get("clans") or []
    ]
    places = list(o.get("places") or [])
    lines = [MammothodusLine(Counter(), set(), set(), p) for p in places]
    for fragment in o.get("portal_open") or []:
        for n, cell in enumerate(fragment.get("lines") or []):
            if n >= len(lines):
                continue
            if cell.get("shard"):
                lines[n].shards[cell["shard"]] += 1
            if cell.get("region"):
                lines[n].regions.add(cell["region"])
            if cell.get("color"):
                lines[n].colors.add(cell["color"])
    decision = o.get("decision") or {}
    return MammothodusObservation(
        seat=o.get("seat", 0),
        territories=territories,
        clans=clans,
        lines=lines,
        purpose=decision.get("purpose", "") if isinstance(decision, dict) else "",
    )


@dataclass
class MammothodusMap:
    centre: int
    neighbours: dict[int, list[int]]
    distance: dict[int, dict[int, int]]  # shortest number of steps between two territories


def parse_mammothodus_static(static: dict) -> MammothodusMap:
    m = (static.get("data") or {}).get("map") or {}
    ids = [t["id"] for t in m.get("territories") or []]
    neighbours: dict[int, list[int]] = {i: [] for i in ids}
    for a, b in m.get("adjacency") or []:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    distance = {}
    for start in neighbours:  # breadth-first search from every territory
        d = {start: 0}
        queue = deque([start])
        while queue:
            t = queue.popleft()
            for n in neighbours[t]:
                if n not in d:
                    d[n] = d[t] + 1
                    queue.append(n)
        distance[start] = d
    return MammothodusMap(m.get("centre", 0), neighbours, distance)


# ============================================================================ the heuristics
# Altay: build settlements, play producers, buy by value, capture conquest markers, develop.
BUY_VALUE = {"City": 12, "Town": 10, "Chariot": 8, "Worker": 8, "Cavalry": 6, "Farmer": 5,
             "Woodcutter": 5, "Miner": 5, "Stonecutter": 4, "Scholar": 4, "Merchant": 2}  # fmt: skip
STRENGTH = {"Warrior": 1, "Cavalry": 2, "Chariot": 3}
FACTION_VALUE = {"Earthfolk": 4, "Firefolk": 3, "Smallfolk": 2, "Elvenfolk": 1}
PRODUCERS = ("Farmer", "Woodcutter", "Miner", "Stonecutter")
BUILDINGS = ("Village", "Town", "City")


def score_altay(o: AltayObservation, a: Action) -> float:
    """Higher is better. Settling and building first, then producing, capturing markers,
    developing and buying by the value of the card; defending only when it wins or ties."""
    me = next((p for p in o.players if p.seat == o.seat), None)
    in_board = 0 <= a.territory < len(o.board)
    if a.type == "settle" and in_board:
        t = o.board[a.territory]
        if t.owner is None:
            return 1000 + 10 + 3 * t.vp
        return 1000 + 2 - t.settlements
    if a.type == "start":
        return 100 + len(o.board[a.territory].adjacent) if in_board else 100
    if a.type == "faction":
        return FACTION_VALUE.get(a.faction or "", 0)
    if a.type == "play":
        if a.card in BUILDINGS:
            return 900
        if a.card == "Settler" and a.effect == 1:
            return 950
        if a.card in PRODUCERS and a.effect == 1:
            return 850
        if a.card == "Scholar":
            return 840 if a.effect == 1 else 700
        if a.card == "Merchant" or (a.card in ("Lorekeeper", "Spellweaver") and a.effect == 1):
            return 5
        if a.card == "Shaman" and a.effect == 1:
            return 600
        return 800
    if a.type == "attack" and 0 <= a.source < len(o.board) and 0 <= a.to < len(o.board):
        icons = sum(STRENGTH.get(c, 0) for c in a.cards)
        target = o.board[a.to]
        if target.marker_value > 0:
            return 750 + 5 * target.marker_value - 10 * icons
        margin = o.board[a.source].settlements + icons - target.settlements - 2
        return 300 + 10 * margin - 5 * icons if margin > 0 else -50
    if a.type == "release":
        return 780
    if a.type == "place":
        if a.on == "achievement":
            return 650
        return 700 if a.on in BUILDINGS else 20
    if a.type == "develop":
        if me is not None and me.developing is not None:
            return -100
        return 640 if a.achievement == o.secret_wonder else 605
    if a.type == "buy":
        return 400 + 10 * BUY_VALUE.get(a.card or "", 1) - len(a.pay)
    if a.type == "philosophy":
        return 820
    if a.type == "trade":
        return 500
    if a.type == "fight":
        strategy = 1 if me is not None and "Strategy" in me.completed else 0
        held = o.board[o.combat_to].settlements if 0 <= o.combat_to < len(o.board) else 0
        defence = held + strategy + sum(STRENGTH.get(c, 0) for c in a.cards)
        if defence > o.combat_attack:
            return 100 - len(a.cards)
        return 50 - len(a.cards) if defence == o.combat_attack else 0
    if a.type == "surrender":
        return 10 - len(a.cards)
    if a.type == "end":
        return 0
    return -1  # abandon, commerce, engineering, mathematics, religion: not used here


# Innovation: achieve; draw with few cards in hand; meld a card that raises our highest top card;
# dogmas where we lead in the featured icon; meld; dogmas others share.
KEEP_LOW = ("return", "transfer", "tuck", "exchange", "reveal", "order")  # give away low cards


def score_innovation(o: InnovationObservation, a: Action, cards: dict[str, InnovationCard]) -> float:
    """Higher is better. Achieve first. Draw when the hand is nearly empty (most effects need
    cards in hand). Meld a card above our highest top card (achievements need a top card of
    their age, and draws come from it). A dogma whose featured icon we have more of than every
    opponent (nobody shares it, every opponent suffers its demands), more so for cards whose
    effects score; then melding; a dogma others would share last. Inside an effect: take every
    optional step, give away, return and tuck low cards, keep (meld, score) high ones, splay
    the biggest pile."""
    me = next((p for p in o.players if p.seat == o.seat), None)
    if me is None:
        return 0
    opponents = [p for p in o.players if p.seat != o.seat]

    def age(title: str | None) -> int:
        return cards[title].age if title in cards else 0

    top = max((age(p.cards[-1]) for p in me.board if p.cards), default=0)
    if a.type == "achieve":
        return 1000 + a.age
    if a.type == "draw":
        return 700 - 150 * len(me.hand)
    if a.type in ("meld", "first_meld"):
        card = cards.get(a.card or "")
        if card is None:
            return 300
        if card.age > top:
            return 600 + card.age
        new_color = not any(p.cards for p in me.board if p.color == card.color)
        return 300 + 10 * card.age + (20 if new_color else 0)
    if a.type == "dogma":
        card = cards.get(a.card or "")
        if card is None:
            return 150
        mine = me.icons.get(card.featured, 0)
        lead = all(p.icons.get(card.featured, 0) < mine for p in opponents)
        value = card.age + 30 * card.scoring + 10 * card.effects + (10 * card.demands if lead else 0)
        return (400 if lead else 150) + value
    purpose = o.decision.purpose if o.decision else ""
    if a.type == "card":
        return 100 - age(a.card) if purpose in KEEP_LOW else 100 + age(a.card)
    if a.type == "blind":
        return 100 - a.age
    if a.type == "yes":
        return 1
    if a.type == "color":
        pile = next((p for p in me.board if p.color == a.color), None)
        return len(pile.cards) if pile else 0
    if a.type == "value":
        return a.value
    if a.type == "player":
        return -1 if a.player == o.seat else 1
    return 0  # pass, colors, option: the first one listed


# Mammothodus: carry the shards each portal line asks for to a territory that meets it, then
# activate its place of power; attack tribes when they crowd the map; send humans to the centre.
def mammothodus_goals(o: MammothodusObservation, board: MammothodusMap) -> dict[int, Counter]:
    """Each territory where a line not yet active could have its place of power: the shard
    types still missing there (the fewest over the lines it meets)."""
    goals: dict[int, Counter] = {}
    taken = {line.place for line in o.lines if line.place is not None}
    for line in o.lines:
        if line.place is not None:
            continue
        for t in o.territories:
            if t.id == board.centre or t.id in taken:
                continue
            if any(r != t.region for r in line.regions) or any(c != t.color for c in line.colors):
                continue
            missing = line.shards - Counter(t.open_shards)
            if t.id not in goals or sum(missing.values()) < sum(goals[t.id].values()):
                goals[t.id] = missing
    return goals


def score_mammothodus(o: MammothodusObservation, a: Action, board: MammothodusMap, memory: dict) -> float:
    """Higher is better. `memory` is what this seat chose earlier in its turn (`action`: the
    action of the turn, `cards`: cards played on the figurine acting) and where the figurine in
    motion stands (`at`) with the shard it carries (`carries`)."""
    me = next((c for c in o.clans if c.seat == o.seat), None)
    if me is None:
        return 0
    goals = mammothodus_goals(o, board)
    needed: Counter = Counter()  # shard types some goal still misses
    for missing in goals.values():
        needed |= missing
    on_field = [t for t in me.figurines.values() if t is not None]

    def dist(x: int, y: int) -> int:
        return board.distance.get(x, {}).get(y, 99)

    def misses(t: int, shard: str | None) -> bool:
        return t in goals and shard is not None and goals[t][shard] > 0

    def work_target(at: int, carries: str | None) -> int:
        """Where a figurine should go: with a shard, the nearest goal missing it; else the
        nearest open shard that a goal misses (not lying on such a goal already); else the
        nearest face-down shard, a goal's first."""
        if carries is not None:
            spots = [g for g in goals if misses(g, carries)]
        else:
            spots = [t.id for t in o.territories
                     if any(needed[s] > 0 and not misses(t.id, s) for s in t.open_shards)]  # fmt: skip
            if not spots:
                spots = [t.id for t in o.territories if t.closed_shards > 0 and t.id in goals]
            if not spots:
                spots = [t.id for t in o.territories if t.closed_shards > 0]
        return min(spots, key=lambda s: (dist(at, s), s)) if spots else at

    if a.type == "action":
        if a.action == "activate":
            return 1000
        if a.action == "attack":
            crowd = sum(t.tribes for t in o.territories)
            return 300 if crowd >= 7 else 40
        if a.action == "population":
            return 200 if me.population <= 4 else 10
        if a.action == "move":
            return 100
        if a.action == "degradation":
            return 60
        if a.action == "development":
            return 50 if me.degradation < len(on_field) else 5
        return 0
    if a.type == "figurine":
        t = me.figurines.get(a.color or "")
        if t is None:
            return 0
        if memory.get("action") == "attack":
            return 10 + o.territories[t].tribes
        if memory.get("action") == "move":
            return 10 - dist(t, work_target(t, None)) / 10 + (1 if a.color == "green" else 0)
        return 5
    if a.type == "card":
        if o.purpose == "card":  # on our own figurine
            action = memory.get("action")
            if memory.get("cards", 0) >= (2 if action == "move" else 9):
                return -1
            if a.card == "blue" and action not in ("activate", "development"):
                return -1  # keep blue cards to activate
            return 5
        if o.purpose == "degradation":
            return 5  # clear degradation cards from the hand
        if o.purpose == "assist":
            return 5 if a.card in ("blue", "red") else -1  # help to activate and to fight
        if o.purpose == "extra":
            return 5
        if o.purpose == "discard":  # cycle population cards while the population is high
            return 1 if a.card == "yellow" and me.population >= 7 else -1
        return -1  # draw3: keep the hand
    if o.purpose == "step" and a.type in ("step", "shard", "pass"):
        at, carries = memory.get("at", board.centre), memory.get("carries")
        if a.type == "shard":
            if a.take is None:
                return 5 if misses(at, carries) else -5
            return 5 if needed[a.take] > 0 and not misses(at, a.take) else -5
        target = work_target(at, carries)
        if a.type == "step":
            return -dist(a.to, target) - 0.1
        return -dist(at, target)
    if a.type == "direct":  # humans in the centre never act again; else far from us
        return 100 if a.to == board.centre else min((dist(a.to, t) for t in on_field), default=0)
    if a.type == "place":
        if a.territory == board.centre:
            return 10
        return 5 - min((dist(a.territory, g) for g in goals), default=5)
    if a.type == "remove":
        t = me.figurines.get(a.color or "")
        return min((dist(t, g) for g in goals), default=0) if t is not None else 0
    if a.type == "start":
        return ("green" in a.colors) + ("blue" in a.colors)
    if a.type == "line":
        return 1
    if a.type == "hit":
        return 1 if a.target == "tribe" else 0
    if a.type in ("adapt", "use"):
        return 2
    if a.type in ("swap", "token", "reroll", "roll"):
        return -1
    return 0  # pass, talent, put: the first one listed


# ============================================================================ the bot
class Bot:
    def __init__(self) -> None:
        self.game = "altay"
        self.altay_static: list[AltayTerritory] = []
        self.cards: dict[str, InnovationCard] = {}
        self.board = MammothodusMap(0, {}, {})
        self.memory: dict[int, dict] = {}  # per seat (a program may lead several clans)

    def hello(self, message: dict) -> None:
        self.game = (message.get("kind") or {}).get("name", "altay")
        static = message.get("static") or {}
        if self.game == "altay":
            self.altay_static = [
                AltayTerritory(t["id"], t.get("terrain", ""), list(t.get("adjacent") or []))
                for t in static.get("territories") or []
            ]
        elif self.game == "innovation":
            for c in static.get("cards") or []:
                effects = [e for e in c.get("effects") or [] if isinstance(e, dict)]
                plain = [e for e in effects if e.get("kind") != "demand"]
                self.cards[c["name"]] = InnovationCard(
                    name=c["name"],
                    age=c.get("age", 0),
                    color=c.get("color", ""),
                    featured=c.get("featured", ""),
                    effects=len(plain),
                    scoring=sum("score" in str(e.get("text", "")) for e in plain),
                    demands=len(effects) - len(plain),
                )
        elif self.game == "mammothodus":
            self.board = parse_mammothodus_static(static)

    def choose(self, request: dict) -> int:
        """The index of the best-scored legal action (the first of equals)."""
        actions = [parse_action(a) for a in request.get("actions") or []]
        observation = request.get("observation") or {}
        if self.game == "altay":
            o: object = parse_altay(observation, self.altay_static)
        elif self.game == "innovation":
            o = parse_innovation(observation)
        elif self.game == "mammothodus":
            o = parse_mammothodus(observation)
            o.seat = request.get("seat", o.seat)
            if o.purpose == "step":
                memory = self.memory.setdefault(o.seat, {})
                memory["at"], memory["carries"] = self.find_mover(o, actions)
        else:
            return 0
        scores = [self.score(o, a) for a in actions]
        best = max(range(len(actions)), key=lambda i: (scores[i], -i))
        if isinstance(o, MammothodusObservation):
            self.remember(o, actions[best])
        return best

    def score(self, o: object, a: Action) -> float:
        """The heuristic: how good action `a` looks in observation `o` (higher is better)."""
        if isinstance(o, AltayObservation):
            return score_altay(o, a)
        if isinstance(o, InnovationObservation):
            return score_innovation(o, a, self.cards)
        if isinstance(o, MammothodusObservation):
            return score_mammothodus(o, a, self.board, self.memory.setdefault(o.seat, {}))
        return 0

    def remember(self, o: MammothodusObservation, chosen: Action) -> None:
        """Mammothodus: the action of the turn and the cards played on the figurine acting."""
        memory = self.memory.setdefault(o.seat, {})
        if chosen.type == "action":
            memory["action"], memory["cards"] = chosen.action, 0
        elif chosen.type == "figurine":
            memory["cards"] = 0
        elif chosen.type == "card" and o.purpose == "card":
            memory["cards"] = memory.get("cards", 0) + 1

    def find_mover(self, o: MammothodusObservation, actions: list[Action]) -> tuple[int, str | None]:
        """Our figurine in motion: the one whose neighbours are the steps offered (and, of
        several there, the one carrying a shard), with what it carries."""
        steps = {a.to for a in actions if a.type == "step"}
        me = next((c for c in o.clans if c.seat == o.seat), None)
        for t in me.figurines.values() if me is not None else ():
            if t is not None and set(self.board.neighbours.get(t, [])) == steps:
                carried = [s for clan, _, s in o.territories[t].ancients if clan == o.seat and s]
                return t, (carried[0] if carried else None)
        return self.board.centre, None


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> None:
    bot = Bot()
    for line in sys.stdin:
        try:
            message = json.loads(line)
        except ValueError:
            print("starter: a line that is not JSON", file=sys.stderr)
            continue
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "hello":  # a new game (after game_over, many_games brings the next one here)
            bot = Bot()  # forget everything of the previous game: its seats, cards, board, memory
            bot.hello(message)
            ready = {"type": "ready", "name": "python-starter", "version": "1.0", "protocol_version": 1}
            send({**ready, "many_games": True})
        elif kind == "request":
            send({"type": "action", "id": message["id"], "index": bot.choose(message)})
        elif kind == "ping":
            send({"type": "pong", "id": message["id"]})
        elif kind == "error":
            print(f"starter: refused: {message.get('message')}", file=sys.stderr)  # a retry follows
        elif kind == "quit":
            return
        # "game_over" needs no answer; unknown types are ignored


if __name__ == "__main__":
    main()
