"""Encoding and decoding protocol lines, with failures named by their protocol status."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import msgspec

from .messages import BotMessage, RefereeMessage, bot_messages

_encoder = msgspec.json.Encoder()
_referee_decoder: msgspec.json.Decoder[RefereeMessage] = msgspec.json.Decoder(RefereeMessage)


BOT_TYPES_HINT = "a bot sends one JSON object per line with type ready, action or pong"

#: The deepest nesting a bot's line may have (an answer is about 3 deep). Checked here, not left
#: to the decoder, whose limit is the interpreter's recursion limit: a line must be refused the
#: same way whatever else runs in the process.
MAX_NESTING = 32
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)
_BRACKET = re.compile(rb"[\[\]{}]")


def nesting_depth(line: bytes) -> int:
    """How deeply arrays and objects nest in a JSON line (brackets inside strings do not count)."""
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub(b"", line)):
        if match.group() in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


class ProtocolError(ValueError):
    """A line that cannot be accepted; `status` is bad_json or illegal_action."""

    def __init__(self, status: str, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


def encode_line(message: msgspec.Struct) -> bytes:
    """One message as a JSON line (newline included)."""
    return _encoder.encode(message) + b"\n"


def _preview(line: bytes, limit: int = 120) -> str:
    text = line[:limit].decode("utf-8", "replace")
    return text + ("..." if len(line) > limit else "")


class BotDecoder:
    """Decodes the lines a bot sends, with a game's action type put in (build it once per game
    or seat: decoding is on every decision's path)."""

    def __init__(self, action_type: Any = Any) -> None:
        self._decoder: msgspec.json.Decoder[BotMessage] = msgspec.json.Decoder(bot_messages(action_type))

    def decode(self, line: bytes) -> BotMessage:
        """Decode a line sent by a bot (without its newline).

        Raises ProtocolError: bad_json for text that is not JSON or not a bot message,
        illegal_action for an `action` message whose `action` object is not an action.
        """
        # counting is C speed; the exact depth is worked out only for a line with many brackets
        if line.count(b"[") + line.count(b"{") > MAX_NESTING and nesting_depth(line) > MAX_NESTING:
            raise ProtocolError(
                "bad_json", f"JSON nested more than {MAX_NESTING} levels deep: {_preview(line)!r}"
            )
        try:
            return self._decoder.decode(line)
        except UnicodeDecodeError:  # raised by msgspec for invalid UTF-8 inside a string
            raise ProtocolError(
                "bad_json", f"invalid UTF-8 in a JSON string: {_preview(line)!r}; send UTF-8 JSON"
            ) from None
        except RecursionError:  # nesting deeper than the decoder's stack allows
            raise ProtocolError("bad_json", f"JSON nested too deeply: {_preview(line)!r}") from None
        except msgspec.ValidationError as exc:
            text = str(exc)
            if "`$.action" in text:
                raise ProtocolError(
                    "illegal_action", f"the `action` object is not an action: {text}"
                ) from exc
            if "`$.type`" in text or "missing required field `type`" in text:
                raise ProtocolError("bad_json", f"{text} in {_preview(line)!r}: {BOT_TYPES_HINT}") from exc
            raise ProtocolError("bad_json", f"not a valid bot message: {text} in {_preview(line)!r}") from exc
        except msgspec.DecodeError as exc:
            hint = ""
            if not line.lstrip().startswith(b"{"):
                hint = " (stdout carries protocol messages only: print debug output to stderr)"
            raise ProtocolError("bad_json", f"not JSON ({exc}): {_preview(line)!r}{hint}") from exc
        except Exception as exc:  # anything else a hostile line provokes is still just a bad line
            raise ProtocolError(
                "bad_json", f"unreadable line ({exc.__class__.__name__}): {_preview(line)!r}"
            ) from exc


@cache
def _bot_decoder(action_type: Any) -> BotDecoder:
    return BotDecoder(action_type)


def decode_bot_message(line: bytes, action_type: Any = Any) -> BotMessage:
    """Decode a line sent by a bot; an `action` object is decoded as the game's `action_type`
    (left as JSON values with the default, Any). See BotDecoder.decode for the errors."""
    return _bot_decoder(action_type).decode(line)


def decode_referee_message(line: bytes | str) -> RefereeMessage:
    """Decode a line sent by the referee (for bots and tools written in Python); the game's
    payloads stay JSON values."""
    return _referee_decoder.decode(line)
