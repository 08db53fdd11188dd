"""The rules of play: set-up, turns and their actions (RULES.md §3-5), the Dogma action with
its icon snapshot, demands, sharing and the free draw (§8), and the loop that runs effects
until a seat must decide.

`legal_actions(g)` and `apply(g, action)` are the seam's State methods (game.py binds them).
"""

from __future__ import annotations

from typing import Any

from .. import steps
from ..api import IllegalAction
from ..steps import GameEnded
from . import ops
from .actions import (
    Achieve,
    Dogma,
    Draw,
    FirstMeld,
    Meld,
    Pass,
    answer_action,
)
from .frames import Ask, AskKind, Frame
from .ops import ActionEnded
from .routines import END, STEPS, WAIT, effect_kind, routine
from .state import AVAILABLE, HAND, SUPPLY, EndReason, GameState, InnovationConfig, Phase, read_state
from .tables import AGE, BY_NAME, FEATURED, NAME, NCARDS, title_key
from .texts import effect_is_demand


class InnovationState(GameState):
    """The state with the seam's methods (api.State)."""

    def legal_actions(self) -> list[Any]:
        return legal_actions(self)

    def apply(self, action: Any) -> None:
        apply(self, action)

    def apply_index(self, index: int) -> None:
        apply_index(self, index)

    def observation(self, seat: int) -> Any:
        from .observe import observe

        return observe(self, seat)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        """The state `to_dict` gave; ValueError for anything else, an unknown routine included."""
        g = read_state(cls, data)
        STEPS.check(g.stack, "an Innovation")
        return g


# ---------------------------------------------------------------------------- set-up
def new_game(config: InnovationConfig) -> InnovationState:
    """RULES.md §3: shuffled ages, one standard achievement per age 1-9, two 1s each; then
    every player picks a first card to meld, in secret (a decision of each seat)."""
    g = InnovationState(config)
    for age in range(1, 11):
        pile = [c for c in range(NCARDS) if AGE[c] == age]
        g.rng.shuffle(pile)
        g.supply[age] = pile
        for c in pile:
            g.where[c] = SUPPLY * 8
    for age in range(1, 10):
        c = g.supply[age].pop()
        g.available.append(c)
        g.where[c] = AVAILABLE * 8
    for p in range(g.n):
        for _ in range(2):
            c = g.supply[1].pop()
            g.players[p].hand.append(c)
            g.where[c] = HAND * 8 + p
            g.known[c] = 1 << p
    g.phase = Phase.FIRST_MELD
    return g


def _first_melds(g: GameState) -> None:
    """Everyone's pick is revealed and melded at once; the first title alphabetically starts
    (R01), with one action (R02)."""
    for p, c in enumerate(g.first_picks):
        ops.meld(g, p, c)
    g.phase = Phase.PLAY
    first = min(range(g.n), key=lambda p: title_key(NAME[g.first_picks[p]]))
    g.active = first
    _start_turn(g)


def actions_per_turn(g: GameState) -> int:
    """R02: the first player's first turn has one action, and with 4 players the second's."""
    return actions_in_turn(g.turn, g.n)


def actions_in_turn(turn: int, players: int) -> int:
    """The actions of turn number `turn` (public: the viewer tells the action in progress)."""
    if turn == 1 or (players == 4 and turn == 2):
        return 1
    return 2


def _start_turn(g: GameState) -> None:
    g.turn += 1
    g.actions_left = actions_per_turn(g)
    g.log.append(("turn", g.active, g.actions_left, g.turn))


def _end_turn(g: GameState) -> None:
    for pl in g.players:  # Monument's counters last one turn (RULES.md §10)
        pl.tucked = 0
        pl.scored = 0
    if g.turn >= g.config.max_turns:
        ops.finish(g, EndReason.TURN_LIMIT, ops.best_by_score(g))
        return
    g.active = (g.active + 1) % g.n
    _start_turn(g)


def _action_done(g: GameState) -> None:
    g.shown = []  # revealed cards are face down again (E06)
    g.actions_left -= 1
    if g.actions_left <= 0:
        _end_turn(g)


# ---------------------------------------------------------------------------- legal actions
def legal_actions(g: GameState) -> list[Any]:
    legal = g._legal
    if legal is None:
        legal = g._legal = _legal(g)
    return legal


def _legal(g: GameState) -> list[Any]:
    if g.phase is Phase.OVER:
        return []
    if g.stack:
        top = g.stack[-1]
        assert isinstance(top, Ask)
        answers: list[Any] = [answer_action(top, i) for i in range(len(top.options))]
        if top.can_pass:
            answers.append(Pass())
        return answers
    if g.phase is Phase.FIRST_MELD:
        seat = g.first_picks.index(-1)
        return [FirstMeld(NAME[c]) for c in sorted(g.players[seat].hand)]
    p = g.active
    pl = g.players[p]
    out: list[Any] = [Draw()]
    out += [Meld(NAME[c]) for c in sorted(pl.hand)]
    if g.available:  # can_achieve, its two figures read once
        score, highest = pl.score_total(), pl.highest_top()
        ages = sorted(AGE[c] for c in g.available)
        out += [Achieve(age) for age in ages if score >= 5 * age and highest >= age]
    out += [Dogma(NAME[c]) for c in pl.tops()]
    return out


def can_achieve(g: GameState, p: int, age: int) -> bool:
    """RULES.md §5.3: a score of at least 5 x age and a top card of at least that value."""
    pl = g.players[p]
    return pl.score_total() >= 5 * age and pl.highest_top() >= age


# ---------------------------------------------------------------------------- apply
def apply(g: GameState, action: Any) -> None:
    legal = legal_actions(g)
    try:
        index = legal.index(action)
    except ValueError:
        from .explain import explain_illegal

        raise IllegalAction(explain_illegal(g, action), len(legal)) from None
    apply_index(g, index)


def apply_index(g: GameState, index: int) -> None:
    """Apply the legal action at `index` (search bots can skip building the action)."""
    legal = legal_actions(g)
    if not 0 <= index < len(legal):
        raise IllegalAction(f"there is no action number {index}", len(legal))
    action = legal[index]
    g._legal = None
    g.log = []
    if g.stack:
        top = g.stack.pop()
        assert isinstance(top, Ask)
        value = top.options[index] if index < len(top.options) else None
        mask = g.all
        if top.kind is AskKind.CARD and value is not None:
            mask = g.known[value]
        g.log.append(("answer", top.seat, index, mask))
        g.ret = value
        _run(g)
        return
    if g.phase is Phase.FIRST_MELD:
        seat = g.first_picks.index(-1)
        g.first_picks[seat] = BY_NAME[action.card]
        g.log.append(("answer", seat, index, 1 << seat))
        if -1 not in g.first_picks:
            _first_melds(g)
        return
    p = g.active
    try:
        if isinstance(action, Draw):
            ops.draw_action(g, p)
        elif isinstance(action, Meld):
            ops.meld(g, p, BY_NAME[action.card])
        elif isinstance(action, Achieve):
            c = next(c for c in g.available if AGE[c] == action.age)
            ops.achieve(g, p, c)
        else:
            _start_dogma(g, p, BY_NAME[action.card])
            _run(g)
            return
    except GameEnded:
        g.stack.clear()
        return
    _action_done(g)


def _run(g: GameState) -> None:
    """Run routines until a seat must decide, the action is over or the game is."""
    try:
        if not steps.run(g, STEPS):
            return  # a seat must decide, or the game is over
    except ActionEnded:
        g.stack.clear()
    _action_done(g)


# ---------------------------------------------------------------------------- dogma
def _start_dogma(g: GameState, p: int, c: int) -> None:
    """§8.1: the featured icon is counted on every board once; fewer than the activator's is
    vulnerable, at least as many shares (R14)."""
    icon = FEATURED[c]
    mine = g.icons(p, icon)
    order = g.opponents(p)
    vul = tuple(q for q in order if g.icons(q, icon) < mine)
    share = tuple(q for q in order if g.icons(q, icon) >= mine)
    g.log.append(("dogma", p, c, icon, vul, share))
    v = {
        "vul": vul,
        "share": share,
        "i": 0,
        "j": 0,
        "run": False,
        "p": -1,
        "c0": 0,
        "bonus": False,
        "moved": False,
        "dem": (0,) * g.n,
    }
    g.stack.append(Frame("dogma", p, p, c, -1, -1, v))


def _dogma_step(g: GameState, f: Frame) -> Any:
    v = f.v
    c = f.card
    first = g.first_edition
    kinds = effect_is_demand(c, first)
    if v["run"]:  # one player's execution of effect i has just finished
        v["run"] = False
        if not kinds[v["i"]] and v["p"] != f.act and g.changes > v["c0"]:
            v["bonus"] = True  # a sharing opponent changed something (R25)
        v["j"] += 1
    while v["i"] < len(kinds):
        i = v["i"]
        players = v["vul"] if kinds[i] else (*v["share"], f.act)
        if v["j"] < len(players):
            p = players[v["j"]]
            v["p"] = p
            v["c0"] = g.changes
            v["run"] = True
            f.goto(_dogma_step)  # again, once this player's execution is done
            depth = len(g.stack) - 1
            g.log.append(("effect", c, i, p, kinds[i]))
            g.stack.append(Frame(effect_kind(c, i, first), p, f.act, c, i, depth))
            return WAIT
        v["i"] += 1
        v["j"] = 0
    if v["bonus"]:  # the free draw (R26), after the last effect
        g.log.append(("free_draw", f.act))
        ops.draw_action(g, f.act)
    return END


def _self_step(g: GameState, f: Frame) -> Any:
    """Self-execution (R24): the non-demand effects of f.card, for f.me alone."""
    v = f.v
    c = f.card
    first = g.first_edition
    kinds = effect_is_demand(c, first)
    if v["run"]:
        v["run"] = False
        v["i"] += 1
    while v["i"] < len(kinds) and kinds[v["i"]]:
        v["i"] += 1
    if v["i"] >= len(kinds):
        return END
    i = v["i"]
    v["run"] = True
    f.goto(_self_step)  # again, once the effect is done
    depth = len(g.stack) - 1
    g.log.append(("effect", c, i, f.me, False))
    g.stack.append(Frame(effect_kind(c, i, first), f.me, f.act, c, i, depth))
    return WAIT


routine("dogma", _dogma_step)
routine("self", _self_step)


def load_cards() -> None:
    """Import the card modules: each registers its effects' routines (idempotent)."""
    from . import cards  # noqa: F401


load_cards()
