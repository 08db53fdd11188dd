"""Text that came from a bot (names, stderr, info, details), made safe to print.

A bot controls these strings byte for byte. Printed raw, an escape sequence could move the
cursor, rewrite earlier lines of a result table, change the window title or (on some
terminals) inject input; printed through rich, `[bold]` or `[link=...]` would be read as markup.
Every place that prints bot-provided text passes it through `safe_text` (plain output) or
`safe_markup` (rich output). Newlines and tabs are kept where asked; every other control
character (C0, DEL, C1) and the bidirectional overrides that can make text read backwards are
shown as visible escapes such as `\\x1b`, so nothing is silently hidden either.
"""

from __future__ import annotations

import re

from rich.markup import escape as _rich_escape

# C0 controls except \t and \n, DEL, C1 controls, and Unicode bidi controls/overrides.
_UNSAFE_KEEP_NL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_UNSAFE_ALL = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def safe_text(text: str, limit: int | None = None, *, keep_newlines: bool = False) -> str:
    """`text` with control characters made visible, optionally cut to `limit` characters."""
    if limit is not None and len(text) > limit:
        text = text[:limit] + "..."
    pattern = _UNSAFE_KEEP_NL if keep_newlines else _UNSAFE_ALL
    return pattern.sub(_visible, text)


def safe_markup(text: str, limit: int | None = None, *, keep_newlines: bool = False) -> str:
    """`safe_text`, then escaped for rich so `[...]` is printed literally, not read as markup."""
    return _rich_escape(safe_text(text, limit, keep_newlines=keep_newlines))
