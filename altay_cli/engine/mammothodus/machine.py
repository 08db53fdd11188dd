"""The rules of play: set-up, the turn (human phase, Ancients' phase, end of turn), and the loop
that runs routines until a seat must decide.

Routines run on the shared step machine (altay_cli/engine/steps.py), as in Innovation: a step
`step(g, frame)` returns None (go on to the next step), WAIT after pushing a child (a decision
with `ask`, or another routine with `call`; the frame resumes at its next step and reads the
child's result in `g.ret`), or END. A step may name the step to run next
(`frame.goto(Cls.step)`) to loop. Locals go in `frame.v` and hold only ints, bools, strings,
None and tuples of them.

The routines of a turn: "humans" (humans.py), "ancients" (ancients.py), "end_turn",
"draw" and "generation" (generation.py). `legal_actions(g)` and `apply(g, action)` are the
seam's State methods (game.py binds them).

With the advanced talents (`config.talents`), set-up ends with each clan choosing its talent
(M63) and taking its tokens (M15); a protection activated in a turn lasts until that turn ends
(M71). Placing tokens is in ancients.py, their effects in humans.py.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations
from typing import Any

from .. import steps
from ..api import IllegalAction
from ..steps import WAIT, Flow, Routines
from . import ops
from .actions import Pass, Start, Talent
from .data import COLOR_NAME
from .frames import Ask, Frame
from .state import COLORS, GameState, MammothodusConfig, Phase
from .vocabulary import ColorName, Purpose, TalentName, checked_words, is_human_card

Step = Callable[[GameState, Frame], "Flow | None"]
#: kind -> steps: every routine of a turn
STEPS = Routines()


def call(g: GameState, kind: str, me: int, **v: Any) -> Flow:
    """Push routine `kind` for clan `me` with locals `v`; returns WAIT (for the step to return)."""
    g.stack.append(Frame(kind, me, dict(v)))
    return WAIT


def ask(
    g: GameState,
    seat: int,
    options: list[Any] | tuple[Any, ...],
    purpose: Purpose,
    prompt: str,
    can_pass: bool = False,
) -> Flow | None:
    """Ask `seat` to choose one of `options` (actions), or pass. The chosen action is in `g.ret`
    (None for a pass) when the frame resumes. A question with one possible answer is not asked
    (none at all: the frame goes straight on with g.ret None). Returns WAIT, or None when
    nothing was asked."""
    options = tuple(options)
    if not options and not can_pass:
        g.ret = None
        return None
    if len(options) + can_pass == 1:
        g.ret = options[0] if options else None
        return None
    g.stack.append(Ask(seat, options, purpose, prompt, can_pass))
    return WAIT


# ---------------------------------------------------------------------------- set-up
class MammothodusState(GameState):
    def legal_actions(self) -> list[Any]:
        return legal_actions(self)

    def apply(self, action: Any) -> None:
        apply(self, action)

    def apply_index(self, index: int) -> None:
        apply_index(self, index)

    def observation(self, seat: int) -> Any:
        from .observe import observe

        return observe(self, seat)


@cache
def start_choices(k: int) -> tuple[tuple[ColorName, ...], ...]:
    """M60: the sets of `k` figurine colours (data.limits.figurines_at_start) a clan may start
    with in the centre, in the colours' order (k = 2: the six pairs)."""
    return tuple(combinations(COLORS, k))


START_PAIRS = start_choices(2)  # the stand-in's two figurines at the start
#: M63: with talents, once every clan has its starting figurines, each clan in seat order chooses
#: a talent that no clan has chosen yet; only when every talent is taken (more clans than talents,
#: which the stand-in data's five talents for four clans never reach) may one be chosen again.
#: False: any talent, repeats allowed.
TALENTS_DISTINCT = True


def talent_choices(g: GameState) -> list[TalentName]:
    """The talents the next clan may choose (M63)."""
    names = g.tables.talent_names
    taken = {i for i in g.talent_of if i >= 0}
    free = [name for i, name in enumerate(names) if i not in taken]
    return free if TALENTS_DISTINCT and free else list(names)


#: M71: what an activated protection adds to every die of an attack on humans and spirits in its
#: territory (the Ancients' attacks and traps) until the end of the turn.
PROTECTION_DICE_BONUS = 2


def protection_bonus(g: GameState, t: int) -> int:
    """+2 to each attack die in t while a protection activated this turn guards it (M71)."""
    return PROTECTION_DICE_BONUS if g.config.talents and t in g.protected else 0


def talent_name(g: GameState, seat: int) -> TalentName | None:
    """Clan `seat`'s talent, None before it chose (or without talents)."""
    i = g.talent_of[seat]
    return None if i < 0 else g.tables.talent_names[i]


def _setup_done(g: GameState) -> bool:
    return -1 not in g.start_picks and (not g.config.talents or -1 not in g.talent_of)


def new_game(config: MammothodusConfig) -> MammothodusState:
    """The rulebook's preparation with the configuration's components (the stand-in's unless it
    gives data): shards face down (one per territory but the centre), a tribe on each initial
    trail, every deck shuffled, the first fragments of the shuffled portal track face up, the
    adaptation market, the starting population and a hand for every clan. Each clan then picks
    its starting figurines (a decision)."""
    g = MammothodusState(config)
    d = g.data
    rng = g.rng
    kinds = [k for k in range(len(d.shards.types)) for _ in range(d.shards.per_type)]
    rng.shuffle(kinds)
    places = [t.id for t in d.map.territories if t.id != d.map.centre]
    g.shard_type = kinds
    g.shard_at = places[: len(kinds)]
    g.shard_open = [False] * len(kinds)
    for t in d.map.initial_trails:
        g.trails.append(t)
        g.tribes[t] += 1
    g.trail_tokens = [int(k) for k in d.map.trail_positions]
    rng.shuffle(g.trail_tokens)
    g.human_deck = checked_words(
        (name for name, n in d.human_deck.cards.items() for _ in range(n)), is_human_card, "human card"
    )
    rng.shuffle(g.human_deck)
    g.spirit_deck = list(range(len(d.spirits.cards)))
    rng.shuffle(g.spirit_deck)
    g.adaptation_deck = list(range(len(d.adaptation.cards)))
    rng.shuffle(g.adaptation_deck)
    g.market = [g.adaptation_deck.pop() for _ in range(d.adaptation.market)]
    g.degradation_supply = d.degradation.cards
    g.portal = [f.id for f in d.portal.fragments]
    rng.shuffle(g.portal)
    g.portal_open = d.portal.open_at_start
    if config.discoveries:
        g.discovery_deck = list(range(len(d.discoveries.cards)))
        rng.shuffle(g.discovery_deck)
    g.talents = [[] for _ in d.map.territories] if config.talents else []
    for clan in g.clans:
        clan.population = d.population.start
        clan.degradation = d.degradation_track.start
        clan.deck = [COLOR_NAME[color] for color, n in d.clan_deck.cards.items() for _ in range(n)]
        rng.shuffle(clan.deck)
        clan.hand = [clan.deck.pop() for _ in range(d.limits.hand)]
    g.first = rng.below(config.players)
    g.phase = Phase.SETUP
    return g


def _begin(g: GameState) -> None:
    g.phase = Phase.PLAY
    g.active = g.first
    g.turn = 1
    g.log.append(("turn", g.active, g.turn))
    g.stack.append(Frame("turn", g.active))
    _run(g)


# ---------------------------------------------------------------------------- legal actions and apply
def legal_actions(g: GameState) -> list[Any]:
    legal = g._legal
    if legal is None:
        legal = g._legal = _legal(g)
    return legal


def _legal(g: GameState) -> list[Any]:
    if g.phase is Phase.OVER:
        return []
    if g.phase is Phase.SETUP:
        if -1 in g.start_picks:
            return [Start(pair) for pair in start_choices(g.data.limits.figurines_at_start)]
        return [Talent(name) for name in talent_choices(g)]
    top = g.stack[-1]
    assert isinstance(top, Ask)
    return [*top.options, Pass()] if top.can_pass else list(top.options)


def apply(g: GameState, action: Any) -> None:
    legal = legal_actions(g)
    try:
        index = legal.index(action)
    except ValueError:
        ask_ = g.pending
        what = f"{ask_.purpose}: {ask_.prompt}" if ask_ is not None else "the set-up"
        raise IllegalAction(f"that is not one of the answers to {what}", len(legal)) from None
    apply_index(g, index)


def apply_index(g: GameState, index: int) -> None:
    legal = legal_actions(g)
    if not 0 <= index < len(legal):
        raise IllegalAction(f"there is no action number {index}", len(legal))
    action = legal[index]
    g._legal = None
    g.log = []
    if g.phase is Phase.SETUP:
        seat = g.setup_seat()
        if isinstance(action, Talent):  # M63, and M15: the talent's tokens
            g.talent_of[seat] = g.tables.talent_names.index(action.name)
            g.talent_reserve[seat] = g.data.talents.tokens
            g.log.append(("talent", seat, action.name))
        else:
            g.start_picks[seat] = index
            for color in action.colors:
                g.clans[seat].figurines[COLORS.index(color)] = g.tables.centre
            g.log.append(("start", seat, action.colors))
        if _setup_done(g):
            _begin(g)
        return
    top = g.stack.pop()
    assert isinstance(top, Ask)
    g.ret = None if isinstance(action, Pass) and top.can_pass and index == len(top.options) else action
    g.log.append(("answer", top.seat, top.purpose))
    _run(g)


def _run(g: GameState) -> None:
    steps.run(g, STEPS)


# ---------------------------------------------------------------------------- the turn
class Turn:
    """One clan's turn: the human phase, the Ancients' phase, the end of the turn; then the
    next clan clockwise."""

    @staticmethod
    def human_phase(g: GameState, f: Frame) -> Any:
        return call(g, "humans", f.me)

    @staticmethod
    def ancients_phase(g: GameState, f: Frame) -> Any:
        return call(g, "ancients", f.me)

    @staticmethod
    def end_of_turn(g: GameState, f: Frame) -> Any:
        return call(g, "end_turn", f.me)

    @staticmethod
    def next_clan(g: GameState, f: Frame) -> Any:
        if g.config.talents:
            g.protected = []  # M71: a protection lasts until the end of the turn
        if g.turn >= g.config.max_turns:
            ops.lose(g, "turn_limit")
        g.active = (g.active + 1) % g.n
        g.turn += 1
        g.log.append(("turn", g.active, g.turn))
        f.me = g.active
        f.goto(Turn.human_phase)


STEPS.add_class("turn", Turn)


def load_rules() -> None:
    """Import the modules whose routines make up a turn (idempotent)."""
    from . import ancients, generation, humans  # noqa: F401
