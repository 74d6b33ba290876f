"""`/api/audit`: the audit log for admins, newest first (`infra.access.audit`)."""
from __future__ import annotations

import datetime as dt
from typing import Any

from fastapi import APIRouter, Query

from infra.access import audit
from infra.timeutil import naive_utc
from tracepatrol.api.cursor import Cursor


def build_router(secured: list) -> APIRouter:
    router = APIRouter(dependencies=secured, tags=["access"])

    @router.get("/api/audit")
    def entries(cur: Cursor, limit: int = Query(200, ge=1, le=10_000),
                since: dt.datetime | None = Query(None, description="entries at or after (ISO 8601)"),
                action: str | None = Query(None, description="e.g. task.created, key.revoked, data.exported")
                ) -> list[dict[str, Any]]:
        return audit.entries(cur, limit, naive_utc(since), action)

    return router
