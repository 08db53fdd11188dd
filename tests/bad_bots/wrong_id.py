"""Answers with an id the referee never sent (the request's id + 1000)."""

from _common import requests, send

for request in requests():
    send({"type": "action", "id": request["id"] + 1000, "index": 0})
