"""Who a client is, for the limits that count per client: its address, seen through the proxies
this server trusts, and grouped the way addresses are handed out.

An IPv6 client usually holds a whole /64, so IPv6 addresses count per /64; an IPv4-mapped IPv6
address is the IPv4 address it maps. `X-Forwarded-For` (HTTP header or gRPC metadata) names the
client only when the connection comes from a trusted proxy: from anyone else it is a choice the
client makes, and would let it pick a fresh address for every request.
"""
from __future__ import annotations

import ipaddress
import urllib.parse
from collections.abc import Iterable

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def client_key(address: str) -> str:
    """The unit a per-client limit counts: the IPv4 address, or the /64 of an IPv6 one."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address  # not an IP (a Unix socket, a test client): counted as it is
    if ip.version == 6 and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def asgi_client(scope: dict) -> str:
    """An ASGI request's client address (uvicorn puts X-Forwarded-For's there for trusted proxies)."""
    client = scope.get("client")
    return str(client[0]) if client else "?"


def grpc_peer_address(peer: str) -> str:
    """The address in a gRPC peer string (`ipv4:1.2.3.4:5678`, `ipv6:%5B::1%5D:5678`)."""
    kind, _, rest = peer.partition(":")
    if kind not in ("ipv4", "ipv6"):
        return peer
    host = urllib.parse.unquote(rest).rpartition(":")[0]
    return host.strip("[]")


class TrustedProxies:
    """The proxies whose `X-Forwarded-For` is believed (IP addresses or networks, e.g. 10.0.0.0/8)."""

    def __init__(self, entries: Iterable[str] = ()):
        self.networks: list[Network] = [ipaddress.ip_network(e, strict=False) for e in entries]

    def __contains__(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        if ip.version == 6 and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        return any(ip in net for net in self.networks)

    def client(self, peer: str, forwarded_for: str | None) -> str:
        """The client's address: the peer's, or when the peer is a trusted proxy, the rightmost
        `X-Forwarded-For` entry that is not itself a trusted proxy."""
        if not forwarded_for or peer not in self:
            return peer
        hops = [h.strip() for h in forwarded_for.split(",") if h.strip()]
        for hop in reversed(hops):
            if hop not in self:
                return hop
        return hops[0] if hops else peer
