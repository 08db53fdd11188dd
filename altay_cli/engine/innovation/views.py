"""Terminal views of an Innovation observation: boards with splays and visible icons, hands,
score piles, achievements, the supply and the decision being asked. Everything is drawn from
`observe(state, seat)`, so a view shows exactly what that seat may know."""

from __future__ import annotations

from typing import Any

from .data import card_named
from .observation import Observation, PlayerView
from .tables import COLOR_NAMES, ICON_NAMES, REAL_ICONS, SPLAY_NAMES, card_id
from .texts import effect_texts

ICON_SHORT = {
    "crown": "crown",
    "leaf": "leaf",
    "lightbulb": "bulb",
    "castle": "castle",
    "factory": "factory",
    "clock": "clock",
}
VIEWS = {
    "full": "everything you may see",
    "compact": "every player in a line or two, your hand and the decision",
    "board": "every board: piles, splays, top cards and visible icons",
    "hand": "your hand and score pile",
    "players": "every player's hand, score pile and achievements (what you may see)",
    "supply": "the supply and the achievements on the table",
    "decision": "what you are being asked now",
    "actions": "the legal actions, numbered; beside each dogma, who shares it and whom its demand reaches",
}


def _name(p: int, seat: int | None) -> str:
    return f"P{p} (you)" if p == seat else f"P{p}"


def icons_line(pv: PlayerView) -> str:
    return "  ".join(f"{ICON_SHORT[ICON_NAMES[i]]} {pv.icons[ICON_NAMES[i]]}" for i in REAL_ICONS)


def refs_text(refs: list[Any], own: bool) -> str:
    if not refs:
        return "-"
    if own:
        return ", ".join(f"{r.card} [{r.age}]" for r in refs)
    named = [f"{r.card} [{r.age}]" for r in refs if r.card]
    ages = [str(r.age) for r in refs if not r.card]
    parts = []
    if ages:
        parts.append("ages " + " ".join(ages))
    if named:
        parts.append("known: " + ", ".join(named))
    return f"{len(refs)} card{'s' if len(refs) != 1 else ''}: " + "; ".join(parts)


def achievements_text(pv: PlayerView, need: int) -> str:
    """ "3/6 (ages 1, 2; Monument)": how many of those that win, and which."""
    items = []
    if pv.achievements:
        ages = [str(a) for a in pv.achievements]
        items.append(("age " if len(ages) == 1 else "ages ") + ", ".join(ages))
    if pv.specials:
        items.append(", ".join(pv.specials))
    return f"{pv.achievement_count}/{need}" + (f" ({'; '.join(items)})" if items else "")


def pile_lines(pv: PlayerView) -> list[str]:
    out = []
    for pile in pv.board:
        if not pile.cards:
            continue
        top = pile.cards[-1]
        below = len(pile.cards) - 1
        splay = f", splayed {pile.splay}" if pile.splay != "none" else ""
        under = f" over {', '.join(reversed(pile.cards[:-1]))}" if below else ""
        info = card_named(top)
        icons = " ".join("[" + ("-" if i == "hex" else ICON_SHORT[i]) + "]" for i in info.icons)
        out.append(f"    {pile.color:<7}{top} ({info.age}) {icons}{splay}{under}")
    return out or ["    (no cards on the board)"]


def player_block(obs: Observation, pv: PlayerView) -> list[str]:
    seat = obs.seat
    own = pv.seat == seat
    achieved = achievements_text(pv, obs.achievements_to_win)
    head = f"  {_name(pv.seat, seat)}: score {pv.score}, achievements {achieved}"
    lines = [head, f"    icons  {icons_line(pv)}", *pile_lines(pv)]
    lines.append(f"    hand   {refs_text(pv.hand, own)}")
    lines.append(f"    score  {refs_text(pv.score_pile, own)}")
    if pv.tucked or pv.scored:
        lines.append(f"    this turn: {pv.tucked} tucked, {pv.scored} scored (Monument at 6)")
    return lines


def end_text(reason: str, card: str | None) -> str:
    """Why the game ended, in words."""
    return {
        "achievements": "a player reached the achievements needed",
        "draw_above_10": "a draw above 10, so the highest score wins",
        "card_win": f"{card or 'a card'} won it",
        "turn_limit": "the turn limit, so the highest score wins",
    }.get(reason, "it ended")


def winners_text(winners: list[int], seat: int | None) -> str:
    names = [_name(p, seat) for p in winners]
    if not names:
        return "nobody won"
    return (" and ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " and " + names[-1]) + " won"


def headline(obs: Observation) -> str:
    if obs.result is not None:
        why = end_text(obs.result.end_reason, obs.result.card)
        return f"Game over ({why}): {winners_text(obs.result.winners, obs.seat)}"
    if obs.phase == "first_meld":
        return "Set-up: every player picks one of their two cards to meld first (kept secret until all have)"
    actions = f"{obs.actions_left} action{'s' if obs.actions_left != 1 else ''} left"
    return f"Turn {obs.turn}: P{obs.active}'s turn, {actions}"


def supply_lines(obs: Observation) -> list[str]:
    ages = "  ".join(f"{a + 1}:{n}" for a, n in enumerate(obs.supply))
    lines = [f"  supply (age:cards)  {ages}"]
    if obs.supply_known:
        known = ", ".join(
            f"{k.card} (age {k.age}, "
            + (
                "the next one drawn)"
                if k.depth == 0
                else f"{k.depth} card{'s' if k.depth != 1 else ''} above it)"
            )
            for k in obs.supply_known
        )
        lines.append(f"  you know in the supply: {known}")
    avail = " ".join(str(a) for a in obs.available_achievements) or "none"
    specials = ", ".join(s.name + ("" if s.owner is None else f" (P{s.owner})") for s in obs.specials)
    lines.append(f"  achievements on the table: {avail}; special: {specials}")
    return lines


def decision_lines(obs: Observation) -> list[str]:
    d = obs.decision
    if d is None:
        if obs.dogma is not None:
            return []
        return []
    from .explain import choice_words, possessive

    who = "you" if d.seat == obs.seat else f"P{d.seat}"
    where = "an effect"
    first = obs.edition == "1e"
    text = None
    if d.card is not None and d.effect is not None:
        info = card_named(d.card)
        effects = info.effects_for(first)
        kind = "demand" if d.effect < len(effects) and effects[d.effect].kind == "demand" else "effect"
        where = f"{possessive(d.card)} {kind} {d.effect + 1}"
        texts = effect_texts(card_id(d.card), first)
        text = texts[d.effect] if d.effect < len(texts) else None
    carried = ""
    if d.executing is not None and d.executing != d.seat:
        carried = f" (carried out by {'you' if d.executing == obs.seat else f'P{d.executing}'})"
    lines = [f"  {where}{carried}: {who} must choose {choice_words(d.kind, d.purpose)}"]
    if text:
        lines.append(f"    text: {text}")
    if d.prompt:
        lines.append(f"    asked: {d.prompt}" + ("  (or pass)" if d.optional else ""))
    elif d.optional:
        lines.append(f"    {who} may pass")
    if d.picked is not None:
        need = "every one there is" if d.min is None else f"at least {d.min}"
        most = "" if d.max is None or d.max == d.min else f" and at most {d.max}"
        lines.append(f"    cards are picked one at a time: {d.picked} so far, {need}{most} in all")
    if d.labels and d.prompt:
        lines.append(f"    choices: {', '.join(d.labels)}")
    if obs.dogma is not None:
        dg = obs.dogma
        demands = [e.kind == "demand" for e in card_named(dg.card).effects_for(first)]
        parts = []
        if any(demands):
            parts.append(
                "its demand reaches " + (", ".join(_name(p, obs.seat) for p in dg.vulnerable) or "nobody")
            )
        if not all(demands):
            parts.append("shared by " + (", ".join(_name(p, obs.seat) for p in dg.sharing) or "nobody"))
        lines.append(
            f"    the Dogma action on {dg.card} by {_name(dg.activator, obs.seat)} (featured icon"
            f" {dg.featured}): {'; '.join(parts)}"
        )
    return lines


def compact_lines(obs: Observation) -> list[str]:
    seat = obs.seat
    lines = [headline(obs)]
    for pv in obs.players:
        tops = ", ".join(
            f"{p.cards[-1]}" + ("" if p.splay == "none" else f" ({p.splay})") for p in pv.board if p.cards
        )
        hand = len(pv.hand)
        lines.append(
            f"  {_name(pv.seat, seat)}: score {pv.score},"
            f" ach {achievements_text(pv, obs.achievements_to_win)},"
            f" hand {hand}; tops: {tops or '-'}"
        )
    me = next((pv for pv in obs.players if pv.seat == seat), None)
    if me is not None:
        lines.append(f"  your hand: {refs_text(me.hand, True)}")
        lines.append(f"  your icons: {icons_line(me)}")
    if obs.first_meld:
        lines.append(f"  your first meld: {obs.first_meld}")
    lines += decision_lines(obs)
    return lines


def full_lines(obs: Observation) -> list[str]:
    lines = [headline(obs), *supply_lines(obs)]
    for pv in obs.players:
        lines += player_block(obs, pv)
    if obs.first_meld:
        lines.append(f"  your first meld: {obs.first_meld}")
    lines += decision_lines(obs)
    return lines


def board_lines(obs: Observation) -> list[str]:
    lines = []
    for pv in obs.players:
        lines.append(f"  {_name(pv.seat, obs.seat)}  icons  {icons_line(pv)}")
        lines += pile_lines(pv)
    return lines


def hand_lines(obs: Observation) -> list[str]:
    me = next((pv for pv in obs.players if pv.seat == obs.seat), None)
    if me is None:
        return ["  (a spectator has no hand)"]
    return [f"  hand   {refs_text(me.hand, True)}", f"  score  {refs_text(me.score_pile, True)} = {me.score}"]


def players_lines(obs: Observation) -> list[str]:
    lines = []
    for pv in obs.players:
        own = pv.seat == obs.seat
        lines.append(
            f"  {_name(pv.seat, obs.seat)}: achievements"
            f" {achievements_text(pv, obs.achievements_to_win)}, score {pv.score}"
        )
        lines.append(f"    hand   {refs_text(pv.hand, own)}")
        lines.append(f"    score  {refs_text(pv.score_pile, own)}")
    return lines


def dogma_mark(obs: Observation, card: str) -> str:
    """Who a Dogma action on `card` by the seat to move would reach (R14): the featured icon,
    the counts, whom its demand reaches and who shares its non-demand effects."""
    info = card_named(card)
    icon = str(info.featured)
    me = obs.players[obs.active]
    mine = me.icons[icon]
    others = [obs.players[(obs.active + k) % len(obs.players)] for k in range(1, len(obs.players))]
    first = obs.edition == "1e"
    demands = [e.kind == "demand" for e in info.effects_for(first)]
    parts = [f"{icon}: you {mine}"]
    if any(demands):
        hit = [f"P{pv.seat} ({pv.icons[icon]})" for pv in others if pv.icons[icon] < mine]
        parts.append("demand reaches " + (", ".join(hit) if hit else "nobody"))
    if not all(demands):
        share = [f"P{pv.seat} ({pv.icons[icon]})" for pv in others if pv.icons[icon] >= mine]
        parts.append(("shared by " + ", ".join(share)) if share else "nobody shares")
    return "; ".join(parts)


def action_hint(obs: Observation, action: Any) -> str:
    """A few words beside an action in the numbered list: what a dogma reaches, what a meld covers."""
    from .actions import Dogma, Meld

    if isinstance(action, Dogma):
        return dogma_mark(obs, action.card)
    if isinstance(action, Meld):
        info = card_named(action.card)
        pile = next(p for p in obs.players[obs.active].board if p.color == str(info.color))
        return f"age {info.age}, " + (
            f"covers {pile.cards[-1]}" if pile.cards else f"a new {pile.color} pile"
        )
    return ""


def actions_lines(obs: Observation, legal: list[Any]) -> list[str]:
    """The legal actions of the seat to move, numbered; beside each dogma, who would share it
    and whom its demand would reach."""
    from .notation import command_text

    if obs.to_move is None:
        return []
    if obs.seat != obs.to_move:
        return [f"  P{obs.to_move} is deciding"]
    head = f"Legal actions ({len(legal)}): type a number or a command (`help` explains)"
    lines = [head]
    for i, action in enumerate(legal):
        hint = action_hint(obs, action) if obs.decision is None and obs.phase == "play" else ""
        text = command_text(action)
        lines.append(f"{i:>3} {text:<26} {hint}".rstrip() if hint else f"{i:>3} {text}")
    return lines


def view(obs: Observation, name: str) -> list[str]:
    if name == "full":
        return full_lines(obs)
    if name == "compact":
        return compact_lines(obs)
    if name == "board":
        return board_lines(obs)
    if name == "hand":
        return [headline(obs), *hand_lines(obs)]
    if name == "players":
        return players_lines(obs)
    if name == "supply":
        return supply_lines(obs)
    if name == "decision":
        return decision_lines(obs) or ["  nothing is being asked in the middle of an effect"]
    if name == "actions":
        raise ValueError("the actions view needs the legal actions: ask the game (Game.text.view) for it")
    raise ValueError(f"no view {name!r}; views: {', '.join(VIEWS)}")


def card_lines(name: str, first_edition: bool = False) -> list[str]:
    """A card as `card NAME` shows it: age, colour, icons by position, featured icon, effects."""
    c = card_named(name)
    cid = card_id(name)
    positions = ("top-left", "bottom-left", "bottom-middle", "bottom-right")
    icons = ", ".join(f"{pos} {'hexagon' if i == 'hex' else i}" for pos, i in zip(positions, c.icons))
    lines = [f"{c.name}: age {c.age}, {c.color}; featured icon {c.featured}", f"  icons: {icons}"]
    kinds = c.effects_for(first_edition)
    for i, (text, e) in enumerate(zip(effect_texts(cid, first_edition), kinds)):
        kind = "demand" if e.kind == "demand" else "effect"
        lines.append(f"  {kind} {i + 1}: {text}")
        if e.ruling:
            lines.append(f"    ruling: {e.ruling}")
    if c.effects_1e is not None and not first_edition:
        lines.append("  (1st edition: " + " | ".join(e.text for e in c.effects_1e) + ")")
    return lines


_ = (COLOR_NAMES, SPLAY_NAMES)
