"""`observation(seat)`: the only way game information leaves the engine for a player (and
`build_spectator_observation`, its public part alone, for people watching).

It holds the public state plus the private zones of `seat` alone. Other seats' hands, deck
order, discard contents, archive, secret wonder (until revealed) and the achievement decks
appear only as counts. It is built as the types of observation.py, the single source of truth
for the protocol's schema and for every reader (`msgspec.to_builtins` gives plain JSON data).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .data import (
    ACHIEVEMENTS,
    CONQUEST_MARKERS,
    FACTIONS,
    KIND_TITLE,
    KINDS,
    NUM_TERRITORIES,
    RESOURCES,
    SHOP_TITLES,
    TERRAIN_OF,
    TERRAINS,
    TITLES,
)
from .observation import (
    AchievementStack,
    Combat,
    Developing,
    DisplayStack,
    LastCombat,
    Marker,
    Observation,
    PrivateZones,
    PublicPlayer,
    SpectatorObservation,
    TableCard,
    Territory,
    Turn,
)

if TYPE_CHECKING:
    from .state import GameState, PlayerState

_TECH_BITS = ((0, "Engineering"), (2, "Mathematics"), (5, "Commerce"), (8, "Philosophy"), (9, "Religion"))


def resources_text(counts: list[int]) -> str:
    """Resources as letters in F W M S C order, e.g. 'FFW'."""
    f, w, m, s, c = counts
    return "F" * f + "W" * w + "M" * m + "S" * s + "C" * c


_KIND_NAMES = tuple(k.name for k in KINDS)
_TITLE_OF_KIND = tuple(TITLES[KIND_TITLE[k]].name for k in range(len(KINDS)))
_TERRAIN_NAME = tuple(TERRAINS[TERRAIN_OF[t]] for t in range(NUM_TERRITORIES))
_KIND_COST = tuple(k.cost.text() if k.cost else None for k in KINDS)
_ACH_COST = tuple(a.cost.text() for a in ACHIEVEMENTS)
_SHOP_NAMES = tuple(TITLES[t].name for t in SHOP_TITLES)
_MARKERS = tuple(Marker(value=v, resource=RESOURCES[r] if r >= 0 else None) for v, r in CONQUEST_MARKERS)


def _kinds(zone: list[int]) -> list[str]:
    names = _KIND_NAMES
    return sorted([names[k] for k in zone])


def _marker(m: int) -> Marker | None:
    return _MARKERS[m] if m >= 0 else None


def public_player(g: GameState, seat: int) -> PublicPlayer:
    p: PlayerState = g.players[seat]
    dev = None
    if p.dev >= 0:
        dev = Developing(
            name=ACHIEVEMENTS[p.dev].name,
            level=ACHIEVEMENTS[p.dev].level,
            cost=_ACH_COST[p.dev],
            placed=resources_text(p.dev_placed),
            settlement=p.dev_settlement,
        )
    return PublicPlayer(  # positional, in the fields' order
        seat,  # seat
        FACTIONS[p.faction] if p.faction >= 0 else None,  # faction
        p.supply,  # supply
        p.on_board,  # on_board
        p.removed,  # removed_settlements
        len(p.hand),  # hand_size
        len(p.deck),  # deck_size
        len(p.discard),  # discard_size
        len(p.archive),  # archive_size
        len(p.trashed),  # trashed_size
        resources_text(p.pool),  # pool
        p.coins,  # coins
        [  # table
            TableCard(
                card=_TITLE_OF_KIND[tc.kind], kind=_KIND_NAMES[tc.kind], resources=resources_text(tc.placed)
            )
            for tc in p.table
        ],
        [ACHIEVEMENTS[a].name for a in p.done],  # completed
        dev,  # developing
        ACHIEVEMENTS[p.secret].name if p.secret_revealed else None,  # secret_wonder
        list(p.cap_settlements),  # captured_settlements
        [_MARKERS[m] for m in p.cap_markers],  # captured_markers
        p.consumed,  # consumed_markers
    )


def private_zones(g: GameState, seat: int) -> PrivateZones:
    p = g.players[seat]
    return PrivateZones(
        hand=_kinds(p.hand),
        archive=_kinds(p.archive),
        discard=_kinds(p.discard),
        deck=_kinds(p.deck),  # contents only, never the order
        trashed=_kinds(p.trashed),
        secret_wonder=ACHIEVEMENTS[p.secret].name if p.secret >= 0 else None,
    )


def build_observation(g: GameState, seat: int) -> Observation:
    if not 0 <= seat < g.n:
        raise ValueError(f"seat must be 0 to {g.n - 1}, not {seat}")
    fields: list[Any] = [seat, *_public_fields(g), private_zones(g, seat)]  # seat, public, you
    return Observation(*fields)


def build_spectator_observation(g: GameState) -> SpectatorObservation:
    """The public part of every seat's observation, built by the same code, so the two agree."""
    return SpectatorObservation(*_public_fields(g))


def _public_fields(g: GameState) -> tuple[Any, ...]:
    """The fields of an observation that are the same for every seat (and for a spectator), in
    their order: `SpectatorObservation`'s, and `Observation`'s between `seat` and `you`."""
    owner, count, marker, in_play, vp = g.owner, g.count, g.marker, g.in_play, g.vp_marker
    markers = _MARKERS
    # positional: id, terrain, in_play, owner, settlements, marker, vp
    board = [
        Territory(t, terrain, i, o if o >= 0 else None, c, markers[m] if m >= 0 else None, v)
        for t, terrain, i, o, c, m, v in zip(
            range(NUM_TERRITORIES), _TERRAIN_NAME, in_play, owner, count, marker, vp, strict=False
        )
    ]
    display = [
        DisplayStack(
            card=_SHOP_NAMES[si],
            count=len(stack),
            top=_KIND_NAMES[stack[-1]] if stack else None,
            cost=_KIND_COST[stack[-1]] if stack else None,
            vp=KINDS[stack[-1]].vp if stack else None,
        )
        for si, stack in enumerate(g.shop)
    ]
    achievements = {
        str(level): [AchievementStack(name=ACHIEVEMENTS[a].name, count=c) for a, c in g.ach_display[level]]
        for level in (1, 2, 3)
    }
    combat = None
    if g.combat is not None:
        attacker, defender, f, t, strength, ncards = g.combat
        combat = Combat(attacker=attacker, defender=defender, from_=f, to=t, attack=strength, cards=ncards)
    return (  # the fields in their order (positional: keywords cost msgspec more)
        g.n,  # num_players
        g.phase,  # phase
        g.to_move,  # to_move
        g.active,  # active
        g.first,  # first_player
        g.round,  # round
        g.config.max_rounds,  # max_rounds
        g.config.trading,  # trading
        g.end_trigger,  # end_triggered
        g.end_reason,  # end_reason
        resources_text(g.reserve),  # reserve
        board,  # board
        display,  # display
        achievements,  # achievements
        {str(level): len(g.ach_deck[level]) for level in (1, 2, 3)},  # achievement_decks
        Turn(  # turn
            bought=[t.name for i, t in enumerate(TITLES) if g.bought >> i & 1],
            attacked=sorted([[x // 32, x % 32] for x in g.attacked]),
            terrain_used={TERRAINS[i]: g.terrain_used[i] for i in range(4)},
            abilities_used=[name for bit, name in _TECH_BITS if g.once_used >> bit & 1],
            settlements_to_place=g.pending_builds,
        ),
        combat,  # combat
        _last_combat(g.last_combat),  # last_combat
        [public_player(g, s) for s in range(g.n)],  # players
    )


def _last_combat(last: dict | None) -> LastCombat | None:
    if not last:
        return None
    return LastCombat(
        attacker=last["attacker"],
        defender=last["defender"],
        from_=last["from"],
        to=last["to"],
        attack=last["attack"],
        defence=last["defence"],
        winner=last["winner"],
        cards=last.get("cards"),
        surrendered=last.get("surrendered"),
        defender_cards=last.get("defender_cards"),
    )
