"""Playing by hand, for every game: a game session with undo/save/load (`session`), the seats
(people, in-process players, bot programs: `seats`), the `altay play` loop (`app.PlaySession`),
set up from typed options (`play.open_play`), and its answers as text or JSON (`printers`).
The notation a person types and the text views come from the game (`Game.text.parse`, `Game.text.view`)."""

from .session import LoadError, Session, Step

__all__ = ["LoadError", "Session", "Step"]
