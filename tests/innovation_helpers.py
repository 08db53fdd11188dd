"""Building Innovation positions by hand for scenario tests, and playing decisions by name.

    g = scenario(players=2)                       # in play, player 0's turn, two actions left,
                                                  # every card in the supply, nothing dealt
    board(g, 0, "Archery", "Oars")                # melded in that order (Oars on top of red)
    hand(g, 1, "Writing"); score_pile(g, 1, "Tools")
    on_top(g, 1, "Sailing", "The Wheel")          # the next draws of age 1: Sailing, then The Wheel
    dogma(g, 0, "Oars")                           # the Dogma action; runs until someone decides
    decide(g, "Writing")                          # answer: a card title, "pass", "yes", a colour,
                                                  # "player 1", "value 3", "option a", or an Action
    assert names(g.players[0].score) == ["Writing"]

Moving cards here bypasses the rules (no log, no specials, no Monument counts): it only sets
a position up. Everything after `dogma`/`decide`/`act` is the real engine.
"""

from __future__ import annotations

from typing import Any

from altay_cli.engine.innovation import machine
from altay_cli.engine.innovation.actions import (
    Achieve,
    Dogma,
    Draw,
    Meld,
    Pass,
    PickCard,
    PickColor,
    PickOption,
    PickPlayer,
    PickValue,
    Yes,
)
from altay_cli.engine.innovation.ops import _put, _take
from altay_cli.engine.innovation.state import (
    BOARD,
    HAND,
    SCORE,
    SUPPLY,
    GameState,
    InnovationConfig,
    Phase,
)
from altay_cli.engine.innovation.tables import AGE, COLOR, COLOR_NAMES, NAME, NCARDS, card_id

machine.load_cards()


def scenario(players: int = 2, seed: int = 0, edition: str = "3e", active: int = 0) -> GameState:
    """A game in play with every card in its supply pile (shuffled by `seed`), no achievements
    on the table, empty hands and boards; `active` to play, with two actions."""
    g = machine.new_game(InnovationConfig(players=players, seed=seed, edition=edition))
    for c in range(NCARDS):
        if g.where[c] >> 3 != SUPPLY:
            _take(g, c)
            _put(g, c, SUPPLY, -1)
            g.known[c] = 0
    g.phase = Phase.PLAY
    g.first_picks = [0] * players
    g.active = active
    g.turn = players + 1  # past the short first turns
    g.actions_left = 2
    g.log = []
    g.trace = []
    g._legal = None
    return g


def _place(g: GameState, name: str, zone: int, p: int, bottom: bool = False) -> int:
    c = card_id(name)
    _take(g, c)
    _put(g, c, zone, p, bottom)
    g.known[c] = g.all if zone == BOARD else (1 << p if zone in (HAND, SCORE) else 0)
    g._legal = None
    return c


def hand(g: GameState, p: int, *names: str) -> None:
    for name in names:
        _place(g, name, HAND, p)


def score_pile(g: GameState, p: int, *names: str) -> None:
    for name in names:
        _place(g, name, SCORE, p)


def board(g: GameState, p: int, *names: str) -> None:
    """Meld these cards in order (later ones on top of earlier ones of their colour)."""
    for name in names:
        _place(g, name, BOARD, p)


def splay(g: GameState, p: int, color: str, direction: str) -> None:
    g.players[p].splay[COLOR_NAMES.index(color)] = ("none", "left", "right", "up").index(direction)
    g.players[p].icons = None
    g._legal = None


def on_top(g: GameState, *names: str) -> None:
    """Put these cards on top of their supply piles: the first name is drawn first."""
    for name in reversed(names):
        c = card_id(name)
        _take(g, c)
        g.supply[AGE[c]].append(c)
        g.where[c] = SUPPLY * 8
        g.known[c] = 0


def empty_age(g: GameState, age: int) -> None:
    """Move every card of the supply pile `age` out of the way (removed from the game)."""
    from altay_cli.engine.innovation.state import REMOVED

    for c in list(g.supply[age]):
        _take(g, c)
        _put(g, c, REMOVED, -1)


def achievement(g: GameState, p: int, name: str) -> None:
    """Give p a standard achievement (a card taken from the supply)."""
    from altay_cli.engine.innovation.state import ACHIEVED

    c = card_id(name)
    _take(g, c)
    _put(g, c, ACHIEVED, p)
    g.known[c] = 0


def names(cards: list[int] | tuple[int, ...]) -> list[str]:
    return sorted(NAME[c] for c in cards)


def pile(g: GameState, p: int, color: str) -> list[str]:
    """p's pile of `color`, bottom to top."""
    return [NAME[c] for c in g.players[p].piles[COLOR_NAMES.index(color)]]


def top(g: GameState, p: int, color: str) -> str | None:
    cards = g.players[p].piles[COLOR_NAMES.index(color)]
    return NAME[cards[-1]] if cards else None


def act(g: GameState, action: Any) -> None:
    """Apply an action; `g.trace` collects the log of every step since the last turn action."""
    if not g.stack:
        g.trace = []
    machine.apply(g, action)
    g.trace.extend(g.log)


def dogma(g: GameState, p: int, name: str) -> None:
    assert g.active == p and g.to_move == p and not g.stack, "not p's action"
    act(g, Dogma(name))


def draw_action(g: GameState) -> None:
    act(g, Draw())


def meld_action(g: GameState, name: str) -> None:
    act(g, Meld(name))


def achieve_action(g: GameState, age: int) -> None:
    act(g, Achieve(age))


def answer(text: str) -> Any:
    """An answer from a short text: a title, 'pass', 'yes', a colour, 'player N', 'value N',
    'option X'."""
    t = text.strip()
    low = t.lower()
    if low == "pass":
        return Pass()
    if low == "yes":
        return Yes()
    if low in COLOR_NAMES:
        return PickColor(low)
    if low.startswith("player "):
        return PickPlayer(int(low.split()[1]))
    if low.startswith("value "):
        return PickValue(int(low.split()[1]))
    if low.startswith("option "):
        return PickOption(t.split()[1])
    return PickCard(NAME[card_id(t)])


def decide(g: GameState, *answers: Any, seat: int | None = None) -> None:
    """Answer the pending decisions in turn (each a text for `answer` or an Action)."""
    for a in answers:
        action = answer(a) if isinstance(a, str) else a
        if seat is not None:
            assert g.to_move == seat, f"seat {g.to_move} decides, not {seat}"
        legal = machine.legal_actions(g)
        assert action in legal, f"{action} is not legal; legal: {legal}; asked: {asking(g)}"
        act(g, action)


def asking(g: GameState) -> str:
    """The pending decision, in words (for assertion messages)."""
    ask = g.pending
    if ask is None:
        return "nothing" if not g.is_terminal else "game over"
    return f"seat {ask.seat}: {ask.purpose}: {ask.prompt}"


def legal(g: GameState) -> list[Any]:
    return machine.legal_actions(g)


def options(g: GameState) -> list[str]:
    """The pending decision's legal answers as short texts (card titles, 'pass', ...)."""
    out = []
    for a in machine.legal_actions(g):
        if isinstance(a, PickCard):
            out.append(a.card)
        elif isinstance(a, Pass):
            out.append("pass")
        elif isinstance(a, Yes):
            out.append("yes")
        elif isinstance(a, PickColor):
            out.append(a.color)
        elif isinstance(a, PickPlayer):
            out.append(f"player {a.player}")
        elif isinstance(a, PickValue):
            out.append(f"value {a.value}")
        elif isinstance(a, PickOption):
            out.append(f"option {a.option}")
        else:
            out.append(str(a))
    return out


def moved(g: GameState, verb: str, player: int | None = None) -> list[str]:
    """Titles of the cards moved with `verb` (draw, meld, tuck, score, return, transfer,
    exchange, remove, achieve) since the last turn action, in order; only by `player` (the
    one acting) when given."""
    return [
        NAME[e[3]] for e in g.trace if e[0] == "move" and e[1] == verb and (player is None or e[2] == player)
    ]


def free_draw_taken(g: GameState) -> bool:
    """Whether the activator took the free draw (R26) since the last turn action."""
    return any(e[0] == "free_draw" for e in g.trace)


def revealed(g: GameState) -> list[str]:
    """Titles revealed since the last turn action (proofs included)."""
    return [NAME[e[2]] for e in g.trace if e[0] == "reveal"]


def total_cards(g: GameState) -> int:
    return (
        sum(len(p) for p in g.supply)
        + len(g.available)
        + len(g.removed)
        + sum(
            len(pl.hand)
            + len(pl.score)
            + sum(len(x) for x in pl.piles)
            + sum(1 for c in pl.achieved if c < NCARDS)
            for pl in g.players
        )
    )


COLOR_OF = {NAME[c]: COLOR_NAMES[COLOR[c]] for c in range(NCARDS)}
