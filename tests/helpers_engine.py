"""Scenario builders for rule tests: put a real game into the position a rule example describes.

They move cards and settlements between zones (never create or drop them), so a built
scenario still passes `check_invariants`.
"""

from __future__ import annotations

from altay_cli.engine.altay import GameConfig, GameState, new_game
from altay_cli.engine.altay.data import (
    ACH_INDEX,
    ACHIEVEMENTS,
    KIND_INDEX,
    RES_INDEX,
    SHOP_TITLES,
    TITLE_INDEX,
)


def game(
    players: int = 2,
    seed: int = 0,
    factions: tuple[str, ...] | None = None,
    trading: bool = False,
    max_rounds: int = 60,
) -> GameState:
    """A game after the recommended setup, at the start of the first player's first turn."""
    if factions is None:
        factions = ("Earthfolk", "Elvenfolk", "Firefolk", "Smallfolk")[:players]
    return new_game(
        GameConfig(
            players=players,
            seed=seed,
            factions=factions,
            setup="recommended",
            trading=trading,
            max_rounds=max_rounds,
        )
    )


def _pull(g: GameState, seat: int, kind: int) -> None:
    """Move one card of `kind` into seat's hand from its own zones, else from the display/box."""
    p = g.players[seat]
    for zone in (p.deck, p.discard):
        if kind in zone:
            zone.remove(kind)
            p.hand.append(kind)
            return
    for stack in g.shop:
        if kind in stack:
            stack.remove(kind)
            p.hand.append(kind)
            return
    if kind in g.box_kinds:
        g.box_kinds.remove(kind)
        p.hand.append(kind)
        return
    for other in g.players:
        for zone in (other.deck, other.discard, other.hand):
            if kind in zone:
                zone.remove(kind)
                p.hand.append(kind)
                return
    raise AssertionError(f"no {kind} card left anywhere")


def set_hand(g: GameState, seat: int, names: list[str]) -> None:
    """Make the seat's hand exactly these cards (kind names); the old hand goes under the deck."""
    p = g.players[seat]
    p.deck[:0] = p.hand
    p.hand = []
    for name in names:
        _pull(g, seat, KIND_INDEX[name])
    g._legal = None


def set_pool(g: GameState, seat: int, text: str) -> None:
    """Give the seat exactly this pool (e.g. 'FFW'), taking tokens from the reserve."""
    p = g.players[seat]
    for r in range(5):
        g.reserve[r] += p.pool[r]
        p.pool[r] = 0
    for ch in text:
        r = RES_INDEX[ch]
        assert g.reserve[r] > 0, f"reserve has no {ch}"
        g.reserve[r] -= 1
        p.pool[r] += 1
    g._legal = None


def put(g: GameState, seat: int, t: int, n: int = 1) -> None:
    """Put n of the seat's supply settlements on territory t (its conquest marker goes to the box)."""
    if g.marker[t] >= 0:
        g.box_markers.append(g.marker[t])
        g.box_markers.sort()
        g.marker[t] = -1
    p = g.players[seat]
    assert g.owner[t] in (-1, seat)
    for _ in range(n):
        p.supply -= 1
        g.put_settlement(seat, t)
    g._legal = None


def clear(g: GameState, t: int) -> None:
    """Return territory t's settlements to their owner's supply and its marker to the box."""
    o = g.owner[t]
    while g.count[t]:
        g.lose_settlement(o, t)
        g.players[o].supply += 1
    if g.marker[t] >= 0:
        g.box_markers.append(g.marker[t])
        g.box_markers.sort()
        g.marker[t] = -1
    g._legal = None


def set_marker(g: GameState, t: int, value: int, resource: str | None = None) -> int:
    """Put a conquest marker of this value (and resource) on t: from the box, or by swapping
    markers with another territory."""
    from altay_cli.engine.altay.data import CONQUEST_MARKERS

    want = (value, RES_INDEX[resource] if resource else -1)
    for m in g.box_markers:
        if CONQUEST_MARKERS[m] == want:
            g.box_markers.remove(m)
            if g.marker[t] >= 0:
                g.box_markers.append(g.marker[t])
            g.box_markers.sort()
            g.marker[t] = m
            g._legal = None
            return m
    for u in range(23):
        m = g.marker[u]
        if u != t and m >= 0 and CONQUEST_MARKERS[m] == want:
            g.marker[u], g.marker[t] = g.marker[t], m
            g._legal = None
            return m
    raise AssertionError(f"no marker {want} available")


def complete(g: GameState, seat: int, name: str) -> None:
    """Give the seat a completed achievement taken from the display or deck (no board effect)."""
    a = ACH_INDEX[name]
    level = ACHIEVEMENTS[a].level
    for stack in g.ach_display[level]:
        if stack[0] == a:
            stack[1] -= 1
            if stack[1] == 0:
                g.ach_display[level].remove(stack)
                g.refill_display(level)
            break
    else:
        if a in g.ach_deck[level]:
            g.ach_deck[level].remove(a)
        else:
            for other in g.players:
                if other.secret == a and not other.secret_revealed:
                    raise AssertionError(f"{name} is a secret wonder of another seat")
            raise AssertionError(f"{name} is not available")
    g.players[seat].done.append(a)
    g._legal = None


def display_has(g: GameState, name: str) -> bool:
    a = ACH_INDEX[name]
    return any(stack[0] == a for stack in g.ach_display[ACHIEVEMENTS[a].level])


def bring_to_display(g: GameState, *wanted: str) -> None:
    """Make these achievements visible in their displays (swapping with the deck)."""
    keep = {ACH_INDEX[n] for n in wanted}
    for name in wanted:
        a = ACH_INDEX[name]
        level = ACHIEVEMENTS[a].level
        if display_has(g, name):
            continue
        deck = g.ach_deck[level]
        for p in g.players:
            if p.secret == a:  # swap secrets with a deck card so the wonder can be shown
                p.secret = next(x for x in deck if x not in keep)
                deck.remove(p.secret)
                deck.append(a)
        assert a in deck, f"{name} not in the deck"
        deck.remove(a)
        display = g.ach_display[level]
        out = next(st for st in reversed(display) if st[0] not in keep)
        display.remove(out)
        deck.extend([out[0]] * out[1])
        display.append([a, 1])
    g._legal = None


def shop_top(g: GameState, title: str) -> int:
    return g.shop[SHOP_TITLES.index(TITLE_INDEX[title])][-1]


def names(actions: list) -> list[str]:
    return [repr(a) for a in actions]
