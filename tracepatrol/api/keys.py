"""`/api/keys`: API keys made, listed and revoked by admins (`tracepatrol keys` calls these);
`/api/session`: who the caller is. A key's secret is in the answer that creates it and nowhere
else, ever. Each change is in the audit log and in the server's key ring at once (the other
processes follow within seconds: `infra.access.ring`, `infra.access.feed`)."""
from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field

from infra.access import audit, keys
from infra.timeutil import parse_duration
from tracepatrol.api.cursor import Cursor
from tracepatrol.api.guard import Who


class KeyIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    role: Literal["ingest", "viewer", "editor", "admin"]
    project: str | None = Field(None, description="the key's project [default]; admin keys see every project")
    expires: str | None = Field(None, description="lifetime, e.g. 90d (a positive integer and s, m, h, d or w)")


def create_key(cur, who, body: KeyIn) -> dict[str, Any]:
    """Shared by the API and the admin page: the new key, its secret, and an audit entry."""
    try:
        expires = parse_duration(body.expires) if body.expires else None
        record, secret = keys.create(cur, body.name, body.role, body.project, expires, who.name)
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from None
    audit.record(cur, who, "key.created", record.name, record.project, f"role {record.role}, id {record.key_id}")
    return {**record.shown(), "secret": secret}


def revoke_key(cur, who, name: str) -> dict[str, Any]:
    try:
        record = keys.revoke(cur, name)
    except keys.KeyRequestError as exc:
        raise HTTPException(404, str(exc)) from None
    audit.record(cur, who, "key.revoked", record.name, record.project, f"id {record.key_id}")
    return record.shown()


def build_router(secured: list) -> APIRouter:
    router = APIRouter(dependencies=secured, tags=["access"])

    @router.get("/api/keys")
    def list_keys(cur: Cursor) -> list[dict[str, Any]]:
        """Every key, revoked and expired ones too; never a secret or its hash."""
        return [r.shown() for r in keys.records(cur)]

    @router.post("/api/keys", status_code=201)
    def new_key(request: Request, cur: Cursor, who: Who, body: KeyIn) -> dict[str, Any]:
        """The new key with its `secret`: shown this once, stored only as a hash."""
        created = create_key(cur, who, body)
        request.app.state.key_refresher.refresh()
        return created

    @router.delete("/api/keys/{name}")
    def revoke(request: Request, cur: Cursor, who: Who, name: str) -> dict[str, Any]:
        """Refused from now on by this server, within seconds by every other process."""
        revoked = revoke_key(cur, who, name)
        request.app.state.key_refresher.refresh()
        return revoked

    @router.get("/api/session")
    def session(who: Who) -> dict[str, Any]:
        """Who this key (or dashboard session) is: name, role and project (null: every project)."""
        return {"name": who.name, "role": who.role, "project": who.project}

    return router
