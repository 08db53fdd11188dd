"""The protocol's JSON Schema, generated from the message types.

Regenerate protocol/schema.json after changing protocol/messages.py or observation.py:

    python -m protocol.schema            # rewrite protocol/schema.json
    python -m protocol.schema --check    # exit 1 if the committed file is out of date
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import msgspec

from .messages import PROTOCOL_VERSION, BotMessage, RefereeMessage

SCHEMA_PATH = Path(__file__).with_name("schema.json")


def build_schema() -> dict[str, Any]:
    """One JSON Schema document: a line is either a referee message or a bot message."""
    (referee, bot), components = msgspec.json.schema_components(
        (RefereeMessage, BotMessage), ref_template="#/$defs/{name}"
    )
    defs = dict(sorted(components.items()))
    defs["RefereeMessage"] = {"description": "A line the referee sends to a bot.", **referee}
    defs["BotMessage"] = {"description": "A line a bot sends to the referee.", **bot}
    document = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://altay.invalid/protocol/v{PROTOCOL_VERSION}/schema.json",
        "title": f"Altay bot protocol, version {PROTOCOL_VERSION}",
        "description": (
            "Generated from protocol/messages.py by `python -m protocol.schema`; do not edit. "
            "One JSON object per line, UTF-8; unknown fields are ignored."
        ),
        "anyOf": [{"$ref": "#/$defs/RefereeMessage"}, {"$ref": "#/$defs/BotMessage"}],
        "$defs": defs,
    }
    return json.loads(json.dumps(document))  # plain JSON values (msgspec gives tuples for defaults)


def schema_text() -> str:
    return json.dumps(build_schema(), indent=2, sort_keys=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    text = schema_text()
    if "--check" in args:
        current = SCHEMA_PATH.read_text(encoding="utf-8") if SCHEMA_PATH.exists() else ""
        if current != text:
            print(f"{SCHEMA_PATH} is out of date: run `python -m protocol.schema`", file=sys.stderr)
            return 1
        print(f"{SCHEMA_PATH} is up to date")
        return 0
    SCHEMA_PATH.write_text(text, encoding="utf-8")
    print(f"wrote {SCHEMA_PATH}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
