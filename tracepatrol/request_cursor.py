"""The one database cursor a request reads through (DuckDB cursors are not shared between threads)."""
from __future__ import annotations

from typing import Annotated

import duckdb
from fastapi import Depends, Request


def request_cursor(request: Request):
    """A cursor of the server's one database, for this request only."""
    cur = request.app.state.db.cursor()
    try:
        yield cur
    finally:
        cur.close()


Cursor = Annotated[duckdb.DuckDBPyConnection, Depends(request_cursor)]
