"""The roles a key can have and who a request is (`Principal`).

Roles are ordered: each of viewer, editor and admin can do all the one before it can. `ingest`
is apart: it sends spans (OTLP) and nothing else. Sending spans is a write, so a viewer key
cannot; an editor or admin key can (the old single `api_key`, an admin key now, was what agents
sent).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

ROLES = ("ingest", "viewer", "editor", "admin")
DEFAULT_PROJECT = "default"
_RANK = {"viewer": 1, "editor": 2, "admin": 3}
SENDERS = ("ingest", "editor", "admin")  # the roles OTLP takes spans from
PROJECT_NAME = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,62}$")


def check_project(name: str) -> str:
    """A project name as keys, spans and tasks carry it; ValueError naming the grammar otherwise."""
    if not PROJECT_NAME.match(name or ""):
        raise ValueError(f"invalid project {name[:70]!r}: 1-63 lowercase letters, digits, '_', '.' or '-', "
                         "starting with a letter or digit")
    return name


def needs(rule: str) -> str:
    """What a refusal says a route needs."""
    return "an ingest, editor or admin key" if rule == "ingest" else f"the {rule} role or above"


@dataclass(frozen=True)
class Principal:
    """Who a request is: a key's name and role, and the one project it sees (None: every
    project, for admin keys, the configured `api_key` and a server without keys)."""

    name: str
    role: str
    project: str | None = None
    key_id: str | None = None  # None: not one of the stored keys

    def may(self, rule: str) -> bool:
        """Whether this role passes a route's rule (a role name, or "ingest" for OTLP)."""
        if rule == "ingest":
            return self.role in SENDERS
        return _RANK.get(self.role, 0) >= _RANK[rule]

    def sees(self, project: str) -> bool:
        return self.project is None or self.project == project

    @property
    def ingest_project(self) -> str:
        """The project spans sent with this key belong to."""
        return self.project or DEFAULT_PROJECT

    def describe(self) -> str:
        scope = "every project" if self.project is None else f"project {self.project}"
        return f"{self.name} ({self.role}, {scope})"


OPEN = Principal("anonymous", "admin")  # a server with no key configured: everything is open
