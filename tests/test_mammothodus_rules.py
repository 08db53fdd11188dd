"""Mammothodus: the rows of RULES.md that no other test pinned (issue 23), each on a position
built by hand on the stand-in map (M2, M3: T3 is yellow, T4 blue, adjacent; the initial trails
are 10, 13, 16, 19) or on a real set-up. A second in all."""

from __future__ import annotations

import pytest

from altay_cli.engine.mammothodus import machine, ops
from altay_cli.engine.mammothodus.actions import Card, ChooseAction, Figurine, Pass, Start
from altay_cli.engine.mammothodus.data import load
from altay_cli.engine.mammothodus.frames import Frame
from altay_cli.engine.mammothodus.invariants import check_invariants
from altay_cli.engine.mammothodus.state import COLORS, OFF, GameState, MammothodusConfig, Phase

D = load()
RED, BLUE = COLORS.index("red"), COLORS.index("blue")


def _quiet_begin(g: GameState) -> None:
    g.phase, g.active, g.turn = Phase.PLAY, g.first, 1


def field(monkeypatch: pytest.MonkeyPatch, players: int = 2) -> GameState:
    """A game past its set-up, the first turn not started, with no tribe and no figurine on the
    field (the figurines wait on the degradation track)."""
    machine.load_rules()
    monkeypatch.setattr(machine, "_begin", _quiet_begin)
    g = machine.new_game(MammothodusConfig(players=players, seed=11))
    for _ in range(players):
        machine.apply(g, Start(("red", "green")))
    g.tribes = [0] * len(g.tribes)
    for clan in g.clans:
        clan.figurines = [OFF] * 4
    return g


def hold(g: GameState, seat: int, cards: list[str]) -> None:
    """The clan's hand becomes `cards`, taken from its own deck (every card stays accounted for)."""
    clan = g.clans[seat]
    clan.deck += clan.hand
    clan.hand = []
    for card in cards:
        clan.deck.remove(card)
        clan.hand.append(card)


def run(g: GameState, routine: str, seat: int) -> None:
    """Push one routine for clan `seat` and run it to its first decision."""
    g.active = seat
    g._legal = None
    g.stack = [Frame(routine, seat)]
    machine._run(g)


def test_set_up_puts_each_clan_at_population_seven_and_marker_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rulebook's preparation: each clan's population marker on 7, its degradation marker on
    0, four cards in hand; two figurines (of its choice) in the centre, the others on the
    degradation track; the advanced parts stay in the box unless asked for."""
    monkeypatch.setattr(machine, "_begin", _quiet_begin)
    g = machine.new_game(MammothodusConfig(players=3, seed=4))
    assert g.phase is Phase.SETUP
    for clan in g.clans:
        assert (clan.population, clan.degradation, len(clan.hand)) == (7, 0, 4)
        assert clan.figurines == [OFF] * 4  # none placed before the clan chooses
    for _ in range(3):
        machine.apply(g, Start(("red", "blue")))
    centre = g.tables.centre
    for clan in g.clans:
        assert clan.figurines == [centre, OFF, OFF, centre]
        assert g.tables.figurines_for(clan.population) == len(clan.on_field()) == 2  # M12: 7 -> 2
    assert g.discovery_deck == [] and g.discoveries == [] and g.talents == []
    advanced = machine.new_game(MammothodusConfig(players=3, seed=4, discoveries=True, talents=True))
    assert sorted(advanced.discovery_deck) == list(range(len(D.discoveries.cards)))
    assert len(advanced.talents) == len(g.tribes)


def test_lost_population_takes_no_figurine_off_the_field(monkeypatch: pytest.MonkeyPatch) -> None:
    """Losing population never takes a figurine off the field (only a generation change does):
    four tribes attack two figurines in yellow T3 (eight population, 7 down to -1); both
    figurines stay, and no generation change happened to take them."""
    g = field(monkeypatch)
    clan = g.clans[0]
    clan.figurines[RED] = clan.figurines[BLUE] = 3
    g.tribes[3] = 4
    g.human_deck.remove("yellow")
    g.human_deck.append("yellow")  # on top
    run(g, "humans", 0)
    assert not g.stack and g.phase is Phase.PLAY
    assert clan.population == -1 and ("tribe_attack", 3, 4, 0) in g.log
    assert clan.figurines == [3, OFF, OFF, 3]
    assert not any(entry[0] == "generation" for entry in g.log)
    assert check_invariants(g) == []


def test_an_ally_refills_its_hand_only_at_the_end_of_its_own_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cards an ally gives are made up only when the ally's own turn ends: clan 1 gives a red card
    to clan 0's attack; clan 0's end of turn refills clan 0's hand only, and clan 1 is back to
    four cards at the end of its own turn."""
    g = field(monkeypatch)
    g.clans[0].figurines[RED] = 4  # blue T4
    g.clans[1].figurines[RED] = 3  # yellow T3, next to it
    g.tribes[4] = 1
    hold(g, 0, ["red", "blue", "green"])
    hold(g, 1, ["red", "green", "green", "yellow"])
    monkeypatch.setattr(ops, "roll", lambda g: 1)  # no hit: the attack changes nothing else
    run(g, "ancients", 0)
    for answer in (ChooseAction("attack"), Figurine("red"), Card("red"), Card("blue")):
        machine.apply(g, answer)
    assert g.pending is not None and (g.pending.purpose, g.pending.seat) == ("assist", 1)
    machine.apply(g, Card("red"))
    while g.stack:
        machine.apply(g, Pass())
    assert g.clans[1].hand == ["green", "green", "yellow"] and g.clans[1].discard == ["red"]
    run(g, "end_turn", 0)
    machine.apply(g, Pass())  # clan 0 discards nothing
    assert not g.stack and len(g.clans[0].hand) == 4
    assert g.clans[1].hand == ["green", "green", "yellow"]  # the ally is still one short
    run(g, "end_turn", 1)
    machine.apply(g, Pass())
    assert not g.stack and len(g.clans[1].hand) == 4
    assert check_invariants(g) == []
