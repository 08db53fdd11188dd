"""What one seat of Innovation knows, and full states drawn from it: a player imagines the world.

`InnovationBelief` (the `api.Belief` of Innovation) is fed what the referee sends one seat: the
`hello` settings, then each request's observation and the events it carried. It never sees the
true state.

It keeps a *shadow*: a whole game that went through the same public steps as the real one, its
hidden cards set so that the seat could not tell it from the real game. It starts as a new game
of the same settings (any deal: a fixed seed), and follows each event: it finds the legal action
of the shadow whose event, for this seat, is the one received. Before it tries, every card the
event names is put where the event says it came from (a drawn card at the top of its age in the
supply, a revealed or transferred card in its owner's hand...), by exchanging it with a card of
the same age the seat cannot see there; after the events, every card the observation names is
put where the observation shows it. Exchanging two cards the seat cannot see (same age: card
backs show it) changes nothing the seat could see (`hidden.perturb_hidden` does exactly that),
so the shadow stays consistent with everything the seat was sent. When no such exchange makes
a step agree (a choice the engine made at random among unseen cards), shuffled shadows are
tried, a bounded number of times.

`sample(rng)` is the shadow with every card the seat cannot see exchanged at random among the
places of its age it cannot see (hands and score piles of others, achievements, the supply),
and a fresh generator: `hidden.perturb_hidden`. Every card whose identity the seat knows (its
own, revealed ones, ones it gave or returned) stays where the seat saw it go.

`problems` counts the steps the shadow could not follow (0 unless there is a bug); after one,
`sample` raises `BeliefLost`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

import msgspec

from ..api import IllegalAction
from .actions import HIDDEN
from .config import InnovationConfig
from .happenings import event_for, happening
from .hidden import _rename, perturb_hidden
from .machine import InnovationState, new_game
from .state import ZONE_NAMES, GameState
from .tables import AGE, BY_NAME, NAME, NCARDS

#: shuffled shadows tried for one step before the belief gives up on it
TRIES = 6
#: shuffled starts tried for one request's steps (a hidden card decided an earlier one)
BATCH_TRIES = 30
#: times the whole game is followed again, from other deals, before the belief gives up
REPLAYS = 4
#: steps tried for one request before the belief gives up (a bot must answer in time)
WORK_LIMIT = 4000
#: ... and, following the game again, this many more for each step followed (all replays)
REPLAY_WORK = 24
#: exchanges tried to make one step agree with what the seat saw
MAX_FIXES = 80


class BeliefLost(RuntimeError):
    """The shadow could not follow what the seat was sent (a bug): no sample can be exact."""


def builtins(value: Any) -> Any:
    """Decoded JSON (dicts, lists...) from a typed record or builtins: as the seat reads it."""
    return msgspec.json.decode(msgspec.json.encode(value))


def _unseen(g: GameState, seat: int) -> list[bool]:
    """Which cards `seat` cannot see where they lie now (as `hidden.perturb_hidden` decides)."""
    sight = 1 << seat
    shown = {e[3] for e in g.log if e[0] == "move" and e[8] & sight}
    shown |= {e[2] for e in g.log if e[0] == "reveal"}
    where, known = g.where, g.known
    board = ZONE_NAMES.index("board")
    return [where[c] >> 3 != board and not known[c] & sight and c not in shown for c in range(NCARDS)]


def _card_of(entry: tuple[Any, ...]) -> int:
    """The card a log entry moved or showed, -1 for none."""
    return int(entry[3]) if entry[0] == "move" else int(entry[2]) if entry[0] == "reveal" else -1


def _swap(g: GameState, a: int, b: int) -> None:
    sigma = list(range(NCARDS))
    sigma[a], sigma[b] = b, a
    _rename(g, sigma)


class InnovationBelief:
    """One seat's belief about a game of Innovation: `update` with each request, `sample` worlds."""

    def __init__(self, settings: Any, static: Any, seat: int) -> None:
        s = builtins(settings)
        self.config = InnovationConfig(
            players=int(s["players"]), seed=0, edition=str(s["edition"]), max_turns=int(s["max_turns"])
        )
        self.seat = seat
        self.shadow: InnovationState = new_game(self.config)
        self.rng = random.Random(f"innovation belief {seat}")  # its own choices: from nothing hidden
        self.obs: dict[str, Any] | None = None
        self.problems = 0
        self.lost = False
        self.failed: tuple[int, Any] | None = None  # the step it could not follow, for a bug report
        self._failed: tuple[int, Any] | None = None
        self.work = 0  # steps tried for the request in hand (bounded by WORK_LIMIT)
        #: a time.perf_counter() value a bot may set before `update`: past it, the belief gives
        #: up following a step it finds hard (it is then lost) rather than make the bot late
        self.deadline: float | None = None
        self.late = False
        self.history: list[tuple[dict[str, Any], list[tuple[int, Any]]]] = []  # what it was sent

    # ------------------------------------------------------------------ feeding
    def update(self, observation: Any, events: Sequence[Any] = ()) -> None:
        obs = builtins(observation)
        steps = [(int(e["seat"]), e["action"]) for e in map(builtins, events)]
        self.history.append((obs, steps))
        self.obs = obs
        self.work = 0
        self.late = False
        if self.lost or self._advance(obs, steps):
            return
        # a hidden card decided a step of an earlier request: follow the whole game again, from
        # another deal
        if self.late:
            return self._give_up()
        followed = sum(len(s) + 1 for _, s in self.history)
        self.work = -REPLAY_WORK * followed  # the replays may try this many steps more, in all
        for _ in range(REPLAYS):
            seed = self.rng.getrandbits(48)
            self.shadow = new_game(InnovationConfig(**{**msgspec.structs.asdict(self.config), "seed": seed}))
            if all(self._advance(o, s) for o, s in self.history):
                return
            if self.late or self.work > WORK_LIMIT:
                break
        self._give_up()

    def _give_up(self) -> None:
        self.problems += 1
        self.lost = True
        self.failed = self._failed

    def _advance(self, obs: dict[str, Any], steps: list[tuple[int, Any]]) -> bool:
        """Follow one request's steps and settle on its observation; False when it cannot."""
        start = self.shadow
        for attempt in range(BATCH_TRIES):
            if attempt:  # a hidden card decided an earlier step of the batch: the shadow guessed wrong
                self.shadow = self._shuffled(start, self.rng)
            if all(self._follow(mover, seen) for mover, seen in steps) and self._settle(obs):
                return True
            if self.late or self.work > WORK_LIMIT:
                break
        return False

    def _follow(self, mover: int, seen: dict[str, Any]) -> bool:
        """Advance the shadow by the step `mover` took, as the seat saw it (`seen`); False when
        it cannot."""
        want = seen["action"]
        for attempt in range(TRIES):
            base = self.shadow
            if attempt:
                base = self._shuffled(base, self.rng)
            if base.to_move != mover:
                break
            legal = [a for a in base.legal_actions() if builtins(a).get("type") == want.get("type")]
            self.rng.shuffle(legal)
            named = want.get("card") if want.get("type") != "dogma" else None  # a board card: public
            if named is not None and named != HIDDEN:
                tries = self._make_legal(base, BY_NAME[named], legal)
            else:
                tries = [(base, a) for a in legal]
            for g, action in tries:
                after = self._try(g, mover, action, seen)
                if after is not None:
                    self.shadow = after
                    return True
        self._failed = (mover, seen)
        return False

    def _redraw(
        self,
        g: GameState,
        entries: list[tuple[Any, ...]],
        want: list[Any],
        unseen: list[bool],
        named: set[Any],
    ) -> bool:
        """Exchange a card the shadow drew unseen in this step (the latest first, or one at
        random) with another unseen card of its age that the step does not name."""
        drawn = [_card_of(e) for e, h in zip(entries, want) if e[1] == "draw" and h.get("card") is None]
        drawn = [c for c in drawn if c >= 0 and unseen[c]]
        if not drawn:
            return False
        y = drawn[-1] if self.rng.random() < 0.5 else self.rng.choice(drawn)
        others = [
            c for c in range(NCARDS) if AGE[c] == AGE[y] and c != y and unseen[c] and NAME[c] not in named
        ]
        if not others:
            return False
        _swap(g, self.rng.choice(others), y)
        return True

    def _make_legal(self, g: GameState, c: int, legal: list[Any]) -> list[tuple[GameState, Any]]:
        """The ways to answer with card c: as it is, or exchanged with an option it could be."""
        name = NAME[c]
        if any(a.card == name for a in legal):
            return [(g, a) for a in legal if a.card == name]
        unseen = _unseen(g, self.seat)
        out = []
        for a in legal:
            d = BY_NAME[a.card]
            if AGE[d] == AGE[c] and unseen[c] and unseen[d]:
                h = g.clone()
                _swap(h, c, d)
                out.append((h, type(a)(name)))
        return out[:3]

    def _try(self, g: GameState, mover: int, action: Any, seen: dict[str, Any]) -> InnovationState | None:
        """The shadow after `action`, its unseen cards exchanged until the step shows the seat
        exactly `seen`; None when it cannot."""
        if not isinstance(g, InnovationState):
            return None
        want = seen["happened"]
        g = g.clone() if g is self.shadow else g
        for _ in range(MAX_FIXES):
            self.work += 1
            if self.deadline is not None and not self.work % 16 and time.perf_counter() > self.deadline:
                self.late = True
            if self.late or self.work > WORK_LIMIT:
                return None
            after = g.clone()
            try:
                after.apply(action)
            except IllegalAction:
                return None
            got = builtins(event_for(after, mover, action, self.seat))
            if got == seen:
                return after
            happened = got["happened"]
            entries = [e for e in after.log if happening(e, self.seat) is not None]
            i = next((k for k, (a, b) in enumerate(zip(happened, want)) if a != b), None)
            if i is None or len(entries) != len(happened):
                return None
            name = want[i].get("card")
            unseen = _unseen(g, self.seat)
            named = {h.get("card") for h in want}
            if name is None or name == happened[i].get("card"):
                # an unseen card drawn before decided this: draw another in its place
                if not self._redraw(g, entries[:i], want, unseen, named):
                    return None
                continue
            x = BY_NAME[name]
            # the card the shadow moved there, or else another of this step's cards of its age
            # and kind the seat cannot see, that the step it saw does not name
            # (or one of its cards the seat saw move unnamed before: a hidden draw decided it)
            ys = [_card_of(entries[i])]
            ys += [_card_of(e) for e, h in zip(entries, happened) if h.get("what") == want[i].get("what")]
            ys += [_card_of(e) for e, h in zip(entries[:i], want) if h.get("card") is None]
            placed = {h.get("card") for h in want[:i]}  # already where the seat saw them
            y = next(
                (y for y in ys if y >= 0 and AGE[y] == AGE[x] and unseen[y] and NAME[y] not in placed), -1
            )
            if y < 0 or not unseen[x]:
                return None
            _swap(g, x, y)
            card = getattr(action, "card", None)  # an answer naming one of them names the other
            if card in (NAME[x], NAME[y]):
                action = type(action)(NAME[y] if card == NAME[x] else NAME[x])
        return None

    def _put(
        self, g: GameState, c: int, zone: int, owner: int, depth: int = -1, keep: set[int] | None = None
    ) -> bool:
        """Make card c lie in `zone` of `owner` (at `depth` from the top of its supply age), by
        exchanging it with a card of its age there that the seat cannot see; or, given `keep`
        (the cards the observation names), with any card there it does not name."""
        age = AGE[c]
        if depth >= 0:
            pile = g.supply[age]
            if depth >= len(pile):
                return False
            target = pile[-1 - depth]
            if target == c:
                return True
            places = [target]
        else:
            if g.where[c] == zone * 8 + owner:
                return True
            places = [d for d in range(NCARDS) if g.where[d] == zone * 8 + owner and AGE[d] == age]
        unseen = _unseen(g, self.seat)
        if keep is not None:
            options = [d for d in places if d not in keep]
        else:
            options = [d for d in places if unseen[d]]
        if not (unseen[c] or (keep is not None and c not in keep)) or not options:
            return False
        _swap(g, c, self.rng.choice(options))
        return True

    def _settle(self, obs: dict[str, Any]) -> bool:
        """Put every card the observation names where it shows it; check the shadow agrees."""
        g = self.shadow
        if builtins(g.observation(self.seat)) == obs:
            return True
        g = g.clone()
        hand, score = ZONE_NAMES.index("hand"), ZONE_NAMES.index("score")
        places: list[tuple[int, int, int, int]] = []  # card, zone, owner, depth
        for player in obs["players"]:
            for zone, refs in ((hand, player["hand"]), (score, player["score_pile"])):
                places += [(BY_NAME[r["card"]], zone, int(player["seat"]), -1) for r in refs if r.get("card")]
        places += [(BY_NAME[k["card"]], 0, 0, int(k["depth"])) for k in obs["supply_known"]]
        if obs.get("first_meld") is not None:
            places.append((BY_NAME[obs["first_meld"]], hand, self.seat, -1))
        keep = {c for c, *_ in places}
        ok = all(self._put(g, c, zone, owner, depth, keep) for c, zone, owner, depth in places)
        if ok and builtins(g.observation(self.seat)) == obs:
            self.shadow = g
            return True
        self._failed = (-1, obs)
        return False

    # ------------------------------------------------------------------ drawing a world
    def sample(self, rng: random.Random) -> InnovationState:
        if self.obs is None:
            raise ValueError("the belief has seen no observation yet: call update() first")
        if self.lost:
            raise BeliefLost("the belief lost track of the game: it cannot draw a world")
        return self._shuffled(self.shadow, rng)

    def _shuffled(self, g: InnovationState, rng: random.Random) -> InnovationState:
        """`g` with every card the seat cannot see exchanged at random within its age."""
        world = perturb_hidden(g, self.seat, rng.getrandbits(64))
        assert isinstance(world, InnovationState)
        return world
