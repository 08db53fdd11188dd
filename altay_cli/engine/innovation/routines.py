"""The routines effects are written with: the registry of Innovation's routines, decisions
(`ask_*`), the multi-card pick, self-execution and card memory.

Routines run on the shared step machine (altay_cli/engine/steps.py): a routine is a list of
steps `step(g, frame) -> None | WAIT | END`, run in order; a step that pushed a child (a
decision, a pick, a self-execution) returns WAIT and the frame resumes at its next step once
the child is done, reading what it returned in `g.ret`; END finishes the frame early. A step
may name the step to run next, `frame.goto(Cls.step)`, to loop ("perform this effect again").
Locals live in `frame.v` (ints, bools, strings, tuples), so a state can be cloned, saved and
perturbed at any decision. A local that holds card ids is named `cards`, `..._cards` (a tuple)
or `..._card` (one id): rearranging hidden cards (hidden.py) renames those too.

Card effects register with `@effect("Name", index)` on a function (one step) or on a class
whose static methods are the steps, in the order they are written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..steps import END, WAIT, Flow, Routines, steps_of
from . import ops
from .frames import Ask, AskKind, Frame
from .state import BOARD, HAND, SCORE, GameState
from .tables import AGE, BY_NAME, COLOR, COLOR_NAMES, NAME

Step = Callable[[GameState, Frame], Any]
MANY = 999  # "any number"

#: kind -> steps; the machine's own routines and every card effect
STEPS = Routines()
routine = STEPS.add
#: (card id, effect index, first edition) -> the kind of that effect's routine
EFFECT_KIND: dict[tuple[int, int, bool], str] = {}


def effect(name: str, index: int, first_edition: bool = False) -> Callable[[Any], Any]:
    """Register the routine of effect `index` of card `name` (its 1st-edition text when
    `first_edition`): a function (one step) or a class of steps (steps_of)."""

    def register(obj: Any) -> Any:
        steps = steps_of(obj) if isinstance(obj, type) else (obj,)
        c = BY_NAME[name]
        kind = f"{name}.{index}" + (".1e" if first_edition else "")
        routine(kind, *steps)
        EFFECT_KIND[(c, index, first_edition)] = kind
        return obj

    return register


def effect_kind(c: int, index: int, first_edition: bool) -> str:
    if first_edition:
        kind = EFFECT_KIND.get((c, index, True))
        if kind is not None:
            return kind
    return EFFECT_KIND[(c, index, False)]


# ---------------------------------------------------------------------------- decisions
def ask(
    g: GameState,
    f: Frame,
    kind: AskKind,
    options: tuple[Any, ...] | list[Any],
    purpose: str,
    prompt: str,
    *,
    seat: int = -1,
    can_pass: bool = False,
    always: bool = False,
    labels: tuple[str, ...] = (),
) -> Flow | None:
    """Ask `seat` (default: the executing player) to pick one of `options`; the answer is in
    `g.ret` when the frame resumes (None for a pass). A decision with a single possible answer
    is taken without asking unless `always`. Returns WAIT, for the step to return."""
    options = tuple(options)
    if not options and not can_pass and not always:
        g.ret = None  # nothing to choose: the frame goes straight on to its next step
        return None
    g.stack.append(
        Ask(
            seat if seat >= 0 else f.me,
            kind,
            options,
            purpose,
            prompt,
            can_pass=can_pass,
            always=always,
            card=f.card,
            eff=f.eff,
            me=f.me,
            labels=labels,
        )
    )
    return WAIT


def ask_card(
    g: GameState, f: Frame, cards: list[int] | tuple[int, ...], purpose: str, prompt: str, **kw: Any
) -> Flow | None:
    return ask(g, f, AskKind.CARD, tuple(sorted(cards)), purpose, prompt, **kw)


def ask_color(
    g: GameState, f: Frame, colors: list[int] | tuple[int, ...], purpose: str, prompt: str, **kw: Any
) -> Flow | None:
    return ask(g, f, AskKind.COLOR, tuple(sorted(colors)), purpose, prompt, **kw)


def ask_player(
    g: GameState, f: Frame, players: list[int], purpose: str, prompt: str, **kw: Any
) -> Flow | None:
    return ask(g, f, AskKind.PLAYER, tuple(players), purpose, prompt, **kw)


def ask_yes(g: GameState, f: Frame, purpose: str, prompt: str, **kw: Any) -> Flow | None:
    """An optional step with nothing to pick: yes (g.ret == 1) or pass (None)."""
    return ask(g, f, AskKind.YES, (1,), purpose, prompt, can_pass=True, **kw)


def ask_splay(
    g: GameState, f: Frame, colors: list[int] | tuple[int, ...], direction: int, optional: bool = True
) -> Flow | None:
    """Offer to splay one of `colors` in `direction` (only piles the splay would change, R10)."""
    choices = [k for k in colors if ops.can_splay(g, f.me, k, direction)]
    names = " or ".join(COLOR_NAMES[k] for k in colors)
    word = ("left", "right", "up")[direction - 1]
    return ask_color(g, f, choices, "splay", f"splay your {names} cards {word}", can_pass=optional)


# ---------------------------------------------------------------------------- many cards
#: name -> candidates(g, frame of the pick) for `pick`
FILTERS: dict[str, Callable[[GameState, Frame], list[int]]] = {}
#: name -> what happens to each picked card: op(g, frame of the pick, card)
OPS: dict[str, Callable[[GameState, Frame, int], None]] = {}
#: name -> the key under which the order of moved cards matters (cards with equal keys land
#: on one pile), or None when it never does
ORDER_KEY: dict[str, Callable[[int], int] | None] = {}


def candidates(name: str) -> Callable[[Callable[[GameState, Frame], list[int]]], Any]:
    def register(fn: Callable[[GameState, Frame], list[int]]) -> Any:
        FILTERS[name] = fn
        return fn

    return register


def pick(
    g: GameState,
    f: Frame,
    source: str,
    lo: int,
    hi: int,
    op: str,
    purpose: str,
    prompt: str,
    *,
    seat: int = -1,
    who: int = -1,
    to: int = -1,
    fixed: tuple[int, ...] | list[int] | None = None,
    always: bool = False,
    **params: Any,
) -> Flow:
    """Pick cards one at a time and apply `op` to each at once: at least `lo` (as many as
    there are), at most `hi`. Candidates are `fixed` (a set fixed when the instruction
    starts, R16) or recomputed before each pick by the filter `source` (e.g. "hand",
    "score_highest") over the zones of `who` (default: the executing player). `seat` chooses
    (default: the executing player), `to` is the player receiving the cards (ops "hand",
    "score_pile", "board", "score"). The order is asked only where it matters (cards bound for
    one pile); cards the chooser cannot see are moved first, in an order the engine draws
    (R09). `g.ret` becomes the tuple of cards picked. Returns WAIT."""
    me = f.me
    v = {
        "seat": seat if seat >= 0 else me,
        "who": who if who >= 0 else me,
        "to": to,
        "src": source,
        "lo": lo,
        "hi": hi,
        "op": op,
        "purpose": purpose,
        "prompt": prompt,
        "always": always,
        "fixed": None if fixed is None else tuple(sorted(fixed)),
        "done": (),
        "asked": False,
        **params,
    }
    g.stack.append(Frame("pick", me, f.act, f.card, f.eff, f.own, v))
    return WAIT


def _pick_step(g: GameState, f: Frame) -> Any:
    v = f.v
    if v["asked"]:
        v["asked"] = False
        c = g.ret
        if c is None:
            g.ret = v["done"]
            return END
        _do(g, f, c)
    key = ORDER_KEY[v["op"]]
    seat = v["seat"]
    sight = 1 << seat
    while len(v["done"]) < v["hi"]:
        cands = _candidates(g, f)
        room = v["hi"] - len(v["done"])
        if not cands:
            if v["always"] and not v["done"]:
                v["asked"] = True
                v["always"] = False
                f.goto(_pick_step)
                return ask(
                    g, f, AskKind.CARD, (), v["purpose"], v["prompt"], seat=seat, can_pass=True, always=True
                )
            break
        must = len(v["done"]) < v["lo"]
        all_go = len(cands) <= room and len(v["done"]) + len(cands) <= v["lo"]
        if all_go:
            # every candidate moves: only the order is left, asked where it matters (E01): the
            # cards alone on their pile move first, in id order; then one pile's cards at a time
            if key is None:
                for c in cands:
                    _do(g, f, c)
                continue
            piles: dict[int, list[int]] = {}
            for c in cands:
                piles.setdefault(key(c), []).append(c)
            alone = [group[0] for group in piles.values() if len(group) == 1]
            if alone:
                for c in sorted(alone):
                    _do(g, f, c)
                continue
            group = piles[min(piles)]
            unseen = [c for c in group if not g.known[c] & sight]
            if unseen:  # E02: the chooser cannot order what it cannot see
                _do(g, f, unseen[g.rng.below(len(unseen))])
                continue
            seen = group
        else:
            seen = [c for c in cands if g.known[c] & sight]
            if not seen:
                # a choice among cards the chooser cannot see: the engine draws one (R39)
                _do(g, f, cands[g.rng.below(len(cands))])
                continue
        v["asked"] = True
        f.goto(_pick_step)
        always = v["always"] and not v["done"]
        return ask(
            g,
            f,
            AskKind.CARD,
            tuple(sorted(seen)),
            v["purpose"],
            v["prompt"],
            seat=seat,
            can_pass=not must,
            always=always,
        )
    g.ret = v["done"]
    return END


def _candidates(g: GameState, f: Frame) -> list[int]:
    v = f.v
    fixed = v["fixed"]
    if fixed is not None:
        done = v["done"]
        return [c for c in fixed if c not in done]
    return FILTERS[v["src"]](g, f)


def _do(g: GameState, f: Frame, c: int) -> None:
    f.v["done"] = (*f.v["done"], c)
    OPS[f.v["op"]](g, f, c)


routine("pick", _pick_step)


def _op(
    name: str, key: Callable[[int], int] | None
) -> Callable[[Callable[[GameState, Frame, int], None]], Any]:
    def register(fn: Callable[[GameState, Frame, int], None]) -> Any:
        OPS[name] = fn
        ORDER_KEY[name] = key
        return fn

    return register


def _age(c: int) -> int:
    return AGE[c]


def _color(c: int) -> int:
    return COLOR[c]


@_op("return", _age)
def _op_return(g: GameState, f: Frame, c: int) -> None:
    ops.return_card(g, c, f.me)


@_op("score", None)
def _op_score(g: GameState, f: Frame, c: int) -> None:
    ops.score(g, f.v["to"] if f.v["to"] >= 0 else f.me, c)


@_op("tuck", _color)
def _op_tuck(g: GameState, f: Frame, c: int) -> None:
    ops.tuck(g, f.v["to"] if f.v["to"] >= 0 else f.me, c)


@_op("meld", _color)
def _op_meld(g: GameState, f: Frame, c: int) -> None:
    ops.meld(g, f.v["to"] if f.v["to"] >= 0 else f.me, c)


@_op("hand", None)
def _op_hand(g: GameState, f: Frame, c: int) -> None:
    ops.transfer(g, c, HAND, f.v["to"], f.me)


@_op("score_pile", None)
def _op_score_pile(g: GameState, f: Frame, c: int) -> None:
    ops.transfer(g, c, SCORE, f.v["to"], f.me)


@_op("board", _color)
def _op_board(g: GameState, f: Frame, c: int) -> None:
    ops.transfer(g, c, BOARD, f.v["to"], f.me)


@_op("none", None)
def _op_none(g: GameState, f: Frame, c: int) -> None:
    pass  # only chosen: the effect moves it later (an exchange)


@_op("reveal", None)
def _op_reveal(g: GameState, f: Frame, c: int) -> None:
    ops.reveal(g, c)


@_op("remove", None)
def _op_remove(g: GameState, f: Frame, c: int) -> None:
    ops.remove(g, c, f.me)


# the common candidate sets, over the zones of v["who"]; params: icon, color, value, max. Cards
# already picked are never offered again (they may still lie there with the op "none").
def left_in(cards: list[int], f: Frame) -> list[int]:
    done = f.v["done"]
    return [c for c in cards if c not in done] if done else cards


@candidates("hand")
def _hand(g: GameState, f: Frame) -> list[int]:
    return sorted(left_in(g.players[f.v["who"]].hand, f))


@candidates("hand_icon")
def _hand_icon(g: GameState, f: Frame) -> list[int]:
    icon = f.v["icon"]
    return sorted(c for c in g.players[f.v["who"]].hand if ops.has(c, icon))


@candidates("hand_color")
def _hand_color(g: GameState, f: Frame) -> list[int]:
    color = f.v["color"]
    return sorted(c for c in g.players[f.v["who"]].hand if COLOR[c] == color)


@candidates("hand_value")
def _hand_value(g: GameState, f: Frame) -> list[int]:
    value = f.v["value"]
    return sorted(c for c in g.players[f.v["who"]].hand if AGE[c] == value)


@candidates("hand_highest")
def _hand_highest(g: GameState, f: Frame) -> list[int]:
    return sorted(ops.highest(left_in(g.players[f.v["who"]].hand, f)))


@candidates("hand_lowest")
def _hand_lowest(g: GameState, f: Frame) -> list[int]:
    return sorted(ops.lowest(left_in(g.players[f.v["who"]].hand, f)))


@candidates("score")
def _score(g: GameState, f: Frame) -> list[int]:
    return sorted(left_in(g.players[f.v["who"]].score, f))


@candidates("score_highest")
def _score_highest(g: GameState, f: Frame) -> list[int]:
    return sorted(ops.highest(left_in(g.players[f.v["who"]].score, f)))


@candidates("score_lowest")
def _score_lowest(g: GameState, f: Frame) -> list[int]:
    return sorted(ops.lowest(left_in(g.players[f.v["who"]].score, f)))


@candidates("score_value")
def _score_value(g: GameState, f: Frame) -> list[int]:
    value = f.v["value"]
    return sorted(c for c in g.players[f.v["who"]].score if AGE[c] == value)


@candidates("score_max")
def _score_max(g: GameState, f: Frame) -> list[int]:
    top = f.v["max"]
    return sorted(c for c in g.players[f.v["who"]].score if AGE[c] <= top)


@candidates("tops")
def _tops(g: GameState, f: Frame) -> list[int]:
    return sorted(g.players[f.v["who"]].tops())


@candidates("tops_icon")
def _tops_icon(g: GameState, f: Frame) -> list[int]:
    icon = f.v["icon"]
    return sorted(c for c in g.players[f.v["who"]].tops() if ops.has(c, icon))


# ---------------------------------------------------------------------------- nesting
def self_execute(g: GameState, f: Frame, c: int) -> Flow:
    """The executing player alone runs c's non-demand effects, with fresh card memory (R24).
    Returns WAIT."""
    g.log.append(("self", f.me, c))
    g.stack.append(Frame("self", f.me, f.act, c, -1, -1, {"i": 0, "run": False, "moved": False}))
    return WAIT


def _memory(g: GameState, f: Frame) -> Frame:
    """The dogma or self-execution frame whose card memory f uses (f.own >= 0)."""
    own = g.stack[f.own]
    assert isinstance(own, Frame)
    return own


def demand_moved(g: GameState, f: Frame) -> None:
    """Remember that this card's demand moved a card during this dogma action (R21)."""
    if f.own >= 0:
        _memory(g, f).v["moved"] = True


def demand_has_moved(g: GameState, f: Frame) -> bool:
    return f.own >= 0 and bool(_memory(g, f).v["moved"])


def action_frame(g: GameState) -> Frame:
    """The frame of the Dogma action in progress (Democracy's counts live there)."""
    first = g.stack[0]
    assert isinstance(first, Frame)
    return first


def card_name(c: int) -> str:
    return NAME[c]
