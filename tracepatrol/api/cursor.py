"""The one database cursor a request reads through (DuckDB cursors are not shared between threads),
seeing only the project of the request's key (`tracepatrol.scope`).

The cursor is tracked by the task service's query gate, so a server that stops interrupts reads
still running instead of waiting on them when it closes the database.
"""
from __future__ import annotations

import contextlib
from typing import Annotated

import duckdb
from fastapi import Depends, Request

from tracepatrol.api.guard import principal_of
from tracepatrol.scope import scope_cursor


def request_cursor(request: Request):
    """A cursor of the server's one database, for this request only."""
    tasks = getattr(request.app.state, "tasks", None)
    cur = scope_cursor(request.app.state.db.cursor(), principal_of(request.scope))
    try:
        with tasks.runner.queries.tracked(cur) if tasks is not None else contextlib.nullcontext(cur):
            yield cur
    finally:
        cur.close()


@contextlib.contextmanager
def snapshot(cur: duckdb.DuckDBPyConnection):
    """Reads that must agree with each other (a task's runs and the run shown beside them) see one
    snapshot of the database: a DuckDB transaction, rolled back since it only reads."""
    cur.execute("BEGIN TRANSACTION")
    try:
        yield cur
    finally:
        cur.execute("ROLLBACK")


Cursor = Annotated[duckdb.DuckDBPyConnection, Depends(request_cursor)]
