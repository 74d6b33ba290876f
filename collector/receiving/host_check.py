"""Which names this server answers to, against DNS rebinding: a web page whose name an attacker
re-points at 127.0.0.1 reaches the server as the same origin, so the browser lets it read the
answers; its requests still carry the attacker's name in `Host` and `Origin`.

A Host is allowed when it is an IP address (rebinding needs a name; like Vite's and webpack's
dev servers), `localhost` or a `*.localhost` name (browsers resolve those to loopback themselves),
the address the server binds, or an entry of `allowed_hosts` (`.example.com` also allows its
subdomains; `*` turns the check off). An `Origin` is this server's own when it names the same
host and port as `Host`, or a name of `allowed_hosts` (a proxy may rewrite `Host`).
"""
from __future__ import annotations

import ipaddress
import urllib.parse
from collections.abc import Iterable


def _hostname(netloc: str) -> str:
    """`Host`/`Origin` authority without port or brackets, lower case, no trailing dot."""
    netloc = netloc.strip().lower()
    if netloc.startswith("["):
        return netloc[1:].partition("]")[0]
    if netloc.count(":") == 1:
        netloc = netloc.partition(":")[0]
    return netloc.rstrip(".")


def _authority(netloc: str, scheme: str = "http") -> str:
    """host:port with the scheme's default port written out, for comparing two authorities."""
    netloc = netloc.strip().lower()
    default = "443" if scheme == "https" else "80"
    has_port = netloc.rpartition(":")[2].isdigit() and not netloc.endswith("]")
    return netloc if has_port else f"{netloc}:{default}"


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class HostPolicy:
    def __init__(self, bind_host: str, allowed_hosts: Iterable[str] = ()):
        allowed = [h.strip().lower().rstrip(".") for h in allowed_hosts]
        self.any = "*" in allowed
        self.names = {h for h in allowed if h and not h.startswith(".") and h != "*"}
        self.suffixes = tuple(h for h in allowed if h.startswith("."))
        if not _is_ip(bind_host):
            self.names.add(_hostname(bind_host))

    def _named(self, name: str) -> bool:
        return name in self.names or any(name == s[1:] or name.endswith(s) for s in self.suffixes)

    def host_ok(self, host: str | None) -> bool:
        """No Host at all (HTTP/1.0) is no browser's request, and is allowed."""
        if self.any or host is None:
            return True
        name = _hostname(host)
        return _is_ip(name) or name == "localhost" or name.endswith(".localhost") or self._named(name)

    def origin_ok(self, origin: str, host: str | None) -> bool:
        """`origin` (an `Origin` header) is this server's own page: a state-changing request from
        it may go on."""
        parts = urllib.parse.urlsplit(origin.strip())
        if parts.scheme not in ("http", "https") or not parts.netloc:
            return False  # `null` (sandboxed frames, file://) or garbage
        if host is not None and _authority(parts.netloc, parts.scheme) == _authority(host, parts.scheme):
            return True
        return self._named(_hostname(parts.netloc))

    def refusal(self, host: str | None) -> str:
        return (f"Host {host!r} is not a name this server answers to; add it to the allowed_hosts setting "
                "(or allowed_hosts: ['*'] to turn the check off)")
