"""A greedy heuristic for Altay: score every legal action, take the best one.

Standard library only, and it works on the protocol's JSON forms (an observation dict and the
list of legal action dicts), so the same code drives the `greedy_bot.py` subprocess and the
in-process "greedy" policy. It builds first, fights when it pays, and spends every resource.
"""

from __future__ import annotations

import random

# Value of acquiring one card of each type (higher = buy first).
BUY_VALUE = {
    "City": 12,
    "Town": 10,
    "Chariot": 8,
    "Worker": 8,
    "Cavalry": 6,
    "Farmer": 5,
    "Woodcutter": 5,
    "Miner": 5,
    "Stonecutter": 4,
    "Scholar": 4,
    "Merchant": 2,
}
COMBAT_CARDS = {"Warrior": 1, "Cavalry": 2, "Chariot": 3}
# Technologies in order of preference; wonders are valued by what they would score.
DEVELOP_VALUE = {
    "Masonry": 9,
    "Strategy": 6,
    "Writing": 5,
    "Engineering": 5,
    "Mathematics": 5,
    "Philosophy": 9,
    "Politics": 8,
    "Leadership": 7,
    "Commerce": 6,
    "Religion": 4,
}


def _territory_value(obs: dict, t: int) -> float:
    """How good a settlement on territory t is for the deciding seat."""
    board = obs["board"]
    cell = board[t]
    seat = obs["seat"]
    value = 0.0
    if cell["owner"] is None:
        value += 10 + 3 * cell["vp"]  # a new territory scores 1 VP (+ its VP marker)
    else:
        value += 2 - cell["settlements"]  # reinforce thin territories a little
    return value + 0.01 * (23 - t) + (0.5 if cell["owner"] == seat else 0)


def _combat_strength_needed(obs: dict, action: dict) -> int:
    return sum(COMBAT_CARDS.get(c, 0) for c in action.get("cards", ()))


def score_action(obs: dict, action: dict) -> float:
    kind = action["type"]
    me = obs["players"][obs["seat"]]
    if kind == "settle":
        return 1000 + _territory_value(obs, action["territory"])
    if kind == "start":
        return 100 - action["territory"]
    if kind == "faction":
        return {"Earthfolk": 4, "Firefolk": 3, "Smallfolk": 2, "Elvenfolk": 1}[action["faction"]]
    if kind == "play":
        card, effect = action["card"], action.get("effect", 0)
        if card in ("Village", "Town", "City"):
            return 900
        if card == "Settler" and effect == 1:
            return 950
        if (card in ("Merchant", "Lorekeeper", "Spellweaver") and effect == 1) or card == "Merchant":
            return 5
        if card in ("Farmer", "Woodcutter", "Miner", "Stonecutter") and effect == 1:
            return 850
        if card == "Scholar":
            return 840 if effect == 1 else 700
        if card == "Shaman" and effect == 1:
            return 600
        return 800
    if kind == "attack":
        target = obs["board"][action["to"]]
        icons = _combat_strength_needed(obs, action)
        if target["marker"] is not None:
            # capture with as few icons as possible
            return 750 + 5 * target["marker"]["value"] - 10 * icons
        mine = obs["board"][action["from"]]["settlements"]
        strength = mine + icons
        # only attack opponents with a clear margin over their territory's settlements
        margin = strength - target["settlements"] - 2
        return 300 + 10 * margin - 5 * icons if margin > 0 else -50
    if kind == "release":
        return 780
    if kind == "place":
        if action["on"] == "achievement":
            return 650
        if action["on"] in ("Village", "Town", "City"):
            return 700
        return 20  # store it rather than lose it at the end of the turn
    if kind == "develop":
        name = action["achievement"]
        if me["developing"] is not None:
            return -100
        if name == (obs["you"].get("secret_wonder")):
            return 640
        return 600 + DEVELOP_VALUE.get(name, 3)
    if kind == "buy":
        value = BUY_VALUE.get(action["card"], 1)
        return 400 + 10 * value - len(action["pay"])
    if kind in ("philosophy",):
        return 820
    if kind == "commerce":
        return -10
    if kind == "trade":
        return 500
    if kind == "fight":
        return _defence_score(obs, action, fight=True)
    if kind == "surrender":
        return _defence_score(obs, action, fight=False)
    if kind == "end":
        return 0 if action.get("archive") is None else 1
    return -1  # abandon, engineering, mathematics, religion: not used by this bot


def _defence_score(obs: dict, action: dict, fight: bool) -> float:
    combat = obs["combat"] or {}
    attack = combat.get("attack", 0)
    territory = obs["board"][combat.get("to", 0)]["settlements"] if combat else 0
    strategy = 1 if "Strategy" in obs["players"][obs["seat"]]["completed"] else 0
    if not fight:
        return 10 - len(action.get("discard", ()))
    defence = territory + strategy + sum(COMBAT_CARDS.get(c, 0) for c in action.get("cards", ()))
    if defence > attack:
        return 100 - len(action["cards"])  # win with as few cards as possible
    if defence == attack:
        return 50 - len(action["cards"])  # a tie: nothing happens
    return 0


def choose(obs: dict, actions: list[dict], rng: random.Random | None = None) -> int:
    """Index of the best-scored action (ties broken at random when `rng` is given)."""
    best = max(score_action(obs, a) for a in actions)
    top = [i for i, a in enumerate(actions) if score_action(obs, a) == best]
    return rng.choice(top) if rng is not None else top[0]
