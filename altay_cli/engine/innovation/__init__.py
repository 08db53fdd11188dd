"""Innovation (Carl Chudyk; the base game, 3rd edition as Board Game Arena plays it, with the
1st-edition texts of the nine changed cards as an option): the second game.

`game.py` is the seam (GAME); `machine.py` the turns, the Dogma action and the loop that runs
effects; `ops.py` the verbs that move cards; `routines.py` how effects are written;
`cards/` the 158 effects; `data.py`/`tables.py` the card data; `rulings.py` every named
ruling; `observation.py`, `events.py`, `hidden.py` what each seat may know.
"""

ENGINE_VERSION = "innovation-1"
