"""Mammothodus, the cooperative game: the players are clans of Ancients who, together, must
open the portal before the humans take the land.

>>> from altay_cli.engine.mammothodus.config import MammothodusConfig
>>> from altay_cli.engine.mammothodus.machine import new_game
>>> g = new_game(MammothodusConfig(players=2, seed=7))  # the bundled stand-in components
>>> while not g.is_terminal:
...     seat = g.to_move  # the clan that decides now
...     actions = g.legal_actions()
...     g.apply(actions[0])
...     obs = g.observation(seat)  # public board, that clan's own hand
>>> from altay_cli.engine import load_game
>>> outcome = load_game("mammothodus").outcome(g)  # one result for the whole team
>>> print(outcome.team, outcome.end_reason, outcome.turns)
lost population_exhausted 6

The rooms (altay_cli/engine/README.md): `game.py` the rules contract (GAME), `facets.py` its
facets; `config.py`; `data.json`/`data.py`/`validate.py`/`tables.py` the components, every
section tagged with the ruling of RULINGS.md it stands in for; `machine.py` the turn, run by the
engine's shared step machine (`..steps`), with `humans.py`, `ancients.py`, `generation.py`;
`ops.py` the verbs; `observation.py` (its types, `observe.py` their builders), `events.py`
(`happenings.py` builds them), `hidden.py` what each clan may know, `belief.py` a player's
belief (search bots' worlds); `notation.py`, `views.py`, `narration.py`, `explain.py`,
`reference.py` the words; `drawing.py` the viewer's picture; `invariants.py`. Every rule of the
rulebook, where the engine does it and the tests that pin it: RULES.md.
"""
