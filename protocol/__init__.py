"""The Altay bot protocol: message types, codec and JSON Schema. PROTOCOL.md is the guide.

from protocol import Request, decode_bot_message, encode_line
"""

from .codec import ProtocolError, decode_bot_message, decode_referee_message, encode_line
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
    GameOver,
    GameResult,
    GameSettings,
    Hello,
    Ping,
    Pong,
    Quit,
    Ready,
    RefereeMessage,
    Request,
)
from .observation import Observation

__all__ = [
    "BOT_MESSAGES",
    "PROTOCOL_VERSION",
    "REFEREE_MESSAGES",
    "ActionAnswer",
    "BotMessage",
    "Clock",
    "ClockSettings",
    "Error",
    "Event",
    "GameOver",
    "GameResult",
    "GameSettings",
    "Hello",
    "Observation",
    "Ping",
    "Pong",
    "ProtocolError",
    "Quit",
    "Ready",
    "RefereeMessage",
    "Request",
    "decode_bot_message",
    "decode_referee_message",
    "encode_line",
]
