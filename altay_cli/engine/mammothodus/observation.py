"""What one clan may know: the whole map (tribes, spirits, figurines and the open shard each
carries in a move, open shards and how many are still face down, trails, places of power),
every clan's public state (population, degradation marker, figurines, card counts, discard
pile), its own hand, the open portal fragments, the adaptation market and the decision being
asked. Hidden: other clans' hands, every deck's order, face-down shards, the next human card,
trail token and spirit.

With the advanced talents, everything about them is public: each clan's talent and the tokens in
its reserve (`ClanView.talent`, `talent_tokens`), every token on the field with its owner and
talent (`TerritoryView.talents`), and the territories a protection guards this turn
(`TerritoryView.protected`). Without talents these fields are absent (or null).

`spectate` is what every clan may know: the observation of no seat, with no hand and no prompt
(`Game.spectator_observation`, the web viewer's spectator eyes, `view(state, None, ...)`)."""

from __future__ import annotations

from typing import Any

import msgspec

from .data import adaptation_name, figurines_for, load
from .frames import Frame
from .state import COLORS, OFF, GameState, Phase


class Settings(msgspec.Struct):
    players: int  # clans in play
    discoveries: bool
    talents: bool
    max_turns: int


class FigurineView(msgspec.Struct, omit_defaults=True):
    clan: int
    color: str  # its bonus action's colour
    carries: str | None = None  # the type of the open shard it carries in a move (absent: none)


class TokenView(msgspec.Struct):
    """A talent token on the field."""

    clan: int  # its owner
    talent: str  # the owner's talent: spirit_block, protection, trap, bait, trail_lock


class TerritoryView(msgspec.Struct, omit_defaults=True):
    id: int
    region: str | None
    color: str | None
    tribes: int = 0
    spirits: list[str] = []
    ancients: list[FigurineView] = []
    open_shards: list[str] = []  # face-up shard types lying here (a carried one too)
    closed_shards: int = 0  # face-down shards (their type is hidden)
    trail: bool = False
    place: int | None = None  # the portal line whose place of power stands here
    talents: list[TokenView] = []  # talent tokens lying here (advanced)
    protected: bool = False  # a protection token was used here this turn (advanced, M71)


class ClanView(msgspec.Struct, omit_defaults=True):
    seat: int
    name: str
    population: int
    figurines_supported: int  # what the population supports at the next generation change (M12)
    degradation: int  # the degradation defence marker (M13)
    figurines: dict[str, int | None]  # colour -> territory, None when off the field
    hand: list[str] | None  # your own hand; None for another clan's
    hand_size: int
    deck_size: int
    discard: list[str]  # face up
    acted: list[str]  # figurines that acted this turn
    talent: str | None = None  # advanced: its talent (None before it chose, or without talents)
    talent_tokens: int | None = None  # advanced: talent tokens in its reserve (None without talents)


class Cell(msgspec.Struct, omit_defaults=True):
    shard: str | None = None
    region: str | None = None
    color: str | None = None


class FragmentView(msgspec.Struct):
    id: int
    lines: list[Cell]


class Decision(msgspec.Struct, omit_defaults=True):
    seat: int
    purpose: str
    optional: bool = False
    prompt: str | None = None  # for the deciding seat only


class Progress(msgspec.Struct):
    """A routine in progress (its name and locals: the dice of an attack, the cards played...)."""

    routine: str
    clan: int
    v: dict[str, Any]


class Outcome(msgspec.Struct):
    result: str  # won or lost
    reason: str


class Observation(msgspec.Struct):
    seat: int  # the clan observing (-1: a spectator, see `spectate`)
    phase: str  # setup, play, over
    to_move: int | None
    active: int
    turn: int
    territories: list[TerritoryView]
    clans: list[ClanView]
    human_deck: int  # cards left before the next reshuffle
    human_discard: list[str]  # revealed since the last reshuffle
    trail_tokens: int  # face-down trail tokens left
    portal_open: list[FragmentView]  # the face-up fragments, left to right
    portal_closed: int
    places: list[int | None]  # per portal line: the territory of its place of power
    market: list[str]
    adaptation_deck: int
    degradation_supply: int
    spirits_in_supply: int
    discoveries: list[str]
    decision: Decision | None
    progress: list[Progress]
    result: Outcome | None


#: `Observation.seat` of the spectator's observation: every seat's public view, no seat's own
SPECTATOR = -1


def carried_type(g: GameState, clan: int, k: int) -> str | None:
    """The type of the shard clan's figurine k carries in a move this turn (M41), or None."""
    for key in (f"{clan}:{COLORS[k]}", f"{clan}:{k}"):
        if key in g.carried:
            return load().shards.types[g.shard_type[g.carried[key]]]
    return None


def spectate(g: GameState) -> Observation:
    """What every clan may know and no more (the web viewer's spectator, `replay --show`): the
    observation of no seat (`seat` -1), so no hand is shown and no decision's prompt."""
    return observe(g, SPECTATOR)


def observe(g: GameState, seat: int) -> Observation:
    d = load()
    names = d.clans.names
    talents = g.config.talents
    terr = []
    for t in d.map.territories:
        tid = t.id
        shards_here = [i for i, where in enumerate(g.shard_at) if where == tid]
        terr.append(
            TerritoryView(
                id=tid,
                region=t.region,
                color=None if t.color is None else str(t.color),
                tribes=g.tribes[tid],
                spirits=[d.spirits.cards[g.spirit_on[i]].name for i, w in enumerate(g.spirits) if w == tid],
                ancients=[
                    FigurineView(s, COLORS[k], carried_type(g, s, k))
                    for s, clan in enumerate(g.clans)
                    for k, where in enumerate(clan.figurines)
                    if where == tid
                ],
                open_shards=sorted(d.shards.types[g.shard_type[i]] for i in shards_here if g.shard_open[i]),
                closed_shards=sum(1 for i in shards_here if not g.shard_open[i]),
                trail=tid in g.trails,
                place=g.places.index(tid) if tid in g.places else None,
                talents=[TokenView(o, d.talents.names[g.talent_of[o]]) for o in g.talents[tid]]
                if talents
                else [],
                protected=talents and tid in g.protected,
            )
        )
    clans = [
        ClanView(
            seat=s,
            name=names[s],
            population=c.population,
            figurines_supported=figurines_for(c.population),
            degradation=c.degradation,
            figurines={COLORS[k]: (None if w == OFF else w) for k, w in enumerate(c.figurines)},
            hand=sorted(c.hand) if s == seat else None,
            hand_size=len(c.hand),
            deck_size=len(c.deck),
            discard=list(c.discard),
            acted=[COLORS[k] for k in c.acted],
            talent=d.talents.names[g.talent_of[s]] if talents and g.talent_of[s] >= 0 else None,
            talent_tokens=g.talent_reserve[s] if talents else None,
        )
        for s, c in enumerate(g.clans)
    ]
    frags = {f.id: f for f in d.portal.fragments}
    portal = [
        FragmentView(
            fid,
            [Cell(c.shard, c.region, None if c.color is None else str(c.color)) for c in frags[fid].lines],
        )
        for fid in g.portal[: g.portal_open]
    ]
    decision = None
    ask = g.pending
    if ask is not None:
        decision = Decision(ask.seat, ask.purpose, ask.can_pass, ask.prompt if ask.seat == seat else None)
    progress = [
        Progress(e.kind, e.me, dict(e.v)) for e in g.stack if isinstance(e, Frame) and e.kind != "turn"
    ]
    result = None
    if g.phase is Phase.OVER and g.result is not None:
        result = Outcome(str(g.result), g.end_reason or "")
    return Observation(
        seat=seat,
        phase=str(g.phase),
        to_move=g.to_move,
        active=g.active,
        turn=g.turn,
        territories=terr,
        clans=clans,
        human_deck=len(g.human_deck),
        human_discard=list(g.human_discard),
        trail_tokens=len(g.trail_tokens),
        portal_open=portal,
        portal_closed=len(g.portal) - g.portal_open,
        places=[None if t < 0 else t for t in g.places],
        market=[adaptation_name(i) for i in g.market],
        adaptation_deck=len(g.adaptation_deck),
        degradation_supply=g.degradation_supply,
        spirits_in_supply=len(g.spirit_deck),
        discoveries=[d.discoveries.cards[i] for i in g.discoveries],
        decision=decision,
        progress=progress,
        result=result,
    )
