"""Innovation (Carl Chudyk; the base game, 3rd edition as Board Game Arena plays it, with the
1st-edition texts of the nine changed cards as an option): the second game.

>>> from altay_cli.engine.innovation.config import InnovationConfig
>>> from altay_cli.engine.innovation.machine import new_game
>>> g = new_game(InnovationConfig(players=2, seed=7))
>>> while not g.is_terminal:
...     seat = g.to_move  # who decides now: the player to move, or one asked during a dogma
...     actions = g.legal_actions()  # every choice is an action, mid-effect ones included
...     g.apply(actions[0])
...     obs = g.observation(seat)  # what that seat may know
>>> from altay_cli.engine import load_game
>>> outcome = load_game("innovation").outcome(g)
>>> print(outcome.end_reason, outcome.turns, outcome.winners)
draw_above_10 47 [0, 1]

The rooms (altay_cli/engine/README.md): `game.py` the rules contract (GAME), `facets.py` its
text, search, deals and check-bot facets; `config.py`; `machine.py` the turns, the Dogma action
and the effects, run by the engine's shared step machine (`..steps`); `ops.py` the verbs that
move cards; `routines.py` how effects are written; `cards/` the 158 effects; `data.py`/`tables.py`
the card data; `rulings.py` every named ruling; `observation.py` (its types, `observe.py` their
builders), `events.py` (`happenings.py` builds them), `hidden.py` what
each seat may know; `notation.py`, `views.py`, `explain.py`, `reference.py` the words;
`drawing.py` the viewer's picture; `invariants.py`; RULES.md: every rule and its tests.
"""

ENGINE_VERSION = "innovation-1"
