"""Ports for servers started next to others: free when chosen, retried when taken meanwhile."""
from __future__ import annotations

import random
import socket

_PORTS = range(20000, 32000)  # below Linux's ephemeral range, so client sockets never take them meanwhile


class PortTaken(RuntimeError):
    """Another process bound one of the chosen ports between choosing and listening."""


def free_port() -> int:
    """A listenable port outside the ephemeral range; a start that finds it taken anyway retries."""
    while True:
        port = random.choice(_PORTS)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port


def free_ports(n: int) -> list[int]:
    """`n` different free ports: one server's listeners (two picks of `free_port` can meet, and a
    server given one port twice cannot start)."""
    ports: list[int] = []
    while len(ports) < n:
        port = free_port()
        if port not in ports:
            ports.append(port)
    return ports
