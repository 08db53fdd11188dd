"""Innovation in the web viewer (the seam's `Drawing` facet): the card catalogue once per page,
and per step a frame of what the eyes may know, drawn by draw.js.

A frame is built from one observation only: `observe(state, seat)` for a seat's eyes,
`spectate(state)` (what every seat may know) for a spectator's, and for all eyes the
spectator's with the hidden zones and first melds filled in from the state. Its top-level keys
change at different rates, since the page stores keyframes and deltas of them:

    boards   per player, five piles (blue red green yellow purple): [splay, [titles, bottom to top]]
    icons    per player, the visible icons: [crown, leaf, lightbulb, castle, factory, clock]
    hands    per player, the hand by age: a title where the eyes know it, else the age (a back)
    scores   per player, the score pile, likewise
    achievements  {"won": per player [ages..., special names...], "ages": ages still on the
             table, "specials": [[name, owner or null]]}
    supply   {"left": cards left in ages 1..10, "known": [[age, depth from the top, title]]}
    turn     the phase, turn, whose turn and who decides, the action of the turn, the first melds'
             progress, the dogma and decision in progress, and the result
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from ..api import Drawing, Eyes, EyesKind
from .actions import HIDDEN, FirstMeld, PickCard
from .data import cards, load
from .machine import actions_in_turn
from .notation import command_text
from .observation import CardRef, Observation
from .observe import spectate
from .state import ACHIEVEMENTS_TO_WIN, GameState, Phase
from .tables import AGE, BY_NAME, COLOR_NAMES, ICON_NAMES, NAME, REAL_ICONS, SPLAY_NAMES, VISIBLE_BELOW

ICONS = [ICON_NAMES[i] for i in REAL_ICONS]


class InnovationDrawing(Drawing):
    def static(self, config: Any) -> dict[str, Any]:
        return _static(config.edition, config.players)

    def frame(self, state: Any, eyes: Eyes) -> dict[str, Any]:
        if eyes.kind is EyesKind.SEAT:
            if eyes.seat is None or not 0 <= eyes.seat < state.n:
                raise ValueError(f"there is no seat {eyes.seat} in a game of {state.n} players")
            return frame_of(state.observation(eyes.seat))
        if eyes.kind is EyesKind.SPECTATOR:
            return frame_of(spectate(state))
        return _all_frame(state)

    def script(self) -> str:
        return draw_js()

    def decision_text(self, state: Any, seat: int, action: Any, eyes: Eyes) -> str:
        if eyes.kind is EyesKind.ALL or eyes.seat == seat:
            return command_text(action)
        return command_text(public_action(state, action, eyes.seat))


@cache
def draw_js() -> str:
    return resources.files(__package__).joinpath("draw.js").read_text(encoding="utf-8")


def _static(edition: str, players: int) -> dict[str, Any]:
    first = edition == "1e"
    return {
        "edition": edition,
        "players": players,
        "need": ACHIEVEMENTS_TO_WIN[players],
        "colors": list(COLOR_NAMES),
        "icons": ICONS,
        "splay_shows": {SPLAY_NAMES[s]: list(VISIBLE_BELOW[s]) for s in range(1, 4)},
        "cards": {
            c.name: {
                "age": c.age,
                "color": str(c.color),
                "icons": [str(i) for i in c.icons],
                "featured": str(c.featured),
                "effects": [[str(e.kind), e.text] for e in c.effects_for(first)],
            }
            for c in cards()
        },
        "specials": [
            {"name": s.name, "condition": s.condition}
            for s in sorted(load().special_achievements, key=lambda s: s.id)
        ],
    }


# ---------------------------------------------------------------------------- frames
def _zone(refs: list[CardRef]) -> list[str | int]:
    """A hidden zone by age: the title where known, else the age on the back."""
    return [r.card if r.card is not None else r.age for r in refs]


def frame_of(obs: Observation) -> dict[str, Any]:
    """The frame of one observation (a seat's or a spectator's)."""
    players = obs.players
    n = len(players)
    turn: dict[str, Any] = {
        "phase": obs.phase,
        "turn": obs.turn,
        "active": obs.active,
        "to_move": obs.to_move,
    }
    if obs.phase == Phase.PLAY:
        actions = actions_in_turn(obs.turn, n)
        turn["action"] = actions - obs.actions_left + 1
        turn["actions"] = actions
    if obs.phase == Phase.FIRST_MELD:
        # seats pick in order, so who has picked is public; the title only to its picker
        picks: list[Any] = [p < (obs.to_move or 0) for p in range(n)]
        if obs.first_meld is not None:
            picks[obs.seat] = obs.first_meld
        turn["picks"] = picks
    if obs.dogma is not None:
        d = obs.dogma
        turn["dogma"] = {
            "card": d.card,
            "by": d.activator,
            "icon": d.featured,
            "demand": d.vulnerable,
            "share": d.sharing,
        }
    if obs.decision is not None:
        turn["decision"] = _decision(obs)
    if obs.result is not None:
        r = obs.result
        turn["result"] = {"reason": r.end_reason, "winners": r.winners, "card": r.card}
    return {
        "boards": [[[pile.splay, pile.cards] for pile in pv.board] for pv in players],
        "icons": [[pv.icons[i] for i in ICONS] for pv in players],
        "hands": [_zone(pv.hand) for pv in players],
        "scores": [_zone(pv.score_pile) for pv in players],
        "achievements": {
            "won": [[*pv.achievements, *pv.specials] for pv in players],
            "ages": obs.available_achievements,
            "specials": [[s.name, s.owner] for s in obs.specials],
        },
        "supply": {"left": obs.supply, "known": [[k.age, k.depth, k.card] for k in obs.supply_known]},
        "turn": turn,
    }


def _decision(obs: Observation) -> dict[str, Any]:
    d = obs.decision
    assert d is not None
    out: dict[str, Any] = {"seat": d.seat, "kind": d.kind, "purpose": d.purpose}
    if d.card is not None:
        out["card"] = d.card
    if d.effect is not None:
        out["effect"] = d.effect
    if d.executing is not None:
        out["by"] = d.executing
    if d.optional:
        out["optional"] = True
    if d.prompt is not None:
        out["prompt"] = d.prompt
    if d.labels:
        out["labels"] = d.labels
    if d.picked is not None:
        out["picked"] = d.picked
        out["min"] = d.min
        out["max"] = d.max
    return out


def _all_frame(g: GameState) -> dict[str, Any]:
    """All eyes: the spectator's frame with every hidden zone, first meld and prompt named
    from the state."""
    out = frame_of(spectate(g))

    def named(zone: list[int]) -> list[str | int]:
        return [NAME[c] for c in sorted(zone, key=lambda c: (AGE[c], NAME[c]))]

    out["hands"] = [named(pl.hand) for pl in g.players]
    out["scores"] = [named(pl.score) for pl in g.players]
    turn = out["turn"]
    if "picks" in turn:
        turn["picks"] = [NAME[c] if c >= 0 else False for c in g.first_picks]
    ask = g.pending
    if ask is not None and "decision" in turn:
        turn["decision"]["prompt"] = ask.prompt
    return out


# ---------------------------------------------------------------------------- decisions
def public_action(g: GameState, action: Any, viewer: int | None) -> Any:
    """`action` (just applied: `g` is the state after it) as `viewer` (None: a spectator) may
    know it. A card chosen among cards the eyes did not know (one's own hand, a first meld) is
    named only once they know it where it now lies (melded, revealed, passed to them); else it
    reads "hidden". Every other decision is public (event_for's rule, and the card's fate)."""
    if not isinstance(action, (PickCard, FirstMeld)):
        return action
    need = g.all if viewer is None else 1 << viewer
    answer = next((e for e in g.log if e[0] == "answer"), None)
    c = BY_NAME.get(action.card)
    if answer is not None and answer[3] & need == need:
        return action
    if c is not None and g.known[c] & need == need:
        return action
    return type(action)(HIDDEN)
