"""What one player of Mammothodus knows, and full states drawn from it: a player imagines the
world.

`MammothodusBelief` (the `api.Belief` of Mammothodus) is fed what the referee sends a program:
the `hello` settings and static information (the data set), then each request's observation and
the events it carried. A program leading several clans (M18) gets requests for each of them; the
observation names the clans it leads (`team_hands`) and shows their hands, and the events of a
request are those its clan learned since that clan's previous request, so the belief follows
each step once, as the clan asking saw it. It never sees the true state.

It keeps a *shadow*: a whole game that went through the same steps as the real one, its hidden
parts set so that the player could not tell it from the real game. Every action is public in
Mammothodus; what is hidden is each deck's order (human cards, trail tokens, adaptation cards,
discoveries, the spirit stack under its face-up top card, the clans' decks), the hands of the
clans the player does not lead, the types of face-down shards and the generator (dice,
shuffles). The shadow applies each step's action with a scripted generator, and where the step
it shows the clan differs from the one received, it makes that happening agree: the dice rolled
are the ones the clan saw, the card revealed from a deck is put where the deck's next card was
(exchanged with a card of that deck the clan could not see, or placed so by the shuffle made
in the step), a face-down shard turned over gets the type seen (exchanged with another face-down
shard).

The hands of the clans it does not lead decide the course of their steps (which cards they
play, whether an ally is asked to help). Before a request's steps, those hands are dealt from
each clan's hand and deck: the cards it is seen to spend in them first (in its hand, or on top of
its deck when it draws before spending them; an adaptation card it took unseen from the deck
becomes the one it spends), the rest at random. When a step does not go as seen, the hands of the
clans it points at (the one that moved, the one asked instead) are dealt anew and the request's
steps followed again, a bounded number of times (now and then every hidden hand). A clan it leads
that drew unseen by the clan asking now (the events are that clan's) draws the cards that make its
hand the one the observation shows. After a request's steps, everything the observation shows
from a deck (the hands it leads, the market, the open portal fragments, the spirit stack's top)
is put where it shows it the same way, and with the request's legal actions (`actions=`) the
pending decision's answers and the hand in their order (the observation shows hands sorted).

The scripted generator takes the place of the state's own for a step: an interpreted engine
only (the compiled build's state holds a compiled generator; `update` then raises TypeError, and
a bot plays otherwise).

`sample(rng)` is the shadow with everything the player cannot see rearranged at random
(`hidden.perturb_hidden_for` over the clans it leads), so it depends on nothing else.

`problems` counts the requests whose steps it could not follow within its tries (none where
it leads every clan: no hidden hand then decides anything; otherwise about one request in 100
in random games of 3 and 4 clans, leading one, most of them in a game where it stays lost for a
while). `sample` then raises `BeliefLost` (a bot
plays otherwise), and the next request tries those steps again with its own.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from ..api import IllegalAction
from ..rng import Rng
from .actions import AnyAction
from .config import MammothodusConfig
from .data import DataFile, load
from .frames import Ask
from .happenings import event_for
from .hidden import perturb_hidden_for
from .machine import MammothodusState, new_game
from .observe import player_observation
from .state import GameState, Phase

#: scripts (generator answers) tried for one step before its request's steps are followed again
TRIES = 3
#: shadows (hidden hands dealt anew) tried for one request's steps before the belief gives up
BATCH_TRIES = 150
#: happenings made to agree in one step (each fix is one die or one card)
MAX_FIXES = 60


class BeliefLost(RuntimeError):
    """The shadow could not follow what the player was sent: no sample can be exact."""


def builtins(value: Any) -> Any:
    """Decoded JSON (dicts, lists...) from a typed record or builtins: as the player reads it."""
    return msgspec.json.decode(msgspec.json.encode(value))


class _Script:
    """The generator's answers for one try of a step: random, except those forced."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.below: dict[int, int] = {}  # call -> value
        self.shuffled: dict[int, list[Any]] = {}  # call -> the shuffle's result


class _Call(msgspec.Struct):
    k: int  # the call's number in the step
    n: int  # below(n); a shuffle: the list's length
    at: int  # the length of the step's log when it was made
    value: int = -1  # below's answer
    items: Any = None  # a shuffle: the list shuffled (the object itself)
    order: list[Any] = []  # ... and its result


class ScriptRng(Rng):
    """A stand-in for the game's generator during one step of the shadow: its answers come from
    a `_Script`, and it records every call with the step's log length at that moment. A subclass
    of the game's `Rng`, so that a compiled engine takes it where its generator goes."""

    def __init__(self, script: _Script, g: GameState) -> None:  # (no call to Rng's: no seed)
        self.script = script
        self.g = g
        self.random = random.Random(script.seed)
        self.calls: list[_Call] = []
        self.state = script.seed

    def below(self, n: int) -> int:
        k = len(self.calls)
        value = self.random.randrange(n)
        forced = self.script.below.get(k)
        if forced is not None and 0 <= forced < n:
            value = forced
        self.calls.append(_Call(k, n, len(self.g.log), value))
        return value

    def shuffle(self, items: list[Any]) -> None:
        k = len(self.calls)
        order = list(items)
        self.random.shuffle(order)
        forced = self.script.shuffled.get(k)
        if forced is not None and sorted(forced) == sorted(items):
            order = list(forced)
        items[:] = order
        self.calls.append(_Call(k, len(items), len(self.g.log), items=items, order=list(order)))

    def choice(self, items: Sequence[Any]) -> Any:
        return items[self.below(len(items))]

    def next_u64(self) -> int:
        return self.random.getrandbits(64)


# the decks a happening reveals a card of: kind -> (the pile in a state, an element's name)
Pile = Callable[[GameState, dict[str, Any]], list[Any]]


def _clan_deck(g: GameState, h: dict[str, Any]) -> list[Any]:
    return g.clans[int(h["values"][0])].deck


PILES: dict[str, Pile] = {
    "human_card": lambda g, h: g.human_deck,
    "trail": lambda g, h: g.trail_tokens,
    "market": lambda g, h: g.adaptation_deck,
    "adapt": lambda g, h: g.adaptation_deck,
    "discovery": lambda g, h: g.discovery_deck,
    "draw": _clan_deck,
    "spirit": lambda g, h: g.spirit_deck,
}


def _revealed(h: dict[str, Any]) -> Any:
    """The card a happening names from its deck (None: it names none)."""
    kind, values = h["what"], h.get("values", [])
    if kind in ("human_card", "trail", "market", "discovery"):
        return values[0]
    if kind == "adapt":
        return values[1] if values[-1] == "deck" else None
    if kind == "draw":
        return values[1] if len(values) > 1 else None
    if kind == "spirit" and values[0] == "summon":
        return values[2]
    return None


def _same_pile(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether happening `b` took a card from the deck happening `a` names one of."""
    ka, kb = a["what"], b["what"]
    deck = {"market": "adaptation", "adapt": "adaptation"}
    if deck.get(ka, ka) != deck.get(kb, kb):
        return False
    if kb == "adapt" and b["values"][-1] != "deck":
        return False
    if kb == "spirit" and b["values"][0] != "summon":
        return False
    return ka != "draw" or a["values"][0] == b["values"][0]


#: happenings where a clan spends a card from its hand: kind -> (the clan's, the card's place)
SPENT = {"play": 1, "discard": 1, "assist": 1, "talent_card": 1, "extra_action": 1, "draw3": -1}


def _spent(h: dict[str, Any], clan: int) -> list[str]:
    """The card a happening shows `clan` spending from its hand, if any."""
    place = SPENT.get(h["what"])
    values = h.get("values", [])
    if place is None or not values or values[0] != clan:
        return []
    card = "draw3" if place < 0 else values[place]
    return [card] if isinstance(card, str) else []


def _key(value: Any) -> str:
    return msgspec.json.encode(value).decode()


def _dice_of(h: dict[str, Any]) -> list[int] | None:
    """The dice a happening shows rolled now, in the order rolled (None: no dice)."""
    kind, values = h["what"], h.get("values", [])
    if kind == "dice":
        return list(values[2])
    if kind == "reroll":
        return [values[2][i] for i in values[1]]
    if kind == "trap":
        return list(values[2])
    if kind == "spirit" and values[0] == "attack":
        return [values[2]]
    return None


class MammothodusBelief:
    """One player's belief about a game of Mammothodus: `update` with each request, `sample`
    worlds."""

    def __init__(self, settings: Any, static: Any, seat: int) -> None:
        s = builtins(settings)
        data = None
        if static is not None:
            given = msgspec.convert(builtins(static)["data"], DataFile)
            if builtins(given) != builtins(load()):
                data = given
        self.config = MammothodusConfig(
            players=int(s["players"]),
            seed=0,
            discoveries=bool(s["discoveries"]),
            talents=bool(s["talents"]),
            max_turns=int(s["max_turns"]),
            data=data,
        )
        self.seat = seat
        self.led: tuple[int, ...] = (seat,)
        self.shadow: MammothodusState = new_game(self.config)
        self.rng = random.Random(f"mammothodus belief {seat}")  # its own choices: from nothing hidden
        self.obs: dict[str, Any] | None = None
        self.problems = 0
        self.lost = False
        self.failed: Any = None  # what it could not follow, for a bug report
        self.followed = 0  # steps followed
        self.upto: dict[int, int] = {}  # per clan led: steps its requests' events have covered
        #: a time.perf_counter() value a bot may set before `update`: past it, the belief gives
        #: up (it is then lost) rather than make the bot late
        self.deadline: float | None = None
        #: per clan not led: the adaptation cards it took from the deck unseen, as the shadow has them
        self.secret: dict[int, list[str]] = {}
        self.blame: set[int] = set()  # the clans whose hidden hand a failed try points at
        self.asked: set[int] = set()  # a clan asked, in the game or the shadow, where the other went on
        self.unfollowed: list[tuple[int, Any]] = []  # steps of a request it could not follow

    # ------------------------------------------------------------------ feeding
    #: whether it may give up on a request (the hidden hands of clans it does not lead decided
    #: more than its bounded tries found): `sample` then raises `BeliefLost` until it catches up
    may_lose_track = True
    #: `update` also takes the request's legal actions (`actions=`): their order shows the
    #: order of the cards in the clan's hand, which the observation (sorted) does not
    takes_actions = True

    def update(
        self, observation: Any, events: Sequence[Any] = (), actions: Sequence[Any] | None = None
    ) -> None:
        obs = builtins(observation)
        viewer = int(obs["seat"])
        self.led = tuple(sorted({viewer, *(int(t["clan"]) for t in obs.get("team_hands") or ())}))
        steps = [(int(e["seat"]), e["action"]) for e in map(builtins, events)]
        first = self.upto.get(viewer, 0)  # the step its first event is
        new = self.unfollowed + steps[max(0, self.followed + len(self.unfollowed) - first) :]
        self.upto[viewer] = first + len(steps)
        self.obs = obs
        self.lost = False
        base, secret = self.shadow, {c: list(cards) for c, cards in self.secret.items()}
        hands = {int(t["clan"]): list(t["hand"]) for t in obs.get("team_hands") or ()}
        start = self._dealt(base, new, hands=hands) if new else base
        for attempt in range(BATCH_TRIES):
            self.shadow, self.secret = start, {c: list(cards) for c, cards in secret.items()}
            self.blame = set()
            nexts = [m for m, _ in new[1:]] + [obs["to_move"]]
            followed = all(
                self._follow(m, seen, viewer, then) for (m, seen), then in zip(new, nexts, strict=False)
            )
            if followed and self._settle(obs):
                self.followed += len(new)
                self.unfollowed = []
                if actions is not None:
                    self._order(builtins(actions), viewer)
                return
            if self._late() or not new:
                break
            # deal anew the hands of the clans whose hidden hand went another way than the game's
            # (now and then all of them: the blame may be wrong)
            self.secret = {c: list(cards) for c, cards in secret.items()}
            blamed = self.blame - set(self.led) if attempt % 8 != 7 else set()
            start = self._dealt(start, new, blamed or set(range(base.n)) - set(self.led), hands)
        # lost for this request: the next one tries these steps again, with its own
        self.shadow, self.secret = base, secret
        self.unfollowed = new
        self.problems += 1
        self.lost = True

    def _late(self) -> bool:
        return self.deadline is not None and time.perf_counter() > self.deadline

    def _dealt(
        self,
        g: MammothodusState,
        steps: Sequence[tuple[int, Any]],
        clans: set[int] | None = None,
        hands: dict[int, list[str]] | None = None,
    ) -> MammothodusState:
        """`g` with the hands of the clans the player does not lead (or of `clans`) dealt anew
        from their decks: the cards each spends in `steps` first (in its hand, then on top of
        its deck, in the order it spends them), the others at random."""
        h = g.clone()
        happenings = [h for _, seen in steps for h in seen["happened"]]
        for s, clan in enumerate(h.clans):
            if s in self.led and hands is not None and s in hands:
                self._led_draws(clan, s, happenings, hands[s])
            if s in self.led or (clans is not None and s not in clans):
                continue
            pool: list[Any] = clan.hand + clan.deck
            self.rng.shuffle(pool)
            needed: list[Any] = []  # in its hand
            later: list[Any] = []  # drawn in these steps: on top of its deck
            drawn = next(
                (k for k, x in enumerate(happenings) if x["what"] == "draw" and x["values"][0] == s),
                len(happenings),
            )
            # the adaptation deck's cards it takes unseen in these steps (how many are taken
            # from that deck before each)
            unseen = [
                sum(1 for x in happenings[:k] if _same_pile({"what": "market"}, x))
                for k, x in enumerate(happenings)
                if x["what"] == "adapt" and x["values"][0] == s and x["values"][1] is None
            ]
            # the cards it takes from the market in these steps, and where
            gained = [
                (k, x["values"][1])
                for k, x in enumerate(happenings)
                if x["what"] == "adapt" and x["values"][0] == s and x["values"][1] is not None
            ]
            for k, card in ((k, c) for k, x in enumerate(happenings) for c in _spent(x, s)):
                got = next((g for g in gained if g[0] < k and g[1] == card), None)
                if got is not None:
                    gained.remove(got)
                    continue
                if (
                    card not in pool
                    and not self._unseen_adaptation(h, s, pool, card)
                    and unseen
                    and self._adapt_to(h, unseen.pop(0), card)
                ):
                    continue
                if card in pool:
                    pool.remove(card)
                    (needed if k < drawn or self.rng.random() < 0.5 else later).append(card)
            if clans is not None:  # which adaptation cards it took unseen may be what is wrong
                self._redraw_secret(h, s, pool)
                for before in unseen:
                    self._adapt_to(h, before, None)
            size = len(clan.hand)
            hand, later = needed[:size], needed[size:] + later
            hand += pool[: size - len(hand)]
            clan.hand, clan.deck = hand, pool[size - len(needed[:size]) :] + later[::-1]
        h._legal = None
        return h

    def _unseen_adaptation(self, g: GameState, clan: int, pool: list[str], card: str) -> bool:
        """Exchange an adaptation card the clan took unseen from the deck (one in `pool`, its
        hand and deck) with `card` from the adaptation deck: which it took was not seen."""
        names = g.tables.adaptation_names
        mine = [c for c in self.secret.get(clan, []) if c in pool and c != card]
        deck = [j for j, i in enumerate(g.adaptation_deck) if names[i] == card]
        if not mine or not deck:
            return False
        old, j = self.rng.choice(mine), self.rng.choice(deck)
        taken = set(g.adaptation_deck) | set(g.market)
        spare = next((i for i, name in enumerate(names) if name == old and i not in taken), -1)
        if spare < 0:
            return False
        g.adaptation_deck[j] = spare
        pool[pool.index(old)] = card
        self.secret[clan].remove(old)
        self.secret[clan].append(card)
        return True

    @staticmethod
    def _led_draws(clan: Any, s: int, happenings: list[dict[str, Any]], final: list[str]) -> None:
        """A clan the player leads drew in these steps, unseen by the clan asking now, the
        cards that make its hand the one the observation shows: they go on top of its deck."""
        draws = sum(1 for x in happenings if x["what"] == "draw" and x["values"][0] == s)
        if not draws or any(x["what"] == "new_deck" and x["values"][0] == s for x in happenings):
            return
        spent = [c for x in happenings for c in _spent(x, s)]
        gained = [x["values"][1] for x in happenings if x["what"] == "adapt" and x["values"][0] == s]
        kept = Counter(clan.hand) + Counter(c for c in gained if c is not None)
        drawn = Counter(spent) - kept + (Counter(final) - (kept - Counter(spent)))
        cards = list(drawn.elements())
        deck = Counter(clan.deck)
        if len(cards) != draws or deck & drawn != drawn:
            return
        rest = list((deck - drawn).elements())
        random.Random(len(rest)).shuffle(rest)
        clan.deck = rest + cards[::-1]

    def _redraw_secret(self, g: GameState, clan: int, pool: list[str]) -> None:
        """Exchange each adaptation card the clan took unseen (in `pool`) with a random card of
        the adaptation deck, half the time."""
        names = g.tables.adaptation_names
        for old in list(self.secret.get(clan, [])):
            if old in pool and g.adaptation_deck and self.rng.random() < 0.5:
                card = names[self.rng.choice(g.adaptation_deck)]
                if card != old:
                    self._unseen_adaptation(g, clan, pool, card)

    def _adapt_to(self, g: GameState, before: int, card: str | None) -> bool:
        """Put `card` (None: one at random) where the adaptation deck's card taken after `before`
        others lies."""
        names, deck = g.tables.adaptation_names, g.adaptation_deck
        p = len(deck) - 1 - before
        options = [j for j in range(max(p, 0)) if card is None or names[deck[j]] == card]
        if p < 0 or not options:
            return False
        j = self.rng.choice(options)
        deck[p], deck[j] = deck[j], deck[p]
        return True

    def _noted(self, g: MammothodusState, seen: dict[str, Any]) -> None:
        """Keep track of the adaptation cards clans not led took unseen from the deck."""
        entries = [e for e in g.log if e[0] != "answer"]
        for e, h in zip(entries, seen["happened"], strict=False):
            values = h.get("values", [])
            if h["what"] == "adapt" and values[-1] == "deck" and values[1] is None:
                self.secret.setdefault(int(values[0]), []).append(str(e[2]))
            for clan, mine in self.secret.items():
                for card in _spent(h, clan):
                    if card in mine:
                        mine.remove(card)

    def _follow(self, mover: int, seen: dict[str, Any], viewer: int, then: int | None = None) -> bool:
        """Advance the shadow by the step `mover` took, as `viewer` saw it; False when it cannot
        (the update then deals the hidden hands anew and follows the request's steps again)."""
        action = msgspec.convert(seen["action"], AnyAction)
        base = self.shadow
        self.asked = set()
        if base.to_move == mover and action in base.legal_actions():
            for _ in range(TRIES):
                after = self._try(base, mover, action, seen, viewer, then)
                if after is not None:
                    self.shadow = after
                    self._noted(after, seen)
                    return True
                if self._late():
                    break
        self.failed = (mover, seen)
        self.blame = {mover, base.to_move if base.to_move is not None else mover, *self.asked}
        return False

    def _try(
        self,
        pre: MammothodusState,
        mover: int,
        action: Any,
        seen: dict[str, Any],
        viewer: int,
        then: int | None = None,
    ) -> MammothodusState | None:
        """The shadow after `action`, its dice and hidden cards set until the step shows `viewer`
        exactly `seen`; None when it cannot."""
        pre = pre.clone()
        pre.shard_type = pre.shard_type[:]
        script = _Script(self.rng.getrandbits(32))
        want = seen["happened"]
        for _ in range(MAX_FIXES):
            g = pre.clone()
            rng = ScriptRng(script, g)
            g.rng = rng  # the scripted generator, for this step only
            try:
                g.apply(action)
            except IllegalAction:
                return None
            g.rng = Rng(self.rng.getrandbits(64))
            got = builtins(event_for(g, mover, action, viewer))
            if got == seen:
                return g
            happened = got["happened"]
            i = next((k for k, (a, b) in enumerate(zip(happened, want, strict=False)) if a != b), None)
            if i is None:  # one stopped before the other: a hidden hand was asked, or not
                self.asked = {s for s in (g.to_move, then) if s is not None}
                return None
            at = [k for k, e in enumerate(g.log) if e[0] != "answer"]
            if len(at) != len(happened) or not self._fix(pre, g, rng, script, at, happened, want, i):
                return None
        return None

    def _fix(
        self,
        pre: MammothodusState,
        g: MammothodusState,
        rng: ScriptRng,
        script: _Script,
        at: list[int],
        happened: list[dict[str, Any]],
        want: list[dict[str, Any]],
        i: int,
    ) -> bool:
        """Make happening i of the step agree with the one seen (a die, a card from a deck, a
        shard's type, the first clan); False when no such change is found."""
        got, wanted = happened[i], want[i]
        if got["what"] != wanted["what"]:
            return False
        dice, seen_dice = _dice_of(got), _dice_of(wanted)
        if dice is not None and seen_dice is not None:
            calls = [c for c in rng.calls if c.at == at[i] and c.n == 6]
            if len(calls) != len(dice) or len(seen_dice) != len(dice):
                return False
            for c, d, w in zip(calls, dice, seen_dice, strict=True):
                raw = w - (d - (c.value + 1)) - 1  # the protection's bonus is public
                if not 0 <= raw < 6:
                    return False
                script.below[c.k] = raw
            return True
        if got["what"] == "shard_open":
            return self._fix_shard(pre, g, happened, want, i)
        if got["what"] == "portal_flip":
            fid, k = int(wanted["values"][0]), int(wanted["values"][1]) - 1
            if fid not in pre.portal or pre.portal.index(fid) < k:
                return False
            j = pre.portal.index(fid)
            pre.portal[k], pre.portal[j] = pre.portal[j], pre.portal[k]
            return True
        if got["what"] == "turn" and pre.phase is Phase.SETUP:
            pre.first = int(wanted["values"][0])
            return True
        card = _revealed(wanted)
        pile_of = PILES.get(got["what"])
        if card is None or pile_of is None or _revealed(got) is None:
            return False
        return self._fix_pile(pre, g, rng, script, at, happened, i, pile_of, card)

    def _fix_pile(
        self,
        pre: MammothodusState,
        g: MammothodusState,
        rng: ScriptRng,
        script: _Script,
        at: list[int],
        happened: list[dict[str, Any]],
        i: int,
        pile_of: Pile,
        card: Any,
    ) -> bool:
        """Put `card` where the deck's card revealed by happening i lay: in the shuffle of that
        deck made earlier in the step, or else in the deck before the step."""
        h = happened[i]
        pile = pile_of(g, h)
        shuffles = [c for c in rng.calls if c.items is pile and c.at <= at[i]]
        if shuffles:
            c = shuffles[-1]
            order, since = list(c.order), [k for k in range(i) if at[k] >= c.at]
        else:
            order, since = pile_of(pre, h), list(range(i))
        pops = sum(1 for k in since if _same_pile(h, happened[k]))
        p = len(order) - 1 - pops
        name = self._namer(g, h["what"])
        options = [j for j in range(p) if name(order[j]) == card]
        if p < 0 or not options:
            return False
        j = self.rng.choice(options)
        order[p], order[j] = order[j], order[p]
        if shuffles:
            script.shuffled[shuffles[-1].k] = order
        pre._legal = None
        return True

    @staticmethod
    def _namer(g: GameState, kind: str) -> Callable[[Any], Any]:
        tables = g.tables
        if kind in ("market", "adapt"):
            return lambda x: tables.adaptation_names[x]
        if kind == "discovery":
            return lambda x: tables.discovery_names[x]
        return lambda x: x

    def _fix_shard(
        self, pre: MammothodusState, g: MammothodusState, happened: list[Any], want: list[Any], i: int
    ) -> bool:
        """The face-down shard turned over in happening i gets the type seen, exchanged with
        another face-down shard's."""
        t, name = int(want[i]["values"][0]), want[i]["values"][1]
        types = g.data.shards.types
        opened = {int(h["values"][0]) for h in happened[:i] if h["what"] == "shard_open"}
        here = [s for s, w in enumerate(pre.shard_at) if w == t and not pre.shard_open[s]]
        if not here or name not in types:
            return False
        k = types.index(name)
        if any(pre.shard_type[s] == k for s in here):
            return False  # the right type lies here: another shard of this place was turned
        others = [
            s
            for s, w in enumerate(pre.shard_at)
            if w >= 0 and not pre.shard_open[s] and w not in opened and w != t and pre.shard_type[s] == k
        ]
        if not others:
            return False
        a, b = here[0], self.rng.choice(others)
        pre.shard_type[a], pre.shard_type[b] = pre.shard_type[b], pre.shard_type[a]
        return True

    def _settle(self, obs: dict[str, Any]) -> bool:
        """Put everything the observation shows from a deck where it shows it; check the shadow
        agrees with it."""
        g = self.shadow
        seat = int(obs["seat"])
        if builtins(player_observation(g, seat, self.led)) == obs:
            return True
        g = g.clone()
        tables = g.tables
        hands = {int(c["seat"]): c["hand"] for c in obs["clans"] if c.get("hand") is not None}
        hands |= {int(t["clan"]): t["hand"] for t in obs.get("team_hands") or ()}
        ok = all(self._put_hand(g.clans[s], hand) for s, hand in hands.items())
        ok = ok and self._put_row(g.market, g.adaptation_deck, obs["market"], tables.adaptation_names)
        open_ids = [int(f["id"]) for f in obs["portal_open"]]
        if ok and g.portal[: len(open_ids)] != open_ids:
            for k, fid in enumerate(open_ids):
                j = g.portal.index(fid) if fid in g.portal else -1
                if j < k and g.portal[k] != fid:
                    ok = False
                    break
                g.portal[k], g.portal[j] = g.portal[j], g.portal[k]
        nxt = obs.get("spirit_next")
        if ok and nxt is not None and g.spirit_deck:
            names = [tables.spirits[c].name for c in g.spirit_deck]
            if names[-1] != nxt:
                if nxt not in names:
                    return False
                j = names.index(nxt)
                g.spirit_deck[-1], g.spirit_deck[j] = g.spirit_deck[j], g.spirit_deck[-1]
        g._legal = None
        if ok and builtins(player_observation(g, seat, self.led)) == obs:
            self.shadow = g
            return True
        self.failed = (-1, obs)
        self.blame = {s for s in (g.to_move, obs["to_move"]) if s is not None}
        return False

    def _order(self, actions: list[Any], seat: int) -> None:
        """Put the pending decision's answers, and the clan's hand, in the order of the request's
        legal actions (the same answers: only their order can differ)."""
        g = self.shadow
        ask = g.pending
        if ask is None or g.to_move != seat:
            return
        legal = g.legal_actions()
        have = [builtins(a) for a in legal]
        if have == actions or sorted(map(_key, have)) != sorted(map(_key, actions)):
            return
        g = g.clone()
        options = list(ask.options)
        by_key = {_key(builtins(a)): a for a in options}
        ordered = tuple(by_key[_key(a)] for a in actions if _key(a) in by_key)
        if len(ordered) != len(options):
            return
        g.stack[-1] = Ask(ask.seat, ordered, ask.purpose, ask.prompt, ask.can_pass)
        first = {a.get("card"): k for k, a in reversed(list(enumerate(actions))) if a.get("type") == "card"}
        clan = g.clans[seat]
        clan.hand = sorted(clan.hand, key=lambda c: first.get(c, len(actions)))
        g._legal = None
        self.shadow = g

    def _put_hand(self, clan: Any, hand: list[str]) -> bool:
        """Make the clan's hand the one shown, exchanging cards with its deck."""
        pool = clan.hand + clan.deck
        rest = list(pool)
        for card in hand:
            if card not in rest:
                return False
            rest.remove(card)
        if sorted(clan.hand) == sorted(hand):
            return True
        self.rng.shuffle(rest)
        clan.hand, clan.deck = list(hand), rest
        return True

    @staticmethod
    def _put_row(row: list[int], deck: list[int], names: list[str], name_of: Sequence[str]) -> bool:
        """Make a face-up row show `names`, exchanging its cards with the deck's."""
        if len(row) != len(names):
            return False
        for k, want in enumerate(names):
            if name_of[row[k]] == want:
                continue
            j = next((j for j in range(k + 1, len(row)) if name_of[row[j]] == want), -1)
            if j >= 0:
                row[k], row[j] = row[j], row[k]
                continue
            j = next((j for j, c in enumerate(deck) if name_of[c] == want), -1)
            if j < 0:
                return False
            row[k], deck[j] = deck[j], row[k]
        return True

    # ------------------------------------------------------------------ drawing a world
    def sample(self, rng: random.Random) -> MammothodusState:
        if self.obs is None:
            raise ValueError("the belief has seen no observation yet: call update() first")
        if self.lost:
            raise BeliefLost("the belief lost track of the game: it cannot draw a world")
        world = perturb_hidden_for(self.shadow, self.led, rng.getrandbits(64))
        assert isinstance(world, MammothodusState)
        return world
