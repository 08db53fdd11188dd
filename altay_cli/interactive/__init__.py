"""Playing by hand, for every game: a game session with undo/save/load, the seats (people,
in-process players, bot programs), and the `altay play` command loop. The notation a person
types and the text views come from the game (`Game.text.parse`, `Game.text.view`)."""

from .session import LoadError, Session, Step

__all__ = ["LoadError", "Session", "Step"]
