"""Playing by hand: text views of an observation, a forgiving command parser, a game session
with undo/save/load, and the `altay play` command loop that ties them together."""

from .describe import command_text, describe
from .parse import match_command
from .session import LoadError, Session, Step

__all__ = ["LoadError", "Session", "Step", "command_text", "describe", "match_command"]
