"""What one seat of Altay knows, and full states drawn from it: a player imagines the world.

`AltayBelief` (the `api.Belief` of Altay) is fed what the referee sends one seat: the `hello`
settings, then each request's observation and the events it carried. It never sees the true
state. `sample(rng)` builds a complete `GameState` whose `observation(seat)` is the last one
given and whose hidden parts are drawn from what is still possible.

Known exactly, from the observation: the board, display, achievements on show, every public
zone (tables, pools, completed and developing achievements, captured markers, zone sizes), and
the seat's own cards (its hand, discard, archive and trashed cards, and its deck's contents).
Known exactly from the events: every card another seat owns (its faction's starting deck plus
each card it bought; the display stacks' order is fixed, so the kind bought is known), and the
technologies someone abandoned.

Hidden, and drawn: the order of the seat's own deck; where another seat's cards lie among its
hand, deck, discard, archive and trashed cards; the orders of the achievement decks; the
others' unrevealed secret wonders (drawn with the wonder deck from the wonders nobody has
seen); the generator's state. Conquest markers of equal value and resource are alike.

What the seat saw narrows where another seat's cards lie. Each such seat's cards are tracked as
zone sizes plus *known titles*: titles certainly in one zone (a card played, bought or released
lies in the discard until a reshuffle), or certainly in the deck-or-hand (a discard reshuffled
into a deck part of which was drawn). A sample puts the known titles there (a copy of each
title drawn from the seat's cards) and deals every other card at random into the free places.
Where what happened is not public (a card discarded face down, trashed, archived), the
knowledge it could touch is dropped: the sample then draws more widely, never too narrowly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from ..rng import Rng
from .config import GameConfig
from .data import (
    ACH_INDEX,
    ACH_OF_LEVEL,
    COLLECT_OF,
    CONQUEST_MARKERS,
    E_COLLECT,
    E_DRAW,
    E_SETTLER_FILL,
    E_STORE,
    FACTIONS,
    HAND_SIZE,
    KIND_INDEX,
    KIND_TITLE,
    RES_INDEX,
    SHOP_TITLES,
    STARTING_DECKS,
    TERRAINS,
    TITLE_INDEX,
    TITLES,
    display_stack,
)
from .legal import is_filled
from .setup import new_game
from .state import GameState, Phase, PlayerState, TableCard

#: Hidden zones of a player, in `PublicPlayer` order, and the one cell spanning two of them.
HAND, DECK, DISCARD, ARCHIVE, TRASHED = range(5)
DECK_OR_HAND = 5
ZONE_NAMES = ("hand", "deck", "discard", "archive", "trashed")
CELL_NAMES = (*ZONE_NAMES, "deck_or_hand")
_SIZE_FIELDS = tuple(f"{z}_size" for z in ZONE_NAMES)
_VILLAGE = TITLE_INDEX["Village"]
_POLITICS = "Politics"
_MARKER_IDS: dict[tuple[int, int], list[int]] = {}
for _m, _vr in enumerate(CONQUEST_MARKERS):
    _MARKER_IDS.setdefault(_vr, []).append(_m)


def builtins(value: Any) -> Any:
    """Decoded JSON (dicts, lists...) from a typed record, or the builtins unchanged."""
    return msgspec.to_builtins(value)


def _resources(text: str) -> list[int]:
    counts = [0, 0, 0, 0, 0]
    for ch in text:
        counts[RES_INDEX[ch]] += 1
    return counts


def _marker_key(marker: Mapping[str, Any]) -> tuple[int, int]:
    res = marker["resource"]
    return (marker["value"], RES_INDEX[res] if res is not None else -1)


class HiddenCards:
    """Another seat's cards as one seat knows them (see the module's docstring).

    `owned`: every card kind the player owns, table and trashed cards included. `size`: the
    size of each hidden zone. `known[c]`: titles certainly in cell c (a zone, or DECK_OR_HAND).
    `table` follows the player's table cards through the events of one request (the
    observation gives it exactly at each request).
    """

    __slots__ = ("faction", "owned", "size", "known", "table", "dealt", "guessed")

    def __init__(self) -> None:
        self.faction = -1
        self.owned: Counter[int] = Counter()
        self.size = [0, 0, 0, 0, 0]
        self.known: list[Counter[int]] = [Counter() for _ in CELL_NAMES]
        self.table: list[tuple[int, list[int]]] = []
        self.dealt = False
        self.guessed = False  # a card left the hand or the archive: which one was a guess

    # ------------------------------------------------------------------ what happens to cards
    def take_faction(self, name: str) -> None:
        """The player's faction is known: it owns that starting deck."""
        if self.faction < 0:
            self.faction = FACTIONS.index(name)
            self.owned.update(STARTING_DECKS[self.faction])

    def deal(self) -> None:
        """Set-up's end: the starting deck shuffled, five cards drawn."""
        self.size = [0, sum(self.owned.values()), 0, 0, 0]
        self.dealt = True
        self.draw(HAND_SIZE)

    def forget(self, *cells: int) -> None:
        for c in cells:
            self.known[c].clear()

    def _hand_lacks(self, title: int) -> bool:
        """The hand holds only known cards, none of them of `title`."""
        hand = self.known[HAND]
        return sum(hand.values()) == self.size[HAND] and not hand[title]

    def take(self, title: int) -> None:
        """A card of `title` leaves the hand (or, lacking one there, the archive)."""
        size, known = self.size, self.known
        from_archive = size[ARCHIVE] > 0 and (size[HAND] == 0 or self._hand_lacks(title))
        self.guessed = self.guessed or (size[ARCHIVE] > 0 and not from_archive)
        if from_archive:
            size[ARCHIVE] -= 1
            if known[ARCHIVE][title]:
                known[ARCHIVE][title] -= 1
            return
        size[HAND] -= 1
        if known[HAND][title]:
            known[HAND][title] -= 1
        elif known[DECK_OR_HAND][title]:
            known[DECK_OR_HAND][title] -= 1
        if size[ARCHIVE] and known[ARCHIVE][title]:
            known[ARCHIVE][title] -= 1  # it may have come from there: no longer certain

    def take_hidden(self, k: int, dest: int) -> None:
        """k cards nobody else saw leave the hand (or the archive) for `dest`."""
        size = self.size
        if size[HAND] == 0:
            source = ARCHIVE
        else:
            source = HAND
        if size[ARCHIVE]:
            self.forget(ARCHIVE)
            self.guessed = self.guessed or source == HAND
        if source == HAND and k >= size[HAND] and not size[ARCHIVE]:
            self.known[dest].update(self.known[HAND])  # the whole hand went there
        self.forget(source, DECK_OR_HAND)
        k = min(k, size[source])
        size[source] -= k
        size[dest] += k

    def add(self, zone: int, title: int) -> None:
        """A card seen by everyone arrives in `zone`."""
        self.size[zone] += 1
        self.known[zone][title] += 1

    def draw(self, k: int) -> None:
        """Draw k cards, reshuffling the discard into the deck when it runs out (as the engine)."""
        size, known = self.size, self.known
        while k > 0:
            if size[DECK] == 0:
                if size[DISCARD] == 0:
                    return
                size[DECK], size[DISCARD] = size[DISCARD], 0
                known[DECK], known[DISCARD] = known[DISCARD], Counter()
            if k >= size[DECK]:  # the whole deck: whatever was in it is in the hand now
                k -= size[DECK]
                size[HAND] += size[DECK]
                size[DECK] = 0
                known[HAND].update(known[DECK])
                known[HAND].update(known[DECK_OR_HAND])
                self.forget(DECK, DECK_OR_HAND)
            else:
                size[DECK] -= k
                size[HAND] += k
                known[DECK_OR_HAND].update(known[DECK])
                self.forget(DECK)
                k = 0

    def end_turn(self, archived: bool, draw: int) -> None:
        size, known = self.size, self.known
        if archived:
            if size[ARCHIVE]:  # the archive was empty to take it: its card was used this turn
                size[ARCHIVE] -= 1
                size[HAND] += 1
                self.forget(ARCHIVE)
            self.forget(HAND)
            size[HAND] -= 1
            size[ARCHIVE] += 1
        known[DISCARD].update(known[HAND])
        size[DISCARD] += size[HAND]
        size[HAND] = 0
        self.forget(HAND, DECK_OR_HAND)
        self.draw(draw)

    # ------------------------------------------------------------------ the table, followed
    def table_play(self, title: int) -> None:
        self.table.append((title, [0, 0, 0, 0, 0]))

    def table_leave(self, title: int) -> None:
        for i, (t, _) in enumerate(self.table):
            if t == title:
                del self.table[i]
                break
        self.add(DISCARD, title)

    def table_place(self, title: int, resource: int) -> None:
        for t, placed in self.table:
            if t == title:
                placed[resource] += 1
                collect = COLLECT_OF[t]
                if collect is not None and is_filled(collect[0], placed):
                    self.table_leave(t)
                return

    # ------------------------------------------------------------------ checks
    def remaining(self, table_kinds: list[int]) -> Counter[int]:
        """The kinds in the hidden zones: owned cards less the table (none before the deal)."""
        if not self.dealt:
            return Counter()
        rest = Counter(self.owned)
        rest.subtract(table_kinds)
        return rest

    def reconcile(self, sizes: list[int], table_kinds: list[int]) -> bool:
        """Adopt the observed zone sizes; drop knowledge that no longer fits them. False when
        the cards do not add up (a bug: the sample then cannot be exact)."""
        size, known = self.size, self.known
        if size[DECK] != sizes[DECK] or size[DISCARD] != sizes[DISCARD]:
            self.forget(*range(len(CELL_NAMES)))
        elif size != sizes:
            self.forget(HAND, ARCHIVE, TRASHED, DECK_OR_HAND)
        self.size = size = list(sizes)
        self.dealt = self.dealt or any(sizes)
        for z in range(5):
            if sum(known[z].values()) > size[z]:
                known[z].clear()
        free = size[HAND] + size[DECK] - sum(known[HAND].values()) - sum(known[DECK].values())
        if sum(known[DECK_OR_HAND].values()) > free:
            known[DECK_OR_HAND].clear()
        rest = self.remaining(table_kinds)
        if min(rest.values(), default=0) < 0 or sum(rest.values()) != sum(size):
            self.forget(*range(len(CELL_NAMES)))
            return False
        by_title: Counter[int] = Counter()
        for kind, n in rest.items():
            by_title[KIND_TITLE[kind]] += n
        total: Counter[int] = Counter()
        for cell in known:
            total.update(cell)
        if any(n > by_title[t] for t, n in total.items()):
            self.forget(*range(len(CELL_NAMES)))
        for cell in known:
            for t in [t for t, n in cell.items() if n <= 0]:
                del cell[t]
        return True

    # ------------------------------------------------------------------ drawing a world
    def deal_zones(self, rest: Counter[int], rng: random.Random) -> list[list[int]]:
        """Hand, deck, discard, archive and trashed cards, drawn from what is possible."""
        by_title: dict[int, list[int]] = {}
        for kind, n in rest.items():
            if n > 0:
                by_title.setdefault(KIND_TITLE[kind], []).extend([kind] * n)
        for kinds in by_title.values():
            rng.shuffle(kinds)
        zones: list[list[int]] = [[], [], [], [], [], []]
        for cell, titles in enumerate(self.known):
            for title, n in titles.items():
                zones[cell].extend(by_title[title].pop() for _ in range(n))
        pool = [k for kinds in by_title.values() for k in kinds]
        rng.shuffle(pool)
        size = self.size
        free_hand = size[HAND] - len(zones[HAND])
        free_deck = size[DECK] - len(zones[DECK])
        either = zones[DECK_OR_HAND]
        fill = free_hand + free_deck - len(either)
        either += pool[:fill]
        del pool[:fill]
        rng.shuffle(either)
        zones[HAND] += either[:free_hand]
        zones[DECK] += either[free_hand:]
        for z in (DISCARD, ARCHIVE, TRASHED):
            free = size[z] - len(zones[z])
            zones[z] += pool[:free]
            del pool[:free]
        rng.shuffle(zones[DECK])
        return zones[:5]


class AltayBelief:
    """One seat's belief about a game of Altay: `update` with each request, `sample` worlds.

    `problems` counts the times an observation disagreed with what the belief had worked out of
    the public steps (it then keeps only what the observation says); 0 unless there is a bug.
    """

    def __init__(self, settings: Any, static: Any, seat: int) -> None:
        s = builtins(settings)
        factions = s.get("factions")
        self.config = GameConfig(
            players=s["players"],
            seed=0,
            factions=tuple(factions) if factions is not None else None,
            setup=s.get("setup", "choose"),
            trading=bool(s.get("trading", False)),
            max_rounds=s.get("max_rounds", 60),
        )
        self.config.validate()
        self.seat = seat
        self.n = n = self.config.players
        self.obs: dict[str, Any] | None = None
        self.hidden = [HiddenCards() for _ in range(n)]
        self.abandoned: list[list[int]] = [[] for _ in range(n)]
        self.developing = [-1] * n
        self.problems = 0
        self._template: GameState | None = None
        if factions is not None:
            for o, name in enumerate(factions):
                self.hidden[o].take_faction(name)

    # ------------------------------------------------------------------ feeding
    def update(self, observation: Any, events: Sequence[Any] = ()) -> None:
        obs = builtins(observation)
        evs = [builtins(e) for e in events]
        prev = self.obs
        if prev is not None:
            self._own_abandon(prev, obs)
        for o, h in enumerate(self.hidden):
            faction = obs["players"][o]["faction"]
            if faction is not None:
                h.take_faction(faction)  # the recommended set-up gives factions without events
            if o != self.seat:
                h.table = [
                    (TITLE_INDEX[tc["card"]], _resources(tc["resources"])) for tc in _table_of(prev, o)
                ]
        kinds = _bought_kinds(evs, obs, self.n)
        for i, event in enumerate(evs):
            self._event(event["seat"], event["action"], obs, kinds.get(i))
        for o, h in enumerate(self.hidden):
            if o == self.seat:
                continue
            player = obs["players"][o]
            sizes = [player[f] for f in _SIZE_FIELDS]
            table = [KIND_INDEX[tc["kind"]] for tc in player["table"]]
            if not h.dealt and any(sizes):
                h.deal()  # set-up ended with another seat's choice (or at once): no event says so
            # the deck and the discard follow the public steps exactly, unless a card left
            # the hand or the archive (which one is not public) and that changed what followed
            exact = h.guessed or (h.size[DECK] == sizes[DECK] and h.size[DISCARD] == sizes[DISCARD])
            if not h.reconcile(sizes, table) or not exact:
                self.problems += 1
            h.guessed = False
        for o, player in enumerate(obs["players"]):
            dev = player["developing"]
            self.developing[o] = ACH_INDEX[dev["name"]] if dev else -1
        self.obs = obs
        self._template = None

    def _own_abandon(self, prev: dict[str, Any], obs: dict[str, Any]) -> None:
        """The seat's own abandon is not an event: a technology it developed is gone, not done."""
        before = prev["players"][self.seat]
        after = obs["players"][self.seat]
        dev = before["developing"]
        if dev is None or dev["level"] == 3:
            return
        still = after["developing"] is not None and after["developing"]["name"] == dev["name"]
        done = after["completed"].count(dev["name"]) > before["completed"].count(dev["name"])
        if not still and not done:
            self.abandoned[self.seat].append(ACH_INDEX[dev["name"]])

    def _event(self, seat: int, action: Mapping[str, Any], obs: dict[str, Any], bought: int | None) -> None:
        kind = action["type"]
        if kind == "develop":
            self.developing[seat] = ACH_INDEX[action["achievement"]]
            return
        if kind == "abandon":
            self.abandoned[seat].append(self.developing[seat])
            self.developing[seat] = -1
            return
        if seat == self.seat:
            return
        h = self.hidden[seat]
        if kind == "faction":
            h.take_faction(action["faction"])
            return
        if kind not in _CARD_EVENTS:
            return
        if not h.dealt:
            h.deal()
        if kind == "play":
            title = TITLE_INDEX[action["card"]]
            effect = TITLES[title].effects[action.get("effect", 0)].kind
            h.take(title)
            if effect in (E_STORE, E_COLLECT):
                h.table_play(title)
            else:
                h.add(DISCARD, title)
            if effect == E_DRAW:
                h.draw(1)
            elif effect == E_SETTLER_FILL:
                h.table_leave(_VILLAGE)
        elif kind in ("attack", "fight"):
            cards = action.get("cards", ())
            for name in cards:
                title = TITLE_INDEX[name]
                h.take(title)
                h.add(DISCARD, title)
            if kind == "fight":
                h.draw(len(cards))
        elif kind == "surrender":
            k = len(action.get("discard", ()))
            h.take_hidden(k, DISCARD)
            h.draw(k)
        elif kind == "place":
            if action["on"] != "achievement":
                h.table_place(TITLE_INDEX[action["on"]], RES_INDEX[action["resource"]])
        elif kind == "release":
            h.table_leave(TITLE_INDEX[action["card"]])
        elif kind == "buy":
            assert bought is not None
            h.owned[bought] += 1
            h.add(DISCARD, KIND_TITLE[bought])
        elif kind == "engineering":
            h.take_hidden(1, TRASHED)
            h.draw(1)
        elif kind == "mathematics":
            h.take_hidden(1, DISCARD)
            h.draw(1)
        elif kind == "end":
            politics = _POLITICS in obs["players"][seat]["completed"]
            h.end_turn(action.get("archive") is not None, HAND_SIZE + (1 if politics else 0))

    # ------------------------------------------------------------------ what is possible
    def support(self, seat: int) -> dict[str, Any]:
        """Where another seat's cards may be: zone sizes, the titles known in each cell (by
        name) and the kinds the hidden zones hold together (by name, with counts)."""
        h = self.hidden[seat]
        obs = self._need_obs()
        table = [KIND_INDEX[tc["kind"]] for tc in obs["players"][seat]["table"]]
        return {
            "sizes": dict(zip(ZONE_NAMES, h.size)),
            "known": {
                CELL_NAMES[c]: {TITLES[t].name: n for t, n in sorted(cell.items()) if n}
                for c, cell in enumerate(h.known)
            },
            "cards": {_KIND_NAME[k]: n for k, n in sorted(h.remaining(table).items()) if n},
        }

    def achievement_pools(self) -> dict[int, Counter[int]]:
        """Level 1 and 2: the achievement deck's contents; level 3: the wonders nobody has seen
        (the wonder deck and the others' unrevealed secret wonders)."""
        obs = self._need_obs()
        n = self.n
        pools: dict[int, Counter[int]] = {}
        taken: Counter[int] = Counter()
        for level in ("1", "2", "3"):
            for stack in obs["achievements"][level]:
                taken[ACH_INDEX[stack["name"]]] += stack["count"]
        for o, player in enumerate(obs["players"]):
            taken.update(ACH_INDEX[name] for name in player["completed"])
            if player["developing"] is not None:
                taken[ACH_INDEX[player["developing"]["name"]]] += 1
            taken.update(self.abandoned[o])
        for lvl in (1, 2):
            pool = Counter({a: n for a in ACH_OF_LEVEL[lvl]})
            pool.subtract(taken)
            pools[lvl] = +pool
        wonders = set(ACH_OF_LEVEL[3]) - set(taken)
        for player in obs["players"]:
            if player["secret_wonder"] is not None:
                wonders.discard(ACH_INDEX[player["secret_wonder"]])
        mine = obs["you"]["secret_wonder"]
        if mine is not None:
            wonders.discard(ACH_INDEX[mine])
        pools[3] = Counter(wonders)
        return pools

    def _need_obs(self) -> dict[str, Any]:
        if self.obs is None:
            raise ValueError("the belief has seen no observation yet: call update() first")
        return self.obs

    # ------------------------------------------------------------------ drawing a world
    def sample(self, rng: random.Random) -> GameState:
        if self._template is None:
            self._template = self._public_state()
        g = self._template.clone()
        g.rng = Rng(rng.getrandbits(64))
        obs = self._need_obs()
        pools = self.achievement_pools()
        for level in (1, 2):
            deck = sorted(pools[level].elements())
            rng.shuffle(deck)
            g.ach_deck[level] = deck
        wonders = sorted(pools[3].elements())
        rng.shuffle(wonders)
        for o, player in enumerate(obs["players"]):
            p = g.players[o]
            if o == self.seat:
                rng.shuffle(p.deck)
            else:
                if player["secret_wonder"] is None and wonders:
                    p.secret = wonders.pop()
                if self.hidden[o].dealt:
                    h = self.hidden[o]
                    table = [tc.kind for tc in p.table]
                    p.hand, p.deck, p.discard, p.archive, p.trashed = h.deal_zones(h.remaining(table), rng)
        g.ach_deck[3] = wonders
        return g

    def _public_state(self) -> GameState:
        """Everything the observation fixes; hidden zones left empty (sample fills them). It
        starts from a new game of the same configuration for what set-up alone decides (cards
        and technologies left in the box, territories in play, VP markers)."""
        obs = self._need_obs()
        n = self.n
        g = new_game(self.config)
        g.phase = Phase(obs["phase"])
        g.active = obs["active"]
        g.seat = obs["to_move"] if obs["to_move"] is not None else obs["active"]
        g.first = first = obs["first_player"]
        g.round = obs["round"]
        players = obs["players"]
        order = [(first + i) % n for i in range(n)]
        g.setup_queue = []
        if g.phase == Phase.FACTION:
            g.setup_queue = [s for s in order if players[s]["faction"] is None]
        elif g.phase == Phase.START:
            g.setup_queue = [s for s in reversed(order) if players[s]["on_board"] == 0]
        if g.phase == Phase.OVER:
            g.turns = g.round * n
        elif g.phase not in (Phase.FACTION, Phase.START):
            g.turns = (g.round - 1) * n + (g.active - first) % n

        marker_ids = {key: list(ids) for key, ids in _MARKER_IDS.items()}
        for t, cell in enumerate(obs["board"]):
            g.owner[t] = cell["owner"] if cell["owner"] is not None else -1
            g.count[t] = cell["settlements"]
            g.marker[t] = marker_ids[_marker_key(cell["marker"])].pop(0) if cell["marker"] is not None else -1
        g.reserve = _resources(obs["reserve"])
        g.shop = [
            display_stack(title, 2 * n)[: obs["display"][si]["count"]] for si, title in enumerate(SHOP_TITLES)
        ]
        g.ach_deck = [[], [], [], []]
        g.ach_display = [[]] + [
            [[ACH_INDEX[s["name"]], s["count"]] for s in obs["achievements"][level]]
            for level in ("1", "2", "3")
        ]
        g.players = []
        for o, player in enumerate(players):
            p = PlayerState()
            g.players.append(p)
            p.faction = FACTIONS.index(player["faction"]) if player["faction"] is not None else -1
            p.table = [
                TableCard(KIND_INDEX[tc["kind"]], _resources(tc["resources"])) for tc in player["table"]
            ]
            p.pool = _resources(player["pool"])
            p.coins = player["coins"]
            p.supply = player["supply"]
            p.on_board = player["on_board"]
            p.removed = player["removed_settlements"]
            dev = player["developing"]
            if dev is not None:
                p.dev = ACH_INDEX[dev["name"]]
                p.dev_placed = _resources(dev["placed"])
                p.dev_settlement = dev["settlement"]
            p.done = [ACH_INDEX[name] for name in player["completed"]]
            p.abandoned = list(self.abandoned[o])
            if player["secret_wonder"] is not None:
                p.secret = ACH_INDEX[player["secret_wonder"]]
                p.secret_revealed = True
            p.cap_settlements = list(player["captured_settlements"])
            p.cap_markers = [marker_ids[_marker_key(m)].pop(0) for m in player["captured_markers"]]
            p.consumed = player["consumed_markers"]
            if o == self.seat:
                you = obs["you"]
                p.hand = [KIND_INDEX[k] for k in you["hand"]]
                p.deck = [KIND_INDEX[k] for k in you["deck"]]
                p.discard = [KIND_INDEX[k] for k in you["discard"]]
                p.archive = [KIND_INDEX[k] for k in you["archive"]]
                p.trashed = [KIND_INDEX[k] for k in you["trashed"]]
                if you["secret_wonder"] is not None:
                    p.secret = ACH_INDEX[you["secret_wonder"]]
        g.box_markers = sorted(m for ids in marker_ids.values() for m in ids)

        turn = obs["turn"]
        g.bought = 0
        for name in turn["bought"]:
            g.bought |= 1 << TITLE_INDEX[name]
        g.attacked = {f * 32 + t for f, t in turn["attacked"]}
        g.terrain_used = [turn["terrain_used"][name] for name in TERRAINS]
        g.once_used = 0
        for name in turn["abilities_used"]:
            g.once_used |= 1 << ACH_INDEX[name]  # a technology's bit is its index
        g.pending_builds = turn["settlements_to_place"]
        combat = obs["combat"]
        if combat is not None:
            g.combat = (
                combat["attacker"],
                combat["defender"],
                combat["from"],
                combat["to"],
                combat["attack"],
                combat["cards"],
            )
        g.last_combat = _last_combat(obs["last_combat"])
        g.end_trigger = obs["end_triggered"]
        g.end_reason = obs["end_reason"]
        g._legal = None
        return g


_CARD_EVENTS = frozenset(
    ("play", "attack", "fight", "surrender", "place", "release", "buy", "engineering", "mathematics", "end")
)
_KIND_NAME = {i: name for name, i in KIND_INDEX.items()}


def _table_of(obs: dict[str, Any] | None, seat: int) -> list[dict[str, Any]]:
    return [] if obs is None else obs["players"][seat]["table"]


def _bought_kinds(events: list[dict[str, Any]], obs: dict[str, Any], n: int) -> dict[int, int]:
    """The kind each `buy` event took (by event index): stacks are in a fixed order, so the
    last buy of a title took the card just above what is left now, the one before it the next."""
    out: dict[int, int] = {}
    later: Counter[str] = Counter()
    counts = {stack["card"]: stack["count"] for stack in obs["display"]}
    for i in range(len(events) - 1, -1, -1):
        action = events[i]["action"]
        if action["type"] != "buy":
            continue
        name = action["card"]
        later[name] += 1
        stack = display_stack(TITLE_INDEX[name], 2 * n)
        out[i] = stack[counts[name] + later[name] - 1]
    return out


def _last_combat(last: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The engine's record of the last combat, from the observation's."""
    if not last:
        return None
    if last.get("defender") is None:
        return {
            "attacker": last["attacker"],
            "defender": None,
            "from": last["from"],
            "to": last["to"],
            "cards": list(last.get("cards") or []),
            "attack": last["attack"],
            "defence": last["defence"],
            "winner": last["winner"],
        }
    return {
        "attacker": last["attacker"],
        "defender": last["defender"],
        "from": last["from"],
        "to": last["to"],
        "attack": last["attack"],
        "surrendered": last.get("surrendered"),
        "defence": last.get("defence"),
        "defender_cards": last.get("defender_cards"),
        "winner": last.get("winner"),
    }
