"""The bot protocol every game shares: the envelope, codec and JSON Schema. PROTOCOL.md is the
guide; each game has its own guide for its payloads. It imports no game.

from protocol import Request, decode_bot_message, encode_line
"""

from .codec import BotDecoder, ProtocolError, decode_bot_message, decode_referee_message, encode_line
from .messages import (
    BOT_MESSAGES,
    PROTOCOL_VERSION,
    REFEREE_MESSAGES,
    ActionAnswer,
    BotMessage,
    Clock,
    ClockSettings,
    Error,
    Event,
    GameKindInfo,
    GameOver,
    GameResult,
    Hello,
    Ping,
    Pong,
    Quit,
    Ready,
    RefereeMessage,
    Request,
    bot_messages,
    referee_messages,
)

__all__ = [
    "BOT_MESSAGES",
    "PROTOCOL_VERSION",
    "REFEREE_MESSAGES",
    "ActionAnswer",
    "BotDecoder",
    "BotMessage",
    "Clock",
    "ClockSettings",
    "Error",
    "Event",
    "GameOver",
    "GameResult",
    "GameKindInfo",
    "Hello",
    "Ping",
    "Pong",
    "ProtocolError",
    "Quit",
    "Ready",
    "RefereeMessage",
    "Request",
    "bot_messages",
    "decode_bot_message",
    "decode_referee_message",
    "encode_line",
    "referee_messages",
]
