"""The observation's builders (`observe`, `spectate`, `player_observation`, and the parts of a
routine in progress the views and explanations read too): what one clan may know, built as the
types of observation.py (whose docstring says what is shown and what hidden).

Compiled by mypyc with `ALTAY_COMPILE=1` (altay_cli/_build.py); the Structs stay in
observation.py, interpreted, where msgspec keeps their class options (`omit_defaults`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import observation as rulings  # M77's and M78's switches, read at each call (tests flip them)
from .ancients import ACTION_COLOR, BONUS_ACTIONS, activation_cost, tribe_threshold
from .frames import Ask, Frame
from .generation import MAX_SWAPS
from .narration import number_words, talent_words
from .observation import (
    SPECTATOR,
    AllyCard,
    AttackRoll,
    CellView,
    ClanView,
    Decision,
    Directing,
    FigurineView,
    FragmentView,
    GenerationChange,
    HumanPhase,
    Moving,
    Observation,
    Outcome,
    Playing,
    Progress,
    TeamHand,
    TerritoryView,
    TokenPlacement,
    TokenView,
)
from .state import COLORS, OFF, PHASE_NAME, RESULT_NAME, GameState, Phase


def carried_type(g: GameState, clan: int, k: int) -> str | None:
    """The type of the shard clan's figurine k carries in a move this turn (M41), or None."""
    if not g.carried:
        return None
    for key in (f"{clan}:{COLORS[k]}", f"{clan}:{k}"):
        if key in g.carried:
            return g.data.shards.types[g.shard_type[g.carried[key]]]
    return None


def spirit_next(g: GameState) -> str | None:
    """The spirit card face up on top of the spirit stack, the next one summoned (M77)."""
    if not rulings.SPIRIT_STACK_FACE_UP or not g.spirit_deck:
        return None
    return g.data.spirits.cards[g.spirit_deck[-1]].name


def spectate(g: GameState) -> Observation:
    """What every clan may know and no more (the web viewer's spectator, `replay --show`): the
    observation of no seat (`seat` -1), so no hand is shown and no decision's prompt."""
    return observe(g, SPECTATOR)


def observe(g: GameState, seat: int) -> Observation:
    tables = g.tables
    names = tables.clan_names
    talents = g.config.talents
    n = tables.n
    # one pass over each collection, grouped by territory (not one scan per territory)
    types = g.data.shards.types
    shard_type = g.shard_type
    shard_open = g.shard_open
    open_at: list[list[str]] = [[] for _ in range(n)]
    closed_at = [0] * n
    for i, where in enumerate(g.shard_at):
        if where >= 0:
            if shard_open[i]:
                open_at[where].append(types[shard_type[i]])
            else:
                closed_at[where] += 1
    spirits_at: list[list[str]] = [[] for _ in range(n)]
    spirit_cards = tables.spirits
    spirit_on = g.spirit_on
    for i, where in enumerate(g.spirits):
        spirits_at[where].append(spirit_cards[spirit_on[i]].name)
    figures_at: list[list[FigurineView]] = [[] for _ in range(n)]
    for s, clan in enumerate(g.clans):
        for k, where in enumerate(clan.figurines):
            if where != OFF:
                figures_at[where].append(FigurineView(s, COLORS[k], carried_type(g, s, k)))
    trails = set(g.trails)
    place_at: dict[int, int] = {}
    for line, where in enumerate(g.places):
        place_at.setdefault(where, line)  # the first line whose place stands there
    for here in open_at:
        if len(here) > 1:
            here.sort()
    if talents:
        talent_names = tables.talent_names
        talent_of = g.talent_of
        tokens_at = [[TokenView(o, talent_names[talent_of[o]]) for o in here] for here in g.talents]
        guarded = set(g.protected)
        protected_at = [tid in guarded for tid in range(n)]
    else:
        tokens_at = [[] for _ in range(n)]
        protected_at = [False] * n
    terr = [  # TerritoryView's fields in order
        TerritoryView(
            tid,
            r,
            c,
            n_tribes,
            spirits,
            ancients,
            opened,
            closed,
            tid in trails,
            place_at.get(tid),
            tokens,
            guard,
        )
        for tid, r, c, n_tribes, spirits, ancients, opened, closed, tokens, guard in zip(
            range(n),
            tables.region,
            tables.color,
            g.tribes,
            spirits_at,
            figures_at,
            open_at,
            closed_at,
            tokens_at,
            protected_at,
            strict=True,
        )
    ]
    clans = [
        ClanView(  # positional, in the fields' order
            s,  # seat
            names[s],  # name
            c.population,  # population
            tables.figurines_for(c.population),  # figurines_supported
            c.degradation,  # degradation
            {COLORS[k]: (None if w == OFF else w) for k, w in enumerate(c.figurines)},  # figurines
            sorted(c.hand) if s == seat or not rulings.OTHER_HANDS_HIDDEN else None,  # hand (M78)
            len(c.hand),  # hand_size
            len(c.deck),  # deck_size
            list(c.discard),  # discard
            [COLORS[k] for k in c.acted],  # acted
            tables.talent_names[g.talent_of[s]] if talents and g.talent_of[s] >= 0 else None,  # talent
            g.talent_reserve[s] if talents else None,  # talent_tokens
        )
        for s, c in enumerate(g.clans)
    ]
    cells = tables.cells
    portal = [
        FragmentView(fid, [CellView(shard, region, colour) for shard, region, colour in cells[fid]])
        for fid in g.portal[: g.portal_open]
    ]
    progress = [
        Progress(e.kind, e.me, dict(e.v)) for e in g.stack if isinstance(e, Frame) and e.kind != "turn"
    ]
    frames = _innermost(g)
    ancients = frames.get("ancients")
    result = None
    if g.phase is Phase.OVER and g.result is not None and g.end_reason is not None:
        result = Outcome(RESULT_NAME[g.result], g.end_reason)
    return Observation(  # positional, in the fields' order (keywords cost msgspec ~3 µs here)
        seat,  # seat
        PHASE_NAME[g.phase],  # phase
        g.to_move,  # to_move
        g.active,  # active
        g.turn,  # turn
        terr,  # territories
        clans,  # clans
        len(g.human_deck),  # human_deck
        list(g.human_discard),  # human_discard
        len(g.trail_tokens),  # trail_tokens
        portal,  # portal_open
        len(g.portal) - g.portal_open,  # portal_closed
        [None if t < 0 else t for t in g.places],  # places
        [tables.adaptation_names[i] for i in g.market],  # market
        len(g.adaptation_deck),  # adaptation_deck
        g.degradation_supply,  # degradation_supply
        len(g.spirit_deck),  # spirits_in_supply
        spirit_next(g),  # spirit_next (M77)
        [tables.discovery_names[i] for i in g.discoveries],  # discoveries
        decision_of(g, seat),  # decision
        human_phase(g, frames),  # humans
        list(ancients.v.get("done", ())) if ancients is not None else [],  # actions_taken
        playing(g, frames),  # playing
        moving(g, frames),  # moving
        attack_roll(g, frames),  # attack
        _adaptation_points(g, frames),  # adaptation_points
        generation_change(g, frames),  # generation
        token_placement(g, frames),  # token_placement
        progress,  # progress
        result,  # result
    )


def player_observation(g: GameState, seat: int, seats: Sequence[int]) -> Observation:
    """What `seat` may know when one player leads every clan of `seats` (M18): its observation,
    and the hands of the other clans of `seats` (`team_hands`), nothing more."""
    obs = observe(g, seat)
    others = sorted({s for s in seats if s != seat and 0 <= s < g.n})
    if others:
        obs.team_hands = [TeamHand(s, sorted(g.clans[s].hand)) for s in others]
    return obs


# ---------------------------------------------------------------------------- what is in progress
#: the innermost frame of each routine in progress, by kind (`_innermost`)
Frames = dict[str, Frame]


def _innermost(g: GameState) -> Frames:
    """The innermost frame of each routine in progress, by kind: one pass over the stack for an
    observation's many questions."""
    out: Frames = {}
    for e in g.stack:
        if isinstance(e, Frame):
            out[e.kind] = e
    return out


def _frame(g: GameState, kind: str, frames: Frames | None = None) -> Frame | None:
    """The innermost frame of routine `kind` in progress, or None (from `frames` when given)."""
    if frames is not None:
        return frames.get(kind)
    for e in reversed(g.stack):
        if isinstance(e, Frame) and e.kind == kind:
            return e
    return None


def decision_of(g: GameState, seat: int) -> Decision | None:
    """The decision being asked, with its prompt for the deciding seat (set-up's too)."""
    if g.phase is Phase.OVER:
        return None
    if g.phase is Phase.SETUP:
        who = g.setup_seat()
        if -1 in g.start_picks:
            k = g.data.limits.figurines_at_start
            figurines = f"{number_words(k)} figurine{'s' if k != 1 else ''}"
            prompt = f"Choose the {figurines} of your clan that start in the centre"
            return Decision(who, "start", False, prompt if who == seat else None)
        prompt = "Choose your clan's talent (one that no clan holds yet)"
        return Decision(who, "talent", False, prompt if who == seat else None)
    ask = g.pending
    if ask is None:
        return None
    return Decision(ask.seat, ask.purpose, ask.can_pass, prompt_of(g, ask) if ask.seat == seat else None)


def _listing(items: Sequence[str], last: str = "or") -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def possessive(name: str) -> str:
    """ "the Bisons'" (a clan's name is a plural) or "the Bear's"."""
    return f"the {name}'" if name.endswith("s") else f"the {name}'s"


def prompt_of(g: GameState, ask: Ask) -> str:
    """The decision's question in words; where a Draw 3 card may be played beside the question's
    own answers (M44), it says so."""
    text = _question(g, ask)
    if ask.purpose in ("reroll", "hit", "adapt", "direct", "use") and any(
        getattr(o, "card", None) == "draw3" for o in ask.options
    ):
        text += " (or play a Draw 3 card first)"
    return text


def _question(g: GameState, ask: Ask) -> str:
    """The engine keeps a prompt with each question; those with dice or places in them are said
    again here from the named fields."""
    if ask.purpose in ("reroll", "hit"):
        roll = attack_roll(g)
        dice = _listing([str(x) for x in roll.dice], "and") if roll is not None else "none"
        if ask.purpose == "reroll":
            return f"Dice {dice}: mark a die to roll again (then roll, for one population), or pass"
        return f"Dice {dice}: choose a target to destroy, or pass"
    if ask.purpose == "direct":
        humans = human_phase(g)
        where = _listing([g.tables.where(o.to) for o in ask.options if hasattr(o, "to")])  # not Draw 3 (M44)
        if humans is not None and humans.directing is not None:
            d = humans.directing
            who = "a human tribe" if d.who == "tribe" else f"the {d.who} spirit"
            verb = "moves one step" if d.who == "tribe" else "goes to the nearest Ancients and attacks"
            return f"{who} in {g.tables.where(d.at)} {verb}: send it to {where}"
        return f"Send the humans to {where}"
    if ask.purpose == "step":
        m = moving(g)
        if m is not None:
            left = f"{m.steps_left} step{'s' if m.steps_left != 1 else ''} left"
            return f"Move your {m.figurine} figurine ({left}), take or put down a shard, or stop"
    if ask.purpose == "assist":
        names = g.tables.clan_names
        p = playing(g)
        if p is not None:
            whose = possessive(names[p.clan])
            colour = ACTION_COLOR[p.action]
            return f"Help {whose} {p.action} in {g.tables.where(p.territory)} with a {colour} card, or pass"
        f = _frame(g, "ancients_degradation")
        if f is not None:
            whose = possessive(names[f.me])
            return f"Help {whose} degradation action by discarding a degradation card, or pass"
    if ask.purpose == "put":
        tp = token_placement(g)
        if tp is not None:
            talent = talent_words(g.tables.talent_names[g.talent_of[tp.clan]])
            return f"Put a {talent} token in or next to the territory of your {tp.figurine} figurine"
    # the engine's own words, with the centre called by its name
    return re.sub(rf"\b(territory |T){g.tables.centre}\b", "the centre", ask.prompt)


def human_phase(g: GameState, frames: Frames | None = None) -> HumanPhase | None:
    f = _frame(g, "humans", frames)
    if f is None or "color" not in f.v:
        return None
    directing = None
    ask = g.pending
    if ask is not None and ask.purpose == "direct" and ask.options:
        who = ask.options[0].who
        if who == "tribe":
            directing = Directing("tribe", int(f.v["src"]), int(f.v["left"]))
        else:
            card = f.v.get("card")
            at = g.spirits[g.spirit_on.index(card)] if card in g.spirit_on else -1
            directing = Directing(who, at, 1)
    return HumanPhase(f.v["color"], bool(f.v.get("moved")), directing)


def playing(g: GameState, frames: Frames | None = None) -> Playing | None:
    f = _frame(g, "ancients_figurine", frames)
    if f is None or "own" not in f.v:
        return None
    v = f.v
    action = v["action"]
    color = COLORS[v["fig"]]
    activate = action == "activate"
    return Playing(
        clan=f.me,
        action=action,
        figurine=color,
        territory=v["at"],
        cards=list(v["own"]),
        points=v["pts"],
        allies=[AllyCard(a, c) for a, c in v["helpers"]],
        ally_points=v["hpts"],
        bonus=action in BONUS_ACTIONS and ACTION_COLOR[action] == color,
        line=v["line"] if activate and v["line"] >= 0 else None,
        cost=activation_cost(g) if activate else None,
    )


def moving(g: GameState, frames: Frames | None = None) -> Moving | None:
    f = _frame(g, "ancients_move", frames)
    if f is None:
        return None
    k = f.v["fig"]
    types = g.data.shards.types
    return Moving(
        clan=f.me,
        figurine=COLORS[k],
        territory=g.clans[f.me].figurines[k],
        steps_left=f.v["steps"],
        carries=carried_type(g, f.me, k),
        handled_here=[types[g.shard_type[i]] for i in f.v["touched"]],
    )


def attack_roll(g: GameState, frames: Frames | None = None) -> AttackRoll | None:
    f = _frame(g, "ancients_attack", frames)
    if f is None or "dice" not in f.v:
        return None
    return AttackRoll(
        clan=f.me,
        territory=f.v["at"],
        dice=list(f.v["dice"]),
        marked=sorted(f.v["marked"]),
        used=sorted(f.v["used"]),
        tribe_min=tribe_threshold(g),
    )


def _adaptation_points(g: GameState, frames: Frames | None = None) -> int | None:
    f = _frame(g, "ancients_develop", frames)
    return None if f is None else int(f.v["points"])


def generation_change(g: GameState, frames: Frames | None = None) -> GenerationChange | None:
    f = _frame(g, "generation", frames)
    if f is None:
        return None
    draw = _frame(g, "draw", frames)
    return GenerationChange(f.me, MAX_SWAPS - int(f.v.get("swaps", 0)), int(draw.v["n"]) if draw else 0)


def token_placement(g: GameState, frames: Frames | None = None) -> TokenPlacement | None:
    f = _frame(g, "ancients_token", frames)
    if f is None or "left" not in f.v:
        return None
    return TokenPlacement(f.me, COLORS[f.v["fig"]], int(f.v["left"]))
