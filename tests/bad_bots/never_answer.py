"""Handshakes, then keeps reading requests and never answers one."""

from _common import requests

for _request in requests():
    pass
