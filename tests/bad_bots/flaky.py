"""First answer to each decision is illegal; after an `error` with retry it answers correctly."""

from _common import answer, messages, send

retrying = False
for message in messages():
    if message["type"] == "error":
        retrying = message["retry"]
    elif message["type"] == "request":
        if retrying:
            answer(message)
            retrying = False
        else:
            send({"type": "action", "id": message["id"], "index": -1})
