"""The engines' fast paths say exactly what the plain code they replace says.

Mammothodus's observation groups shards, spirits and figurines by territory in one pass each,
reads the portal's cells from its tables and finds the routines in progress in one pass over the
stack: its territories, portal and in-progress fields are checked, byte for byte, against the
plain per-territory scan, the data's cells and the plain stack walk written out here. Altay
keeps each pool's Buy actions and each holding's attack card sets,
Innovation reads a player's score and highest top card once for every achievement, and
Mammothodus counts a hand's points from a table: each is checked against the uncached rule at
every decision. Innovation's observation skips the supply piles nobody knows a card of and sorts
a hidden zone without known titles by age alone: checked against the plain scans. Seeded random
games of fixed sizes (with and without Mammothodus's advanced rules); a few seconds."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from altay_cli.engine import load_game
from altay_cli.engine.altay import legal as altay_legal
from altay_cli.engine.altay.actions import Attack, Buy
from altay_cli.engine.altay.data import ATK_OF, KINDS
from altay_cli.engine.innovation import observation as iobs
from altay_cli.engine.innovation import observe as iobserve
from altay_cli.engine.innovation.actions import Achieve
from altay_cli.engine.innovation.machine import can_achieve
from altay_cli.engine.innovation.state import Phase as InnovationPhase
from altay_cli.engine.innovation.tables import AGE, NAME
from altay_cli.engine.innovation.tables import COLORS as COLORS_I
from altay_cli.engine.innovation.tables import COUNTED_ICON_NAMES as ICON_NAMES_I
from altay_cli.engine.innovation.tables import REAL_ICONS as REAL_ICONS_I
from altay_cli.engine.innovation.tables import SPLAYS as SPLAYS_I
from altay_cli.engine.mammothodus import ancients
from altay_cli.engine.mammothodus import observation as mobs
from altay_cli.engine.mammothodus import observe as mobserve
from altay_cli.engine.mammothodus.data import COLOR_NAME
from altay_cli.engine.mammothodus.frames import Frame
from altay_cli.engine.mammothodus.state import COLORS, OFF

ENCODE = msgspec.json.encode


def _walk(name: str, players: int, seed: int, options: dict[str, Any] | None = None) -> Iterator[Any]:
    """Every state of a seeded random game of `name` (at most 300 decisions)."""
    game = load_game(name)
    state = game.new_state(game.make_config(players, seed, options))
    rng = random.Random(seed)
    for _ in range(300):
        yield state
        if state.is_terminal:
            return
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def _plain_territories(g: Any) -> list[mobs.TerritoryView]:
    """The territories as the observation built them before: one scan of every shard, spirit and
    figurine for each territory."""
    d = g.data
    tables = g.tables
    out = []
    for t in d.map.territories:
        tid = t.id
        shards = [i for i, where in enumerate(g.shard_at) if where == tid]
        out.append(
            mobs.TerritoryView(
                id=tid,
                region=t.region,
                color=None if t.color is None else COLOR_NAME[t.color],
                tribes=g.tribes[tid],
                spirits=[tables.spirits[g.spirit_on[i]].name for i, w in enumerate(g.spirits) if w == tid],
                ancients=[
                    mobs.FigurineView(s, COLORS[k], mobserve.carried_type(g, s, k))
                    for s, clan in enumerate(g.clans)
                    for k, where in enumerate(clan.figurines)
                    if where == tid and where != OFF
                ],
                open_shards=sorted(d.shards.types[g.shard_type[i]] for i in shards if g.shard_open[i]),
                closed_shards=sum(1 for i in shards if not g.shard_open[i]),
                trail=tid in g.trails,
                place=g.places.index(tid) if tid in g.places else None,
                talents=[mobs.TokenView(o, tables.talent_names[g.talent_of[o]]) for o in g.talents[tid]]
                if g.config.talents
                else [],
                protected=g.config.talents and tid in g.protected,
            )
        )
    return out


def _plain_portal(g: Any) -> list[mobs.FragmentView]:
    """The face-up fragments as the observation built them before, from the data's cells."""
    return [
        mobs.FragmentView(
            fid,
            [
                mobs.CellView(c.shard, c.region, None if c.color is None else COLOR_NAME[c.color])
                for c in g.tables.fragments[fid].lines
            ],
        )
        for fid in g.portal[: g.portal_open]
    ]


def _plain_frame(g: Any, kind: str) -> Frame | None:
    for e in reversed(g.stack):
        if isinstance(e, Frame) and e.kind == kind:
            return e
    return None


def test_mammothodus_observation_is_the_plain_scan_byte_for_byte() -> None:
    seen_talents = seen_progress = 0
    advanced = {"talents": True, "discoveries": True}
    # seeds 5 and 9 put two kinds of open shard in one territory
    for seed, players, options in ((1, 2, None), (5, 4, advanced), (9, 2, advanced), (3, 3, None)):
        for g in _walk("mammothodus", players, seed, options):
            for seat in (0, players - 1, mobs.SPECTATOR):
                obs = mobserve.observe(g, seat)
                assert ENCODE(obs.territories) == ENCODE(_plain_territories(g))
                assert ENCODE(obs.portal_open) == ENCODE(_plain_portal(g))
                ancients_frame = _plain_frame(g, "ancients")
                done = list(ancients_frame.v.get("done", ())) if ancients_frame is not None else []
                assert obs.actions_taken == done
                # the in-progress fields from the one-pass lookup are those the helpers find alone
                assert ENCODE(obs.playing) == ENCODE(mobserve.playing(g))
                assert ENCODE(obs.moving) == ENCODE(mobserve.moving(g))
                assert ENCODE(obs.attack) == ENCODE(mobserve.attack_roll(g))
                assert ENCODE(obs.humans) == ENCODE(mobserve.human_phase(g))
                assert ENCODE(obs.generation) == ENCODE(mobserve.generation_change(g))
                assert ENCODE(obs.token_placement) == ENCODE(mobserve.token_placement(g))
            seen_talents += any(g.talents[t] for t in range(len(g.talents))) if g.talents else 0
            seen_progress += any(isinstance(e, Frame) and e.kind == "ancients_move" for e in g.stack)
    assert seen_talents and seen_progress, "the games reach talent tokens and a move in progress"


def test_mammothodus_points_are_the_sum_of_card_values() -> None:
    hands = 0
    for g in _walk("mammothodus", 3, 5, {"talents": True}):
        for clan in g.clans:
            for colors in (("red",), ("green", "blue"), ("yellow", "red"), ("blue",)):
                assert ancients.points(clan.hand, colors) == sum(
                    ancients.card_value(c, colors) for c in clan.hand
                )
                hands += 1
    assert hands > 100


def test_altay_cached_buys_and_attacks_are_the_rules_own(monkeypatch: pytest.MonkeyPatch) -> None:
    def plain_buys(title: int, kind: int, pool: list[int]) -> tuple[Buy, ...]:
        cost = KINDS[kind].cost
        assert cost is not None
        return tuple(Buy(altay_legal._TITLE_NAMES[title], pay) for pay in altay_legal.payments(cost, pool))

    def plain_attacks(combat: tuple[tuple[int, int], ...]) -> list[tuple[tuple[str, ...], int]]:
        return altay_legal.card_multisets(list(combat), None, ATK_OF)

    buys = attacks = 0
    for seed, players in ((1, 2), (2, 4), (3, 3)):
        for g in _walk("altay", players, seed):
            legal = g.legal_actions()
            with monkeypatch.context() as m:
                m.setattr(altay_legal, "_buys", plain_buys)
                m.setattr(altay_legal, "_attack_options", plain_attacks)
                assert ENCODE(altay_legal.generate_legal(g)) == ENCODE(legal)
            buys += any(isinstance(a, Buy) for a in legal)
            attacks += any(isinstance(a, Attack) for a in legal)
    assert buys > 20 and attacks > 5, "the games buy cards and attack"


def test_innovation_achievements_offered_are_can_achieve() -> None:
    offered = 0
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        for g in _walk("innovation", players, seed):
            if g.stack or g.is_terminal or g.phase is InnovationPhase.FIRST_MELD:
                continue
            plain = [
                Achieve(AGE[c])
                for c in sorted(g.available, key=AGE.__getitem__)
                if can_achieve(g, g.active, AGE[c])
            ]
            got = [a for a in g.legal_actions() if isinstance(a, Achieve)]
            assert got == plain
            offered += bool(got)
    assert offered > 0, "the games offer an achievement"


def _plain_refs(g: Any, cards: list[int], sight: int, own: bool) -> list[iobs.CardRef]:
    """A hidden zone as the observation built it before: one sort key per card, known or not."""
    if own:
        return [iobs.CardRef(AGE[c], NAME[c]) for c in sorted(cards)]
    seen = [g.known[c] & sight == sight for c in cards]
    keys = sorted((AGE[c], "" if s else "~", NAME[c] if s else "") for c, s in zip(cards, seen, strict=True))
    return [iobs.CardRef(a, name or None) for a, _, name in keys]


def _plain_supply_known(g: Any, sight: int) -> list[iobs.KnownSupplyCard]:
    """The supply cards these eyes know, as the observation found them before: every pile scanned."""
    out = []
    for age in range(1, 11):
        pile = g.supply[age]
        found = [(len(pile) - 1 - i, c) for i, c in enumerate(pile) if g.known[c] & sight == sight]
        out += [iobs.KnownSupplyCard(age, depth, NAME[c]) for depth, c in sorted(found)]
    return out


def test_innovation_observation_is_the_plain_scan_byte_for_byte() -> None:
    """Innovation's observation skips a supply pile nobody knows a card of, sorts a hidden zone
    with no known title by age alone and names piles and icons through tables: the same bytes as
    the plain scans, and the games reach known titles in hidden zones and in the supply."""
    known_hidden = known_supply = 0
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 2)):
        for g in _walk("innovation", players, seed):
            for seat in (0, players - 1, iobs.SPECTATOR):
                sight = 1 << seat if seat >= 0 else g.all
                obs = iobserve.observe(g, seat)
                supply = _plain_supply_known(g, sight)
                assert ENCODE(obs.supply_known) == ENCODE(supply)
                known_supply += bool(supply)
                for p, pl in enumerate(g.players):
                    view = obs.players[p]
                    for zone, cards in ((view.hand, pl.hand), (view.score_pile, pl.score)):
                        plain = _plain_refs(g, cards, sight, p == seat)
                        assert ENCODE(zone) == ENCODE(plain)
                        known_hidden += p != seat and any(r.card is not None for r in plain)
                    assert view.score == pl.score_total()
                    assert ENCODE(view.board) == ENCODE(
                        [
                            iobs.Pile(COLORS_I[k], SPLAYS_I[pl.splay[k]], [NAME[c] for c in pl.piles[k]])
                            for k in range(5)
                        ]
                    )
                    counts = pl.icon_counts()
                    assert ENCODE(view.icons) == ENCODE({ICON_NAMES_I[i]: counts[i] for i in REAL_ICONS_I})
    assert known_hidden and known_supply, "the games reach known titles in hidden zones and the supply"
