"""Answers requests with raw bytes of a kind given in argv[1] (from request argv[2] on, default 1):

utf8     valid JSON syntax with invalid UTF-8 inside a string
deep     an answer nested 100,000 levels deep
nul      NUL bytes inside and around the line
bigint   an id and an index far beyond 64 bits
bom      a byte-order mark before the JSON
garbage  random bytes (seeded), newlines included
"""

import json
import random
import sys

kind = sys.argv[1]
start = int(sys.argv[2]) if len(sys.argv) > 2 else 1
out = sys.stdout.buffer
rng = random.Random(7)


def bad(request_id: int) -> bytes:
    if kind == "utf8":
        return b'{"type":"action","id":%d,"index":0,"info":"\xff\xfe\xc0\x80"}' % request_id
    if kind == "deep":
        return (
            b'{"type":"action","id":%d,"index":0,"info":' % request_id
            + b"[" * 100_000
            + b"]" * 100_000
            + b"}"
        )
    if kind == "nul":
        return b'\x00{"type":"action",\x00"id":%d,"index":0}\x00' % request_id
    if kind == "bigint":
        return b'{"type":"action","id":%d%s,"index":1%s}' % (request_id, b"9" * 40, b"0" * 400)
    if kind == "bom":
        return b'\xef\xbb\xbf{"type":"action","id":%d,"index":0}' % request_id
    return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300)))


for raw in sys.stdin.buffer:
    message = json.loads(raw)
    if message["type"] == "hello":
        out.write(b'{"type":"ready","name":"raw"}\n')
    elif message["type"] == "ping":
        out.write(b'{"type":"pong","id":%d}\n' % message["id"])
    elif message["type"] == "request":
        if message["id"] >= start:
            out.write(bad(message["id"]) + b"\n")
        else:
            out.write(b'{"type":"action","id":%d,"index":0}\n' % message["id"])
    elif message["type"] == "quit":
        break
    out.flush()
