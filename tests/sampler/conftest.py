"""Fixtures: the handmade traces in a real DuckDB file, and an empty store."""
from __future__ import annotations

import duckdb
import pytest

from collector.store import TraceStore
from sampler.annotations import annotate
from tests.sampler.handmade import TRACES, insert_traces


@pytest.fixture(scope="module")
def handmade(tmp_path_factory) -> duckdb.DuckDBPyConnection:
    """The four traces above, t1 annotated flagged then reviewed, t2 flagged."""
    con = duckdb.connect(str(tmp_path_factory.mktemp("sampler") / "handmade.duckdb"))
    TraceStore(con)
    insert_traces(con, [dict(t) for t in TRACES])
    annotate(con, "t1", "flagged", author="ann")
    annotate(con, "t1", "reviewed", note="fine after all")
    annotate(con, "t2", "flagged", label="timeout")
    yield con
    con.close()


@pytest.fixture
def store(tmp_path) -> duckdb.DuckDBPyConnection:
    """An empty store in a fresh file."""
    con = duckdb.connect(str(tmp_path / "store.duckdb"))
    TraceStore(con)
    yield con
    con.close()
