"""Plain-text views of an observation (never of the full state): board, display, players, you.

Everything here reads only `state.observation(seat)`, so a person sees exactly what a bot in
that seat would see, or the spectator observation (no `seat`, no `you`), so a person watching
sees what every seat may know and nothing more. Lines stay under 100 columns and use no colour,
so they pipe cleanly.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from typing import Any

from .data import ACH_INDEX, ACHIEVEMENTS, ATK_OF, DEF_OF, TITLE_INDEX
from .notation import command_text, describe

Obs = dict[str, Any]
WIDTH = 100

PHASES = {
    "choose_faction": "choose a faction",
    "choose_start": "choose a start farmland",
    "main": "main phase",
    "settle": "place built settlements",
    "defend": "defend against an attack",
    "game_over": "game over",
}


def seat_label(seat: int | None, obs: Obs, viewer: int | None = None) -> str:
    if seat is None:
        return "nobody"
    faction = obs["players"][seat]["faction"]
    label = f"P{seat}" + (f" {faction}" if faction else "")
    return label + (" (you)" if seat == viewer else "")


def resources(text: str) -> str:
    """'FFWC' -> 'F2 W1 C1' (or '-' when empty)."""
    if not text:
        return "-"
    counts = Counter(text)
    return " ".join(f"{r}{counts[r]}" for r in "FWMSC" if counts[r])


def cards(names: list[str]) -> str:
    """['Hunter', 'Hunter', 'Warrior'] -> 'Hunter x2, Warrior'."""
    if not names:
        return "-"
    counts = Counter(names)
    return ", ".join(f"{n} x{c}" if c > 1 else n for n, c in sorted(counts.items()))


def headline(obs: Obs) -> str:
    viewer = obs.get("seat")
    parts = [f"Round {obs['round']} of {obs['max_rounds']}" if obs["round"] else "Setup"]
    if obs["to_move"] is not None:
        phase = PHASES.get(obs["phase"], obs["phase"])
        parts.append(f"{seat_label(obs['to_move'], obs, viewer)} to move: {phase}")
    else:
        parts.append("game over")
    if obs["end_triggered"]:
        parts.append("last round (end triggered)")
    return "== " + " | ".join(parts) + " =="


def _kind_vp(kind: str) -> int:
    """'City (2 VP)' -> 2; cards without VP -> 0."""
    if kind.endswith(" VP)") and "(" in kind:
        return int(kind.rsplit("(", 1)[1].split()[0])
    return 0


def public_scores(obs: Obs) -> list[int]:
    """Each seat's score so far from what everyone can see: technologies, territories (with VP
    markers), captured settlements and conquest markers. Wonders and action-card VP are counted
    at the end (they depend on cards the others cannot see)."""
    out = []
    for p in obs["players"]:
        tech = sum(1 for name in p["completed"] if ACHIEVEMENTS[ACH_INDEX[name]].level < 3)
        land = sum(1 + cell["vp"] for cell in obs["board"] if cell["owner"] == p["seat"])
        markers = sum(m["value"] for m in p["captured_markers"]) // 3
        out.append(tech + land + len(p["captured_settlements"]) + markers)
    return out


def score_line(obs: Obs) -> str:
    viewer = obs.get("seat")
    you = obs.get("you")
    scores = ", ".join(f"{seat_label(s, obs, viewer)} {v}" for s, v in enumerate(public_scores(obs)))
    if viewer is None or you is None:  # a spectator: no card of anyone's is known
        return (
            f"Score so far (technologies, territories, captures, markers): {scores} "
            "(wonders and cards count at the end)"
        )
    zones = you["hand"] + you["archive"] + you["discard"] + you["deck"]
    zones += [c["kind"] for c in obs["players"][viewer]["table"]]
    cards = sum(_kind_vp(k) for k in zones)
    return (
        f"Score so far (technologies, territories, captures, markers): {scores}; "
        f"your cards' VP {cards} (wonders and cards count at the end)"
    )


def _holder(cell: dict[str, Any], viewer: int | None) -> str:
    if cell["owner"] is None:
        return "-"
    mark = "*" if cell["owner"] == viewer else ""
    return f"P{cell['owner']}x{cell['settlements']}{mark}"


def _marker(marker: dict[str, Any] | None) -> str:
    if marker is None:
        return "-"
    return f"[{marker['value']}{marker['resource'] or ''}]"


def board_lines(obs: Obs) -> list[str]:
    from .data import ADJACENCY

    viewer = obs.get("seat")
    board = obs["board"]
    yours = ", * = yours" if viewer is not None else ""
    out = [
        f"Board (P1x2: seat 1 has 2 settlements there{yours}; [2M]: conquest marker of value 2, gives M)",
        "   # terrain   holder  marker  VP  next to",
    ]
    for cell in board:
        if not cell["in_play"]:
            continue
        nxt = " ".join(str(u) for u in ADJACENCY[cell["id"]] if board[u]["in_play"])
        vp = f"+{cell['vp']}" if cell["vp"] else ""
        out.append(
            f"  {cell['id']:>2} {cell['terrain']:<9} {_holder(cell, viewer):<7} "
            f"{_marker(cell['marker']):<7} {vp:<3} {nxt}"
        )
    return out


def display_lines(obs: Obs) -> list[str]:
    out = ["Action card display (cost: * = one W, M or S; top card is bought first):"]
    cells = []
    for d in obs["display"]:
        if d["count"]:
            vp = f" {d['vp']}VP" if d["vp"] else ""
            cells.append(f"{d['card']:<11} {d['cost']:<5}{vp:<4} x{d['count']}")
        else:
            cells.append(f"{d['card']:<11} (none left)")
    for i in range(0, len(cells), 3):
        out.append("  " + "   ".join(f"{c:<27}" for c in cells[i : i + 3]).rstrip())
    out.append("Achievements (name cost; level 1-2 technologies 1 VP, level 3 wonders):")
    for level in ("1", "2", "3"):
        shown = []
        for a in obs["achievements"][level]:
            cost = ACHIEVEMENTS[ACH_INDEX[a["name"]]].cost.text()
            shown.append(f"{a['name']} {cost}" + (f" x{a['count']}" if a["count"] > 1 else ""))
        deck = obs["achievement_decks"][level]
        out.append(f"  L{level}: " + (", ".join(shown) or "-") + f"   (deck {deck})")
    return out


def _developing(dev: dict[str, Any] | None) -> str:
    if dev is None:
        return "-"
    carry = ", carries a settlement" if dev["settlement"] else ""
    return f"{dev['name']} (needs {dev['cost']}, has {dev['placed'] or 'nothing'}{carry})"


def _table(table: list[dict[str, Any]]) -> str:
    """'Village (empty), Lorekeeper (W2 on it)': each table card and what was placed on it."""
    if not table:
        return "-"
    placed = (f"{resources(t['resources'])} on it" if t["resources"] else "empty" for t in table)
    return ", ".join(f"{t['kind']} ({what})" for t, what in zip(table, placed))


def _captures(p: dict[str, Any]) -> str:
    markers = [_marker(m) for m in p["captured_markers"]]
    text = f"{len(p['captured_settlements'])} settlements, {len(markers)} markers"
    if markers:
        text += " " + " ".join(markers)
    if p["consumed_markers"]:
        text += f" ({p['consumed_markers']} used by the Shaman)"
    return text


def player_lines(obs: Obs, seat: int) -> list[str]:
    p = obs["players"][seat]
    viewer = obs.get("seat")
    label = seat_label(seat, obs, viewer)
    if obs["first_player"] == seat:
        label += " [first]"
    line1 = (
        f"  {label}: hand {p['hand_size']}, deck {p['deck_size']}, discard {p['discard_size']}, "
        f"archive {p['archive_size']}; settlements {p['supply']} in supply, {p['on_board']} on board"
    )
    if p["removed_settlements"]:
        line1 += f", removed {p['removed_settlements']}"
    line2 = f"      pool {resources(p['pool'])}"
    if obs["trading"]:
        line2 += f", coins {p['coins']}"
    line2 += f"; table {_table(p['table'])}; captured {_captures(p)}"
    line3 = f"      completed {', '.join(p['completed']) or '-'}; developing {_developing(p['developing'])}"
    if p["secret_wonder"]:
        line3 += f"; secret wonder {p['secret_wonder']} (revealed)"
    return wrap([line1, line2, line3], "      ")


def others_lines(obs: Obs) -> list[str]:
    """One line per other player, for the compact view: what they hold and are building."""
    out = []
    for seat, p in enumerate(obs["players"]):
        if seat == obs.get("seat"):
            continue
        developing = p["developing"]["name"] if p["developing"] else "-"
        out.append(
            f"  {seat_label(seat, obs)}: hand {p['hand_size']}, {p['on_board']} on board, "
            f"{p['supply']} in supply; pool {resources(p['pool'])}; table {_table(p['table'])}; "
            f"completed {', '.join(p['completed']) or '-'}; developing {developing}"
        )
    return wrap(out, "      ")


def players_lines(obs: Obs) -> list[str]:
    out = ["Players:"]
    for seat in range(obs["num_players"]):
        out.extend(player_lines(obs, seat))
    return out


def you_lines(obs: Obs) -> list[str]:
    seat = obs.get("seat")
    if seat is None or "you" not in obs:
        return ["A spectator sees no hand and no hidden card (`players` shows what everyone sees)."]
    me = obs["players"][seat]
    you = obs["you"]
    secret = you["secret_wonder"]
    if secret:
        secret += f" {ACHIEVEMENTS[ACH_INDEX[secret]].cost.text()}"
        secret += " (started)" if me["secret_wonder"] else " (hidden from others)"
    out = [
        f"You are {seat_label(seat, obs)}:",
        f"  hand     {cards(you['hand'])}",
        f"  pool     {resources(me['pool'])}" + (f"   coins {me['coins']}" if obs["trading"] else ""),
        f"  table    {_table(me['table'])}",
        f"  developing {_developing(me['developing'])}; completed {', '.join(me['completed']) or '-'}",
        f"  secret wonder {secret or '-'}; archive {cards(you['archive'])}",
        f"  deck {me['deck_size']}, discard {me['discard_size']}; settlements in supply {me['supply']}",
    ]
    return wrap(out, "      ")


def wrap(lines: list[str], indent: str, width: int = WIDTH) -> list[str]:
    """Fold lines longer than `width` at spaces, continuing with `indent`."""
    out: list[str] = []
    for line in lines:
        out.extend([line] if len(line) <= width else textwrap.wrap(line, width, subsequent_indent=indent))
    return out


def turn_lines(obs: Obs) -> list[str]:
    """What has happened this turn and any combat in progress."""
    out = []
    t = obs["turn"]
    used = []
    if t["bought"]:
        used.append("bought " + ", ".join(t["bought"]))
    terrains = [f"{k} x{v}" for k, v in t["terrain_used"].items() if v]
    if terrains:
        used.append("used " + ", ".join(terrains))
    if t["attacked"]:
        used.append("attacked " + ", ".join(f"{a}->{b}" for a, b in t["attacked"]))
    if t["abilities_used"]:
        used.append("used " + ", ".join(t["abilities_used"]))
    if t["settlements_to_place"]:
        used.append(f"{t['settlements_to_place']} settlement(s) to place")
    if used:
        out.append("This turn: " + "; ".join(used))
    combat = obs["combat"]
    if combat:
        cards = f"{combat['cards']} card" + ("s" if combat["cards"] != 1 else "")
        out.append(
            f"Combat: {seat_label(combat['attacker'], obs)} attacks {combat['to']} from {combat['from']} "
            f"with strength {combat['attack']} ({cards}); "
            f"{seat_label(combat['defender'], obs, obs.get('seat'))} defends"
        )
    return out


def combat_text(last: dict[str, Any] | None, obs: Obs) -> str | None:
    """The outcome of the combat that just ended, from the observation's `last_combat`."""
    if not last:
        return None
    winner = last.get("winner")
    if last.get("defender") is None:
        return f"captured the conquest marker on {last['to']} (attack {last['attack']} > {last['defence']})"
    if last.get("surrendered"):
        how = "the defender surrendered"
    else:
        how = f"attack {last['attack']} vs defence {last['defence']}"
    if winner is None:
        result = "a tie: nothing happens"
    elif winner == last["attacker"]:
        result = f"{seat_label(winner, obs)} wins and captures a settlement on {last['to']}"
    else:
        result = f"{seat_label(winner, obs)} wins and captures a settlement on {last['from']}"
    return f"combat {last['from']}->{last['to']}: {how}; {result}"


def columns(entries: list[str], width: int = 100, gap: int = 3) -> list[str]:
    """Lay entries out in columns filled top to bottom (like `ls`), within `width`."""
    if not entries:
        return []
    for ncols in range(min(len(entries), 6), 0, -1):
        nrows = (len(entries) + ncols - 1) // ncols
        cols = [entries[c * nrows : (c + 1) * nrows] for c in range(ncols)]
        widths = [max(len(e) for e in col) for col in cols if col]
        if sum(widths) + gap * (len(widths) - 1) + 2 <= width or ncols == 1:
            break
    out = []
    for r in range(nrows):
        cells = [f"{col[r]:<{w}}" for col, w in zip(cols, widths) if r < len(col)]
        out.append("  " + (" " * gap).join(cells).rstrip())
    return out


def short_effect(action: dict[str, Any]) -> str:
    """A short gloss of what playing a card does, for the action list."""
    text = describe(action).split(": ", 1)[1]
    for long, short in (
        ("onto the table: ", ""),
        (", then build 1 settlement", " +1 settlement"),
        (", then build 2 settlements", " +2 settlements"),
        ("use a ", ""),
        ("produce ", ""),
    ):
        text = text.replace(long, short)
    return text


def _icons(cards: list[str], of: tuple[int, ...]) -> int:
    return sum(of[TITLE_INDEX[c]] for c in cards if c in TITLE_INDEX)


def strength_note(a: dict[str, Any], obs: Obs | None) -> str:
    """What an attack or a defence would be worth, from what the deciding seat can see:
    'atk 4 vs marker 2', 'atk 4 vs 2+' (the defender's settlements there, before its cards),
    'def 3 vs atk 4'."""
    if obs is None or obs.get("seat") is None or a["type"] not in ("attack", "fight"):
        return ""
    me = obs["players"][obs["seat"]]
    if a["type"] == "attack":
        board = obs["board"]
        strength = board[a["from"]]["settlements"] + _icons(a["cards"], ATK_OF)
        strength += 1 if "Leadership" in me["completed"] else 0
        target = board[a["to"]]
        if target["marker"] is not None and target["owner"] is None:
            return f"atk {strength} vs marker {target['marker']['value']}"
        return f"atk {strength} vs {target['settlements']}+"
    combat = obs.get("combat")
    if not combat:
        return ""
    defence = obs["board"][combat["to"]]["settlements"] + _icons(a["cards"], DEF_OF)
    defence += 1 if "Strategy" in me["completed"] else 0
    return f"def {defence} vs atk {combat['attack']}"


def actions_lines(legal: list[dict[str, Any]], width: int = 100, obs: Obs | None = None) -> list[str]:
    """The legal actions, numbered, as the commands that select them (with what cards do, and
    what an attack or a defence would be worth)."""
    entries = []
    for i, a in enumerate(legal):
        note = short_effect(a) if a["type"] == "play" else strength_note(a, obs)
        extra = f" ({note})" if note else ""
        entries.append(f"{i:>2} {command_text(a)}{extra}")
    if not entries:
        return []
    head = f"Legal actions ({len(legal)}): type a number or a command (`help` explains)"
    return [head, *columns(entries, width)]


def spectator_actions_lines(obs: Obs, seat: int | None = None) -> list[str]:
    """What a spectator, or a seat that does not decide now, is told of the legal actions:
    nothing but who decides (the list, and even its length, depends on the cards in that
    seat's hand)."""
    if obs["to_move"] is None:
        return []
    who = seat_label(obs["to_move"], obs)
    why = "(they name the cards in the hand)"
    if seat is None:
        return [f"{who} decides: a spectator does not see the legal actions {why}"]
    return [f"{who} decides: you see the legal actions when you decide {why}"]


def full_view(obs: Obs) -> list[str]:
    """Everything the seat (or a spectator) may know, for the start of a turn and `state`."""
    spectator = obs.get("seat") is None
    return [
        headline(obs),
        *wrap([score_line(obs)], ""),
        f"Reserve: {resources(obs['reserve'])}",
        *board_lines(obs),
        *display_lines(obs),
        *players_lines(obs),
        *([] if spectator else you_lines(obs)),
        *turn_lines(obs),
    ]
