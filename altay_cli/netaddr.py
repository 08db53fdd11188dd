"""Whether an address is this machine's own: the web servers listen there unless told otherwise
(and refuse requests naming another host), and a Dask scheduler there needs no TLS."""

from __future__ import annotations

import ipaddress


def is_loopback(host: str) -> bool:
    """Whether `host` is this machine's loopback (localhost, 127.0.0.0/8, ::1)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
