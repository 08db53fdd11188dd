"""Innovation (3rd edition, the base game), the second game: work in progress (issue 11).

So far: the card data (`data.py`, from cards.json: 105 cards, 158 effects in this project's
words, the five special achievements) and the board's icon counting (`board.py`). The game is
not registered yet: `load_game("innovation")` comes with the rules engine and all its effects.
"""
