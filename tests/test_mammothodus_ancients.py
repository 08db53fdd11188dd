"""The Ancients' phase (ancients.py): the rulebook's examples of the move, attack, population,
development and activation actions as scenarios, ally assistance, every adaptation card, the
degradation action, the win, and the rulings M30-M49."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import msgspec
import pytest

from altay_cli.engine.mammothodus import ancients, generation, machine, ops
from altay_cli.engine.mammothodus.actions import (
    Adapt,
    Card,
    ChooseAction,
    Figurine,
    Hit,
    Line,
    Pass,
    Remove,
    Reroll,
    Roll,
    Shard,
    Step,
)
from altay_cli.engine.mammothodus.data import Cell, Fragment, load
from altay_cli.engine.mammothodus.frames import Frame
from altay_cli.engine.mammothodus.invariants import check_invariants
from altay_cli.engine.mammothodus.state import COLORS, OFF, GameState, MammothodusConfig, Phase, Result
from altay_cli.engine.mammothodus.tables import standin, tables_of

assert generation and machine.STEPS["draw"]  # the "draw" routine a draw3 card calls is registered

D = load()
SPIRITS = [s.name for s in D.spirits.cards]
EARTH, WIND, PROGENITORS = (SPIRITS.index(n) for n in ("Earth", "Wind", "Progenitors"))


def test_the_stand_in_territories_these_scenarios_stand_on() -> None:
    """The scenarios play on the stand-in's map (M2, M3): T4 is blue (east), T3 yellow (east),
    T12 red (east), T7 red (west), T8 green (west), T1 green (north), T2 yellow (north), T16
    yellow (south), T0 the centre. Checked here, not at import, so another data file fails this
    test and not the module's collection."""
    stand_in = standin()
    assert stand_in.color[4] == "blue" and stand_in.color[7] == "red" and stand_in.color[2] == "yellow"
    assert stand_in.color[12] == "red" and stand_in.region[2] == "N" and stand_in.region[16] == "S"
    assert stand_in.centre == 0


# ---------------------------------------------------------------------------- building positions
@pytest.fixture
def new(monkeypatch: pytest.MonkeyPatch) -> Callable[..., GameState]:
    """A game after the set-up (answered with machine.apply, the first turn not started), with
    an empty map: no tribes, no shards, every figurine off the field, every hand in its deck."""

    def make(players: int = 2, seed: int = 5) -> GameState:
        monkeypatch.setattr(machine, "_begin", lambda g: None)
        g = machine.new_game(MammothodusConfig(players=players, seed=seed))
        for _ in range(players):
            machine.apply(g, machine.legal_actions(g)[0])
        g.phase = Phase.PLAY
        g.active, g.turn, g.stack, g.log = 0, 1, [], []
        g.tribes = [0] * g.tables.n
        g.shard_at = [-1] * len(g.shard_at)
        g.shard_open = [False] * len(g.shard_open)
        for clan in g.clans:
            clan.figurines = [OFF] * 4
            clan.deck += clan.hand
            clan.hand = []
        return g

    return make


def figs(g: GameState, seat: int, **where: int) -> None:
    for color, t in where.items():
        g.clans[seat].figurines[COLORS.index(color)] = t


def _adaptation_index(g: GameState, name: str, pool: list[int]) -> int:
    return next(i for i in pool if standin().adaptation_names[i] == name)


def set_hand(g: GameState, seat: int, cards: list[str]) -> None:
    """The clan's hand becomes `cards`, each taken from where it is (its deck, the adaptation
    deck or market, the degradation supply), so every card stays accounted for."""
    clan = g.clans[seat]
    for card in clan.hand:
        if card in COLORS:
            clan.deck.append(card)
        elif card == "degradation":
            g.degradation_supply += 1
        else:
            taken = [i for i in range(len(D.adaptation.cards)) if i not in g.adaptation_deck + g.market]
            g.adaptation_deck.append(_adaptation_index(g, card, taken))
    clan.hand = []
    for card in cards:
        if card in COLORS:
            clan.deck.remove(card)
        elif card == "degradation":
            g.degradation_supply -= 1
        else:
            pool = (
                g.adaptation_deck
                if any(standin().adaptation_names[i] == card for i in g.adaptation_deck)
                else g.market
            )
            pool.remove(_adaptation_index(g, card, pool))
        clan.hand.append(card)


def shard(g: GameState, t: int, kind: str, face_up: bool = True) -> int:
    i = g.shard_at.index(-1)
    g.shard_at[i] = t
    g.shard_type[i] = D.shards.types.index(kind)
    g.shard_open[i] = face_up
    return i


def spirit(g: GameState, t: int, card: int) -> None:
    g.spirit_deck.remove(card)
    g.spirits.append(t)
    g.spirit_on.append(card)


def dice(monkeypatch: pytest.MonkeyPatch, *values: int) -> Iterator[int]:
    """Script ops.roll; the returned iterator shows what is left."""
    it = iter(values)
    monkeypatch.setattr(ops, "roll", lambda g: next(it))
    return it


def start(g: GameState, seat: int = 0) -> None:
    g.active = seat
    g.stack = [Frame("ancients", seat)]
    machine._run(g)


def opts(g: GameState) -> list[Any]:
    return machine.legal_actions(g)


def do(g: GameState, *actions: Any) -> None:
    for a in actions:
        machine.apply(g, a)


def asked(g: GameState, purpose: str, seat: int = 0) -> None:
    ask = g.pending
    assert ask is not None, "no decision pending"
    assert (ask.purpose, ask.seat) == (purpose, seat), (ask.purpose, ask.seat, ask.options)


def done(g: GameState) -> None:
    assert not g.stack, g.stack[-1].to_dict() if g.stack else None
    assert check_invariants(g) == []


# ---------------------------------------------------------------------------- the action choice
def test_no_playable_card_ends_the_phase_at_once(new: Callable[..., GameState]) -> None:
    g = new()
    figs(g, 0, red=0, green=0)
    set_hand(g, 0, ["red", "red"])  # attack without a target (M32); red moves nothing in the centre
    start(g)
    done(g)
    assert g.log[-1] == ("no_action", 0)
    assert g.clans[0].hand == ["red", "red"]


def test_only_performable_actions_are_offered_and_the_clan_may_pass(new: Callable[..., GameState]) -> None:
    g = new()
    figs(g, 0, red=0, green=4)
    set_hand(g, 0, ["green", "yellow", "degradation"])
    start(g)
    asked(g, "action")
    assert opts(g) == [
        ChooseAction("move"),
        ChooseAction("population"),
        ChooseAction("degradation"),
        Pass(),
    ]  # no attack (no target), no development (no blue: T4 is blue, but there is no blue card)
    do(g, Pass())  # M30
    done(g)
    assert g.clans[0].hand == ["green", "yellow", "degradation"]


# ---------------------------------------------------------------------------- move
def test_move_rulebook_example(new: Callable[..., GameState]) -> None:
    """A red figurine in a blue territory: one green and one blue card, two territories, one
    shard carried. A green figurine on a red territory: one red card, two territories (its
    bonus). The red figurine ends on a red territory but cannot take the last red card (it has
    moved). The face-down shard where it stopped opens once every move is done."""
    g = new()
    figs(g, 0, red=4, green=7)
    set_hand(g, 0, ["green", "blue", "red", "red"])
    sun, moon = shard(g, 4, "sun"), shard(g, 4, "moon")
    star = shard(g, 12, "star", face_up=False)
    start(g)
    do(g, ChooseAction("move"))
    asked(g, "figurine")
    assert opts(g) == [Figurine("red"), Figurine("green"), Pass()]
    do(g, Figurine("red"))
    asked(g, "card")
    assert opts(g) == [Card("blue"), Card("green")]  # not red, and no pass before a card (M31)
    do(g, Card("green"), Card("blue"))  # the red cards cannot be played here: on to the move
    asked(g, "step")
    assert opts(g) == [Step(0), Step(3), Step(5), Step(13), Step(14), Shard("moon"), Shard("sun"), Pass()]
    do(g, Shard("sun"))
    assert Shard("moon") not in opts(g)  # one shard at a time
    assert Shard(None) not in opts(g)  # M41: not dropped where it was taken
    do(g, Step(3))
    assert g.shard_at[sun] == 3 and g.carried == {"0:red": sun}
    do(g, Step(12))
    assert g.clans[0].figurines[0] == 12 and g.shard_at[sun] == 12 and g.shard_at[moon] == 4
    assert g.carried == {}
    assert not g.shard_open[star]  # not yet: the other figurine may still move
    asked(g, "figurine")
    assert opts(g) == [Figurine("green"), Pass()]  # the red one has moved (now on red T12)
    do(g, Figurine("green"))  # its one possible card (red) is played at once
    asked(g, "card")
    assert opts(g) == [Card("red"), Pass()]
    do(g, Pass())
    assert ("bonus", 0, "green", "move") in g.log
    do(g, Step(8), Step(1))
    done(g)
    assert g.clans[0].figurines[:2] == [12, 1]
    assert g.shard_open[star] and g.clans[0].hand == ["red"]
    assert g.clans[0].discard == ["green", "blue", "red"]


def test_move_stop_early_drop_and_swap_shards(new: Callable[..., GameState]) -> None:
    g = new()
    figs(g, 0, yellow=1)
    set_hand(g, 0, ["green", "green", "green"])
    a, b = shard(g, 1, "wave"), shard(g, 2, "star")
    start(g)
    do(g, ChooseAction("move"), Figurine("yellow"))  # the first green is played at once (M31)
    do(g, Card("green"), Pass(), Shard("wave"), Step(2))
    assert g.shard_at[a] == 2
    do(g, Shard(None))  # drop the wave in T2...
    assert Shard(None) not in opts(g) and Shard("wave") not in opts(g)  # M41: once here
    do(g, Shard("star"), Pass())  # ...take the star, and stop with a step left
    done(g)
    assert g.shard_at[a] == 2 and g.shard_at[b] == 2 and g.clans[0].figurines[2] == 2
    assert g.clans[0].hand == ["green"] and g.carried == {}


def test_a_figurine_without_a_card_gets_no_bonus_and_acts_once(new: Callable[..., GameState]) -> None:
    g = new()
    figs(g, 0, green=4, red=0)
    set_hand(g, 0, ["green", "green"])  # green fig in blue T4 may take green; so may the red one
    start(g)
    do(g, ChooseAction("move"), Figurine("red"), Card("green"))
    asked(g, "step")
    do(g, Step(1), Step(2))
    done(g)  # no card left: the green figurine is not offered, its bonus step never happens
    assert g.clans[0].figurines[:2] == [2, 4]

    g = new()
    figs(g, 0, green=4)
    set_hand(g, 0, ["blue", "green"])
    start(g)
    do(g, ChooseAction("move"), Figurine("green"), Card("blue"), Pass())
    do(g, Step(5), Step(6))  # one card + the bonus = two steps, then the move ends
    done(g)  # it has moved: the green card left cannot move it again
    assert g.clans[0].figurines[1] == 6 and g.clans[0].hand == ["green"]


def test_moving_into_the_centre_wins_when_the_portal_is_open(new: Callable[..., GameState]) -> None:
    g = new()
    g.places = [9, 12, 15, 18]
    figs(g, 0, green=1)
    figs(g, 1, red=0)
    set_hand(g, 0, ["green"])
    start(g)
    do(g, ChooseAction("move"), Figurine("green"))  # its one card is played at once
    asked(g, "step")
    do(g, Step(0))
    assert g.phase is Phase.OVER and g.result is Result.WON and g.end_reason == "portal_opened"
    assert g.stack == []


# ---------------------------------------------------------------------------- attack
def test_attack_rulebook_example(new: Callable[..., GameState], monkeypatch: pytest.MonkeyPatch) -> None:
    """A red figurine in a blue territory plays a red and a blue card: three dice, 1 2 5. One
    tribe could die, not the Spirit of Stone. For one population the 1 and the 2 are rolled
    again: 4 and 2, enough for the spirit (two dice of 4+). The red figurine cannot attack
    again. A green figurine in a red territory may play only red cards: one die."""
    g = new()
    figs(g, 0, red=4, green=7)
    set_hand(g, 0, ["red", "blue", "red", "green"])
    g.tribes[4], g.tribes[7] = 2, 1
    spirit(g, 4, EARTH)
    left = dice(monkeypatch, 1, 2, 5, 4, 2, 6)
    start(g)
    do(g, ChooseAction("attack"), Figurine("red"), Card("red"), Card("blue"), Pass())
    asked(g, "reroll")
    assert ancients.hit_options(g, 4, (1, 2, 5), ()) == [Hit("tribe")]
    assert opts(g) == [Reroll(0), Reroll(1), Reroll(2), Pass()]
    do(g, Reroll(0), Reroll(1))
    assert opts(g) == [Reroll(2), Roll(), Pass()]
    do(g, Roll())
    assert g.clans[0].population == 6
    assert ("reroll", 0, (0, 1), (4, 2, 5)) in g.log
    do(g, Pass())
    asked(g, "hit")
    assert opts(g) == [Hit("tribe"), Hit("Earth"), Pass()]
    do(g, Hit("Earth"))  # the 4 and the 5; the 2 destroys nothing
    assert g.spirits == [] and g.spirit_on == [] and sorted(g.spirit_deck) == [0, 1, 2]
    assert g.tribes[4] == 2
    asked(g, "figurine")
    assert opts(g) == [Figurine("green"), Pass()]  # the red figurine has attacked
    do(g, Figurine("green"))  # only red counts in the red territory: the red card is played
    asked(g, "reroll")
    assert opts(g) == [Reroll(0), Pass()]  # one die (no bonus for a green figurine)
    do(g, Pass(), Hit("tribe"))
    done(g)
    assert g.tribes[7] == 0 and list(left) == []
    assert g.clans[0].hand == ["green"]


def test_two_tribes_with_the_same_dice(
    new: Callable[..., GameState], monkeypatch: pytest.MonkeyPatch
) -> None:
    g = new()
    figs(g, 0, red=4)
    set_hand(g, 0, ["red", "blue"])
    g.tribes[4] = 2
    spirit(g, 4, EARTH)
    dice(monkeypatch, 4, 2, 5)
    start(g)
    do(g, ChooseAction("attack"), Figurine("red"), Card("red"), Card("blue"), Pass(), Hit("tribe"))
    assert opts(g) == [Hit("tribe"), Pass()]  # the 4 went on the tribe (M39), the 5 is left
    do(g, Hit("tribe"))
    done(g)
    assert g.tribes[4] == 0 and g.spirits == [4]


def test_spirits_need_their_dice_in_one_attack(
    new: Callable[..., GameState], monkeypatch: pytest.MonkeyPatch
) -> None:
    g = new()
    figs(g, 0, green=6)  # red T6: red cards only
    set_hand(g, 0, ["red", "red"])
    spirit(g, 6, WIND)
    spirit(g, 6, PROGENITORS)
    g.clans[0].population = -4
    dice(monkeypatch, 5, 4)
    start(g)
    do(g, ChooseAction("attack"), Figurine("green"), Card("red"))
    assert g.pending is None or g.pending.purpose != "reroll"  # M38: -4 is the floor
    assert g.stack == [] and len(g.spirits) == 2  # 5 and 4: Wind needs 5 5, Progenitors 4 4 4


def test_defence_discovery_raises_the_tribe_threshold(
    new: Callable[..., GameState], monkeypatch: pytest.MonkeyPatch
) -> None:
    g = new()
    g.discoveries = [D.discoveries.cards.index("defence_plus_1")]
    figs(g, 0, green=6)
    set_hand(g, 0, ["red"])
    g.tribes[6] = 1
    dice(monkeypatch, 4)
    start(g)
    do(g, ChooseAction("attack"), Figurine("green"), Pass())  # the 4 no longer destroys a tribe
    done(g)
    assert g.tribes[6] == 1
    assert ancients.tribe_threshold(g) == 5


# ---------------------------------------------------------------------------- population
def test_population_rulebook_example(new: Callable[..., GameState]) -> None:
    g = new()
    figs(g, 0, red=4, yellow=7)
    set_hand(g, 0, ["yellow", "blue", "red", "red"])
    start(g)
    do(g, ChooseAction("population"), Figurine("red"), Card("yellow"), Card("blue"))
    assert g.clans[0].population == 9  # red figurine in blue T4: +2
    do(g, Figurine("yellow"), Card("red"))
    assert g.clans[0].population == 12  # yellow figurine in red T7: two red cards + 1
    done(g)
    assert g.clans[0].on_field() == [0, 2]  # no new figurine before a generation change


# ---------------------------------------------------------------------------- development
def test_development_rulebook_example_marker_moves(new: Callable[..., GameState]) -> None:
    g = new()
    figs(g, 0, green=7, red=0)
    set_hand(g, 0, ["red", "blue"])
    start(g)
    do(g, ChooseAction("development"), Figurine("green"), Card("red"), Card("blue"))
    done(g)
    assert g.clans[0].degradation == 2


def test_development_rulebook_example_blue_figurine_reaches_the_closed_boxes(
    new: Callable[..., GameState],
) -> None:
    """M33: two figurines on the field open boxes 1-2. The marker is on 1; a blue figurine on a
    blue territory plays one blue card: two points, the first reaches box 2 (the closed boxes
    start at 3), the second takes an adaptation card from the market (not refilled now)."""
    g = new()
    figs(g, 0, blue=4, yellow=0)
    g.clans[0].degradation = 1
    pool = g.market + g.adaptation_deck
    g.market = [0, 8, 10, 4]  # extra:red, wild, draw3, double:red
    g.adaptation_deck = [i for i in pool if i not in g.market]
    set_hand(g, 0, ["blue"])
    start(g)
    do(g, ChooseAction("development"), Figurine("blue"))
    asked(g, "adapt")
    assert g.clans[0].degradation == 2
    assert opts(g) == [
        Adapt("extra:red"),
        Adapt("wild"),
        Adapt("draw3"),
        Adapt("double:red"),
        Adapt("deck"),
        Pass(),
    ]
    do(g, Adapt("wild"))
    asked(g, "figurine")  # the wild could develop with the yellow figurine at once
    do(g, Pass())
    done(g)
    assert g.clans[0].hand == ["wild"] and g.market == [0, 10, 4]


def test_development_from_the_deck_and_declining(new: Callable[..., GameState]) -> None:
    g = new()
    figs(g, 0, blue=4)
    g.clans[0].degradation = 1  # one figurine on the field: already at the last open box
    set_hand(g, 0, ["blue", "blue"])
    g.market, g.adaptation_deck = [0, 1, 2, 3], [4, 5, 6, 7, 8, 9, 11, 10]  # the top: a draw3
    top = g.adaptation_deck[-1]
    start(g)
    do(g, ChooseAction("development"), Figurine("blue"), Card("blue"))  # 2 cards + bonus = 3 cards
    do(g, Adapt("deck"), Pass())
    asked(g, "adapt")
    do(g, Pass())
    asked(g, "figurine")  # the draw3 could be played
    assert opts(g) == [Card("draw3"), Pass()]
    do(g, Pass())
    done(g)
    assert g.clans[0].hand == [standin().adaptation_names[top]] and g.clans[0].degradation == 1


# ---------------------------------------------------------------------------- ally assistance
def test_ally_assistance_rulebook_example(
    new: Callable[..., GameState], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The red figurine attacks in blue T4 with a red and a blue card (three dice). A Cats
    figurine in the adjacent T3 adds red cards only (a die each), its red bonus does not count.
    A clan far away is not asked."""
    g = new(players=3)
    figs(g, 0, red=4)
    figs(g, 1, red=3)
    figs(g, 2, red=18)
    set_hand(g, 0, ["red", "blue"])
    set_hand(g, 1, ["red", "red", "blue", "wild"])
    set_hand(g, 2, ["red"])
    g.tribes[4] = 5
    dice(monkeypatch, 1, 1, 1, 1, 1)
    start(g)
    do(g, ChooseAction("attack"), Figurine("red"), Card("red"), Card("blue"))
    asked(g, "assist", seat=1)
    assert opts(g) == [Card("red"), Card("wild"), Pass()]  # not blue: the action's colour only
    do(g, Card("red"), Card("red"), Pass())
    asked(g, "reroll")
    assert len(g.stack[-2].v["dice"]) == 5  # 2 cards + the red bonus + 2 ally cards
    do(g, Pass())
    done(g)
    assert g.clans[1].hand == ["blue", "wild"] and g.clans[1].discard == ["red", "red"]
    assert g.clans[2].hand == ["red"]


def test_allies_need_a_card_of_the_active_clan_and_add_to_any_action(new: Callable[..., GameState]) -> None:
    g = new(players=2)
    figs(g, 0, yellow=2)
    figs(g, 1, green=2)
    set_hand(g, 0, ["yellow"])
    set_hand(g, 1, ["yellow", "double:yellow"])
    start(g)
    do(g, ChooseAction("population"), Figurine("yellow"))  # the clan's only card is played: no pass before it
    asked(g, "assist", seat=1)
    do(g, Card("double:yellow"), Card("yellow"))
    done(g)
    assert g.clans[0].population == 7 + 1 + 1 + 3
    assert g.clans[1].population == 7


def test_allies_add_steps_and_ask_in_seat_order(new: Callable[..., GameState]) -> None:
    g = new(players=4)
    figs(g, 2, green=1)
    figs(g, 3, green=0)
    figs(g, 0, red=1)
    figs(g, 1, red=10)
    for s in range(4):
        set_hand(g, s, ["green"])
    start(g, seat=2)
    do(g, ChooseAction("move"), Figurine("green"))
    asked(g, "assist", seat=3)  # M34: from the clan after the active one
    do(g, Card("green"))
    asked(g, "assist", seat=0)
    do(g, Pass())
    asked(g, "assist", seat=1)
    do(g, Card("green"))
    asked(g, "step", seat=2)
    do(g, Step(2), Step(3), Step(4), Step(5))  # 1 card + bonus + 2 ally cards
    done(g)
    assert g.clans[2].figurines[1] == 5


# ---------------------------------------------------------------------------- adaptation cards
def test_wild_and_double_cards(new: Callable[..., GameState]) -> None:
    g = new()
    figs(g, 0, red=0, green=0)
    set_hand(g, 0, ["wild", "double:green", "double:red"])
    start(g)
    do(g, ChooseAction("move"), Figurine("green"))
    assert opts(g) == [Card("double:green"), Card("wild")]
    do(g, Card("double:green"), Pass())
    do(g, Step(1), Step(2), Step(3))  # two cards + bonus
    asked(g, "figurine")
    do(g, Figurine("red"))  # the wild is played (double:red is no move card)
    do(g, Step(5))
    done(g)
    assert g.clans[0].figurines[:2] == [5, 3] and g.clans[0].hand == ["double:red"]


def test_extra_card_played_as_its_colour(
    new: Callable[..., GameState], monkeypatch: pytest.MonkeyPatch
) -> None:
    g = new()
    figs(g, 0, green=6)
    set_hand(g, 0, ["extra:red", "blue"])
    g.tribes[6] = 1
    dice(monkeypatch, 6)
    start(g)
    do(g, ChooseAction("attack"), Figurine("green"))  # extra:red is the one card that attacks from red T6
    asked(g, "reroll")
    do(g, Pass(), Hit("tribe"))
    done(g)
    assert g.clans[0].discard == ["extra:red"] and g.tribes[6] == 0


def test_extra_card_discarded_for_a_second_different_action(
    new: Callable[..., GameState], monkeypatch: pytest.MonkeyPatch
) -> None:
    g = new()
    figs(g, 0, green=0)
    set_hand(g, 0, ["green", "red", "extra:yellow"])
    g.tribes[2] = 1
    dice(monkeypatch, 5)
    start(g)
    do(g, ChooseAction("move"), Figurine("green"), Step(2))  # one card (+ bonus): T2
    asked(g, "step")
    do(g, Pass())
    asked(g, "extra")
    assert opts(g) == [Card("extra:yellow"), Pass()]
    do(g, Card("extra:yellow"))
    asked(g, "action")
    assert ChooseAction("move") not in opts(g)  # M43
    do(g, ChooseAction("attack"), Figurine("green"))  # the figurine that moved may attack (M45)
    do(g, Pass(), Hit("tribe"))
    done(g)
    assert g.tribes[2] == 0 and g.clans[0].discard == ["green", "extra:yellow", "red"]


def test_extra_card_not_offered_without_another_action(new: Callable[..., GameState]) -> None:
    g = new()
    figs(g, 0, green=0)
    set_hand(g, 0, ["green", "extra:red"])
    start(g)
    do(g, ChooseAction("move"), Figurine("green"), Step(1), Pass())
    done(g)  # extra:red could only attack, and there is nothing to attack
    assert g.clans[0].hand == ["extra:red"]


def test_draw3_at_the_action_choice_and_during_a_figurine(new: Callable[..., GameState]) -> None:
    g = new()
    figs(g, 0, yellow=0)
    set_hand(g, 0, ["draw3", "draw3", "yellow"])
    g.clans[0].deck.sort()  # blue x3, green x3, red x3, yellow x2: the top is the end
    start(g)
    asked(g, "action")
    assert Card("draw3") in opts(g)
    do(g, Card("draw3"))
    asked(g, "action")
    assert sorted(g.clans[0].hand) == ["draw3", "red", "yellow", "yellow", "yellow"]
    do(g, ChooseAction("population"), Figurine("yellow"))
    assert opts(g) == [Card("yellow"), Card("draw3")]
    do(g, Card("yellow"), Card("draw3"))  # M44: at any card decision
    assert sorted(g.clans[0].hand) == ["green", "red", "red", "red", "yellow", "yellow"]
    do(g, Card("yellow"), Pass())
    done(g)
    assert g.clans[0].population == 7 + 2 + 1
    assert g.clans[0].discard == ["draw3", "yellow", "draw3", "yellow"]


def test_draw3_may_change_the_generation(new: Callable[..., GameState]) -> None:
    g = new()
    figs(g, 0, yellow=0, red=0)
    set_hand(g, 0, ["draw3", "yellow"])
    clan = g.clans[0]
    clan.discard, clan.deck = clan.deck[1:], clan.deck[:1]  # one card left in the deck
    start(g)
    seen: list[tuple[Any, ...]] = []
    do(g, Card("draw3"))
    seen += g.log
    while g.pending is not None and g.pending.purpose != "action":
        do(g, Pass() if g.pending.can_pass else opts(g)[0])
        seen += g.log
    assert any(e[0] == "generation" for e in seen)
    assert len(clan.hand) == 4  # the yellow card and three drawn across the generation change
    asked(g, "action")


# ---------------------------------------------------------------------------- degradation
def test_degradation_action_with_allies_of_neighbouring_regions(new: Callable[..., GameState]) -> None:
    g = new(players=4)
    figs(g, 0, red=2)  # north
    figs(g, 1, red=3)  # east: neighbours the north
    figs(g, 2, red=16)  # south: does not neighbour the north
    figs(g, 3, red=0)  # the centre borders every region (M35)
    set_hand(g, 0, ["degradation", "degradation", "red"])
    set_hand(g, 1, ["degradation", "red"])
    set_hand(g, 2, ["degradation"])
    set_hand(g, 3, ["degradation"])
    start(g)
    do(g, ChooseAction("degradation"))  # the first one is played at once (M49)
    asked(g, "degradation")
    assert opts(g) == [Card("degradation"), Pass()]
    do(g, Card("degradation"))
    asked(g, "assist", seat=1)
    do(g, Card("degradation"))
    asked(g, "assist", seat=3)
    do(g, Pass())
    done(g)
    assert g.clans[0].hand == ["red"] and g.clans[0].discard == ["degradation", "degradation"]
    assert g.clans[1].discard == ["degradation"] and g.clans[2].hand == ["degradation"]
    assert g.clans[3].hand == ["degradation"]


# ---------------------------------------------------------------------------- places of power
def with_fragments(g: GameState, *extra: Fragment) -> None:
    """The game goes on with its data set plus these portal fragments (not yet in its row): its
    configuration carries the data, as a game given another data file does."""
    d = g.data
    portal = msgspec.structs.replace(d.portal, fragments=(*d.portal.fragments, *extra))
    g.config = msgspec.structs.replace(g.config, data=msgspec.structs.replace(d, portal=portal))
    g.tables = tables_of(g.config)
    g.data = g.tables.data


def rulebook_portal(monkeypatch: pytest.MonkeyPatch, g: GameState) -> None:
    """Open fragments whose line 0 asks a sun shard in a yellow northern territory."""
    with_fragments(
        g,
        Fragment(101, (Cell(shard="sun"), Cell(shard="moon"), Cell(shard="star"), Cell(shard="wave"))),
        Fragment(102, (Cell(region="N"), Cell(region="E"), Cell(region="S"), Cell(region="W"))),
        Fragment(103, tuple(Cell(color=c) for c in ("yellow", "green", "blue", "red"))),  # type: ignore[arg-type]
    )
    g.portal = [101, 102, 103, *g.portal]
    g.portal_open = 3


def test_activate_rulebook_example(new: Callable[..., GameState], monkeypatch: pytest.MonkeyPatch) -> None:
    """Line 0 asks for the yellow northern territory (T2). One place is already active, so two
    cards: a blue and one of the territory's colour. The shard it asked for is discarded, the
    others stay."""
    g = new()
    rulebook_portal(monkeypatch, g)
    g.places[1] = 13
    figs(g, 0, red=2, green=0)
    set_hand(g, 0, ["blue", "yellow", "green"])
    sun, moon = shard(g, 2, "sun"), shard(g, 2, "moon")
    closed = shard(g, 2, "sun", face_up=False)
    start(g)
    asked(g, "action")
    assert ChooseAction("activate") in opts(g)
    do(g, ChooseAction("activate"), Figurine("red"))  # one line: chosen at once
    asked(g, "card")
    assert opts(g) == [Card("blue"), Card("yellow")]
    do(g, Card("blue"), Card("yellow"))
    done(g)
    assert g.places == [2, 13, -1, -1]
    assert g.shard_at[sun] == -1 and g.shard_at[moon] == 2 and g.shard_at[closed] == 2
    assert g.clans[0].hand == ["green"] and g.clans[0].discard == ["blue", "yellow"]
    assert ("place_of_power", 0, 0, 2, ("sun",)) in g.log


def test_activation_needs_every_shard_face_up_and_never_the_centre(
    new: Callable[..., GameState], monkeypatch: pytest.MonkeyPatch
) -> None:
    g = new()
    rulebook_portal(monkeypatch, g)
    figs(g, 0, red=2, blue=0)
    set_hand(g, 0, ["blue", "blue"])
    shard(g, 2, "sun", face_up=False)
    shard(g, 0, "sun")
    assert ancients.activation_lines(g, 0, 2, ["blue"]) == []
    assert ancients.activation_lines(g, 0, 0, ["blue"]) == []
    shard(g, 1, "sun")  # T1 is green: line 0 asks for yellow
    assert ancients.activation_lines(g, 0, 1, ["blue"]) == []
    shard(g, 2, "sun")
    assert ancients.activation_lines(g, 0, 2, ["blue"]) == [0]
    g.places[3] = 2  # M37: one place per territory
    assert ancients.activation_lines(g, 0, 2, ["blue"]) == []


def test_activation_with_the_standard_track_counts_shards_as_a_multiset(
    new: Callable[..., GameState],
) -> None:
    g = new()
    g.portal = [1, 2, 3, 4, 5, 6, 7, 8]
    g.portal_open = 4  # line 2 asks wave, sun, moon, star (one each)
    figs(g, 0, green=12)
    set_hand(g, 0, ["blue"])
    for kind in ("wave", "sun", "moon"):
        shard(g, 12, kind)
    assert ancients.activation_lines(g, 0, 12, ["blue"]) == []
    shard(g, 12, "star")
    assert ancients.activation_lines(g, 0, 12, ["blue"]) == [0, 1, 2, 3]
    g.portal[:5] = [1, 1, 2, 3, 4]  # a repeated fragment asks two moons on line 0
    g.portal_open = 5
    assert 0 not in ancients.activation_lines(g, 0, 12, ["blue"])
    shard(g, 12, "moon")
    assert 0 in ancients.activation_lines(g, 0, 12, ["blue"])


def test_the_fourth_place_of_power_with_every_clan_in_the_centre_wins(
    new: Callable[..., GameState], monkeypatch: pytest.MonkeyPatch
) -> None:
    g = new()
    rulebook_portal(monkeypatch, g)
    g.places = [-1, 13, 16, 19]
    figs(g, 0, red=2, green=0)
    figs(g, 1, blue=0)
    set_hand(g, 0, ["blue", "blue", "yellow", "double:blue"])
    shard(g, 2, "sun")
    start(g)
    do(
        g, ChooseAction("activate"), Figurine("red"), Card("double:blue"), Card("blue"), Card("yellow")
    )  # 4 cards
    assert g.places == [2, 13, 16, 19]
    assert g.phase is Phase.OVER and g.result is Result.WON and g.end_reason == "portal_opened"


def test_no_win_while_a_clan_is_missing_from_the_centre(
    new: Callable[..., GameState], monkeypatch: pytest.MonkeyPatch
) -> None:
    g = new()
    rulebook_portal(monkeypatch, g)
    g.places = [-1, 13, 16, 19]
    figs(g, 0, red=2, green=0)
    figs(g, 1, blue=1)
    set_hand(g, 0, ["blue", "blue", "yellow", "double:blue"])
    shard(g, 2, "sun")
    start(g)
    do(g, ChooseAction("activate"), Figurine("red"), Card("double:blue"), Card("blue"), Card("yellow"))
    done(g)
    assert g.places[0] == 2 and g.phase is Phase.PLAY


def test_allies_help_pay_for_a_place_of_power(
    new: Callable[..., GameState], monkeypatch: pytest.MonkeyPatch
) -> None:
    for helps in (True, False):
        g = new()
        rulebook_portal(monkeypatch, g)
        g.places[1] = 13
        figs(g, 0, red=2)
        figs(g, 1, green=1)
        set_hand(g, 0, ["blue"])
        set_hand(g, 1, ["blue", "yellow"])
        shard(g, 2, "sun")
        start(g)
        do(g, ChooseAction("activate"), Figurine("red"))
        asked(g, "assist", seat=1)
        assert opts(g) == [Card("blue"), Pass()]  # the action's colour (not the territory's)
        do(g, Card("blue") if helps else Pass())
        done(g)
        if helps:
            assert g.places[0] == 2 and g.clans[1].hand == ["yellow"]
        else:  # M36: short of the cost, nothing happens and the cards go back
            assert g.places[0] == -1 and g.clans[0].hand == ["blue"] and g.clans[0].discard == []


# ---------------------------------------------------------------------------- saved mid-action
def test_a_state_saved_mid_action_resumes(
    new: Callable[..., GameState], monkeypatch: pytest.MonkeyPatch
) -> None:
    g = new()
    figs(g, 0, red=4)
    set_hand(g, 0, ["red", "blue"])
    g.tribes[4] = 1
    dice(monkeypatch, 1, 2, 6, 5)
    start(g)
    do(g, ChooseAction("attack"), Figurine("red"), Card("red"), Card("blue"), Reroll(0))
    copy = type(g).from_dict(g.to_dict())
    assert copy.digest() == g.digest()
    do(copy, Roll(), Pass(), Hit("tribe"))
    done(copy)
    assert copy.tribes[4] == 0 and copy.clans[0].population == 6


def test_the_clan_chooses_among_several_lines(new: Callable[..., GameState]) -> None:
    g = new()
    g.portal = [1, 2, 3, 4, 5, 6, 7, 8]
    g.portal_open = 2  # line 0: moon + star; line 1: star + wave; line 2: wave + sun; line 3: sun + moon
    figs(g, 0, green=12)
    set_hand(g, 0, ["blue", "red"])
    star, wave, sun = shard(g, 12, "star"), shard(g, 12, "wave"), shard(g, 12, "sun")
    start(g)
    do(g, ChooseAction("activate"), Figurine("green"))
    asked(g, "line")
    assert opts(g) == [Line(1), Line(2)]
    do(g, Line(2))  # one card: blue or red (T12 is red)
    asked(g, "card")
    assert opts(g) == [Card("blue"), Card("red")]
    do(g, Card("red"))
    done(g)
    assert g.places == [-1, -1, 12, -1] and g.shard_at[wave] == g.shard_at[sun] == -1
    assert g.shard_at[star] == 12


def test_a_generation_change_that_takes_the_figurine_undoes_its_play(new: Callable[..., GameState]) -> None:
    """M44: a draw3 played on a figurine changes the generation; the population (3) supports one
    figurine and the clan removes this one: its card comes back and it has not acted."""
    g = new()
    figs(g, 0, yellow=0, red=4)
    g.clans[0].population = 3
    set_hand(g, 0, ["yellow", "draw3"])
    clan = g.clans[0]
    clan.discard, clan.deck = clan.deck[1:], clan.deck[:1]
    start(g)
    do(g, ChooseAction("population"), Figurine("red"), Card("yellow"), Card("draw3"))
    seen: list[tuple[Any, ...]] = list(g.log)
    asked(g, "remove")
    do(g, Remove("red"))
    seen += g.log
    while g.pending is not None and g.pending.purpose == "swap":
        do(g, Pass())
        seen += g.log
    assert ("take_back", 0, "yellow") in seen
    asked(g, "figurine")
    assert Figurine("yellow") in opts(g) and clan.acted == []
    assert clan.population == 3 and clan.hand.count("yellow") >= 1
    assert check_invariants(g) == []


def test_the_phase_can_be_observed_and_saved_mid_action(new: Callable[..., GameState]) -> None:
    import msgspec

    from altay_cli.engine.mammothodus.observe import observe

    g = new(players=2)
    figs(g, 0, green=1)
    figs(g, 1, green=2)
    set_hand(g, 0, ["green"])
    set_hand(g, 1, ["green"])
    start(g)
    do(g, ChooseAction("move"), Figurine("green"))
    asked(g, "assist", seat=1)
    view = observe(g, 1)
    assert view.decision is not None and view.decision.seat == 1
    assert any(p.routine == "ancients_figurine" for p in view.progress)
    msgspec.json.encode(view)
    again = type(g).from_dict(msgspec.json.decode(msgspec.json.encode(g.to_dict())))
    assert again.digest() == g.digest()
