"""What the other seats learn of a seat's action: the action, with the cards it moves face down
redacted (the `event_for` of Altay's rules contract, and what its viewer prints)."""

from __future__ import annotations

from .actions import Action, EndTurn, Engineering, Mathematics, Surrender, action_to_builtins

HIDDEN = "hidden"


def public_action(action: Action) -> dict:
    """The action as other seats may see it: cards moved face down are redacted.

    Archived (Writing), trashed (Engineering), discarded (Mathematics) and surrendered cards
    go to zones only their owner sees, so only their number is public.
    """
    d = action_to_builtins(action)
    if isinstance(action, EndTurn) and action.archive is not None:
        d["archive"] = HIDDEN
    elif isinstance(action, (Engineering, Mathematics)):
        d["card"] = HIDDEN
    elif isinstance(action, Surrender):
        d["discard"] = [HIDDEN] * len(action.discard)
    return d
